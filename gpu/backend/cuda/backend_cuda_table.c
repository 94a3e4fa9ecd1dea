/* backend_cuda_table.c: the CUDA backend's table of operations (array_backend.h) and the
 * choice between it and the CPU backend's, made once per interpreter.
 *
 * Each entry tries the device path (backend_cuda.c, backend_cuda_ops.c), whose functions
 * return V_NULL (NULL) without an error for a case they leave to the host; the entry then
 * brings the host mirror up to date and runs the host implementation of gpu/array, which
 * raises NumPy's errors. */
#include "../../../vm/error.h"
#include "../../../vm/gc.h"
#include "../../array/array.h"
#include "backend_cuda.h"

/* An operand whose value the host has: not an array, or one whose mirror is current. */
static bool on_host(Interp *I, Value v) {
    if (!is_array(I, v)) return true;
    Array *a = arr_raw(v), *o = a->base ? a->base : a;
    return !o->pend && !o->host_stale;
}

static Value binary_here(Interp *I, Value a, Value b, int op, int mode, int cdt, int rdt,
                         Array *out) {
    /* a Python int operand is stored in cdt on the device: NumPy's range check first; a
     * Python float past a narrower float type warns as its cast on the host would */
    if (!is_array(I, a) && (arr_weak_check(I, a, cdt) < 0 || arr_weak_cast_check(I, a, cdt) < 0))
        return V_NULL;
    if (!is_array(I, b) && (arr_weak_check(I, b, cdt) < 0 || arr_weak_cast_check(I, b, cdt) < 0))
        return V_NULL;
    /* integer NumPy scalars on the host: the host loop, which reports their overflow as
     * NumPy's scalar operators do (one element: no launch, no copy) */
    if ((mode & ARR_MODE_SCALAR) && !out && dt_is_int(cdt) && on_host(I, a) && on_host(I, b))
        return arr_host_binary(I, a, b, op, mode, cdt, rdt, out);
    Value r = arr_cuda_binary(I, a, b, op, mode, cdt, rdt, out);
    if (!is_null(r) || err_occurred(I)) return r;
    if (out && arr_host_write(I, out) < 0) return V_NULL;
    return arr_host_binary(I, a, b, op, mode, cdt, rdt, out);
}

static Value unary_here(Interp *I, Array *a, int op, int cdt, int rdt, Array *out) {
    Value r = arr_cuda_unary(I, a, op, cdt, rdt, out);
    if (!is_null(r) || err_occurred(I)) return r;
    if (arr_host(I, a) < 0 || (out && arr_host_write(I, out) < 0)) return V_NULL;
    return arr_host_unary(I, a, op, cdt, rdt, out);
}

static Value reduce_here(Interp *I, Array *a, int kind, Value axis, bool keepdims, int ddof,
                         int dt) {
    if (kind == RED_CUMSUM || kind == RED_CUMPROD) {
        Value s = arr_cuda_scan(I, a, kind, axis, arr_reduce_rdt(kind, a->dtype, dt));
        if (!is_null(s) || err_occurred(I)) return s;
    }
    Value r = arr_cuda_reduce(I, a, kind, axis, keepdims, ddof, dt);
    /* A reduction to 0-d gives NumPy's scalar, whose value stays on the device until the
     * host needs it (print, float(), bool(), a comparison with a Python number): a / a.sum()
     * never waits. */
    if (!is_null(r) && is_array(I, r) && arr_raw(r)->ndim == 0) {
        Array *z = arr_raw(r);
        int rdt = arr_reduce_rdt(kind, a->dtype, dt);
        if (z->dtype != rdt) { /* NumPy's result dtype (uint64 sums of unsigned ints) */
            if (!gc_temp_push(I, r)) return V_NULL;
            r = arr_cuda_unary(I, z, ARR_U_POS, z->dtype, rdt, NULL);
            if (is_null(r)) return err_occurred(I) ? V_NULL : arr_scalar_from(I, v_obj(z), rdt);
            z = arr_raw(r);
        }
        if (z->pend && arr_materialize(I, z) < 0) return V_NULL;
        return arr_scalar_on_device(I, z);
    }
    if (!is_null(r) || err_occurred(I)) return r;
    if (arr_host(I, a) < 0) return V_NULL;
    return arr_host_reduce(I, a, kind, axis, keepdims, ddof, dt);
}

static Value matmul_here(Interp *I, Array *a, Array *b) {
    Value r = arr_cuda_matmul_lazy(I, a, b); /* 2-D float: lazy (backend_cuda_epilogue.c) */
    if (!is_null(r) && !is_array(I, r) && !arr_is_scalar(I, r))
        return arr_scalar_from(I, r, arr_promote(a->dtype, b->dtype));
    if (!is_null(r) || err_occurred(I)) return r;
    if (arr_host(I, a) < 0 || arr_host(I, b) < 0) return V_NULL;
    return arr_host_matmul(I, a, b);
}

/* astype and copy: a lazy cast (one node of a fused expression). */
static Value astype_here(Interp *I, Array *a, int dt) {
    Value r = arr_cuda_unary(I, a, ARR_U_POS, a->dtype, dt, NULL);
    if (!is_null(r) || err_occurred(I)) return r;
    if (arr_host(I, a) < 0) return V_NULL;
    return arr_host_astype(I, a, dt);
}

/* A non-contiguous array is copied on the device (a lazy cast), not through the host. */
static Array *reshape_here(Interp *I, Array *a, int ndim, const int64_t *shape) {
    if (!arr_is_contiguous(a) && a->size > 0) {
        Value c = arr_cuda_unary(I, a, ARR_U_POS, a->dtype, a->dtype, NULL);
        if (is_null(c) && err_occurred(I)) return NULL;
        if (!is_null(c)) return arr_reshape(I, arr_raw(c), ndim, shape);
    }
    return arr_reshape(I, a, ndim, shape);
}

static int assign_here(Interp *I, Array *dst, Value src) {
    int r = arr_cuda_assign(I, dst, src);
    return r ? (r < 0 ? -1 : 0) : arr_host_assign(I, dst, src);
}

/* ---- several devices: work runs on the device of its array operands (the first array's;
 * another array on a different device raises there), results live there too; a creation
 * (zeros, arange) uses the current device (backend_cuda_devices.c). ---- */

static Value cuda_binary(Interp *I, Value a, Value b, int op, int mode, int cdt, int rdt,
                         Array *out) {
    Value o = out ? v_obj(out) : V_NONE;
    ARR_ON_OPERANDS(a, b, o, binary_here(I, a, b, op, mode, cdt, rdt, out));
}
static Value cuda_unary(Interp *I, Array *a, int op, int cdt, int rdt, Array *out) {
    Value x = v_obj(a), o = out ? v_obj(out) : V_NONE, none = V_NONE;
    ARR_ON_OPERANDS(x, o, none, unary_here(I, a, op, cdt, rdt, out));
}
static Value cuda_reduce(Interp *I, Array *a, int kind, Value axis, bool keepdims, int ddof,
                         int dt) {
    Value x = v_obj(a), n1 = V_NONE, n2 = V_NONE;
    ARR_ON_OPERANDS(x, n1, n2, reduce_here(I, a, kind, axis, keepdims, ddof, dt));
}
static Value cuda_matmul(Interp *I, Array *a, Array *b) {
    Value x = v_obj(a), y = v_obj(b), none = V_NONE;
    ARR_ON_OPERANDS(x, y, none, matmul_here(I, a, b));
}
static Value cuda_astype(Interp *I, Array *a, int dt) {
    Value x = v_obj(a), n1 = V_NONE, n2 = V_NONE;
    ARR_ON_OPERANDS(x, n1, n2, astype_here(I, a, dt));
}
static Array *cuda_reshape(Interp *I, Array *a, int ndim, const int64_t *shape) {
    GpuState *prev = arr_device_enter(I, (a->base ? a->base : a)->device);
    Array *r = reshape_here(I, a, ndim, shape);
    arr_device_leave(I, prev);
    return r;
}
/* dst[...] = src: on dst's device; an array of another device is copied there first */
static int cuda_assign(Interp *I, Array *dst, Value src) {
    GpuState *prev = arr_device_enter(I, (dst->base ? dst->base : dst)->device);
    if (is_array(I, src)) {
        Array *s = arr_raw(src);
        if ((s->base ? s->base : s)->device != I->gpu->ordinal) {
            src = arr_to_device(I, s, I->gpu->ordinal);
            if (is_null(src) || !gc_temp_push(I, src)) {
                arr_device_leave(I, prev);
                return -1;
            }
        }
    }
    int r = assign_here(I, dst, src);
    arr_device_leave(I, prev);
    return r;
}
static Value cuda_where(Interp *I, Array *c, Value x, Value y, int dt) {
    Value v = v_obj(c);
    ARR_ON_OPERANDS(v, x, y, arr_cuda_where(I, c, x, y, dt));
}

/* The sorts, compactions and gathers (backend_cuda_sort.c), on their operand's device. */
static Value cuda_sort(Interp *I, Array *a, int axis, bool arg) {
    GpuState *prev;
    Value v0 = v_obj(a), v1 = V_NONE, v2 = V_NONE;
    if (arr_device_operands(I, &v0, &v1, &v2, &prev) < 0) return V_NULL;
    Value r = arr_cuda_sort(I, a, axis, arg);
    arr_device_leave(I, prev);
    return r;
}

static Value cuda_nonzero(Interp *I, Array *a) {
    GpuState *prev;
    Value v0 = v_obj(a), v1 = V_NONE, v2 = V_NONE;
    if (arr_device_operands(I, &v0, &v1, &v2, &prev) < 0) return V_NULL;
    Value r = arr_cuda_nonzero(I, a);
    arr_device_leave(I, prev);
    return r;
}

static Value cuda_take(Interp *I, Array *v, int axis, Value adv) {
    GpuState *prev;
    Value v0 = v_obj(v), v2 = V_NONE;
    if (arr_device_operands(I, &v0, &adv, &v2, &prev) < 0) return V_NULL;
    Value r = arr_cuda_take(I, v, axis, adv);
    arr_device_leave(I, prev);
    return r;
}

static Value cuda_unique(Interp *I, Array *a, bool ret_index, bool ret_inverse, bool ret_counts,
                         bool equal_nan) {
    GpuState *prev;
    Value v0 = v_obj(a), v1 = V_NONE, v2 = V_NONE;
    if (arr_device_operands(I, &v0, &v1, &v2, &prev) < 0) return V_NULL;
    Value r = arr_cuda_unique(I, a, ret_index, ret_inverse, ret_counts, equal_nan);
    arr_device_leave(I, prev);
    return r;
}

static Array *cuda_full(Interp *I, int dt, int ndim, const int64_t *shape, char order, Value fill) {
    if ((order == 'C' || ndim < 2) && !is_array(I, fill)) {
        Array *d = arr_cuda_full(I, dt, ndim, shape, fill);
        if (d || err_occurred(I)) return d;
    }
    return arr_host_full(I, dt, ndim, shape, order, fill);
}

static Array *cuda_arange(Interp *I, int dt, int64_t n, Value start, Value step, double a,
                          double s) {
    bool ints = is_smallint(start) && is_smallint(step);
    if ((ints || dt_is_float(dt)) && dt != DT_BOOL) {
        Array *d =
            arr_cuda_arange(I, dt, n, ints ? (double)start.as.i : a, ints ? (double)step.as.i : s);
        if (d || err_occurred(I)) return d;
    }
    return arr_host_arange(I, dt, n, start, step, a, s);
}

static int cuda_synchronize(Interp *I) {
    if (gpu_synchronize(I->gpu) < 0) return arr_gpu_raise(I);
    return arr_cuda_fpe_poll(I);
}

/* gpu.synchronize(): the results nothing took are computed first (a script that times
 * `c = x @ y` around a synchronize expects the product done). */
static int cuda_user_synchronize(Interp *I) {
    if (arr_pending_flush_unused(I) < 0) return -1;
    return cuda_synchronize(I);
}

/* Where the data of a is current: the device when it was computed there (or wraps device
 * memory), else the host; either is made ready and the queue drained. */
static int cuda_current_here(Interp *I, Array *a) {
    Array *o = a->base ? a->base : a;
    bool dev = o->ext_data ? o->ext_device : (o->pend || (o->dptr && o->dev_valid));
    if (dev) {
        if (arr_materialize(I, o) < 0 || arr_dev_ready(I, a) < 0) return -1;
    } else if (arr_host(I, a) < 0) {
        return -1;
    }
    if (cuda_synchronize(I) < 0) return -1;
    return dev ? 1 : 0;
}

/* on the array's own device (gpu.Device(i)): a host may read any device's array */
static int cuda_current(Interp *I, Array *a) {
    GpuState *prev = arr_device_enter(I, (a->base ? a->base : a)->device);
    int r = cuda_current_here(I, a);
    arr_device_leave(I, prev);
    return r;
}

static bool grow_handles(Interp *I, void **arr, int n, int *cap, size_t size) {
    if (n < *cap) return true;
    int nc = *cap ? *cap * 2 : 8;
    void *p = mem_realloc(I, *arr, size * (size_t)*cap, size * (size_t)nc);
    if (!p) return false;
    *arr = p;
    *cap = nc;
    return true;
}

/* A stream and the event that orders it against the stream it is entered from; both are
 * destroyed at shutdown (gpu_module_shutdown). */
static int cuda_stream_new(Interp *I, void **stream, void **order) {
    ArrCuda *c = I->gpu->allocator.ud;
    if (!grow_handles(I, (void **)&c->streams, c->nstreams, &c->capstreams, sizeof(CUstream)))
        return -1;
    if (!grow_handles(I, (void **)&c->events, c->nevents, &c->capevents, sizeof(CUevent)))
        return -1;
    CUstream st;
    if (gpu_stream_create(I->gpu, &st) < 0) return arr_gpu_raise(I);
    c->streams[c->nstreams++] = st;
    CUevent ev;
    if (gpu_event_create(I->gpu, false, &ev) < 0) return arr_gpu_raise(I);
    c->events[c->nevents++] = ev;
    *stream = st;
    *order = ev;
    return 0;
}

static int cuda_event_new(Interp *I, bool timing, void **event) {
    ArrCuda *c = I->gpu->allocator.ud;
    if (!grow_handles(I, (void **)&c->events, c->nevents, &c->capevents, sizeof(CUevent)))
        return -1;
    CUevent ev;
    if (gpu_event_create(I->gpu, timing, &ev) < 0) return arr_gpu_raise(I);
    c->events[c->nevents++] = ev;
    *event = ev;
    return 0;
}

static int cuda_stream_query(Interp *I, void *stream) {
    return gpu_stream_query(I->gpu, stream ? stream : arr_stream(I));
}

static const ArrBackend arr_backend_cuda = {
    .name = "cuda",
    .device = true,
    .binary = cuda_binary,
    .unary = cuda_unary,
    .reduce = cuda_reduce,
    .matmul = cuda_matmul,
    .astype = cuda_astype,
    .reshape = cuda_reshape,
    .assign = cuda_assign,
    .full = cuda_full,
    .arange = cuda_arange,
    .synchronize = cuda_user_synchronize,
    .current = cuda_current,
    .stream_new = cuda_stream_new,
    .event_new = cuda_event_new,
    .stream_query = cuda_stream_query,
    .where = cuda_where,
    .sort = cuda_sort,
    .nonzero = cuda_nonzero,
    .take = cuda_take,
    .unique = cuda_unique,
};

/* The backend: the device setting, then whether CUDA starts. A forced "cuda" that fails
 * runs on the CPU here (never raises): arr_backend_check, which `import gpu` and
 * gpu.backend() call, reports it. */
const ArrBackend *arr_backend_choose(Interp *I) {
    int r = arr_backend_check(I);
    if (r < 0) {
        err_clear(I);
        ArrCuda *c = I->gpu ? I->gpu->allocator.ud : NULL;
        if (c) c->backend = 1;
    }
    return r == 1 ? &arr_backend_cuda : &arr_backend_cpu;
}
