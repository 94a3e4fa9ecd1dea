/* kernels_fpe.c: floating-point error detection in fused elementwise kernels (NumPy's
 * "divide by zero / overflow / invalid value encountered in ..."). A GPU has no exception
 * flags, so a node whose FuseNode.fpe is set checks its operands and result as the host's
 * flags would have been raised (the rules below were checked against NumPy 2 on x86 over
 * grids of special values: zeros, ones, tiny, huge, infinities and NaN, in float64,
 * float32 and float16), keeps the bits in a register per node, and at the end of the
 * kernel ORs them across the warp into the node's flag word (FuseNode.fpe_word) with one
 * atomic per warp. The array module reads the words back when the host next waits for
 * the device (gpu/backend/cuda/backend_cuda_fpe.c). kernels_host.c mirrors the same rules
 * for the mock device (kh_fpe_bits). */
#include "kernels_internal.h"

unsigned gpu_fuse_fpe_kinds(const FuseNode *nodes, const FuseNode *nd) {
    const unsigned OI = GPU_FPE_OVER | GPU_FPE_INVALID, DOI = GPU_FPE_DIVIDE | OI;
    DType ct = kernels_fuse_compute_dtype(nodes, nd);
    bool fl = gpu_dtype_kind(ct) == 'f';
    switch (nd->op) {
    case FUSE_ADD:
    case FUSE_SUB:
    case FUSE_MUL:
    case FUSE_SQUARE:
    case FUSE_HYPOT:
    case FUSE_ARCTAN2: return fl ? OI : 0;
    case FUSE_TRUEDIV:
    case FUSE_POW: return fl ? DOI : 0;
    case FUSE_FLOORDIV:
    case FUSE_MOD: return fl ? DOI : ct == DT_BOOL ? 0 : GPU_FPE_DIVIDE;
    case FUSE_LOG:
    case FUSE_LOG2:
    case FUSE_LOG10:
    case FUSE_LOG1P:
    case FUSE_RECIPROCAL: return fl ? DOI : 0;
    case FUSE_EXP:
    case FUSE_EXPM1:
    case FUSE_SQRT:
    case FUSE_SIN:
    case FUSE_COS:
    case FUSE_TAN:
    case FUSE_SINH:
    case FUSE_COSH:
    case FUSE_TANH:
    case FUSE_ARCSIN:
    case FUSE_ARCCOS:
    case FUSE_ARCTAN:
    case FUSE_ARCSINH:
    case FUSE_ARCCOSH: return fl ? OI : 0;
    case FUSE_ARCTANH: return fl ? DOI : 0;
    case FUSE_CAST: {
        DType src = nodes[nd->a].dtype, dst = nd->dtype;
        bool sf = gpu_dtype_kind(src) == 'f', df = gpu_dtype_kind(dst) == 'f';
        if (sf && !df) return dst == DT_BOOL ? 0 : GPU_FPE_INVALID;
        if (df && (sf ? gpu_dtype_size(dst) < gpu_dtype_size(src) : dst == DT_FLOAT16))
            return GPU_FPE_OVER;
        return 0;
    }
    default: return 0;
    }
}

/* The device helpers, added to a fused kernel's source when one of its nodes checks.
 * Bits: 1 divide, 2 overflow, 8 invalid (GPU_FPE_*). Every flag of the float checks comes
 * with a result that is not finite (a / 0 is inf, an invalid operation nan, an overflow
 * inf), so each check first returns 0 for a finite result: the common case is one test,
 * and the operands need not stay in registers for the rest (the row program of softmax
 * over float32 rows of 8192 spilled 164 bytes at 64 registers without it, none with). */
const char kernels_fpe_prelude[] =
    "template <class T> __device__ __forceinline__ unsigned kr_fe_bin(T a, T b, T r) {\n"
    "    if (isfinite(r)) return 0u;\n"
    "    return (isnan(r) && !isnan(a) && !isnan(b) ? 8u : 0u) |\n"
    "           (isinf(r) && isfinite(a) && isfinite(b) ? 2u : 0u); }\n"
    "template <class T> __device__ __forceinline__ unsigned kr_fe_div(T a, T b, T r) {\n"
    "    if (isfinite(r)) return 0u;\n"
    "    if (b == T(0) && isfinite(a) && a != T(0)) return 1u;\n"
    "    return kr_fe_bin(a, b, r); }\n"
    "template <class T> __device__ __forceinline__ unsigned kr_fe_fdiv(T a, T b, T r) {\n"
    "    unsigned f = kr_fe_div(a, b, r); return (f & 2u) ? (f | 8u) : f; }\n"
    "template <class T> __device__ __forceinline__ unsigned kr_fe_pow(T a, T b, T r) {\n"
    "    if (isfinite(r)) return 0u;\n"
    "    if (a == T(0) && b < T(0)) return 1u;\n"
    "    return kr_fe_bin(a, b, r); }\n"
    "template <class T> __device__ __forceinline__ unsigned kr_fe_un(T a, T r, bool dz) {\n"
    "    if (dz) return 1u;\n"
    "    if (isfinite(r)) return 0u;\n"
    "    return (isnan(r) && !isnan(a) ? 8u : 0u) | (isinf(r) && isfinite(a) ? 2u : 0u); }\n"
    "__device__ __forceinline__ unsigned kr_fe_ci(double x, double lo, double hi) {\n"
    "    return (x > lo && x < hi) ? 0u : 8u; }\n"
    "__device__ __forceinline__ unsigned kr_fe_co(double x, double r) {\n"
    "    return (isinf(r) && isfinite(x)) ? 2u : 0u; }\n"
    "__device__ __forceinline__ unsigned kr_fe_warp(unsigned f) {\n"
    "    for (int o = 16; o > 0; o >>= 1) f |= __shfl_xor_sync(0xffffffffu, f, o);\n"
    "    return f; }\n";

void gpu_fpe_cast_range(DType dst, double *lo, double *hi) {
    /* x86's cvttsd2si: 32-bit for the types up to int32 (and uint8/uint16, which NumPy
     * converts through int), 64-bit for int64 and uint32; uint64 takes the unsigned
     * sequence, which accepts [-2^63, 2^64). Truncation: lo is exclusive, one below. */
    switch (dst) {
    case DT_INT64:
    case DT_UINT32:
        *lo = -9223372036854777856.0; /* the double below -2^63 */
        *hi = 9223372036854775808.0;
        return;
    case DT_UINT64:
        *lo = -9223372036854777856.0;
        *hi = 18446744073709551616.0;
        return;
    default:
        *lo = -2147483649.0;
        *hi = 2147483648.0;
        return;
    }
}

/* "fe[c] |= ...;" for node i (its value is v<i>); ops: the operand expressions already
 * converted to the compute type (a, b), or for a cast the source value. */
void kernels_fpe_gen_check(KSource *s, const FuseNode *nodes, int i, int c, const char *a,
                           const char *b) {
    const FuseNode *nd = &nodes[i];
    unsigned mask = kernels_fpe_mask(nodes, nd);
    if (!mask) return;
    DType ct = kernels_fuse_compute_dtype(nodes, nd);
    const char *rt = kdtype_register(ct);
    bool fl = gpu_dtype_kind(ct) == 'f';
    ksrc_printf(s, "    fe[%d] |= %uu & ", c, mask);
    switch (nd->op) {
    case FUSE_TRUEDIV: ksrc_printf(s, "kr_fe_div<%s>(%s, %s, v%d)", rt, a, b, i); break;
    case FUSE_FLOORDIV:
    case FUSE_MOD:
        if (fl)
            ksrc_printf(s, "kr_fe_%s<%s>(%s, %s, v%d)", nd->op == FUSE_MOD ? "bin" : "fdiv", rt, a,
                        b, i);
        else
            ksrc_printf(s, "((%s) == 0 ? 1u : 0u)", b);
        break;
    case FUSE_POW: ksrc_printf(s, "kr_fe_pow<%s>(%s, %s, v%d)", rt, a, b, i); break;
    case FUSE_SQUARE: ksrc_printf(s, "kr_fe_bin<%s>(%s, %s, v%d)", rt, a, a, i); break;
    case FUSE_ADD:
    case FUSE_SUB:
    case FUSE_MUL:
    case FUSE_HYPOT:
    case FUSE_ARCTAN2: ksrc_printf(s, "kr_fe_bin<%s>(%s, %s, v%d)", rt, a, b, i); break;
    case FUSE_CAST: {
        if (gpu_dtype_kind(nd->dtype) == 'f') {
            ksrc_printf(s, "kr_fe_co((double)(%s), (double)v%d)", a, i);
        } else {
            double lo, hi;
            gpu_fpe_cast_range(nd->dtype, &lo, &hi);
            ksrc_printf(s, "kr_fe_ci((double)(%s), %.17g, %.17g)", a, lo, hi);
        }
        break;
    }
    default:
        ksrc_printf(s, "kr_fe_un<%s>(%s, v%d, ", rt, a, i);
        if (nd->op == FUSE_LOG || nd->op == FUSE_LOG2 || nd->op == FUSE_LOG10 ||
            nd->op == FUSE_RECIPROCAL)
            ksrc_printf(s, "(%s) == 0)", a);
        else if (nd->op == FUSE_LOG1P)
            ksrc_printf(s, "(%s) == -1)", a);
        else if (nd->op == FUSE_ARCTANH) /* atanh(+-1) = +-inf: divide, as log(0) */
            ksrc_printf(s, "(%s) == 1 || (%s) == -1)", a, a);
        else
            ksrc_puts(s, "false)");
        break;
    }
    ksrc_puts(s, ";\n");
}
