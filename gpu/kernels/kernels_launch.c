/* kernels_launch.c: what every kernel family of the library shares past code generation:
 * compiling a generated source through the JIT, launching with packed arguments, the grid
 * size of grid-stride loops, and the dtype and tensor helpers of kernels.h. */
#include "cublaslt.h"
#include "kernels_internal.h"

int kernels_build(GpuState *G, const KSource *src, const char *name, const char *arch,
                  CUfunction *out) {
    if (src->failed)
        return gpu_set_error(G, GPU_ERR_HOST_MEMORY, "out of memory generating a kernel");
    JitRequest req = {0};
    req.source = src->buf;
    req.name = "krait_array_kernel.cu";
    req.arch = arch;
    if (arch) {
        JitBinary bin;
        if (jit_compile_to_cubin(G, &req, &bin) < 0) return -1;
        jit_binary_free(G, &bin);
        return 0;
    }
    return jit_get_function(G, &req, name, out);
}

int kernels_launch3(GpuState *G, CUfunction f, const unsigned grid[3], unsigned block,
                    unsigned shared, CUstream s, const uint64_t *words, int nwords) {
    (void)nwords;
    void *params[1] = {(void *)words};
    unsigned b[3] = {block, 1, 1};
    return gpu_launch(G, f, grid, b, shared, s, params);
}

int kernels_launch(GpuState *G, CUfunction f, unsigned grid, unsigned block, unsigned shared,
                   CUstream s, const uint64_t *words, int nwords) {
    unsigned g[3] = {grid ? grid : 1, 1, 1};
    return kernels_launch3(G, f, g, block, shared, s, words, nwords);
}

unsigned kernels_grid(GpuState *G, int64_t work, unsigned block) {
    int64_t need = (work + block - 1) / block;
    int64_t sms = G->sm_count > 0 ? G->sm_count : 132;
    int64_t cap = sms * (2048 / block) * 4;
    if (need > cap) need = cap;
    return need < 1 ? 1u : (unsigned)need;
}

/* ---- dtype and tensor helpers ---- */

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

int64_t gpu_tensor_size(const GpuTensor *t) {
    int64_t n = 1;
    for (int d = 0; d < t->ndim; d++)
        n *= t->shape[d];
    return n;
}

bool gpu_tensor_is_contiguous(const GpuTensor *t) {
    int64_t expect = 1;
    for (int d = t->ndim - 1; d >= 0; d--) {
        if (t->shape[d] != 1 && t->strides[d] != expect) return false;
        expect *= t->shape[d];
    }
    return true;
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
    if (su == 1) return DT_INT16;
    if (su == 2) return DT_INT32;
    return DT_INT64;
}

void gpu_kernels_free(GpuState *G) {
    gpu_cublaslt_free(G); /* before the cache that holds its plans */
    kcache_free(G);
}
