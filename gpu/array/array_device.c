/* array_device.c: which device array work runs on (docs/GPU.md "Several GPUs"). Each device
 * has its own GpuState (gpu/runtime/gpu.h "Several devices"); I->gpu is the current one,
 * which gpu.Device(i) switches (gpu/backend/cuda/backend_cuda_devices.c makes the states).
 * Both backends' tables run an operation on the device of its array operands, so results
 * live where their inputs do, and raise when two operands live on different devices; on the
 * CPU backend the devices are labels with the same rules, so scripts and tests behave the
 * same on both. */
#include "../../vm/error.h"
#include "../runtime/gpu.h"
#include "array.h"

static void make_current(GpuState *G) {
    if (G->device_state > 0) G->api.cuCtxSetCurrent(G->context);
}

GpuState *arr_device_enter(Interp *I, int dev) {
    if (!I->gpu || dev == I->gpu->ordinal || dev < 0 || dev >= GPU_MAX_DEVICES) return NULL;
    GpuState *G = I->gpu->home->devs[dev];
    if (!G) return NULL;
    GpuState *prev = I->gpu;
    make_current(G);
    I->gpu = G;
    return prev;
}

void arr_device_leave(Interp *I, GpuState *prev) {
    if (!prev) return;
    I->gpu = prev;
    make_current(prev);
}

int arr_device_mismatch(Interp *I, const Array *o) {
    int cur = I->gpu ? I->gpu->ordinal : 0;
    err_format(I, TY_VALUE_ERROR,
               "arrays on different devices (%d and %d): copy one first with a.to(device) "
               "or gpu.asarray(a, device=...)",
               cur, o->device);
    return -1;
}

static int device_of(Interp *I, Value v) {
    if (!is_array(I, v)) return -1;
    Array *a = arr_raw(v);
    return (a->base ? a->base : a)->device;
}

/* A NumPy scalar whose value is still in a 0-d array of device (a reduction's): its
 * device, else -1. */
static int scalar_device(Interp *I, Value v) {
    Array *z = is_array(I, v) ? NULL : arr_scalar_device(I, v);
    return z ? device_of(I, v_obj(z)) : -1;
}

int arr_device_operands(Interp *I, Value *a, Value *b, Value *c, GpuState **prev) {
    *prev = NULL;
    if (!I->gpu) return 0;
    Value *vs[3] = {a, b, c};
    int d = -1;
    for (int i = 0; i < 3 && d < 0; i++)
        d = device_of(I, *vs[i]);
    for (int i = 0; i < 3 && d < 0; i++)
        d = scalar_device(I, *vs[i]);
    if (d < 0) return 0;
    for (int i = 0; i < 3; i++) {
        int di = device_of(I, *vs[i]);
        if (di >= 0 && di != d) {
            GpuState *p = arr_device_enter(I, d);
            arr_device_mismatch(I, arr_raw(*vs[i]));
            arr_device_leave(I, p);
            return -1;
        }
        di = scalar_device(I, *vs[i]);
        if (di >= 0 && di != d) { /* another device's scalar: its value, on the host */
            char buf[16];
            int sdt = arr_scalar_load(I, *vs[i], buf);
            if (sdt < 0) return -1;
            Value h = arr_scalar_new(I, buf, sdt);
            if (is_null(h)) return -1;
            *vs[i] = h;
        }
    }
    *prev = arr_device_enter(I, d);
    return 0;
}
