/* kernels_internal.h: what the kernel library's files (kernels_*.c) share and nothing else
 * includes: the code generation pieces (gpu/codegen/cuda_source.h: the source buffer, the
 * CUDA C prelude, dtype names for generated code) and the build and launch helpers. */
#ifndef KRAIT_GPU_KERNELS_INTERNAL_H
#define KRAIT_GPU_KERNELS_INTERNAL_H

#include "../codegen/cuda_source.h"
#include "kernels.h"

/* Compile source for a kernel named name: to CUBIN for arch when arch is non-NULL (nothing
 * loaded, *out untouched), else for the device, loaded, into *out. */
int kernels_build(GpuState *G, const KSource *src, const char *name, const char *arch,
                  CUfunction *out);

/* Launch with the arguments as one by-value struct of nwords 8-byte words. */
int kernels_launch(GpuState *G, CUfunction f, unsigned grid, unsigned block, unsigned shared,
                   CUstream s, const uint64_t *words, int nwords);
int kernels_launch3(GpuState *G, CUfunction f, const unsigned grid[3], unsigned block,
                    unsigned shared, CUstream s, const uint64_t *words, int nwords);

/* Blocks for a grid-stride loop over `work` items with `block` threads. */
unsigned kernels_grid(GpuState *G, int64_t work, unsigned block);

static inline uint64_t kword_f64(double d) {
    uint64_t w;
    __builtin_memcpy(&w, &d, 8);
    return w;
}

#endif
