/* gpu_nccl.c: the native half of gpu.distributed's NCCL communicator (stdlib/py/
 * gpu__distributed.py): _nccl_status, _nccl_comm, _nccl_destroy, _nccl_run and
 * _nccl_sendrecv on the gpu module. The Python side checks arguments and gives NumPy-style
 * messages; this side checks again what would otherwise touch memory wrongly (handles,
 * devices, dtypes, sizes, contiguity), readies each rank's arrays on its device and queues
 * the collective (gpu/runtime/nccl.c) on each device's current stream. */
#include <stdio.h>
#include <string.h>

#include "../../gpu/array/array.h"
#include "../../gpu/backend/cuda/backend_cuda.h"
#include "../../gpu/runtime/nccl.h"
#include "../../vm/error.h"
#include "../../vm/seq.h"
#include "../../vm/str.h"
#include "gpu_module.h"

/* The items of a list or tuple of at most GPU_MAX_DEVICES, copied (the list may change). */
static bool seq_items(Interp *I, Value v, Value *buf, size_t *n) {
    const Value *items;
    if (is_obj(v) && v.as.o->type == I->types[TY_LIST]) {
        items = as_list(v)->items;
        *n = as_list(v)->len;
    } else if (is_obj(v) && v.as.o->type == I->types[TY_TUPLE]) {
        items = as_tuple(v)->items;
        *n = as_tuple(v)->len;
    } else {
        err_format(I, TY_TYPE_ERROR, "expected a list or tuple");
        return false;
    }
    if (*n > GPU_MAX_DEVICES) {
        err_format(I, TY_VALUE_ERROR, "a communicator spans 1 to %d devices", GPU_MAX_DEVICES);
        return false;
    }
    memcpy(buf, items, sizeof *items * *n);
    return true;
}

static bool on_cuda(Interp *I) {
    return arr_backend_check(I) == 1;
}

/* _nccl_status(): (True, version) when NCCL loads, else (False, why). */
static Value f_nccl_status(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_args(I, "_nccl_status", argc, kw, 0, 0)) return V_NULL;
    int b = arr_backend_check(I);
    if (b < 0) return V_NULL;
    char text[600];
    bool ok = false;
    if (!b) {
        snprintf(text, sizeof text, "the CPU backend has no NCCL");
    } else if (I->gpu->mock) {
        snprintf(text, sizeof text, "the mock device has no NCCL");
    } else if (gpu_nccl_load(I->gpu) < 0) {
        snprintf(text, sizeof text, "%s", I->gpu->err);
    } else {
        int v = I->gpu->home->nccl->version;
        snprintf(text, sizeof text, "%d.%d.%d", v / 10000, v / 100 % 100, v % 100);
        ok = true;
    }
    Value items[2] = {v_bool(ok), v_obj(str_from_cstr(I, text))};
    Tuple *t = tuple_new(I, 2);
    if (!t) return V_NULL;
    memcpy(t->items, items, sizeof items);
    return v_obj(t);
}

static int raise_gpu(Interp *I, GpuState *G) {
    GpuState *cur = I->gpu;
    I->gpu = G;
    arr_gpu_raise(I);
    I->gpu = cur;
    return -1;
}

/* _nccl_comm(devices): a communicator of those devices (ranks in that order), as a handle. */
static Value f_nccl_comm(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_args(I, "_nccl_comm", argc, kw, 1, 1)) return V_NULL;
    if (!on_cuda(I)) return err_format(I, TY_RUNTIME_ERROR, "NCCL needs the CUDA backend");
    Value items[GPU_MAX_DEVICES];
    size_t n;
    if (!seq_items(I, argv[0], items, &n)) return V_NULL;
    if (n < 1 || n > GPU_MAX_DEVICES)
        return err_format(I, TY_VALUE_ERROR, "a communicator spans 1 to %d devices",
                          GPU_MAX_DEVICES);
    int devs[GPU_MAX_DEVICES];
    for (size_t i = 0; i < n; i++) {
        if (gpu_device_arg(I, items[i], &devs[i]) < 0 || !arr_device_state(I, devs[i]))
            return V_NULL;
        for (size_t j = 0; j < i; j++)
            if (devs[j] == devs[i])
                return err_format(I, TY_VALUE_ERROR, "device %d is twice in the communicator",
                                  devs[i]);
    }
    GpuComm *c = gpu_nccl_comm_new(I->gpu, (int)n, devs);
    if (!c) return raise_gpu(I, I->gpu), V_NULL;
    return v_int((int64_t)(intptr_t)c);
}

static GpuComm *comm_arg(Interp *I, Value h) {
    GpuComm *c = is_smallint(h) ? (GpuComm *)(intptr_t)h.as.i : NULL;
    if (!on_cuda(I) || !c || !gpu_nccl_comm_valid(I->gpu, c)) {
        err_format(I, TY_VALUE_ERROR, "the NCCL communicator is closed");
        return NULL;
    }
    return c;
}

static Value f_nccl_destroy(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_args(I, "_nccl_destroy", argc, kw, 1, 1)) return V_NULL;
    GpuComm *c = is_smallint(argv[0]) ? (GpuComm *)(intptr_t)argv[0].as.i : NULL;
    if (c && on_cuda(I) && gpu_nccl_comm_valid(I->gpu, c)) gpu_nccl_comm_free(I->gpu, c);
    return V_NONE;
}

/* NCCL's type for dt; reductions have no bool, int16 or uint16 (-1); a copy moves bytes. */
static int nccl_dtype(int dt, bool reduce) {
    switch (dt) {
    case DT_INT8: return GPU_NCCL_INT8;
    case DT_UINT8: return GPU_NCCL_UINT8;
    case DT_INT32: return GPU_NCCL_INT32;
    case DT_UINT32: return GPU_NCCL_UINT32;
    case DT_INT64: return GPU_NCCL_INT64;
    case DT_UINT64: return GPU_NCCL_UINT64;
    case DT_FLOAT16: return GPU_NCCL_FLOAT16;
    case DT_BFLOAT16: return GPU_NCCL_BFLOAT16;
    case DT_FLOAT32: return GPU_NCCL_FLOAT32;
    case DT_FLOAT64: return GPU_NCCL_FLOAT64;
    default: return reduce ? -1 : GPU_NCCL_UINT8;
    }
}

/* One rank's array on device dev: contiguous, current there (write: to be written), its
 * address and that device's current stream. */
static int rank_array(Interp *I, Value v, int dev, bool write, CUdeviceptr *ptr, CUstream *st) {
    if (!is_array(I, v)) return err_format(I, TY_TYPE_ERROR, "expected an ndarray"), -1;
    Array *a = arr_raw(v), *o = a->base ? a->base : a;
    if (o->device != dev)
        return err_format(I, TY_VALUE_ERROR, "the array of the rank on device %d is on device %d",
                          dev, o->device),
               -1;
    if (!arr_is_contiguous(a))
        return err_format(I, TY_VALUE_ERROR, "NCCL works on C-contiguous arrays"), -1;
    GpuState *prev = arr_device_enter(I, dev);
    GpuTensor t;
    int r = write ? arr_dev_write(I, a) : arr_dev_ready(I, a);
    if (r == 0) r = arr_tensor(I, a, &t);
    *st = arr_stream(I);
    arr_device_leave(I, prev);
    if (r < 0) return -1;
    *ptr = t.ptr;
    return 0;
}

/* _nccl_run(handle, kind, sends, recvs, op, root): kind GPU_COLL_*; sends and recvs one array
 * a rank, of one dtype; sizes: recv as send, except all_gather (recv n * send) and
 * reduce_scatter (send n * recv); reduce writes only recvs[root]. */
static Value f_nccl_run(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_args(I, "_nccl_run", argc, kw, 6, 6)) return V_NULL;
    GpuComm *c = comm_arg(I, argv[0]);
    if (!c) return V_NULL;
    int64_t kind, op, root;
    if (obj_index(I, argv[1], &kind) < 0 || obj_index(I, argv[4], &op) < 0 ||
        obj_index(I, argv[5], &root) < 0)
        return V_NULL;
    Value sends[GPU_MAX_DEVICES], recvs[GPU_MAX_DEVICES];
    size_t ns, nr;
    if (!seq_items(I, argv[2], sends, &ns) || !seq_items(I, argv[3], recvs, &nr)) return V_NULL;
    if (kind < GPU_COLL_ALL_REDUCE || kind > GPU_COLL_REDUCE_SCATTER || op < 0 ||
        op > GPU_NCCL_AVG || root < 0 || root >= c->n)
        return err_format(I, TY_VALUE_ERROR, "bad collective");
    if ((int)ns != c->n || (int)nr != c->n)
        return err_format(I, TY_VALUE_ERROR, "one array a rank: %d ranks", c->n);
    for (size_t i = 0; i < ns; i++)
        if (!is_array(I, sends[i]) || !is_array(I, recvs[i]))
            return err_format(I, TY_TYPE_ERROR, "expected ndarrays");
    Array *s0 = arr_raw(sends[0]);
    bool reduce = kind != GPU_COLL_BROADCAST && kind != GPU_COLL_ALL_GATHER;
    int dt = s0->dtype, ndt = nccl_dtype(dt, reduce);
    if (ndt < 0)
        return err_format(I, TY_TYPE_ERROR, "NCCL cannot reduce %s arrays", arr_dtypes[dt].name);
    int64_t unit = s0->size, isz = arr_dtypes[dt].size;
    int64_t rsize = kind == GPU_COLL_ALL_GATHER       ? unit * c->n
                    : kind == GPU_COLL_REDUCE_SCATTER ? (c->n ? unit / c->n : 0)
                                                      : unit;
    if (kind == GPU_COLL_REDUCE_SCATTER && unit % c->n)
        return err_format(I, TY_VALUE_ERROR, "reduce_scatter needs a size divisible by %d", c->n);
    CUdeviceptr sp[GPU_MAX_DEVICES], rp[GPU_MAX_DEVICES];
    CUstream st[GPU_MAX_DEVICES];
    for (int i = 0; i < c->n; i++) {
        Array *s = arr_raw(sends[i]), *r = arr_raw(recvs[i]);
        if (s->dtype != dt || r->dtype != dt || s->size != unit ||
            ((kind != GPU_COLL_REDUCE || i == root) && r->size != rsize))
            return err_format(I, TY_VALUE_ERROR, "the ranks' arrays differ in dtype or size");
        if (rank_array(I, sends[i], c->devs[i], false, &sp[i], &st[i]) < 0) return V_NULL;
        if (kind == GPU_COLL_REDUCE && i != root) {
            rp[i] = 0; /* only the root receives */
            continue;
        }
        if (rank_array(I, recvs[i], c->devs[i], true, &rp[i], &st[i]) < 0) return V_NULL;
    }
    size_t count = (size_t)(kind == GPU_COLL_REDUCE_SCATTER ? rsize : unit);
    if (!reduce) count *= (size_t)(ndt == GPU_NCCL_UINT8 && isz > 1 ? isz : 1);
    if (count == 0) return V_NONE;
    if (gpu_nccl_run(I->gpu, c, (int)kind, sp, rp, st, count, ndt, (int)op, (int)root) < 0)
        return raise_gpu(I, I->gpu), V_NULL;
    return V_NONE;
}

/* _nccl_sendrecv(handle, src, dst, x, out): rank src's x into rank dst's out. */
static Value f_nccl_sendrecv(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_args(I, "_nccl_sendrecv", argc, kw, 5, 5)) return V_NULL;
    GpuComm *c = comm_arg(I, argv[0]);
    if (!c) return V_NULL;
    int64_t src, dst;
    if (obj_index(I, argv[1], &src) < 0 || obj_index(I, argv[2], &dst) < 0) return V_NULL;
    if (src < 0 || src >= c->n || dst < 0 || dst >= c->n || src == dst)
        return err_format(I, TY_VALUE_ERROR, "send: bad ranks %lld -> %lld", (long long)src,
                          (long long)dst);
    if (!is_array(I, argv[3]) || !is_array(I, argv[4]))
        return err_format(I, TY_TYPE_ERROR, "expected ndarrays");
    Array *x = arr_raw(argv[3]), *out = arr_raw(argv[4]);
    if (x->dtype != out->dtype || x->size != out->size)
        return err_format(I, TY_VALUE_ERROR, "send: out differs in dtype or size");
    CUdeviceptr sp, rp;
    CUstream ss, ds;
    if (rank_array(I, argv[3], c->devs[src], false, &sp, &ss) < 0 ||
        rank_array(I, argv[4], c->devs[dst], true, &rp, &ds) < 0)
        return V_NULL;
    size_t bytes = (size_t)x->size * (size_t)arr_dtypes[x->dtype].size;
    if (bytes &&
        gpu_nccl_sendrecv(I->gpu, c, (int)src, (int)dst, sp, ss, rp, ds, bytes, GPU_NCCL_UINT8) < 0)
        return raise_gpu(I, I->gpu), V_NULL;
    return V_NONE;
}

static const MethodDef nccl_functions[] = {
    {"_nccl_status", f_nccl_status, 0},     {"_nccl_comm", f_nccl_comm, 0},
    {"_nccl_destroy", f_nccl_destroy, 0},   {"_nccl_run", f_nccl_run, 0},
    {"_nccl_sendrecv", f_nccl_sendrecv, 0}, {NULL, NULL, 0},
};

int gpu_add_nccl(Interp *I, Module *m) {
    return module_add_functions(I, m, nccl_functions);
}
