/* kernels_matmul.c: matrix products. A tiled shared-memory kernel: a 64x64 output tile per
 * block of 256 threads, each thread computing a 4x4 sub-tile in registers, stepping through
 * K in slices of 16 staged in shared memory. Operands are read through their strides, so
 * transposed views need no copy; float16/bfloat16 accumulate in float, float64 in double.
 * A batch (3-D) runs as gridDim.z; higher ranks loop over the leading batch dims on the
 * host. This is the correct, portable path; a tensor-core (mma/wgmma) path is future work.
 *
 * Argument words: a, b, out pointers; M, N, K; a's row/col strides, b's, out's; then the
 * batch strides of a, b, out. */
#include "kernels_internal.h"

#include <stdio.h>
#include <string.h>

static const char mm_body[] =
    "extern \"C\" __global__ void __launch_bounds__(256) kr_matmul(const KrArgs p) {\n"
    "    const T *A_ = (const T *)p.w[0];\n"
    "    const T *B_ = (const T *)p.w[1];\n"
    "    T *C_ = (T *)p.w[2];\n"
    "    const i64 M = (i64)p.w[3], N = (i64)p.w[4], K = (i64)p.w[5];\n"
    "    const i64 sam = (i64)p.w[6], sak = (i64)p.w[7], sbk = (i64)p.w[8], sbn = (i64)p.w[9];\n"
    "    const i64 scm = (i64)p.w[10], scn = (i64)p.w[11];\n"
    "    A_ += (i64)blockIdx.z * (i64)p.w[12];\n"
    "    B_ += (i64)blockIdx.z * (i64)p.w[13];\n"
    "    C_ += (i64)blockIdx.z * (i64)p.w[14];\n"
    "    __shared__ ACC As[16][64 + 1];\n"
    "    __shared__ ACC Bs[16][64 + 1];\n"
    "    const int tx = threadIdx.x & 15, ty = threadIdx.x >> 4;\n"
    "    const i64 m0 = (i64)blockIdx.y * 64, n0 = (i64)blockIdx.x * 64;\n"
    "    ACC acc[4][4];\n"
    "#pragma unroll\n"
    "    for (int i = 0; i < 4; i++)\n"
    "#pragma unroll\n"
    "        for (int j = 0; j < 4; j++) acc[i][j] = 0;\n"
    "    for (i64 k0 = 0; k0 < K; k0 += 16) {\n"
    "#pragma unroll\n"
    "        for (int l = 0; l < 4; l++) {\n"
    "            int e = threadIdx.x + l * 256;\n"
    "            int am = e >> 4, ak = e & 15;\n"
    "            i64 gm = m0 + am, gk = k0 + ak;\n"
    "            As[ak][am] = (gm < M && gk < K) ? (ACC)kr_ld(A_[gm * sam + gk * sak]) : (ACC)0;\n"
    "            int bk = e >> 6, bn = e & 63;\n"
    "            i64 gk2 = k0 + bk, gn = n0 + bn;\n"
    "            Bs[bk][bn] = (gk2 < K && gn < N) ? (ACC)kr_ld(B_[gk2 * sbk + gn * sbn]) : "
    "(ACC)0;\n"
    "        }\n"
    "        __syncthreads();\n"
    "#pragma unroll\n"
    "        for (int k = 0; k < 16; k++) {\n"
    "            ACC a[4], b[4];\n"
    "#pragma unroll\n"
    "            for (int i = 0; i < 4; i++) { a[i] = As[k][ty + 16 * i]; b[i] = Bs[k][tx + 16 * "
    "i]; }\n"
    "#pragma unroll\n"
    "            for (int i = 0; i < 4; i++)\n"
    "#pragma unroll\n"
    "                for (int j = 0; j < 4; j++) acc[i][j] += a[i] * b[j];\n"
    "        }\n"
    "        __syncthreads();\n"
    "    }\n"
    "#pragma unroll\n"
    "    for (int i = 0; i < 4; i++)\n"
    "#pragma unroll\n"
    "        for (int j = 0; j < 4; j++) {\n"
    "            i64 gm = m0 + ty + 16 * i, gn = n0 + tx + 16 * j;\n"
    "            if (gm < M && gn < N) C_[gm * scm + gn * scn] = KR_STORE(acc[i][j]);\n"
    "        }\n"
    "}\n";

static int mm_function(GpuState *G, DType dt, const char *arch, CUfunction *f) {
    uint8_t key[4] = {'M', (uint8_t)dt, 1, 0};
    uint64_t h = kcache_hash(key, sizeof key);
    if (!arch && (*f = kcache_find(G, key, sizeof key, h))) return 0;
    KSource s;
    ksrc_init(&s, G);
    ksrc_puts(&s, kernels_prelude);
    ksrc_puts(&s, "struct KrArgs { u64 w[16]; };\n");
    ksrc_printf(&s, "typedef %s T;\ntypedef %s ACC;\n", kdtype_storage(dt),
                dt == DT_FLOAT64 ? "double" : "float");
    if (dt == DT_FLOAT16)
        ksrc_puts(&s, "#define KR_STORE(x) kr_to_f16(x)\n");
    else if (dt == DT_BFLOAT16)
        ksrc_puts(&s, "#define KR_STORE(x) kr_to_bf16(x)\n");
    else
        ksrc_puts(&s, "#define KR_STORE(x) (x)\n");
    ksrc_puts(&s, mm_body);
    int rc = kernels_build(G, &s, "kr_matmul", arch, f);
    ksrc_free(&s);
    if (rc < 0 || arch) return rc;
    return kcache_insert(G, key, sizeof key, h, *f);
}

int kernels_matmul_compile(GpuState *G, DType dt, const char *arch) {
    CUfunction f;
    return mm_function(G, dt, arch, &f);
}

int gpu_matmul(GpuState *G, const GpuTensor *a, const GpuTensor *b, GpuTensor *out, CUstream s) {
    if (gpu_ensure(G) < 0) return -1;
    DType dt = out->dtype;
    if (a->dtype != dt || b->dtype != dt ||
        !(dt == DT_FLOAT32 || dt == DT_FLOAT64 || dt == DT_FLOAT16 || dt == DT_BFLOAT16))
        return gpu_set_error(G, GPU_ERR_CUDA, "matmul: unsupported dtypes %s @ %s -> %s",
                             gpu_dtype_name(a->dtype), gpu_dtype_name(b->dtype),
                             gpu_dtype_name(dt));
    int nd = out->ndim;
    if (nd < 2 || a->ndim != nd || b->ndim != nd)
        return gpu_set_error(G, GPU_ERR_CUDA, "matmul: operands must have out's rank (>= 2)");
    int64_t M = out->shape[nd - 2], N = out->shape[nd - 1], K = a->shape[nd - 1];
    if (a->shape[nd - 2] != M || b->shape[nd - 2] != K || b->shape[nd - 1] != N)
        return gpu_set_error(G, GPU_ERR_CUDA, "matmul: shape mismatch");
    CUfunction f;
    if (mm_function(G, dt, NULL, &f) < 0) return -1;
    if (M == 0 || N == 0) return 0;
    if (K == 0) return gpu_fill(G, out, 0.0, 0, s);
    int64_t outer = 1; /* batch dims before the last batch dim, looped on the host */
    for (int d = 0; d < nd - 3; d++)
        outer *= out->shape[d];
    int64_t zb = nd >= 3 ? out->shape[nd - 3] : 1;
    int64_t es = gpu_dtype_size(dt);
    for (int64_t o = 0; o < outer; o++) {
        int64_t rem = o, offa = 0, offb = 0, offc = 0;
        for (int d = nd - 4; d >= 0; d--) {
            int64_t c = rem % out->shape[d];
            rem /= out->shape[d];
            offa += c * (a->shape[d] == 1 ? 0 : a->strides[d]);
            offb += c * (b->shape[d] == 1 ? 0 : b->strides[d]);
            offc += c * out->strides[d];
        }
        uint64_t w[16] = {a->ptr + (uint64_t)(offa * es),
                          b->ptr + (uint64_t)(offb * es),
                          out->ptr + (uint64_t)(offc * es),
                          (uint64_t)M,
                          (uint64_t)N,
                          (uint64_t)K,
                          (uint64_t)a->strides[nd - 2],
                          (uint64_t)a->strides[nd - 1],
                          (uint64_t)b->strides[nd - 2],
                          (uint64_t)b->strides[nd - 1],
                          (uint64_t)out->strides[nd - 2],
                          (uint64_t)out->strides[nd - 1],
                          nd >= 3 && a->shape[nd - 3] != 1 ? (uint64_t)a->strides[nd - 3] : 0,
                          nd >= 3 && b->shape[nd - 3] != 1 ? (uint64_t)b->strides[nd - 3] : 0,
                          nd >= 3 ? (uint64_t)out->strides[nd - 3] : 0,
                          0};
        unsigned grid[3] = {(unsigned)((N + 63) / 64), (unsigned)((M + 63) / 64), (unsigned)zb};
        if (kernels_launch3(G, f, grid, 256, 0, s, w, 16) < 0) return -1;
    }
    return 0;
}
