/* backend_cuda.c: the CUDA backend of the array module: choosing the backend, the
 * per-interpreter state (hung off the GpuState's allocator), device buffers with a host
 * mirror kept coherent by two flags, and lazy fusion of elementwise operations.
 *
 * Coherence: an owner Array has host memory (the mirror, allocated but untouched until
 * needed) and, on CUDA, a device buffer. host_stale says the mirror is out of date;
 * dev_valid says the device buffer is current. as_array() (array.h) refreshes the mirror,
 * so the CPU code, which runs everything without a CUDA path, always sees current data;
 * its writes go through arr_host_write, which marks the device copy stale. A CUDA path
 * uploads a host-only array when it first reads it.
 *
 * Fusion: an elementwise operation on CUDA arrays returns an owner whose `pend` holds a
 * FuseNode graph over already-evaluated inputs (a pending operand's graph is copied in).
 * The graph runs as one gpu_fused_elementwise launch when the value is needed (any device
 * read, a host read, or a write to one of its inputs: every pending array sits on a list,
 * and a write first evaluates those that read the written buffer). */
#include <stdlib.h>
#include <math.h>
#include <string.h>

#include "../../../vm/error.h"
#include "../../../vm/gc.h"
#include "../../../vm/number.h"
#include "../../array/array.h"
#include "../../runtime/nccl.h"
#include "backend_cuda.h"

/* ---- the state ---- */

static void *route_alloc(void *ud, void *p, size_t old_size, size_t new_size) {
    ArrCuda *c = ud;
    kr_allocator al = c->I->allocator;
    if (al.fn) return al.fn(al.ud, p, old_size, new_size);
    if (new_size == 0) {
        free(p);
        return NULL;
    }
    return realloc(p, new_size);
}

/* kr_config.gpu_fuse_interp -> GPU_FUSE_INTERP_*: 0 (a host's zeroed config) is the default,
 * auto; 4 is off. */
static int fuse_interp_mode(int v) {
    switch (v) {
    case 2: return GPU_FUSE_INTERP_ALWAYS;
    case 3: return GPU_FUSE_INTERP_FIRST;
    case 4: return GPU_FUSE_INTERP_OFF;
    default: return GPU_FUSE_INTERP_AUTO;
    }
}

GpuState *arr_cuda_new_state(Interp *I, int ordinal) {
    ArrCuda *c = mem_alloc(I, sizeof(ArrCuda));
    if (!c) return NULL;
    memset(c, 0, sizeof *c);
    c->I = I;
    kr_allocator al = {route_alloc, c};
    GpuState *G = gpu_state_new(al);
    if (!G) {
        mem_free(I, c, sizeof(ArrCuda));
        err_format(I, TY_MEMORY_ERROR, "cannot allocate the GPU state");
        return NULL;
    }
    G->ordinal = ordinal;
    /* The host's settings (kr_config); the strings stay in I->config_text until kr_free. */
    const kr_config *cfg = &I->config;
    G->settings = (GpuSettings){.device = cfg->gpu_device,
                                .cache_dir = cfg->gpu_cache_dir,
                                .home_dir = cfg->gpu_home_dir,
                                .nvrtc_path = cfg->gpu_nvrtc_path,
                                .cublaslt_path = cfg->gpu_cublaslt_path,
                                .matmul_own = cfg->gpu_matmul_own != 0,
                                .tile_dump = cfg->gpu_tile_dump,
                                .tile_check_nvrtc = cfg->gpu_tile_check_nvrtc,
                                .tile_sm90 = cfg->gpu_tile_sm90,
                                .kernel_timeout = cfg->gpu_kernel_timeout,
                                .tile_general_only = cfg->gpu_tile_general_only != 0,
                                .fuse_interp = fuse_interp_mode(cfg->gpu_fuse_interp),
                                .rows_kernel = cfg->gpu_rows_kernel != 2,
                                .mock_devices = cfg->gpu_mock_devices,
                                .nccl_path = cfg->gpu_nccl_path,
                                .tile_hoist = cfg->gpu_tile_hoist != 0};
    return G;
}

ArrCuda *arr_cuda_state(Interp *I) {
    if (I->gpu) return I->gpu->allocator.ud;
    I->gpu = arr_cuda_new_state(I, 0);
    return I->gpu ? I->gpu->allocator.ud : NULL;
}

int arr_backend_check(Interp *I) {
    ArrCuda *c = arr_cuda_state(I);
    if (!c) return -1;
    if (!c->backend) {
        GpuBackend b = gpu_backend(I->gpu);
        if (b == GPU_BACKEND_UNDECIDED) {
            err_format(I, TY_RUNTIME_ERROR, "%s", I->gpu->err);
            return -1;
        }
        c->backend = b == GPU_BACKEND_CUDA ? 2 : 1;
    }
    return c->backend == 2;
}

CUstream arr_stream(Interp *I) {
    ArrCuda *c = I->gpu->allocator.ud;
    return c->cur;
}

/* Turn the runtime's error into a Python exception; returns -1. */
int arr_gpu_raise(Interp *I) {
    GpuState *G = I->gpu;
    if (G->err_kind == GPU_ERR_OUT_OF_MEMORY) {
        err_format(I, TY_MEMORY_ERROR,
                   "CUDA out of memory: tried to allocate %zu bytes with %zu bytes free on "
                   "the device",
                   G->oom_requested, G->oom_free);
    } else if (G->err_kind == GPU_ERR_HOST_MEMORY) {
        err_format(I, TY_MEMORY_ERROR, "%s", G->err);
    } else {
        err_format(I, TY_RUNTIME_ERROR, "%s", G->err);
    }
    return -1;
}

/* Device results are garbage the collector frees, but their host mirrors do not count
 * toward its trigger (arr_new_device). Two rules decide when device memory asks for a
 * collection:
 * - The pool keeps freed blocks (device.c's release threshold), so while a request fits
 *   in what it holds (G->device_high) it costs no driver work, and a collection is asked
 *   for (at the next object allocation) only past the device bytes live at the last
 *   collection plus max(those, 1 GiB, the pool's free part).
 * - A large request past what the pool holds makes the driver map and clear new memory
 *   (about as long as writing it once): when enough was allocated since the last
 *   collection that some of it may be garbage, collect now, so the request reuses the
 *   freed blocks. A loop making a fresh 1 GiB result per call (`c = a + b; c[0]`) grew
 *   the pool at every call until the first collection; now it grows once. "Enough" is a
 *   quarter of the bytes live at the last collection, so that a script keeping what it
 *   allocates grows the pool with few collections. */
#define ARR_DEV_GC_MIN   ((size_t)1 << 30)
#define ARR_DEV_GROW_MIN ((size_t)4 << 20)
static void dev_gc_trigger(Interp *I, size_t bytes) {
    ArrCuda *c = I->gpu->allocator.ud;
    GpuState *G = I->gpu;
    if (c->gc_seen != I->gc_collections) {
        c->gc_seen = I->gc_collections;
        c->dev_base = G->device_bytes;
        c->dev_since = 0;
    }
    size_t used = G->device_bytes;
    if (bytes >= ARR_DEV_GROW_MIN && used + bytes > G->device_high && c->dev_since >= bytes &&
        c->dev_since >= c->dev_base / 4 && !I->gc_running && !I->gc_disabled) {
        gc_collect(I);
        c->gc_seen = I->gc_collections;
        c->dev_base = used = G->device_bytes;
        c->dev_since = 0;
    }
    c->dev_since += bytes;
    size_t budget = c->dev_base > ARR_DEV_GC_MIN ? c->dev_base : ARR_DEV_GC_MIN;
    size_t spare = G->device_high > c->dev_base ? G->device_high - c->dev_base : 0;
    if (spare > budget) budget = spare;
    if (used + bytes > c->dev_base + budget) I->gc_threshold = I->bytes_allocated;
}

/* Device memory, after the collector and a trim when the pool is exhausted. */
int arr_dev_alloc(Interp *I, size_t bytes, CUdeviceptr *out) {
    GpuState *G = I->gpu;
    dev_gc_trigger(I, bytes);
    if (gpu_mem_alloc(G, bytes, arr_stream(I), out) == 0) return 0;
    if (G->err_kind == GPU_ERR_OUT_OF_MEMORY) {
        if (!I->gc_running) gc_collect(I);
        gpu_mem_trim(G, 0);
        if (gpu_mem_alloc(G, bytes, arr_stream(I), out) == 0) return 0;
    }
    return arr_gpu_raise(I);
}

void arr_cuda_finalize(Interp *I, Array *a) {
    if (!I->gpu) return;
    GpuState *prev = arr_device_enter(I, a->device); /* its pending list, its pool */
    if (a->pend) {
        arr_pending_unlink(I, a);
        arr_pending_free(I, a->pend);
        a->pend = NULL;
    }
    if (a->dptr) gpu_mem_free(I->gpu, a->dptr, a->alloc_size, arr_stream(I));
    a->dptr = 0;
    arr_device_leave(I, prev);
}

void arr_cuda_trace(Interp *I, Array *a) {
    for (int i = 0; i < a->pend->ninputs; i++)
        gc_mark_obj(I, (Obj *)a->pend->inputs[i]);
    arr_cuda_fpe_trace(I, a->pend);
}

/* One device's state: what its ArrCuda made, then the GpuState (I->gpu is that state). */
static void shutdown_device(Interp *I) {
    ArrCuda *c = I->gpu->allocator.ud;
    arr_cuda_fpe_free(I);
    while (c->pend_free) {
        ArrPending *p = c->pend_free;
        c->pend_free = p->free_next;
        mem_free(I, p, sizeof(ArrPending));
    }
    for (int i = 0; i < c->nstreams; i++)
        gpu_stream_destroy(I->gpu, c->streams[i]);
    for (int i = 0; i < c->nevents; i++)
        gpu_event_destroy(I->gpu, c->events[i]);
    if (c->streams) mem_free(I, c->streams, sizeof(CUstream) * (size_t)c->capstreams);
    if (c->events) mem_free(I, c->events, sizeof(CUevent) * (size_t)c->capevents);
    if (c->idle_waiters)
        mem_free(I, c->idle_waiters, sizeof(CUstream) * (size_t)c->capidle_waiters);
    gpu_state_free(I->gpu);
    I->gpu = NULL;
    mem_free(I, c, sizeof(ArrCuda));
}

void gpu_module_shutdown(Interp *I) {
    if (!I->gpu) return;
    GpuState *home = I->gpu->home;
    gpu_nccl_free(home); /* communicators first, while every device's context lives */
    for (int i = GPU_MAX_DEVICES - 1; i >= 0; i--) {
        if (!home->devs[i]) continue;
        I->gpu = home->devs[i];
        if (I->gpu->device_state > 0) I->gpu->api.cuCtxSetCurrent(I->gpu->context);
        shutdown_device(I); /* device 0's last: home->devs is read before it goes */
    }
    I->gpu = NULL;
}

/* ---- coherence ---- */

static Array *owner_of(Array *a) {
    return a->base ? a->base : a;
}

static int upload(Interp *I, Array *o) {
    if (!o->dptr) {
        CUdeviceptr p;
        if (arr_dev_alloc(I, o->alloc_size, &p) < 0) return -1;
        o->dptr = p;
        o->interp = I;
    }
    if (gpu_copy_to_device(I->gpu, o->dptr, o->alloc, o->alloc_size, arr_stream(I)) < 0)
        return arr_gpu_raise(I);
    o->dev_valid = true;
    return 0;
}

/* Give an owner created on the host (arr_new) a device buffer it is about to receive. */
int arr_dev_own(Interp *I, Array *o) {
    if (o->device != I->gpu->ordinal) return arr_device_mismatch(I, o);
    if (((ArrCuda *)I->gpu->allocator.ud)->capture) arr_graph_touch(I, o);
    if (!o->dptr) {
        CUdeviceptr p;
        if (arr_dev_alloc(I, o->alloc_size, &p) < 0) return -1;
        o->dptr = p;
    }
    o->interp = I;
    o->dev_valid = true;
    o->host_stale = true;
    return 0;
}

/* Make a's owner current on the device. */
int arr_dev_ready(Interp *I, Array *a) {
    Array *o = owner_of(a);
    if (o->device != I->gpu->ordinal) return arr_device_mismatch(I, o);
    if (((ArrCuda *)I->gpu->allocator.ud)->capture) arr_graph_touch(I, o);
    if (o->pend) return arr_materialize(I, o);
    if (o->dev_valid) return 0;
    return upload(I, o);
}

int arr_tensor(Interp *I, Array *a, GpuTensor *t) {
    if (arr_dev_ready(I, a) < 0) return -1;
    Array *o = owner_of(a);
    int isz = arr_dtypes[a->dtype].size;
    t->ptr = o->dptr + (CUdeviceptr)(a->data - o->alloc);
    t->dtype = (DType)a->dtype;
    t->ndim = a->ndim;
    for (int d = 0; d < a->ndim; d++) {
        t->shape[d] = a->shape[d];
        t->strides[d] = a->strides[d] / isz;
    }
    return 0;
}

int arr_host(Interp *I, Array *a) {
    Array *o = owner_of(a);
    if (!o->host_stale) return 0;
    if (I->gpu && o->device != I->gpu->ordinal) { /* read where it lives */
        GpuState *prev = arr_device_enter(I, o->device);
        if (prev) {
            int r = arr_host(I, a);
            arr_device_leave(I, prev);
            return r;
        }
    }
    if (o->pend && arr_materialize(I, o) < 0) return -1;
    GpuState *G = I->gpu;
    if (gpu_copy_to_host(G, o->alloc, o->dptr, o->alloc_size, arr_stream(I)) < 0 ||
        gpu_stream_synchronize(G, arr_stream(I)) < 0)
        return arr_gpu_raise(I);
    o->host_stale = false;
    if (o->host_uncounted) { /* the mirror now holds data: it is the interpreter's memory */
        I->bytes_allocated += o->alloc_size;
        o->host_uncounted = false;
    }
    return arr_cuda_fpe_poll(I); /* the host waited: the device work's errors are known */
}

int arr_fetch_scalar(Interp *I, Array *v, char *buf) {
    Array *o = owner_of(v);
    size_t isz = (size_t)arr_dtypes[v->dtype].size;
    if (o->host_stale) {
        if (I->gpu && o->device != I->gpu->ordinal) { /* read where it lives */
            GpuState *prev = arr_device_enter(I, o->device);
            if (prev) {
                int r = arr_fetch_scalar(I, v, buf);
                arr_device_leave(I, prev);
                return r;
            }
        }
        if (o->pend && arr_materialize(I, o) < 0) return -1;
        GpuState *G = I->gpu;
        CUdeviceptr p = o->dptr + (CUdeviceptr)(v->data - o->alloc);
        if (gpu_copy_to_host(G, buf, p, isz, arr_stream(I)) < 0 ||
            gpu_stream_synchronize(G, arr_stream(I)) < 0)
            return arr_gpu_raise(I);
        return arr_cuda_fpe_poll(I);
    }
    memcpy(buf, v->data, isz);
    return 0;
}

int arr_fetch_scalar_quiet(Interp *I, Array *v, char *buf) {
    ArrCuda *c = I->gpu ? I->gpu->allocator.ud : NULL;
    bool quiet = c && c->fpe_quiet;
    if (c) c->fpe_quiet = true;
    int rc = arr_fetch_scalar(I, v, buf);
    if (c) c->fpe_quiet = quiet;
    return rc;
}

void arr_sync_host_slow(Array *o) {
    Interp *I = o->interp;
    if (!I) {
        o->host_stale = false;
        return;
    }
    /* as_array cannot report a failure: the exception stays set and is raised where the
     * native returns (err_native_result). The mirror stays stale, so a later read tries
     * again (after out of device memory it can succeed) instead of taking old contents as
     * current. */
    /* Floating-point errors wait for a wait that can report them (reporting runs Python
     * code, which must not run in the middle of the native's C code). */
    ArrCuda *c = I->gpu ? I->gpu->allocator.ud : NULL;
    bool quiet = c && c->fpe_quiet;
    if (c) c->fpe_quiet = true;
    (void)arr_host(I, o);
    if (c) c->fpe_quiet = quiet;
}

/* A pending graph's inputs count on their owners' readers (delta +1 when it is made, -1 when
 * it is evaluated; a collection frees graphs without counting down, since their inputs may
 * be gone: the next scan of such an owner finds no reader and resets the count). */
static void readers_count(const ArrPending *g, int delta) {
    for (int i = 0; i < g->ninputs; i++) {
        Array *o = owner_of(g->inputs[i]);
        o->readers = o->readers + delta > 0 ? o->readers + delta : 0;
    }
}

/* Evaluate every pending array that reads o's buffer (before o is written), except skip. */
static int flush_readers_except2(Interp *I, Array *o, const Array *skip, const Array *skip2) {
    if (!I->gpu || o->readers == 0) return 0;
    ArrCuda *c = I->gpu->allocator.ud;
    bool any = false;
again:
    for (Array *p = c->pending; p; p = p->pend->next) {
        bool reads = false;
        for (int i = 0; i < p->pend->ninputs && !reads; i++)
            reads = owner_of(p->pend->inputs[i]) == o;
        if (!reads) continue;
        any = true;
        if (p == skip || p == skip2) continue;
        if (!gc_temp_push(I, v_obj(p)) || arr_materialize(I, p) < 0) return -1;
        goto again;
    }
    if (!any) o->readers = 0;
    return 0;
}

static int flush_readers_except(Interp *I, Array *o, const Array *skip) {
    return flush_readers_except2(I, o, skip, NULL);
}

static int flush_readers(Interp *I, Array *o) {
    return flush_readers_except(I, o, NULL);
}

int arr_host_write(Interp *I, Array *a) {
    Array *o = owner_of(a);
    if (!o->interp) return 0;
    if (o->dptr && flush_readers(I, o) < 0) return -1;
    if (arr_host(I, o) < 0) return -1;
    o->dev_valid = false;
    return 0;
}

/* Before a CUDA path writes into a. */
int arr_dev_write(Interp *I, Array *a) {
    Array *o = owner_of(a);
    if (o->dptr && flush_readers(I, o) < 0) return -1;
    if (arr_dev_ready(I, o) < 0) return -1;
    o->host_stale = true;
    return 0;
}

/* ---- pending expressions ---- */

#define ARR_PEND_FREE_MAX 16

ArrPending *arr_pending_alloc(Interp *I) {
    ArrCuda *c = I->gpu->allocator.ud;
    ArrPending *p = c->pend_free;
    if (!p) return mem_alloc(I, sizeof(ArrPending));
    c->pend_free = p->free_next;
    c->npend_free--;
    return p;
}

void arr_pending_free(Interp *I, ArrPending *p) {
    ArrCuda *c = I->gpu ? I->gpu->allocator.ud : NULL;
    if (!c || c->npend_free >= ARR_PEND_FREE_MAX) {
        mem_free(I, p, sizeof(ArrPending));
        return;
    }
    p->free_next = c->pend_free;
    c->pend_free = p;
    c->npend_free++;
}

/* r (a new device owner) becomes pending with p: on the list, its inputs' readers counted. */
void arr_pending_link(Interp *I, Array *r, ArrPending *p) {
    p->uses = 0;
    p->consumed = p->flush = false;
    p->prev = NULL;
    ArrCuda *c = I->gpu->allocator.ud;
    p->next = c->pending;
    if (c->pending) c->pending->pend->prev = r;
    c->pending = r;
    r->pend = p;
    readers_count(p, +1);
    r->interp = I;
    r->host_stale = true;
}

void arr_pending_unlink(Interp *I, Array *a) {
    ArrPending *p = a->pend;
    if (!I->gpu) return;
    ArrCuda *c = I->gpu->allocator.ud;
    if (p->prev)
        p->prev->pend->next = p->next;
    else if (c->pending == a)
        c->pending = p->next;
    if (p->next) p->next->pend->prev = p->prev;
    p->prev = p->next = NULL;
}

/* Two passes: mark first, so that a lazy matmul whose reader is evaluated here (which may
 * take it as its epilogue's product) is not then computed on its own. When something is
 * marked, a collection runs first, so that results nothing references any more (a dropped
 * `c = a + b` never read) are freed, not computed: what is left is what the script can
 * still read. A synchronize with nothing unread pending costs no collection. */
int arr_pending_flush_unused(Interp *I) {
    if (!I->gpu) return 0;
    ArrCuda *c = I->gpu->allocator.ud;
    if (c->capture) return 0; /* the capture's end evaluates what the block left */
    bool any = false;
    for (Array *p = c->pending; p; p = p->pend->next) {
        p->pend->flush = !p->pend->consumed && p->pend->uses == 0 && p->readers == 0;
        any |= p->pend->flush;
    }
    if (any) gc_collect(I); /* frees the garbage among them (finalizers unlink it) */
    while (any) {
        any = false;
        for (Array *p = c->pending; p; p = p->pend->next) {
            if (!p->pend->flush) continue;
            size_t mark = gc_temp_mark(I);
            if (!gc_temp_push(I, v_obj(p)) || arr_materialize(I, p) < 0) return -1;
            gc_temp_reset(I, mark);
            any = true;
            break; /* the list changed */
        }
    }
    return 0;
}

static int run_graph(Interp *I, const ArrPending *g, GpuTensor *out) {
    GpuTensor ins[ARR_FUSE_INPUTS];
    for (int i = 0; i < g->ninputs; i++)
        if (arr_tensor(I, g->inputs[i], &ins[i]) < 0) return -1;
    const FuseNode *nodes = g->nodes;
    FuseNode checked[ARR_FUSE_NODES];
    for (int i = 0; i < g->nnodes; i++) {
        if (!g->nodes[i].fpe) continue;
        /* the checked nodes' flag words (a copy: the graph is the caller's) */
        memcpy(checked, g->nodes, sizeof(FuseNode) * (size_t)g->nnodes);
        if (arr_cuda_fpe_prepare(I, g, checked) < 0) return -1;
        nodes = checked;
        break;
    }
    if (g->row_nd) {
        GpuTensor space;
        memset(&space, 0, sizeof space);
        space.dtype = out->dtype;
        space.ndim = g->row_nd;
        memcpy(space.shape, g->row_shape, sizeof(int64_t) * (size_t)g->row_nd);
        if (gpu_fused_rows(I->gpu, nodes, g->nnodes, g->root, ins, g->ninputs, &space, out,
                           arr_stream(I)) < 0)
            return arr_gpu_raise(I);
        return 0;
    }
    if (gpu_fused_elementwise(I->gpu, nodes, g->nnodes, g->root, ins, g->ninputs, out,
                              arr_stream(I)) < 0)
        return arr_gpu_raise(I);
    return 0;
}

int arr_materialize(Interp *I, Array *a) {
    ArrPending *g = a->pend;
    if (!g) return 0;
    if (((ArrCuda *)I->gpu->allocator.ud)->capture) arr_graph_touch(I, a);
    if (!a->dptr) {
        CUdeviceptr p;
        if (arr_dev_alloc(I, a->alloc_size, &p) < 0) return -1;
        a->dptr = p;
    }
    GpuTensor out;
    out.ptr = a->dptr;
    out.dtype = (DType)a->dtype;
    out.ndim = a->ndim;
    int isz = arr_dtypes[a->dtype].size;
    for (int d = 0; d < a->ndim; d++) {
        out.shape[d] = a->shape[d];
        out.strides[d] = a->strides[d] / isz;
    }
    if (g->matmul) {
        if (arr_matmul_run(I, g, &out) < 0) return -1;
    } else {
        int fused = g->row_nd ? 0 : arr_epilogue_try(I, g, &out);
        if (fused < 0 || (fused == 0 && run_graph(I, g, &out) < 0)) return -1;
    }
    readers_count(g, -1);
    arr_pending_unlink(I, a);
    a->pend = NULL;
    arr_pending_free(I, g);
    a->dev_valid = true;
    a->host_stale = true;
    return 0;
}

/* Builder: add an operand as a node (converted to cdt); -1 after raising, -2: not handled. */
static int add_input(Interp *I, ArrPending *g, Array *x) {
    for (int i = 0; i < g->ninputs; i++)
        if (g->inputs[i] == x) return i;
    if (g->ninputs >= ARR_FUSE_INPUTS) return -2;
    /* a lazy matmul stays lazy (an epilogue may take it); run_graph's arr_tensor runs it */
    if (!(x->pend && x->pend->matmul) && arr_dev_ready(I, x) < 0) return -1;
    g->inputs[g->ninputs] = x;
    return g->ninputs++;
}

static int add_node(ArrPending *g, int op, int dt, int a, int b, int c) {
    if (g->nnodes >= ARR_FUSE_NODES) return -2;
    FuseNode *n = &g->nodes[g->nnodes];
    memset(n, 0, sizeof *n);
    n->op = op;
    n->dtype = (DType)dt;
    n->a = a;
    n->b = b;
    n->c = c;
    n->input = -1;
    return g->nnodes++;
}

static int add_cast(ArrPending *g, int node, int dt) {
    if (node < 0 || (int)g->nodes[node].dtype == dt) return node;
    return add_node(g, FUSE_CAST, dt, node, -1, -1);
}

/* Two nodes compute the same values: same operation, dtype, operands, leaf and checks. */
static bool same_node(const ArrPending *g, int k, const FuseNode *n, const ArrFpeSite *site) {
    const FuseNode *m = &g->nodes[k];
    if (m->op != n->op || m->dtype != n->dtype || m->a != n->a || m->b != n->b || m->c != n->c ||
        m->input != n->input || m->fpe != n->fpe)
        return false;
    if (n->op == FUSE_CONST && (m->iscalar != n->iscalar || m->scalar != n->scalar ||
                                signbit(m->scalar) != signbit(n->scalar)))
        return false;
    if (n->op == FUSE_ROWRED && m->iscalar != n->iscalar) return false; /* sum vs max */
    if (n->fpe) {
        const ArrFpeSite *t = &g->sites[k];
        if (t->code != site->code || t->line != site->line || t->modes != site->modes ||
            t->scalar != site->scalar || t->seq != site->seq)
            return false;
    }
    return true;
}

/* Copy x's graph into g; the index of its root in g, or -2 when it does not fit. A node
 * that g already has (the same pending operand copied in twice: gelu's x) is not copied
 * again, so the kernel computes it once and the epilogue matcher sees one node. */
static int inline_graph(Interp *I, ArrPending *g, const ArrPending *x) {
    if (g->nnodes + x->nnodes > ARR_FUSE_NODES) return -2;
    if (x->row_nd && g->row_nd &&
        (x->row_nd != g->row_nd ||
         memcmp(x->row_shape, g->row_shape, sizeof(int64_t) * (size_t)x->row_nd)))
        return -2; /* two row spaces: one kernel cannot hold both */
    int map_in[ARR_FUSE_INPUTS], map_node[ARR_FUSE_NODES] = {0};
    int nin = g->ninputs;
    for (int i = 0; i < x->ninputs; i++) {
        int k = -1;
        for (int j = 0; j < nin; j++)
            if (g->inputs[j] == x->inputs[i]) k = j;
        if (k < 0) {
            if (nin >= ARR_FUSE_INPUTS) return -2;
            /* set the slot now: the search above reads slots up to nin, and a slot past
             * g->ninputs holds whatever an earlier graph left there */
            k = nin++;
            g->inputs[k] = x->inputs[i];
        }
        map_in[i] = k;
    }
    g->ninputs = nin;
    if (x->row_nd) {
        g->row_nd = x->row_nd;
        memcpy(g->row_shape, x->row_shape, sizeof(int64_t) * (size_t)x->row_nd);
    }
    for (int i = 0; i < x->nnodes; i++) {
        FuseNode n = x->nodes[i];
        if (n.op == FUSE_INPUT) n.input = map_in[n.input];
        if (n.a >= 0) n.a = map_node[n.a];
        if (n.b >= 0) n.b = map_node[n.b];
        if (n.c >= 0) n.c = map_node[n.c];
        int k = 0;
        while (k < g->nnodes && !same_node(g, k, &n, &x->sites[i]))
            k++;
        if (k == g->nnodes) {
            if (n.fpe) g->sites[k] = x->sites[i];
            g->nodes[g->nnodes++] = n;
        }
        map_node[i] = k;
    }
    (void)I;
    return map_node[x->root];
}

/* A graph over a 2-D matmul not computed yet: copied into each expression that reads it,
 * even more than once, so that `gelu(a @ b + bias)` written out stays one graph over the
 * product (an epilogue may take it) and the product runs once whoever reads it first. */
static bool graph_reads_lazy_matmul(const ArrPending *x) {
    for (int i = 0; i < x->ninputs; i++)
        if (x->inputs[i]->pend && x->inputs[i]->pend->matmul) return true;
    return false;
}

static bool over_lazy_matmul(const ArrPending *x) {
    return x->nnodes <= 8 && graph_reads_lazy_matmul(x);
}

/* Whether x's graph is copied into g. A graph used once is; a row program's per-row value
 * (a kept-dims row reduction, or an expression over such) up to four times: softmax's and
 * layer norm's statistics are read by two expressions each, and inside one row program the
 * kernel computes them once from the row it holds. A row program goes only into a result of
 * its row space's shape, or of its per-row shape when x is per-row (broadcasting then
 * repeats a per-row value along the row, as the row program does). */
static bool inline_ok(const ArrPending *g, const Array *x) {
    const ArrPending *p = x->pend;
    if (!p->row_nd) return p->uses == 0;
    int nd = p->row_nd;
    size_t all = sizeof(int64_t) * (size_t)nd, lead = all - sizeof(int64_t);
    if (x->ndim != nd || g->tnd != nd || memcmp(x->shape, p->row_shape, lead) ||
        memcmp(g->tshape, p->row_shape, lead))
        return false;
    bool x_space = x->shape[nd - 1] == p->row_shape[nd - 1];
    bool x_row = x->shape[nd - 1] == 1;
    if ((!x_space && !x_row) || p->uses >= (x_row ? 4 : 1)) return false;
    return g->tshape[nd - 1] == p->row_shape[nd - 1] || (x_row && g->tshape[nd - 1] == 1);
}

/* v is a lazy 2-D product, or a pending graph over one that the builder copies in. */
static bool reads_lazy_matmul(Interp *I, Value v) {
    if (!is_array(I, v)) return false;
    const Array *x = arr_raw(v);
    return x->pend && (x->pend->matmul || graph_reads_lazy_matmul(x->pend));
}

/* x's graph is `s * C` or `C * s` over an evaluated array C of the graph's dtype: a term the
 * epilogue matcher takes as it is (beta * C), so it is not worth a kernel of its own. */
static bool graph_is_scaled_input(const ArrPending *x) {
    if (x->matmul || x->row_nd || x->nnodes != 3 || x->ninputs != 1 || x->inputs[0]->pend)
        return false;
    const FuseNode *r = &x->nodes[x->root];
    if (r->op != FUSE_MUL || r->a < 0 || r->b < 0) return false;
    const FuseNode *p = &x->nodes[r->a], *q = &x->nodes[r->b];
    if (p->op == FUSE_CONST) {
        const FuseNode *t = p;
        p = q;
        q = t;
    }
    return p->op == FUSE_INPUT && q->op == FUSE_CONST && p->dtype == r->dtype &&
           q->dtype == r->dtype;
}

static int add_operand(Interp *I, ArrPending *g, Value v, int cdt) {
    Array *sdev = arr_scalar_device(I, v);
    /* a deferred reduction's value: its 0-d device array (another device's: its value) */
    if (sdev && owner_of(sdev)->device == I->gpu->ordinal) v = v_obj(sdev);
    if (is_array(I, v)) {
        Array *x = arr_raw(v);
        if (x->ndim > GPU_MAX_DIMS) return -2;
        Array *o = owner_of(x);
        if (o->device != I->gpu->ordinal) return arr_device_mismatch(I, o);
        if (o != x && o->pend && arr_materialize(I, o) < 0) return -1;
        /* A pending operand's graph is copied in the first time; used again, it is evaluated
         * once and read (a temporary is computed where it is used, a value used twice is
         * stored: x.astype(...) used in a loop must not recompute from its source). */
        if (x->pend && !x->pend->matmul &&
            (inline_ok(g, x) || (!x->pend->row_nd && over_lazy_matmul(x->pend)))) {
            int r = inline_graph(I, g, x->pend);
            if (r != -2) {
                x->pend->uses++;
                x->pend->consumed = true;
                return add_cast(g, r, cdt);
            }
        }
        if (x->pend && !x->pend->matmul && arr_materialize(I, x) < 0) return -1;
        int k = add_input(I, g, x);
        if (k < 0) return k;
        int n = add_node(g, FUSE_INPUT, x->dtype, -1, -1, -1);
        if (n < 0) return n;
        g->nodes[n].input = k;
        return add_cast(g, n, cdt);
    }
    int n = add_node(g, FUSE_CONST, cdt, -1, -1, -1);
    if (n < 0) return n;
    FuseNode *c = &g->nodes[n];
    if (is_bool(v)) {
        c->iscalar = v.as.i ? 1 : 0;
        c->scalar = (double)c->iscalar;
    } else if (is_smallint(v)) {
        c->iscalar = v.as.i;
        c->scalar = (double)v.as.i;
    } else if (is_float(v)) {
        if (!dt_is_float(cdt)) return -2;
        c->scalar = v.as.f;
    } else {
        /* a NumPy scalar on the host: its value, converted to cdt as a 0-d array would be */
        char buf[8];
        int sdt = arr_scalar_load(I, v, buf);
        if (sdt == -2) return -1; /* raised: its value could not be fetched */
        if (sdt < 0) return -2;
        if (dt_is_float(cdt)) {
            c->scalar = arr_load_f(buf, sdt);
        } else {
            if (dt_is_float(sdt) || sdt == DT_UINT64) return -2;
            c->iscalar = arr_load_i(buf, sdt);
            c->scalar = (double)c->iscalar;
        }
    }
    return n;
}

void arr_pending_begin(ArrPending *g, int nd, const int64_t *shape) {
    g->nnodes = g->ninputs = 0;
    g->eager = false;
    g->matmul = false;
    g->row_nd = 0;
    g->tnd = nd <= GPU_MAX_DIMS ? nd : 0;
    memcpy(g->tshape, shape, sizeof(int64_t) * (size_t)g->tnd);
}

int arr_pending_operand(Interp *I, ArrPending *g, Value v, int cdt) {
    return add_operand(I, g, v, cdt);
}

int arr_pending_node(ArrPending *g, int op, int dt, int a, int b, int c) {
    return add_node(g, op, dt, a, b, c);
}

static int bin_fuse_op(int op, int mode) {
    if (mode == 1) {
        switch (op) {
        case CMP_LT: return FUSE_LT;
        case CMP_LE: return FUSE_LE;
        case CMP_EQ: return FUSE_EQ;
        case CMP_NE: return FUSE_NE;
        case CMP_GT: return FUSE_GT;
        case CMP_GE: return FUSE_GE;
        default: return -1;
        }
    }
    switch (op) {
    case BIN_ADD: return FUSE_ADD;
    case BIN_SUB: return FUSE_SUB;
    case BIN_MUL: return FUSE_MUL;
    case BIN_TRUEDIV: return FUSE_TRUEDIV;
    case BIN_FLOORDIV: return FUSE_FLOORDIV;
    case BIN_MOD: return FUSE_MOD;
    case BIN_POW: return FUSE_POW;
    case BIN_LSHIFT: return FUSE_LSHIFT;
    case BIN_RSHIFT: return FUSE_RSHIFT;
    case BIN_AND: return FUSE_BIT_AND;
    case BIN_OR: return FUSE_BIT_OR;
    case BIN_XOR: return FUSE_BIT_XOR;
    case ARR_OP_MAXIMUM: return FUSE_MAXIMUM;
    case ARR_OP_MINIMUM: return FUSE_MINIMUM;
    case ARR_OP_ARCTAN2: return FUSE_ARCTAN2;
    case ARR_OP_LOGAND: return FUSE_LOGICAL_AND;
    case ARR_OP_LOGOR: return FUSE_LOGICAL_OR;
    default: return -1;
    }
}

static bool operand_ok(Interp *I, Value v) {
    if (is_array(I, v)) {
        Array *a = arr_raw(v);
        return a->ndim <= GPU_MAX_DIMS;
    }
    return is_bool(v) || is_smallint(v) || is_float(v) || arr_scalar_dtype(I, v) >= 0;
}

/* Finish: the graph becomes a pending result, or runs into out. */
static Value finish_graph(Interp *I, ArrPending *g, int root, int rdt, int nd, const int64_t *shape,
                          Array *out) {
    g->root = root;
    if (out) {
        GpuTensor t;
        if (arr_tensor(I, out, &t) < 0 || run_graph(I, g, &t) < 0) return V_NULL;
        owner_of(out)->host_stale = true;
        if (g->eager && arr_cuda_fpe_poll(I) < 0) return V_NULL;
        return v_obj(out);
    }
    Array *r = arr_new_device(I, rdt, nd, shape);
    if (!r) return V_NULL;
    ArrPending *p = arr_pending_alloc(I);
    if (!p) return V_NULL;
    memcpy(p, g, sizeof *p);
    p->matmul = false; /* an elementwise graph (builders leave the flag unset) */
    arr_pending_link(I, r, p);
    if (g->eager) {
        /* a mode other than 'warn': run now and report at this line */
        if (!gc_temp_push(I, v_obj(r)) || arr_materialize(I, r) < 0 || arr_cuda_fpe_poll(I) < 0)
            return V_NULL;
    }
    return v_obj(r);
}

Value arr_pending_finish(Interp *I, ArrPending *g, int root, int rdt, int nd, const int64_t *shape,
                         Array *out) {
    return finish_graph(I, g, root, rdt, nd, shape, out);
}

/* The broadcast shape of the operands and out (inputs may broadcast up to out's shape). */
static int result_shape(Interp *I, Value a, Value b, Array *out, int *nd, int64_t *shape) {
    Array *arrs[3];
    int n = 0;
    if (is_array(I, a)) arrs[n++] = arr_raw(a);
    if (is_array(I, b)) arrs[n++] = arr_raw(b);
    if (out) arrs[n++] = out;
    return arr_broadcast_shapes(I, n, arrs, nd, shape);
}

/* An array operand that overlaps out other than elementwise is read from a device copy:
 * the kernel's threads would otherwise read elements other threads have already written. */
static int unalias_operand(Interp *I, Value *v, Array *out) {
    if (!out || !is_array(I, *v) || !arr_overlaps(arr_raw(*v), out)) return 0;
    Array *x = arr_raw(*v);
    Value c = arr_cuda_unary(I, x, ARR_U_POS, x->dtype, x->dtype, NULL);
    if (is_null(c)) return err_occurred(I) ? -1 : 1;
    if (!gc_temp_push(I, c) || arr_materialize(I, arr_raw(c)) < 0) return -1;
    *v = c;
    return 0;
}

/* NumPy's fast scalar powers of a float array: x ** 2 is square(x), x ** -1 reciprocal(x),
 * x ** 0.5 sqrt(x) (the ** operator with the Python int 2 and -1, the float 0.5: NumPy's
 * values and warning names; not np.power(x, 2), nor NumPy scalars, whose warnings say
 * "scalar power"); -1 for any other power. powf
 * with the exponent in an argument word was tens of instructions an element, enough to halve ((a -
 * b)**2).sum() on the H200. */
static int pow_fast_op(Interp *I, Value a, Value b, int cdt) {
    if (!dt_is_float(cdt) || !is_array(I, a)) return -1;
    if (is_smallint(b) && b.as.i == 2) return FUSE_SQUARE;
    if (is_smallint(b) && b.as.i == -1) return FUSE_RECIPROCAL;
    if (is_float(b) && b.as.f == 0.5) return FUSE_SQRT;
    return -1;
}

static Value binary_try(Interp *I, ArrPending *g, Value a, Value b, int op, int mode, int cdt,
                        int rdt, Array *out, int nd, const int64_t *shape, bool scalar, bool oper) {
    int fop = bin_fuse_op(op, mode);
    int na = add_operand(I, g, a, cdt);
    if (na == -1) return V_NULL;
    int pop = mode == 0 && op == BIN_POW && oper && !scalar ? pow_fast_op(I, a, b, cdt) : -1;
    if (pop >= 0) {
        int node = na < 0 ? na : add_node(g, pop, rdt, na, -1, -1);
        if (node < 0) return v_notimpl(I); /* retry after evaluating operands */
        if (arr_cuda_fpe_mark(I, g, node, scalar) < 0) return V_NULL;
        return finish_graph(I, g, node, rdt, nd, shape, out);
    }
    /* x * x reads x once (a pending x is copied in once) */
    bool same = is_obj(a) && is_obj(b) && a.as.o == b.as.o;
    int nb = na < 0 || same ? na : add_operand(I, g, b, cdt);
    if (nb == -1) return V_NULL;
    if (na < 0 || nb < 0) return v_notimpl(I); /* retry after evaluating operands */
    int node = add_node(g, fop, mode == 1 ? DT_BOOL : rdt, na, nb, -1);
    if (node < 0) return v_notimpl(I);
    if (arr_cuda_fpe_mark(I, g, node, scalar) < 0) return V_NULL;
    return finish_graph(I, g, node, rdt, nd, shape, out);
}

Value arr_cuda_binary(Interp *I, Value a, Value b, int op, int mode, int cdt, int rdt, Array *out) {
    bool scalar = (mode & ARR_MODE_SCALAR) != 0; /* errors say "scalar divide" */
    bool oper = (mode & ARR_MODE_OPERATOR) != 0; /* x ** 2: square (pow_fast_op) */
    mode &= ~(ARR_MODE_SCALAR | ARR_MODE_OPERATOR);
    if (!operand_ok(I, a) || !operand_ok(I, b) || bin_fuse_op(op, mode) < 0) return V_NULL;
    if (mode == 0 && op == BIN_POW && dt_is_int(cdt) && !is_smallint(b)) return V_NULL;
    if (out && out->ndim > GPU_MAX_DIMS) return V_NULL;
    int nd;
    int64_t shape[ARR_MAXDIM];
    if (result_shape(I, a, b, out, &nd, shape) < 0) {
        err_clear(I); /* the CPU code raises NumPy's message, which names scalars too */
        return V_NULL;
    }
    if (nd > GPU_MAX_DIMS) return V_NULL;
    int64_t size = 1;
    for (int d = 0; d < nd; d++)
        size *= shape[d];
    if (size == 0) return V_NULL;
    if (out) {
        if (out->ndim != nd || memcmp(out->shape, shape, sizeof(int64_t) * (size_t)nd))
            return V_NULL; /* the CPU code raises NumPy's error */
        if (mode == 0 && dt_is_float(rdt) && !dt_is_float(out->dtype)) return V_NULL;
        int ua = unalias_operand(I, &a, out);
        int ub = ua ? ua : unalias_operand(I, &b, out);
        if (ua || ub) return V_NULL; /* -1: raised; 1: the CPU code copies */
        if (arr_dev_write(I, out) < 0) return V_NULL;
    }
    /* Beside a lazy product (or a sum over one), a pending operand that reads none is
     * computed first, so the epilogue matcher sees an array where a bias or c belongs:
     * `a @ w + b.astype(np.float32)` is one cuBLASLt call, as with b already evaluated;
     * `0.5 * c` is left pending: the matcher reads it as beta * c. */
    bool lazy_a = reads_lazy_matmul(I, a);
    if (lazy_a != reads_lazy_matmul(I, b)) {
        Value other = lazy_a ? b : a;
        if (is_array(I, other) && arr_raw(other)->pend &&
            !graph_is_scaled_input(arr_raw(other)->pend) && arr_materialize(I, arr_raw(other)) < 0)
            return V_NULL;
    }
    ArrPending g;
    for (int attempt = 0; attempt < 3; attempt++) {
        arr_pending_begin(&g, nd, shape);
        Value r = binary_try(I, &g, a, b, op, mode, cdt, rdt, out, nd, shape, scalar, oper);
        if (is_null(r) || !is_notimpl(I, r)) return r;
        /* too big to fuse: evaluate the pending operands and retry with them as inputs */
        if (is_array(I, a) && arr_materialize(I, arr_raw(a)) < 0) return V_NULL;
        if (is_array(I, b) && arr_materialize(I, arr_raw(b)) < 0) return V_NULL;
    }
    return V_NULL;
}

Value arr_cuda_where(Interp *I, Array *c, Value x, Value y, int dt) {
    if (!operand_ok(I, v_obj(c)) || !operand_ok(I, x) || !operand_ok(I, y)) return V_NULL;
    Value ops[2] = {x, y};
    Array *arrs[3] = {c};
    int na = 1;
    for (int k = 0; k < 2; k++) {
        if (is_array(I, ops[k]))
            arrs[na++] = arr_raw(ops[k]);
        else if ((is_smallint(ops[k]) || is_bool(ops[k])) && arr_weak_check(I, ops[k], dt) < 0)
            return V_NULL; /* NumPy's OverflowError */
    }
    int nd;
    int64_t shape[ARR_MAXDIM];
    if (arr_broadcast_shapes(I, na, arrs, &nd, shape) < 0) {
        err_clear(I); /* the host code raises NumPy's message */
        return V_NULL;
    }
    int64_t size = 1;
    for (int d = 0; d < nd; d++)
        size *= shape[d];
    if (nd > GPU_MAX_DIMS || size == 0) return V_NULL;
    ArrPending g;
    for (int attempt = 0; attempt < 3; attempt++) {
        arr_pending_begin(&g, nd, shape);
        int nc = add_operand(I, &g, v_obj(c), DT_BOOL);
        int nx = nc < 0 ? nc : add_operand(I, &g, x, dt);
        int ny = nx < 0 ? nx : add_operand(I, &g, y, dt);
        if (nc == -1 || nx == -1 || ny == -1) return V_NULL;
        int node = ny < 0 ? ny : add_node(&g, FUSE_WHERE, dt, nc, nx, ny);
        if (node >= 0) return finish_graph(I, &g, node, dt, nd, shape, NULL);
        /* too big to fuse: evaluate the pending operands and retry with them as inputs */
        for (int k = 0; k < na; k++)
            if (arr_materialize(I, arrs[k]) < 0) return V_NULL;
    }
    return V_NULL;
}

static int unary_fuse_op(int op) {
    switch (op) {
    case ARR_U_NEG: return FUSE_NEG;
    case ARR_U_POS: return FUSE_CAST;
    case ARR_U_INVERT: return FUSE_INVERT;
    case ARR_U_ABS: return FUSE_ABS;
    case ARR_U_EXP: return FUSE_EXP;
    case ARR_U_LOG: return FUSE_LOG;
    case ARR_U_LOG2: return FUSE_LOG2;
    case ARR_U_LOG10: return FUSE_LOG10;
    case ARR_U_SQRT: return FUSE_SQRT;
    case ARR_U_SIN: return FUSE_SIN;
    case ARR_U_COS: return FUSE_COS;
    case ARR_U_TAN: return FUSE_TAN;
    case ARR_U_TANH: return FUSE_TANH;
    case ARR_U_SINH: return FUSE_SINH;
    case ARR_U_COSH: return FUSE_COSH;
    case ARR_U_LOG1P: return FUSE_LOG1P;
    case ARR_U_EXPM1: return FUSE_EXPM1;
    case ARR_U_ARCSIN: return FUSE_ARCSIN;
    case ARR_U_ARCCOS: return FUSE_ARCCOS;
    case ARR_U_ARCTAN: return FUSE_ARCTAN;
    case ARR_U_ARCSINH: return FUSE_ARCSINH;
    case ARR_U_ARCCOSH: return FUSE_ARCCOSH;
    case ARR_U_ARCTANH: return FUSE_ARCTANH;
    case ARR_U_SIGN: return FUSE_SIGN;
    case ARR_U_FLOOR: return FUSE_FLOOR;
    case ARR_U_CEIL: return FUSE_CEIL;
    case ARR_U_ROUND: return FUSE_RINT;
    case ARR_U_ISNAN: return FUSE_ISNAN;
    case ARR_U_ISINF: return FUSE_ISINF;
    case ARR_U_ISFINITE: return FUSE_ISFINITE;
    case ARR_U_NOT: return FUSE_LOGICAL_NOT;
    default: return -1;
    }
}

Value arr_cuda_unary(Interp *I, Array *a, int op, int cdt, int rdt, Array *out) {
    int fop = unary_fuse_op(op);
    if (fop < 0 || a->ndim > GPU_MAX_DIMS || a->size == 0) return V_NULL;
    if (out &&
        (out->ndim != a->ndim || memcmp(out->shape, a->shape, sizeof(int64_t) * (size_t)a->ndim)))
        return V_NULL;
    Value av = v_obj(a);
    if (out) {
        int u = unalias_operand(I, &av, out);
        if (u) return V_NULL;
        a = arr_raw(av);
    }
    if (out && arr_dev_write(I, out) < 0) return V_NULL;
    ArrPending g;
    for (int attempt = 0; attempt < 2; attempt++) {
        arr_pending_begin(&g, a->ndim, a->shape);
        int n = add_operand(I, &g, v_obj(a), cdt);
        if (n == -1) return V_NULL;
        int node = n < 0 ? n : add_node(&g, fop, rdt, n, -1, -1);
        if (node >= 0) {
            if (arr_cuda_fpe_mark(I, &g, node, false) < 0) return V_NULL;
            return finish_graph(I, &g, node, rdt, a->ndim, a->shape, out);
        }
        if (arr_materialize(I, a) < 0) return V_NULL;
    }
    return V_NULL;
}

/* ---- assignment ---- */

/* dst[...] = s for a pending s of dst's dtype and shape (t[...] = t + 1): s's graph runs
 * straight into dst, one launch, and s becomes a pending copy of dst, which the next write
 * to dst evaluates first like any reader, so s keeps its value. Not when s's graph reads
 * dst's buffer other than element for element (t[1:] = t[:-1] + 1). 1 done, 0 not this
 * case, -1 after raising. */
/* Whether a is o or a view of all of o in o's layout (t[...]). */
static bool covers_owner(const Array *a, const Array *o) {
    return owner_of((Array *)a) == o && a->data == o->data && a->dtype == o->dtype &&
           a->ndim == o->ndim && !memcmp(a->shape, o->shape, sizeof(int64_t) * (size_t)o->ndim) &&
           !memcmp(a->strides, o->strides, sizeof(int64_t) * (size_t)o->ndim);
}

/* A pending plain copy of the whole owner o (its graph one input node over all of o, its
 * layout o's) other than skip, with no buffer yet: what t + 1 of the last t[...] = t + 1
 * became. */
static Array *copy_reader(Interp *I, Array *o, const Array *skip) {
    ArrCuda *c = I->gpu->allocator.ud;
    for (Array *p = c->pending; p; p = p->pend->next) {
        const ArrPending *g = p->pend;
        if (p != skip && !p->dptr && !p->base && g->nnodes == 1 && g->ninputs == 1 &&
            g->nodes[0].op == FUSE_INPUT && !g->matmul && p->alloc_size == o->alloc_size &&
            covers_owner(g->inputs[0], o) && p->dtype == o->dtype && p->ndim == o->ndim &&
            !memcmp(p->shape, o->shape, sizeof(int64_t) * (size_t)o->ndim) &&
            !memcmp(p->strides, o->strides, sizeof(int64_t) * (size_t)o->ndim))
            return p;
    }
    return NULL;
}

/* Before s's graph is written over the whole of owner o: when a pending plain copy of o
 * waits (copy_reader), o gets a fresh buffer and the copy takes o's old one as its value, so
 * the write needs no copy kernel first (t[...] = t + 1 in a loop: one launch where it was
 * two); s's graph then reads the copy where it read o (g: the graph about to run). Not for
 * an address that must not move: an external owner, one given out (dev_fixed), while CUDA
 * graphs exist (a replay writes the captured addresses); not when s reads o through a
 * view. 1 swapped, 0 not, -1 after raising. */
static int swap_for_copy(Interp *I, Array *o, const Array *dst, const Array *s, ArrPending *g) {
    GpuState *G = I->gpu;
    if (o->ext_data || o->dev_fixed || !o->dptr || !o->dev_valid || o->pend || G->graphs ||
        G->capture || !covers_owner(dst, o))
        return 0;
    for (int i = 0; i < g->ninputs; i++)
        if (owner_of(g->inputs[i]) == o && !covers_owner(g->inputs[i], o)) return 0;
    Array *p = copy_reader(I, o, s);
    if (!p) return 0;
    /* the other readers see o's present values first */
    if (flush_readers_except2(I, o, s, p) < 0) return -1;
    CUdeviceptr fresh;
    if (arr_dev_alloc(I, o->alloc_size, &fresh) < 0) return -1;
    ArrPending *pg = p->pend;
    readers_count(pg, -1);
    arr_pending_unlink(I, p);
    p->pend = NULL;
    arr_pending_free(I, pg);
    p->dptr = o->dptr;
    p->interp = I;
    p->dev_valid = true;
    p->host_stale = true;
    o->dptr = fresh;
    for (int i = 0; i < g->ninputs; i++)
        if (owner_of(g->inputs[i]) == o) g->inputs[i] = p;
    return 1;
}

static int assign_pending(Interp *I, Array *dst, Array *s) {
    Array *o = owner_of(dst);
    ArrPending *sp = s->pend;
    if (!sp || sp->matmul || s->base || s == o || s->dtype != dst->dtype || s->ndim != dst->ndim ||
        memcmp(s->shape, dst->shape, sizeof(int64_t) * (size_t)s->ndim))
        return 0;
    for (int i = 0; i < sp->ninputs; i++)
        if (owner_of(sp->inputs[i]) == o && arr_overlaps(sp->inputs[i], dst)) return 0;
    ArrPending g = *sp;
    if (o->readers > 0 && swap_for_copy(I, o, dst, s, &g) < 0) return -1;
    if (o->dptr && flush_readers_except(I, o, s) < 0) return -1;
    if (arr_dev_ready(I, o) < 0) return -1;
    o->host_stale = true;
    if (is_null(finish_graph(I, &g, sp->root, dst->dtype, dst->ndim, dst->shape, dst))) return -1;
    readers_count(sp, -1);
    sp->consumed = true; /* a copy of dst now: nothing to compute at a synchronize */
    sp->nnodes = sp->ninputs = 0;
    sp->row_nd = 0;
    int k = add_input(I, sp, dst);
    int n = k < 0 ? k : add_node(sp, FUSE_INPUT, dst->dtype, -1, -1, -1);
    if (n < 0) return -1;
    sp->nodes[n].input = k;
    sp->root = n;
    readers_count(sp, +1);
    return 1;
}

/* dst[...] = src where dst's data lives on the device (a host-current array is cheaper to
 * write on the host). A Python or NumPy scalar becomes a fill kernel, so z[0] = x moves no
 * data; a one-element write also updates a current host mirror, which stays valid. An
 * array becomes a fused expression run into dst (a pending src's graph, unless it reads
 * dst's buffer: writers evaluate their pending readers first). A source that overlaps dst
 * other than element for element, a shape that does not broadcast, or a float into an
 * integer dst's graph is left to the host code, which copies through a temporary or raises
 * NumPy's error. */
int arr_cuda_assign(Interp *I, Array *dst, Value src) {
    Array *o = owner_of(dst);
    if (!o->pend && !(o->dptr && o->dev_valid)) return 0;
    if (dst->ndim > GPU_MAX_DIMS || dst->size == 0) return 0;
    if (!is_array(I, src)) {
        if (!is_bool(src) && !is_smallint(src) && !is_float(src) && !arr_is_scalar(I, src))
            return 0;
        char buf[8];
        if (arr_store_value(I, buf, dst->dtype, src) < 0) return -1;
        bool host_ok = !o->pend && !o->host_stale;
        GpuTensor t;
        if (arr_dev_write(I, dst) < 0 || arr_tensor(I, dst, &t) < 0) return -1;
        bool fl = dt_is_float(dst->dtype);
        double f = fl ? arr_load_f(buf, dst->dtype) : 0;
        int64_t iv = fl ? 0 : arr_load_i(buf, dst->dtype);
        if (gpu_fill(I->gpu, &t, f, iv, arr_stream(I)) < 0) return arr_gpu_raise(I);
        if (host_ok && dst->size == 1) {
            memcpy(dst->data, buf, (size_t)arr_dtypes[dst->dtype].size);
            o->host_stale = false;
        }
        return 1;
    }
    Array *s = arr_raw(src);
    if (s->ndim > GPU_MAX_DIMS || s->size == 0 || arr_overlaps(s, dst)) return 0;
    if (!dt_is_float(dst->dtype) && dt_is_float(s->dtype)) return 0;
    for (int d = 0; d < s->ndim; d++) {
        int k = d - (s->ndim - dst->ndim);
        if (k < 0 ? s->shape[d] != 1 : (s->shape[d] != 1 && s->shape[d] != dst->shape[k])) return 0;
    }
    int r = assign_pending(I, dst, s);
    if (r) return r;
    if (arr_dev_write(I, dst) < 0) return -1;
    ArrPending g;
    for (int attempt = 0; attempt < 2; attempt++) {
        arr_pending_begin(&g, dst->ndim, dst->shape);
        int n = add_operand(I, &g, src, dst->dtype);
        if (n == -1) return -1;
        /* the cast into dst's dtype reports as astype's does ("overflow encountered in cast") */
        if (n >= 0 && g.nodes[n].op == FUSE_CAST && arr_cuda_fpe_mark(I, &g, n, false) < 0)
            return -1;
        if (n >= 0) {
            Value r = finish_graph(I, &g, n, dst->dtype, dst->ndim, dst->shape, dst);
            return is_null(r) ? -1 : 1;
        }
        if (arr_materialize(I, s) < 0) return -1;
    }
    return 0;
}
