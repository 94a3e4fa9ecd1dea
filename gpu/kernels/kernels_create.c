/* kernels_create.c: strided copies and casts, fill and arange: the kernels that write an
 * array from a simple source. Copies and fills are one-node fused graphs (an input leaf, a
 * constant leaf), so they share the elementwise engine's vectorized and strided paths and
 * its cache; arange has its own small kernel. */
#include "../runtime/profile.h"
#include "kernels_internal.h"

int gpu_copy_strided(GpuState *G, const GpuTensor *src, GpuTensor *dst, CUstream s) {
    FuseNode n = {FUSE_INPUT, src->dtype, -1, -1, -1, 0, 0.0, 0, 0, 0};
    return gpu_fused_elementwise(G, &n, 1, 0, src, 1, dst, s);
}

int gpu_fill(GpuState *G, GpuTensor *out, double value, int64_t ivalue, CUstream s) {
    FuseNode n = {FUSE_CONST, out->dtype, -1, -1, -1, -1, value, ivalue, 0, 0};
    if (out->dtype == DT_BOOL) n.iscalar = ivalue != 0;
    return gpu_fused_elementwise(G, &n, 1, 0, NULL, 0, out, s);
}

static const char arange_body[] =
    "extern \"C\" __global__ void kr_arange(const KrArgs p) {\n"
    "    T *out = (T *)p.w[0];\n"
    "    const i64 n = (i64)p.w[1], st = (i64)p.w[4];\n"
    "    for (i64 i = (i64)blockIdx.x * blockDim.x + threadIdx.x; i < n;\n"
    "         i += (i64)gridDim.x * blockDim.x) {\n"
    "#if KR_FLOAT\n"
    "        double v = __longlong_as_double((i64)p.w[2]) + (double)i * "
    "__longlong_as_double((i64)p.w[3]);\n"
    "#else\n"
    "        i64 v = (i64)p.w[2] + i * (i64)p.w[3];\n"
    "#endif\n"
    "        out[i * st] = KR_STORE(v);\n"
    "    }\n"
    "}\n";

int kernels_arange_function(GpuState *G, DType dt, const char *arch, CUfunction *f) {
    uint8_t key[4] = {'A', (uint8_t)dt, 0, 0};
    uint64_t h = kcache_hash(key, sizeof key);
    if (!arch && (*f = kcache_find(G, key, sizeof key, h))) return 0;
    KSource s;
    ksrc_init(&s, G);
    ksrc_puts(&s, kernels_prelude);
    ksrc_puts(&s, "struct KrArgs { u64 w[8]; };\n");
    ksrc_printf(&s, "typedef %s T;\n#define KR_FLOAT %d\n#define KR_STORE(v) ", kdtype_storage(dt),
                gpu_dtype_kind(dt) == 'f');
    ksrc_store_expr(&s, dt, "v");
    ksrc_puts(&s, "\n");
    ksrc_puts(&s, arange_body);
    int rc = G->mock && !arch ? kernels_host_arange(G, dt, f)
                              : kernels_build(G, &s, "kr_arange", arch, f);
    ksrc_free(&s);
    if (rc < 0 || arch) return rc;
    if (G->mock) gpu_func_name_set(G, *f, "kr_arange");
    return kcache_insert(G, key, sizeof key, h, *f);
}

int gpu_arange(GpuState *G, GpuTensor *out, double start, double step, int64_t istart,
               int64_t istep, CUstream s) {
    if (gpu_ensure(G) < 0) return -1;
    if (out->ndim > 1) return gpu_set_error(G, GPU_ERR_CUDA, "arange: output must be 1-D");
    int64_t n = gpu_tensor_size(out);
    CUfunction f;
    if (kernels_arange_function(G, out->dtype, NULL, &f) < 0) return -1;
    if (n == 0) return 0;
    bool fl = gpu_dtype_kind(out->dtype) == 'f';
    uint64_t w[8] = {out->ptr,
                     (uint64_t)n,
                     fl ? kword_f64(start) : (uint64_t)istart,
                     fl ? kword_f64(step) : (uint64_t)istep,
                     out->ndim == 1 ? (uint64_t)out->strides[0] : 1,
                     0,
                     0,
                     0};
    gpu_prof_traffic(G, gpu_tensor_bytes(out), 0.0);
    return kernels_launch(G, f, kernels_grid(G, n, 256), 256, 0, s, w, 8);
}
