/* kernels_sort.c: gpu_sort, a stable LSD radix sort of contiguous rows on the device
 * (np.sort, np.argsort, np.unique's sort).
 *
 * Each element maps to an unsigned key of its width whose order is NumPy's (the sign bit
 * flipped for signed integers; for floats all bits flipped when negative, else the sign
 * bit set; every NaN the largest key, -0.0 the key of 0.0), as gpu/backend/cpu/cpu_sort.c
 * does. Then one pass per 8-bit digit, least significant first: kr_sort_hist counts each
 * block tile's digits into a digit-major table, gpu_scan makes it exclusive (every digit's
 * start in every block), kr_sort_scatter moves each tile's keys to their places in order
 * (the rank of a key among the equal digits of its warp from __match_any_sync, the warps'
 * counts summed in shared memory, sub-tile after sub-tile: stable). Several rows are sorted
 * as one array: after the key's digits, the digits of the row number (the position payload
 * divided by the row length) regroup the rows, stably, so every row stays sorted.
 *
 * Positions (a u32 payload) travel with the keys when an argsort, a float sort or several
 * rows need them: a float sort's values are then gathered from the input by position (a
 * key cannot tell -0.0 from 0.0); an integer sort's are the keys mapped back. kr_sort_out
 * writes what the caller asked for. The mock runs kernels_host_scan.c's versions. */
#include <string.h>

#include "../runtime/profile.h"
#include "kernels_internal.h"

#define SORT_THREADS 256
#define SORT_TILE    (SORT_THREADS * 16)

static const char sort_body[] =
    "#define KR_T 256\n"
    "#define KR_STILE (KR_T * 16)\n"
    "#define KR_W (KR_T / 32)\n"
    "struct KrArgs { u64 w[12]; };\n"
    "__device__ __forceinline__ K kr_sign() { return (K)((K)1 << (8 * sizeof(K) - 1)); }\n"
    /* w: src, keys, idx, n, kind (0 unsigned, 1 signed, 2 float), the float's NaN bound */
    "extern \"C\" __global__ void kr_sort_keys(const KrArgs p) {\n"
    "    const K *src = (const K *)p.w[0];\n"
    "    K *keys = (K *)p.w[1];\n"
    "    unsigned *idx = (unsigned *)p.w[2];\n"
    "    const i64 n = (i64)p.w[3];\n"
    "    const int kind = (int)p.w[4];\n"
    "    const K nanb = (K)p.w[5], sg = kr_sign();\n"
    "    for (i64 i = (i64)blockIdx.x * blockDim.x + threadIdx.x; i < n;\n"
    "         i += (i64)gridDim.x * blockDim.x) {\n"
    "        const K x = src[i];\n"
    "        K k = x;\n"
    "        if (kind == 1) {\n"
    "            k = (K)(x ^ sg);\n"
    "        } else if (kind == 2) {\n"
    "            const K ab = (K)(x & (K)~sg);\n"
    "            k = ab > nanb ? (K)~(K)0 : ab == 0 ? sg : (x & sg) ? (K)~x : (K)(x | sg);\n"
    "        }\n"
    "        keys[i] = k;\n"
    "        if (idx) idx[i] = (unsigned)i;\n"
    "    }\n"
    "}\n"
    "__device__ __forceinline__ unsigned kr_digit(const K *keys, const unsigned *idx, i64 i,\n"
    "                                             int shift, u64 len, bool rowd) {\n"
    "    return rowd ? (unsigned)(((u64)idx[i] / len) >> shift) & 255u\n"
    "                : (unsigned)(keys[i] >> shift) & 255u;\n"
    "}\n"
    /* w: keys, idx, n, shift, len, row digits, counts (digit-major), blocks */
    "extern \"C\" __global__ void kr_sort_hist(const KrArgs p) {\n"
    "    __shared__ unsigned h[256];\n"
    "    const K *keys = (const K *)p.w[0];\n"
    "    const unsigned *idx = (const unsigned *)p.w[1];\n"
    "    const i64 n = (i64)p.w[2];\n"
    "    const int shift = (int)p.w[3];\n"
    "    const u64 len = p.w[4];\n"
    "    const bool rowd = p.w[5] != 0;\n"
    "    h[threadIdx.x] = 0;\n"
    "    __syncthreads();\n"
    "    const i64 lo = (i64)blockIdx.x * KR_STILE, hi = n < lo + KR_STILE ? n : lo + KR_STILE;\n"
    "    for (i64 i = lo + threadIdx.x; i < hi; i += KR_T)\n"
    "        atomicAdd(&h[kr_digit(keys, idx, i, shift, len, rowd)], 1u);\n"
    "    __syncthreads();\n"
    "    ((unsigned *)p.w[6])[(u64)threadIdx.x * p.w[7] + blockIdx.x] = h[threadIdx.x];\n"
    "}\n"
    /* w: keys, idx, n, shift, len, row digits, starts (the scanned counts), blocks, keys out,
     * idx out */
    "extern \"C\" __global__ void kr_sort_scatter(const KrArgs p) {\n"
    "    __shared__ unsigned base[256];\n"
    "    __shared__ unsigned cnt[KR_W][256];\n"
    "    const K *keys = (const K *)p.w[0];\n"
    "    const unsigned *idx = (const unsigned *)p.w[1];\n"
    "    const i64 n = (i64)p.w[2];\n"
    "    const int shift = (int)p.w[3];\n"
    "    const u64 len = p.w[4];\n"
    "    const bool rowd = p.w[5] != 0;\n"
    "    K *kout = (K *)p.w[8];\n"
    "    unsigned *iout = (unsigned *)p.w[9];\n"
    "    const int t = threadIdx.x, lane = t & 31, wid = t >> 5;\n"
    "    base[t] = ((const unsigned *)p.w[6])[(u64)t * p.w[7] + blockIdx.x];\n"
    "    const i64 lo = (i64)blockIdx.x * KR_STILE, hi = n < lo + KR_STILE ? n : lo + KR_STILE;\n"
    "    for (i64 sub = lo; sub < hi; sub += KR_T) {\n"
    "        for (int w = 0; w < KR_W; w++) cnt[w][t] = 0;\n"
    "        __syncthreads();\n"
    "        const i64 i = sub + t;\n"
    "        const bool ok = i < hi;\n"
    "        K k = 0;\n"
    "        unsigned ix = 0, d = 256;\n"
    "        if (ok) {\n"
    "            k = keys[i];\n"
    "            if (idx) ix = idx[i];\n"
    "            d = kr_digit(keys, idx, i, shift, len, rowd);\n"
    "        }\n"
    "        const unsigned peers = __match_any_sync(0xffffffffu, d);\n"
    "        const unsigned rank = __popc(peers & ((1u << lane) - 1u));\n"
    "        if (ok && rank == 0) cnt[wid][d] = __popc(peers);\n"
    "        __syncthreads();\n"
    "        unsigned run = base[t];\n"
    "        for (int w = 0; w < KR_W; w++) {\n"
    "            const unsigned c = cnt[w][t];\n"
    "            cnt[w][t] = run;\n"
    "            run += c;\n"
    "        }\n"
    "        base[t] = run;\n"
    "        __syncthreads();\n"
    "        if (ok) {\n"
    "            const unsigned at = cnt[wid][d] + rank;\n"
    "            kout[at] = k;\n"
    "            if (iout) iout[at] = ix;\n"
    "        }\n"
    "        __syncthreads();\n"
    "    }\n"
    "}\n"
    /* w: keys, idx, src, values out, positions out (int64), n, len, kind, mode (1: values
     * from the keys, 2: values gathered from src, 4: positions) */
    "extern \"C\" __global__ void kr_sort_out(const KrArgs p) {\n"
    "    const K *keys = (const K *)p.w[0];\n"
    "    const unsigned *idx = (const unsigned *)p.w[1];\n"
    "    const K *src = (const K *)p.w[2];\n"
    "    K *vals = (K *)p.w[3];\n"
    "    i64 *pos = (i64 *)p.w[4];\n"
    "    const i64 n = (i64)p.w[5];\n"
    "    const u64 len = p.w[6];\n"
    "    const int kind = (int)p.w[7], mode = (int)p.w[8];\n"
    "    for (i64 i = (i64)blockIdx.x * blockDim.x + threadIdx.x; i < n;\n"
    "         i += (i64)gridDim.x * blockDim.x) {\n"
    "        if (mode & 1) vals[i] = kind == 1 ? (K)(keys[i] ^ kr_sign()) : keys[i];\n"
    "        if (mode & 2) vals[i] = src[idx[i]];\n"
    "        if (mode & 4) pos[i] = (i64)((u64)idx[i] % len);\n"
    "    }\n"
    "}\n";

static int sort_function(GpuState *G, int ksize, const char *name, const char *arch,
                         CUfunction *f) {
    uint8_t key[4] = {'R', (uint8_t)ksize, (uint8_t)name[8], (uint8_t)name[9]};
    uint64_t h = kcache_hash(key, sizeof key);
    if (!arch && (*f = kcache_find(G, key, sizeof key, h))) return 0;
    int rc;
    if (G->mock && !arch) {
        rc = kernels_host_sort(G, ksize, name, f);
    } else {
        rc = kernels_build_sized(G, "K", ksize, sort_body, name, arch, f);
    }
    if (rc < 0 || arch) return rc;
    if (G->mock) gpu_func_name_set(G, *f, name);
    return kcache_insert(G, key, sizeof key, h, *f);
}

int kernels_sort_compile(GpuState *G, int ksize, const char *arch) {
    CUfunction f;
    return sort_function(G, ksize, "kr_sort_scatter", arch, &f);
}

/* The key kind of dt and, for floats, the largest absolute value that is not a NaN. */
static int sort_kind(DType dt, uint64_t *nanb) {
    *nanb = 0;
    switch (dt) {
    case DT_FLOAT16: *nanb = 0x7c00; return 2;
    case DT_BFLOAT16: *nanb = 0x7f80; return 2;
    case DT_FLOAT32: *nanb = 0x7f800000u; return 2;
    case DT_FLOAT64: *nanb = 0x7ff0000000000000ull; return 2;
    default: return gpu_dtype_kind(dt) == 'i' ? 1 : 0;
    }
}

typedef struct SortRun {
    GpuState *G;
    CUstream s;
    CUfunction hist, scatter;
    CUdeviceptr counts;
    int64_t n, nblocks;
    uint64_t len;
} SortRun;

/* One digit pass from (k, i) into (ko, io). */
static int sort_pass(SortRun *r, CUdeviceptr k, CUdeviceptr i, CUdeviceptr ko, CUdeviceptr io,
                     int shift, bool rowd) {
    uint64_t w[12] = {k,      i,    (uint64_t)r->n, (uint64_t)shift,
                      r->len, rowd, r->counts,      (uint64_t)r->nblocks,
                      ko,     io};
    if (kernels_launch(r->G, r->hist, (unsigned)r->nblocks, SORT_THREADS, 0, r->s, w, 12) < 0 ||
        gpu_scan(r->G, GPU_SCAN_SUM, r->counts, DT_UINT32, r->counts, DT_UINT32, 1,
                 256 * r->nblocks, true, r->s) < 0)
        return -1;
    return kernels_launch(r->G, r->scatter, (unsigned)r->nblocks, SORT_THREADS, 0, r->s, w, 12);
}

int gpu_sort(GpuState *G, CUdeviceptr in, DType dt, int64_t rows, int64_t len, CUdeviceptr vals,
             CUdeviceptr pos, CUstream s) {
    if (gpu_ensure(G) < 0) return -1;
    int ks = gpu_dtype_size(dt);
    int64_t n = rows * len;
    if (n <= 0) return 0;
    if (n >= ((int64_t)1 << 32))
        return gpu_set_error(G, GPU_ERR_CUDA, "sort: %lld elements (the limit is 2^32 - 1)",
                             (long long)n);
    uint64_t nanb;
    int kind = sort_kind(dt, &nanb);
    bool with_idx = pos || kind == 2 || rows > 1;
    SortRun r = {G, s, NULL, NULL, 0, n, (n + SORT_TILE - 1) / SORT_TILE, (uint64_t)len};
    CUfunction fkeys, fout;
    if (sort_function(G, ks, "kr_sort_keys", NULL, &fkeys) < 0 ||
        sort_function(G, ks, "kr_sort_hist", NULL, &r.hist) < 0 ||
        sort_function(G, ks, "kr_sort_scatter", NULL, &r.scatter) < 0 ||
        sort_function(G, ks, "kr_sort_out", NULL, &fout) < 0)
        return -1;
    /* each part of the one buffer 256-byte aligned: u32 positions and counts after a run of
       n one- or two-byte keys were misaligned (CUDA_ERROR_MISALIGNED_ADDRESS on the H200) */
    size_t kb = ((size_t)n * (size_t)ks + 255) & ~(size_t)255;
    size_t ib = with_idx ? ((size_t)n * 4 + 255) & ~(size_t)255 : 0;
    size_t cb = (size_t)r.nblocks * 256 * 4, total = 2 * kb + 2 * ib + cb;
    CUdeviceptr buf;
    if (gpu_mem_alloc(G, total, s, &buf) < 0) return -1;
    CUdeviceptr k[2] = {buf, buf + kb}, ix[2] = {0, 0};
    if (with_idx) {
        ix[0] = buf + 2 * kb;
        ix[1] = ix[0] + ib;
    }
    r.counts = buf + 2 * kb + 2 * ib;
    uint64_t wk[12] = {in, k[0], ix[0], (uint64_t)n, (uint64_t)kind, nanb};
    int rc = kernels_launch(G, fkeys, kernels_grid(G, n, 256), 256, 0, s, wk, 12);
    int cur = 0;
    for (int b = 0; rc == 0 && b < ks; b++, cur ^= 1)
        rc = sort_pass(&r, k[cur], ix[cur], k[cur ^ 1], ix[cur ^ 1], 8 * b, false);
    /* the row number's digits (rows - 1 fits in them) */
    for (int sh = 0; rc == 0 && rows > 1 && ((uint64_t)(rows - 1) >> sh) != 0; sh += 8, cur ^= 1)
        rc = sort_pass(&r, k[cur], ix[cur], k[cur ^ 1], ix[cur ^ 1], sh, true);
    if (rc == 0) {
        int mode = (vals ? (kind == 2 ? 2 : 1) : 0) | (pos ? 4 : 0);
        uint64_t wo[12] = {k[cur],         ix[cur],       in, vals, pos, (uint64_t)n, (uint64_t)len,
                           (uint64_t)kind, (uint64_t)mode};
        rc = kernels_launch(G, fout, kernels_grid(G, n, 256), 256, 0, s, wo, 12);
    }
    int passes = ks + (rows > 1 ? 2 : 0);
    gpu_prof_traffic(G, (uint64_t)n * (uint64_t)(ks + 4) * (uint64_t)(3 * passes + 2), 0.0);
    gpu_mem_free(G, buf, total, s);
    return rc;
}
