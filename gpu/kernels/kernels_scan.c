/* kernels_scan.c: scans (cumsum, cumprod, the positions of a stream compaction) and the
 * kernels that gather by them: compaction by a flag array (a[mask]), the coordinates of the
 * nonzero elements (np.nonzero) and the gather of integer-array indexing (a[idx]).
 *
 * A scan of `rows` rows of `len` elements cuts each row into tiles of KR_TILE elements, one
 * block each: kr_scan_up reduces every tile to one partial, kr_scan_mid scans each row's
 * partials (one block a row, exclusive), kr_scan_down scans its tile in shared memory
 * (coalesced loads, each thread a run of KR_ITEMS, warp shuffles across threads) from its
 * row's carry. A row of one tile is one launch of kr_scan_down. The three kernels of a
 * (input, accumulator, operation) triple come from one source: one NVRTC compile.
 *
 * The mock device runs the host versions (kernels_host_scan.c) over the same words. */
#include <string.h>

#include "../runtime/profile.h"
#include "kernels_internal.h"

#define SCAN_THREADS 256
#define SCAN_ITEMS   8
#define SCAN_TILE    (SCAN_THREADS * SCAN_ITEMS)

static const char scan_body[] =
    "#define KR_T 256\n"
    "#define KR_ITEMS 8\n"
    "#define KR_TILE (KR_T * KR_ITEMS)\n"
    "#define KR_W (KR_T / 32)\n"
    "struct KrArgs { u64 w[8]; };\n"
    /* v's exclusive scan over the block, *tot the block's total; every thread calls it */
    "__device__ A kr_block_excl(A v, A *sh, A *tot) {\n"
    "    const int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;\n"
    "    A x = v;\n"
    "    for (int o = 1; o < 32; o <<= 1) {\n"
    "        A y = __shfl_up_sync(0xffffffffu, x, o);\n"
    "        if (lane >= o) x = KR_OP(y, x);\n"
    "    }\n"
    "    A ex = __shfl_up_sync(0xffffffffu, x, 1);\n"
    "    if (lane == 0) ex = KR_ID;\n"
    "    if (lane == 31) sh[wid] = x;\n"
    "    __syncthreads();\n"
    "    if (wid == 0) {\n"
    "        A t = lane < KR_W ? sh[lane] : KR_ID;\n"
    "        for (int o = 1; o < 32; o <<= 1) {\n"
    "            A y = __shfl_up_sync(0xffffffffu, t, o);\n"
    "            if (lane >= o) t = KR_OP(y, t);\n"
    "        }\n"
    "        if (lane < KR_W) sh[lane] = t;\n"
    "    }\n"
    "    __syncthreads();\n"
    "    A r = wid ? KR_OP(sh[wid - 1], ex) : ex;\n"
    "    *tot = sh[KR_W - 1];\n"
    "    __syncthreads();\n"
    "    return r;\n"
    "}\n"
    /* w: in, out, part, len, tiles a row, exclusive */
    "extern \"C\" __global__ void kr_scan_up(const KrArgs p) {\n"
    "    __shared__ A sh[KR_W];\n"
    "    const TI *in = (const TI *)p.w[0];\n"
    "    A *part = (A *)p.w[2];\n"
    "    const i64 len = (i64)p.w[3], tpr = (i64)p.w[4];\n"
    "    const i64 b = blockIdx.x, r = b / tpr, lo = (b % tpr) * KR_TILE;\n"
    "    const i64 hi = len < lo + KR_TILE ? len : lo + KR_TILE;\n"
    "    const TI *row = in + r * len;\n"
    "    A acc = KR_ID;\n"
    "    for (i64 j = lo + threadIdx.x; j < hi; j += KR_T) acc = KR_OP(acc, (A)row[j]);\n"
    "    A tot;\n"
    "    (void)kr_block_excl(acc, sh, &tot);\n"
    "    if (threadIdx.x == 0) part[b] = tot;\n"
    "}\n"
    "extern \"C\" __global__ void kr_scan_mid(const KrArgs p) {\n"
    "    __shared__ A sh[KR_W];\n"
    "    const i64 tpr = (i64)p.w[4];\n"
    "    A *part = (A *)p.w[2] + (i64)blockIdx.x * tpr;\n"
    "    A carry = KR_ID;\n"
    "    for (i64 c = 0; c < tpr; c += KR_T) {\n"
    "        const i64 j = c + threadIdx.x;\n"
    "        A v = j < tpr ? part[j] : KR_ID, tot;\n"
    "        A ex = kr_block_excl(v, sh, &tot);\n"
    "        if (j < tpr) part[j] = KR_OP(carry, ex);\n"
    "        carry = KR_OP(carry, tot);\n"
    "    }\n"
    "}\n"
    "extern \"C\" __global__ void kr_scan_down(const KrArgs p) {\n"
    "    __shared__ A s[KR_TILE];\n"
    "    __shared__ A sh[KR_W];\n"
    "    const TI *in = (const TI *)p.w[0];\n"
    "    A *out = (A *)p.w[1];\n"
    "    const i64 len = (i64)p.w[3], tpr = (i64)p.w[4];\n"
    "    const bool excl = p.w[5] != 0;\n"
    "    (void)excl;\n"
    "    const i64 b = blockIdx.x, r = b / tpr, lo = (b % tpr) * KR_TILE;\n"
    "    const i64 hi = len < lo + KR_TILE ? len : lo + KR_TILE;\n"
    "    const TI *row = in + r * len;\n"
    "    A *orow = out + r * len;\n"
    "    for (int k = threadIdx.x; k < KR_TILE; k += KR_T)\n"
    "        s[k] = lo + k < hi ? (A)row[lo + k] : KR_ID;\n"
    "    __syncthreads();\n"
    "    A *mine = s + threadIdx.x * KR_ITEMS;\n"
    "    A run = KR_ID;\n"
    "    for (int k = 0; k < KR_ITEMS; k++) run = KR_OP(run, mine[k]);\n"
    "    A tot;\n"
    "    A pre = kr_block_excl(run, sh, &tot);\n"
    "    if (tpr > 1) pre = KR_OP(((const A *)p.w[2])[b], pre);\n"
    "    unsigned fe = 0;\n"
    "    for (int k = 0; k < KR_ITEMS; k++) {\n"
    "        A x = mine[k], nx = KR_OP(pre, x);\n"
    "#if KR_FCHECK\n"
    "        if (isinf(nx) && isfinite(pre) && isfinite(x)) fe |= 2u;\n"
    "        if (isnan(nx) && !isnan(pre) && !isnan(x)) fe |= 8u;\n"
    "#endif\n"
    "        mine[k] = excl ? pre : nx;\n"
    "        pre = nx;\n"
    "    }\n"
    "    if (fe && p.w[6]) atomicOr((unsigned *)p.w[6], fe);\n"
    "    __syncthreads();\n"
    "    for (int k = threadIdx.x; k < KR_TILE; k += KR_T)\n"
    "        if (lo + k < hi) orow[lo + k] = s[k];\n"
    "}\n";

static int scan_function(GpuState *G, int op, DType in, DType acc, const char *name,
                         const char *arch, CUfunction *f) {
    uint8_t key[8] = {'C', (uint8_t)op, (uint8_t)in, (uint8_t)acc, (uint8_t)name[8], 0, 0, 0};
    uint64_t h = kcache_hash(key, sizeof key);
    if (!arch && (*f = kcache_find(G, key, sizeof key, h))) return 0;
    int rc;
    if (G->mock && !arch) {
        rc = kernels_host_scan(G, op, in, acc, name, f);
    } else {
        KSource s;
        ksrc_init(&s, G);
        ksrc_puts(&s, kernels_prelude);
        ksrc_printf(&s, "typedef %s TI;\ntypedef %s A;\n", kdtype_storage(in),
                    kdtype_register(acc));
        ksrc_printf(&s, "#define KR_OP(x, y) ((x) %c (y))\n#define KR_ID ((A)%d)\n",
                    op == GPU_SCAN_PROD ? '*' : '+', op == GPU_SCAN_PROD ? 1 : 0);
        /* a float accumulator checks its steps when the launch gives a flag word */
        ksrc_printf(&s, "#define KR_FCHECK %d\n", acc == DT_FLOAT32 || acc == DT_FLOAT64);
        ksrc_puts(&s, scan_body);
        rc = kernels_build(G, &s, name, arch, f);
        ksrc_free(&s);
    }
    if (rc < 0 || arch) return rc;
    if (G->mock) gpu_func_name_set(G, *f, name);
    return kcache_insert(G, key, sizeof key, h, *f);
}

static bool scan_types_ok(DType in, DType acc) {
    if (acc != DT_INT64 && acc != DT_UINT64 && acc != DT_FLOAT32 && acc != DT_FLOAT64 &&
        acc != DT_UINT32)
        return false;
    return in == acc || in == DT_BOOL || in == DT_UINT8;
}

int kernels_scan_compile(GpuState *G, int op, DType in, DType acc, const char *arch) {
    CUfunction f;
    return scan_function(G, op, in, acc, "kr_scan_down", arch, &f);
}

int gpu_scan(GpuState *G, int op, CUdeviceptr in, DType in_dt, CUdeviceptr out, DType dt,
             int64_t rows, int64_t len, bool exclusive, CUstream s) {
    return gpu_scan_checked(G, op, in, in_dt, out, dt, rows, len, exclusive, s, 0);
}

int gpu_scan_checked(GpuState *G, int op, CUdeviceptr in, DType in_dt, CUdeviceptr out, DType dt,
                     int64_t rows, int64_t len, bool exclusive, CUstream s, CUdeviceptr fpe_word) {
    if (gpu_ensure(G) < 0) return -1;
    if (!scan_types_ok(in_dt, dt) || (op != GPU_SCAN_SUM && op != GPU_SCAN_PROD))
        return gpu_set_error(G, GPU_ERR_CUDA, "scan: unsupported types %s -> %s",
                             gpu_dtype_name(in_dt), gpu_dtype_name(dt));
    if (rows <= 0 || len <= 0) return 0;
    int64_t tpr = (len + SCAN_TILE - 1) / SCAN_TILE, nb = rows * tpr;
    if (nb > 0x7fffffff) return gpu_set_error(G, GPU_ERR_CUDA, "scan: too many tiles");
    CUfunction up = NULL, mid = NULL, down;
    if (scan_function(G, op, in_dt, dt, "kr_scan_down", NULL, &down) < 0) return -1;
    if (tpr > 1 && (scan_function(G, op, in_dt, dt, "kr_scan_up", NULL, &up) < 0 ||
                    scan_function(G, op, in_dt, dt, "kr_scan_mid", NULL, &mid) < 0))
        return -1;
    CUdeviceptr part = 0;
    size_t pbytes = tpr > 1 ? (size_t)nb * (size_t)gpu_dtype_size(dt) : 0;
    if (pbytes && gpu_mem_alloc(G, pbytes, s, &part) < 0) return -1;
    uint64_t w[8] = {
        in, out, part, (uint64_t)len, (uint64_t)tpr, exclusive ? 1u : 0u, fpe_word, (uint64_t)rows};
    gpu_prof_traffic(
        G, (uint64_t)(rows * len) * (uint64_t)(gpu_dtype_size(in_dt) + gpu_dtype_size(dt)), 0.0);
    int rc = 0;
    if (up) rc = kernels_launch(G, up, (unsigned)nb, SCAN_THREADS, 0, s, w, 8);
    if (rc == 0 && mid) rc = kernels_launch(G, mid, (unsigned)rows, SCAN_THREADS, 0, s, w, 8);
    if (rc == 0) rc = kernels_launch(G, down, (unsigned)nb, SCAN_THREADS, 0, s, w, 8);
    if (part) gpu_mem_free(G, part, pbytes, s);
    return rc;
}

/* ---- compaction, nonzero coordinates, integer-array gathers (elements of E bytes) ---- */

static const char gather_body[] =
    "struct KrArgs { u64 w[24]; };\n"
    /* w: flags, positions (inclusive scan of the flags), src, dst, n flags, inner */
    "extern \"C\" __global__ void kr_compact(const KrArgs p) {\n"
    "    const unsigned char *fl = (const unsigned char *)p.w[0];\n"
    "    const i64 *pos = (const i64 *)p.w[1];\n"
    "    const E *src = (const E *)p.w[2];\n"
    "    E *dst = (E *)p.w[3];\n"
    "    const i64 inner = (i64)p.w[5], total = (i64)p.w[4] * inner;\n"
    "    for (i64 e = (i64)blockIdx.x * blockDim.x + threadIdx.x; e < total;\n"
    "         e += (i64)gridDim.x * blockDim.x) {\n"
    "        const i64 i = inner == 1 ? e : e / inner;\n"
    "        if (fl[i]) dst[(pos[i] - 1) * inner + (e - i * inner)] = src[e];\n"
    "    }\n"
    "}\n"
    /* w: flags, positions, n, ndim, shape[8] at 4, outputs[8] at 12 */
    "extern \"C\" __global__ void kr_nz_coords(const KrArgs p) {\n"
    "    const unsigned char *fl = (const unsigned char *)p.w[0];\n"
    "    const i64 *pos = (const i64 *)p.w[1];\n"
    "    const i64 n = (i64)p.w[2];\n"
    "    const int nd = (int)p.w[3];\n"
    "    for (i64 i = (i64)blockIdx.x * blockDim.x + threadIdx.x; i < n;\n"
    "         i += (i64)gridDim.x * blockDim.x) {\n"
    "        if (!fl[i]) continue;\n"
    "        const i64 o = pos[i] - 1;\n"
    "        i64 rem = i;\n"
    "        for (int d = nd - 1; d >= 0; d--) {\n"
    "            const i64 sd = (i64)p.w[4 + d];\n"
    "            ((i64 *)p.w[12 + d])[o] = rem % sd;\n"
    "            rem /= sd;\n"
    "        }\n"
    "    }\n"
    "}\n"
    /* w: idx (int64), src, dst, outer, dim, m, inner, error word (the smallest bad j) */
    "extern \"C\" __global__ void kr_take(const KrArgs p) {\n"
    "    const i64 *idx = (const i64 *)p.w[0];\n"
    "    const E *src = (const E *)p.w[1];\n"
    "    E *dst = (E *)p.w[2];\n"
    "    const i64 outer = (i64)p.w[3], dim = (i64)p.w[4], m = (i64)p.w[5], inner = (i64)p.w[6];\n"
    "    const i64 total = outer * m * inner;\n"
    "    for (i64 e = (i64)blockIdx.x * blockDim.x + threadIdx.x; e < total;\n"
    "         e += (i64)gridDim.x * blockDim.x) {\n"
    "        const i64 t = inner == 1 ? e : e / inner, k = e - t * inner;\n"
    "        const i64 j = t % m, o = t / m;\n"
    "        i64 q = idx[j];\n"
    "        if (q < 0) q += dim;\n"
    "        if (q < 0 || q >= dim) {\n"
    "            atomicMin((u64 *)p.w[7], (u64)j);\n"
    "            continue;\n"
    "        }\n"
    "        dst[e] = src[(o * dim + q) * inner + k];\n"
    "    }\n"
    "}\n";

static int gather_function(GpuState *G, int esize, const char *name, const char *arch,
                           CUfunction *f) {
    uint8_t key[4] = {'G', (uint8_t)esize, (uint8_t)name[3], (uint8_t)name[4]};
    uint64_t h = kcache_hash(key, sizeof key);
    if (!arch && (*f = kcache_find(G, key, sizeof key, h))) return 0;
    int rc;
    if (G->mock && !arch) {
        rc = kernels_host_gather(G, esize, name, f);
    } else {
        rc = kernels_build_sized(G, "E", esize, gather_body, name, arch, f);
    }
    if (rc < 0 || arch) return rc;
    if (G->mock) gpu_func_name_set(G, *f, name);
    return kcache_insert(G, key, sizeof key, h, *f);
}

int kernels_gather_compile(GpuState *G, int esize, const char *arch) {
    CUfunction f;
    return gather_function(G, esize, "kr_take", arch, &f);
}

static bool esize_ok(int esize) {
    return esize == 1 || esize == 2 || esize == 4 || esize == 8;
}

int gpu_compact(GpuState *G, CUdeviceptr flags, CUdeviceptr pos, int64_t n, CUdeviceptr src,
                CUdeviceptr dst, int esize, int64_t inner, CUstream s) {
    if (gpu_ensure(G) < 0) return -1;
    if (!esize_ok(esize)) return gpu_set_error(G, GPU_ERR_CUDA, "compact: element size %d", esize);
    CUfunction f;
    if (gather_function(G, esize, "kr_compact", NULL, &f) < 0) return -1;
    if (n <= 0 || inner <= 0) return 0;
    uint64_t w[24] = {flags, pos, src, dst, (uint64_t)n, (uint64_t)inner};
    gpu_prof_traffic(G, (uint64_t)n * 9 + (uint64_t)(n * inner) * (uint64_t)esize * 2, 0.0);
    return kernels_launch(G, f, kernels_grid(G, n * inner, 256), 256, 0, s, w, 24);
}

int gpu_nonzero_coords(GpuState *G, CUdeviceptr flags, CUdeviceptr pos, int ndim,
                       const int64_t *shape, const CUdeviceptr *outs, CUstream s) {
    if (gpu_ensure(G) < 0) return -1;
    if (ndim < 1 || ndim > GPU_MAX_DIMS)
        return gpu_set_error(G, GPU_ERR_CUDA, "nonzero: rank %d", ndim);
    CUfunction f;
    if (gather_function(G, 1, "kr_nz_coords", NULL, &f) < 0) return -1;
    int64_t n = 1;
    for (int d = 0; d < ndim; d++)
        n *= shape[d];
    if (n <= 0) return 0;
    uint64_t w[24] = {flags, pos, (uint64_t)n, (uint64_t)ndim};
    for (int d = 0; d < ndim; d++) {
        w[4 + d] = (uint64_t)shape[d];
        w[12 + d] = outs[d];
    }
    gpu_prof_traffic(G, (uint64_t)n * 9, 0.0);
    return kernels_launch(G, f, kernels_grid(G, n, 256), 256, 0, s, w, 24);
}

int gpu_take(GpuState *G, CUdeviceptr idx, int64_t m, CUdeviceptr src, CUdeviceptr dst, int esize,
             int64_t outer, int64_t dim, int64_t inner, CUdeviceptr err_word, CUstream s) {
    if (gpu_ensure(G) < 0) return -1;
    if (!esize_ok(esize)) return gpu_set_error(G, GPU_ERR_CUDA, "take: element size %d", esize);
    CUfunction f;
    if (gather_function(G, esize, "kr_take", NULL, &f) < 0) return -1;
    int64_t total = outer * m * inner;
    if (total <= 0) return 0;
    uint64_t w[24] = {
        idx, src, dst, (uint64_t)outer, (uint64_t)dim, (uint64_t)m, (uint64_t)inner, err_word};
    gpu_prof_traffic(G, (uint64_t)m * 8 + (uint64_t)total * (uint64_t)esize * 2, 0.0);
    return kernels_launch(G, f, kernels_grid(G, total, 256), 256, 0, s, w, 24);
}
