/* kernels_reduce.c: reductions (sum, prod, min, max, argmin, argmax, any, all, mean) over
 * every element or along one axis. One generated module per (operation, input dtype,
 * output dtype, vector width) holds four kernels:
 *   kr_red_pass1  grid-stride over a contiguous input with 16-byte loads; each block's
 *                 warp-shuffle tree leaves one partial (value, index) in a scratch buffer;
 *   kr_red_final  one block combines the partials in a fixed order (deterministic: no
 *                 atomics) and writes the result (mean divides by the count here);
 *   kr_red_rows   the reduced axis is innermost: one warp per output row;
 *   kr_red_cols   the reduced axis has an inner extent: one thread per output, reading
 *                 rows in order, so neighbouring threads read neighbouring elements.
 * Non-contiguous inputs are first copied to a contiguous scratch buffer. */
#include "kernels_internal.h"

#include <stdio.h>
#include <string.h>

#define RED_BLOCK 256

static const char red_body[] =
    "#define KR_NOIDX 0x7fffffffffffffffll\n"
    "__device__ __forceinline__ void kr_acc(A &v, i64 &i, A bv, i64 bi) {\n"
    "#if KR_ARG\n"
    "    bool take;\n"
    "    if (kr_isnan(v)) take = kr_isnan(bv) && bi < i;\n"
    "    else if (kr_isnan(bv)) take = true;\n"
    "    else take = KR_BETTER(bv, v) || (bv == v && bi < i);\n"
    "    if (take) { v = bv; i = bi; }\n"
    "#else\n"
    "    v = kr_comb(v, bv);\n"
    "#endif\n"
    "}\n"
    "__device__ __forceinline__ void kr_warp(A &v, i64 &i) {\n"
    "    for (int o = 16; o > 0; o >>= 1) {\n"
    "        A ov = __shfl_down_sync(0xffffffffu, v, o);\n"
    "#if KR_ARG\n"
    "        i64 oi = __shfl_down_sync(0xffffffffu, i, o);\n"
    "#else\n"
    "        i64 oi = 0;\n"
    "#endif\n"
    "        kr_acc(v, i, ov, oi);\n"
    "    }\n"
    "}\n"
    "__device__ __forceinline__ void kr_block(A &v, i64 &i) {\n"
    "    __shared__ A sv[32];\n"
    "    __shared__ i64 si[32];\n"
    "    kr_warp(v, i);\n"
    "    int lane = threadIdx.x & 31, w = threadIdx.x >> 5;\n"
    "    if (lane == 0) { sv[w] = v; si[w] = i; }\n"
    "    __syncthreads();\n"
    "    if (w == 0) {\n"
    "        bool have = lane < (int)(blockDim.x >> 5);\n"
    "        v = have ? sv[lane] : kr_id();\n"
    "        i = have ? si[lane] : KR_NOIDX;\n"
    "        kr_warp(v, i);\n"
    "    }\n"
    "}\n"
    "extern \"C\" __global__ void __launch_bounds__(256) kr_red_pass1(const KrArgs p) {\n"
    "    const IT *__restrict__ in = (const IT *)p.w[0];\n"
    "    A *pv = (A *)p.w[1];\n"
    "    i64 *pi = (i64 *)p.w[2];\n"
    "    const i64 n = (i64)p.w[3];\n"
    "    A v = kr_id();\n"
    "    i64 idx = KR_NOIDX;\n"
    "    const i64 nv = n / KR_V;\n"
    "    const i64 stride = (i64)gridDim.x * blockDim.x;\n"
    "    const i64 t0 = (i64)blockIdx.x * blockDim.x + threadIdx.x;\n"
    "#pragma unroll 4\n"
    "    for (i64 t = t0; t < nv; t += stride) {\n"
    "        kr_vec<IT, KR_V> x = ((const kr_vec<IT, KR_V> *)in)[t];\n"
    "#pragma unroll\n"
    "        for (int j = 0; j < KR_V; j++) kr_acc(v, idx, kr_load(x.v[j]), t * KR_V + j);\n"
    "    }\n"
    "    for (i64 k = nv * KR_V + t0; k < n; k += stride) kr_acc(v, idx, kr_load(in[k]), k);\n"
    "    kr_block(v, idx);\n"
    "    if (threadIdx.x == 0) { pv[blockIdx.x] = v; pi[blockIdx.x] = idx; }\n"
    "}\n"
    "extern \"C\" __global__ void __launch_bounds__(256) kr_red_final(const KrArgs p) {\n"
    "    const A *pv = (const A *)p.w[1];\n"
    "    const i64 *pi = (const i64 *)p.w[2];\n"
    "    const i64 n = (i64)p.w[3];\n"
    "    const i64 nb = (i64)p.w[4];\n"
    "    OT *out = (OT *)p.w[5];\n"
    "    A v = kr_id();\n"
    "    i64 idx = KR_NOIDX;\n"
    "    for (i64 k = threadIdx.x; k < nb; k += blockDim.x) kr_acc(v, idx, pv[k], pi[k]);\n"
    "    kr_block(v, idx);\n"
    "    if (threadIdx.x == 0) out[0] = kr_fin(v, idx, n);\n"
    "}\n"
    "extern \"C\" __global__ void __launch_bounds__(256) kr_red_rows(const KrArgs p) {\n"
    "    const IT *__restrict__ in = (const IT *)p.w[0];\n"
    "    const i64 rows = (i64)p.w[1], R = (i64)p.w[2];\n"
    "    OT *out = (OT *)p.w[5];\n"
    "    const i64 row = (i64)blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);\n"
    "    if (row >= rows) return;\n"
    "    const IT *r = in + row * R;\n"
    "    A v = kr_id();\n"
    "    i64 idx = KR_NOIDX;\n"
    "    for (i64 k = threadIdx.x & 31; k < R; k += 32) kr_acc(v, idx, kr_load(r[k]), k);\n"
    "    kr_warp(v, idx);\n"
    "    if ((threadIdx.x & 31) == 0) out[row] = kr_fin(v, idx, R);\n"
    "}\n"
    "extern \"C\" __global__ void __launch_bounds__(256) kr_red_cols(const KrArgs p) {\n"
    "    const IT *__restrict__ in = (const IT *)p.w[0];\n"
    "    const i64 outer = (i64)p.w[1], R = (i64)p.w[2], inner = (i64)p.w[3];\n"
    "    OT *out = (OT *)p.w[5];\n"
    "    const i64 total = outer * inner;\n"
    "    for (i64 t = (i64)blockIdx.x * blockDim.x + threadIdx.x; t < total;\n"
    "         t += (i64)gridDim.x * blockDim.x) {\n"
    "        i64 o = t / inner, j = t - o * inner;\n"
    "        const IT *c = in + o * R * inner + j;\n"
    "        A v = kr_id();\n"
    "        i64 idx = KR_NOIDX;\n"
    "        for (i64 k = 0; k < R; k++) kr_acc(v, idx, kr_load(c[k * inner]), k);\n"
    "        out[t] = kr_fin(v, idx, R);\n"
    "    }\n"
    "}\n";

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

static void red_gen(KSource *s, int op, DType in, DType out, int V) {
    ksrc_puts(s, kernels_prelude);
    ksrc_puts(s, "struct KrArgs { u64 w[8]; };\n");
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
    if (op == GPU_REDUCE_ANY || op == GPU_REDUCE_ALL)
        ksrc_puts(s, "__device__ __forceinline__ A kr_load(IT x) { return kr_ld(x) != 0; }\n");
    else
        ksrc_puts(s, "__device__ __forceinline__ A kr_load(IT x) { return (A)kr_ld(x); }\n");
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
    ksrc_puts(s, red_body);
}

static int red_function(GpuState *G, int op, DType in, DType out, int V, const char *name,
                        const char *arch, CUfunction *f) {
    uint8_t key[8] = {'R', (uint8_t)op, (uint8_t)in, (uint8_t)out, (uint8_t)V, 0, 0, 0};
    size_t nlen = strlen(name);
    key[5] = (uint8_t)name[nlen - 1]; /* pass1 '1', final 'l', rows 's', cols: 's' too */
    key[6] = (uint8_t)name[nlen - 2];
    uint64_t h = kcache_hash(key, sizeof key);
    if (!arch && (*f = kcache_find(G, key, sizeof key, h))) return 0;
    KSource src;
    ksrc_init(&src, G);
    red_gen(&src, op, in, out, V);
    int rc = G->mock && !arch ? kernels_host_reduce(G, op, in, out, V, name, f)
                              : kernels_build(G, &src, name, arch, f);
    ksrc_free(&src);
    if (rc < 0 || arch) return rc;
    return kcache_insert(G, key, sizeof key, h, *f);
}

int kernels_reduce_compile(GpuState *G, int op, DType in, DType out, const char *arch) {
    CUfunction f;
    return red_function(G, op, in, out, 16 / gpu_dtype_size(in), "kr_red_pass1", arch, &f);
}

static int red_check(GpuState *G, int op, const GpuTensor *in, int axis) {
    if (op < GPU_REDUCE_SUM || op > GPU_REDUCE_MEAN)
        return gpu_set_error(G, GPU_ERR_CUDA, "reduce: unknown operation %d", op);
    if (axis < -1 || axis >= (in->ndim > 0 ? in->ndim : 1))
        return gpu_set_error(G, GPU_ERR_CUDA, "reduce: bad axis %d", axis);
    return 0;
}

int gpu_reduce(GpuState *G, int op, const GpuTensor *in, int axis, GpuTensor *out, CUstream s) {
    if (gpu_ensure(G) < 0 || red_check(G, op, in, axis) < 0) return -1;
    if (in->ndim == 0) axis = -1;
    int64_t n = gpu_tensor_size(in);
    /* A non-contiguous input is reduced from a contiguous copy. */
    GpuTensor src = *in;
    CUdeviceptr scratch = 0;
    size_t scratch_bytes = 0;
    if (!gpu_tensor_is_contiguous(in) && n > 0) {
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
    int esize = gpu_dtype_size(in->dtype);
    if (axis == -1 || in->ndim <= 1) {
        int V = 16 / esize;
        if (src.ptr % 16 != 0) V = 1;
        CUfunction p1, fin;
        if (red_function(G, op, in->dtype, out->dtype, V, "kr_red_pass1", NULL, &p1) < 0 ||
            red_function(G, op, in->dtype, out->dtype, V, "kr_red_final", NULL, &fin) < 0)
            goto fail;
        int64_t sms = G->sm_count > 0 ? G->sm_count : 132;
        int64_t nb = (n / V + RED_BLOCK - 1) / RED_BLOCK;
        if (nb > sms * 8) nb = sms * 8;
        if (nb < 1) nb = 1;
        CUdeviceptr partial;
        size_t pbytes = (size_t)nb * 16;
        if (gpu_mem_alloc(G, pbytes, s, &partial) < 0) goto fail;
        uint64_t w[8] = {
            src.ptr, partial, partial + (uint64_t)nb * 8, (uint64_t)n, (uint64_t)nb, out->ptr,
            0,       0};
        int rc = kernels_launch(G, p1, (unsigned)nb, RED_BLOCK, 0, s, w, 8);
        if (rc == 0) rc = kernels_launch(G, fin, 1, RED_BLOCK, 0, s, w, 8);
        gpu_mem_free(G, partial, pbytes, s);
        if (rc < 0) goto fail;
    } else {
        int64_t outer = 1, inner = 1, R = in->shape[axis];
        for (int d = 0; d < axis; d++)
            outer *= in->shape[d];
        for (int d = axis + 1; d < in->ndim; d++)
            inner *= in->shape[d];
        uint64_t w[8] = {src.ptr, (uint64_t)outer, (uint64_t)R, (uint64_t)inner, 0, out->ptr, 0, 0};
        CUfunction f;
        if (inner == 1) {
            w[1] = (uint64_t)outer;
            if (red_function(G, op, in->dtype, out->dtype, 1, "kr_red_rows", NULL, &f) < 0)
                goto fail;
            int64_t blocks = (outer + 7) / 8;
            if (outer > 0 && kernels_launch(G, f, (unsigned)blocks, RED_BLOCK, 0, s, w, 8) < 0)
                goto fail;
        } else {
            if (red_function(G, op, in->dtype, out->dtype, 1, "kr_red_cols", NULL, &f) < 0)
                goto fail;
            if (outer * inner > 0 && kernels_launch(G, f, kernels_grid(G, outer * inner, RED_BLOCK),
                                                    RED_BLOCK, 0, s, w, 8) < 0)
                goto fail;
        }
    }
    if (scratch) gpu_mem_free(G, scratch, scratch_bytes, s);
    return 0;
fail:
    if (scratch) gpu_mem_free(G, scratch, scratch_bytes, s);
    return -1;
}
