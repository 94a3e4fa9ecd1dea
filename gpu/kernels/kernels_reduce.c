/* kernels_reduce.c: reductions (sum, prod, min, max, argmin, argmax, any, all, mean) over
 * every element or along one axis. One generated module per (operation, input dtype,
 * output dtype, vector width) holds four kernels:
 *   kr_red_pass1  grid-stride over a contiguous input with 16-byte loads; each block's
 *                 warp-shuffle tree leaves one partial (value, index) in a scratch buffer;
 *   kr_red_final  one block combines the partials in a fixed order (deterministic: no
 *                 atomics) and writes the result (mean divides by the count here);
 *   kr_red_rows   the reduced axis is innermost: one warp per output row, eight loads in
 *                 flight per lane on long rows (four left an SM short of the bytes in
 *                 flight the H200 needs), each lane still adding its elements in order;
 *   kr_red_cols   the reduced axis has an inner extent: one thread per output, reading
 *                 rows in order, so neighbouring threads read neighbouring elements.
 * Non-contiguous inputs are first copied to a contiguous scratch buffer. */
#include "../runtime/profile.h"
#include "kernels_internal.h"

#include <stdio.h>
#include <string.h>

#define RED_BLOCK 256

static const char red_body[] =
    "#define KR_NOIDX 0x7fffffffffffffffll\n"
    "__device__ __forceinline__ void kr_acc(A &v, i64 &i, A bv, i64 bi, unsigned &rf) {\n"
    "    (void)rf;\n"
    "#if KR_ARG\n"
    "    bool take;\n"
    "    if (kr_isnan(v)) take = kr_isnan(bv) && bi < i;\n"
    "    else if (kr_isnan(bv)) take = true;\n"
    "    else take = KR_BETTER(bv, v) || (bv == v && bi < i);\n"
    "    if (take) { v = bv; i = bi; }\n"
    "#elif KR_RCHECK\n"
    "    A r_ = kr_comb(v, bv);\n"
    "    rf |= kr_rfe(v, bv, r_);\n"
    "    v = r_;\n"
    "#else\n"
    "    v = kr_comb(v, bv);\n"
    "#endif\n"
    "}\n"
    "/* a lane's combine counts only where its value reaches lane 0 (lane < o): the others\n"
    " * add values past the warp's end, which may overflow where the result does not */\n"
    "__device__ __forceinline__ void kr_warp(A &v, i64 &i, unsigned &rf) {\n"
    "    for (int o = 16; o > 0; o >>= 1) {\n"
    "        A ov = __shfl_down_sync(0xffffffffu, v, o);\n"
    "#if KR_ARG\n"
    "        i64 oi = __shfl_down_sync(0xffffffffu, i, o);\n"
    "#else\n"
    "        i64 oi = 0;\n"
    "#endif\n"
    "        unsigned f_ = 0;\n"
    "        kr_acc(v, i, ov, oi, f_);\n"
    "        if ((int)(threadIdx.x & 31) < o) rf |= f_;\n"
    "    }\n"
    "}\n"
    "__device__ __forceinline__ void kr_block(A &v, i64 &i, unsigned &rf) {\n"
    "    __shared__ A sv[32];\n"
    "    __shared__ i64 si[32];\n"
    "    kr_warp(v, i, rf);\n"
    "    int lane = threadIdx.x & 31, w = threadIdx.x >> 5;\n"
    "    if (lane == 0) { sv[w] = v; si[w] = i; }\n"
    "    __syncthreads();\n"
    "    if (w == 0) {\n"
    "        bool have = lane < (int)(blockDim.x >> 5);\n"
    "        v = have ? sv[lane] : kr_id();\n"
    "        i = have ? si[lane] : KR_NOIDX;\n"
    "        kr_warp(v, i, rf);\n"
    "    }\n"
    "}\n"
    "/* the reduction's own floating-point errors into its flag word (p.w[6]) */\n"
    "#if KR_RCHECK\n"
    "#define KR_RFLUSH if (rf_) atomicOr((unsigned *)p.w[6], rf_)\n"
    "#else\n"
    "#define KR_RFLUSH (void)rf_\n"
    "#endif\n"
    "#define KR_OUT(dst, v, idx, n) { OT o_ = kr_fin(v, idx, n); rf_ |= kr_ofe(v, o_); dst = o_; "
    "}\n"
    "extern \"C\" __global__ void __launch_bounds__(256) kr_red_pass1(const KrArgs p) {\n"
    "    const IT *__restrict__ in = (const IT *)p.w[0];\n"
    "    (void)in;\n"
    "    A *pv = (A *)p.w[1];\n"
    "    i64 *pi = (i64 *)p.w[2];\n"
    "    const i64 n = (i64)p.w[3];\n"
    "    A v = kr_id();\n"
    "    i64 idx = KR_NOIDX;\n"
    "    unsigned rf_ = 0;\n"
    "    const i64 nv = n / KR_V;\n"
    "    const i64 stride = (i64)gridDim.x * blockDim.x;\n"
    "    const i64 t0 = (i64)blockIdx.x * blockDim.x + threadIdx.x;\n"
    "    KR_FE;\n"
    "#pragma unroll 4\n"
    "    for (i64 t = t0; t < nv; t += stride) {\n"
    "        KR_VDECL(t);\n"
    "#pragma unroll\n"
    "        for (int j = 0; j < KR_V; j++) kr_acc(v, idx, KR_VAT(j), t * KR_V + j, rf_);\n"
    "    }\n"
    "    for (i64 k = nv * KR_V + t0; k < n; k += stride) kr_acc(v, idx, KR_AT(k), k, rf_);\n"
    "    KR_FE_END;\n"
    "    kr_block(v, idx, rf_);\n"
    "    if (threadIdx.x == 0) {\n"
    "        if (gridDim.x == 1) KR_OUT(((OT *)p.w[5])[0], v, idx, n)\n"
    "        else { pv[blockIdx.x] = v; pi[blockIdx.x] = idx; }\n"
    "    }\n"
    "    KR_RFLUSH;\n"
    "}\n"
    "extern \"C\" __global__ void __launch_bounds__(256) kr_red_final(const KrArgs p) {\n"
    "    const A *pv = (const A *)p.w[1];\n"
    "    const i64 *pi = (const i64 *)p.w[2];\n"
    "    const i64 n = (i64)p.w[3];\n"
    "    const i64 nb = (i64)p.w[4];\n"
    "    OT *out = (OT *)p.w[5];\n"
    "    A v = kr_id();\n"
    "    i64 idx = KR_NOIDX;\n"
    "    unsigned rf_ = 0;\n"
    "    for (i64 k = threadIdx.x; k < nb; k += blockDim.x) kr_acc(v, idx, pv[k], pi[k], rf_);\n"
    "    kr_block(v, idx, rf_);\n"
    "    if (threadIdx.x == 0) KR_OUT(out[0], v, idx, n)\n"
    "    KR_RFLUSH;\n"
    "}\n"
    "extern \"C\" __global__ void __launch_bounds__(256) kr_red_rows(const KrArgs p) {\n"
    "    const IT *__restrict__ in = (const IT *)p.w[0];\n"
    "    (void)in;\n"
    "    const i64 rows = (i64)p.w[1], R = (i64)p.w[2];\n"
    "    OT *out = (OT *)p.w[5];\n"
    "    const i64 row = (i64)blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);\n"
    "    if (row >= rows) return;\n"
    "    KR_ROW(row);\n"
    "    KR_FE;\n"
    "    A v = kr_id();\n"
    "    i64 idx = KR_NOIDX;\n"
    "    unsigned rf_ = 0;\n"
    "    i64 k = threadIdx.x & 31;\n"
    "    for (; k + 224 < R; k += 256) {\n"
    "        A x0 = KR_RAT(k), x1 = KR_RAT(k + 32), x2 = KR_RAT(k + 64), x3 = KR_RAT(k + 96);\n"
    "        A x4 = KR_RAT(k + 128), x5 = KR_RAT(k + 160), x6 = KR_RAT(k + 192),\n"
    "          x7 = KR_RAT(k + 224);\n"
    "        kr_acc(v, idx, x0, k, rf_);\n"
    "        kr_acc(v, idx, x1, k + 32, rf_);\n"
    "        kr_acc(v, idx, x2, k + 64, rf_);\n"
    "        kr_acc(v, idx, x3, k + 96, rf_);\n"
    "        kr_acc(v, idx, x4, k + 128, rf_);\n"
    "        kr_acc(v, idx, x5, k + 160, rf_);\n"
    "        kr_acc(v, idx, x6, k + 192, rf_);\n"
    "        kr_acc(v, idx, x7, k + 224, rf_);\n"
    "    }\n"
    "    for (; k + 96 < R; k += 128) {\n"
    "        A x0 = KR_RAT(k), x1 = KR_RAT(k + 32), x2 = KR_RAT(k + 64), x3 = KR_RAT(k + 96);\n"
    "        kr_acc(v, idx, x0, k, rf_);\n"
    "        kr_acc(v, idx, x1, k + 32, rf_);\n"
    "        kr_acc(v, idx, x2, k + 64, rf_);\n"
    "        kr_acc(v, idx, x3, k + 96, rf_);\n"
    "    }\n"
    "    for (; k < R; k += 32) kr_acc(v, idx, KR_RAT(k), k, rf_);\n"
    "    KR_FE_END;\n"
    "    kr_warp(v, idx, rf_);\n"
    "    if ((threadIdx.x & 31) == 0) KR_OUT(out[row], v, idx, R)\n"
    "    KR_RFLUSH;\n"
    "}\n"
    "extern \"C\" __global__ void __launch_bounds__(256) kr_red_cols(const KrArgs p) {\n"
    "    const IT *__restrict__ in = (const IT *)p.w[0];\n"
    "    (void)in;\n"
    "    const i64 outer = (i64)p.w[1], R = (i64)p.w[2], inner = (i64)p.w[3];\n"
    "    OT *out = (OT *)p.w[5];\n"
    "    const i64 total = outer * inner;\n"
    "    unsigned rf_ = 0;\n"
    "    KR_FE;\n"
    "    for (i64 t = (i64)blockIdx.x * blockDim.x + threadIdx.x; t < total;\n"
    "         t += (i64)gridDim.x * blockDim.x) {\n"
    "        i64 o = t / inner, j = t - o * inner;\n"
    "        const i64 cb = o * R * inner + j;\n"
    "        A v = kr_id();\n"
    "        i64 idx = KR_NOIDX;\n"
    "        for (i64 k = 0; k < R; k++) kr_acc(v, idx, KR_AT(cb + k * inner), k, rf_);\n"
    "        KR_OUT(out[t], v, idx, R)\n"
    "    }\n"
    "    KR_FE_END;\n"
    "    KR_RFLUSH;\n"
    "}\n";

/* How the plain kernels read their input: 16-byte vectors (KR_VDECL, then lane j), element
 * k, and element k of a row. */
static const char red_plain_loads[] =
    "#define KR_FE (void)0\n#define KR_FE_END (void)0\n"
    "#define KR_VDECL(t) const kr_vec<IT, KR_V> x_ = ((const kr_vec<IT, KR_V> *)in)[t]\n"
    "#define KR_VAT(j) kr_load(x_.v[j])\n"
    "#define KR_AT(k) kr_load(in[k])\n"
    "#define KR_ROW(row) const IT *r_ = in + (row) * R\n"
    "#define KR_RAT(k) kr_load(r_[k])\n";

/* The accumulator type (a register type shuffles accept). */
static const char *red_acc(int op, DType in, DType out) {
    switch (op) {
    case GPU_REDUCE_ANY:
    case GPU_REDUCE_ALL: return "int";
    case GPU_REDUCE_SUM:
    case GPU_REDUCE_PROD:
    case GPU_REDUCE_MEAN:
        if (gpu_dtype_kind(out) == 'f') {
            if (op == GPU_REDUCE_MEAN && gpu_dtype_kind(in) != 'f') return "double";
            return out == DT_FLOAT64 ? "double" : "float";
        }
        return gpu_dtype_kind(out) == 'u' ? "u64" : "i64";
    default:
        switch (in) {
        case DT_BOOL:
        case DT_INT8:
        case DT_INT16:
        case DT_INT32: /* not float: an int32 past 2^24 would round */
        case DT_UINT8:
        case DT_UINT16: return "int";
        case DT_UINT32: return "unsigned";
        case DT_INT64: return "i64";
        case DT_UINT64: return "u64";
        case DT_FLOAT64: return "double";
        default: return "float";
        }
    }
}

/* Whether an int8 input meets a floating-point accumulator (a mean). */
static bool red_s8_float(int op, DType in) {
    return in == DT_INT8 && op == GPU_REDUCE_MEAN;
}

DType kernels_reduce_acc(int op, DType in, DType out) {
    const char *a = red_acc(op, in, out);
    if (!strcmp(a, "int")) return DT_INT32;
    if (!strcmp(a, "unsigned")) return DT_UINT32;
    if (!strcmp(a, "float")) return DT_FLOAT32;
    if (!strcmp(a, "double")) return DT_FLOAT64;
    if (!strcmp(a, "u64")) return DT_UINT64;
    return DT_INT64;
}

static const char *red_extreme(DType in, bool lowest) {
    switch (in) {
    case DT_BOOL: return lowest ? "0" : "1";
    case DT_INT8: return lowest ? "-128" : "127";
    case DT_INT16: return lowest ? "-32768" : "32767";
    case DT_INT32: return lowest ? "(-2147483647 - 1)" : "2147483647";
    case DT_INT64: return lowest ? "(-0x7fffffffffffffffll - 1)" : "0x7fffffffffffffffll";
    case DT_UINT8: return lowest ? "0" : "255";
    case DT_UINT16: return lowest ? "0" : "65535";
    case DT_UINT32: return lowest ? "0u" : "0xffffffffu";
    case DT_UINT64: return lowest ? "0ull" : "0xffffffffffffffffull";
    case DT_FLOAT64:
        return lowest ? "(-__longlong_as_double(0x7ff0000000000000ll))"
                      : "__longlong_as_double(0x7ff0000000000000ll)";
    default: return lowest ? "(-__int_as_float(0x7f800000))" : "__int_as_float(0x7f800000)";
    }
}

/* A fused reduction's graph: the fused kernel's plan and argument words, which follow the
 * reduction's 8 words (RED_FUSE_BASE) in the argument block. */
#define RED_FUSE_BASE 8
typedef struct RedFuse {
    const FuseNode *nodes;
    int nnodes, root, nin;
    const GpuTensor *inputs;
    FusePlan plan;
    uint64_t w[FUSE_MAX_WORDS + 8];
    int nw, const_base, fpe_base, shape_base;
    int nchecked; /* nodes with floating-point checks (kernels_fpe.c) */
} RedFuse;

/* The loads of a fused reduction: element e of the expression is kr_eval over each input at
 * its offset (contiguous: e; broadcast scalar: 0; strided: decomposed from e over the
 * plan's shape); a row's strided offsets are decomposed once at its first element and step
 * by the input's innermost stride (the plan's innermost dim is a multiple of the row). */
static void red_gen_fused_loads(KSource *s, const RedFuse *fz, int op, DType in, bool anyall) {
    const FusePlan *p = &fz->plan;
    int nin = fz->nin, B = RED_FUSE_BASE;
    kernels_fuse_gen_eval(s, fz->nodes, fz->nnodes, fz->root, fz->inputs, nin, in,
                          B + fz->const_base, false);
    /* an int8 into a float accumulator through kr_s8 (the prelude says why) */
    ksrc_printf(s, "__device__ __forceinline__ A kr_loadr(%s x) { return %s; }\n",
                kdtype_register(in),
                anyall                 ? "x != 0"
                : red_s8_float(op, in) ? "(A)kr_s8(x)"
                                       : "(A)x");
    int sb[FUSE_MAX_INPUTS + 1], nstr = 0;
    for (int k = 0; k <= nin; k++)
        if (p->layout[k] == FUSE_LAYOUT_STRIDED)
            sb[k] = B + fz->shape_base + p->rank * (1 + nstr++);
    const char *ix = p->path == FUSE_PATH_STRIDED32 ? "unsigned" : "u64";
    ksrc_printf(s, "struct KrOff { i64 o[%d]; };\n", nin > 0 ? nin : 1);
    ksrc_puts(s, "__device__ __forceinline__ KrOff kr_offs(const KrArgs &p, i64 e) {\n"
                 "    KrOff q;\n    (void)p; (void)e;\n");
    bool any_str = false;
    for (int k = 0; k < nin; k++)
        if (p->layout[k + 1] == FUSE_LAYOUT_STRIDED) {
            ksrc_printf(s, "    q.o[%d] = 0;\n", k);
            any_str = true;
        }
    if (any_str) {
        ksrc_printf(s, "    %s rem = (%s)e;\n", ix, ix);
        for (int d = p->rank - 1; d >= 0; d--) {
            ksrc_printf(s, "    { %s sz = (%s)p.w[%d]; %s c = rem %% sz; rem /= sz;\n", ix, ix,
                        B + fz->shape_base + d, ix);
            for (int k = 0; k < nin; k++)
                if (p->layout[k + 1] == FUSE_LAYOUT_STRIDED)
                    ksrc_printf(s, "      q.o[%d] += (i64)c * (i64)p.w[%d];\n", k, sb[k + 1] + d);
            ksrc_puts(s, "    }\n");
        }
    }
    ksrc_puts(s, "    return q;\n}\n");
    /* the checked nodes' bits, per thread, ORed into their flag words at the end of the
     * loops (one atomic per thread that saw an error) */
    const char *fe = fz->nchecked ? ", fe" : "";
    if (fz->nchecked) {
        ksrc_printf(s, "#define KR_FE unsigned fe_[%d] = {0}\n#define KR_FE_END {", fz->nchecked);
        for (int c = 0; c < fz->nchecked; c++)
            ksrc_printf(s, " if (fe_[%d]) atomicOr((unsigned *)p.w[%d], fe_[%d]);", c,
                        B + fz->fpe_base + c, c);
        ksrc_puts(s, " }\n");
    } else {
        ksrc_puts(s, "#define KR_FE (void)0\n#define KR_FE_END (void)0\n");
    }
    ksrc_printf(s,
                "__device__ __forceinline__ A kr_get(const KrArgs &p, i64 e, const KrOff &q, "
                "i64 k%s) {\n    (void)q; (void)k;\n    return kr_loadr(kr_eval(p%s",
                fz->nchecked ? ", unsigned *fe" : "", fe);
    for (int k = 0; k < nin; k++) {
        const char *t = kdtype_storage(fz->inputs[k].dtype);
        if (p->layout[k + 1] == FUSE_LAYOUT_CONTIG)
            ksrc_printf(s, ", kr_ld(((const %s *)p.w[%d])[e])", t, B + k);
        else if (p->layout[k + 1] == FUSE_LAYOUT_SCALAR)
            ksrc_printf(s, ", kr_ld(((const %s *)p.w[%d])[0])", t, B + k);
        else
            ksrc_printf(s, ", kr_ld(((const %s *)p.w[%d])[q.o[%d] + k * (i64)p.w[%d]])", t, B + k,
                        k, sb[k + 1] + p->rank - 1);
    }
    ksrc_puts(s, "));\n}\n");
    const char *fa = fz->nchecked ? ", fe_" : "";
    ksrc_printf(s,
                "#define KR_AT(e) kr_get(p, (e), kr_offs(p, (e)), 0%s)\n"
                "#define KR_ROW(row) const i64 rb_ = (row) * R; const KrOff q_ = kr_offs(p, rb_)\n"
                "#define KR_RAT(k) kr_get(p, rb_ + (k), q_, (k)%s)\n",
                fa, fa);
    if (p->path != FUSE_PATH_VECTOR || p->vec == 1) {
        ksrc_puts(s, "#define KR_VDECL(t) const i64 e_ = (t)\n#define KR_VAT(j) KR_AT(e_ + (j))\n");
        return;
    }
    ksrc_puts(s, "#define KR_VDECL(t)");
    for (int k = 0; k < nin; k++)
        if (p->layout[k + 1] == FUSE_LAYOUT_CONTIG) {
            const char *t = kdtype_storage(fz->inputs[k].dtype);
            ksrc_printf(s, " const kr_vec<%s, KR_V> a%d_ = ((const kr_vec<%s, KR_V> *)p.w[%d])[t];",
                        t, k, t, B + k);
        }
    ksrc_printf(s, " (void)0\n#define KR_VAT(j) kr_loadr(kr_eval(p%s", fa);
    for (int k = 0; k < nin; k++) {
        const char *t = kdtype_storage(fz->inputs[k].dtype);
        if (p->layout[k + 1] == FUSE_LAYOUT_CONTIG)
            ksrc_printf(s, ", kr_ld(a%d_.v[j])", k);
        else
            ksrc_printf(s, ", kr_ld(((const %s *)p.w[%d])[0])", t, B + k);
    }
    ksrc_puts(s, "))\n");
}

static void red_gen(KSource *s, int op, DType in, DType out, int V, const RedFuse *fz, bool check) {
    ksrc_puts(s, kernels_prelude);
    ksrc_printf(s, "struct KrArgs { u64 w[%d]; };\n", fz ? RED_FUSE_BASE + fz->nw : 8);
    const char *A = red_acc(op, in, out);
    ksrc_printf(s, "typedef %s IT;\ntypedef %s OT;\ntypedef %s A;\n#define KR_V %d\n",
                kdtype_storage(in), kdtype_storage(out), A, V);
    bool arg = op == GPU_REDUCE_ARGMIN || op == GPU_REDUCE_ARGMAX;
    ksrc_printf(s, "#define KR_ARG %d\n", arg ? 1 : 0);
    if (op == GPU_REDUCE_ARGMAX) ksrc_puts(s, "#define KR_BETTER(a, b) ((a) > (b))\n");
    if (op == GPU_REDUCE_ARGMIN) ksrc_puts(s, "#define KR_BETTER(a, b) ((a) < (b))\n");
    const char *id = "0", *comb = "a + b";
    switch (op) {
    case GPU_REDUCE_PROD:
        id = "1";
        comb = "a * b";
        break;
    case GPU_REDUCE_MIN:
    case GPU_REDUCE_ARGMIN:
        id = red_extreme(in, false);
        comb = "kr_min<A>(a, b)";
        break;
    case GPU_REDUCE_MAX:
    case GPU_REDUCE_ARGMAX:
        id = red_extreme(in, true);
        comb = "kr_max<A>(a, b)";
        break;
    case GPU_REDUCE_ANY:
        id = "0";
        comb = "a | b";
        break;
    case GPU_REDUCE_ALL:
        id = "1";
        comb = "a & b";
        break;
    default: break;
    }
    ksrc_printf(s, "__device__ __forceinline__ A kr_id() { return (A)(%s); }\n", id);
    ksrc_printf(s, "__device__ __forceinline__ A kr_comb(A a, A b) { return (A)(%s); }\n", comb);
    bool anyall = op == GPU_REDUCE_ANY || op == GPU_REDUCE_ALL;
    if (anyall)
        ksrc_puts(s, "__device__ __forceinline__ A kr_load(IT x) { return kr_ld(x) != 0; }\n");
    else
        ksrc_printf(s, "__device__ __forceinline__ A kr_load(IT x) { return (A)%s; }\n",
                    red_s8_float(op, in) ? "kr_s8(x)" : "kr_ld(x)");
    ksrc_puts(s, "__device__ __forceinline__ OT kr_fin(A v, i64 i, i64 n) { return ");
    if (arg)
        ksrc_puts(s, "(OT)i");
    else if (op == GPU_REDUCE_MEAN)
        ksrc_store_expr(s, out, "(v / (A)n)");
    else if (out == DT_FLOAT16 || out == DT_BFLOAT16)
        ksrc_store_expr(s, out, "(float)v");
    else
        ksrc_store_expr(s, out, "v");
    ksrc_puts(s, "; }\n");
    /* the checked variant (red_checks): each add or multiply's invalid (NaN of non-NaN
     * operands) and overflow (inf of finite ones), and a 16-bit result's rounding to inf */
    ksrc_printf(s, "#define KR_RCHECK %d\n", check ? 1 : 0);
    if (check)
        ksrc_puts(s, "__device__ __forceinline__ unsigned kr_rfe(A a, A b, A r) {\n"
                     "    return (isnan(r) && !isnan(a) && !isnan(b) ? 8u : 0u) |\n"
                     "           (isinf(r) && isfinite(a) && isfinite(b) ? 2u : 0u); }\n");
    if (check && (out == DT_FLOAT16 || out == DT_BFLOAT16))
        ksrc_puts(s, "__device__ __forceinline__ unsigned kr_ofe(A v, OT o) {\n"
                     "    return isinf((float)kr_ld(o)) && isfinite(v) ? 2u : 0u; }\n");
    else
        ksrc_puts(s, "__device__ __forceinline__ unsigned kr_ofe(A v, OT o) {\n"
                     "    (void)v; (void)o; return 0u; }\n");
    if (fz && fz->nchecked) ksrc_puts(s, kernels_fpe_prelude);
    if (fz)
        red_gen_fused_loads(s, fz, op, in, anyall);
    else
        ksrc_puts(s, red_plain_loads);
    ksrc_puts(s, red_body);
}

static int red_function(GpuState *G, int op, DType in, DType out, int V, const char *name,
                        const char *arch, const RedFuse *fz, bool check, CUfunction *f) {
    uint8_t key[8 + FUSE_KEY_BYTES] = {'R', (uint8_t)op, (uint8_t)in, (uint8_t)out, (uint8_t)V};
    key[7] = check ? 1 : 0;
    size_t nlen = strlen(name), klen = 8;
    key[5] = (uint8_t)name[nlen - 1]; /* pass1 '1', final 'l', rows 's', cols: 's' too */
    key[6] = (uint8_t)name[nlen - 2];
    if (fz) {
        key[0] = 'Q';
        GpuTensor shape = {0};
        shape.dtype = in;
        klen += kernels_fuse_key(key + 8, fz->nodes, fz->nnodes, fz->root, fz->inputs, fz->nin,
                                 &shape, &fz->plan);
    }
    uint64_t h = kcache_hash(key, klen);
    if (!arch && (*f = kcache_find(G, key, klen, h))) return 0;
    int rc;
    if (G->mock && !arch) {
        rc = fz ? kernels_host_reduce_fused(G, op, in, out, V, name, fz->nodes, fz->nnodes,
                                            fz->root, fz->inputs, fz->nin, &fz->plan,
                                            fz->const_base, fz->fpe_base, fz->shape_base, check, f)
                : kernels_host_reduce(G, op, in, out, V, name, check, f);
    } else {
        KSource src;
        ksrc_init(&src, G);
        red_gen(&src, op, in, out, V, fz, check);
        rc = kernels_build(G, &src, name, arch, f);
        ksrc_free(&src);
    }
    if (rc < 0 || arch) return rc;
    return kcache_insert(G, key, klen, h, *f);
}

/* Whether a reduction checks its own floating-point errors: sums, products and means in a
 * float accumulator (NumPy's "overflow / invalid value encountered in reduce"), when the
 * caller gave a flag word. */
static bool red_checks(int op, DType in, DType out, CUdeviceptr word) {
    if (!word || (op != GPU_REDUCE_SUM && op != GPU_REDUCE_PROD && op != GPU_REDUCE_MEAN))
        return false;
    DType a = kernels_reduce_acc(op, in, out);
    return a == DT_FLOAT32 || a == DT_FLOAT64;
}

int kernels_reduce_compile(GpuState *G, int op, DType in, DType out, const char *arch) {
    CUfunction f;
    int V = 16 / gpu_dtype_size(in);
    if (red_function(G, op, in, out, V, "kr_red_pass1", arch, NULL, false, &f) < 0) return -1;
    /* the checked variant of the sums (one per accumulator and 16-bit store: products and
     * means differ only in kr_comb / kr_fin, which the plain variants compile) */
    if (op != GPU_REDUCE_SUM || !red_checks(op, in, out, 1)) return 0;
    return red_function(G, op, in, out, V, "kr_red_pass1", arch, NULL, true, &f);
}

static int red_check(GpuState *G, int op, const GpuTensor *in, int axis) {
    if (op < GPU_REDUCE_SUM || op > GPU_REDUCE_MEAN)
        return gpu_set_error(G, GPU_ERR_CUDA, "reduce: unknown operation %d", op);
    if (axis < -1 || axis >= (in->ndim > 0 ? in->ndim : 1))
        return gpu_set_error(G, GPU_ERR_CUDA, "reduce: bad axis %d", axis);
    return 0;
}

/* The launch words: the reduction's 8, then a fused graph's. */
static int red_launch(GpuState *G, CUfunction f, unsigned grid, CUstream s, uint64_t *w,
                      const RedFuse *fz, uint64_t traffic) {
    int nw = 8;
    gpu_prof_traffic(G, traffic, 0.0);
    if (fz) {
        memcpy(w + RED_FUSE_BASE, fz->w, sizeof(uint64_t) * (size_t)fz->nw);
        nw += fz->nw;
    }
    return kernels_launch(G, f, grid, RED_BLOCK, 0, s, w, nw);
}

/* in: the input (fz NULL) or the fused expression's dtype and shape (its ptr and strides
 * unused: the graph is read at C-order element indexes). */
static int red_run(GpuState *G, int op, const GpuTensor *in, int axis, GpuTensor *out, CUstream s,
                   const RedFuse *fz, CUdeviceptr word) {
    bool ck = red_checks(op, in->dtype, out->dtype, word);
    if (in->ndim == 0) axis = -1;
    int64_t n = gpu_tensor_size(in);
    /* A non-contiguous input is reduced from a contiguous copy. */
    GpuTensor src = *in;
    CUdeviceptr scratch = 0;
    size_t scratch_bytes = 0;
    if (!fz && !gpu_tensor_is_contiguous(in) && n > 0) {
        scratch_bytes = (size_t)n * (size_t)gpu_dtype_size(in->dtype);
        if (gpu_mem_alloc(G, scratch_bytes, s, &scratch) < 0) return -1;
        src.ptr = scratch;
        int64_t st = 1;
        for (int d = in->ndim - 1; d >= 0; d--) {
            src.strides[d] = st;
            st *= in->shape[d];
        }
        if (gpu_copy_strided(G, in, &src, s) < 0) goto fail;
    }
    if (fz) src.ptr = 0;
    /* what the main pass reads and writes (a fused graph's inputs, or the input) */
    uint64_t traffic = (fz ? gpu_tensors_bytes(fz->inputs, fz->nin) : gpu_tensor_bytes(&src)) +
                       gpu_tensor_bytes(out);
    int esize = gpu_dtype_size(in->dtype);
    uint64_t w[RED_FUSE_BASE + FUSE_MAX_WORDS + 8];
    if (axis == -1 || in->ndim <= 1) {
        int V = 16 / esize;
        if (src.ptr % 16 != 0) V = 1;
        if (fz) V = fz->plan.path == FUSE_PATH_VECTOR ? fz->plan.vec : 1;
        int64_t sms = G->sm_count > 0 ? G->sm_count : 132;
        int64_t nb = (n / V + RED_BLOCK - 1) / RED_BLOCK;
        if (nb > sms * 8) nb = sms * 8;
        if (nb < 1) nb = 1;
        CUfunction p1, fin = NULL;
        if (red_function(G, op, in->dtype, out->dtype, V, "kr_red_pass1", NULL, fz, ck, &p1) < 0 ||
            (nb > 1 && red_function(G, op, in->dtype, out->dtype, V, "kr_red_final", NULL, NULL, ck,
                                    &fin) < 0))
            goto fail;
        /* one block writes the result itself: no partials, one launch */
        CUdeviceptr partial = 0;
        size_t pbytes = nb > 1 ? (size_t)nb * 16 : 0;
        if (pbytes && gpu_mem_alloc(G, pbytes, s, &partial) < 0) goto fail;
        uint64_t w0[8] = {src.ptr,
                          partial,
                          partial ? partial + (uint64_t)nb * 8 : 0,
                          (uint64_t)n,
                          (uint64_t)nb,
                          out->ptr,
                          ck ? word : 0,
                          0};
        memcpy(w, w0, sizeof w0);
        int rc = red_launch(G, p1, (unsigned)nb, s, w, fz, traffic);
        if (rc == 0 && nb > 1) rc = red_launch(G, fin, 1, s, w, NULL, 0);
        if (partial) gpu_mem_free(G, partial, pbytes, s);
        if (rc < 0) goto fail;
    } else {
        int64_t outer = 1, inner = 1, R = in->shape[axis];
        for (int d = 0; d < axis; d++)
            outer *= in->shape[d];
        for (int d = axis + 1; d < in->ndim; d++)
            inner *= in->shape[d];
        uint64_t w0[8] = {src.ptr, (uint64_t)outer, (uint64_t)R,   (uint64_t)inner,
                          0,       out->ptr,        ck ? word : 0, 0};
        memcpy(w, w0, sizeof w0);
        CUfunction f;
        if (inner == 1) {
            if (red_function(G, op, in->dtype, out->dtype, 1, "kr_red_rows", NULL, fz, ck, &f) < 0)
                goto fail;
            int64_t blocks = (outer + 7) / 8;
            if (outer > 0 && red_launch(G, f, (unsigned)blocks, s, w, fz, traffic) < 0) goto fail;
        } else {
            if (red_function(G, op, in->dtype, out->dtype, 1, "kr_red_cols", NULL, fz, ck, &f) < 0)
                goto fail;
            if (outer * inner > 0 &&
                red_launch(G, f, kernels_grid(G, outer * inner, RED_BLOCK), s, w, fz, traffic) < 0)
                goto fail;
        }
    }
    if (scratch) gpu_mem_free(G, scratch, scratch_bytes, s);
    return 0;
fail:
    if (scratch) gpu_mem_free(G, scratch, scratch_bytes, s);
    return -1;
}

int gpu_reduce_checked(GpuState *G, int op, const GpuTensor *in, int axis, GpuTensor *out,
                       CUstream s, CUdeviceptr fpe_word) {
    if (gpu_ensure(G) < 0 || red_check(G, op, in, axis) < 0) return -1;
    return red_run(G, op, in, axis, out, s, NULL, fpe_word);
}

int gpu_reduce(GpuState *G, int op, const GpuTensor *in, int axis, GpuTensor *out, CUstream s) {
    return gpu_reduce_checked(G, op, in, axis, out, s, 0);
}

/* The graph's plan and words, with the expression laid out as a contiguous array of shape's
 * shape at address 0 (aligned: the plan keeps the vector path where the inputs allow). */
static int red_fuse_setup(GpuState *G, RedFuse *fz, const FuseNode *nodes, int nnodes, int root,
                          const GpuTensor *inputs, int ninputs, const GpuTensor *shape,
                          GpuTensor *t) {
    if (kernels_fuse_validate(G, nodes, nnodes, root, ninputs) < 0) return -1;
    if (shape->ndim < 0 || shape->ndim > GPU_MAX_DIMS)
        return gpu_set_error(G, GPU_ERR_CUDA, "fused reduction: bad rank");
    memset(fz, 0, sizeof *fz);
    fz->nodes = nodes;
    fz->nnodes = nnodes;
    fz->root = root;
    fz->inputs = inputs;
    fz->nin = ninputs;
    *t = *shape;
    t->ptr = 0;
    int64_t st = 1;
    for (int d = t->ndim - 1; d >= 0; d--) {
        t->strides[d] = st;
        st *= t->shape[d];
    }
    fz->nw = kernels_fuse_prepare(G, nodes, nnodes, inputs, ninputs, t, &fz->plan, fz->w,
                                  &fz->const_base, &fz->fpe_base, &fz->shape_base);
    for (int i = 0; i < nnodes; i++)
        if (kernels_fpe_mask(nodes, &nodes[i])) fz->nchecked++;
    return fz->nw < 0 ? -1 : 0;
}

int gpu_reduce_fused(GpuState *G, int op, const FuseNode *nodes, int nnodes, int root,
                     const GpuTensor *inputs, int ninputs, const GpuTensor *shape, int axis,
                     GpuTensor *out, CUstream s) {
    return gpu_reduce_fused_checked(G, op, nodes, nnodes, root, inputs, ninputs, shape, axis, out,
                                    s, 0);
}

int gpu_reduce_fused_checked(GpuState *G, int op, const FuseNode *nodes, int nnodes, int root,
                             const GpuTensor *inputs, int ninputs, const GpuTensor *shape, int axis,
                             GpuTensor *out, CUstream s, CUdeviceptr fpe_word) {
    if (gpu_ensure(G) < 0 || red_check(G, op, shape, axis) < 0) return -1;
    RedFuse fz;
    GpuTensor t;
    if (red_fuse_setup(G, &fz, nodes, nnodes, root, inputs, ninputs, shape, &t) < 0) return -1;
    for (int i = 0; i < nnodes; i++)
        if (kernels_fpe_mask(nodes, &nodes[i]) && !nodes[i].fpe_word)
            return gpu_set_error(G, GPU_ERR_CUDA, "fused reduction: node %d has no flag word", i);
    return red_run(G, op, &t, axis, out, s, &fz, fpe_word);
}

int kernels_reduce_fused_compile(GpuState *G, int op, const FuseNode *nodes, int nnodes, int root,
                                 const GpuTensor *inputs, int ninputs, const GpuTensor *shape,
                                 DType out, const char *arch) {
    RedFuse fz;
    GpuTensor t;
    if (red_fuse_setup(G, &fz, nodes, nnodes, root, inputs, ninputs, shape, &t) < 0) return -1;
    int V = fz.plan.path == FUSE_PATH_VECTOR ? fz.plan.vec : 1;
    CUfunction f;
    if (red_function(G, op, shape->dtype, out, V, "kr_red_pass1", arch, &fz, false, &f) < 0)
        return -1;
    if (op != GPU_REDUCE_SUM || !red_checks(op, shape->dtype, out, 1)) return 0;
    return red_function(G, op, shape->dtype, out, V, "kr_red_pass1", arch, &fz, true, &f);
}
