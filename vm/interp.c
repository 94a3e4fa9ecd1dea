/* interp.c: building an interpreter's builtin world: every builtin type and exception
 * class from its const TypeSpec, the interned common names, the singletons, and the
 * builtins and sys modules. Also the C-recursion guard and the output hooks.
 *
 * Types are created in two passes because they refer to each other: first every Type
 * object is allocated bare (so type_of() works for anything), then names, MROs and
 * inherited slots are filled in. The collector is disabled until the end, since half-built
 * types cannot be traced. A builtin type's dict (methods, getsets, slot wrappers) and its
 * mro tuple are built at their first use instead (lazy_build), and so are most exception
 * classes (exc_type: I->types[id] is NULL until then). */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "code.h"
#include "dict.h"
#include "error.h"
#include "gc.h"
#include "number.h"
#include "seq.h"
#include "str.h"
#include "vm.h"

typedef struct BuiltinTypeInfo {
    const TypeSpec *spec;
    int base;         /* TypeId, -1 for object */
    const char *name; /* overrides spec->name (exceptions share specs) */
} BuiltinTypeInfo;

static BuiltinTypeInfo builtin_info(int id) {
    BuiltinTypeInfo bi = {0};
    switch (id) {
#define X(tid, tspec)                                                                              \
    case TY_##tid:                                                                                 \
        bi.spec = &tspec;                                                                          \
        bi.base = tspec.base;                                                                      \
        bi.name = tspec.name;                                                                      \
        break;
        BUILTIN_TYPES(X)
#undef X
#define X(tid, tname, tbase)                                                                       \
    case TY_##tid:                                                                                 \
        bi.spec = exception_spec_for(TY_##tid);                                                    \
        bi.base = TY_##tbase;                                                                      \
        bi.name = tname;                                                                           \
        break;
        BUILTIN_EXCEPTIONS(X)
#undef X
    default: break;
    }
    return bi;
}

/* Slots a builtin type takes from its base when its spec leaves them NULL. `new` is only
 * inherited along the exception hierarchy: an iterator type must not become constructible
 * just because object is. `hash` is not inherited by the mutable containers, which CPython
 * marks unhashable. */
#define INHERITED_SLOTS(X)                                                                         \
    X(trace)                                                                                       \
    X(finalize)                                                                                    \
    X(repr)                                                                                        \
    X(str)                                                                                         \
    X(richcompare)                                                                                 \
    X(binop)                                                                                       \
    X(inplace)                                                                                     \
    X(unop) X(truthy) X(len) X(getitem) X(setitem) X(contains) X(iter) X(next) X(call) X(getattr)  \
        X(setattr) X(descr_get) X(descr_set) X(index) X(getbuf)

static bool unhashable_builtin(int id) {
    switch (id) {
    case TY_LIST:
    case TY_DICT:
    case TY_SET:
    case TY_BYTEARRAY:
    case TY_PYARRAY:
    case TY_SLICE:
    case TY_DICT_KEYS:
    case TY_DICT_ITEMS: return true;
    default: return false;
    }
}

static void inherit_slots(Type *t, Type *base, int id) {
#define X(slot)                                                                                    \
    if (!t->slots.slot) t->slots.slot = base->slots.slot;
    INHERITED_SLOTS(X)
#undef X
    if (!t->slots.hash && !unhashable_builtin(id)) t->slots.hash = base->slots.hash;
    if (!t->slots.new && (t->flags & TF_EXCEPTION)) t->slots.new = base->slots.new;
}

static bool fill_type_dict(Interp *I, Type *t, const TypeSpec *spec) {
    t->tdict = dict_new(I);
    if (!t->tdict) return false;
    if (spec->methods) {
        for (const MethodDef *m = spec->methods; m->name; m++) {
            Value f = native_func_new(I, m->name, m->fn, m->flags, NULL);
            if (is_null(f)) return false;
            ((NativeFunc *)as_obj(f))->owner = t;
            Value entry = f;
            if (m->flags & METH_STATIC) {
                StaticMethodObj *sm = gc_new(I, I->types[TY_STATICMETHOD], sizeof(StaticMethodObj));
                if (!sm) return false;
                sm->func = f;
                entry = v_obj(sm);
            }
            Str *name = str_intern_cstr(I, m->name);
            if (!name || dict_set_str(I, t->tdict, name, entry) < 0) return false;
        }
    }
    if (spec->getsets) {
        for (const GetSetDef *g = spec->getsets; g->name; g++) {
            GetSet *gs = gc_new(I, I->types[TY_GETSET], sizeof(GetSet));
            if (!gs) return false;
            gs->def = g;
            gs->owner = t;
            Str *name = str_intern_cstr(I, g->name);
            if (!name || dict_set_str(I, t->tdict, name, v_obj(gs)) < 0) return false;
        }
    }
    if (t->id <= TY_BASE_EXCEPTION && !slot_wrappers_add(I, t, &spec->slots)) return false;
    /* a constructor of its own: T.__new__, bound to T (type.c) */
    bool own_new = spec->slots.new && t->base && spec->slots.new != t->base->slots.new;
    if (own_new && is_null(dict_get_str(t->tdict, I->names.new_))) {
        Value f = native_func_new(I, "__new__", type_builtin_new_wrapper, 0, NULL);
        if (is_null(f)) return false;
        ((NativeFunc *)as_obj(f))->owner = t;
        ((NativeFunc *)as_obj(f))->self = v_obj(t);
        if (dict_set_str(I, t->tdict, I->names.new_, f) < 0) return false;
    }
    /* unhashable builtins say so in their dict, as CPython's (list.__hash__ is None) */
    if (!t->slots.hash && is_null(dict_get_str(t->tdict, I->names.hash)) &&
        dict_set_str(I, t->tdict, I->names.hash, V_NONE) < 0)
        return false;
    return true;
}

/* A builtin type's dict and mro are made at their first use (type_dict, type_mro): most
 * scripts touch a few of the 136 builtin types, and their dicts (a function object per
 * method, the interned names, the tables) were most of what a new interpreter held. Until
 * its mro exists, subtype checks and lookups walk the type's base chain, which is its mro
 * (builtin types have one base; ExceptionGroup, which has two, gets its mro at start-up).
 *
 * Lookups never collected before, and their callers hold unrooted values, so a build runs
 * with the collector off. It also runs past the memory limit: the eager interpreter held
 * this memory from its start whatever the limit, the total is bounded (all builtin dicts,
 * about 200 KB), and the bytes still count, so the next allocation sees the limit. What is
 * left is the host's allocator failing: then nothing is built, the type stays lazy, and the
 * error is the caller's to report (type_dict) or to ignore (a lookup). The builtin
 * exception classes (exc_type) and the builtins module's entries (builtins_lazy.c) are made
 * the same way. */
bool interp_quiet_build(Interp *I, bool (*fill)(Interp *I, void *ctx), void *ctx) {
    bool saved_disabled = I->gc_disabled;
    size_t saved_limit = I->mem_limit;
    size_t mark = gc_temp_mark(I);
    Obj *pending = err_fetch(I); /* a lookup may run while an exception is pending */
    I->gc_disabled = true;
    I->mem_limit = 0;
    bool ok = fill(I, ctx);
    I->gc_disabled = saved_disabled;
    I->mem_limit = saved_limit;
    gc_temp_reset(I, mark); /* what was made is reachable from the type now, or garbage */
    err_clear(I);
    if (pending) err_restore(I, pending);
    return ok;
}

typedef struct TypeFill {
    Type *t;
    bool (*fill)(Interp *I, Type *t);
} TypeFill;

static bool type_fill(Interp *I, void *ctx) {
    TypeFill *f = ctx;
    return f->fill(I, f->t);
}

static bool lazy_build(Interp *I, Type *t, bool (*fill)(Interp *I, Type *t)) {
    TypeFill f = {t, fill};
    return interp_quiet_build(I, type_fill, &f);
}

static bool fill_builtin_dict(Interp *I, Type *t) {
    if (fill_type_dict(I, t, builtin_info(t->id).spec)) return true;
    t->tdict = NULL;
    return false;
}

static Dict *type_dict_build(Interp *I, Type *t) {
    if (t->tdict || t->id < 0 || t->id >= TY__COUNT) return t->tdict;
    lazy_build(I, t, fill_builtin_dict);
    return t->tdict;
}

Dict *type_dict_noerr(Interp *I, Type *t) {
    return t->tdict ? t->tdict : type_dict_build(I, t);
}

Dict *type_dict(Interp *I, Type *t) {
    Dict *d = type_dict_noerr(I, t);
    if (!d) err_nomem(I);
    return d;
}

Value type_dict_get(Interp *I, Type *t, Str *name) {
    Dict *d = type_dict_noerr(I, t);
    return d ? dict_get_str(d, name) : V_NULL;
}

int type_dict_set(Interp *I, Type *t, Str *name, Value v) {
    Dict *d = type_dict(I, t);
    return d ? dict_set_str(I, d, name, v) : -1;
}

/* The type, then its base chain. */
static bool fill_builtin_mro(Interp *I, Type *t) {
    size_t n = 0;
    for (Type *b = t; b; b = b->base)
        n++;
    Tuple *mro = tuple_new(I, n);
    if (!mro) return false;
    size_t i = 0;
    for (Type *b = t; b; b = b->base)
        mro->items[i++] = v_obj(b);
    t->mro = mro;
    return true;
}

Tuple *type_mro_noerr(Interp *I, Type *t) {
    if (!t->mro) lazy_build(I, t, fill_builtin_mro);
    return t->mro;
}

Tuple *type_mro(Interp *I, Type *t) {
    Tuple *m = type_mro_noerr(I, t);
    if (!m) err_nomem(I);
    return m;
}

/* The bases tuple. Types of one base share one (shared[base id]; tuples are immutable and
 * a builtin type's __bases__ cannot be assigned), object's is the empty tuple. */
static bool build_bases(Interp *I, Type *t, Tuple **shared) {
    if (!t->base) {
        t->bases = I->empty_tuple;
        return true;
    }
    Tuple **bases = &shared[t->base->id];
    if (!*bases) *bases = tuple_pack(I, 1, v_obj(t->base));
    t->bases = *bases;
    return t->bases != NULL;
}

static const char *const binop_dunders[BIN__COUNT] = {
    "add", "sub",    "mul",    "matmul", "truediv", "floordiv", "mod",
    "pow", "lshift", "rshift", "and",    "or",      "xor",
};

static bool intern_names(Interp *I) {
#define X(field, text)                                                                             \
    if (!(I->names.field = str_intern_cstr(I, text))) return false;
    COMMON_NAMES(X)
#undef X
    char buf[32];
    for (int i = 0; i < BIN__COUNT; i++) {
        snprintf(buf, sizeof buf, "__%s__", binop_dunders[i]);
        if (!(I->binop_names.op[i] = str_intern_cstr(I, buf))) return false;
        snprintf(buf, sizeof buf, "__r%s__", binop_dunders[i]);
        if (!(I->binop_names.rop[i] = str_intern_cstr(I, buf))) return false;
        snprintf(buf, sizeof buf, "__i%s__", binop_dunders[i]);
        if (!(I->binop_names.iop[i] = str_intern_cstr(I, buf))) return false;
    }
    return true;
}

/* A type object from its spec, linked to its base (which exists), without a name yet. */
static Type *type_bare(Interp *I, int id) {
    BuiltinTypeInfo bi = builtin_info(id);
    Type *t = gc_new(I, NULL, sizeof(Type));
    if (!t) return NULL;
    t->id = id;
    t->flags = bi.spec->flags;
    t->instance_size = bi.spec->instance_size;
    t->slots = bi.spec->slots;
    t->dictoffset = bi.spec->dictoffset;
    if (id >= TY_BASE_EXCEPTION) t->flags |= TF_EXCEPTION | TF_BASETYPE;
    I->types[id] = t;
    return t;
}

static void type_link(Interp *I, Type *t) {
    t->hdr.type = I->types[TY_TYPE];
    BuiltinTypeInfo bi = builtin_info(t->id);
    t->base = bi.base >= 0 ? I->types[bi.base] : NULL;
    if (t->base) inherit_slots(t, t->base, t->id);
    if ((t->flags & TF_HAS_DICT) && !t->dictoffset && t->base) t->dictoffset = t->base->dictoffset;
    if (t->id >= TY_BASE_EXCEPTION) t->dictoffset = offsetof(ExcObj, dict); /* a fixed place */
}

static bool type_name_set(Interp *I, Type *t) {
    t->name = str_intern_cstr(I, builtin_info(t->id).name);
    t->qualname = t->name;
    return t->name != NULL;
}

/* The exception classes made at start-up: those the VM raises or tests on its own paths
 * (generators, iteration, interrupts, exit, out of memory) and their bases. The other 58
 * are made at their first use (exc_type): a fresh interpreter held ~25 KB of them. */
static bool exc_eager(int id) {
    switch (id) {
    case TY_BASE_EXCEPTION:
    case TY_EXCEPTION:
    case TY_MEMORY_ERROR:
    case TY_STOP_ITERATION:
    case TY_STOP_ASYNC_ITERATION:
    case TY_GENERATOR_EXIT:
    case TY_KEYBOARD_INTERRUPT:
    case TY_SYSTEM_EXIT: return true;
    default: return id < TY_BASE_EXCEPTION;
    }
}

const char *exc_type_name(int id) {
    return builtin_info(id).name;
}

/* Exception class id and its bases, each complete before it is stored. */
static bool exc_make(Interp *I, void *ctx) {
    int id = *(int *)ctx;
    if (I->types[id]) return true;
    int base = builtin_info(id).base;
    if (!I->types[base] && !exc_make(I, &base)) return false;
    Type *t = type_bare(I, id);
    if (!t) return false;
    type_link(I, t);
    Tuple *bases = tuple_pack(I, 1, v_obj(t->base));
    bool ok = bases && type_name_set(I, t);
    if (ok) t->bases = bases;
    if (ok && id == TY_EXCEPTION_GROUP) ok = excgroup_fix_mro(I);
    if (!ok) I->types[id] = NULL; /* garbage now: the next collection frees it */
    return ok;
}

Type *exc_type(Interp *I, int id) {
    if (I->types[id]) return I->types[id];
    if (!interp_quiet_build(I, exc_make, &id) || !I->types[id]) {
        err_nomem(I);
        return NULL;
    }
    return I->types[id];
}

bool interp_init_types(Interp *I) {
    /* Pass 1: bare type objects. */
    for (int id = 0; id < TY__COUNT; id++)
        if (exc_eager(id) && !type_bare(I, id)) return false;
    for (int id = 0; id < TY__COUNT; id++)
        if (I->types[id]) type_link(I, I->types[id]);

    /* Pass 2: strings work now (the str type exists); give types names, dicts, MROs. */
    I->empty_tuple = gc_new(I, I->types[TY_TUPLE], sizeof(Tuple));
    if (!I->empty_tuple || !intern_names(I)) return false;
    Tuple *shared_bases[TY__COUNT] = {0};
    for (int id = 0; id < TY__COUNT; id++) {
        Type *t = I->types[id];
        if (!t) continue;
        if (!type_name_set(I, t)) return false;
        if (!build_bases(I, t, shared_bases)) return false; /* dict, mro: at first use */
    }

    I->not_implemented = gc_new(I, I->types[TY_NOTIMPL], sizeof(Obj));
    I->ellipsis = gc_new(I, I->types[TY_ELLIPSIS], sizeof(Obj));
    if (!I->not_implemented || !I->ellipsis) return false;
    I->empty_str = str_new(I, "", 0);
    if (!I->empty_str) return false;
    I->memory_error = exc_prealloc_memory_error(I);
    if (!I->memory_error) return false;
    I->repr_stack = list_new(I, 0);
    return I->repr_stack != NULL;
}

bool c_recursion_enter(Interp *I, const char *where) {
    char here;
    if (I->c_recursion_depth >= I->recursion_limit + 50 ||
        (I->c_stack_limit && &here < I->c_stack_limit)) {
        err_format(I, TY_RECURSION_ERROR, "maximum recursion depth exceeded%s", where ? where : "");
        return false;
    }
    I->c_recursion_depth++;
    return true;
}

bool c_stack_check(Interp *I, const char *where) {
    char here;
    if (I->c_stack_limit && &here < I->c_stack_limit) {
        err_format(I, TY_RECURSION_ERROR, "maximum recursion depth exceeded%s", where ? where : "");
        return false;
    }
    return true;
}

void c_recursion_leave(Interp *I) {
    I->c_recursion_depth--;
}

bool interp_check_host(Interp *I) {
    if (I->hooks.check_limits) return I->hooks.check_limits(I);
    if (atomic_exchange(&I->interrupt_pending, 0)) {
        err_set_value(I, v_obj(I->types[TY_KEYBOARD_INTERRUPT]));
        return false;
    }
    return true;
}

void io_write_out(Interp *I, const char *s, size_t n) {
    if (n) I->write_out(I->write_ud, s, n);
}

void io_write_err(Interp *I, const char *s, size_t n) {
    if (n) I->write_err(I->write_ud, s, n);
}

bool io_has_stdin(Interp *I) {
    return I->read_in || !I->sandbox;
}

/* Before a read of the process's stdin that would block: wait for input in 50 ms slices
 * with the host's check between them, so Ctrl-C in input() raises KeyboardInterrupt there
 * (not at some later line once Enter is pressed), and kr_terminate or a time limit end it.
 * Only when stdio holds nothing already read: with glibc its buffer is visible; elsewhere
 * only a terminal is waited for (a read of a terminal returns at most one line, so nothing
 * is left buffered between input() calls). false after raising. */
static bool io_wait_stdin(Interp *I) {
#if defined(__GLIBC__)
    if (stdin->_IO_read_ptr < stdin->_IO_read_end) return true;
#else
    if (!isatty(0)) return true;
#endif
    for (;;) {
        if (!interp_check_host(I)) return false;
        struct pollfd p = {.fd = 0, .events = POLLIN};
        int n = poll(&p, 1, 50);
        if (n != 0 && !(n < 0 && errno == EINTR)) return true; /* ready, EOF, or an error */
    }
}

int io_read_byte(Interp *I) {
    if (!I->read_in) {
        if (!io_wait_stdin(I)) return IO_ERROR;
        int c = getchar();
        if (c != EOF) return c;
        clearerr(stdin); /* a terminal's Ctrl-D ends one input(), not every later one */
        return IO_EOF;
    }
    if (I->inpos < I->inlen) return (unsigned char)I->inbuf[I->inpos++];
    if (!I->inbuf) {
        I->inbuf = mem_alloc(I, 4096);
        if (!I->inbuf) return IO_ERROR;
        I->incap = 4096;
    }
    long n = I->read_in(I->read_ud, I->inbuf, I->incap);
    I->inpos = I->inlen = 0;
    if (n == 0) return IO_EOF;
    if (n < 0 || (size_t)n > I->incap) {
        err_format(I, TY_OS_ERROR, "the host's input callback failed");
        return IO_ERROR;
    }
    I->inlen = (size_t)n;
    return (unsigned char)I->inbuf[I->inpos++];
}
