/* backend_cpu.c: the CPU backend's table of operations (array_backend.h). Arrays live in
 * host memory and every operation is the host implementation of gpu/array (with the typed
 * loops of array_fast.c); work is synchronous, so there is nothing to wait for and no
 * stream or event handle. */
#include "../../array/array.h"

/* Several devices are labels here (array_device.c): the work runs "on" its operands' device,
 * so results carry it, and operands of two devices raise as on CUDA. */
static Value cpu_binary(Interp *I, Value a, Value b, int op, int mode, int cdt, int rdt,
                        Array *out) {
    Value o = out ? v_obj(out) : V_NONE;
    ARR_ON_OPERANDS(a, b, o, arr_host_binary(I, a, b, op, mode, cdt, rdt, out));
}
static Value cpu_unary(Interp *I, Array *a, int op, int cdt, int rdt, Array *out) {
    Value x = v_obj(a), o = out ? v_obj(out) : V_NONE, none = V_NONE;
    ARR_ON_OPERANDS(x, o, none, arr_host_unary(I, a, op, cdt, rdt, out));
}
static Value cpu_reduce(Interp *I, Array *a, int kind, Value axis, bool keepdims, int ddof,
                        int dt) {
    Value x = v_obj(a), n1 = V_NONE, n2 = V_NONE;
    ARR_ON_OPERANDS(x, n1, n2, arr_host_reduce(I, a, kind, axis, keepdims, ddof, dt));
}
static Value cpu_matmul(Interp *I, Array *a, Array *b) {
    Value x = v_obj(a), y = v_obj(b), none = V_NONE;
    ARR_ON_OPERANDS(x, y, none, arr_host_matmul(I, a, b));
}
/* np.where: only the devices' check; the host code (array_ops.c) does the work */
static Value cpu_where(Interp *I, Array *c, Value x, Value y, int dt) {
    (void)dt;
    Value v = v_obj(c);
    ARR_ON_OPERANDS(v, x, y, V_NULL);
}
static Value cpu_astype(Interp *I, Array *a, int dt) {
    Value x = v_obj(a), n1 = V_NONE, n2 = V_NONE;
    ARR_ON_OPERANDS(x, n1, n2, arr_host_astype(I, a, dt));
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
