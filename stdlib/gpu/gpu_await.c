/* gpu_await.c: GPU work as asyncio futures: Stream.done(), Event.done() and ndarray.to_host()
 * (docs/ASYNC.md). Each returns asyncio._native_wait(id, waiter, result): a future that the
 * loop finishes when completion id arrives, after calling waiter.synchronize() (returns at
 * once; raises a device fault, which a host callback cannot carry) and then result().
 *
 * On CUDA a wait is a completion record of the interpreter's loop (stdlib/uvloop.h) that
 * ends two ways, whichever comes first: the driver's host callback (cuLaunchHostFunc) fires
 * it, a lock-free push and uv_async_send; or the loop polls a CUDA event recorded after the
 * work (cuEventQuery), which also ends waits whose callback never comes after a device
 * fault. _uv.set_gpu_wait chooses between callback, spin-then-sleep (the callback enqueued
 * only for a wait still pending when the loop would sleep) and pure polling. A callback that
 * must follow an event and nothing queued after it goes through a pooled waiter stream made
 * to wait for the event. On the CPU backend the work is
 * already complete and the future is finished when returned. */
#include <string.h>

#include "../../gpu/array/array.h"
#include "../../gpu/backend/cuda/backend_cuda.h"
#include "../../vm/vm.h"
#include "../builtins.h"
#include "../../vm/dict.h"
#include "../uvloop.h"
#include "gpu_module.h"

static Value native_wait(Interp *I, Value id, Value waiter, Value result) {
    Str *name = str_intern_cstr(I, "asyncio"), *fn = str_intern_cstr(I, "_native_wait");
    Value mod = name && fn ? vm_import(I, name, V_NULL, V_NULL, 0) : V_NULL;
    if (is_null(mod)) return V_NULL;
    Value wait = obj_getattr(I, mod, fn);
    if (is_null(wait)) return V_NULL;
    Value args[3] = {id, waiter, result};
    return obj_call(I, wait, 3, args, NULL);
}

#ifdef KRAIT_HAVE_LIBUV
/* What a wait's record polls and releases: the event, whether the wait made it, and the
 * waiter stream its host callback went through (NULL: none, or the work's own stream). */
typedef struct AwaitWait {
    CUevent ev;
    bool own;
    CUstream waiter;
    int dev; /* the device of the work (gpu.Device(i)): the loop may poll under another */
} AwaitWait;

static int await_poll(Interp *I, void *ud) {
    AwaitWait *w = ud;
    struct GpuState *prev = arr_device_enter(I, w->dev);
    int r = gpu_event_query(I->gpu, w->ev) != 0; /* reached, or failed: synchronize says how */
    arr_device_leave(I, prev);
    return r;
}

/* Waiter streams: a callback that must follow an event and nothing queued after it goes
 * through an idle stream of its own made to wait for the event (one per wait in flight, so
 * that one slow wait does not hold back the callbacks of others); back to the pool after. */
static CUstream await_take_waiter(Interp *I) {
    ArrCuda *c = I->gpu->allocator.ud;
    if (c->nidle_waiters) return c->idle_waiters[--c->nidle_waiters];
    if (c->nstreams == c->capstreams) {
        int cap = c->capstreams ? c->capstreams * 2 : 8;
        CUstream *p =
            mem_realloc(I, c->streams, sizeof *p * (size_t)c->capstreams, sizeof *p * (size_t)cap);
        if (!p) return NULL;
        c->streams = p;
        c->capstreams = cap;
    }
    CUstream st;
    if (gpu_stream_create(I->gpu, &st) < 0) return arr_gpu_raise(I), NULL;
    c->streams[c->nstreams++] = st; /* destroyed with the others at shutdown */
    return st;
}

static void await_give_waiter(Interp *I, CUstream st) {
    ArrCuda *c = I->gpu->allocator.ud;
    if (c->nidle_waiters == c->capidle_waiters) {
        int cap = c->capidle_waiters ? c->capidle_waiters * 2 : 8;
        CUstream *p = mem_realloc_quiet(I, c->idle_waiters, sizeof *p * (size_t)c->capidle_waiters,
                                        sizeof *p * (size_t)cap);
        if (!p) return; /* not reused; destroyed at shutdown with the others */
        c->idle_waiters = p;
        c->capidle_waiters = cap;
    }
    c->idle_waiters[c->nidle_waiters++] = st;
}

static void await_release(Interp *I, void *ud) {
    AwaitWait *w = ud;
    if (I->gpu) {
        struct GpuState *prev = arr_device_enter(I, w->dev);
        if (w->own) gpu_event_destroy(I->gpu, w->ev);
        if (w->waiter) await_give_waiter(I, w->waiter);
        arr_device_leave(I, prev);
    }
    mem_free(I, w, sizeof *w);
}

/* The host callback of record c, after w's event only. */
static int await_arm(Interp *I, void *ud, struct UvCompletion *c) {
    AwaitWait *w = ud;
    struct GpuState *prev = arr_device_enter(I, w->dev);
    CUstream st = w->waiter ? w->waiter : await_take_waiter(I);
    if (!st) goto fail;
    w->waiter = st;
    if (gpu_stream_wait_event(I->gpu, st, w->ev) < 0 ||
        gpu_launch_host_func(I->gpu, st, uvloop_completion_fire, c) < 0)
        goto fail;
    arr_device_leave(I, prev);
    return 0;
fail: /* the wait stays polled; the error is the next synchronize's, if the device's */
    arr_device_leave(I, prev);
    err_clear(I);
    return -1;
}

/* A completion id for the work queued so far on st, or (ev non-NULL) for event ev. In
 * "callback" mode the host callback is enqueued now (on st itself for a stream's work), in
 * "spin" mode only if the wait is still pending when the loop is about to sleep, in "poll"
 * mode never. */
static Value await_cuda(Interp *I, CUstream st, CUevent ev) {
    GpuState *G = I->gpu;
    AwaitWait *w = mem_alloc(I, sizeof *w);
    if (!w) return V_NULL;
    memset(w, 0, sizeof *w);
    w->dev = G->ordinal;
    if (!ev) {
        if (gpu_event_create(G, false, &w->ev) < 0) {
            mem_free(I, w, sizeof *w);
            arr_gpu_raise(I);
            return V_NULL;
        }
        w->own = true;
        if (gpu_event_record(G, w->ev, st) < 0) {
            arr_gpu_raise(I);
            await_release(I, w);
            return V_NULL;
        }
    } else {
        w->ev = ev;
    }
    int64_t id;
    struct UvCompletion *rec = uvloop_completion_new(I, &id);
    if (!rec) {
        await_release(I, w);
        return V_NULL;
    }
    if (uvloop_completion_poll(I, rec, await_poll, await_release, w) < 0) {
        await_release(I, w);
        uvloop_completion_discard(I, rec);
        return V_NULL;
    }
    int mode = uvloop_wait_mode(I);
    if (mode == UVLOOP_WAIT_POLL) {
        uvloop_completion_keep(I, rec);
    } else if (mode == UVLOOP_WAIT_SPIN) {
        uvloop_completion_lazy(I, rec, await_arm);
    } else if (w->own ? gpu_launch_host_func(G, st, uvloop_completion_fire, rec) < 0
                      : await_arm(I, w, rec) < 0) {
        if (!err_occurred(I)) arr_gpu_raise(I);
        uvloop_completion_discard(I, rec); /* releases w */
        return V_NULL;
    }
    return v_int(id);
}
#endif

static bool handle_attr(Interp *I, Value self, void **out) {
    Str *k = str_intern_cstr(I, "_handle");
    Value h = k ? obj_getattr_opt(I, self, k) : V_NULL;
    if (!is_smallint(h)) return false;
    *out = (void *)(intptr_t)h.as.i;
    return true;
}

/* The gpu module, whose synchronize() is the waiter of work on krait's default stream. */
static Value gpu_module_value(Interp *I) {
    Str *name = str_intern_cstr(I, "numpy");
    return name ? vm_import(I, name, V_NULL, V_NULL, 0) : V_NULL;
}

/* A wait for the work queued so far on stream handle st (NULL: the current stream). */
static Value await_stream(Interp *I, CUstream st, Value waiter, Value result) {
    Value id = V_NONE;
    if (arr_backend(I)->device) {
#ifdef KRAIT_HAVE_LIBUV
        id = await_cuda(I, st ? st : arr_stream(I), NULL);
        if (is_null(id)) return V_NULL;
#endif
    }
    return native_wait(I, id, waiter, result);
}

/* Stream.done(): gpu.Stream.default (no handle of its own) means the current stream. */
Value gpu_stream_done(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_args(I, "done", argc - 1, kw, 0, 0)) return V_NULL;
    void *h = NULL;
    Value waiter = argv[0];
    if (arr_backend(I)->device && !handle_attr(I, argv[0], &h)) {
        waiter = gpu_module_value(I);
        if (is_null(waiter)) return V_NULL;
    }
    return await_stream(I, h, waiter, V_NONE);
}

/* Event.done(): the event's last record() is reached. */
Value gpu_event_done(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_args(I, "done", argc - 1, kw, 0, 0)) return V_NULL;
    Value id = V_NONE;
    void *h;
    if (arr_backend(I)->device && handle_attr(I, argv[0], &h)) {
#ifdef KRAIT_HAVE_LIBUV
        id = await_cuda(I, NULL, h);
        if (is_null(id)) return V_NULL;
#endif
    }
    return native_wait(I, id, argv[0], V_NONE);
}

/* a.to_host(): a future of a.tolist(), finished when the work that makes a (queued on the
 * current stream) is done; the copy itself happens then, on the loop thread. */
static Value m_to_host(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_args(I, "to_host", argc - 1, kw, 0, 0)) return V_NULL;
    Str *k = str_intern_cstr(I, "tolist");
    Value tolist = k ? obj_getattr(I, argv[0], k) : V_NULL;
    if (is_null(tolist) || !gc_temp_push(I, tolist)) return V_NULL;
    Value waiter = V_NONE;
    if (arr_backend(I)->device) {
        if (arr_materialize(I, (Array *)as_obj(argv[0])) < 0) return V_NULL;
        waiter = gpu_module_value(I);
        if (is_null(waiter)) return V_NULL;
    }
    return await_stream(I, NULL, waiter, tolist);
}

static const MethodDef array_await_defs[] = {
    {"to_host", m_to_host, 0},
    {NULL, NULL, 0},
};

/* Into the builtin ndarray type's dict, as gpu_module.c adds its _METHODS (recomputing a
 * builtin type's slots, as class_add_native_methods does, would drop its native ones). */
int gpu_add_await_methods(Interp *I) {
    Type *nd = I->types[TY_ARRAY];
    for (const MethodDef *m = array_await_defs; m->name; m++) {
        Value f = native_method_new(I, nd, m);
        Str *name = str_intern_cstr(I, m->name);
        if (is_null(f) || !name || type_dict_set(I, nd, name, f) < 0) return -1;
    }
    nd->version++;
    return 0;
}
