/* backend_cuda.h: what the CUDA backend's files (backend_cuda.c, backend_cuda_ops.c) and
 * stdlib/gpu/gpu_module.c share: the per-interpreter state, which hangs off the GpuState as its
 * allocator's user data (Interp has one gpu pointer, and the state must reach it), and the
 * pending-expression record of a lazy result. */
#ifndef KRAIT_GPU_BACKEND_CUDA_H
#define KRAIT_GPU_BACKEND_CUDA_H

#include "../../array/array.h"
#include "../../runtime/gpu.h"
#include "../../kernels/kernels.h"

/* Fusion limits: past them the operands are evaluated first. */
#define ARR_FUSE_NODES  32
#define ARR_FUSE_INPUTS 8

typedef struct ArrPending {
    FuseNode nodes[ARR_FUSE_NODES];
    int nnodes, root;
    Array *inputs[ARR_FUSE_INPUTS]; /* evaluated arrays, traced by the result */
    int ninputs;
    Array *prev, *next; /* the list of pending arrays (ArrCuda.pending) */
    int uses;           /* times the graph was copied into another (add_operand) */
} ArrPending;

typedef struct ArrCuda {
    Interp *I;
    int backend;       /* 0: undecided, 1: cpu, 2: cuda */
    CUstream cur;      /* the stream of `with gpu.Stream()`, NULL: krait's default */
    Array *pending;    /* head of the pending list */
    CUstream *streams; /* created by gpu.Stream(), destroyed at shutdown */
    int nstreams, capstreams;
    CUevent *events;
    int nevents, capevents;
    CUstream *idle_waiters; /* GPU waits' waiter streams not in use (stdlib/gpu/gpu_await.c), */
    int nidle_waiters, capidle_waiters; /* each one of streams */
    /* The collector's device trigger (arr_dev_alloc): the collection count last seen and the
     * device bytes in use at the first allocation after it. */
    size_t gc_seen, dev_base;
} ArrCuda;

ArrCuda *arr_cuda_state(Interp *I); /* creates I->gpu; NULL after raising */
CUstream arr_stream(Interp *I);
int arr_gpu_raise(Interp *I);
int arr_dev_alloc(Interp *I, size_t bytes, CUdeviceptr *out);
int arr_dev_own(Interp *I, Array *o); /* owner gets a device buffer it will fill now */
int arr_dev_ready(Interp *I, Array *a);
int arr_dev_write(Interp *I, Array *a);
int arr_tensor(Interp *I, Array *a, GpuTensor *t);
int arr_materialize(Interp *I, Array *a);
void arr_pending_unlink(Interp *I, Array *a);
/* The backend's choice (InterpHooks.array_backend, set by kr_new): CUDA's table or the CPU's. */
const ArrBackend *arr_backend_choose(Interp *I);

/* The device paths (backend_cuda.c, backend_cuda_ops.c): the result, or V_NULL (NULL)
 * without an error when the case is left to the host implementation. */
Value arr_cuda_binary(Interp *I, Value a, Value b, int op, int mode, int cdt, int rdt, Array *out);
Value arr_cuda_unary(Interp *I, Array *a, int op, int cdt, int rdt, Array *out);
Value arr_cuda_reduce(Interp *I, Array *a, int kind, Value axis, bool keepdims, int ddof, int dt);
Value arr_cuda_matmul(Interp *I, Array *a, Array *b);
/* dst[...] = src on the device: 1 done, 0 left to the host code, -1 after raising. */
int arr_cuda_assign(Interp *I, Array *dst, Value src);
Array *arr_cuda_full(Interp *I, int dt, int ndim, const int64_t *shape, Value fill);
Array *arr_cuda_arange(Interp *I, int dt, int64_t n, double start, double step);

#endif
