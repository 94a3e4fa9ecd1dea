/* kernels_interp.c: the graph-interpreting elementwise kernel, for the first use of a new
 * fused expression (issue 14's first-use row). A specialized fused kernel (kernels_fuse.c)
 * costs an NVRTC compile the first time its key is seen, 50-300 ms; kr_fuse_interp is one
 * kernel, compiled once into the disk cache, that evaluates any graph it can take from a
 * program in its argument block. On a key's first launch the fused kernel's source goes to
 * NVRTC on a thread of its own while the interpreter runs the expression at once; a later
 * launch of the key takes the specialized kernel when its compile has finished
 * (kernels_interp_fuse, called by fuse_run on a cache miss).
 *
 * What it takes: nodes, inputs and the output of dtype bool, int32, int64, float32 or
 * float64 (each node computes in its compute dtype, kernels_fuse_compute_dtype, with the
 * fused kernel's C casts and prelude functions, so values are the fused kernel's: the one
 * difference is that it rounds every node, while NVRTC may contract a * b + c into one
 * FMA in the fused kernel: the last bit of such a value can differ, both within NumPy's
 * own results' reach), any layout and rank, and the floating-point checks (the same rules
 * as kernels_fpe.c's helpers). A graph with another dtype, or one whose program does not
 * fit the block, compiles as before.
 *
 * The argument block (KrArgs, KI_WORDS 8-byte words):
 *   w[0] nin | nnodes << 8 | root << 16 | rank << 24 | out dtype << 32 | B << 40
 *   w[1] each input's dtype, 4 bits (input k at 4k)
 *   w[2] each operand's layout (FUSE_LAYOUT_*), 2 bits (0 out, 1 + k input k)
 *   w[3] the fused kernel's const_base | fpe_base << 8 | shape_base << 16 (words after B)
 *   w[4 + i] node i: op | dtype << 8 | a << 16 | b << 24 | c << 32 (0xff: none)
 *            | aux << 40 (INPUT: input index; CONST: its word) | fpe word << 48
 *            | fpe mask << 56 | compute dtype << 60
 *   w[B...] the fused kernel's own words (kernels_fuse_prepare: pointers, n, constants,
 *            flag words, shape and strides), B = 4 + nnodes.
 * The mock device runs it with the host's evaluator after decoding the block
 * (kernels_interp_decode, kernels_host.c). */
#include "../runtime/jit_prebuilt.h"
#include "../runtime/profile.h"
#include "kernels_internal.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#define KI_WORDS 256 /* 2 KB of arguments: the driver copies them at each launch */
#define KI_HEAD  4
#define KI_MAXN  32 /* nodes (the array module fuses at most 32) */
#define KI_JOBS  4  /* specialized compiles in flight at once; more compile on the caller */
/* A launch of this many elements or more waits for its key's compile in flight instead of
 * being interpreted again: the interpreter ran the H200's 2^28-element a + b at 0.79 TB/s and
 * a layer norm's elementwise stage at 0.08 TB/s (specialized: 3.7 and ~3), so a timed loop
 * over large arrays measured the interpreter for the compile's ~150 ms (issue14.sh,
 * 2026-12-02). The first launch of a key is still interpreted: first use stays fast. */
#define KI_WAIT_ELEMENTS ((int64_t)1 << 22)

static bool ki_dtype_ok(DType d) {
    return d == DT_BOOL || d == DT_INT32 || d == DT_INT64 || d == DT_FLOAT32 || d == DT_FLOAT64;
}

/* Whether the interpreter computes op in ct as the fused kernel does (math wants a float,
 * bit operations an integer or bool, arithmetic that NumPy's bool rejects an integer). */
static bool ki_op_ok(int op, DType ct) {
    bool fl = gpu_dtype_kind(ct) == 'f';
    switch (op) {
    case FUSE_BIT_AND:
    case FUSE_BIT_OR:
    case FUSE_BIT_XOR:
    case FUSE_INVERT:
    case FUSE_LSHIFT:
    case FUSE_RSHIFT: return !fl;
    case FUSE_EXP:
    case FUSE_EXPM1:
    case FUSE_LOG:
    case FUSE_LOG1P:
    case FUSE_LOG2:
    case FUSE_LOG10:
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
    case FUSE_ARCCOSH:
    case FUSE_ARCTANH:
    case FUSE_ARCTAN2:
    case FUSE_HYPOT:
    case FUSE_TRUEDIV: return fl;
    case FUSE_SUB:
    case FUSE_FLOORDIV:
    case FUSE_MOD:
    case FUSE_POW:
    case FUSE_NEG:
    case FUSE_SIGN:
    case FUSE_RECIPROCAL: return ct != DT_BOOL;
    default: return op >= 0 && op <= FUSE_CLIP; /* not a row program's FUSE_ROWRED */
    }
}

int kernels_interp_pack(const FuseNode *nodes, int nnodes, int root, const GpuTensor *inputs,
                        int nin, const GpuTensor *out, const FusePlan *p, const uint64_t *w, int nw,
                        int const_base, int fpe_base, int shape_base, uint64_t *iw) {
    int B = KI_HEAD + nnodes;
    if (B + nw > KI_WORDS || nin > FUSE_MAX_INPUTS || nnodes > KI_MAXN || !ki_dtype_ok(out->dtype))
        return 0;
    uint64_t dts = 0, lay = 0;
    for (int k = 0; k < nin; k++) {
        if (!ki_dtype_ok(inputs[k].dtype)) return 0;
        dts |= (uint64_t)inputs[k].dtype << (4 * k);
    }
    for (int k = 0; k <= nin; k++)
        lay |= (uint64_t)p->layout[k] << (2 * k);
    int nconst = 0, nchecked = 0;
    for (int i = 0; i < nnodes; i++) {
        const FuseNode *nd = &nodes[i];
        DType ct = kernels_fuse_compute_dtype(nodes, nd);
        if (!ki_dtype_ok(nd->dtype) || !ki_dtype_ok(ct) || !ki_op_ok(nd->op, ct)) return 0;
        uint64_t aux = 0, fw = 0, mask = kernels_fpe_mask(nodes, nd);
        if (nd->op == FUSE_INPUT) aux = (uint64_t)nd->input;
        if (nd->op == FUSE_CONST) aux = (uint64_t)(B + const_base + nconst++);
        if (mask) fw = (uint64_t)(B + fpe_base + nchecked++);
        uint64_t a = nd->a >= 0 ? (uint64_t)nd->a : 0xff, b = nd->b >= 0 ? (uint64_t)nd->b : 0xff,
                 c = nd->c >= 0 ? (uint64_t)nd->c : 0xff;
        iw[KI_HEAD + i] = (uint64_t)nd->op | (uint64_t)nd->dtype << 8 | a << 16 | b << 24 |
                          c << 32 | aux << 40 | fw << 48 | mask << 56 | (uint64_t)ct << 60;
    }
    iw[0] = (uint64_t)nin | (uint64_t)nnodes << 8 | (uint64_t)root << 16 |
            (uint64_t)(p->path == FUSE_PATH_VECTOR ? 0 : p->rank) << 24 |
            (uint64_t)out->dtype << 32 | (uint64_t)B << 40;
    iw[1] = dts;
    iw[2] = lay;
    iw[3] = (uint64_t)const_base | (uint64_t)fpe_base << 8 | (uint64_t)shape_base << 16;
    memcpy(iw + B, w, sizeof(uint64_t) * (size_t)nw);
    return B + nw;
}

int kernels_interp_decode(const uint64_t *iw, KernelsInterpDesc *d) {
    d->nin = (int)(iw[0] & 0xff);
    d->nnodes = (int)((iw[0] >> 8) & 0xff);
    d->root = (int)((iw[0] >> 16) & 0xff);
    d->rank = (int)((iw[0] >> 24) & 0xff);
    d->out_dt = (DType)((iw[0] >> 32) & 0xff);
    d->base = (int)((iw[0] >> 40) & 0xff);
    d->const_base = (int)(iw[3] & 0xff);
    d->fpe_base = (int)((iw[3] >> 8) & 0xff);
    d->shape_base = (int)((iw[3] >> 16) & 0xffff);
    if (d->nin > FUSE_MAX_INPUTS || d->nnodes > KI_MAXN || d->nnodes == 0 ||
        d->base != KI_HEAD + d->nnodes)
        return -1;
    for (int k = 0; k < d->nin; k++)
        d->in_dt[k] = (DType)((iw[1] >> (4 * k)) & 0xf);
    for (int k = 0; k <= d->nin; k++)
        d->layout[k] = (uint8_t)((iw[2] >> (2 * k)) & 3);
    for (int i = 0; i < d->nnodes; i++) {
        uint64_t x = iw[KI_HEAD + i];
        FuseNode *nd = &d->nodes[i];
        memset(nd, 0, sizeof *nd);
        nd->op = (int)(x & 0xff);
        nd->dtype = (DType)((x >> 8) & 0xff);
        int ops[3] = {(int)((x >> 16) & 0xff), (int)((x >> 24) & 0xff), (int)((x >> 32) & 0xff)};
        nd->a = ops[0] == 0xff ? -1 : ops[0];
        nd->b = ops[1] == 0xff ? -1 : ops[1];
        nd->c = ops[2] == 0xff ? -1 : ops[2];
        nd->input = nd->op == FUSE_INPUT ? (int)((x >> 40) & 0xff) : -1;
        nd->fpe = (unsigned)((x >> 56) & 0xf);
    }
    return 0;
}

/* ---- the kernel's source ---- */

/* The interpreter: values in 8-byte slots holding the node's register type (bool and the
 * integers as i64, float, double); kr_ki_node<T> computes a node in its compute type T
 * exactly as kernels_fuse_gen_eval's line for it does. */
static const char ki_body[] =
    "union KrV { i64 i; float f; double d; };\n"
    "template <class T> struct KrFl { static const bool v = false; };\n"
    "template <> struct KrFl<float> { static const bool v = true; };\n"
    "template <> struct KrFl<double> { static const bool v = true; };\n"
    "template <class T> __device__ __forceinline__ T kr_ki_get(KrV v, int dt) {\n"
    "    switch (dt) {\n"
    "    case KI_BOOL: return (T)(bool)v.i;\n"
    "    case KI_I32: return (T)(int)v.i;\n"
    "    case KI_I64: return (T)v.i;\n"
    "    case KI_F32: return (T)v.f;\n"
    "    default: return (T)v.d; } }\n"
    "template <class T> __device__ __forceinline__ KrV kr_ki_set(int dt, T x) {\n"
    "    KrV v; v.i = 0;\n"
    "    switch (dt) {\n"
    "    case KI_BOOL: v.i = (bool)x; break;\n"
    "    case KI_I32: v.i = (int)x; break;\n"
    "    case KI_I64: v.i = (i64)x; break;\n"
    "    case KI_F32: v.f = (float)x; break;\n"
    "    default: v.d = (double)x; }\n"
    "    return v; }\n"
    "__device__ __forceinline__ KrV kr_ki_conv(KrV v, int from, int to) {\n"
    "    switch (from) {\n"
    "    case KI_BOOL: return kr_ki_set(to, (bool)v.i);\n"
    "    case KI_I32: return kr_ki_set(to, (int)v.i);\n"
    "    case KI_I64: return kr_ki_set(to, v.i);\n"
    "    case KI_F32: return kr_ki_set(to, v.f);\n"
    "    default: return kr_ki_set(to, v.d); } }\n"
    "__device__ __forceinline__ KrV kr_ki_load(u64 base, i64 e, int dt) {\n"
    "    KrV v; v.i = 0;\n"
    "    switch (dt) {\n"
    "    case KI_BOOL: v.i = ((const bool *)base)[e]; break;\n"
    "    case KI_I32: v.i = ((const int *)base)[e]; break;\n"
    "    case KI_I64: v.i = ((const i64 *)base)[e]; break;\n"
    "    case KI_F32: v.f = ((const float *)base)[e]; break;\n"
    "    default: v.d = ((const double *)base)[e]; }\n"
    "    return v; }\n"
    "__device__ __forceinline__ void kr_ki_store(u64 base, i64 e, int dt, KrV v) {\n"
    "    switch (dt) {\n"
    "    case KI_BOOL: ((bool *)base)[e] = (bool)v.i; break;\n"
    "    case KI_I32: ((int *)base)[e] = (int)v.i; break;\n"
    "    case KI_I64: ((i64 *)base)[e] = v.i; break;\n"
    "    case KI_F32: ((float *)base)[e] = v.f; break;\n"
    "    default: ((double *)base)[e] = v.d; } }\n"
    /* a node in compute type T; *fb gets its floating-point bits when mask is set */
    "template <class T> __device__ __forceinline__ KrV kr_ki_node(const KrArgs &p, u64 x,\n"
    "                                                            const KrV *val, unsigned *fb) {\n"
    "    const int op = (int)(x & 0xff), dt = (int)((x >> 8) & 0xff);\n"
    "    const int ia = (int)((x >> 16) & 0xff), ib = (int)((x >> 24) & 0xff);\n"
    "    const int ic = (int)((x >> 32) & 0xff);\n"
    "    const unsigned mask = (unsigned)((x >> 56) & 0xf);\n"
    "    const int da = ia != 0xff ? (int)((p.w[KI_HEAD + ia] >> 8) & 0xff) : dt;\n"
    "    const int db = ib != 0xff ? (int)((p.w[KI_HEAD + ib] >> 8) & 0xff) : dt;\n"
    "    const int dc = ic != 0xff ? (int)((p.w[KI_HEAD + ic] >> 8) & 0xff) : dt;\n"
    "    T A = ia != 0xff ? kr_ki_get<T>(val[ia], da) : T(0);\n"
    "    T B = ib != 0xff ? kr_ki_get<T>(val[ib], db) : T(0);\n"
    "    T r = T(0); bool cmp = false, isb = false; unsigned f = 0;\n"
    "    switch (op) {\n"
    "    case KI_OP(CAST): {\n"
    "        r = A;\n"
    "        if (mask) {\n"
    "            double src = kr_ki_get<double>(val[ia], da);\n"
    "            if (KrFl<T>::v) f = kr_fe_co(src, (double)r);\n"
    "            else f = kr_fe_ci(src, dt == KI_I64 ? KI_LO64 : KI_LO32,\n"
    "                             dt == KI_I64 ? KI_HI64 : KI_HI32);\n"
    "        }\n"
    "        break; }\n"
    "    case KI_OP(ADD): if constexpr (sizeof(T) == 1) r = A || B; else r = (T)(A + B); break;\n"
    "    case KI_OP(SUB): r = (T)(A - B); break;\n"
    "    case KI_OP(MUL): if constexpr (sizeof(T) == 1) r = A && B; else r = (T)(A * B); break;\n"
    "    case KI_OP(TRUEDIV): r = (T)(A / B); break;\n"
    "    case KI_OP(FLOORDIV): if constexpr (sizeof(T) > 1) r = kr_floordiv<T>(A, B); break;\n"
    "    case KI_OP(MOD): if constexpr (sizeof(T) > 1) r = kr_mod<T>(A, B); break;\n"
    "    case KI_OP(POW): r = kr_pow<T>(A, B); break;\n"
    "    case KI_OP(NEG): r = (T)(-(A)); break;\n"
    "    case KI_OP(ABS): r = kr_abs<T>(A); break;\n"
    "    case KI_OP(EQ): cmp = A == B; isb = true; break;\n"
    "    case KI_OP(NE): cmp = A != B; isb = true; break;\n"
    "    case KI_OP(LT): cmp = A < B; isb = true; break;\n"
    "    case KI_OP(LE): cmp = A <= B; isb = true; break;\n"
    "    case KI_OP(GT): cmp = A > B; isb = true; break;\n"
    "    case KI_OP(GE): cmp = A >= B; isb = true; break;\n"
    "    case KI_OP(LOGICAL_AND): cmp = (bool)A && (bool)B; isb = true; break;\n"
    "    case KI_OP(LOGICAL_OR): cmp = (bool)A || (bool)B; isb = true; break;\n"
    "    case KI_OP(LOGICAL_XOR): cmp = (bool)A != (bool)B; isb = true; break;\n"
    "    case KI_OP(LOGICAL_NOT): cmp = !((bool)A); isb = true; break;\n"
    "    case KI_OP(BIT_AND): if constexpr (!KrFl<T>::v) r = (T)(A & B); break;\n"
    "    case KI_OP(BIT_OR): if constexpr (!KrFl<T>::v) r = (T)(A | B); break;\n"
    "    case KI_OP(BIT_XOR): if constexpr (!KrFl<T>::v) r = (T)(A ^ B); break;\n"
    "    case KI_OP(INVERT):\n"
    "        if constexpr (sizeof(T) == 1) r = (T)(!(A));\n"
    "        else if constexpr (!KrFl<T>::v) r = (T)(~(A));\n"
    "        break;\n"
    "    case KI_OP(LSHIFT): if constexpr (!KrFl<T>::v) r = kr_shl<T>(A, B); break;\n"
    "    case KI_OP(RSHIFT): if constexpr (!KrFl<T>::v) r = kr_shr<T>(A, B); break;\n"
    "    case KI_OP(MAXIMUM): r = kr_max<T>(A, B); break;\n"
    "    case KI_OP(MINIMUM): r = kr_min<T>(A, B); break;\n"
    "    case KI_OP(WHERE):\n"
    "        r = kr_ki_get<bool>(val[ia], da) ? B : kr_ki_get<T>(val[ic], dc);\n"
    "        break;\n"
    "    case KI_OP(CLIP): r = kr_min<T>(kr_max<T>(A, B), kr_ki_get<T>(val[ic], dc)); break;\n"
    "    case KI_OP(SQUARE): r = (T)(A * A); break;\n"
    "    case KI_OP(RECIPROCAL): r = kr_recip<T>(A); break;\n"
    "    case KI_OP(FLOOR): r = kr_floor<T>(A); break;\n"
    "    case KI_OP(CEIL): r = kr_ceil<T>(A); break;\n"
    "    case KI_OP(RINT): r = kr_rint<T>(A); break;\n"
    "    case KI_OP(TRUNC): r = kr_trunc<T>(A); break;\n"
    "    case KI_OP(SIGN): r = kr_sign<T>(A); break;\n"
    "    case KI_OP(ISNAN): cmp = kr_isnan<T>(A); isb = true; break;\n"
    "    case KI_OP(ISINF): cmp = kr_isinf<T>(A); isb = true; break;\n"
    "    case KI_OP(ISFINITE): cmp = kr_isfinite<T>(A); isb = true; break;\n"
    "    default:\n"
    "        if constexpr (KrFl<T>::v) {\n"
    "            switch (op) {\n"
    "            case KI_OP(EXP): r = kr_exp(A); break;\n"
    "            case KI_OP(EXPM1): r = kr_expm1(A); break;\n"
    "            case KI_OP(LOG): r = kr_log(A); break;\n"
    "            case KI_OP(LOG1P): r = kr_log1p(A); break;\n"
    "            case KI_OP(LOG2): r = kr_log2(A); break;\n"
    "            case KI_OP(LOG10): r = kr_log10(A); break;\n"
    "            case KI_OP(SQRT): r = kr_sqrt(A); break;\n"
    "            case KI_OP(SIN): r = kr_sin(A); break;\n"
    "            case KI_OP(COS): r = kr_cos(A); break;\n"
    "            case KI_OP(TAN): r = kr_tan(A); break;\n"
    "            case KI_OP(SINH): r = kr_sinh(A); break;\n"
    "            case KI_OP(COSH): r = kr_cosh(A); break;\n"
    "            case KI_OP(TANH): r = kr_tanh(A); break;\n"
    "            case KI_OP(ARCSIN): r = kr_arcsin(A); break;\n"
    "            case KI_OP(ARCCOS): r = kr_arccos(A); break;\n"
    "            case KI_OP(ARCTAN): r = kr_arctan(A); break;\n"
    "            case KI_OP(ARCSINH): r = kr_arcsinh(A); break;\n"
    "            case KI_OP(ARCCOSH): r = kr_arccosh(A); break;\n"
    "            case KI_OP(ARCTANH): r = kr_arctanh(A); break;\n"
    "            case KI_OP(ARCTAN2): r = kr_arctan2(A, B); break;\n"
    "            case KI_OP(HYPOT): r = kr_hypot(A, B); break;\n"
    "            default: break; }\n"
    "        }\n"
    "    }\n"
    "    KrV out = isb ? kr_ki_set(dt, cmp) : kr_ki_set(dt, r);\n"
    "    if (mask && op != KI_OP(CAST)) {\n"
    "        if constexpr (KrFl<T>::v) {\n"
    "            T v = kr_ki_get<T>(out, dt);\n"
    "            switch (op) {\n"
    "            case KI_OP(TRUEDIV): f = kr_fe_div<T>(A, B, v); break;\n"
    "            case KI_OP(FLOORDIV): f = kr_fe_fdiv<T>(A, B, v); break;\n"
    "            case KI_OP(MOD): f = kr_fe_bin<T>(A, B, v); break;\n"
    "            case KI_OP(POW): f = kr_fe_pow<T>(A, B, v); break;\n"
    "            case KI_OP(SQUARE): f = kr_fe_bin<T>(A, A, v); break;\n"
    "            case KI_OP(ADD): case KI_OP(SUB): case KI_OP(MUL): case KI_OP(HYPOT):\n"
    "            case KI_OP(ARCTAN2): f = kr_fe_bin<T>(A, B, v); break;\n"
    "            case KI_OP(LOG): case KI_OP(LOG2): case KI_OP(LOG10): case KI_OP(RECIPROCAL):\n"
    "                f = kr_fe_un<T>(A, v, A == T(0)); break;\n"
    "            case KI_OP(LOG1P): f = kr_fe_un<T>(A, v, A == T(-1)); break;\n"
    "            case KI_OP(ARCTANH): f = kr_fe_un<T>(A, v, A == T(1) || A == T(-1)); break;\n"
    "            default: f = kr_fe_un<T>(A, v, false); break; }\n"
    "        } else if (op == KI_OP(FLOORDIV) || op == KI_OP(MOD)) {\n"
    "            f = B == 0 ? 1u : 0u;\n"
    "        }\n"
    "    }\n"
    "    *fb = mask & f;\n"
    "    return out; }\n"
    "extern \"C\" __global__ void __launch_bounds__(256) kr_fuse_interp(const KrArgs p) {\n"
    "    const u64 h = p.w[0];\n"
    "    const int nin = (int)(h & 0xff), nn = (int)((h >> 8) & 0xff);\n"
    "    const int root = (int)((h >> 16) & 0xff), rank = (int)((h >> 24) & 0xff);\n"
    "    const int odt = (int)((h >> 32) & 0xff), B = (int)((h >> 40) & 0xff);\n"
    "    const int shape_base = B + (int)((p.w[3] >> 16) & 0xffff);\n"
    "    const u64 lay = p.w[2];\n"
    "    const i64 n = (i64)p.w[B + nin + 1];\n"
    "    KrV val[KI_MAXN];\n"
    "    unsigned fe[KI_MAXN];\n"
    "    for (int i = 0; i < nn; i++) fe[i] = 0;\n"
    "    int sb[KI_MAXIN + 1];\n"
    "    { int ns = 0;\n"
    "      for (int k = 0; k <= nin; k++)\n"
    "          if (((lay >> (2 * k)) & 3) == 2) sb[k] = shape_base + rank * (1 + ns++); }\n"
    "    const i64 stride = (i64)gridDim.x * blockDim.x;\n"
    "    for (i64 i = (i64)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {\n"
    "        i64 off[KI_MAXIN + 1];\n"
    "        for (int k = 0; k <= nin; k++) off[k] = 0;\n"
    "        if (rank > 0) {\n"
    "            i64 rem = i;\n"
    "            for (int d = rank - 1; d >= 0; d--) {\n"
    "                const i64 sz = (i64)p.w[shape_base + d], c = rem % sz; rem /= sz;\n"
    "                for (int k = 0; k <= nin; k++)\n"
    "                    if (((lay >> (2 * k)) & 3) == 2) off[k] += c * (i64)p.w[sb[k] + d];\n"
    "            }\n"
    "        }\n"
    "        for (int j = 0; j < nn; j++) {\n"
    "            const u64 x = p.w[KI_HEAD + j];\n"
    "            const int op = (int)(x & 0xff), dt = (int)((x >> 8) & 0xff);\n"
    "            const int ct = (int)((x >> 60) & 0xf), aux = (int)((x >> 40) & 0xff);\n"
    "            unsigned fb = 0;\n"
    "            if (op == KI_OP(INPUT)) {\n"
    "                const int l = (int)((lay >> (2 * (aux + 1))) & 3);\n"
    "                const i64 e = l == 0 ? i : (l == 1 ? 0 : off[aux + 1]);\n"
    "                const int idt = (int)((p.w[1] >> (4 * aux)) & 0xf);\n"
    "                val[j] = kr_ki_conv(kr_ki_load(p.w[B + aux], e, idt), idt, dt);\n"
    "            } else if (op == KI_OP(CONST)) {\n"
    "                KrV c; c.i = (i64)p.w[aux];\n"
    "                val[j] = kr_ki_conv(c, (dt == KI_F32 || dt == KI_F64) ? KI_F64 : KI_I64, "
    "dt);\n"
    "            } else {\n"
    "                switch (ct) {\n"
    "                case KI_BOOL: val[j] = kr_ki_node<bool>(p, x, val, &fb); break;\n"
    "                case KI_I32: val[j] = kr_ki_node<int>(p, x, val, &fb); break;\n"
    "                case KI_I64: val[j] = kr_ki_node<i64>(p, x, val, &fb); break;\n"
    "                case KI_F32: val[j] = kr_ki_node<float>(p, x, val, &fb); break;\n"
    "                default: val[j] = kr_ki_node<double>(p, x, val, &fb); break; }\n"
    "                fe[j] |= fb;\n"
    "            }\n"
    "        }\n"
    "        const int rdt = (int)((p.w[KI_HEAD + root] >> 8) & 0xff);\n"
    "        const i64 eo = (lay & 3) == 2 ? off[0] : i;\n"
    "        kr_ki_store(p.w[B + nin], eo, odt, kr_ki_conv(val[root], rdt, odt));\n"
    "    }\n"
    /* every lane gets here (no early exit, whole warps): one atomic per checked node a warp */
    "    for (int j = 0; j < nn; j++) {\n"
    "        const u64 x = p.w[KI_HEAD + j];\n"
    "        if (!((x >> 56) & 0xf)) continue;\n"
    "        unsigned f = kr_fe_warp(fe[j]);\n"
    "        if ((threadIdx.x & 31) == 0 && f) atomicOr((unsigned *)p.w[(x >> 48) & 0xff], f);\n"
    "    }\n"
    "}\n";

void kernels_interp_source(KSource *s) {
    ksrc_puts(s, kernels_prelude);
    ksrc_puts(s, kernels_fpe_prelude);
    ksrc_printf(s, "struct KrArgs { u64 w[%d]; };\n", KI_WORDS);
    ksrc_printf(s,
                "#define KI_HEAD %d\n#define KI_MAXN %d\n#define KI_MAXIN %d\n"
                "#define KI_BOOL %d\n#define KI_I32 %d\n#define KI_I64 %d\n#define KI_F32 %d\n"
                "#define KI_F64 %d\n",
                KI_HEAD, KI_MAXN, FUSE_MAX_INPUTS, DT_BOOL, DT_INT32, DT_INT64, DT_FLOAT32,
                DT_FLOAT64);
    double lo, hi;
    gpu_fpe_cast_range(DT_INT32, &lo, &hi);
    ksrc_printf(s, "#define KI_LO32 %.17g\n#define KI_HI32 %.17g\n", lo, hi);
    gpu_fpe_cast_range(DT_INT64, &lo, &hi);
    ksrc_printf(s, "#define KI_LO64 %.17g\n#define KI_HI64 %.17g\n", lo, hi);
    ksrc_puts(s, "#define KI_OP(name) KI_OP_##name\n");
#define X(name, arity) ksrc_printf(s, "#define KI_OP_" #name " %d\n", (int)FUSE_##name);
    FUSE_OPS(X)
#undef X
    ksrc_puts(s, ki_body);
}

/* ---- specialized compiles on threads of their own ---- */

/* One compile in flight: the fused kernel's key (kernel_cache.h) and source, the JIT job
 * and its thread; done is set by the thread when NVRTC has finished. */
typedef struct KiJob {
    uint8_t key[FUSE_KEY_BYTES];
    size_t klen;
    uint64_t hash;
    KSource src;
    JitJob *job;
    CUfunction mock_f; /* the mock's "compile": made at once, taken at the next launch */
    pthread_t thread;
    bool running; /* a thread was started (joined before the job is ended) */
    atomic_int done;
} KiJob;

struct GpuFuseInterp {
    int state; /* 0: not tried, 1: f ready, 2: its own compile in flight, -1: unavailable */
    CUfunction f;
    KiJob self; /* the interpreter's own compile (state 2) */
    KiJob *jobs[KI_JOBS];
};

static void *ki_thread(void *arg) {
    KiJob *j = arg;
    jit_job_run(j->job);
    atomic_store(&j->done, 1);
    return NULL;
}

static int ki_start(KiJob *j) {
    atomic_store(&j->done, 0);
    j->running = pthread_create(&j->thread, NULL, ki_thread, j) == 0;
    if (!j->running) {
        jit_job_run(j->job); /* no thread: compile here */
        atomic_store(&j->done, 1);
    }
    return 0;
}

/* End a finished job: its CUBIN into the disk cache, then the function loaded. */
static int ki_finish(GpuState *G, KiJob *j, const char *name, CUfunction *f) {
    if (j->running) pthread_join(j->thread, NULL);
    j->running = false;
    JitJob *job = j->job;
    j->job = NULL;
    if (job && jit_job_end(G, job) < 0) return -1;
    JitRequest req = {0};
    req.source = j->src.buf;
    req.name = "krait_array_kernel.cu";
    return jit_get_function(G, &req, name, f);
}

static void ki_job_free(GpuState *G, KiJob *j, bool heap) {
    if (j->running) pthread_join(j->thread, NULL);
    j->running = false;
    if (j->job) jit_job_end(G, j->job); /* keeps its CUBIN for the next process */
    j->job = NULL;
    ksrc_free(&j->src);
    if (heap) gpu_host_free(G, j, sizeof *j);
}

static void ki_free(GpuState *G) {
    struct GpuFuseInterp *fi = G->kernels.interp;
    if (!fi) return;
    for (int i = 0; i < KI_JOBS; i++)
        if (fi->jobs[i]) ki_job_free(G, fi->jobs[i], true);
    ki_job_free(G, &fi->self, false);
    gpu_host_free(G, fi, sizeof *fi);
    G->kernels.interp = NULL;
}

static struct GpuFuseInterp *ki_state(GpuState *G) {
    if (G->kernels.interp) return G->kernels.interp;
    struct GpuFuseInterp *fi = gpu_host_alloc(G, sizeof *fi);
    if (!fi) return NULL;
    memset(fi, 0, sizeof *fi);
    G->kernels.interp = fi;
    G->kernels.interp_free = ki_free;
    return fi;
}

/* The interpreter's function: 1 ready, 0 not (yet) here, -1 error. wait: compile it now if
 * it is not (the "always" setting). Without a disk cache it is never used in the automatic
 * mode (each specialized compile would run twice, ki_finish). */
static int ki_function(GpuState *G, struct GpuFuseInterp *fi, bool wait) {
    if (fi->state == 1) return 1;
    if (fi->state == -1) return 0;
    if (G->mock) {
        if (kernels_host_interp(G, &fi->f) < 0) return -1;
        gpu_func_name_set(G, fi->f, "kr_fuse_interp");
        fi->state = 1;
        return 1;
    }
    if (fi->state == 0) {
        ksrc_init(&fi->self.src, G);
        kernels_interp_source(&fi->self.src);
        if (fi->self.src.failed)
            return gpu_set_error(G, GPU_ERR_HOST_MEMORY, "out of memory generating a kernel");
        /* the specialized kernels' compiles end in the disk cache, from where the launch
         * that takes one loads it: without a disk cache each would compile twice */
        if (!wait && !jit_cache_root(G)) {
            fi->state = -1;
            return 0;
        }
        /* the build's CUBIN for this device, when it has one: no NVRTC, no disk read */
        int pb =
            jit_prebuilt_function(G, "kr_fuse_interp", fi->self.src.buf, "kr_fuse_interp", &fi->f);
        if (pb < 0) return -1;
        if (pb == 1) {
            ksrc_free(&fi->self.src);
            fi->state = 1;
            return 1;
        }
        JitRequest req = {0};
        req.source = fi->self.src.buf;
        req.name = "krait_array_kernel.cu";
        int r = wait ? 1 : jit_job_begin(G, &req, false, &fi->self.job);
        if (r < 0) return -1;
        if (r == 1) {
            fi->self.job = NULL;
            if (jit_get_function(G, &req, "kr_fuse_interp", &fi->f) < 0) return -1;
            fi->state = 1;
            return 1;
        }
        ki_start(&fi->self);
        fi->state = 2;
    }
    if (!atomic_load(&fi->self.done) && !wait) return 0;
    if (ki_finish(G, &fi->self, "kr_fuse_interp", &fi->f) < 0) {
        fi->state = -1;
        return -1;
    }
    fi->state = 1;
    return 1;
}

/* Job i's specialized kernel into the kernel cache (waiting for its compile when it has not
 * finished), the job freed; *f (when f) the kernel. */
static int ki_take(GpuState *G, struct GpuFuseInterp *fi, int i, CUfunction *f) {
    KiJob *j = fi->jobs[i];
    fi->jobs[i] = NULL;
    CUfunction g = j->mock_f;
    int r = g ? 0 : ki_finish(G, j, "kr_fuse", &g);
    if (r == 0) r = kcache_insert(G, j->key, j->klen, j->hash, g);
    ki_job_free(G, j, true);
    if (r < 0) return -1;
    if (f) *f = g;
    return 0;
}

static int ki_launch(GpuState *G, struct GpuFuseInterp *fi, uint64_t *iw, int niw, int64_t n,
                     CUstream s) {
    memset(iw + niw, 0, sizeof(uint64_t) * (size_t)(KI_WORDS - niw));
    return kernels_launch(G, fi->f, kernels_grid(G, n, 256), 256, 0, s, iw, KI_WORDS);
}

int kernels_interp_fuse(GpuState *G, const FuseNode *nodes, int nnodes, int root,
                        const GpuTensor *inputs, int nin, const GpuTensor *out, const FusePlan *p,
                        const uint64_t *w, int nw, int const_base, int fpe_base, int shape_base,
                        const uint8_t *key, size_t klen, uint64_t hash, CUstream s, CUfunction *f) {
    int mode = G->settings.fuse_interp;
    /* the mock's kernels need no compile: it interprets only when told to (first, always) */
    if (mode == GPU_FUSE_INTERP_OFF || (mode == GPU_FUSE_INTERP_AUTO && G->mock)) return 0;
    struct GpuFuseInterp *fi = ki_state(G);
    if (!fi) return -1;
    bool always = mode == GPU_FUSE_INTERP_ALWAYS;
    /* finished compiles become cache entries (their keys may not come again, and their
     * slots are wanted); a compile in flight for this key: interpret until it is done */
    int slot = -1, free_slot = -1;
    for (int i = 0; i < KI_JOBS; i++) {
        KiJob *j = fi->jobs[i];
        if (j && atomic_load(&j->done)) {
            if (ki_take(G, fi, i, NULL) < 0) return -1;
            j = NULL;
        }
        if (!j) {
            if (free_slot < 0) free_slot = i;
        } else if (j->hash == hash && j->klen == klen && memcmp(j->key, key, klen) == 0) {
            slot = i;
        }
    }
    if ((*f = kcache_find(G, key, klen, hash)) != NULL) return 2;
    if (slot >= 0 && !always && p->n >= KI_WAIT_ELEMENTS)
        return ki_take(G, fi, slot, f) < 0 ? -1 : 2;
    if (slot < 0 && free_slot < 0 && !always) return 0; /* enough in flight: compile here */
    uint64_t iw[KI_WORDS];
    int niw = kernels_interp_pack(nodes, nnodes, root, inputs, nin, out, p, w, nw, const_base,
                                  fpe_base, shape_base, iw);
    if (niw == 0) return 0;
    int ready = ki_function(G, fi, always);
    if (ready <= 0) return ready;
    if (slot < 0 && !always) {
        /* the specialized kernel's compile, on a thread */
        KiJob *j = gpu_host_alloc(G, sizeof *j);
        if (!j) return -1;
        memset(j, 0, sizeof *j);
        memcpy(j->key, key, klen);
        j->klen = klen;
        j->hash = hash;
        ksrc_init(&j->src, G);
        kernels_fuse_gen_source(&j->src, nodes, nnodes, root, inputs, nin, out->dtype, p, nw,
                                const_base, fpe_base, shape_base);
        int r = 0;
        if (j->src.failed) {
            r = gpu_set_error(G, GPU_ERR_HOST_MEMORY, "out of memory generating a kernel");
        } else if (G->mock) {
            r = kernels_host_fuse(G, nodes, nnodes, root, inputs, nin, out->dtype, p, const_base,
                                  fpe_base, shape_base, &j->mock_f);
            if (r == 0) gpu_func_name_set(G, j->mock_f, "kr_fuse");
            atomic_store(&j->done, 1);
        } else {
            JitRequest req = {0};
            req.source = j->src.buf;
            req.name = "krait_array_kernel.cu";
            r = jit_job_begin(G, &req, false, &j->job);
            if (r == 1) {
                /* already compiled (the disk cache): no need to interpret */
                r = jit_get_function(G, &req, "kr_fuse", f);
                ki_job_free(G, j, true);
                if (r < 0 || kcache_insert(G, key, klen, hash, *f) < 0) return -1;
                return 2;
            }
            if (r == 0) ki_start(j);
        }
        if (r < 0) {
            ki_job_free(G, j, true);
            return -1;
        }
        fi->jobs[free_slot] = j;
    }
    gpu_prof_traffic(G, gpu_tensors_bytes(inputs, nin) + gpu_tensor_bytes(out), 0.0);
    if (ki_launch(G, fi, iw, niw, p->n, s) < 0) return -1;
    return 1;
}

int kernels_interp_compile(GpuState *G, const char *arch) {
    KSource src;
    ksrc_init(&src, G);
    kernels_interp_source(&src);
    int r = kernels_build(G, &src, "kr_fuse_interp", arch, NULL);
    ksrc_free(&src);
    return r;
}
