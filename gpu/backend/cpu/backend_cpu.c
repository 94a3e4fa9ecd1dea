/* backend_cpu.c: the CPU backend's table of operations (array_backend.h). Arrays live in
 * host memory and every operation is the host implementation of gpu/array (with the typed
 * loops of array_fast.c); work is synchronous, so there is nothing to wait for and no
 * stream or event handle. */
#include "../../array/array.h"

/* Several devices are labels here (array_device.c): the work runs "on" its operands' device,
 * so results carry it, and operands of two devices raise as on CUDA. */
static Value cpu_binary(Interp *I, Value a, Value b, int op, int mode, int cdt, int rdt,
                        Array *out) {
    struct GpuState *prev;
    Value v2 = out ? v_obj(out) : V_NONE;
    if (arr_device_operands(I, &a, &b, &v2, &prev) < 0) return V_NULL;
    Value r = arr_host_binary(I, a, b, op, mode, cdt, rdt, out);
    arr_device_leave(I, prev);
    return r;
}
static Value cpu_unary(Interp *I, Array *a, int op, int cdt, int rdt, Array *out) {
    struct GpuState *prev;
    Value v0 = v_obj(a);
    Value v1 = out ? v_obj(out) : V_NONE;
    Value v2 = V_NONE;
    if (arr_device_operands(I, &v0, &v1, &v2, &prev) < 0) return V_NULL;
    Value r = arr_host_unary(I, a, op, cdt, rdt, out);
    arr_device_leave(I, prev);
    return r;
}
static Value cpu_reduce(Interp *I, Array *a, int kind, Value axis, bool keepdims, int ddof,
                        int dt) {
    struct GpuState *prev = arr_device_enter(I, (a->base ? a->base : a)->device);
    Value r = arr_host_reduce(I, a, kind, axis, keepdims, ddof, dt);
    arr_device_leave(I, prev);
    return r;
}
static Value cpu_matmul(Interp *I, Array *a, Array *b) {
    struct GpuState *prev;
    Value v0 = v_obj(a);
    Value v1 = v_obj(b);
    Value v2 = V_NONE;
    if (arr_device_operands(I, &v0, &v1, &v2, &prev) < 0) return V_NULL;
    Value r = arr_host_matmul(I, a, b);
    arr_device_leave(I, prev);
    return r;
}
/* np.where: only the devices' check; the host code (array_ops.c) does the work */
static Value cpu_where(Interp *I, Array *c, Value x, Value y, int dt) {
    (void)dt;
    struct GpuState *prev;
    Value v0 = v_obj(c);
    if (arr_device_operands(I, &v0, &x, &y, &prev) < 0) return V_NULL;
    arr_device_leave(I, prev);
    return V_NULL;
}
static Value cpu_astype(Interp *I, Array *a, int dt) {
    struct GpuState *prev = arr_device_enter(I, (a->base ? a->base : a)->device);
    Value r = arr_host_astype(I, a, dt);
    arr_device_leave(I, prev);
    return r;
}

static int cpu_synchronize(Interp *I) {
    (void)I;
    return 0;
}

static int cpu_current(Interp *I, Array *a) {
    (void)I;
    (void)a;
    return 0;
}

static int cpu_stream_new(Interp *I, void **stream, void **order) {
    (void)I;
    *stream = *order = NULL;
    return 0;
}

static int cpu_event_new(Interp *I, bool timing, void **event) {
    (void)I;
    (void)timing;
    *event = NULL;
    return 0;
}

static int cpu_stream_query(Interp *I, void *stream) {
    (void)I;
    (void)stream;
    return 1; /* the work is already done */
}

const ArrBackend arr_backend_cpu = {
    .name = "cpu",
    .device = false,
    .binary = cpu_binary,
    .unary = cpu_unary,
    .reduce = cpu_reduce,
    .matmul = cpu_matmul,
    .astype = cpu_astype,
    .reshape = arr_reshape,
    .assign = arr_host_assign,
    .full = arr_host_full,
    .arange = arr_host_arange,
    .synchronize = cpu_synchronize,
    .current = cpu_current,
    .stream_new = cpu_stream_new,
    .event_new = cpu_event_new,
    .stream_query = cpu_stream_query,
    .where = cpu_where,
};
