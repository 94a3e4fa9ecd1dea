/* cuda_mock.c: the mock device's driver (see cuda_mock.h): host implementations of the
 * driver functions in CudaApi. They keep no state of their own (the driver's functions take
 * no context argument, and krait has no globals): each object (stream, event, pool, device
 * buffer, captured graph) is a host allocation that carries what it needs, and device totals
 * are fixed. */
#include "cuda_mock.h"
#include "gpu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MOCK_TOTAL_MEMORY ((size_t)16 << 30)

typedef CudaMockEvent MockEvent;

static CUresult mock_init(unsigned int flags) {
    (void)flags;
    return CUDA_SUCCESS;
}

static CUresult mock_driver_version(int *version) {
    *version = 13000;
    return CUDA_SUCCESS;
}

/* The driver's names for the results the mock gives: its own, and the sticky faults a mock
 * kernel returns (the sort kernels' 716 for a misaligned word) or a test injects, so that
 * the mock's messages read as the device's. */
static const struct {
    CUresult result;
    const char *name, *text;
} mock_errors[] = {
    {CUDA_ERROR_OUT_OF_MEMORY, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
    {700, "CUDA_ERROR_ILLEGAL_ADDRESS", "an illegal memory access was encountered"},
    {716, "CUDA_ERROR_MISALIGNED_ADDRESS", "misaligned address"},
    {MOCK_NOT_SUPPORTED, "CUDA_ERROR_NOT_SUPPORTED",
     "the mock device runs only kernels the kernel library built for it"},
};

static CUresult mock_error_describe(CUresult error, const char **str, bool name) {
    *str = name ? "CUDA_ERROR_UNKNOWN" : "unknown error";
    for (size_t i = 0; i < sizeof mock_errors / sizeof *mock_errors; i++)
        if (mock_errors[i].result == error) *str = name ? mock_errors[i].name : mock_errors[i].text;
    return CUDA_SUCCESS;
}

static CUresult mock_error_name(CUresult error, const char **str) {
    return mock_error_describe(error, str, true);
}

static CUresult mock_error_string(CUresult error, const char **str) {
    return mock_error_describe(error, str, false);
}

/* settings.mock_devices (KRAIT_MOCK_DEVICES) devices: cuDeviceGetCount cannot see the
 * state, so device.c asks cuda_mock_device_count instead; an ordinal past the count never
 * reaches cuDeviceGet (device.c checks it first). */
static CUresult mock_device_get(CUdevice *device, int ordinal) {
    *device = ordinal;
    return ordinal >= 0 && ordinal < GPU_MAX_DEVICES ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

static CUresult mock_device_count(int *count) {
    *count = 1;
    return CUDA_SUCCESS;
}

int cuda_mock_device_count(const GpuState *G) {
    int n = G->settings.mock_devices;
    return n < 1 ? 1 : n > GPU_MAX_DEVICES ? GPU_MAX_DEVICES : n;
}

static CUresult mock_device_name(char *name, int len, CUdevice dev) {
    (void)dev;
    snprintf(name, (size_t)len, "krait mock device");
    return CUDA_SUCCESS;
}

static CUresult mock_device_attribute(int *value, int attribute, CUdevice dev) {
    (void)dev;
    switch (attribute) {
    case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR: *value = 9; break;
    case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR: *value = 0; break;
    case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT: *value = 4; break;
    case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK: *value = 1024; break;
    case CU_DEVICE_ATTRIBUTE_WARP_SIZE: *value = 32; break;
    case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN: *value = 232448; break;
    case CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED: *value = 1; break;
    default: *value = 0; break;
    }
    return CUDA_SUCCESS;
}

static CUresult mock_total_mem(size_t *bytes, CUdevice dev) {
    (void)dev;
    *bytes = MOCK_TOTAL_MEMORY;
    return CUDA_SUCCESS;
}

/* A captured graph (cuStreamBeginCapture): the work queued on the stream, in order, each
 * item with a copy of what it needs, so replaying it runs the same work again. */
enum { MOCK_OP_LAUNCH, MOCK_OP_DTOD, MOCK_OP_MEMSET8, MOCK_OP_MEMSET32 };
typedef struct MockOp {
    int kind;
    const CudaMockFunction *f;
    unsigned grid[3], block[3];
    void *args; /* a copy of the launch's argument block */
    size_t args_bytes;
    CUdeviceptr dst, src;
    size_t n;
    unsigned value;
} MockOp;
typedef struct MockGraph {
    MockOp *ops;
    int n, cap;
    bool invalid; /* an operation the capture cannot record was tried */
} MockGraph;

/* Streams are distinct non-NULL tokens that know whether they are being captured. */
typedef CudaMockStreamHead MockStream;

static MockGraph *mock_capturing(CUstream stream) {
    return stream ? ((MockStream *)(void *)stream)->capture : NULL;
}

/* What CUDA does for an operation a capture cannot hold: fail it and invalidate the capture
 * (the mock refuses allocations and frees on a captured stream too, which the driver would
 * record as graph memory: krait must route them elsewhere, and the mock's tests check it). */
static CUresult mock_refuse(MockGraph *g) {
    g->invalid = true;
    return CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED;
}

static MockOp *mock_record(MockGraph *g, int kind) {
    if (g->n == g->cap) {
        int cap = g->cap ? 2 * g->cap : 16;
        MockOp *ops = realloc(g->ops, sizeof *ops * (size_t)cap);
        if (!ops) return NULL;
        g->ops = ops;
        g->cap = cap;
    }
    MockOp *op = &g->ops[g->n++];
    memset(op, 0, sizeof *op);
    op->kind = kind;
    return op;
}

static void mock_graph_free(MockGraph *g) {
    if (!g) return;
    for (int i = 0; i < g->n; i++)
        free(g->ops[i].args);
    free(g->ops);
    free(g);
}

/* One primary context a device: a constant token (nothing to free at release). */
static CUresult mock_ctx_retain(CUcontext *ctx, CUdevice dev) {
    *ctx = (CUcontext)(uintptr_t)(dev + 1);
    return CUDA_SUCCESS;
}

static CUresult mock_ctx_release(CUdevice dev) {
    (void)dev;
    return CUDA_SUCCESS;
}

static CUresult mock_ctx_set_current(CUcontext ctx) {
    (void)ctx;
    return CUDA_SUCCESS;
}

static CUresult mock_ok(void) {
    return CUDA_SUCCESS; /* every operation completed during its call */
}

static CUresult mock_stream_create(CUstream *stream, unsigned int flags) {
    (void)flags;
    *stream = calloc(1, sizeof(MockStream));
    return *stream ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

static CUresult mock_stream_destroy(CUstream stream) {
    if (stream) mock_graph_free(((MockStream *)(void *)stream)->capture);
    free(stream);
    return CUDA_SUCCESS;
}

/* synchronize and query: the work is done, but a captured stream cannot be waited for */
static CUresult mock_stream_op(CUstream stream) {
    MockGraph *g = mock_capturing(stream);
    return g ? mock_refuse(g) : CUDA_SUCCESS;
}

static CUresult mock_stream_wait_event(CUstream stream, CUevent event, unsigned int flags) {
    (void)stream, (void)event, (void)flags;
    return CUDA_SUCCESS;
}

static CUresult mock_event_create(CUevent *event, unsigned int flags) {
    (void)flags;
    MockEvent *e = calloc(1, sizeof *e);
    *event = (CUevent)(void *)e;
    return e ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

static CUresult mock_event_record(CUevent event, CUstream stream) {
    (void)stream;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    ((MockEvent *)(void *)event)->ms = (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
    return CUDA_SUCCESS;
}

static CUresult mock_event_op(CUevent event) {
    (void)event;
    return CUDA_SUCCESS;
}

static CUresult mock_event_elapsed(float *ms, CUevent start, CUevent end) {
    *ms = (float)(((MockEvent *)(void *)end)->ms - ((MockEvent *)(void *)start)->ms);
    return CUDA_SUCCESS;
}

static CUresult mock_event_destroy(CUevent event) {
    free(event);
    return CUDA_SUCCESS;
}

static CUresult mock_mem_alloc(CUdeviceptr *ptr, size_t bytes, CUstream stream) {
    if (mock_capturing(stream)) return mock_refuse(mock_capturing(stream));
    void *p = malloc(bytes);
    if (!p) return CUDA_ERROR_OUT_OF_MEMORY;
    memset(p, 0xA5, bytes); /* what was there before: a kernel must not rely on zeros */
    *ptr = (CUdeviceptr)(uintptr_t)p;
    return CUDA_SUCCESS;
}

static CUresult mock_mem_free(CUdeviceptr ptr, CUstream stream) {
    if (mock_capturing(stream)) return mock_refuse(mock_capturing(stream));
    free((void *)(uintptr_t)ptr);
    return CUDA_SUCCESS;
}

static CUresult mock_default_pool(CUmemoryPool *pool, CUdevice dev) {
    (void)dev;
    *pool = (CUmemoryPool)(uintptr_t)1; /* never dereferenced */
    return CUDA_SUCCESS;
}

static CUresult mock_pool_set(CUmemoryPool pool, int attribute, void *value) {
    (void)pool, (void)attribute, (void)value;
    return CUDA_SUCCESS;
}

static CUresult mock_pool_get(CUmemoryPool pool, int attribute, void *value) {
    (void)pool, (void)attribute;
    *(uint64_t *)value = 0; /* the mock frees at once: nothing is held in a pool */
    return CUDA_SUCCESS;
}

static CUresult mock_pool_trim(CUmemoryPool pool, size_t keep) {
    (void)pool, (void)keep;
    return CUDA_SUCCESS;
}

static CUresult mock_htod(CUdeviceptr dst, const void *src, size_t bytes, CUstream s) {
    if (mock_capturing(s)) return mock_refuse(mock_capturing(s));
    memmove((void *)(uintptr_t)dst, src, bytes);
    return CUDA_SUCCESS;
}

static CUresult mock_dtoh(void *dst, CUdeviceptr src, size_t bytes, CUstream s) {
    if (mock_capturing(s)) return mock_refuse(mock_capturing(s));
    memmove(dst, (const void *)(uintptr_t)src, bytes);
    return CUDA_SUCCESS;
}

static CUresult mock_dtod(CUdeviceptr dst, CUdeviceptr src, size_t bytes, CUstream s) {
    MockGraph *g = mock_capturing(s);
    if (g) {
        MockOp *op = mock_record(g, MOCK_OP_DTOD);
        if (!op) return CUDA_ERROR_OUT_OF_MEMORY;
        op->dst = dst, op->src = src, op->n = bytes;
        return CUDA_SUCCESS;
    }
    memmove((void *)(uintptr_t)dst, (const void *)(uintptr_t)src, bytes);
    return CUDA_SUCCESS;
}

/* Every mock device's memory is the host's: a peer copy is a device-to-device copy. */
static CUresult mock_peer(CUdeviceptr dst, CUcontext dctx, CUdeviceptr src, CUcontext sctx,
                          size_t bytes, CUstream s) {
    (void)dctx, (void)sctx;
    return mock_dtod(dst, src, bytes, s);
}

static CUresult mock_can_access_peer(int *can, CUdevice dev, CUdevice peer) {
    *can = dev != peer;
    return CUDA_SUCCESS;
}

static CUresult mock_enable_peer(CUcontext peer, unsigned int flags) {
    (void)peer, (void)flags;
    return CUDA_SUCCESS;
}

static CUresult mock_memset8(CUdeviceptr dst, unsigned char value, size_t n, CUstream s) {
    MockGraph *g = mock_capturing(s);
    if (g) {
        MockOp *op = mock_record(g, MOCK_OP_MEMSET8);
        if (!op) return CUDA_ERROR_OUT_OF_MEMORY;
        op->dst = dst, op->n = n, op->value = value;
        return CUDA_SUCCESS;
    }
    memset((void *)(uintptr_t)dst, value, n);
    return CUDA_SUCCESS;
}

static CUresult mock_memset32(CUdeviceptr dst, unsigned int value, size_t n, CUstream s) {
    MockGraph *g = mock_capturing(s);
    if (g) {
        MockOp *op = mock_record(g, MOCK_OP_MEMSET32);
        if (!op) return CUDA_ERROR_OUT_OF_MEMORY;
        op->dst = dst, op->n = n, op->value = value;
        return CUDA_SUCCESS;
    }
    unsigned char *p = (unsigned char *)(uintptr_t)dst;
    for (size_t i = 0; i < n; i++)
        memcpy(p + 4 * i, &value, 4);
    return CUDA_SUCCESS;
}

static CUresult mock_mem_info(size_t *free_bytes, size_t *total_bytes) {
    *free_bytes = MOCK_TOTAL_MEMORY;
    *total_bytes = MOCK_TOTAL_MEMORY;
    return CUDA_SUCCESS;
}

/* A CUBIN cannot run here: only CudaMockFunctions made by the kernel library can. */
static CUresult mock_module_load(CUmodule *module, const void *image) {
    (void)module, (void)image;
    return MOCK_NOT_SUPPORTED;
}

static CUresult mock_module_function(CUfunction *function, CUmodule module, const char *name) {
    (void)function, (void)module, (void)name;
    return MOCK_NOT_SUPPORTED;
}

static CUresult mock_module_unload(CUmodule module) {
    (void)module;
    return CUDA_SUCCESS;
}

static CUresult mock_func_attribute(CUfunction f, int attribute, int value) {
    (void)f, (void)attribute, (void)value;
    return CUDA_SUCCESS;
}

/* A tensor map on the host: the driver's argument checks (what a real encode would refuse),
 * then the arguments written into the 128 bytes, so the launch path is exercised; the mock
 * never runs a TMA copy (its kernels are the tile interpreter). */
static CUresult mock_tensor_map(void *map, int dtype, unsigned rank, void *address,
                                const unsigned long long *dims, const unsigned long long *strides,
                                const unsigned *box, const unsigned *elem_strides, int interleave,
                                int swizzle, int l2_promotion, int oob_fill) {
    static const int sizes[] = {1, 2, 4, 4, 8, 8, 2, 4, 8, 2, 4, 4, 4};
    if (!map || rank < 1 || rank > 5 || dtype < 0 || dtype > 12 || (uintptr_t)address % 16)
        return CUDA_ERROR_INVALID_VALUE;
    int esize = sizes[dtype];
    for (unsigned d = 0; d < rank; d++) {
        if (dims[d] == 0 || dims[d] > 0xffffffffull || box[d] == 0 || box[d] > 256 ||
            elem_strides[d] == 0 || elem_strides[d] > 8)
            return CUDA_ERROR_INVALID_VALUE;
        if (d + 1 < rank && (strides[d] % 16 || strides[d] >= (1ull << 40)))
            return CUDA_ERROR_INVALID_VALUE;
    }
    static const unsigned swizzle_bytes[] = {0, 32, 64, 128};
    if (swizzle < 0 || swizzle > 3 || interleave != 0 || l2_promotion < 0 || l2_promotion > 3 ||
        oob_fill < 0 || oob_fill > 1 || (box[0] * (unsigned)esize) % 16 ||
        (swizzle && box[0] * (unsigned)esize > swizzle_bytes[swizzle]))
        return CUDA_ERROR_INVALID_VALUE;
    unsigned long long *w = map;
    memset(map, 0, 128);
    w[0] = (uintptr_t)address;
    w[1] = (unsigned long long)dtype | (unsigned long long)rank << 8 |
           (unsigned long long)swizzle << 16;
    for (unsigned d = 0; d < rank; d++)
        w[2 + d] = dims[d] | (unsigned long long)box[d] << 40;
    return CUDA_SUCCESS;
}

static CUresult mock_launch(CUfunction f, unsigned int gx, unsigned int gy, unsigned int gz,
                            unsigned int bx, unsigned int by, unsigned int bz, unsigned int shared,
                            CUstream stream, void **params, void **extra) {
    (void)shared, (void)extra;
    const CudaMockFunction *m = (const CudaMockFunction *)(const void *)f;
    unsigned grid[3] = {gx, gy, gz}, block[3] = {bx, by, bz};
    if (!m || !m->run) return MOCK_NOT_SUPPORTED;
    MockGraph *g = mock_capturing(stream);
    if (!g) return m->run(m, grid, block, params);
    /* recorded: the argument block is copied, its size from params[1] (cuda_mock.h) */
    size_t bytes = *(const size_t *)params[1];
    MockOp *op = mock_record(g, MOCK_OP_LAUNCH);
    void *args = op ? malloc(bytes ? bytes : 1) : NULL;
    if (!args) {
        if (op) g->n--;
        return CUDA_ERROR_OUT_OF_MEMORY;
    }
    memcpy(args, params[0], bytes);
    op->f = m;
    op->args = args;
    op->args_bytes = bytes;
    memcpy(op->grid, grid, sizeof grid);
    memcpy(op->block, block, sizeof block);
    return CUDA_SUCCESS;
}

static CUresult mock_host_func(CUstream stream, CUhostFn fn, void *user_data) {
    MockGraph *g = mock_capturing(stream);
    if (g) return mock_refuse(g);
    fn(user_data);
    return CUDA_SUCCESS;
}

static CUresult mock_begin_capture(CUstream stream, int mode) {
    (void)mode;
    if (!stream) return CUDA_ERROR_INVALID_VALUE; /* the legacy stream: krait never uses it */
    MockStream *st = (MockStream *)(void *)stream;
    if (st->capture) return CUDA_ERROR_INVALID_VALUE;
    st->capture = calloc(1, sizeof(MockGraph));
    return st->capture ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

static CUresult mock_end_capture(CUstream stream, CUgraph *graph) {
    *graph = NULL;
    MockStream *st = stream ? (MockStream *)(void *)stream : NULL;
    if (!st || !st->capture) return CUDA_ERROR_INVALID_VALUE;
    MockGraph *g = st->capture;
    st->capture = NULL;
    if (g->invalid) {
        mock_graph_free(g);
        return CUDA_ERROR_STREAM_CAPTURE_INVALIDATED;
    }
    *graph = (CUgraph)(void *)g;
    return CUDA_SUCCESS;
}

/* The executable graph: a copy of the captured one (each can be destroyed on its own). */
static CUresult mock_instantiate(CUgraphExec *exec, CUgraph graph, unsigned long long flags) {
    (void)flags;
    const MockGraph *g = (const MockGraph *)(const void *)graph;
    MockGraph *e = calloc(1, sizeof *e);
    if (!e) return CUDA_ERROR_OUT_OF_MEMORY;
    for (int i = 0; i < g->n; i++) {
        MockOp *op = mock_record(e, g->ops[i].kind);
        if (!op) {
            mock_graph_free(e);
            return CUDA_ERROR_OUT_OF_MEMORY;
        }
        *op = g->ops[i];
        op->args = NULL;
        if (g->ops[i].args) {
            op->args = malloc(op->args_bytes ? op->args_bytes : 1);
            if (!op->args) {
                mock_graph_free(e);
                return CUDA_ERROR_OUT_OF_MEMORY;
            }
            memcpy(op->args, g->ops[i].args, op->args_bytes);
        }
    }
    *exec = (CUgraphExec)(void *)e;
    return CUDA_SUCCESS;
}

static CUresult mock_graph_launch(CUgraphExec exec, CUstream stream) {
    const MockGraph *e = (const MockGraph *)(const void *)exec;
    MockGraph *g = mock_capturing(stream);
    if (g) return mock_refuse(g);
    for (int i = 0; i < e->n; i++) {
        const MockOp *op = &e->ops[i];
        CUresult r = CUDA_SUCCESS;
        switch (op->kind) {
        case MOCK_OP_LAUNCH: {
            void *params[2] = {op->args, (void *)&op->args_bytes};
            r = op->f->run(op->f, op->grid, op->block, params);
            break;
        }
        case MOCK_OP_DTOD: r = mock_dtod(op->dst, op->src, op->n, stream); break;
        case MOCK_OP_MEMSET8:
            r = mock_memset8(op->dst, (unsigned char)op->value, op->n, stream);
            break;
        default: r = mock_memset32(op->dst, op->value, op->n, stream); break;
        }
        if (r != CUDA_SUCCESS) return r;
    }
    return CUDA_SUCCESS;
}

static CUresult mock_graph_exec_destroy(CUgraphExec exec) {
    mock_graph_free((MockGraph *)(void *)exec);
    return CUDA_SUCCESS;
}

static CUresult mock_graph_destroy(CUgraph graph) {
    mock_graph_free((MockGraph *)(void *)graph);
    return CUDA_SUCCESS;
}

bool cuda_mock_requested(const struct GpuState *G) {
    const char *device = G->settings.device;
    return device && (strcmp(device, "mock") == 0 || strcmp(device, "mock-async") == 0);
}

int cuda_mock_load_driver(GpuState *G) {
    CudaApi *a = &G->api;
    a->cuInit = mock_init;
    a->cuDriverGetVersion = mock_driver_version;
    a->cuGetErrorName = mock_error_name;
    a->cuGetErrorString = mock_error_string;
    a->cuDeviceGet = mock_device_get;
    a->cuDeviceGetCount = mock_device_count;
    a->cuDeviceGetName = mock_device_name;
    a->cuDeviceGetAttribute = mock_device_attribute;
    a->cuDeviceTotalMem = mock_total_mem;
    a->cuDevicePrimaryCtxRetain = mock_ctx_retain;
    a->cuDevicePrimaryCtxRelease = mock_ctx_release;
    a->cuCtxSetCurrent = mock_ctx_set_current;
    a->cuCtxSynchronize = mock_ok;
    a->cuStreamCreate = mock_stream_create;
    a->cuStreamDestroy = mock_stream_destroy;
    a->cuStreamSynchronize = mock_stream_op;
    a->cuStreamQuery = mock_stream_op;
    a->cuStreamWaitEvent = mock_stream_wait_event;
    a->cuEventCreate = mock_event_create;
    a->cuEventRecord = mock_event_record;
    a->cuEventSynchronize = mock_event_op;
    a->cuEventElapsedTime = mock_event_elapsed;
    a->cuEventQuery = mock_event_op;
    a->cuEventDestroy = mock_event_destroy;
    a->cuMemAllocAsync = mock_mem_alloc;
    a->cuMemFreeAsync = mock_mem_free;
    a->cuDeviceGetDefaultMemPool = mock_default_pool;
    a->cuMemPoolSetAttribute = mock_pool_set;
    a->cuMemPoolGetAttribute = mock_pool_get;
    a->cuMemPoolTrimTo = mock_pool_trim;
    a->cuMemcpyHtoDAsync = mock_htod;
    a->cuMemcpyDtoHAsync = mock_dtoh;
    a->cuMemcpyDtoDAsync = mock_dtod;
    a->cuMemsetD8Async = mock_memset8;
    a->cuMemsetD32Async = mock_memset32;
    a->cuMemGetInfo = mock_mem_info;
    a->cuModuleLoadData = mock_module_load;
    a->cuModuleGetFunction = mock_module_function;
    a->cuModuleUnload = mock_module_unload;
    a->cuFuncSetAttribute = mock_func_attribute;
    a->cuLaunchKernel = mock_launch;
    a->cuLaunchHostFunc = mock_host_func;
    a->cuTensorMapEncodeTiled = mock_tensor_map;
    a->cuStreamBeginCapture = mock_begin_capture;
    a->cuStreamEndCapture = mock_end_capture;
    a->cuGraphInstantiateWithFlags = mock_instantiate;
    a->cuGraphLaunch = mock_graph_launch;
    a->cuGraphExecDestroy = mock_graph_exec_destroy;
    a->cuGraphDestroy = mock_graph_destroy;
    a->cuMemcpyPeerAsync = mock_peer;
    a->cuDeviceCanAccessPeer = mock_can_access_peer;
    a->cuCtxEnablePeerAccess = mock_enable_peer;
    G->mock = true;
    if (strcmp(G->settings.device, "mock-async") == 0) cuda_mock_async_functions(G);
    G->driver_state = 1;
    return 0;
}

void cuda_mock_free_functions(GpuState *G) {
    CudaMockFunction *f = G->mock_functions;
    while (f) {
        CudaMockFunction *next = f->next;
        gpu_host_free(G, f, f->size);
        f = next;
    }
    G->mock_functions = NULL;
}
