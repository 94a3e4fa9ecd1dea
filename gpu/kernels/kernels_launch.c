/* kernels_launch.c: what every kernel family of the library shares past code generation:
 * compiling a generated source through the JIT, launching with packed arguments, the grid
 * size of grid-stride loops, and the tensor helpers of kernels.h. */
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

int kernels_build_sized(GpuState *G, const char *tname, int size, const char *body,
                        const char *name, const char *arch, CUfunction *out) {
    const char *type = size == 1   ? "unsigned char"
                       : size == 2 ? "unsigned short"
                       : size == 4 ? "unsigned int"
                                   : "u64";
    KSource s;
    ksrc_init(&s, G);
    ksrc_puts(&s, kernels_prelude);
    ksrc_printf(&s, "typedef %s %s;\n", type, tname);
    ksrc_puts(&s, body);
    int rc = kernels_build(G, &s, name, arch, out);
    ksrc_free(&s);
    return rc;
}

int kernels_launch3(GpuState *G, CUfunction f, const unsigned grid[3], unsigned block,
                    unsigned shared, CUstream s, const uint64_t *words, int nwords) {
    size_t bytes = (size_t)nwords * sizeof *words; /* for the mock's graphs (cuda_mock.h) */
    void *params[2] = {(void *)words, &bytes};
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

/* ---- tensor helpers ---- */

int64_t gpu_tensor_size(const GpuTensor *t) {
    int64_t n = 1;
    for (int d = 0; d < t->ndim; d++)
        n *= t->shape[d];
    return n;
}

uint64_t gpu_tensor_bytes(const GpuTensor *t) {
    uint64_t n = 1;
    for (int d = 0; d < t->ndim; d++)
        if (t->strides[d] != 0) n *= (uint64_t)t->shape[d];
    for (int d = 0; d < t->ndim; d++)
        if (t->shape[d] == 0) n = 0;
    return n * (uint64_t)gpu_dtype_size(t->dtype);
}

uint64_t gpu_tensors_bytes(const GpuTensor *t, int n) {
    uint64_t b = 0;
    for (int i = 0; i < n; i++)
        b += gpu_tensor_bytes(&t[i]);
    return b;
}

bool gpu_tensor_is_contiguous(const GpuTensor *t) {
    int64_t expect = 1;
    for (int d = t->ndim - 1; d >= 0; d--) {
        if (t->shape[d] != 1 && t->strides[d] != expect) return false;
        expect *= t->shape[d];
    }
    return true;
}

void gpu_kernels_free(GpuState *G) {
    gpu_cublaslt_free(G); /* before the cache that holds its plans */
    kcache_free(G);
}
