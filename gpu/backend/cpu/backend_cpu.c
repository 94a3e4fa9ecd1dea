/* backend_cpu.c: the CPU backend's table of operations (array_backend.h). Arrays live in
 * host memory and every operation is the host implementation of gpu/array (with the typed
 * loops of array_fast.c); work is synchronous, so there is nothing to wait for and no
 * stream or event handle. */
#include "../../array/array.h"

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
    .binary = arr_host_binary,
    .unary = arr_host_unary,
    .reduce = arr_host_reduce,
    .matmul = arr_host_matmul,
    .astype = arr_host_astype,
    .reshape = arr_reshape,
    .assign = arr_host_assign,
    .full = arr_host_full,
    .arange = arr_host_arange,
    .synchronize = cpu_synchronize,
    .current = cpu_current,
    .stream_new = cpu_stream_new,
    .event_new = cpu_event_new,
    .stream_query = cpu_stream_query,
};
