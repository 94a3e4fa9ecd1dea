/* kernels_internal.h: what the kernel library's files (kernels_*.c) share and nothing else
 * includes: a growable source buffer for code generation, the CUDA C prelude every
 * generated kernel starts with, dtype names for generated code, and the launch helpers. */
#ifndef KRAIT_GPU_KERNELS_INTERNAL_H
#define KRAIT_GPU_KERNELS_INTERNAL_H

#include "kernels.h"

#include <stdarg.h>

/* Generated source; on allocation failure `failed` is set and later appends do nothing, so
 * generators check once at the end. */
typedef struct KSource {
    struct GpuState *G;
    char *buf;
    size_t len, cap;
    bool failed;
} KSource;

void ksrc_init(KSource *s, GpuState *G);
void ksrc_free(KSource *s);
void ksrc_printf(KSource *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void ksrc_puts(KSource *s, const char *text);

/* The prelude: storage types for float16/bfloat16 (NVRTC has no cuda_fp16.h without the
 * toolkit's include folder, which the target machine lacks, so conversions use inline PTX),
 * loads and stores with conversion, and NumPy-semantics helpers (floordiv, mod, pow,
 * shifts, NaN-propagating max/min, math overloads for float and double). */
extern const char kernels_prelude[];

/* C type names in generated code: the storage type (kr_half for float16) and the register
 * type a value is computed in (float for float16 and bfloat16). */
const char *kdtype_storage(DType dt);
const char *kdtype_register(DType dt);
/* An expression converting register value `expr` of dtype from to dtype to's register. */
void ksrc_convert(KSource *s, DType from, DType to, const char *expr);
/* An expression storing register value expr of dtype dt into its storage type. */
void ksrc_store_expr(KSource *s, DType dt, const char *expr);

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
