/* asyncgen.c: asynchronous generators (PEP 525): an `async def` whose body yields.
 *
 * The object is a Generator (generator.c) of type async_generator. Its frame suspends in two
 * ways: in YIELD_FROM, inside an `await` (the awaited thing yielded to the event loop: the
 * value passes through to whoever drives the awaitable), or in YIELD_VALUE, at `yield x`
 * (the asend awaitable finishes with StopIteration(x)). CPython wraps the second kind in a
 * marker object; here the frame's position tells them apart (frame_at_yield_from).
 *
 * __anext__() and asend(v) return an async_generator_asend awaitable, athrow() and aclose()
 * an async_generator_athrow; each drives the generator's frame for one step of the
 * iteration, with CPython 3.11's states (init, iter, closed) and error messages. The first
 * iteration calls sys.set_asyncgen_hooks' firstiter hook (asyncio registers the generator so
 * that asyncio.run can aclose() it at the end); the finalizer hook is kept but, as krait's
 * collector cannot run Python code while sweeping, never called by collection. */
#include <string.h>

#include "error.h"
#include "frame.h"
#include "gc.h"
#include "str.h"
#include "vm.h"

enum { AG_INIT, AG_ITER, AG_CLOSED };
enum { AG_ASEND, AG_ATHROW, AG_ACLOSE };

typedef struct AsyncGenOp {
    Obj hdr;
    Generator *gen;
    Value arg; /* asend: the value to send first; athrow: the exception to throw */
    int kind;
    int state;
} AsyncGenOp;

static inline Generator *as_agen(Value v) {
    return (Generator *)as_obj(v);
}

/* The first iteration: the firstiter hook, and the finalizer remembered. */
static bool agen_init_hooks(Interp *I, Generator *g) {
    if (g->ag_hooks_inited) return true;
    g->ag_hooks_inited = true;
    if (!is_null(I->asyncgen_finalizer)) g->ag_finalizer = I->asyncgen_finalizer;
    if (is_null(I->asyncgen_firstiter) || is_none(I->asyncgen_firstiter)) return true;
    Value arg = v_obj(g);
    return !is_null(obj_call(I, I->asyncgen_firstiter, 1, &arg, NULL));
}

/* After one resume of the frame: r as gen_resume/gen_throw_value returned it. A value
 * yielded by `yield` ends the step with StopIteration(value); one yielded inside an await
 * passes through. */
static Value agen_unwrap(Interp *I, Generator *g, Value r, bool returned) {
    if (returned) {
        /* the body ended: the iteration is over */
        g->ag_closed = true;
        g->ag_running_async = false;
        return err_set_value(I, v_obj(I->types[TY_STOP_ASYNC_ITERATION]));
    }
    if (is_null(r)) {
        if (err_matches(I, TY_STOP_ASYNC_ITERATION) || err_matches(I, TY_GENERATOR_EXIT))
            g->ag_closed = true;
        g->ag_running_async = false;
        return V_NULL;
    }
    if (g->frame && frame_at_yield_from(g->frame)) return r; /* inside an await */
    g->ag_running_async = false;
    return err_stopiteration(I, r);
}

/* Resumes g's frame: sending v, or throwing exc (not NULL). */
static Value agen_resume(Interp *I, Generator *g, Value v, Value exc, bool *returned) {
    if (!is_null(exc)) return gen_throw_value(I, g, exc, returned);
    return gen_resume(I, g, v, false, returned);
}

/* PEP 479 for async generators: StopIteration and StopAsyncIteration raised by the body
 * become RuntimeError. gen_resume converts StopIteration already. */
static Value agen_check_stop_async(Interp *I, Generator *g, Value r, bool returned,
                                   bool frame_was_live) {
    if (is_null(r) && frame_was_live && !g->frame && err_matches(I, TY_STOP_ASYNC_ITERATION)) {
        Obj *stop = err_fetch(I);
        if (!gc_temp_push(I, v_obj(stop))) return V_NULL;
        err_format(I, TY_RUNTIME_ERROR, "async generator raised StopAsyncIteration");
        if (I->exc) {
            ExcObj *e = (ExcObj *)I->exc;
            e->cause = v_obj(stop);
            e->context = v_obj(stop);
            e->suppress_context = true;
        }
        return V_NULL;
    }
    (void)returned;
    return r;
}

static Value agen_step(Interp *I, Generator *g, Value v, Value exc) {
    bool returned = false, live = g->frame != NULL;
    Value r = agen_resume(I, g, v, exc, &returned);
    r = agen_check_stop_async(I, g, r, returned, live);
    return agen_unwrap(I, g, r, returned);
}

/* ---- the asend / athrow awaitables ---- */

static Value agen_op_new(Interp *I, Generator *g, int kind, Value arg) {
    Type *t = I->types[kind == AG_ASEND ? TY_ASYNC_GEN_ASEND : TY_ASYNC_GEN_ATHROW];
    if (!gc_temp_push(I, arg)) return V_NULL;
    AsyncGenOp *o = gc_new(I, t, sizeof(AsyncGenOp));
    if (!o) return V_NULL;
    o->gen = g;
    o->arg = arg;
    o->kind = kind;
    o->state = AG_INIT;
    return v_obj(o);
}

static inline AsyncGenOp *as_op(Value v) {
    return (AsyncGenOp *)as_obj(v);
}

/* send(v) / throw(exc) into an asend awaitable: exc NULL to send. */
static Value asend_drive(Interp *I, AsyncGenOp *o, Value v, Value exc) {
    Generator *g = o->gen;
    if (o->state == AG_CLOSED)
        return err_format(I, TY_RUNTIME_ERROR, "cannot reuse already awaited __anext__()/asend()");
    if (o->state == AG_INIT) {
        if (g->ag_running_async)
            return err_format(I, TY_RUNTIME_ERROR,
                              "anext(): asynchronous generator is already running");
        if (is_null(exc) && is_none(v)) v = o->arg;
        o->state = AG_ITER;
    }
    g->ag_running_async = true;
    Value r = agen_step(I, g, v, exc);
    if (is_null(r)) o->state = AG_CLOSED;
    return r;
}

/* send(v) / throw(exc) into an athrow (aclose: arg NULL) awaitable. */
static Value athrow_drive(Interp *I, AsyncGenOp *o, Value v, Value exc) {
    Generator *g = o->gen;
    bool aclose = o->kind == AG_ACLOSE;
    if (o->state == AG_CLOSED)
        return err_format(I, TY_RUNTIME_ERROR, "cannot reuse already awaited aclose()/athrow()");
    bool returned = false, live;
    Value r;
    if (o->state == AG_INIT) {
        if (g->ag_running_async) {
            o->state = AG_CLOSED;
            return err_format(I, TY_RUNTIME_ERROR,
                              "%s(): asynchronous generator is already running",
                              aclose ? "aclose" : "athrow");
        }
        if (g->ag_closed || !g->frame) {
            /* closed or finished: CPython 3.11.7's awaitable just ends (returns None) */
            o->state = AG_CLOSED;
            return err_set_value(I, v_obj(I->types[TY_STOP_ITERATION]));
        }
        if (is_null(exc) && !is_none(v)) {
            o->state = AG_CLOSED;
            return err_format(I, TY_RUNTIME_ERROR,
                              "can't send non-None value to a just-started coroutine");
        }
        o->state = AG_ITER;
        g->ag_running_async = true;
        if (!is_null(exc)) {
            /* a throw() into the awaitable before it started: as CPython, into the frame */
        } else if (aclose) {
            g->ag_closed = true;
            exc = exc_new(I, I->types[TY_GENERATOR_EXIT], 0, NULL);
            if (is_null(exc)) return V_NULL;
        } else {
            exc = o->arg;
        }
        live = g->frame != NULL;
        r = agen_resume(I, g, V_NONE, exc, &returned);
    } else {
        live = g->frame != NULL;
        r = agen_resume(I, g, v, exc, &returned);
    }
    if (!aclose) {
        r = agen_check_stop_async(I, g, r, returned, live);
        r = agen_unwrap(I, g, r, returned);
        if (is_null(r)) {
            o->state = AG_CLOSED;
            g->ag_running_async = false;
        }
        return r;
    }
    /* aclose(): the generator must not yield a value; its end (or GeneratorExit) ends the
     * awaitable with StopIteration */
    if (!is_null(r) && !returned) {
        if (g->frame && frame_at_yield_from(g->frame)) return r; /* an await in a finally */
        g->ag_running_async = false;
        o->state = AG_CLOSED;
        return err_format(I, TY_RUNTIME_ERROR, "async generator ignored GeneratorExit");
    }
    g->ag_running_async = false;
    o->state = AG_CLOSED;
    if (returned || err_matches(I, TY_STOP_ASYNC_ITERATION) || err_matches(I, TY_GENERATOR_EXIT)) {
        err_clear(I);
        return err_set_value(I, v_obj(I->types[TY_STOP_ITERATION]));
    }
    return V_NULL;
}

static Value op_drive(Interp *I, AsyncGenOp *o, Value v, Value exc) {
    return o->kind == AG_ASEND ? asend_drive(I, o, v, exc) : athrow_drive(I, o, v, exc);
}

static Value op_next(Interp *I, Value self) {
    return op_drive(I, as_op(self), V_NONE, V_NULL);
}

static Value op_send(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "send", kw) || !arg_count(I, "send", argc, 2, 2)) return V_NULL;
    return op_drive(I, as_op(argv[0]), argv[1], V_NULL);
}

static Value op_throw(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "throw", kw) || !arg_count(I, "throw", argc, 2, 4)) return V_NULL;
    AsyncGenOp *o = as_op(argv[0]);
    if (o->state == AG_CLOSED)
        return err_format(I, TY_RUNTIME_ERROR,
                          o->kind == AG_ASEND ? "cannot reuse already awaited __anext__()/asend()"
                                              : "cannot reuse already awaited aclose()/athrow()");
    Value exc = gen_throw_exc(I, argc - 1, argv + 1);
    if (is_null(exc)) return V_NULL;
    return op_drive(I, o, V_NONE, exc);
}

static Value op_close(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "close", kw) || !arg_count(I, "close", argc, 1, 1)) return V_NULL;
    as_op(argv[0])->state = AG_CLOSED;
    return V_NONE;
}

static Value op_self(Interp *I, Value self) {
    return self;
}

static Value op_await(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "__await__", kw) || !arg_count(I, "__await__", argc, 1, 1)) return V_NULL;
    return argv[0];
}

static void op_trace(Interp *I, Obj *obj) {
    AsyncGenOp *o = (AsyncGenOp *)obj;
    gc_mark_obj(I, (Obj *)o->gen);
    gc_mark_value(I, o->arg);
}

static const MethodDef op_methods[] = {
    {"send", op_send, 0},       {"throw", op_throw, 0}, {"close", op_close, 0},
    {"__await__", op_await, 0}, {NULL, NULL, 0},
};

const TypeSpec async_gen_asend_spec = {
    .name = "async_generator_asend",
    .base = TY_OBJECT,
    .instance_size = sizeof(AsyncGenOp),
    .slots = {.trace = op_trace, .iter = op_self, .next = op_next},
    .methods = op_methods,
};

const TypeSpec async_gen_athrow_spec = {
    .name = "async_generator_athrow",
    .base = TY_OBJECT,
    .instance_size = sizeof(AsyncGenOp),
    .slots = {.trace = op_trace, .iter = op_self, .next = op_next},
    .methods = op_methods,
};

/* ---- the async generator's methods ---- */

static Value agen_anext(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "__anext__", kw) || !arg_count(I, "__anext__", argc, 1, 1)) return V_NULL;
    if (!agen_init_hooks(I, as_agen(argv[0]))) return V_NULL;
    return agen_op_new(I, as_agen(argv[0]), AG_ASEND, V_NONE);
}

static Value agen_asend(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "asend", kw) || !arg_count(I, "asend", argc, 2, 2)) return V_NULL;
    if (!agen_init_hooks(I, as_agen(argv[0]))) return V_NULL;
    return agen_op_new(I, as_agen(argv[0]), AG_ASEND, argv[1]);
}

static Value agen_athrow(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "athrow", kw) || !arg_count(I, "athrow", argc, 2, 4)) return V_NULL;
    if (!agen_init_hooks(I, as_agen(argv[0]))) return V_NULL;
    Value exc = gen_throw_exc(I, argc - 1, argv + 1);
    if (is_null(exc)) return V_NULL;
    return agen_op_new(I, as_agen(argv[0]), AG_ATHROW, exc);
}

static Value agen_aclose(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "aclose", kw) || !arg_count(I, "aclose", argc, 1, 1)) return V_NULL;
    if (!agen_init_hooks(I, as_agen(argv[0]))) return V_NULL;
    return agen_op_new(I, as_agen(argv[0]), AG_ACLOSE, V_NONE);
}

static Value agen_aiter(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "__aiter__", kw) || !arg_count(I, "__aiter__", argc, 1, 1)) return V_NULL;
    return argv[0];
}

static Value agen_get_running(Interp *I, Value self) {
    return v_bool(as_agen(self)->ag_running_async);
}
/* krait's own: whether the body has ended (asyncio prunes its list of generators with it,
 * having no weak references) */
static Value agen_get_finished(Interp *I, Value self) {
    return v_bool(as_agen(self)->frame == NULL);
}

static const GetSetDef agen_getsets[] = {
    {"__name__", gen_get_name, NULL},       {"__qualname__", gen_get_qualname, NULL},
    {"ag_running", agen_get_running, NULL}, {"ag_code", gen_get_code, NULL},
    {"ag_frame", gen_get_frame, NULL},      {"ag_await", gen_get_frame, NULL},
    {"_finished", agen_get_finished, NULL}, {NULL, NULL, NULL},
};

static const MethodDef agen_methods[] = {
    {"__aiter__", agen_aiter, 0}, {"__anext__", agen_anext, 0}, {"asend", agen_asend, 0},
    {"athrow", agen_athrow, 0},   {"aclose", agen_aclose, 0},   {NULL, NULL, 0},
};

const TypeSpec async_generator_spec = {
    .name = "async_generator",
    .base = TY_OBJECT,
    .instance_size = sizeof(Generator),
    .slots =
        {
            .trace = gen_trace,
            .finalize = gen_finalize,
            .repr = gen_repr,
        },
    .methods = agen_methods,
    .getsets = agen_getsets,
};

/* ---- the builtins aiter() and anext() ---- */

/* anext(it, default)'s awaitable: drives it.__anext__()'s awaitable and turns its
 * StopAsyncIteration into the default (CPython's anext_awaitable). */
typedef struct AnextAwaitable {
    Obj hdr;
    Value iter; /* the __anext__() result's __await__ iterator */
    Value dflt;
} AnextAwaitable;

static Value anext_result(Interp *I, AnextAwaitable *a, Value r) {
    if (is_null(r) && err_matches(I, TY_STOP_ASYNC_ITERATION)) {
        err_clear(I);
        return err_stopiteration(I, a->dflt);
    }
    return r;
}

static Value anext_send_value(Interp *I, AnextAwaitable *a, Value v) {
    bool returned = false;
    Value r = instr_yield_from_step(I, a->iter, v, &returned);
    if (returned) return err_stopiteration(I, r);
    return anext_result(I, a, r);
}

static Value anext_next(Interp *I, Value self) {
    return anext_send_value(I, (AnextAwaitable *)as_obj(self), V_NONE);
}

static Value anext_send(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "send", kw) || !arg_count(I, "send", argc, 2, 2)) return V_NULL;
    return anext_send_value(I, (AnextAwaitable *)as_obj(argv[0]), argv[1]);
}

static Value anext_throw(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "throw", kw) || !arg_count(I, "throw", argc, 2, 4)) return V_NULL;
    AnextAwaitable *a = (AnextAwaitable *)as_obj(argv[0]);
    return anext_result(I, a, obj_call_method(I, a->iter, I->names.throw, argc - 1, argv + 1));
}

static Value anext_close(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "close", kw) || !arg_count(I, "close", argc, 1, 1)) return V_NULL;
    AnextAwaitable *a = (AnextAwaitable *)as_obj(argv[0]);
    Value m;
    int has = obj_lookup_attr(I, a->iter, I->names.close, &m);
    if (has < 0) return V_NULL;
    return has ? obj_call(I, m, 0, NULL, NULL) : V_NONE;
}

static void anext_trace(Interp *I, Obj *o) {
    AnextAwaitable *a = (AnextAwaitable *)o;
    gc_mark_value(I, a->iter);
    gc_mark_value(I, a->dflt);
}

static const MethodDef anext_methods[] = {
    {"send", anext_send, 0},    {"throw", anext_throw, 0}, {"close", anext_close, 0},
    {"__await__", op_await, 0}, {NULL, NULL, 0},
};

const TypeSpec anext_awaitable_spec = {
    .name = "anext_awaitable",
    .base = TY_OBJECT,
    .instance_size = sizeof(AnextAwaitable),
    .slots = {.trace = anext_trace, .iter = op_self, .next = anext_next},
    .methods = anext_methods,
};

Value builtin_aiter(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "aiter", kw) || !arg_count(I, "aiter", argc, 1, 1)) return V_NULL;
    Value m;
    int has = instr_special_lookup(I, argv[0], I->names.aiter, &m);
    if (has <= 0)
        return has < 0 ? V_NULL
                       : err_format(I, TY_TYPE_ERROR, "'%s' object is not an async iterable",
                                    type_name(I, argv[0]));
    Value it = obj_call(I, m, 0, NULL, NULL);
    if (is_null(it)) return it;
    if (is_null(type_lookup(I, type_of(I, it), I->names.anext)))
        return err_format(I, TY_TYPE_ERROR, "aiter() returned not an async iterator of type '%s'",
                          type_name(I, it));
    return it;
}

Value builtin_anext(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "anext", kw) || !arg_count(I, "anext", argc, 1, 2)) return V_NULL;
    Value m;
    int has = instr_special_lookup(I, argv[0], I->names.anext, &m);
    if (has <= 0)
        return has < 0 ? V_NULL
                       : err_format(I, TY_TYPE_ERROR, "'%s' object is not an async iterator",
                                    type_name(I, argv[0]));
    Value aw = obj_call(I, m, 0, NULL, NULL);
    if (is_null(aw) || argc == 1) return aw;
    if (!gc_temp_push(I, aw)) return V_NULL;
    Value it = instr_get_awaitable(I, aw);
    if (is_null(it) || !gc_temp_push(I, it)) return V_NULL;
    AnextAwaitable *a = gc_new(I, I->types[TY_ANEXT_AWAITABLE], sizeof(AnextAwaitable));
    if (!a) return V_NULL;
    a->iter = it;
    a->dflt = argv[1];
    return v_obj(a);
}
