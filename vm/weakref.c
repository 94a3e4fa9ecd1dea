/* weakref.c: weak references under the tracing collector (the `ReferenceType` of the weakref
 * module; stdlib/py/weakref.py builds proxy, WeakMethod, finalize and the weak containers on
 * it through the native `_weakref` module, stdlib/weakref_mod.c).
 *
 * A weakref does not trace its referent. Every weakref is listed in I->weak (a registry the
 * collector does not trace); after marking, weakref_sweep drops the registry entries of
 * weakrefs that are themselves dead and clears those whose referent was not marked, queueing
 * the ones with a callback. The queue is traced as a root, and its callbacks run at the next
 * safe point: weakref_run_callbacks, called by gc.collect() and by the weakref functions
 * (never inside an allocation, where script code must not run). */
#include <stdio.h>
#include <string.h>

#include "error.h"
#include "gc.h"
#include "str.h"
#include "vm.h"
#include "weakref.h"

struct WeakState {
    WeakRef **refs;
    size_t n, cap;
    WeakRef **pending; /* capacity cap too: queueing during a collection never allocates */
    size_t npending;
    bool running; /* callbacks in progress: not re-entered */
};

static void wr_trace(Interp *I, Obj *o) {
    WeakRef *w = (WeakRef *)o;
    gc_mark_value(I, w->callback);
}

void weakref_mark_pending(Interp *I) {
    if (!I->weak) return;
    for (size_t i = 0; i < I->weak->npending; i++)
        gc_mark_obj(I, (Obj *)I->weak->pending[i]);
}

void weakref_sweep(Interp *I) {
    struct WeakState *s = I->weak;
    if (!s) return;
    size_t w = 0;
    for (size_t i = 0; i < s->n; i++) {
        WeakRef *r = s->refs[i];
        if (!(r->hdr.gc_flags & GC_MARKED)) continue; /* the weakref itself dies */
        if (r->referent && !(r->referent->gc_flags & GC_MARKED)) {
            r->referent = NULL;
            if (!is_none(r->callback)) s->pending[s->npending++] = r;
            continue; /* cleared weakrefs leave the registry */
        }
        s->refs[w++] = r;
    }
    s->n = w;
}

void weakref_free_all(Interp *I) {
    struct WeakState *s = I->weak;
    if (!s) return;
    mem_free(I, s->refs, s->cap * sizeof(WeakRef *));
    mem_free(I, s->pending, s->cap * sizeof(WeakRef *));
    mem_free(I, s, sizeof *s);
    I->weak = NULL;
}

static bool registry_add(Interp *I, WeakRef *r) {
    if (!I->weak) {
        I->weak = mem_alloc(I, sizeof *I->weak);
        if (!I->weak) return false;
        memset(I->weak, 0, sizeof *I->weak);
    }
    struct WeakState *s = I->weak;
    if (s->n + s->npending >= s->cap) { /* n + npending <= cap: a sweep only moves entries */
        size_t cap = s->cap ? s->cap * 2 : 16;
        WeakRef **a = mem_alloc(I, cap * sizeof(WeakRef *));
        WeakRef **p = a ? mem_alloc(I, cap * sizeof(WeakRef *)) : NULL;
        if (!p) {
            if (a) mem_free(I, a, cap * sizeof(WeakRef *));
            return false;
        }
        if (s->n) memcpy(a, s->refs, s->n * sizeof(WeakRef *));
        if (s->npending) memcpy(p, s->pending, s->npending * sizeof(WeakRef *));
        if (s->cap) {
            mem_free(I, s->refs, s->cap * sizeof(WeakRef *));
            mem_free(I, s->pending, s->cap * sizeof(WeakRef *));
        }
        s->refs = a;
        s->pending = p;
        s->cap = cap;
    }
    s->refs[s->n++] = r;
    return true;
}

bool weakref_run_callbacks(Interp *I) {
    struct WeakState *s = I->weak;
    if (!s || s->running || !s->npending) return true;
    s->running = true;
    /* newest first, as CPython calls the callbacks of one referent's references; each entry
     * stays queued (so rooted) until its callback returned, and collections during a
     * callback queue behind the batch, which runs next */
    while (s->npending) {
        size_t batch = s->npending;
        for (size_t i = batch; i-- > 0;) {
            WeakRef *r = s->pending[i];
            Value cb = r->callback, self = v_obj(r);
            if (is_none(cb)) continue;
            Value res = obj_call(I, cb, 1, &self, NULL);
            r->callback = V_NONE;
            if (is_null(res)) {
                /* CPython prints the error as "Exception ignored in: ..." and carries on */
                Value msg = vm_format_exception(I, I->exc);
                err_clear(I);
                if (!is_null(msg)) {
                    const char *head = "Exception ignored in: ";
                    io_write_err(I, head, strlen(head));
                    Value rr = obj_repr(I, cb);
                    if (is_null(rr))
                        err_clear(I);
                    else
                        io_write_err(I, as_str(rr)->data, as_str(rr)->len);
                    io_write_err(I, "\n", 1);
                    io_write_err(I, as_str(msg)->data, as_str(msg)->len);
                }
            }
        }
        memmove(s->pending, s->pending + batch, (s->npending - batch) * sizeof(WeakRef *));
        s->npending -= batch;
    }
    s->running = false;
    return true;
}

/* Objects CPython lets weak references point at: instances of classes (not of subclasses
 * of int, str, bytes, tuple, whose CPython layouts have no weakref slot), classes,
 * functions, methods, sets, generators, modules, code, arrays, memoryviews. */
static bool weakrefable(Interp *I, Value v) {
    if (!is_obj(v)) return false;
    Type *t = as_obj(v)->type;
    if (t->flags & TF_HEAPTYPE) {
        Type *b = type_builtin_base(t);
        return b != I->types[TY_INT] && b != I->types[TY_STR] && b != I->types[TY_BYTES] &&
               b != I->types[TY_TUPLE] && b != I->types[TY_BOOL];
    }
    if (type_is_subtype(t, I->types[TY_TYPE])) return true;
    switch (t->id) {
    case TY_FUNCTION:
    case TY_BOUND_METHOD:
    case TY_NATIVE_FUNC:
    case TY_SET:
    case TY_FROZENSET:
    case TY_GENERATOR:
    case TY_COROUTINE:
    case TY_ASYNC_GENERATOR:
    case TY_MODULE:
    case TY_CODE:
    case TY_PROPERTY:
    case TY_PYARRAY:
    case TY_MEMORYVIEW:
    case TY_WEAKREF:
    case TY_RE_CODE: return true;
    default: return false;
    }
}

Value weakref_new(Interp *I, Type *t, Value obj, Value callback) {
    if (!weakrefable(I, obj))
        return err_format(I, TY_TYPE_ERROR, "cannot create weak reference to '%s' object",
                          type_name(I, obj));
    if (!weakref_run_callbacks(I)) return V_NULL;
    size_t size = t->instance_size > sizeof(WeakRef) ? t->instance_size : sizeof(WeakRef);
    WeakRef *r = gc_new(I, t, size);
    if (!r) return V_NULL;
    r->referent = as_obj(obj);
    r->callback = is_null(callback) ? V_NONE : callback;
    r->hash = -1;
    if (!registry_add(I, r)) return V_NULL;
    return v_obj(r);
}

size_t weakref_collect_to(Interp *I, Value obj, Value *out, size_t max) {
    size_t k = 0;
    if (!I->weak || !is_obj(obj)) return 0;
    for (size_t i = 0; i < I->weak->n; i++) {
        WeakRef *r = I->weak->refs[i];
        if (r->referent == as_obj(obj)) {
            if (k < max) out[k] = v_obj(r);
            k++;
        }
    }
    return k;
}

static Value wr_new(Interp *I, Type *t, int argc, Value *argv, Tuple *kw) {
    if (kw && kw->len && t == I->types[TY_WEAKREF])
        return err_format(I, TY_TYPE_ERROR, "ref() takes no keyword arguments");
    if (!arg_count(I, "__new__", argc, 1, 2)) return V_NULL;
    return weakref_new(I, t, argv[0], argc > 1 ? argv[1] : V_NONE);
}

static Value wr_call(Interp *I, Value self, int argc, Value *argv, Tuple *kw) {
    (void)argv;
    if (!arg_no_kw(I, "weakref", kw) || !arg_count(I, "weakref", argc, 0, 0)) return V_NULL;
    WeakRef *r = (WeakRef *)as_obj(self);
    return r->referent ? v_obj(r->referent) : V_NONE;
}

static Value wr_repr(Interp *I, Value self) {
    WeakRef *r = (WeakRef *)as_obj(self);
    Str *s;
    if (!r->referent)
        s = str_printf(I, "<weakref at %p; dead>", (void *)r);
    else
        s = str_printf(I, "<weakref at %p; to '%s' at %p>", (void *)r,
                       r->referent->type->name->data, (void *)r->referent);
    return s ? v_obj(s) : V_NULL;
}

static int wr_hash(Interp *I, Value self, int64_t *out) {
    WeakRef *r = (WeakRef *)as_obj(self);
    if (r->hash == -1) {
        if (!r->referent) {
            err_format(I, TY_TYPE_ERROR, "weak object has gone away");
            return -1;
        }
        int64_t h;
        if (obj_hash(I, v_obj(r->referent), &h) < 0) return -1;
        r->hash = h == -1 ? -2 : h;
    }
    *out = r->hash;
    return 0;
}

static bool is_weakref(Interp *I, Value v) {
    return is_obj(v) && type_is_subtype(as_obj(v)->type, I->types[TY_WEAKREF]);
}

/* Two live weakrefs compare their referents; otherwise they are equal only if the same. */
static Value wr_richcompare(Interp *I, Value a, Value b, int op) {
    if ((op != CMP_EQ && op != CMP_NE) || !is_weakref(I, a) || !is_weakref(I, b))
        return v_notimpl(I);
    WeakRef *x = (WeakRef *)as_obj(a), *y = (WeakRef *)as_obj(b);
    if (!x->referent || !y->referent) return v_bool((x == y) == (op == CMP_EQ));
    return obj_richcompare(I, v_obj(x->referent), v_obj(y->referent), op);
}

static Value wrg_callback(Interp *I, Value self) {
    (void)I;
    return ((WeakRef *)as_obj(self))->callback;
}

/* ref.__init__ accepts what __new__ did, so subclasses can call super().__init__(ob, cb) */
static Value wr_init(Interp *I, int argc, Value *argv, Tuple *kw) {
    (void)argv;
    (void)kw;
    if (argc < 2 || argc > 3)
        return err_format(I, TY_TYPE_ERROR, "__init__ expected at most 2 arguments, got %d",
                          argc - 1);
    return V_NONE;
}

static const MethodDef wr_methods[] = {
    {"__init__", wr_init, 0},
    {NULL, NULL, 0},
};

static const GetSetDef wr_getsets[] = {
    {"__callback__", wrg_callback, NULL},
    {NULL, NULL, NULL},
};

const TypeSpec weakref_spec = {
    .name = "ReferenceType",
    .base = TY_OBJECT,
    .instance_size = sizeof(WeakRef),
    .flags = TF_BASETYPE,
    .slots =
        {
            .trace = wr_trace,
            .repr = wr_repr,
            .hash = wr_hash,
            .richcompare = wr_richcompare,
            .call = wr_call,
            .new = wr_new,
        },
    .methods = wr_methods,
    .getsets = wr_getsets,
};
