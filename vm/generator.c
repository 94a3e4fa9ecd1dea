/* generator.c: generators and coroutines: objects that own a suspended frame.
 *
 * Calling a CO_GENERATOR or CO_COROUTINE function binds its arguments into a frame and
 * wraps the frame in a Generator instead of running it. Each resume (next, send, throw)
 * runs the frame as the entry frame of a nested vm_run_frame until it yields (the frame
 * stays, FRAME_SUSPENDED) or finishes (the frame is released). The sent value is pushed on
 * the frame's stack on every resume: GEN_START discards the first one, YIELD_VALUE's
 * result is the others. throw() into a generator suspended in `yield from` is forwarded to
 * the subiterator first, as CPython's gen_throw does.
 *
 * A generator collected while suspended is not closed (its finally blocks do not run):
 * the collector cannot run Python code in the middle of a sweep. */
#include <string.h>

#include "dict.h"
#include "error.h"
#include "frame.h"
#include "opcodes.h"
#include "seq.h"
#include "str.h"
#include "vm.h"

static inline Generator *as_gen(Value v) {
    return (Generator *)as_obj(v);
}

bool is_generator_like(Interp *I, Value v) {
    if (!is_obj(v)) return false;
    int id = as_obj(v)->type->id;
    return id == TY_GENERATOR || id == TY_COROUTINE;
}

Value generator_new(Interp *I, Frame *f, Function *fn) {
    uint32_t flags = f->code->flags;
    bool coro = (flags & CO_COROUTINE) != 0, agen = (flags & CO_ASYNC_GENERATOR) != 0;
    int ty = agen ? TY_ASYNC_GENERATOR : coro ? TY_COROUTINE : TY_GENERATOR;
    Generator *g = gc_new(I, I->types[ty], sizeof(Generator));
    if (!g) return V_NULL;
    g->asyncgen = agen;
    g->ag_finalizer = V_NONE;
    g->frame = f;
    g->coroutine = coro;
    g->iterable_coro = (flags & CO_ITERABLE_COROUTINE) != 0;
    g->name = fn ? fn->name : f->code->name;
    g->qualname = fn ? fn->qualname : f->code->qualname;
    f->gen = (Obj *)g;
    f->state = FRAME_FRESH;
    return v_obj(g);
}

static const char *gen_kind(Generator *g) {
    return g->asyncgen ? "async generator" : g->coroutine ? "coroutine" : "generator";
}

static void gen_release_frame(Interp *I, Generator *g) {
    if (!g->frame) return;
    g->frame->gen = NULL;
    frame_free(I, g->frame);
    g->frame = NULL;
}

Value gen_resume(Interp *I, Generator *g, Value send, bool throwing, bool *returned) {
    *returned = false;
    if (g->running) {
        if (throwing) err_clear(I);
        return err_format(I, TY_VALUE_ERROR, "%s already executing", gen_kind(g));
    }
    Frame *f = g->frame;
    if (!f) {
        if (throwing) return V_NULL; /* throwing into a finished generator just raises */
        if (g->coroutine) {
            return err_format(I, TY_RUNTIME_ERROR, "cannot reuse already awaited coroutine");
        }
        *returned = true;
        return V_NONE;
    }
    if (f->state == FRAME_FRESH && !throwing && !is_none(send)) {
        return err_format(I, TY_TYPE_ERROR, "can't send non-None value to a just-started %s",
                          gen_kind(g));
    }
    if (!throwing) *f->sp++ = send;
    g->running = true;
    Value r = vm_run_frame(I, f, throwing);
    g->running = false;
    if (f->state != FRAME_DONE) {
        if (is_null(r) && !throwing) f->sp--; /* refused to start (recursion limit) */
        return r;
    }
    gen_release_frame(I, g);
    if (is_null(r)) {
        if (err_matches(I, TY_STOP_ITERATION)) {
            /* PEP 479: a StopIteration escaping the body becomes a RuntimeError. */
            Obj *stop = err_fetch(I);
            if (!gc_temp_push(I, v_obj(stop))) return V_NULL;
            err_format(I, TY_RUNTIME_ERROR, "%s raised StopIteration", gen_kind(g));
            if (I->exc) {
                ExcObj *e = (ExcObj *)I->exc;
                e->cause = v_obj(stop);
                e->context = v_obj(stop);
                e->suppress_context = true;
            }
        }
        return V_NULL;
    }
    *returned = true;
    return r;
}

static int gen_close_iter(Interp *I, Value sub);
static Value gen_close_impl(Interp *I, Generator *g);

bool frame_at_yield_from(Frame *f) {
    return f && f->state == FRAME_SUSPENDED && f->pc < f->code->ninstrs &&
           INSTR_OP(f->code->instrs[f->pc]) == OP_YIELD_FROM;
}

/* After a throw() forwarded to the subiterator of a `yield from`: r is what it yielded, or
 * its return value (subret), or V_NULL after raising; the generator goes on accordingly. */
static Value delegate_done(Interp *I, Generator *g, Value r, bool subret, bool *returned) {
    Frame *f = g->frame;
    if (!is_null(r) && !subret) return r; /* the subiterator yielded */
    /* The subiterator finished: leave the YIELD_FROM with its result, or raise. */
    f->sp--;
    f->pc++;
    if (subret) return gen_resume(I, g, r, false, returned);
    if (err_matches(I, TY_STOP_ITERATION)) {
        Obj *stop = err_fetch(I);
        Value val = ((ExcObj *)stop)->extra;
        if (is_null(val)) val = V_NONE;
        return gen_resume(I, g, val, false, returned);
    }
    return gen_resume(I, g, V_NONE, true, returned);
}

static Value gen_throw_args(Interp *I, Generator *g, int n, Value *args, bool *returned);

/* Hand throw's arguments to sub, the subiterator g's `yield from` waits on: 1 with *r (and
 * *subret) as gen_throw_args gives them, 0 when sub has no throw(), -1 after raising. */
static int delegate_throw(Interp *I, Generator *g, Value sub, int n, Value *args, Value *r,
                          bool *subret) {
    g->running = true;
    if (is_generator_like(I, sub)) {
        *r = gen_throw_args(I, as_gen(sub), n, args, subret);
    } else {
        Value meth;
        int has = obj_lookup_attr(I, sub, I->names.throw, &meth);
        if (has <= 0) {
            g->running = false;
            return has;
        }
        *r = obj_call(I, meth, n, args, NULL);
    }
    g->running = false;
    return 1;
}

/* throw(typ[, val[, tb]]) as CPython's gen_throw: a subiterator of `yield from` that is not a
 * generator gets the arguments themselves (its throw() may accept anything), so the
 * exception is only made where it is raised. */
static Value gen_throw_args(Interp *I, Generator *g, int n, Value *args, bool *returned) {
    *returned = false;
    Frame *f = g->frame;
    Type *gexit = I->types[TY_GENERATOR_EXIT];
    bool is_exit = is_instance(I, args[0], gexit) ||
                   (is_obj(args[0]) && type_is_subtype(type_of(I, args[0]), I->types[TY_TYPE]) &&
                    type_is_subtype((Type *)as_obj(args[0]), gexit));
    if (!g->running && frame_at_yield_from(f) && !is_exit) {
        Value r = V_NULL;
        bool subret = false;
        int d = delegate_throw(I, g, f->sp[-1], n, args, &r, &subret);
        if (d < 0) return V_NULL;
        if (d > 0) return delegate_done(I, g, r, subret, returned);
    }
    Value exc = gen_throw_exc(I, n, args);
    if (is_null(exc)) return V_NULL;
    return gen_throw_value(I, g, exc, returned);
}

Value gen_throw_value(Interp *I, Generator *g, Value exc, bool *returned) {
    *returned = false;
    if (g->running) return err_format(I, TY_VALUE_ERROR, "%s already executing", gen_kind(g));
    Frame *f = g->frame;
    if (frame_at_yield_from(f)) {
        Value sub = f->sp[-1];
        Value r = V_NULL;
        bool subret = false;
        if (is_instance(I, exc, I->types[TY_GENERATOR_EXIT])) {
            g->running = true;
            int err = gen_close_iter(I, sub);
            g->running = false;
            if (err < 0) {
                f->sp--;
                f->pc++;
                return gen_resume(I, g, V_NONE, true, returned);
            }
            goto throw_here;
        }
        int d = delegate_throw(I, g, sub, 1, &exc, &r, &subret);
        if (d < 0) return V_NULL;
        if (d == 0) goto throw_here;
        return delegate_done(I, g, r, subret, returned);
    }
throw_here:
    err_restore(I, as_obj(exc));
    return gen_resume(I, g, V_NONE, true, returned);
}

static int gen_close_iter(Interp *I, Value sub) {
    if (is_generator_like(I, sub)) {
        return is_null(gen_close_impl(I, as_gen(sub))) ? -1 : 0;
    }
    Value meth;
    int has = obj_lookup_attr(I, sub, I->names.close, &meth);
    if (has <= 0) return has;
    return is_null(obj_call(I, meth, 0, NULL, NULL)) ? -1 : 0;
}

static Value gen_close_impl(Interp *I, Generator *g) {
    if (!g->frame) return V_NONE;
    if (g->frame->state == FRAME_FRESH) {
        gen_release_frame(I, g);
        return V_NONE;
    }
    Value exc = exc_new(I, I->types[TY_GENERATOR_EXIT], 0, NULL);
    if (is_null(exc)) return exc;
    bool returned;
    Value r = gen_throw_value(I, g, exc, &returned);
    if (!is_null(r)) {
        if (returned) return V_NONE;
        return err_format(I, TY_RUNTIME_ERROR, "%s ignored GeneratorExit", gen_kind(g));
    }
    if (err_matches(I, TY_GENERATOR_EXIT) || err_matches(I, TY_STOP_ITERATION)) {
        err_clear(I);
        return V_NONE;
    }
    return V_NULL;
}

/* ---- the Python-visible methods ---------------------------------------------------- */

static Value raise_stop(Interp *I, Value r) {
    if (is_none(r)) return err_set_value(I, v_obj(I->types[TY_STOP_ITERATION]));
    return err_stopiteration(I, r);
}

static Value gen_next(Interp *I, Value self) {
    bool returned;
    Value r = gen_resume(I, as_gen(self), V_NONE, false, &returned);
    if (returned) return V_NULL; /* exhausted: no exception, as the next slot's contract */
    return r;
}

static Value gen_send_method(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "send", kwnames) || !arg_count(I, "send", argc, 2, 2)) return V_NULL;
    bool returned;
    Value r = gen_resume(I, as_gen(argv[0]), argv[1], false, &returned);
    if (returned) return raise_stop(I, r);
    return r;
}

/* throw(typ[, val[, tb]])'s arguments (args[0..n), n in 1..3) made into the exception to throw,
 * as CPython's gen_throw does; V_NULL after raising. */
Value gen_throw_exc(Interp *I, int n, Value *args) {
    Value typ = args[0];
    Value val = n > 1 ? args[1] : V_NONE;
    Value exc;
    Type *base = I->types[TY_BASE_EXCEPTION];
    if (is_obj(typ) && type_is_subtype(type_of(I, typ), I->types[TY_TYPE]) &&
        type_is_subtype((Type *)as_obj(typ), base)) {
        if (is_instance(I, val, (Type *)as_obj(typ))) {
            exc = val;
        } else if (is_none(val)) {
            exc = obj_call(I, typ, 0, NULL, NULL);
        } else if (is_obj(val) && as_obj(val)->type->id == TY_TUPLE) {
            exc = obj_call(I, typ, (int)as_tuple(val)->len, as_tuple(val)->items, NULL);
        } else {
            exc = obj_call(I, typ, 1, &val, NULL);
        }
        /* CPython makes the instance lazily, inside the generator: a failure (or a __new__
         * returning a non-exception) is what gets thrown in */
        if (!is_null(exc) && !is_instance(I, exc, base)) err_not_exception(I, typ, exc, false);
        if (is_null(exc) || !is_instance(I, exc, base)) {
            Obj *e = err_fetch(I);
            if (!e) return V_NULL;
            exc = v_obj(e);
        }
    } else if (is_instance(I, typ, base)) {
        if (!is_none(val)) {
            return err_format(I, TY_TYPE_ERROR, "instance exception may not have a separate value");
        }
        exc = typ;
    } else {
        return err_format(I, TY_TYPE_ERROR,
                          "exceptions must be classes or instances deriving from "
                          "BaseException, not %s",
                          type_name(I, typ));
    }
    if (n > 2 && !is_none(args[2])) {
        Value tb = args[2];
        if (!is_obj(tb) || as_obj(tb)->type->id != TY_TRACEBACK) {
            return err_format(I, TY_TYPE_ERROR,
                              "throw() third argument must be a traceback object");
        }
        ((ExcObj *)as_obj(exc))->traceback = as_obj(tb);
    }
    return exc;
}

static Value gen_throw_method(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "throw", kwnames) || !arg_count(I, "throw", argc, 2, 4)) return V_NULL;
    bool returned;
    Value r = gen_throw_args(I, as_gen(argv[0]), argc - 1, argv + 1, &returned);
    if (returned) return raise_stop(I, r);
    return r;
}

static Value gen_close_method(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "close", kwnames) || !arg_count(I, "close", argc, 1, 1)) return V_NULL;
    return gen_close_impl(I, as_gen(argv[0]));
}

static Value gen_await_method(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "__await__", kwnames) || !arg_count(I, "__await__", argc, 1, 1))
        return V_NULL;
    return argv[0];
}

static Value gen_iter(Interp *I, Value self) {
    return self;
}

Value gen_repr(Interp *I, Value self) {
    Generator *g = as_gen(self);
    const char *kind = g->asyncgen ? "async_generator" : gen_kind(g);
    Str *s = str_printf(I, "<%s object %s at %p>", kind, g->qualname->data, (void *)g);
    return s ? v_obj(s) : V_NULL;
}

void gen_trace(Interp *I, Obj *o) {
    Generator *g = (Generator *)o;
    gc_mark_value(I, g->ag_finalizer);
    gc_mark_obj(I, (Obj *)g->name);
    gc_mark_obj(I, (Obj *)g->qualname);
    if (g->frame) frame_trace(I, g->frame);
}

void gen_finalize(Interp *I, Obj *o) {
    Generator *g = (Generator *)o;
    if (g->frame) {
        g->frame->gen = NULL;
        frame_free(I, g->frame);
        g->frame = NULL;
    }
}

Value gen_get_name(Interp *I, Value self) {
    return v_obj(as_gen(self)->name);
}
Value gen_get_qualname(Interp *I, Value self) {
    return v_obj(as_gen(self)->qualname);
}
static Value gen_get_running(Interp *I, Value self) {
    return v_bool(as_gen(self)->running);
}
Value gen_get_code(Interp *I, Value self) {
    Generator *g = as_gen(self);
    return g->frame ? v_obj(g->frame->code) : V_NONE;
}
Value gen_get_frame(Interp *I, Value self) {
    return V_NONE;
}
static Value gen_get_suspended(Interp *I, Value self) {
    Generator *g = as_gen(self);
    return v_bool(g->frame && g->frame->state == FRAME_SUSPENDED && !g->running);
}

static const GetSetDef gen_getsets[] = {
    {"__name__", gen_get_name, NULL},
    {"__qualname__", gen_get_qualname, NULL},
    {"gi_running", gen_get_running, NULL},
    {"gi_code", gen_get_code, NULL},
    {"gi_frame", gen_get_frame, NULL},
    {"gi_suspended", gen_get_suspended, NULL},
    {NULL, NULL, NULL},
};

static const MethodDef gen_methods[] = {
    {"send", gen_send_method, 0},
    {"throw", gen_throw_method, 0},
    {"close", gen_close_method, 0},
    {NULL, NULL, 0},
};

const TypeSpec generator_spec = {
    .name = "generator",
    .base = TY_OBJECT,
    .instance_size = sizeof(Generator),
    .slots =
        {
            .trace = gen_trace,
            .finalize = gen_finalize,
            .repr = gen_repr,
            .iter = gen_iter,
            .next = gen_next,
        },
    .methods = gen_methods,
    .getsets = gen_getsets,
};

static const GetSetDef coro_getsets[] = {
    {"__name__", gen_get_name, NULL},
    {"__qualname__", gen_get_qualname, NULL},
    {"cr_running", gen_get_running, NULL},
    {"cr_code", gen_get_code, NULL},
    {"cr_frame", gen_get_frame, NULL},
    {"cr_suspended", gen_get_suspended, NULL},
    {NULL, NULL, NULL},
};

static const MethodDef coro_methods[] = {
    {"send", gen_send_method, 0},
    {"throw", gen_throw_method, 0},
    {"close", gen_close_method, 0},
    {"__await__", gen_await_method, 0},
    {NULL, NULL, 0},
};

/* A coroutine is awaited through YIELD_FROM, which drives it directly; it has no __next__
 * of its own (next(coro) is a TypeError, as in CPython). __await__ returns the coroutine
 * itself rather than CPython's coroutine_wrapper: send/throw/close behave the same. */
const TypeSpec coroutine_spec = {
    .name = "coroutine",
    .base = TY_OBJECT,
    .instance_size = sizeof(Generator),
    .slots =
        {
            .trace = gen_trace,
            .finalize = gen_finalize,
            .repr = gen_repr,
        },
    .methods = coro_methods,
    .getsets = coro_getsets,
};

Value vm_next_with_value(Interp *I, Value it) {
    if (!is_obj(it) || as_obj(it)->type->id != TY_GENERATOR) return obj_next(I, it);
    bool returned;
    Value r = gen_resume(I, as_gen(it), V_NONE, false, &returned);
    if (returned) return raise_stop(I, r);
    return r;
}
