/* kernels_matmul.c: matrix products, three paths tried in order:
 *
 * 1. cuBLASLt (gpu/kernels/cublaslt.c) when the library is present and the layouts suit it (each
 *    matrix with a unit stride along its rows or columns, a uniform batch stride): the fast
 *    path for every float dtype (float32 on TF32 tensor cores only when G->matmul_tf32).
 * 2. Own tensor-core kernel for float16/bfloat16: a 128x128 output tile per block of 256
 *    threads (8 warps of 64x32), K in slices of 32 staged through a 4-deep cp.async pipeline
 *    in dynamic shared memory (rows padded so ldmatrix reads are conflict-free), mma.sync
 *    m16n8k16 with float accumulators, blocks rastered in groups of 8 rows for L2 reuse.
 *    It needs row-major operands with 16-byte aligned rows and K, N multiples of 8, so that
 *    every 16-byte chunk is wholly inside or outside the matrix (edges are zero-filled by
 *    cp.async; M is free).
 * 3. The simple tiled kernel below for everything else (any strides, float32, float64, odd
 *    shapes): a 64x64 tile per block, each thread a 4x4 sub-tile in registers, K in slices
 *    of 16 through shared memory.
 *
 * Batches: the trailing batch dimensions that form one uniform stride in every operand (a
 * broadcast operand has stride 0) merge into one strided batch (gridDim.z, or cuBLASLt's
 * batch count); the others loop on the host. settings.matmul_own (KRAIT_MATMUL=own, taken
 * when cuBLASLt would first load) or G->matmul_own skips cuBLASLt; G->matmul_path names the path
 * that ran.
 *
 * Argument words of both kernels: a, b, out pointers; M, N, K; a's row/col strides, b's,
 * out's; then the batch strides of a, b, out (elements). */
#include "cublaslt.h"
#include "../runtime/profile.h"
#include "kernels_internal.h"

#include <dlfcn.h>
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

static const char mm_tc_body[] =
    "#define BM 128\n"
    "#define BN 128\n"
    "#define BK 32\n"
    "#define STAGES 4\n"
    "#define APAD 40\n"
    "#define BPAD 136\n"
    "__device__ __forceinline__ unsigned kr_smem(const void *p) {\n"
    "    unsigned r;\n"
    "    asm(\"{ .reg .u64 t; cvta.to.shared.u64 t, %1; cvt.u32.u64 %0, t; }\" : \"=r\"(r) : "
    "\"l\"(p));\n"
    "    return r;\n"
    "}\n"
    "__device__ __forceinline__ void kr_cp16(unsigned dst, const void *src, int bytes) {\n"
    "    asm volatile(\"cp.async.cg.shared.global [%0], [%1], 16, %2;\\n\" ::\"r\"(dst), "
    "\"l\"(src),\n"
    "                 \"r\"(bytes));\n"
    "}\n"
    "__device__ __forceinline__ void kr_ldm4(unsigned *r, unsigned addr) {\n"
    "    asm volatile(\"ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\\n\"\n"
    "                 : \"=r\"(r[0]), \"=r\"(r[1]), \"=r\"(r[2]), \"=r\"(r[3]) : \"r\"(addr));\n"
    "}\n"
    "__device__ __forceinline__ void kr_ldm4t(unsigned *r, unsigned addr) {\n"
    "    asm volatile(\"ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];\\n\"\n"
    "                 : \"=r\"(r[0]), \"=r\"(r[1]), \"=r\"(r[2]), \"=r\"(r[3]) : \"r\"(addr));\n"
    "}\n"
    "__device__ __forceinline__ void kr_mma(float *c, const unsigned *a, unsigned b0, unsigned b1) "
    "{\n"
    "    asm volatile(\"mma.sync.aligned.m16n8k16.row.col.f32.\" MMA_T \".\" MMA_T \".f32 \"\n"
    "                 \"{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\\n\"\n"
    "                 : \"+f\"(c[0]), \"+f\"(c[1]), \"+f\"(c[2]), \"+f\"(c[3])\n"
    "                 : \"r\"(a[0]), \"r\"(a[1]), \"r\"(a[2]), \"r\"(a[3]), \"r\"(b0), "
    "\"r\"(b1));\n"
    "}\n"
    "__device__ __forceinline__ unsigned kr_pack(float lo, float hi) {\n"
    "    unsigned r;\n"
    "    asm(\"cvt.rn.\" MMA_T \"x2.f32 %0, %1, %2;\" : \"=r\"(r) : \"f\"(hi), \"f\"(lo));\n"
    "    return r;\n"
    "}\n"
    "extern \"C\" __global__ void __launch_bounds__(256, 2) kr_matmul_tc(const KrArgs p) {\n"
    "    extern __shared__ __align__(16) unsigned char kr_sm[];\n"
    "    const unsigned short *A_ = (const unsigned short *)p.w[0];\n"
    "    const unsigned short *B_ = (const unsigned short *)p.w[1];\n"
    "    unsigned short *C_ = (unsigned short *)p.w[2];\n"
    "    const i64 M = (i64)p.w[3], N = (i64)p.w[4], K = (i64)p.w[5];\n"
    "    const i64 lda = (i64)p.w[6], ldb = (i64)p.w[8], ldc = (i64)p.w[10];\n"
    "    A_ += (i64)blockIdx.z * (i64)p.w[12];\n"
    "    B_ += (i64)blockIdx.z * (i64)p.w[13];\n"
    "    C_ += (i64)blockIdx.z * (i64)p.w[14];\n"
    "    /* Grouped raster: 8 block-rows share the B tiles they read, which then stay in L2. */\n"
    "    const int gx = gridDim.x, gy = gridDim.y;\n"
    "    const int pid = blockIdx.y * gx + blockIdx.x;\n"
    "    const int gsize = 8 * gx, first = (pid / gsize) * 8;\n"
    "    const int gm = min(gy - first, 8);\n"
    "    const int bm = first + (pid % gsize) % gm, bn = (pid % gsize) / gm;\n"
    "    const i64 m0 = (i64)bm * BM, n0 = (i64)bn * BN;\n"
    "    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;\n"
    "    const int wm = (warp >> 2) * 64, wn = (warp & 3) * 32;\n"
    "    const unsigned sA = kr_smem(kr_sm);\n"
    "    const unsigned sB = sA + STAGES * BM * APAD * 2;\n"
    "    float acc[4][4][4];\n"
    "#pragma unroll\n"
    "    for (int i = 0; i < 4; i++)\n"
    "#pragma unroll\n"
    "        for (int j = 0; j < 4; j++)\n"
    "#pragma unroll\n"
    "            for (int e = 0; e < 4; e++) acc[i][j][e] = 0.f;\n"
    "    const int KT = (int)((K + BK - 1) / BK);\n"
    "    /* each thread copies 2 chunks of 16 bytes of A's tile and 2 of B's per stage */\n"
    "    auto load = [&](int stage, int kt) {\n"
    "        const i64 k0 = (i64)kt * BK;\n"
    "#pragma unroll\n"
    "        for (int l = 0; l < 2; l++) {\n"
    "            int c = tid + l * 256;\n"
    "            int ar = c >> 2, ak = (c & 3) * 8;\n"
    "            i64 gr = m0 + ar, gk = k0 + ak;\n"
    "            bool ok = gr < M && gk < K;\n"
    "            kr_cp16(sA + (unsigned)((stage * BM * APAD + ar * APAD + ak) * 2),\n"
    "                    ok ? (const void *)(A_ + gr * lda + gk) : (const void *)A_, ok ? 16 : "
    "0);\n"
    "            int br = c >> 4, bc = (c & 15) * 8;\n"
    "            i64 gk2 = k0 + br, gn = n0 + bc;\n"
    "            bool ok2 = gk2 < K && gn < N;\n"
    "            kr_cp16(sB + (unsigned)((stage * BK * BPAD + br * BPAD + bc) * 2),\n"
    "                    ok2 ? (const void *)(B_ + gk2 * ldb + gn) : (const void *)B_, ok2 ? 16 : "
    "0);\n"
    "        }\n"
    "    };\n"
    "#pragma unroll\n"
    "    for (int s = 0; s < STAGES - 1; s++) {\n"
    "        if (s < KT) load(s, s);\n"
    "        asm volatile(\"cp.async.commit_group;\\n\" ::);\n"
    "    }\n"
    "    for (int kt = 0; kt < KT; kt++) {\n"
    "        asm volatile(\"cp.async.wait_group %0;\\n\" ::\"n\"(STAGES - 2));\n"
    "        __syncthreads();\n"
    "        /* the stage refilled here was last read in iteration kt-1, which every warp has\n"
    "         * finished (the barrier above) */\n"
    "        int nk = kt + STAGES - 1;\n"
    "        if (nk < KT) load(nk % STAGES, nk);\n"
    "        asm volatile(\"cp.async.commit_group;\\n\" ::);\n"
    "        const int st = kt % STAGES;\n"
    "        const unsigned a_st = sA + (unsigned)(st * BM * APAD * 2);\n"
    "        const unsigned b_st = sB + (unsigned)(st * BK * BPAD * 2);\n"
    "#pragma unroll\n"
    "        for (int kk = 0; kk < BK; kk += 16) {\n"
    "            unsigned af[4][4], bf[4][2];\n"
    "#pragma unroll\n"
    "            for (int i = 0; i < 4; i++) {\n"
    "                int r = wm + i * 16 + (lane & 15), c = kk + (lane >> 4) * 8;\n"
    "                kr_ldm4(af[i], a_st + (unsigned)((r * APAD + c) * 2));\n"
    "            }\n"
    "#pragma unroll\n"
    "            for (int j = 0; j < 2; j++) {\n"
    "                unsigned t[4];\n"
    "                int r = kk + (lane & 15), c = wn + j * 16 + (lane >> 4) * 8;\n"
    "                kr_ldm4t(t, b_st + (unsigned)((r * BPAD + c) * 2));\n"
    "                bf[2 * j][0] = t[0];\n"
    "                bf[2 * j][1] = t[1];\n"
    "                bf[2 * j + 1][0] = t[2];\n"
    "                bf[2 * j + 1][1] = t[3];\n"
    "            }\n"
    "#pragma unroll\n"
    "            for (int i = 0; i < 4; i++)\n"
    "#pragma unroll\n"
    "                for (int j = 0; j < 4; j++) kr_mma(acc[i][j], af[i], bf[j][0], bf[j][1]);\n"
    "        }\n"
    "    }\n"
    "    asm volatile(\"cp.async.wait_group 0;\\n\" ::);\n"
    "#pragma unroll\n"
    "    for (int i = 0; i < 4; i++)\n"
    "#pragma unroll\n"
    "        for (int j = 0; j < 4; j++) {\n"
    "            i64 r = m0 + wm + i * 16 + (lane >> 2);\n"
    "            i64 c = n0 + wn + j * 8 + (lane & 3) * 2;\n"
    "            if (c >= N) continue;\n"
    "            if (r < M) *(unsigned *)(C_ + r * ldc + c) = kr_pack(acc[i][j][0], "
    "acc[i][j][1]);\n"
    "            if (r + 8 < M)\n"
    "                *(unsigned *)(C_ + (r + 8) * ldc + c) = kr_pack(acc[i][j][2], acc[i][j][3]);\n"
    "        }\n"
    "}\n";

enum { MM_SIMPLE = 1, MM_TC = 2 };
#define MM_TC_SMEM (4 * (128 * 40 + 32 * 136) * 2) /* STAGES * (A + B tiles) * 2 bytes */
#define MM_MAX_Z   65535

/* Raise a kernel's dynamic shared memory limit past the default 48 KB. cuFuncSetAttribute
 * is looked up here rather than in the CudaApi table: only this kernel needs it. */
static int mm_allow_smem(GpuState *G, CUfunction f, int bytes) {
    CUresult (*set)(CUfunction, int, int) = NULL;
    void *p = G->libcuda ? dlsym(G->libcuda, "cuFuncSetAttribute") : NULL;
    if (!p) return gpu_set_error(G, GPU_ERR_NO_DRIVER, "libcuda.so.1 lacks cuFuncSetAttribute");
    memcpy(&set, &p, sizeof p);
    /* 8: CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, 9: ..._PREFERRED_SHARED_MEMORY_CARVEOUT
     */
    if (cuda_check(G, set(f, 8, bytes), "cuFuncSetAttribute") < 0) return -1;
    set(f, 9, 100); /* a hint: ignore failure */
    return 0;
}

static int mm_function(GpuState *G, DType dt, int kind, const char *arch, CUfunction *f) {
    uint8_t key[4] = {'M', (uint8_t)dt, (uint8_t)kind, 0};
    uint64_t h = kcache_hash(key, sizeof key);
    if (!arch && (*f = kcache_find(G, key, sizeof key, h))) return 0;
    KSource s;
    ksrc_init(&s, G);
    ksrc_puts(&s, kernels_prelude);
    ksrc_puts(&s, "struct KrArgs { u64 w[16]; };\n");
    const char *name = "kr_matmul";
    if (kind == MM_TC) {
        ksrc_printf(&s, "#define MMA_T \"%s\"\n", dt == DT_FLOAT16 ? "f16" : "bf16");
        ksrc_puts(&s, mm_tc_body);
        name = "kr_matmul_tc";
    } else {
        ksrc_printf(&s, "typedef %s T;\ntypedef %s ACC;\n", kdtype_storage(dt),
                    dt == DT_FLOAT64 ? "double" : "float");
        if (dt == DT_FLOAT16)
            ksrc_puts(&s, "#define KR_STORE(x) kr_to_f16(x)\n");
        else if (dt == DT_BFLOAT16)
            ksrc_puts(&s, "#define KR_STORE(x) kr_to_bf16(x)\n");
        else
            ksrc_puts(&s, "#define KR_STORE(x) (x)\n");
        ksrc_puts(&s, mm_body);
    }
    int rc = G->mock && !arch ? kernels_host_matmul(G, dt, f) : kernels_build(G, &s, name, arch, f);
    ksrc_free(&s);
    if (rc < 0 || arch) return rc;
    if (kind == MM_TC && !G->mock && mm_allow_smem(G, *f, MM_TC_SMEM) < 0) return -1;
    return kcache_insert(G, key, sizeof key, h, *f);
}

int kernels_matmul_compile(GpuState *G, DType dt, const char *arch) {
    CUfunction f;
    if (mm_function(G, dt, MM_SIMPLE, arch, &f) < 0) return -1;
    if (dt == DT_FLOAT16 || dt == DT_BFLOAT16) return mm_function(G, dt, MM_TC, arch, &f);
    return 0;
}

/* One strided batch of `batch` products, in krait's terms: the pointers of the first
 * matrices, the 2-D strides and the batch strides (elements). */
typedef struct MmCall {
    DType dt;
    int64_t M, N, K, batch;
    LtOperand a, b, c;
} MmCall;

static bool mm_aligned(CUdeviceptr p, int64_t es, int64_t stride, int64_t bstride, int64_t unit) {
    return p % (uint64_t)(unit * es) == 0 && stride % unit == 0 && bstride % unit == 0;
}

/* Whether the tensor-core kernel takes this call (see the header comment). */
static bool mm_tc_fits(const MmCall *m) {
    if (m->dt != DT_FLOAT16 && m->dt != DT_BFLOAT16) return false;
    if (m->K % 8 || m->N % 8) return false;
    if (m->a.col_stride != 1 || m->b.col_stride != 1 || m->c.col_stride != 1) return false;
    if (m->a.row_stride < m->K || m->b.row_stride < m->N || m->c.row_stride < m->N) return false;
    return mm_aligned(m->a.ptr, 2, m->a.row_stride, m->a.batch_stride, 8) &&
           mm_aligned(m->b.ptr, 2, m->b.row_stride, m->b.batch_stride, 8) &&
           mm_aligned(m->c.ptr, 2, m->c.row_stride, m->c.batch_stride, 2);
}

static int mm_launch(GpuState *G, const MmCall *m, CUstream s) {
    int kind = mm_tc_fits(m) ? MM_TC : MM_SIMPLE;
    CUfunction f;
    if (mm_function(G, m->dt, kind, NULL, &f) < 0) return -1;
    int64_t es = gpu_dtype_size(m->dt);
    unsigned tile = kind == MM_TC ? 128 : 64;
    for (int64_t z0 = 0; z0 < m->batch; z0 += MM_MAX_Z) {
        int64_t nz = m->batch - z0 < MM_MAX_Z ? m->batch - z0 : MM_MAX_Z;
        uint64_t w[16] = {m->a.ptr + (uint64_t)(z0 * m->a.batch_stride * es),
                          m->b.ptr + (uint64_t)(z0 * m->b.batch_stride * es),
                          m->c.ptr + (uint64_t)(z0 * m->c.batch_stride * es),
                          (uint64_t)m->M,
                          (uint64_t)m->N,
                          (uint64_t)m->K,
                          (uint64_t)m->a.row_stride,
                          (uint64_t)m->a.col_stride,
                          (uint64_t)m->b.row_stride,
                          (uint64_t)m->b.col_stride,
                          (uint64_t)m->c.row_stride,
                          (uint64_t)m->c.col_stride,
                          (uint64_t)m->a.batch_stride,
                          (uint64_t)m->b.batch_stride,
                          (uint64_t)m->c.batch_stride,
                          0};
        unsigned grid[3] = {(unsigned)((m->N + tile - 1) / tile),
                            (unsigned)((m->M + tile - 1) / tile), (unsigned)nz};
        gpu_prof_traffic(G, (uint64_t)((m->M * m->K + m->K * m->N + m->M * m->N) * nz * es),
                         2.0 * (double)m->M * (double)m->N * (double)m->K * (double)nz);
        if (kernels_launch3(G, f, grid, 256, kind == MM_TC ? MM_TC_SMEM : 0, s, w, 16) < 0)
            return -1;
    }
    G->matmul_path = kind == MM_TC ? "own" : "simple";
    return 0;
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
    if (M == 0 || N == 0) return 0;
    for (int d = 0; d < nd - 2; d++)
        if (out->shape[d] == 0) return 0;
    if (K == 0) return gpu_fill(G, out, 0.0, 0, s);
    bool use_lt = !G->matmul_own && gpu_cublaslt_load(G) > 0;
    /* Batch dims: effective strides (0 where an operand broadcasts), then merge the longest
     * suffix that is one uniform stride in every operand into the strided batch. */
    int nb = nd - 2;
    int64_t sa[GPU_MAX_DIMS], sb[GPU_MAX_DIMS];
    for (int d = 0; d < nb; d++) {
        sa[d] = a->shape[d] == 1 ? 0 : a->strides[d];
        sb[d] = b->shape[d] == 1 ? 0 : b->strides[d];
    }
    int inner = nb; /* batch dims inner..nb-1 are merged */
    int64_t zb = 1, za = 0, zbb = 0, zc = 0;
    if (nb > 0) {
        inner = nb - 1;
        zb = out->shape[inner];
        za = sa[inner];
        zbb = sb[inner];
        zc = out->shape[inner] == 1 ? 0 : out->strides[inner];
        while (inner > 0) {
            int d = inner - 1;
            int64_t n = out->shape[d];
            if (zb == 1) { /* only size-1 dims so far: no stride to match yet */
                za = sa[d];
                zbb = sb[d];
                zc = n == 1 ? 0 : out->strides[d];
            } else if (n != 1 &&
                       (sa[d] != za * zb || sb[d] != zbb * zb || out->strides[d] != zc * zb)) {
                break;
            }
            zb *= n;
            inner = d;
        }
        if (zb == 1) za = zbb = zc = 0;
    }
    int64_t outer = 1;
    for (int d = 0; d < inner; d++)
        outer *= out->shape[d];
    int64_t es = gpu_dtype_size(dt);
    for (int64_t o = 0; o < outer; o++) {
        int64_t rem = o, offa = 0, offb = 0, offc = 0;
        for (int d = inner - 1; d >= 0; d--) {
            int64_t c = rem % out->shape[d];
            rem /= out->shape[d];
            offa += c * sa[d];
            offb += c * sb[d];
            offc += c * out->strides[d];
        }
        MmCall m = {
            dt,
            M,
            N,
            K,
            zb,
            {a->ptr + (uint64_t)(offa * es), a->strides[nd - 2], a->strides[nd - 1], za},
            {b->ptr + (uint64_t)(offb * es), b->strides[nd - 2], b->strides[nd - 1], zbb},
            {out->ptr + (uint64_t)(offc * es), out->strides[nd - 2], out->strides[nd - 1], zc}};
        if (use_lt) {
            int rc = gpu_cublaslt_matmul(G, dt, M, N, K, zb, &m.a, &m.b, &m.c, s);
            if (rc < 0) return -1;
            if (rc == 0) continue;
        }
        if (mm_launch(G, &m, s) < 0) return -1;
    }
    return 0;
}

int gpu_matmul_ep(GpuState *G, const GpuTensor *a, const GpuTensor *b, GpuTensor *out,
                  const GpuTensor *bias, int act, double alpha, double beta, const GpuTensor *c,
                  CUstream s) {
    if (gpu_ensure(G) < 0) return -1;
    G->matmul_declined[0] = 0;
    G->matmul_ep_calls++;
    DType dt = out->dtype;
    if (a->ndim != 2 || b->ndim != 2 || out->ndim != 2 || a->dtype != dt || b->dtype != dt)
        return gpu_matmul_decline(G, "not 2-D operands of one dtype");
    int64_t M = out->shape[0], N = out->shape[1], K = a->shape[1];
    if (a->shape[0] != M || b->shape[0] != K || b->shape[1] != N || M == 0 || N == 0 || K == 0)
        return gpu_matmul_decline(G, "shapes");
    if (bias && (bias->dtype != dt || bias->ndim != 1 || bias->shape[0] != N ||
                 (N > 1 && bias->strides[0] != 1)))
        return gpu_matmul_decline(G, "the bias's dtype, shape or stride");
    if (beta != 0.0 &&
        (!c || c->dtype != dt || c->ndim != 2 || c->shape[0] != M || c->shape[1] != N))
        return gpu_matmul_decline(G, "c's dtype or shape");
    if (G->matmul_own || gpu_cublaslt_load(G) <= 0)
        return gpu_matmul_decline(G, "cuBLASLt not loaded");
    LtOperand la = {a->ptr, a->strides[0], a->strides[1], 0};
    LtOperand lb = {b->ptr, b->strides[0], b->strides[1], 0};
    LtOperand lo = {out->ptr, out->strides[0], out->strides[1], 0};
    LtOperand lc = {c ? c->ptr : 0, c ? c->strides[0] : 0, c ? c->strides[1] : 0, 0};
    LtEpilogue ep = {act, bias ? bias->ptr : 0, alpha, beta, beta != 0.0 ? &lc : NULL};
    int rc = gpu_cublaslt_matmul_ep(G, dt, M, N, K, 1, &la, &lb, &lo, &ep, s);
    if (rc == 0) G->matmul_ep_fused++;
    return rc;
}
