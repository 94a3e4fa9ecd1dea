/* backend_cuda_devices.c: several devices in one interpreter (docs/GPU.md "Several GPUs").
 * Each device has its own GpuState (context, stream, pool, kernel caches) with its own
 * ArrCuda (pending list, streams, floating-point flags), made at the program's first use of
 * the device; I->gpu is the current device's, which gpu.Device(i) switches. Every array
 * records the device it was made on (Array.device): work on it under another device
 * raises, as CuPy does, while reading it on the host and freeing it run on its own device
 * for the moment they take. The CPU backend keeps the same bookkeeping over "devices" that
 * are labels (kr_config.gpu_mock_devices of them), so scripts and tests run unchanged. */
#include <string.h>

#include "../../../vm/error.h"
#include "../../../vm/gc.h"
#include "../../array/array.h"
#include "backend_cuda.h"

static bool on_cuda(Interp *I) {
    return ((ArrCuda *)I->gpu->allocator.ud)->backend == 2;
}

int arr_device_count(Interp *I) {
    if (arr_backend_check(I) < 0) return -1;
    GpuState *home = I->gpu->home;
    if (!on_cuda(I)) {
        int n = home->settings.mock_devices;
        return n < 1 ? 1 : n > GPU_MAX_DEVICES ? GPU_MAX_DEVICES : n;
    }
    int n = gpu_device_count(home);
    if (n < 0) {
        GpuState *cur = I->gpu;
        I->gpu = home;
        arr_gpu_raise(I);
        I->gpu = cur;
    }
    return n;
}

/* dev checked against the count: -1 after raising "gpu.Device(5): there are 2 devices". */
static int device_check(Interp *I, int dev) {
    int n = arr_device_count(I);
    if (n < 0) return -1;
    if (dev < 0 || dev >= n) {
        err_format(I, TY_VALUE_ERROR, "gpu.Device(%d): there %s %d device%s (0 to %d)", dev,
                   n == 1 ? "is" : "are", n, n == 1 ? "" : "s", n - 1);
        return -1;
    }
    return 0;
}

static void make_current(GpuState *G) {
    if (G->device_state > 0) G->api.cuCtxSetCurrent(G->context);
}

GpuState *arr_device_state(Interp *I, int dev) {
    if (device_check(I, dev) < 0) return NULL;
    GpuState *home = I->gpu->home;
    if (home->devs[dev]) return home->devs[dev];
    GpuState *G = arr_cuda_new_state(I, dev);
    if (!G) return NULL;
    G->home = home;
    G->devs[0] = NULL;
    ArrCuda *c = G->allocator.ud, *hc = home->allocator.ud;
    c->backend = hc->backend;
    G->backend = home->backend;
    if (c->backend == 2 && gpu_init_cuda(G) < 0) {
        err_format(I, TY_RUNTIME_ERROR, "gpu.Device(%d): %s", dev, G->err);
        gpu_state_free(G);
        mem_free(I, c, sizeof(ArrCuda));
        make_current(I->gpu);
        return NULL;
    }
    make_current(I->gpu); /* the start made the new context current */
    home->devs[dev] = G;
    return G;
}

int arr_device_use(Interp *I, int dev) {
    if (!arr_cuda_state(I)) return -1;
    int prev = I->gpu->ordinal;
    if (dev == prev) return device_check(I, dev) < 0 ? -1 : prev;
    GpuState *G = arr_device_state(I, dev);
    if (!G) return -1;
    if (G->device_state > 0 &&
        cuda_check(G, G->api.cuCtxSetCurrent(G->context), "cuCtxSetCurrent") < 0) {
        GpuState *cur = I->gpu;
        I->gpu = G;
        arr_gpu_raise(I);
        I->gpu = cur;
        return -1;
    }
    I->gpu = G;
    return prev;
}

int arr_device_synchronize(Interp *I, int dev) {
    GpuState *G = arr_device_state(I, dev);
    if (!G) return -1;
    GpuState *prev = arr_device_enter(I, dev);
    int r = arr_backend(I)->synchronize(I);
    arr_device_leave(I, prev);
    return r;
}

/* A copy made on the host under dev: for the CPU backend, and for data current only on the
 * host (it goes to dev's memory at its first use there). */
static Value copy_on_host(Interp *I, Array *a, int dev) {
    if (arr_host(I, a) < 0) return V_NULL;
    GpuState *prev = arr_device_enter(I, dev);
    Array *r = arr_copy(I, a, a->dtype);
    arr_device_leave(I, prev);
    return r ? v_obj(r) : V_NULL;
}

Value arr_to_device(Interp *I, Array *a, int dev) {
    Array *o = a->base ? a->base : a;
    if (!arr_device_state(I, dev)) return V_NULL;
    if (o->device == dev) return v_obj(a);
    GpuState *S = I->gpu->home->devs[o->device], *D = I->gpu->home->devs[dev];
    if (!on_cuda(I) || !S || (!o->pend && !(o->dptr && o->dev_valid)))
        return copy_on_host(I, a, dev);
    /* on the source device: its data contiguous and current there */
    GpuState *prev = arr_device_enter(I, o->device);
    Array *s = a;
    if (!arr_is_contiguous(a)) {
        Value c = arr_backend(I)->astype(I, a, a->dtype);
        s = is_null(c) ? NULL : arr_raw(c);
    }
    GpuTensor t;
    bool ok = s && arr_tensor(I, s, &t) == 0;
    CUstream ss = arr_stream(I);
    arr_device_leave(I, prev);
    if (!ok) return V_NULL;
    /* on the destination: a new buffer the copy fills */
    prev = arr_device_enter(I, dev);
    Array *r = arr_new_device(I, a->dtype, a->ndim, a->shape);
    ok = r && arr_dev_own(I, r) == 0;
    size_t bytes = (size_t)a->size * (size_t)arr_dtypes[a->dtype].size;
    if (ok && gpu_copy_peer(D, r->dptr, arr_stream(I), S, t.ptr, ss, bytes) < 0) {
        arr_gpu_raise(I);
        ok = false;
    }
    arr_device_leave(I, prev);
    return ok ? v_obj(r) : V_NULL;
}
