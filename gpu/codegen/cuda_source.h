/* cuda_source.h: generating CUDA C source, for every code generator (the kernel library in
 * gpu/kernels/, the tile compiler): a growable source buffer whose allocation failure is
 * checked once at the end, the prelude every generated kernel starts with, and the C names
 * and conversions of krait's dtypes in generated code. Nothing here compiles or launches:
 * that is the JIT's (gpu/runtime/jit.h). */
#ifndef KRAIT_GPU_CUDA_SOURCE_H
#define KRAIT_GPU_CUDA_SOURCE_H

#include "../runtime/gpu.h"
#include "dtype.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

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

#endif
