/* gpu_device.c: the gpu module's device controls (backend, device, synchronize,
 * memory_info), NumPy's seterr/geterr/seterrcall/geterrcall and set/get_printoptions, and the
 * Stream and Event classes (CUDA streams and events on the CUDA backend, host-clock stand-ins on
 * the CPU). Part of gpu_module.c's module. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../gpu/array/array.h"
#include "../../gpu/backend/cuda/backend_cuda.h"
#include "../../vm/dict.h"
#include "../../vm/vm.h"
#include "../builtins.h"
#include "../classes.h"
#include "gpu_module.h"

/* ---- device controls ---- */

Value gpu_f_backend(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_args(I, "backend", argc, kw, 0, 0)) return V_NULL;
    int b = arr_backend_check(I);
    if (b < 0) return V_NULL;
    return v_obj(str_from_cstr(I, b ? "cuda" : "cpu"));
}
Value gpu_f_synchronize(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_args(I, "synchronize", argc, kw, 0, 0)) return V_NULL;
    return arr_backend(I)->synchronize(I) < 0 ? V_NULL : V_NONE;
}
Value gpu_f_device(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_args(I, "device", argc, kw, 0, 0)) return V_NULL;
    return arr_cuda_device_info(I);
}
Value gpu_f_memory_info(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_args(I, "memory_info", argc, kw, 0, 0)) return V_NULL;
    Dict *d = dict_new(I);
    if (!d) return V_NULL;
    if (dict_set_str(I, d, str_intern_cstr(I, "allocated"), v_int((int64_t)I->bytes_allocated)) < 0)
        return V_NULL;
    /* on CUDA, the bytes copied each way so far (host mirror refreshes, uploads, scalars),
     * the device bytes in use and the most they have been (about what the memory pool holds),
     * and the collections so far (device garbage is freed by the collector) */
    if (!arr_backend(I)->device) return v_obj(d);
    const char *keys[] = {"to_host", "to_device", "device", "device_high", "collections"};
    int64_t vals[] = {(int64_t)I->gpu->bytes_to_host, (int64_t)I->gpu->bytes_to_device,
                      (int64_t)I->gpu->device_bytes, (int64_t)I->gpu->device_high,
                      (int64_t)I->gc_collections};
    for (int i = 0; i < 5; i++)
        if (dict_set_str(I, d, str_intern_cstr(I, keys[i]), v_int(vals[i])) < 0) return V_NULL;
    return v_obj(d);
}

/* NumPy's floating-point error handling: the modes live in ndarray's dict
 * (gpu/array/array_fpe.c reads them after each CPU loop that raised a flag). */
static const char *const err_keys[] = {"divide", "over", "under", "invalid"};
static const char *const err_modes[] = {"ignore", "warn", "raise", "call", "print", "log"};

static Value geterr_dict(Interp *I) {
    int modes[4];
    arr_errstate_get(I, modes);
    Dict *d = dict_new(I);
    if (!d || !gc_temp_push(I, v_obj(d))) return V_NULL;
    for (int i = 0; i < 4; i++) {
        Str *v = str_from_cstr(I, err_modes[modes[i]]);
        if (!v || dict_set_str(I, d, str_intern_cstr(I, err_keys[i]), v_obj(v)) < 0) return V_NULL;
    }
    return v_obj(d);
}
Value gpu_f_geterr(Interp *I, int argc, Value *argv, Tuple *kw) {
    return arr_args(I, "geterr", argc, kw, 0, 0) ? geterr_dict(I) : V_NULL;
}
/* seterr(all=None, divide=None, over=None, under=None, invalid=None): the old settings */
Value gpu_f_seterr(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"all", "divide", "over", "under", "invalid"};
    Value o[5];
    if (!arg_parse(I, "seterr", argc, argv, kw, names, 5, 0, 5, o)) return V_NULL;
    int mode[5] = {-1, -1, -1, -1, -1};
    for (int i = 0; i < 5; i++) {
        if (is_null(o[i]) || is_none(o[i])) continue;
        for (int m = 0; m < 6 && is_str(I, o[i]); m++)
            if (strcmp(as_str(o[i])->data, err_modes[m]) == 0) mode[i] = m;
        if (mode[i] < 0) {
            Value r = obj_repr(I, o[i]);
            return is_null(r)
                       ? r
                       : err_format(I, TY_VALUE_ERROR, "invalid error mode %s", as_str(r)->data);
        }
    }
    Value old = geterr_dict(I);
    if (is_null(old)) return old;
    int modes[4];
    arr_errstate_get(I, modes);
    for (int i = 0; i < 4; i++) {
        if (mode[0] >= 0) modes[i] = mode[0];
        if (mode[i + 1] >= 0) modes[i] = mode[i + 1];
    }
    return arr_errstate_set(I, modes) < 0 ? V_NULL : old;
}
/* seterrcall(func): the callable (or object with write) for 'call' and 'log'; the old one */
Value gpu_f_seterrcall(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"func"};
    Value o[1];
    if (!arg_parse(I, "seterrcall", argc, argv, kw, names, 1, 1, 1, o)) return V_NULL;
    Str *wk = str_intern_cstr(I, "write");
    if (!is_none(o[0]) && !callable_check(I, o[0])) {
        Value w = wk ? obj_getattr_opt(I, o[0], wk) : V_NULL;
        if (is_null(w) || !callable_check(I, w)) {
            err_clear(I);
            return err_format(I, TY_TYPE_ERROR,
                              "python object must be callable or have a callable write method");
        }
    }
    Str *k = str_intern_cstr(I, "_errcall");
    Value old = k ? type_dict_get(I, I->types[TY_ARRAY], k) : V_NULL;
    if (!k || type_dict_set(I, I->types[TY_ARRAY], k, o[0]) < 0) return V_NULL;
    I->types[TY_ARRAY]->version++;
    return is_null(old) ? V_NONE : old;
}
Value gpu_f_geterrcall(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_args(I, "geterrcall", argc, kw, 0, 0)) return V_NULL;
    Str *k = str_intern_cstr(I, "_errcall");
    Value v = k ? type_dict_get(I, I->types[TY_ARRAY], k) : V_NULL;
    return is_null(v) ? V_NONE : v;
}

/* ---- np.set_printoptions: precision, threshold, edgeitems and linewidth, kept as the tuple
 * "_printoptions" in ndarray's dict, which gpu/array/print.c reads ---- */

static Value print_option(Interp *I, int i) {
    static const int64_t dflt[] = {8, 1000, 3, 75};
    Str *k = str_intern_cstr(I, "_printoptions");
    Value t = k ? type_dict_get(I, I->types[TY_ARRAY], k) : V_NULL;
    if (is_obj(t) && t.as.o->type == I->types[TY_TUPLE] && as_tuple(t)->len == 4)
        return as_tuple(t)->items[i];
    return v_int(dflt[i]);
}

/* set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None): the other
 * NumPy options (suppress, formatter, ...) are not implemented and raise TypeError. */
Value gpu_f_set_printoptions(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"precision", "threshold", "edgeitems", "linewidth"};
    Value o[4];
    if (!arg_parse(I, "set_printoptions", argc, argv, kw, names, 4, 0, 4, o)) return V_NULL;
    Tuple *t = tuple_new(I, 4);
    if (!t) return V_NULL;
    for (int i = 0; i < 4; i++) {
        if (is_null(o[i]) || is_none(o[i])) {
            t->items[i] = print_option(I, i);
            continue;
        }
        if (i == 1 && is_float(o[i]) && isnan(o[i].as.f))
            return err_format(I, TY_VALUE_ERROR,
                              "threshold must be non-NAN, try sys.maxsize for "
                              "untruncated representation");
        int64_t v;
        if (is_float(o[i]) && i != 0 && isfinite(o[i].as.f)) {
            v = (int64_t)o[i].as.f;
        } else if (obj_index(I, o[i], &v) < 0) {
            if (i != 0) return V_NULL;
            err_clear(I);
            return err_format(I, TY_TYPE_ERROR, "precision must be an integer");
        }
        t->items[i] = v_int(v);
    }
    Str *k = str_intern_cstr(I, "_printoptions");
    if (!k || type_dict_set(I, I->types[TY_ARRAY], k, v_obj(t)) < 0) return V_NULL;
    I->types[TY_ARRAY]->version++;
    return V_NONE;
}

/* get_printoptions(): NumPy's dict; the options krait does not change have their defaults */
Value gpu_f_get_printoptions(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_args(I, "get_printoptions", argc, kw, 0, 0)) return V_NULL;
    Dict *d = dict_new(I);
    if (!d) return V_NULL;
    struct {
        const char *key;
        Value v;
    } items[] = {
        {"edgeitems", print_option(I, 2)},
        {"threshold", print_option(I, 1)},
        {"floatmode", v_obj(str_from_cstr(I, "maxprec"))},
        {"precision", print_option(I, 0)},
        {"suppress", V_FALSE},
        {"linewidth", print_option(I, 3)},
        {"nanstr", v_obj(str_from_cstr(I, "nan"))},
        {"infstr", v_obj(str_from_cstr(I, "inf"))},
        {"sign", v_obj(str_from_cstr(I, "-"))},
        {"formatter", V_NONE},
        {"legacy", V_FALSE},
        {"override_repr", V_NONE},
    };
    for (size_t i = 0; i < sizeof items / sizeof items[0]; i++)
        if (dict_set_str(I, d, str_intern_cstr(I, items[i].key), items[i].v) < 0) return V_NULL;
    return v_obj(d);
}

/* ---- Stream and Event: on the CPU backend work is synchronous, so a stream is a context
 * manager that changes nothing and an event records the host clock. ---- */

/* On CUDA a Stream or Event holds its driver handle in the attribute _handle (an int);
 * the handles are destroyed with the interpreter (gpu_module_shutdown). */
static bool handle_of_name(Interp *I, Value self, const char *name, void **out) {
    Str *k = str_intern_cstr(I, name);
    Value h = k ? obj_getattr_opt(I, self, k) : V_NULL;
    if (!is_smallint(h)) return false;
    *out = (void *)(intptr_t)h.as.i;
    return true;
}
static bool handle_of(Interp *I, Value self, void **out) {
    Str *k = str_intern_cstr(I, "_handle");
    Value h = k ? obj_getattr_opt(I, self, k) : V_NULL;
    if (!is_smallint(h)) return false;
    *out = (void *)(intptr_t)h.as.i;
    return true;
}
static int set_handle(Interp *I, Value self, const char *name, void *h) {
    Str *k = str_intern_cstr(I, name);
    return k ? obj_setattr(I, self, k, v_int((int64_t)(intptr_t)h)) : -1;
}
static Value stream_init(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_args(I, "Stream", argc - 1, kw, 0, 0)) return V_NULL;
    void *st, *ev;
    if (arr_backend(I)->stream_new(I, &st, &ev) < 0) return V_NULL;
    if (st &&
        (set_handle(I, argv[0], "_handle", st) < 0 || set_handle(I, argv[0], "_order", ev) < 0))
        return V_NULL;
    return V_NONE;
}

/* Order `to` after the work queued so far on `from` (entering and leaving a block), so
 * arrays made before the block are ready in it, and arrays the block used are not freed or
 * reused by the stream after it too early (frees are stream-ordered on the current stream). */
static int stream_order(Interp *I, Value self, CUstream from, CUstream to) {
    void *ev;
    if (!handle_of_name(I, self, "_order", &ev)) return 0;
    GpuState *G = I->gpu;
    if (gpu_event_record(G, ev, from) < 0 || gpu_stream_wait_event(G, to, ev) < 0)
        return arr_gpu_raise(I);
    return 0;
}
static Value stream_enter(Interp *I, int argc, Value *argv, Tuple *kw) {
    void *h;
    if (!handle_of(I, argv[0], &h)) return argv[0];
    ArrCuda *c = I->gpu->allocator.ud;
    if (c->capture)
        return err_format(I, TY_RUNTIME_ERROR,
                          "a gpu.Stream cannot be entered while gpu.graph() captures (the "
                          "graph records the stream that was current at its start)");
    if (set_handle(I, argv[0], "_prev", c->cur) < 0) return V_NULL;
    if (stream_order(I, argv[0], c->cur, h) < 0) return V_NULL;
    c->cur = h;
    return argv[0];
}
static Value stream_exit(Interp *I, int argc, Value *argv, Tuple *kw) {
    Str *k = str_intern_cstr(I, "_prev");
    Value p = k ? obj_getattr_opt(I, argv[0], k) : V_NULL;
    if (!is_smallint(p)) return V_NONE; /* entered without a handle (the CPU backend) */
    ArrCuda *c = I->gpu->allocator.ud;
    CUstream prev = (CUstream)(intptr_t)p.as.i;
    if (stream_order(I, argv[0], c->cur, prev) < 0) return V_NULL;
    c->cur = prev;
    return V_NONE;
}
static Value stream_sync(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_args(I, "synchronize", argc - 1, kw, 0, 0)) return V_NULL;
    void *h;
    if (!handle_of(I, argv[0], &h)) return V_NONE;
    return gpu_stream_synchronize(I->gpu, h) < 0 ? (arr_gpu_raise(I), V_NULL) : V_NONE;
}

/* query(): whether the work queued so far is done (cuStreamQuery / cuEventQuery). */
static Value query_result(Interp *I, int r) {
    return r < 0 ? (arr_gpu_raise(I), V_NULL) : v_bool(r > 0);
}
static Value stream_query(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_args(I, "query", argc - 1, kw, 0, 0)) return V_NULL;
    void *h;
    if (!handle_of(I, argv[0], &h)) h = NULL; /* Stream.default: the current stream */
    return query_result(I, arr_backend(I)->stream_query(I, h));
}
static Value event_query(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_args(I, "query", argc - 1, kw, 0, 0)) return V_NULL;
    void *h;
    if (!handle_of(I, argv[0], &h)) return V_TRUE;
    return query_result(I, gpu_event_query(I->gpu, h));
}

/* sync: cuda.core's spelling of synchronize (cuda.core's Device.create_stream() gives these) */
static const MethodDef stream_defs[] = {
    {"__init__", stream_init, 0},
    {"__enter__", stream_enter, 0},
    {"__exit__", stream_exit, 0},
    {"synchronize", stream_sync, 0},
    {"sync", stream_sync, 0},
    {"query", stream_query, 0},
    {"done", gpu_stream_done, 0},
    {NULL, NULL, 0},
};

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static Value event_record(Interp *I, int argc, Value *argv, Tuple *kw) {
    Str *k = str_intern_cstr(I, "_time_ms");
    if (!k || obj_setattr(I, argv[0], k, v_float(now_ms())) < 0) return V_NULL;
    return V_NONE;
}

static Value event_elapsed(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "elapsed_time", argc - 1, 1, 1)) return V_NULL;
    Str *k = str_intern_cstr(I, "_time_ms");
    Value a = k ? obj_getattr_opt(I, argv[0], k) : V_NULL;
    Value b = k ? obj_getattr_opt(I, argv[1], k) : V_NULL;
    if (!is_float(a) || !is_float(b))
        return err_format(I, TY_RUNTIME_ERROR, "elapsed_time: both events must be recorded");
    return v_float(b.as.f - a.as.f);
}

static Value event_init(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_args(I, "Event", argc - 1, kw, 0, 0)) return V_NULL;
    void *ev;
    if (arr_backend(I)->event_new(I, true, &ev) < 0) return V_NULL;
    return ev && set_handle(I, argv[0], "_handle", ev) < 0 ? V_NULL : V_NONE;
}
/* record(stream=None) */
static Value event_record_any(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"stream"};
    Value o[1];
    if (!arg_parse(I, "record", argc - 1, argv + 1, kw, names, 1, 0, 1, o)) return V_NULL;
    Value args[2] = {argv[0], is_null(o[0]) ? V_NONE : o[0]};
    argc = 2;
    argv = args;
    void *h, *st = NULL;
    if (!handle_of(I, argv[0], &h)) return event_record(I, argc, argv, kw);
    ArrCuda *c = I->gpu->allocator.ud;
    st = c->cur;
    if (argc > 1 && !is_none(argv[1]) && !handle_of(I, argv[1], &st))
        return err_format(I, TY_TYPE_ERROR, "record() expects a gpu.Stream");
    /* the point in the queue after the work written so far, results nothing took included
     * (an event pair around `c = x @ y` times the product, as in an eager library) */
    if (arr_pending_flush_unused(I) < 0) return V_NULL;
    return gpu_event_record(I->gpu, h, st) < 0 ? (arr_gpu_raise(I), V_NULL) : V_NONE;
}
static Value event_sync(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_args(I, "synchronize", argc - 1, kw, 0, 0)) return V_NULL;
    void *h;
    if (!handle_of(I, argv[0], &h)) return V_NONE;
    return gpu_event_synchronize(I->gpu, h) < 0 ? (arr_gpu_raise(I), V_NULL) : V_NONE;
}
static Value event_elapsed_any(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_kw_reject(I, "elapsed_time", kw)) return V_NULL;
    void *a, *b;
    if (!handle_of(I, argv[0], &a)) return event_elapsed(I, argc, argv, kw);
    if (!arg_count(I, "elapsed_time", argc - 1, 1, 1)) return V_NULL;
    if (!handle_of(I, argv[1], &b))
        return err_format(I, TY_TYPE_ERROR, "elapsed_time() expects a gpu.Event");
    float ms = 0;
    if (gpu_event_synchronize(I->gpu, b) < 0 || gpu_event_elapsed_ms(I->gpu, a, b, &ms) < 0)
        return arr_gpu_raise(I), V_NULL;
    return v_float(ms);
}

static const MethodDef event_defs[] = {
    {"__init__", event_init, 0},
    {"record", event_record_any, 0},
    {"synchronize", event_sync, 0},
    {"sync", event_sync, 0},
    {"query", event_query, 0},
    {"elapsed_time", event_elapsed_any, 0},
    {"done", gpu_event_done, 0},
    {NULL, NULL, 0},
};

/* The Stream and Event classes, added to the module m. */
int gpu_add_stream_classes(Interp *I, Module *m) {
    Type *stream = stdlib_make_class(I, "Stream", "numpy", stream_defs);
    if (!stream || module_set(I, m, "Stream", v_obj(stream)) < 0) return -1;
    /* gpu.Stream.default (cuTile's samples pass it to ct.launch): a Stream without a handle
     * of its own, so work given it goes to the current stream. Made without __init__, so
     * the import does not start the device. */
    Value dflt = stream->slots.new ? stream->slots.new(I, stream, 0, NULL, NULL) : V_NULL;
    Str *key = str_intern_cstr(I, "default");
    if (is_null(dflt) || !key || obj_setattr(I, v_obj(stream), key, dflt) < 0) return -1;
    Type *event = stdlib_make_class(I, "Event", "numpy", event_defs);
    if (!event || module_set(I, m, "Event", v_obj(event)) < 0) return -1;
    return 0;
}
