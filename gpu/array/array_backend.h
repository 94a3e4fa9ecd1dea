/* array_backend.h: the table of operations behind which each array backend sits, one
 * const table per backend (gpu/backend/cpu/backend_cpu.c, gpu/backend/cuda/backend_cuda_ops.c),
 * chosen once per interpreter at the first array operation.
 *
 * The array layer (this folder) checks arguments, works out dtypes and raises NumPy's errors,
 * then hands the operation to the table; it never asks which backend it runs on. The CPU
 * table points at the host implementations of this layer (arr_host_*). The CUDA table runs
 * what it can on the device and hands the rest to the same host implementations, after
 * bringing the host mirror up to date. The choice is made by the hook the C API plugs in
 * (InterpHooks.array_backend, arr_backend_choose in gpu/backend/cuda): the array layer never
 * calls up into a backend. */
#ifndef KRAIT_GPU_ARRAY_BACKEND_H
#define KRAIT_GPU_ARRAY_BACKEND_H

#include <stdbool.h>
#include <stdint.h>

#include "../../vm/interp.h"
#include "../../vm/value.h"

struct Array;

typedef struct ArrBackend {
    const char *name; /* "cpu" or "cuda" */
    bool device;      /* arrays live in device memory: kr_array_wrap takes device pointers */
    /* Elementwise operations (array_ops.c has worked out the dtypes: cdt the computation's,
     * rdt the result's; mode 1 for comparisons), reductions, matmul, casts, reshape: the
     * result, V_NULL (NULL) after raising. */
    Value (*binary)(Interp *I, Value a, Value b, int op, int mode, int cdt, int rdt,
                    struct Array *out);
    Value (*unary)(Interp *I, struct Array *a, int op, int cdt, int rdt, struct Array *out);
    Value (*reduce)(Interp *I, struct Array *a, int kind, Value axis, bool keepdims, int ddof,
                    int dt);
    Value (*matmul)(Interp *I, struct Array *a, struct Array *b);
    Value (*astype)(Interp *I, struct Array *a, int dt);
    struct Array *(*reshape)(Interp *I, struct Array *a, int ndim, const int64_t *shape);
    /* dst[...] = src (an array_like or scalar broadcast to dst, cast unsafely): 0, or -1
     * after raising. */
    int (*assign)(Interp *I, struct Array *dst, Value src);
    /* zeros/ones/full: an array of fill in order 'C' or 'F'; arange: n elements start + i *
     * step, from the ints start/step when both are small ints, else from a and s. */
    struct Array *(*full)(Interp *I, int dt, int ndim, const int64_t *shape, char order,
                          Value fill);
    struct Array *(*arange)(Interp *I, int dt, int64_t n, Value start, Value step, double a,
                            double s);
    /* Wait for the queued work; -1 after raising. */
    int (*synchronize)(Interp *I);
    /* Bring a's data current where the embedding host reads it (kr_array_describe): 1 on the
     * device, 0 on the host, -1 after raising. */
    int (*current)(Interp *I, struct Array *a);
    /* gpu.Stream and gpu.Event: their driver handles, NULL where the backend has none (the
     * module's objects then act on the host: work is already done, events read the clock). */
    int (*stream_new)(Interp *I, void **stream, void **order_event);
    int (*event_new)(Interp *I, bool timing, void **event);
    /* Whether the work queued on stream (NULL: the current one) is done: 1, 0, or -1 after
     * the runtime failed (G->err set: the caller raises with arr_gpu_raise). */
    int (*stream_query)(Interp *I, void *stream);
    /* np.where(c, x, y) with x and y (arrays or scalars) promoted to dt: the result, or V_NULL
     * without an error for what the host code does (NULL: all of it). */
    Value (*where)(Interp *I, struct Array *c, Value x, Value y, int dt);
    /* Sorting, compaction and gathers where the data is (NULL: the host code of gpu/array
     * runs them). Each gives the result, or V_NULL without an error for what the host code
     * does (its case, or bad input the host code raises for), V_NULL after raising.
     * sort: np.sort / argsort of a along axis (normalized); nonzero: np.nonzero(a), a tuple;
     * take: v[..., adv, ...], the advanced index adv (an array or list) along axis of the
     * view v. */
    Value (*sort)(Interp *I, struct Array *a, int axis, bool arg);
    Value (*nonzero)(Interp *I, struct Array *a);
    Value (*take)(Interp *I, struct Array *v, int axis, Value adv);
    /* np.unique over the flattened a (array_sort.c's arr_unique's arguments) */
    Value (*unique)(Interp *I, struct Array *a, bool ret_index, bool ret_inverse, bool ret_counts,
                    bool equal_nan);
} ArrBackend;

/* The CPU backend's table (gpu/backend/cpu/backend_cpu.c): the one an interpreter without
 * the hook runs on. */
extern const ArrBackend arr_backend_cpu;

/* The interpreter's backend, chosen at the first call. */
const ArrBackend *arr_backend_slow(Interp *I);
static inline const ArrBackend *arr_backend(Interp *I) {
    return I->arr_backend ? I->arr_backend : arr_backend_slow(I);
}

#endif
