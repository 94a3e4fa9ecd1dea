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

/* Where and under which np.seterr modes a checked node (FuseNode.fpe) was queued: its
 * floating-point errors are reported with these when the host next waits for the device
 * (backend_cuda_fpe.c). code and globals are traced with the pending array. */
typedef struct ArrFpeSite {
    struct Code *code; /* NULL: no Python frame */
    Dict *globals;
    int line;
    uint16_t modes; /* ARR_ERR_* of divide, over, under, invalid, 3 bits each */
    bool scalar;    /* an operator of NumPy scalars ("scalar divide") */
    int64_t seq;    /* the order operations were queued in: reports come in this order */
} ArrFpeSite;

typedef struct ArrPending {
    FuseNode nodes[ARR_FUSE_NODES];
    int nnodes, root;
    Array *inputs[ARR_FUSE_INPUTS]; /* evaluated arrays, traced by the result */
    int ninputs;
    Array *prev, *next;           /* the list of pending arrays (ArrCuda.pending) */
    struct ArrPending *free_next; /* ArrCuda.pend_free's chain */
    int uses;                     /* times the graph was copied into another (add_operand) */
    /* Its value went into other work (a graph it was copied into, a reduction, an assignment):
     * gpu.synchronize() leaves it lazy (arr_pending_flush_unused). */
    bool consumed;
    bool flush;                       /* arr_pending_flush_unused's mark */
    ArrFpeSite sites[ARR_FUSE_NODES]; /* for the nodes with fpe set */
    bool eager; /* a checked node's mode is not 'warn': run and report at once */
    /* A 2-D matmul not run yet (inputs[0] @ inputs[1], no nodes): evaluated where its value
     * is needed, or fused with the elementwise epilogue that reads it into one cuBLASLt call
     * (backend_cuda_epilogue.c). */
    bool matmul;
    /* A row program (gpu_fused_rows): the graph holds FUSE_ROWRED nodes over the row space
     * (row_nd dims of row_shape, the row the last); 0 when it holds none. The result has
     * that shape, or it with the last dim 1 (a row reduction itself, keepdims), or without
     * it: only the first two are copied into another graph, and only one of that shape. */
    int row_nd;
    int64_t row_shape[GPU_MAX_DIMS];
    /* while a graph is built: the shape of its result (add_operand's test for row programs) */
    int tnd;
    int64_t tshape[GPU_MAX_DIMS];
} ArrPending;

/* Flag words on the device: one per distinct (operation, site, modes) launched since the
 * host last read them. */
#define ARR_FPE_SLOTS 256

typedef struct ArrFpeEntry {
    int op; /* FuseOp */
    bool scalar;
    uint16_t modes;
    struct Code *code; /* compared only: the site list (ndarray's _fpe_sites) keeps it */
    int line;
} ArrFpeEntry;

/* gpu.graph()'s object (the type: stdlib/gpu/gpu_graph.c; the work: backend_cuda_graph.c):
 * the instantiated CUDA graph and the owners its work touches, kept alive by its trace and
 * made current on the device before each replay. */
typedef struct ArrGraph {
    Obj hdr;
    struct GpuGraph *graph; /* NULL until a capture ended well */
    Array **owners;
    int nowners, capowners;
    int state; /* ARR_GRAPH_NEW, _CAPTURING, _READY, _FAILED */
} ArrGraph;
enum { ARR_GRAPH_NEW, ARR_GRAPH_CAPTURING, ARR_GRAPH_READY, ARR_GRAPH_FAILED };

typedef struct ArrCuda {
    Interp *I;
    ArrGraph *capture; /* the gpu.graph() capturing now, NULL when none */
    int backend;       /* 0: undecided, 1: cpu, 2: cuda */
    CUstream cur;      /* the stream of `with gpu.Stream()`, NULL: krait's default */
    Array *pending;    /* head of the pending list */
    CUstream *streams; /* created by gpu.Stream(), destroyed at shutdown */
    int nstreams, capstreams;
    CUevent *events;
    int nevents, capevents;
    CUstream *idle_waiters; /* GPU waits' waiter streams not in use (stdlib/gpu/gpu_await.c), */
    int nidle_waiters, capidle_waiters; /* each one of streams */
    /* The collector's device trigger (arr_dev_alloc): the collection count last seen, the
     * device bytes in use at the first allocation after it and the bytes requested since. */
    size_t gc_seen, dev_base, dev_since;
    CUdeviceptr fpe_dev; /* ARR_FPE_SLOTS flag words, allocated at the first checked launch */
    int nfpe;            /* entries in use */
    bool fpe_quiet;      /* reading flags now could not report (as_array's refresh) */
    int64_t fpe_seq;     /* operations marked so far */
    ArrFpeEntry fpe[ARR_FPE_SLOTS];
    /* Freed pending records kept for the next (chained by next; a small op makes and frees
     * one, ~3 KB, whose malloc and count toward the collector's trigger showed) */
    struct ArrPending *pend_free;
    int npend_free;
} ArrCuda;

ArrCuda *arr_cuda_state(Interp *I); /* creates I->gpu; NULL after raising */
/* A new device state (its ArrCuda as the allocator's user data) with the host's settings,
 * for device ordinal; not started. NULL after raising. */
GpuState *arr_cuda_new_state(Interp *I, int ordinal);

/* ---- several devices (backend_cuda_devices.c; docs/GPU.md "Several GPUs") ----
 * I->gpu is the current device's state (gpu.Device(i) switches it); each array knows its
 * device (Array.device). Work on an array of another device raises (arr_device_mismatch);
 * host reads and frees run on the array's own device (arr_device_enter/leave). */
int arr_device_count(Interp *I);        /* -1 after raising */
int arr_device_use(Interp *I, int dev); /* make dev current: the previous one, -1 raised */
/* a's data as a new array on device dev (a itself when it is there already). */
Value arr_to_device(Interp *I, Array *a, int dev);
/* Wait for the work of device dev (every stream); -1 after raising. */
int arr_device_synchronize(Interp *I, int dev);
/* dev's state, made (and on CUDA started) at the first call; NULL after raising. */
GpuState *arr_device_state(Interp *I, int dev);
CUstream arr_stream(Interp *I);
int arr_gpu_raise(Interp *I);
int arr_dev_alloc(Interp *I, size_t bytes, CUdeviceptr *out);
int arr_dev_own(Interp *I, Array *o); /* owner gets a device buffer it will fill now */
int arr_dev_ready(Interp *I, Array *a);
int arr_dev_write(Interp *I, Array *a);
int arr_tensor(Interp *I, Array *a, GpuTensor *t);
int arr_materialize(Interp *I, Array *a);
/* gpu.graph() (backend_cuda_graph.c). begin: evaluate what is pending, then capture the
 * current stream; end: evaluate what the block left pending, stop, instantiate (keep false:
 * discard, after an exception); replay: make the touched owners current, launch the graph,
 * mark them written. touch: an owner the captured work reads or writes. All -1 after raising. */
int arr_graph_begin(Interp *I, ArrGraph *g);
int arr_graph_end(Interp *I, ArrGraph *g, bool keep);
int arr_graph_replay(Interp *I, ArrGraph *g);
void arr_graph_touch(Interp *I, Array *o);
void arr_graph_trace(Interp *I, ArrGraph *g);
void arr_graph_finalize(Interp *I, ArrGraph *g);
void arr_pending_unlink(Interp *I, Array *a);
/* gpu.synchronize(): evaluate the pending results no other work took (c = x @ y never read
 * is computed by the synchronize that follows, as an eager library would have); -1 after
 * raising. */
int arr_pending_flush_unused(Interp *I);
/* Floating-point errors of device work (backend_cuda_fpe.c). mark: after node was added
 * for an operation, set its fpe bits from np.seterr's modes and record its site (-1 after
 * raising). prepare: give a copy of g's nodes their flag words before a launch. poll: read
 * the flag words after the host waited for the stream and report (-1 after raising). */
int arr_cuda_fpe_mark(Interp *I, ArrPending *g, int node, bool scalar);
int arr_cuda_fpe_prepare(Interp *I, const ArrPending *g, FuseNode *nodes);
/* A flag word for the reduction being queued now ("... encountered in reduce": its own
 * overflow and invalid value, gpu_reduce_checked), with its site and modes; *word 0 when
 * np.seterr ignores both. *eager: a mode other than 'warn' (report at once). -1 after
 * raising. */
int arr_cuda_fpe_reduce_word(Interp *I, CUdeviceptr *word, bool *eager);
/* The same for a float cumsum / cumprod ("... encountered in accumulate", gpu_scan's word). */
int arr_cuda_fpe_accumulate_word(Interp *I, CUdeviceptr *word, bool *eager);
int arr_cuda_fpe_poll(Interp *I);
void arr_cuda_fpe_trace(Interp *I, const ArrPending *g);
void arr_cuda_fpe_free(Interp *I);

/* The backend's choice (InterpHooks.array_backend, set by kr_new): CUDA's table or the CPU's. */
const ArrBackend *arr_backend_choose(Interp *I);

/* The device paths (backend_cuda.c, backend_cuda_ops.c): the result, or V_NULL (NULL)
 * without an error when the case is left to the host implementation. */
Value arr_cuda_binary(Interp *I, Value a, Value b, int op, int mode, int cdt, int rdt, Array *out);
Value arr_cuda_unary(Interp *I, Array *a, int op, int cdt, int rdt, Array *out);
/* np.where as a fused node (FUSE_WHERE): lazy, fused with its operands and users. */
Value arr_cuda_where(Interp *I, Array *c, Value x, Value y, int dt);
Value arr_cuda_reduce(Interp *I, Array *a, int kind, Value axis, bool keepdims, int ddof, int dt);
Value arr_cuda_matmul(Interp *I, Array *a, Array *b);
Value arr_cuda_matmul_ep(Interp *I, Array *a, Array *b, Array *bias, int act, double alpha,
                         double beta, Array *c); /* None: declined */
/* backend_cuda_epilogue.c: a lazy 2-D matmul (ArrPending.matmul); run one (g) into out;
 * run g (a pending elementwise graph into out) as one matmul with its epilogue when g is
 * act(alpha * M + beta * C + bias) over a lazy matmul M: 1 done, 0 not that shape, -1 raised. */
Value arr_cuda_matmul_lazy(Interp *I, Array *a, Array *b);
int arr_matmul_run(Interp *I, const ArrPending *g, GpuTensor *out);
int arr_epilogue_try(Interp *I, const ArrPending *g, GpuTensor *out);
/* a is a pending expression of the epilogue's shape (arr_epilogue_try would take it). */
bool arr_epilogue_shape(const Array *a);
void arr_pending_link(Interp *I, Array *r, ArrPending *p);
/* A builder's start: no nodes, the result's shape (nd, shape). */
void arr_pending_begin(ArrPending *g, int nd, const int64_t *shape);
/* The builder's operand v converted to cdt (backend_cuda.c's add_operand): the node's index,
 * -1 after raising, -2 when it does not fit (evaluate operands and retry). */
int arr_pending_operand(Interp *I, ArrPending *g, Value v, int cdt);
int arr_pending_node(ArrPending *g, int op, int dt, int a, int b, int c);
/* Finish a builder: the pending result (rdt, nd, shape), or run into out; V_NULL raised. */
Value arr_pending_finish(Interp *I, ArrPending *g, int root, int rdt, int nd, const int64_t *shape,
                         Array *out);
/* A pending record (uninitialized; NULL after raising) and its release (from the free list). */
ArrPending *arr_pending_alloc(Interp *I);
void arr_pending_free(Interp *I, ArrPending *p);
/* dst[...] = src on the device: 1 done, 0 left to the host code, -1 after raising. */
int arr_cuda_assign(Interp *I, Array *dst, Value src);
Array *arr_cuda_full(Interp *I, int dt, int ndim, const int64_t *shape, Value fill);
/* A new owner whose device buffer the caller fills now (backend_cuda_ops.c). */
Array *arr_cuda_dev_new(Interp *I, int dt, int nd, const int64_t *shape);
/* backend_cuda_sort.c: the table's sort, nonzero and take, and cumsum / cumprod (kind
 * RED_CUMSUM or RED_CUMPROD into rdt); V_NULL without an error: the host code's case. */
Value arr_cuda_sort(Interp *I, Array *a, int axis, bool arg);
Value arr_cuda_nonzero(Interp *I, Array *a);
Value arr_cuda_take(Interp *I, Array *v, int axis, Value adv);
Value arr_cuda_scan(Interp *I, Array *a, int kind, Value axis, int rdt);
Value arr_cuda_unique(Interp *I, Array *a, bool ret_index, bool ret_inverse, bool ret_counts,
                      bool equal_nan);
Array *arr_cuda_arange(Interp *I, int dt, int64_t n, double start, double step);

#endif
