/* gpu_devices.c: the gpu module's natives for several devices (docs/GPU.md "Several GPUs"):
 * device_count() and the private halves of gpu.Device, ndarray.device and a.to(device)
 * (stdlib/py/_numpy_devices.py, a part of the module): switching the current device, an
 * array's device, copies between devices, a device's synchronize. The work is
 * gpu/backend/cuda/backend_cuda_devices.c's. */
#include "../../gpu/array/array.h"
#include "../../gpu/backend/cuda/backend_cuda.h"
#include "../../vm/error.h"
#include "gpu_module.h"

/* A device argument: an int, or anything with __index__ (gpu.Device has one). */
int gpu_device_arg(Interp *I, Value v, int *out) {
    int64_t d;
    if (obj_index(I, v, &d) < 0) return -1;
    if (d < -1 || d > 1 << 20) d = d < 0 ? -1 : 1 << 20; /* the range check names it */
    *out = (int)d;
    return 0;
}

static Value f_device_count(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_args(I, "device_count", argc, kw, 0, 0)) return V_NULL;
    int n = arr_device_count(I);
    return n < 0 ? V_NULL : v_int(n);
}

/* _device_use(dev): make dev current; the previous device. */
static Value f_device_use(Interp *I, int argc, Value *argv, Tuple *kw) {
    int dev;
    if (!arr_args(I, "_device_use", argc, kw, 1, 1) || gpu_device_arg(I, argv[0], &dev) < 0)
        return V_NULL;
    int prev = arr_device_use(I, dev);
    return prev < 0 ? V_NULL : v_int(prev);
}

/* _device_check(dev): dev if it exists, else ValueError naming the count. */
static Value f_device_check(Interp *I, int argc, Value *argv, Tuple *kw) {
    int dev;
    if (!arr_args(I, "_device_check", argc, kw, 1, 1) || gpu_device_arg(I, argv[0], &dev) < 0)
        return V_NULL;
    return arr_device_state(I, dev) ? v_int(dev) : V_NULL;
}

static Value f_device_current(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_args(I, "_device_current", argc, kw, 0, 0) || !arr_cuda_state(I)) return V_NULL;
    return v_int(I->gpu->ordinal);
}

static Value f_device_of(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_args(I, "_device_of", argc, kw, 1, 1)) return V_NULL;
    if (!is_array(I, argv[0])) return err_format(I, TY_TYPE_ERROR, "expected an ndarray");
    Array *a = arr_raw(argv[0]);
    return v_int((a->base ? a->base : a)->device);
}

static Value f_to_device(Interp *I, int argc, Value *argv, Tuple *kw) {
    int dev;
    if (!arr_args(I, "_to_device", argc, kw, 2, 2)) return V_NULL;
    if (!is_array(I, argv[0])) return err_format(I, TY_TYPE_ERROR, "expected an ndarray");
    if (gpu_device_arg(I, argv[1], &dev) < 0) return V_NULL;
    return arr_to_device(I, arr_raw(argv[0]), dev);
}

static Value f_device_synchronize(Interp *I, int argc, Value *argv, Tuple *kw) {
    int dev;
    if (!arr_args(I, "_device_synchronize", argc, kw, 1, 1) || gpu_device_arg(I, argv[0], &dev) < 0)
        return V_NULL;
    return arr_device_synchronize(I, dev) < 0 ? V_NULL : V_NONE;
}

static const MethodDef device_functions[] = {
    {"device_count", f_device_count, 0},
    {"_device_use", f_device_use, 0},
    {"_device_check", f_device_check, 0},
    {"_device_current", f_device_current, 0},
    {"_device_of", f_device_of, 0},
    {"_to_device", f_to_device, 0},
    {"_device_synchronize", f_device_synchronize, 0},
    {NULL, NULL, 0},
};

int gpu_add_devices(Interp *I, Module *m) {
    return module_add_functions(I, m, device_functions) < 0 ? -1 : gpu_add_nccl(I, m);
}
