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
    CUstream waiter; /* Event.done()'s waits (stdlib/gpu/gpu_await.c), one of streams */
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

#endif
