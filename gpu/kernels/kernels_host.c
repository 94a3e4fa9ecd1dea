/* kernels_host.c: the kernel library's kernels for the mock device (KRAIT_DEVICE=mock,
 * gpu/runtime/cuda_mock.h). Where a kernel family would generate CUDA C and compile it, on
 * the mock it makes a CudaMockFunction from the same description (for a fused graph: the
 * nodes, dtypes, operand layouts, path and vector width of its FusePlan) and caches it
 * under the same specialization key; the launch goes through kernels_launch and the
 * runtime as on a GPU, and the host code decodes the kernel's argument block (pointers,
 * sizes, constants, shapes and strides) word by word, as the generated kernel does.
 *
 * The semantics follow the generated code: values live in the generated register types
 * (float for float16/bfloat16/float32), every node converts its operands to its compute
 * dtype with C casts (kernels_fuse_compute_dtype, ksrc_convert), integer arithmetic wraps,
 * and the prelude's helpers (kr_floordiv, kr_mod, kr_pow, kr_shl, kr_max, ...) are
 * mirrored one for one. Reductions and matmul are plain loops over the same words
 * (accumulating in double / int64, so sums can differ from the GPU's in the last places). */
#include "../runtime/cuda_mock.h"
#include "kernels_internal.h"

#include <math.h>
#include <string.h>

/* ---- float16 / bfloat16 (round to nearest even, as cvt.rn) ---- */

static float kh_half_to_float(uint16_t h) {
    uint32_t sign = (uint32_t)(h >> 15) << 31, e = (h >> 10) & 31, man = h & 1023, bits;
    if (e == 31) {
        bits = sign | 0x7f800000u | (man << 13);
    } else if (e == 0) {
        float f = ldexpf((float)man, -24);
        return sign ? -f : f;
    } else {
        bits = sign | ((e + 112) << 23) | (man << 13);
    }
    float f;
    memcpy(&f, &bits, 4);
    return f;
}

static uint16_t kh_double_to_half(double d) {
    uint16_t sign = signbit(d) ? 0x8000 : 0;
    double a = fabs(d);
    if (a != a) return sign | 0x7e00;
    if (a >= 65520.0) return sign | 0x7c00;
    if (a < 6.103515625e-05) return sign | (uint16_t)lrint(a * 16777216.0);
    int e;
    double m = frexp(a, &e);
    long q = lrint(ldexp(m, 11));
    if (q == 2048) {
        q = 1024;
        e++;
    }
    int field = e - 1 + 15;
    if (field >= 31) return sign | 0x7c00;
    return sign | (uint16_t)((field << 10) | (int)(q - 1024));
}

static float kh_bf16_to_float(uint16_t h) {
    uint32_t b = (uint32_t)h << 16;
    float f;
    memcpy(&f, &b, 4);
    return f;
}

static uint16_t kh_float_to_bf16(float f) {
    uint32_t x;
    memcpy(&x, &f, 4);
    if ((x & 0x7fffffffu) > 0x7f800000u) return (uint16_t)((x >> 16) | 0x40);
    x += 0x7fffu + ((x >> 16) & 1);
    return (uint16_t)(x >> 16);
}

/* ---- register values ---- */

/* One value in its register type: f for the float kinds (a float's value for
 * float16/bfloat16/float32), i for bool (0/1) and the integers (wrapped to the type). */
typedef struct HVal {
    double f;
    int64_t i;
} HVal;

static bool kh_float(DType d) {
    return gpu_dtype_kind(d) == 'f';
}

static int64_t kh_wrap(DType d, int64_t x) {
    switch (d) {
    case DT_BOOL: return x != 0;
    case DT_INT8: return (int8_t)x;
    case DT_INT16: return (int16_t)x;
    case DT_INT32: return (int32_t)x;
    case DT_UINT8: return (uint8_t)x;
    case DT_UINT16: return (uint16_t)x;
    case DT_UINT32: return (uint32_t)x;
    default: return x;
    }
}

/* A register integer as its ordering key: uint64's bits with the sign bit flipped, so
 * that signed comparison of keys is the unsigned comparison of the values. */
static int64_t kh_key(DType d, int64_t x) {
    return d == DT_UINT64 ? x ^ INT64_MIN : x;
}

/* A float register's arithmetic result: float precision except for float64. */
static double kh_round(DType d, double x) {
    return d == DT_FLOAT64 ? x : (double)(float)x;
}

/* float -> integer as CUDA compiles the C cast: cvt.rzi (truncate, saturate, NaN gives 0)
 * to 32 or 64 bits, and for the 8- and 16-bit types the low bits of the 32-bit result (so
 * 250.0 as int8 is -6, as NumPy gives on x86). */
static int64_t kh_f2i(DType to, double x) {
    if (x != x) return 0;
    if (to == DT_INT64) {
        if (x <= -9223372036854775808.0) return INT64_MIN;
        if (x >= 9223372036854775807.0) return INT64_MAX;
        return (int64_t)x;
    }
    if (to == DT_UINT32) return x <= 0 ? 0 : x >= 4294967295.0 ? 4294967295 : (int64_t)x;
    if (to == DT_UINT64)
        return x <= 0 ? 0 : x >= 18446744073709551616.0 ? -1 : (int64_t)(uint64_t)x;
    int64_t v = x <= -2147483648.0 ? INT32_MIN : x >= 2147483647.0 ? INT32_MAX : (int64_t)x;
    return kh_wrap(to, v);
}

/* ksrc_convert: register value v of dtype from as dtype to. */
static HVal kh_conv(HVal v, DType from, DType to) {
    HVal r = {0, 0};
    if (kh_float(from)) {
        if (to == DT_BOOL)
            r.i = v.f != 0;
        else if (!kh_float(to))
            r.i = kh_f2i(to, v.f);
        else if (to == DT_FLOAT64)
            r.f = v.f;
        else if (to == DT_FLOAT32)
            r.f = (float)v.f;
        else if (to == DT_FLOAT16)
            r.f = from == DT_FLOAT16 ? v.f
                                     : kh_half_to_float(kh_double_to_half(
                                           from == DT_FLOAT64 ? v.f : (double)(float)v.f));
        else
            r.f = from == DT_BFLOAT16 ? v.f : kh_bf16_to_float(kh_float_to_bf16((float)v.f));
        return r;
    }
    if (!kh_float(to)) {
        r.i = kh_wrap(to, v.i);
    } else if (to == DT_FLOAT64) {
        r.f = from == DT_UINT64 ? (double)(uint64_t)v.i : (double)v.i;
    } else {
        float f = from == DT_UINT64 ? (float)(uint64_t)v.i : (float)v.i;
        r.f = to == DT_FLOAT16    ? kh_half_to_float(kh_double_to_half(f))
              : to == DT_BFLOAT16 ? kh_bf16_to_float(kh_float_to_bf16(f))
                                  : f;
    }
    return r;
}

static HVal kh_load(const void *base, int64_t index, DType d) {
    const char *p = (const char *)base + index * gpu_dtype_size(d);
    HVal v = {0, 0};
    switch (d) {
    case DT_BOOL: v.i = *(const uint8_t *)p != 0; break;
    case DT_INT8: v.i = *(const int8_t *)p; break;
    case DT_INT16: v.i = *(const int16_t *)p; break;
    case DT_INT32: v.i = *(const int32_t *)p; break;
    case DT_INT64: v.i = *(const int64_t *)p; break;
    case DT_UINT8: v.i = *(const uint8_t *)p; break;
    case DT_UINT16: v.i = *(const uint16_t *)p; break;
    case DT_UINT32: v.i = *(const uint32_t *)p; break;
    case DT_UINT64: v.i = *(const int64_t *)p; break;
    case DT_FLOAT16: v.f = kh_half_to_float(*(const uint16_t *)p); break;
    case DT_BFLOAT16: v.f = kh_bf16_to_float(*(const uint16_t *)p); break;
    case DT_FLOAT32: v.f = *(const float *)p; break;
    default: v.f = *(const double *)p; break;
    }
    return v;
}

/* ksrc_store_expr: a register value of dtype d into its storage. */
static void kh_store(void *base, int64_t index, DType d, HVal v) {
    char *p = (char *)base + index * gpu_dtype_size(d);
    switch (d) {
    case DT_BOOL: *(uint8_t *)p = v.i != 0; break;
    case DT_INT8: *(int8_t *)p = (int8_t)v.i; break;
    case DT_INT16: *(int16_t *)p = (int16_t)v.i; break;
    case DT_INT32: *(int32_t *)p = (int32_t)v.i; break;
    case DT_INT64: *(int64_t *)p = v.i; break;
    case DT_UINT8: *(uint8_t *)p = (uint8_t)v.i; break;
    case DT_UINT16: *(uint16_t *)p = (uint16_t)v.i; break;
    case DT_UINT32: *(uint32_t *)p = (uint32_t)v.i; break;
    case DT_UINT64: *(int64_t *)p = v.i; break;
    case DT_FLOAT16: *(uint16_t *)p = kh_double_to_half((double)(float)v.f); break;
    case DT_BFLOAT16: *(uint16_t *)p = kh_float_to_bf16((float)v.f); break;
    case DT_FLOAT32: *(float *)p = (float)v.f; break;
    default: *(double *)p = v.f; break;
    }
}

/* ---- the prelude's helpers ---- */

static bool kh_signed(DType d) {
    return d == DT_INT8 || d == DT_INT16 || d == DT_INT32 || d == DT_INT64;
}

static int64_t kh_floordiv_i(DType t, int64_t a, int64_t b) {
    if (b == 0) return 0;
    if (t == DT_UINT64) return (int64_t)((uint64_t)a / (uint64_t)b);
    if (kh_signed(t) && b == -1) return kh_wrap(t, (int64_t)(0ull - (uint64_t)a));
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
    return kh_wrap(t, q);
}

static int64_t kh_mod_i(DType t, int64_t a, int64_t b) {
    if (b == 0 || (kh_signed(t) && b == -1)) return 0;
    if (t == DT_UINT64) return (int64_t)((uint64_t)a % (uint64_t)b);
    int64_t r = a % b;
    if (r != 0 && ((r < 0) != (b < 0))) r += b;
    return kh_wrap(t, r);
}

/* kr_fdivmod in float or double precision (each operation rounded as the register's). */
static double kh_fdivmod(DType t, double a, double b, double *modp) {
    double mod = kh_round(t, fmod(a, b));
    if (b == 0) {
        *modp = mod;
        return kh_round(t, a / b);
    }
    double div = kh_round(t, kh_round(t, a - mod) / b);
    if (mod != 0) {
        if ((b < 0) != (mod < 0)) {
            mod = kh_round(t, mod + b);
            div = kh_round(t, div - 1);
        }
    } else {
        mod = copysign(0.0, b);
    }
    double fd;
    if (div != 0) {
        fd = floor(div);
        if (kh_round(t, div - fd) > 0.5) fd = kh_round(t, fd + 1);
    } else {
        fd = copysign(0.0, kh_round(t, a / b));
    }
    *modp = mod;
    return fd;
}

static int64_t kh_pow_i(DType t, int64_t a, int64_t b) {
    if (t == DT_BOOL) return a || !b;
    if (b < 0) {
        if (a == 1) return 1;
        if (kh_signed(t) && a == -1) return (b & 1) ? -1 : 1;
        return 0;
    }
    int64_t r = 1;
    while (b) {
        if (b & 1) r = kh_wrap(t, (int64_t)((uint64_t)r * (uint64_t)a));
        a = kh_wrap(t, (int64_t)((uint64_t)a * (uint64_t)a));
        b >>= 1;
    }
    return r;
}

static double kh_math1(int op, DType t, double x) {
    bool f = t != DT_FLOAT64; /* the float overloads */
    switch (op) {
    case FUSE_EXP: return f ? expf((float)x) : exp(x);
    case FUSE_EXPM1: return f ? expm1f((float)x) : expm1(x);
    case FUSE_LOG: return f ? logf((float)x) : log(x);
    case FUSE_LOG1P: return f ? log1pf((float)x) : log1p(x);
    case FUSE_LOG2: return f ? log2f((float)x) : log2(x);
    case FUSE_LOG10: return f ? log10f((float)x) : log10(x);
    case FUSE_SQRT: return f ? sqrtf((float)x) : sqrt(x);
    case FUSE_SIN: return f ? sinf((float)x) : sin(x);
    case FUSE_COS: return f ? cosf((float)x) : cos(x);
    case FUSE_TAN: return f ? tanf((float)x) : tan(x);
    case FUSE_SINH: return f ? sinhf((float)x) : sinh(x);
    case FUSE_COSH: return f ? coshf((float)x) : cosh(x);
    case FUSE_TANH: return f ? tanhf((float)x) : tanh(x);
    case FUSE_ARCSIN: return f ? asinf((float)x) : asin(x);
    case FUSE_ARCCOS: return f ? acosf((float)x) : acos(x);
    case FUSE_ARCTAN: return f ? atanf((float)x) : atan(x);
    case FUSE_ARCSINH: return f ? asinhf((float)x) : asinh(x);
    case FUSE_ARCCOSH: return f ? acoshf((float)x) : acosh(x);
    case FUSE_ARCTANH: return f ? atanhf((float)x) : atanh(x);
    case FUSE_FLOOR: return f ? floorf((float)x) : floor(x);
    case FUSE_CEIL: return f ? ceilf((float)x) : ceil(x);
    case FUSE_RINT: return f ? rintf((float)x) : rint(x);
    case FUSE_TRUNC: return f ? truncf((float)x) : trunc(x);
    default: return x;
    }
}

/* ---- fused elementwise graphs ---- */

typedef struct HostFuse {
    CudaMockFunction base;
    FuseNode nodes[FUSE_MAX_NODES];
    int nnodes, root, nin;
    DType in_dt[FUSE_MAX_INPUTS];
    DType out_dt;
    uint8_t layout[FUSE_MAX_INPUTS + 1];
    int path, vec, rank, const_base, fpe_base, shape_base;
} HostFuse;

/* The floating-point error bits of a checked node, as kernels_fpe.c's device helpers
 * decide them: a, b the operands in the compute type (a cast: the source value, a
 * float's or an integer's), r the node's value. */
static unsigned kh_fe_bin(double a, double b, double r) {
    return (isnan(r) && !isnan(a) && !isnan(b) ? GPU_FPE_INVALID : 0) |
           (isinf(r) && isfinite(a) && isfinite(b) ? GPU_FPE_OVER : 0);
}

static unsigned kh_fpe_bits(const FuseNode *nodes, const FuseNode *nd, HVal A, HVal B, HVal src,
                            HVal r) {
    DType ct = kernels_fuse_compute_dtype(nodes, nd);
    bool fl = kh_float(ct);
    double a = A.f, b = B.f;
    unsigned f = 0;
    switch (nd->op) {
    case FUSE_TRUEDIV:
    case FUSE_FLOORDIV:
    case FUSE_MOD:
        if (!fl) return B.i == 0 ? GPU_FPE_DIVIDE : 0;
        if (nd->op != FUSE_MOD && b == 0 && isfinite(a) && a != 0) return GPU_FPE_DIVIDE;
        f = kh_fe_bin(a, b, r.f);
        return nd->op == FUSE_FLOORDIV && (f & GPU_FPE_OVER) ? f | GPU_FPE_INVALID : f;
    case FUSE_POW:
        if (a == 0 && b < 0) return GPU_FPE_DIVIDE;
        return kh_fe_bin(a, b, r.f);
    case FUSE_SQUARE: return kh_fe_bin(a, a, r.f);
    case FUSE_ADD:
    case FUSE_SUB:
    case FUSE_MUL:
    case FUSE_HYPOT:
    case FUSE_ARCTAN2: return kh_fe_bin(a, b, r.f);
    case FUSE_CAST: {
        DType from = nodes[nd->a].dtype;
        double x = kh_float(from)                         ? src.f
                   : kh_signed(from) || from != DT_UINT64 ? (double)src.i
                                                          : (double)(uint64_t)src.i;
        if (kh_float(nd->dtype)) return isinf(r.f) && isfinite(x) ? GPU_FPE_OVER : 0;
        double lo, hi;
        gpu_fpe_cast_range(nd->dtype, &lo, &hi);
        return x > lo && x < hi ? 0 : GPU_FPE_INVALID;
    }
    default: {
        bool dz = ((nd->op == FUSE_LOG || nd->op == FUSE_LOG2 || nd->op == FUSE_LOG10 ||
                    nd->op == FUSE_RECIPROCAL) &&
                   a == 0) ||
                  (nd->op == FUSE_LOG1P && a == -1) ||
                  (nd->op == FUSE_ARCTANH && (a == 1 || a == -1));
        if (dz) return GPU_FPE_DIVIDE;
        return (isnan(r.f) && !isnan(a) ? GPU_FPE_INVALID : 0) |
               (isinf(r.f) && isfinite(a) ? GPU_FPE_OVER : 0);
    }
    }
}

/* One node, as fuse_gen_eval writes it; val holds the earlier nodes' values. */
static HVal kh_node_value(const HostFuse *k, int i, const HVal *val, const HVal *x,
                          const uint64_t *w, int *nconst, HVal *pa, HVal *pb) {
    const FuseNode *nd = &k->nodes[i];
    DType ct = kernels_fuse_compute_dtype(k->nodes, nd);
    DType produced = ct;
    HVal r = {0, 0}, A = {0, 0}, B = {0, 0}, C = {0, 0};
    int ar = gpu_fuse_arity(nd->op);
    if (nd->op != FUSE_INPUT && nd->op != FUSE_CONST && nd->op != FUSE_CAST &&
        nd->op != FUSE_WHERE && nd->op != FUSE_LOGICAL_NOT) {
        if (ar >= 1) A = kh_conv(val[nd->a], k->nodes[nd->a].dtype, ct);
        if (ar >= 2) B = kh_conv(val[nd->b], k->nodes[nd->b].dtype, ct);
        if (ar >= 3) C = kh_conv(val[nd->c], k->nodes[nd->c].dtype, ct);
    }
    if (nd->op == FUSE_SQUARE) A = kh_conv(val[nd->a], k->nodes[nd->a].dtype, ct);
    *pa = A;
    *pb = B;
    bool fl = kh_float(ct);
    int bits = gpu_dtype_size(ct) * 8;
    switch (nd->op) {
    case FUSE_INPUT:
        r = x[nd->input];
        produced = k->in_dt[nd->input];
        break;
    case FUSE_CONST: {
        uint64_t word = w[k->const_base + (*nconst)++];
        if (kh_float(nd->dtype)) {
            memcpy(&r.f, &word, 8);
            produced = DT_FLOAT64;
        } else {
            r.i = (int64_t)word;
            produced = DT_INT64;
        }
        break;
    }
    case FUSE_CAST:
        r = kh_conv(val[nd->a], k->nodes[nd->a].dtype, nd->dtype);
        produced = nd->dtype;
        break;
    case FUSE_WHERE: {
        bool cond = kh_conv(val[nd->a], k->nodes[nd->a].dtype, DT_BOOL).i;
        r = cond ? kh_conv(val[nd->b], k->nodes[nd->b].dtype, ct)
                 : kh_conv(val[nd->c], k->nodes[nd->c].dtype, ct);
        break;
    }
    case FUSE_LOGICAL_NOT:
        r.i = !kh_conv(val[nd->a], k->nodes[nd->a].dtype, DT_BOOL).i;
        produced = DT_BOOL;
        break;
    case FUSE_ADD:
    case FUSE_SUB:
    case FUSE_MUL:
    case FUSE_SQUARE: {
        if (nd->op == FUSE_SQUARE) B = A;
        if (fl) {
            r.f = kh_round(ct, nd->op == FUSE_ADD   ? A.f + B.f
                               : nd->op == FUSE_SUB ? A.f - B.f
                                                    : A.f * B.f);
        } else if (ct == DT_BOOL && nd->op == FUSE_ADD) {
            r.i = A.i || B.i;
        } else if (ct == DT_BOOL && nd->op == FUSE_MUL) {
            r.i = A.i && B.i;
        } else {
            uint64_t a = (uint64_t)A.i, b = (uint64_t)B.i;
            r.i = kh_wrap(ct, (int64_t)(nd->op == FUSE_ADD   ? a + b
                                        : nd->op == FUSE_SUB ? a - b
                                                             : a * b));
        }
        break;
    }
    case FUSE_TRUEDIV:
        if (fl)
            r.f = kh_round(ct, A.f / B.f);
        else
            r.i = B.i ? kh_wrap(ct, A.i / B.i) : 0;
        break;
    case FUSE_FLOORDIV:
    case FUSE_MOD:
        if (fl) {
            double m, q = kh_fdivmod(ct, A.f, B.f, &m);
            r.f = nd->op == FUSE_FLOORDIV ? q : m;
        } else {
            r.i = nd->op == FUSE_FLOORDIV ? kh_floordiv_i(ct, A.i, B.i) : kh_mod_i(ct, A.i, B.i);
        }
        break;
    case FUSE_POW:
        if (fl)
            r.f = ct == DT_FLOAT64 ? pow(A.f, B.f) : powf((float)A.f, (float)B.f);
        else
            r.i = kh_pow_i(ct, A.i, B.i);
        break;
    case FUSE_NEG:
        if (fl)
            r.f = -A.f;
        else
            r.i = kh_wrap(ct, (int64_t)(0ull - (uint64_t)A.i));
        break;
    case FUSE_ABS:
        if (fl)
            r.f = fabs(A.f);
        else
            r.i = (kh_signed(ct) && A.i < 0) ? kh_wrap(ct, (int64_t)(0ull - (uint64_t)A.i)) : A.i;
        break;
    case FUSE_EQ:
    case FUSE_NE:
    case FUSE_LT:
    case FUSE_LE:
    case FUSE_GT:
    case FUSE_GE: {
        int c = fl ? (A.f < B.f    ? -1
                      : A.f > B.f  ? 1
                      : A.f == B.f ? 0
                                   : 2)
                   : (kh_key(ct, A.i) < kh_key(ct, B.i)   ? -1
                      : kh_key(ct, A.i) > kh_key(ct, B.i) ? 1
                                                          : 0);
        /* c == 2: unordered (a NaN): only != holds */
        r.i = nd->op == FUSE_EQ   ? c == 0
              : nd->op == FUSE_NE ? c != 0
              : nd->op == FUSE_LT ? c == -1
              : nd->op == FUSE_LE ? (c == -1 || c == 0)
              : nd->op == FUSE_GT ? c == 1
                                  : (c == 1 || c == 0);
        produced = DT_BOOL;
        break;
    }
    case FUSE_LOGICAL_AND: r.i = A.i && B.i; break;
    case FUSE_LOGICAL_OR: r.i = A.i || B.i; break;
    case FUSE_LOGICAL_XOR: r.i = (A.i != 0) != (B.i != 0); break;
    case FUSE_BIT_AND: r.i = kh_wrap(ct, A.i & B.i); break;
    case FUSE_BIT_OR: r.i = kh_wrap(ct, A.i | B.i); break;
    case FUSE_BIT_XOR: r.i = kh_wrap(ct, A.i ^ B.i); break;
    case FUSE_INVERT: r.i = ct == DT_BOOL ? !A.i : kh_wrap(ct, ~A.i); break;
    case FUSE_LSHIFT:
        r.i = (uint64_t)B.i < (uint64_t)bits ? kh_wrap(ct, (int64_t)((uint64_t)A.i << B.i)) : 0;
        break;
    case FUSE_RSHIFT:
        r.i = (uint64_t)B.i < (uint64_t)bits
                  ? kh_wrap(ct, ct == DT_UINT64 ? (int64_t)((uint64_t)A.i >> B.i) : A.i >> B.i)
                  : (kh_signed(ct) && A.i < 0 ? -1 : 0);
        break;
    case FUSE_MAXIMUM:
    case FUSE_MINIMUM:
    case FUSE_CLIP: {
        /* kr_max(a, b) = (a >= b || isnan(a)) ? a : b; kr_min likewise with <= */
        HVal lo = B, v = A;
        bool keep = fl ? (nd->op == FUSE_MINIMUM ? v.f <= lo.f : v.f >= lo.f) || v.f != v.f
                       : (nd->op == FUSE_MINIMUM ? kh_key(ct, v.i) <= kh_key(ct, lo.i)
                                                 : kh_key(ct, v.i) >= kh_key(ct, lo.i));
        r = keep ? v : lo;
        if (nd->op == FUSE_CLIP) {
            bool keep2 = fl ? (r.f <= C.f || r.f != r.f) : kh_key(ct, r.i) <= kh_key(ct, C.i);
            r = keep2 ? r : C;
        }
        break;
    }
    case FUSE_RECIPROCAL:
        if (fl)
            r.f = kh_round(ct, 1.0 / A.f);
        else
            r.i = A.i == 0 ? 0 : ct == DT_UINT64 ? A.i == 1 : kh_wrap(ct, 1 / A.i);
        break;
    case FUSE_SIGN:
        if (fl)
            r.f = A.f > 0 ? 1.0 : A.f < 0 ? -1.0 : A.f == 0 ? 0.0 : A.f;
        else
            r.i = A.i == 0 ? 0 : A.i > 0 || !kh_signed(ct) ? 1 : -1;
        break;
    case FUSE_FLOOR:
    case FUSE_CEIL:
    case FUSE_RINT:
    case FUSE_TRUNC:
        if (fl)
            r.f = kh_math1(nd->op, ct, A.f);
        else
            r = A;
        break;
    case FUSE_ISNAN:
    case FUSE_ISINF:
    case FUSE_ISFINITE:
        r.i = !fl                    ? nd->op == FUSE_ISFINITE
              : nd->op == FUSE_ISNAN ? A.f != A.f
              : nd->op == FUSE_ISINF ? isinf(A.f) != 0
                                     : isfinite(A.f) != 0;
        produced = DT_BOOL;
        break;
    case FUSE_ARCTAN2:
        r.f = ct == DT_FLOAT64 ? atan2(A.f, B.f) : atan2f((float)A.f, (float)B.f);
        break;
    case FUSE_HYPOT:
        r.f = ct == DT_FLOAT64 ? hypot(A.f, B.f) : hypotf((float)A.f, (float)B.f);
        break;
    default: /* the one-operand math functions (the caller casts integers to a float) */
        r.f = kh_math1(nd->op, fl ? ct : DT_FLOAT64, fl ? A.f : (double)A.i);
        if (!fl) produced = DT_FLOAT64;
        break;
    }
    if ((nd->dtype == DT_FLOAT16 || nd->dtype == DT_BFLOAT16) && produced == nd->dtype &&
        nd->op != FUSE_INPUT) /* fuse_rounds_16bit */
        return kh_conv(r, DT_FLOAT32, nd->dtype);
    return kh_conv(r, produced, nd->dtype);
}

/* A node's value, and with fpe its floating-point error bits ORed into *fe. */
static HVal kh_node(const HostFuse *k, int i, const HVal *val, const HVal *x, const uint64_t *w,
                    int *nconst, unsigned *fe) {
    HVal A, B, r = kh_node_value(k, i, val, x, w, nconst, &A, &B);
    const FuseNode *nd = &k->nodes[i];
    unsigned mask = fe ? kernels_fpe_mask(k->nodes, nd) : 0;
    if (mask) *fe |= mask & kh_fpe_bits(k->nodes, nd, A, B, nd->a >= 0 ? val[nd->a] : A, r);
    return r;
}

/* Element i's value in out's dtype: loads at the operands' offsets (off[k] for operand k,
 * 0 being out); fe[n] collects node n's floating-point error bits (fe NULL: none). */
static HVal kh_fuse_value(const HostFuse *k, const uint64_t *w, int64_t i, const int64_t *off,
                          unsigned *fe) {
    HVal x[FUSE_MAX_INPUTS], val[FUSE_MAX_NODES];
    for (int j = 0; j < k->nin; j++) {
        const void *base = (const void *)(uintptr_t)w[j];
        int64_t at = k->layout[j + 1] == FUSE_LAYOUT_CONTIG   ? i
                     : k->layout[j + 1] == FUSE_LAYOUT_SCALAR ? 0
                                                              : off[j + 1];
        x[j] = kh_load(base, at, k->in_dt[j]);
    }
    int nconst = 0;
    for (int n = 0; n < k->nnodes; n++)
        val[n] = kh_node(k, n, val, x, w, &nconst, fe ? &fe[n] : NULL);
    return kh_conv(val[k->root], k->nodes[k->root].dtype, k->out_dt);
}

/* The strided operands' offsets of C-order element i. */
static void kh_fuse_offsets(const HostFuse *k, const uint64_t *w, int64_t i, int64_t *off) {
    int stride_base[FUSE_MAX_INPUTS + 1], nstr = 0;
    for (int j = 0; j <= k->nin; j++) {
        off[j] = 0;
        if (k->layout[j] == FUSE_LAYOUT_STRIDED)
            stride_base[j] = k->shape_base + k->rank * (1 + nstr++);
    }
    if (nstr == 0) return; /* the vector path packs no shape */
    int64_t rem = i;
    for (int d = k->rank - 1; d >= 0; d--) {
        int64_t sz = (int64_t)w[k->shape_base + d], c = rem % sz;
        rem /= sz;
        for (int j = 0; j <= k->nin; j++)
            if (k->layout[j] == FUSE_LAYOUT_STRIDED) off[j] += c * (int64_t)w[stride_base[j] + d];
    }
}

static void kh_fuse_element(const HostFuse *k, const uint64_t *w, int64_t i, const int64_t *off,
                            unsigned *fe) {
    HVal v = kh_fuse_value(k, w, i, off, fe);
    void *out = (void *)(uintptr_t)w[k->nin];
    kh_store(out, k->layout[0] == FUSE_LAYOUT_STRIDED ? off[0] : i, k->out_dt, v);
}

static void kh_fuse_elements(const HostFuse *k, const uint64_t *w, int64_t n, int64_t *off,
                             unsigned *fe) {
    if (k->path == FUSE_PATH_VECTOR) {
        int V = k->vec;
        /* the generated kernel's two loops: whole vectors (only when V > 1), then a tail */
        int64_t nv = kernels_fuse_vectors(V, n);
        if (V > 1)
            for (int64_t v = 0; v < nv; v++)
                for (int j = 0; j < V; j++)
                    kh_fuse_element(k, w, v * V + j, off, fe);
        for (int64_t i = nv * V; i < n; i++)
            kh_fuse_element(k, w, i, off, fe);
        return;
    }
    for (int64_t i = 0; i < n; i++) {
        kh_fuse_offsets(k, w, i, off);
        kh_fuse_element(k, w, i, off, fe);
    }
}

static CUresult kh_fuse_run(const CudaMockFunction *f, const unsigned grid[3],
                            const unsigned block[3], void **params) {
    (void)grid, (void)block;
    const HostFuse *k = (const HostFuse *)(const void *)f;
    const uint64_t *w = params[0];
    int64_t n = (int64_t)w[k->nin + 1];
    int64_t off[FUSE_MAX_INPUTS + 1] = {0};
    unsigned fe[FUSE_MAX_NODES] = {0};
    kh_fuse_elements(k, w, n, off, fe);
    /* the kernel's end: one OR into each checked node's flag word (device memory is host
     * memory on the mock) */
    int c = 0;
    for (int i = 0; i < k->nnodes; i++) {
        if (!kernels_fpe_mask(k->nodes, &k->nodes[i])) continue;
        unsigned *word = (unsigned *)(uintptr_t)w[k->fpe_base + c++];
        if (fe[i]) *word |= fe[i];
    }
    return 0;
}

static void *kh_new(GpuState *G, size_t size,
                    CUresult (*run)(const CudaMockFunction *, const unsigned *, const unsigned *,
                                    void **)) {
    CudaMockFunction *f = gpu_host_alloc(G, size);
    if (!f) return NULL;
    memset(f, 0, size);
    f->run = run;
    f->size = size;
    f->next = G->mock_functions;
    G->mock_functions = f;
    return f;
}

void *kernels_host_new(GpuState *G, size_t size,
                       CUresult (*run)(const CudaMockFunction *, const unsigned *, const unsigned *,
                                       void **)) {
    return kh_new(G, size, run);
}

int kernels_host_fuse(GpuState *G, const FuseNode *nodes, int nnodes, int root,
                      const GpuTensor *inputs, int nin, DType out_dt, const FusePlan *p,
                      int const_base, int fpe_base, int shape_base, CUfunction *out) {
    HostFuse *k = kh_new(G, sizeof *k, kh_fuse_run);
    if (!k) return -1;
    memcpy(k->nodes, nodes, sizeof(FuseNode) * (size_t)nnodes);
    k->nnodes = nnodes;
    k->root = root;
    k->nin = nin;
    for (int j = 0; j < nin; j++)
        k->in_dt[j] = inputs[j].dtype;
    k->out_dt = out_dt;
    memcpy(k->layout, p->layout, sizeof k->layout);
    k->path = p->path;
    k->vec = p->vec;
    k->rank = p->rank;
    k->const_base = const_base;
    k->fpe_base = fpe_base;
    k->shape_base = shape_base;
    *out = (CUfunction)(void *)k;
    return 0;
}

/* The mock's kr_fuse_interp (kernels_interp.c): the argument block decoded into a graph
 * description, then the same evaluation as a fused kernel's (the fused kernel's own words
 * follow the interpreter's header and nodes). */
static CUresult kh_interp_run(const CudaMockFunction *f, const unsigned grid[3],
                              const unsigned block[3], void **params) {
    const uint64_t *iw = params[0];
    KernelsInterpDesc d;
    if (kernels_interp_decode(iw, &d) < 0) return CUDA_ERROR_INVALID_VALUE;
    (void)f;
    HostFuse k;
    memset(&k, 0, sizeof k);
    memcpy(k.nodes, d.nodes, sizeof(FuseNode) * (size_t)d.nnodes);
    k.nnodes = d.nnodes;
    k.root = d.root;
    k.nin = d.nin;
    memcpy(k.in_dt, d.in_dt, sizeof(DType) * (size_t)d.nin);
    k.out_dt = d.out_dt;
    memcpy(k.layout, d.layout, sizeof k.layout);
    k.path = d.rank == 0 ? FUSE_PATH_VECTOR : FUSE_PATH_STRIDED64;
    k.vec = 1;
    k.rank = d.rank;
    k.const_base = d.const_base;
    k.fpe_base = d.fpe_base;
    k.shape_base = d.shape_base;
    void *sub[2] = {(void *)(iw + d.base), params[1]};
    return kh_fuse_run(&k.base, grid, block, sub);
}

int kernels_host_interp(GpuState *G, CUfunction *out) {
    CudaMockFunction *k = kh_new(G, sizeof *k, kh_interp_run);
    if (!k) return -1;
    *out = (CUfunction)(void *)k;
    return 0;
}

/* ---- arange: w = {out, n, start, step, out stride} ---- */

typedef struct HostTyped {
    CudaMockFunction base;
    int op;
    DType in, out;
} HostTyped;

static CUresult kh_arange_run(const CudaMockFunction *f, const unsigned grid[3],
                              const unsigned block[3], void **params) {
    (void)grid, (void)block;
    const HostTyped *k = (const HostTyped *)(const void *)f;
    const uint64_t *w = params[0];
    void *out = (void *)(uintptr_t)w[0];
    int64_t n = (int64_t)w[1], st = (int64_t)w[4];
    for (int64_t i = 0; i < n; i++) {
        HVal v = {0, 0};
        if (kh_float(k->out)) {
            double start, step;
            memcpy(&start, &w[2], 8);
            memcpy(&step, &w[3], 8);
            v.f = start + (double)i * step;
            if (k->out != DT_FLOAT64) v = kh_conv(v, DT_FLOAT64, k->out);
        } else {
            v.i = kh_wrap(k->out, (int64_t)(w[2] + (uint64_t)i * w[3]));
        }
        kh_store(out, i * st, k->out, v);
    }
    return 0;
}

int kernels_host_arange(GpuState *G, DType dt, CUfunction *out) {
    HostTyped *k = kh_new(G, sizeof *k, kh_arange_run);
    if (!k) return -1;
    k->out = dt;
    *out = (CUfunction)(void *)k;
    return 0;
}

/* ---- reductions: the four kernels of kernels_reduce.c over their argument words,
 * w = {src, partial values, partial indexes, n, nblocks, out} (pass 1 and final) or
 * {src, outer, R, inner, 0, out} (rows: inner 1; cols) ---- */

typedef struct HostReduce {
    CudaMockFunction base;
    int op, which;      /* which: 0 pass1, 1 final, 2 rows, 3 cols */
    DType in, out, acc; /* acc: the accumulator type A (kernels_reduce_acc) */
    const HostFuse *fz; /* a fused reduction's graph (its words after the reduction's 8) */
    bool check;         /* KR_RCHECK: the reduction's own errors into the word at w[6] */
} HostReduce;

#define KH_NOIDX INT64_MAX

/* kr_id(): the identity in A. */
static HVal kh_red_id(const HostReduce *k) {
    HVal v = {0, 0};
    bool fl = kh_float(k->acc);
    switch (k->op) {
    case GPU_REDUCE_PROD:
    case GPU_REDUCE_ALL: v.f = 1, v.i = 1; break;
    case GPU_REDUCE_MIN:
    case GPU_REDUCE_ARGMIN:
    case GPU_REDUCE_MAX:
    case GPU_REDUCE_ARGMAX: {
        bool lowest = k->op == GPU_REDUCE_MAX || k->op == GPU_REDUCE_ARGMAX;
        if (fl) {
            v.f = lowest ? -INFINITY : INFINITY;
        } else {
            /* by DType: bool, int8 ... int64, uint8 ... uint64 */
            static const int64_t lo[] = {0, -128, -32768, INT32_MIN, INT64_MIN, 0, 0, 0, 0};
            static const int64_t hi[] = {1,   127,   32767,      INT32_MAX, INT64_MAX,
                                         255, 65535, 4294967295, -1};
            v.i = k->in <= DT_UINT64 ? (lowest ? lo : hi)[k->in] : 0;
        }
        break;
    }
    default: break;
    }
    return v;
}

static void kh_red_acc_op(const HostReduce *k, HVal *v, int64_t *i, HVal bv, int64_t bi);

/* kr_acc(v, i, bv, bi, rf) in A: with the checks, kr_rfe's bits of a float add/multiply. */
static void kh_red_acc(const HostReduce *k, HVal *v, int64_t *i, HVal bv, int64_t bi,
                       unsigned *rf) {
    double a = v->f, b = bv.f;
    kh_red_acc_op(k, v, i, bv, bi);
    if (!k->check) return;
    double r = v->f;
    if (isnan(r) && !isnan(a) && !isnan(b)) *rf |= 8u;
    if (isinf(r) && isfinite(a) && isfinite(b)) *rf |= 2u;
}

static void kh_red_acc_op(const HostReduce *k, HVal *v, int64_t *i, HVal bv, int64_t bi) {
    bool fl = kh_float(k->acc);
    switch (k->op) {
    case GPU_REDUCE_ARGMIN:
    case GPU_REDUCE_ARGMAX: {
        bool take, vnan = fl && v->f != v->f, bnan = fl && bv.f != bv.f;
        int64_t bk = kh_key(k->acc, bv.i), vk = kh_key(k->acc, v->i);
        bool better = k->op == GPU_REDUCE_ARGMAX ? (fl ? bv.f > v->f : bk > vk)
                                                 : (fl ? bv.f < v->f : bk < vk);
        bool same = fl ? bv.f == v->f : bv.i == v->i;
        if (vnan)
            take = bnan && bi < *i;
        else if (bnan)
            take = true;
        else
            take = better || (same && bi < *i);
        if (take) {
            *v = bv;
            *i = bi;
        }
        return;
    }
    case GPU_REDUCE_MIN:
    case GPU_REDUCE_MAX: { /* kr_min / kr_max: NaN propagates */
        bool mx = k->op == GPU_REDUCE_MAX;
        bool keep = fl ? (mx ? v->f >= bv.f : v->f <= bv.f) || v->f != v->f
                       : (mx ? kh_key(k->acc, v->i) >= kh_key(k->acc, bv.i)
                             : kh_key(k->acc, v->i) <= kh_key(k->acc, bv.i));
        if (!keep) *v = bv;
        return;
    }
    case GPU_REDUCE_ANY: v->i |= bv.i; return;
    case GPU_REDUCE_ALL: v->i &= bv.i; return;
    case GPU_REDUCE_PROD:
        if (fl)
            v->f = kh_round(k->acc, v->f * bv.f);
        else
            v->i = kh_wrap(k->acc, (int64_t)((uint64_t)v->i * (uint64_t)bv.i));
        return;
    default: /* sum, mean */
        if (fl)
            v->f = kh_round(k->acc, v->f + bv.f);
        else
            v->i = kh_wrap(k->acc, (int64_t)((uint64_t)v->i + (uint64_t)bv.i));
    }
}

/* kr_load(x): an input element as A (a fused graph's value at C-order element index). In
 * a row (row0 >= 0: kr_red_rows), the strided offsets are those of the row's first element
 * stepped by each input's innermost stride, as KR_RAT computes them. */
static HVal kh_red_load_at(const HostReduce *k, const uint64_t *w, int64_t index, int64_t row0) {
    HVal x;
    if (k->fz) {
        const HostFuse *z = k->fz;
        int64_t off[FUSE_MAX_INPUTS + 1];
        kh_fuse_offsets(z, w + 8, row0 >= 0 ? row0 : index, off);
        if (row0 >= 0) {
            int nstr = 0;
            for (int j = 0; j <= z->nin; j++)
                if (z->layout[j] == FUSE_LAYOUT_STRIDED) {
                    int sb = z->shape_base + z->rank * (1 + nstr++);
                    off[j] += (index - row0) * (int64_t)w[8 + sb + z->rank - 1];
                }
        }
        unsigned fe[FUSE_MAX_NODES] = {0};
        x = kh_fuse_value(z, w + 8, index, off, fe);
        /* KR_FE_END: the checked nodes' bits into their flag words */
        int c = 0;
        for (int i = 0; i < z->nnodes; i++) {
            if (!kernels_fpe_mask(z->nodes, &z->nodes[i])) continue;
            unsigned *word = (unsigned *)(uintptr_t)w[8 + z->fpe_base + c++];
            if (fe[i]) *word |= fe[i];
        }
    } else {
        x = kh_load((const void *)(uintptr_t)w[0], index, k->in);
    }
    if (k->op == GPU_REDUCE_ANY || k->op == GPU_REDUCE_ALL) {
        HVal b = {0, kh_float(k->in) ? x.f != 0 : x.i != 0};
        return b;
    }
    return kh_conv(x, k->in, k->acc);
}

static HVal kh_red_load(const HostReduce *k, const uint64_t *w, int64_t index) {
    return kh_red_load_at(k, w, index, -1);
}

/* KR_RFLUSH: the launch's bits into its flag word. */
static void kh_red_flush(const HostReduce *k, const uint64_t *w, unsigned rf) {
    if (k->check && rf) *(unsigned *)(uintptr_t)w[6] |= rf;
}

/* out[at] = kr_fin(v, i, n), with kr_ofe's check of a 16-bit float result. */
static void kh_red_fin(const HostReduce *k, HVal v, int64_t i, int64_t n, void *out, int64_t at,
                       unsigned *rf) {
    HVal r = v;
    DType from = k->acc;
    if (k->op == GPU_REDUCE_ARGMIN || k->op == GPU_REDUCE_ARGMAX) {
        r.i = i;
        from = DT_INT64;
    } else if (k->op == GPU_REDUCE_MEAN) {
        HVal nn = {(double)n, n};
        r.f = kh_round(k->acc, v.f / kh_conv(nn, DT_INT64, k->acc).f);
    }
    kh_store(out, at, k->out, kh_conv(r, from, k->out));
    if (k->check && (k->out == DT_FLOAT16 || k->out == DT_BFLOAT16) && isfinite(v.f) &&
        isinf(kh_load(out, at, k->out).f))
        *rf |= 2u;
}

/* One thread block of kr_red_pass1 writes its partial; the grid-stride loops of its 256
 * threads are run one thread after another, then combined in thread order. */
static CUresult kh_red_pass1_run(const CudaMockFunction *f, const unsigned grid[3],
                                 const unsigned block[3], void **params) {
    const HostReduce *k = (const HostReduce *)(const void *)f;
    const uint64_t *w = params[0];
    char *pv = (char *)(uintptr_t)w[1];
    int64_t *pi = (int64_t *)(uintptr_t)w[2];
    int64_t n = (int64_t)w[3], V = k->which >> 8, bs = block[0];
    int64_t stride = (int64_t)grid[0] * bs, nv = n / V;
    unsigned rf = 0;
    for (int64_t b = 0; b < grid[0]; b++) {
        HVal vb = kh_red_id(k);
        int64_t ib = KH_NOIDX;
        for (int64_t t = 0; t < bs; t++) {
            HVal v = kh_red_id(k);
            int64_t idx = KH_NOIDX, t0 = b * bs + t;
            for (int64_t q = t0; q < nv; q += stride)
                for (int64_t j = 0; j < V; j++)
                    kh_red_acc(k, &v, &idx, kh_red_load(k, w, q * V + j), q * V + j, &rf);
            for (int64_t q = nv * V + t0; q < n; q += stride)
                kh_red_acc(k, &v, &idx, kh_red_load(k, w, q), q, &rf);
            kh_red_acc(k, &vb, &ib, v, idx, &rf);
        }
        if (grid[0] == 1) { /* one block writes the result (kr_red_pass1) */
            kh_red_fin(k, vb, ib, n, (void *)(uintptr_t)w[5], 0, &rf);
            break;
        }
        kh_store(pv, b, k->acc, vb);
        pi[b] = ib;
    }
    kh_red_flush(k, w, rf);
    return 0;
}

static CUresult kh_red_final_run(const CudaMockFunction *f, const unsigned grid[3],
                                 const unsigned block[3], void **params) {
    (void)grid, (void)block;
    const HostReduce *k = (const HostReduce *)(const void *)f;
    const uint64_t *w = params[0];
    const void *pv = (const void *)(uintptr_t)w[1];
    const int64_t *pi = (const int64_t *)(uintptr_t)w[2];
    HVal v = kh_red_id(k);
    int64_t idx = KH_NOIDX;
    unsigned rf = 0;
    for (int64_t b = 0; b < (int64_t)w[4]; b++)
        kh_red_acc(k, &v, &idx, kh_load(pv, b, k->acc), pi[b], &rf);
    kh_red_fin(k, v, idx, (int64_t)w[3], (void *)(uintptr_t)w[5], 0, &rf);
    kh_red_flush(k, w, rf);
    return 0;
}

/* kr_red_rows (a warp per row, lanes striding by 32) and kr_red_cols (a thread per output,
 * in order). */
static CUresult kh_red_axis_run(const CudaMockFunction *f, const unsigned grid[3],
                                const unsigned block[3], void **params) {
    (void)grid, (void)block;
    const HostReduce *k = (const HostReduce *)(const void *)f;
    const uint64_t *w = params[0];
    void *out = (void *)(uintptr_t)w[5];
    int64_t outer = (int64_t)w[1], R = (int64_t)w[2], inner = (int64_t)w[3];
    bool rows = (k->which & 0xff) == 2;
    if (rows) inner = 1;
    unsigned rf = 0;
    for (int64_t t = 0; t < outer * inner; t++) {
        int64_t o = t / inner, j = t - o * inner;
        HVal v = kh_red_id(k);
        int64_t idx = KH_NOIDX;
        for (int64_t lane = 0; lane < (rows ? 32 : 1); lane++) {
            HVal lv = kh_red_id(k);
            int64_t li = KH_NOIDX;
            for (int64_t q = lane; q < R; q += rows ? 32 : 1)
                kh_red_acc(k, &lv, &li,
                           kh_red_load_at(k, w, o * R * inner + j + q * inner, rows ? o * R : -1),
                           q, &rf);
            kh_red_acc(k, &v, &idx, lv, li, &rf);
        }
        kh_red_fin(k, v, idx, R, out, t, &rf);
    }
    kh_red_flush(k, w, rf);
    return 0;
}

int kernels_host_reduce(GpuState *G, int op, DType in, DType out, int V, const char *name,
                        bool check, CUfunction *f) {
    int which = strcmp(name, "kr_red_pass1") == 0   ? 0
                : strcmp(name, "kr_red_final") == 0 ? 1
                : strcmp(name, "kr_red_rows") == 0  ? 2
                                                    : 3;
    HostReduce *k = kh_new(G, sizeof *k,
                           which == 0   ? kh_red_pass1_run
                           : which == 1 ? kh_red_final_run
                                        : kh_red_axis_run);
    if (!k) return -1;
    k->op = op;
    k->which = which | V << 8;
    k->in = in;
    k->out = out;
    k->acc = kernels_reduce_acc(op, in, out);
    k->check = check;
    *f = (CUfunction)(void *)k;
    return 0;
}

int kernels_host_reduce_fused(GpuState *G, int op, DType in, DType out, int V, const char *name,
                              const FuseNode *nodes, int nnodes, int root, const GpuTensor *inputs,
                              int nin, const FusePlan *p, int const_base, int fpe_base,
                              int shape_base, bool check, CUfunction *f) {
    CUfunction g;
    if (kernels_host_fuse(G, nodes, nnodes, root, inputs, nin, in, p, const_base, fpe_base,
                          shape_base, &g) < 0 ||
        kernels_host_reduce(G, op, in, out, V, name, check, f) < 0)
        return -1;
    ((HostReduce *)(void *)*f)->fz = (const HostFuse *)(const void *)g;
    return 0;
}

/* ---- matmul: w = {a, b, c, M, N, K, a row/col strides, b's, c's, batch strides a, b, c},
 * grid z = the batches of this launch ---- */

static CUresult kh_matmul_run(const CudaMockFunction *f, const unsigned grid[3],
                              const unsigned block[3], void **params) {
    (void)block;
    const HostTyped *k = (const HostTyped *)(const void *)f;
    const uint64_t *w = params[0];
    const void *a = (const void *)(uintptr_t)w[0], *b = (const void *)(uintptr_t)w[1];
    void *c = (void *)(uintptr_t)w[2];
    int64_t M = (int64_t)w[3], N = (int64_t)w[4], K = (int64_t)w[5];
    const int64_t *s = (const int64_t *)(const void *)&w[6];
    for (int64_t z = 0; z < (int64_t)grid[2]; z++)
        for (int64_t i = 0; i < M; i++)
            for (int64_t j = 0; j < N; j++) {
                double acc = 0;
                for (int64_t q = 0; q < K; q++)
                    acc += kh_load(a, z * s[6] + i * s[0] + q * s[1], k->out).f *
                           kh_load(b, z * s[7] + q * s[2] + j * s[3], k->out).f;
                HVal v = {acc, 0};
                kh_store(c, z * s[8] + i * s[4] + j * s[5], k->out, kh_conv(v, DT_FLOAT64, k->out));
            }
    return 0;
}

int kernels_host_matmul(GpuState *G, DType dt, CUfunction *f) {
    HostTyped *k = kh_new(G, sizeof *k, kh_matmul_run);
    if (!k) return -1;
    k->out = dt;
    *f = (CUfunction)(void *)k;
    return 0;
}
