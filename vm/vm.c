/* vm.c: the dispatch loop that executes Code objects (opcodes.h).
 *
 * One C activation of vm_run_frame runs a chain of Python frames: a Python-to-Python call
 * pushes a frame and keeps looping, a return pops it, so deep Python recursion costs heap,
 * not C stack. Only calls that come from C (a native calling obj_call on a function,
 * generators being resumed, class bodies) re-enter vm_run_frame; the entry frame of each
 * activation is marked is_entry and returning from it leaves the activation.
 *
 * Dispatch is threaded code through GCC/Clang's computed goto (`&&label`), generated from
 * OPCODES(X); other compilers get a switch.
 *
 * Rooting: before every instruction the temp-root stack is reset to the frame's mark, as
 * gc.h promises natives (their fresh objects live until the instruction ends). The stack
 * pointer lives in a register and is not written back for the collector: instead the whole
 * value array of a frame (locals, cells and every stack slot up to stacksize) is traced.
 * A stale slot above the stack top holds a value that was live when written and has been
 * traced by every collection since, so it is never dangling; frames are zeroed when
 * allocated. This keeps pushes and pops free of bookkeeping at the price of keeping a few
 * dead temporaries alive until their slot is overwritten or the frame returns.
 *
 * Exceptions follow opcodes.h's SETUP_FINALLY protocol. The "handled exception" (what bare
 * `raise` re-raises and what becomes __context__) is not a separate stack: it is the
 * exception of the innermost EXCEPT_HANDLER block up the running frame chain
 * (frame_handled_exception), which gives generators CPython's per-frame exc_info for free:
 * a suspended generator's handler blocks are not on the chain. */
#include <stdatomic.h>
#include <string.h>

#include "dict.h"
#include "error.h"
#include "frame.h"
#include "number.h"
#include "opcodes.h"
#include "seq.h"
#include "str.h"
#include "vm.h"

#if defined(__GNUC__)
#define VM_COMPUTED_GOTO 1
#else
#define VM_COMPUTED_GOTO 0
#endif

static inline bool vm_add_overflow(int64_t a, int64_t b, int64_t *r) {
#if defined(__GNUC__)
    return __builtin_add_overflow(a, b, r);
#else
    if ((b > 0 && a > INT64_MAX - b) || (b < 0 && a < INT64_MIN - b)) return true;
    *r = a + b;
    return false;
#endif
}
static inline bool vm_sub_overflow(int64_t a, int64_t b, int64_t *r) {
#if defined(__GNUC__)
    return __builtin_sub_overflow(a, b, r);
#else
    if ((b < 0 && a > INT64_MAX + b) || (b > 0 && a < INT64_MIN + b)) return true;
    *r = a - b;
    return false;
#endif
}
static inline bool vm_mul_overflow(int64_t a, int64_t b, int64_t *r) {
#if defined(__GNUC__)
    return __builtin_mul_overflow(a, b, r);
#else
    if (a > -3037000499LL && a < 3037000499LL && b > -3037000499LL && b < 3037000499LL) {
        *r = a * b;
        return false;
    }
    return true;
#endif
}

static inline bool is_type_id(Value v, int id) {
    return v.tag == KR_TOBJ && v.as.o->type->id == id;
}

/* ---- error helpers (cold) ------------------------------------------------------------ */

static Value err_unbound_local(Interp *I, Str *name) {
    return err_format(I, TY_UNBOUND_LOCAL_ERROR,
                      "cannot access local variable '%s' where it is not associated with a value",
                      name->data);
}

static Str *cell_name(Code *co, uint32_t i) {
    return i < co->ncellvars ? co->cellvars[i] : co->freevars[i - co->ncellvars];
}

static Value err_unbound_deref(Interp *I, Code *co, uint32_t i) {
    if (i < co->ncellvars) return err_unbound_local(I, co->cellvars[i]);
    return err_format(I, TY_NAME_ERROR,
                      "cannot access free variable '%s' where it is not associated with a value"
                      " in enclosing scope",
                      cell_name(co, i)->data);
}

static Value err_name(Interp *I, Str *name) {
    return err_format(I, TY_NAME_ERROR, "name '%s' is not defined", name->data);
}

static bool check_interrupt(Interp *I) {
    if (atomic_load_explicit(&I->interrupt_pending, memory_order_relaxed)) {
        atomic_store(&I->interrupt_pending, 0);
        err_set_value(I, v_obj(I->types[TY_KEYBOARD_INTERRUPT]));
        return false;
    }
    return true;
}

static Value err_recursion(Interp *I, const char *where) {
    return err_format(I, TY_RECURSION_ERROR, "maximum recursion depth exceeded%s", where);
}

/* Set exc.__context__ to the handled exception as CPython's _PyErr_SetObject does,
 * breaking a cycle if exc is already in the handled exception's context chain. */
static void vm_set_context(Interp *I, Obj *exc) {
    Obj *handled = frame_handled_exception(I);
    if (!handled || handled == exc) return;
    ExcObj *o = (ExcObj *)handled;
    int guard = 0;
    while (is_obj(o->context) && guard++ < 100000) {
        if (as_obj(o->context) == exc) {
            o->context = V_NONE;
            break;
        }
        o = (ExcObj *)as_obj(o->context);
    }
    ((ExcObj *)exc)->context = v_obj(handled);
}

static bool is_exc_type(Interp *I, Value v) {
    return is_obj(v) && type_is_subtype(type_of(I, v), I->types[TY_TYPE]) &&
           type_is_subtype((Type *)as_obj(v), I->types[TY_BASE_EXCEPTION]);
}
static bool is_exc_instance(Interp *I, Value v) {
    return is_obj(v) && type_is_subtype(type_of(I, v), I->types[TY_BASE_EXCEPTION]);
}

/* An exception instance from `raise X`: types are called with no arguments. */
static Value make_exception(Interp *I, Value v, const char *what) {
    if (is_exc_type(I, v)) {
        Value r = obj_call(I, v, 0, NULL, NULL);
        if (is_null(r)) return r;
        if (!is_exc_instance(I, r)) {
            return err_format(I, TY_TYPE_ERROR,
                              "calling %s should have returned an instance of BaseException, "
                              "not %s",
                              ((Type *)as_obj(v))->name->data, type_name(I, r));
        }
        return r;
    }
    if (is_exc_instance(I, v)) return v;
    return err_format(I, TY_TYPE_ERROR, "%s", what);
}

/* RAISE_VARARGS 1 and 2. Returns false with the exception pending. */
static void do_raise(Interp *I, Value exc, Value cause, bool has_cause) {
    Value e = make_exception(I, exc, "exceptions must derive from BaseException");
    if (is_null(e)) return;
    if (has_cause) {
        Value c = V_NONE;
        if (!is_none(cause)) {
            c = make_exception(I, cause, "exception causes must derive from BaseException");
            if (is_null(c)) return;
        }
        ((ExcObj *)as_obj(e))->cause = c;
        ((ExcObj *)as_obj(e))->suppress_context = true;
    }
    vm_set_context(I, as_obj(e));
    err_restore(I, as_obj(e));
}

/* Look a special method up on the type only (as CPython's _PyObject_LookupSpecial) and
 * bind it. V_NULL without an exception when absent. */
static Value special_lookup(Interp *I, Value obj, Str *name) {
    Type *t = type_of(I, obj);
    Value m = type_lookup(t, name);
    if (is_null(m)) return m;
    Type *mt = type_of(I, m);
    if (mt->slots.descr_get) return mt->slots.descr_get(I, m, obj, t);
    return m;
}

static int check_exc_match(Interp *I, Value exc, Value match) {
    if (is_type_id(match, TY_TUPLE)) {
        Tuple *t = as_tuple(match);
        for (size_t i = 0; i < t->len; i++) {
            if (!is_exc_type(I, t->items[i])) goto bad;
        }
        for (size_t i = 0; i < t->len; i++) {
            if (is_instance(I, exc, (Type *)as_obj(t->items[i]))) return 1;
        }
        return 0;
    }
    if (!is_exc_type(I, match)) goto bad;
    return is_instance(I, exc, (Type *)as_obj(match));
bad:
    err_format(I, TY_TYPE_ERROR,
               "catching classes that do not inherit from BaseException is not allowed");
    return -1;
}

/* UNPACK_SEQUENCE: writes the n items so that item 0 ends on top (dst[n-1] = item 0). */
static bool unpack_sequence(Interp *I, Value seq, uint32_t n, Value *dst) {
    const Value *items = NULL;
    size_t len = 0;
    if (is_type_id(seq, TY_TUPLE)) {
        items = as_tuple(seq)->items;
        len = as_tuple(seq)->len;
    } else if (is_type_id(seq, TY_LIST)) {
        items = as_list(seq)->items;
        len = as_list(seq)->len;
    }
    if (items) {
        if (len == n) {
            for (uint32_t i = 0; i < n; i++) dst[n - 1 - i] = items[i];
            return true;
        }
        if (len < n) {
            err_format(I, TY_VALUE_ERROR, "not enough values to unpack (expected %u, got %zu)",
                       n, len);
        } else {
            err_format(I, TY_VALUE_ERROR, "too many values to unpack (expected %u)", n);
        }
        return false;
    }
    Type *t = type_of(I, seq);
    if (!t->slots.iter && !t->slots.getitem) {
        err_format(I, TY_TYPE_ERROR, "cannot unpack non-iterable %s object", t->name->data);
        return false;
    }
    Value it = obj_iter(I, seq);
    if (is_null(it)) return false;
    /* dst is stack space: items written there stay rooted across the iteration. */
    for (uint32_t i = 0; i < n; i++) {
        Value v = obj_next(I, it);
        if (is_null(v)) {
            if (!err_occurred(I)) {
                err_format(I, TY_VALUE_ERROR,
                           "not enough values to unpack (expected %u, got %u)", n, i);
            }
            return false;
        }
        dst[n - 1 - i] = v;
    }
    Value extra = obj_next(I, it);
    if (!is_null(extra)) {
        err_format(I, TY_VALUE_ERROR, "too many values to unpack (expected %u)", n);
        return false;
    }
    return !err_occurred(I);
}

/* UNPACK_EX: before items, a list, after items; item 0 on top. dst has before+after+1. */
static bool unpack_ex(Interp *I, Value seq, uint32_t before, uint32_t after, Value *dst) {
    Type *t = type_of(I, seq);
    if (!t->slots.iter && !t->slots.getitem) {
        err_format(I, TY_TYPE_ERROR, "cannot unpack non-iterable %s object", t->name->data);
        return false;
    }
    List *l = list_from_iter(I, seq);
    if (!l) return false;
    size_t n = l->len;
    if (n < (size_t)before + after) {
        err_format(I, TY_VALUE_ERROR,
                   "not enough values to unpack (expected at least %u, got %zu)", before + after,
                   n);
        return false;
    }
    uint32_t total = before + after + 1;
    /* dst[total-1] is item 0 (top). */
    for (uint32_t i = 0; i < before; i++) dst[total - 1 - i] = l->items[i];
    for (uint32_t j = 0; j < after; j++) dst[after - 1 - j] = l->items[n - after + j];
    /* The middle becomes a fresh list: reuse l by sliding the middle to its front. */
    size_t mid = n - before - after;
    memmove(l->items, l->items + before, mid * sizeof(Value));
    l->len = mid;
    dst[after] = v_obj(l);
    return true;
}

static Value build_string(Interp *I, Value *items, uint32_t n) {
    StrBuf b;
    sb_init(&b);
    for (uint32_t i = 0; i < n; i++) {
        if (!sb_append_str(I, &b, as_str(items[i]))) {
            sb_free(I, &b);
            return V_NULL;
        }
    }
    Str *s = sb_finish(I, &b);
    return s ? v_obj(s) : V_NULL;
}

static Value format_value(Interp *I, Value v, Value spec, uint32_t conv) {
    switch (conv & 3) {
    case 1: v = obj_str(I, v); break;
    case 2: v = obj_repr(I, v); break;
    case 3: v = obj_ascii(I, v); break;
    default: break;
    }
    if (is_null(v)) return v;
    if (is_null(spec) && is_type_id(v, TY_STR)) return v;
    return obj_format(I, v, is_null(spec) ? I->empty_str : as_str(spec));
}

/* DICT_MERGE: `**m` at a call site. */
static bool dict_merge(Interp *I, Dict *d, Value m, Value callable) {
    if (!is_dict(I, m)) {
        Value keys = obj_getattr_opt(I, m, I->names.keys);
        if (is_null(keys)) {
            if (err_occurred(I)) return false;
            Str *fs = call_func_str(I, callable);
            if (!fs) return false;
            err_format(I, TY_TYPE_ERROR, "%s argument after ** must be a mapping, not %s",
                       fs->data, type_name(I, m));
            return false;
        }
        Dict *tmp = dict_new(I);
        if (!tmp || dict_update(I, tmp, m) < 0) return false;
        m = v_obj(tmp);
    }
    Dict *src = as_dict(m);
    size_t pos = 0;
    Value k, v;
    while (dict_next(src, &pos, &k, &v)) {
        if (!is_str(I, k)) {
            err_format(I, TY_TYPE_ERROR, "keywords must be strings");
            return false;
        }
        Value old;
        int r = dict_get(I, d, k, &old);
        if (r < 0) return false;
        if (r == 1) {
            Str *fs = call_func_str(I, callable);
            if (!fs) return false;
            err_format(I, TY_TYPE_ERROR, "%s got multiple values for keyword argument '%s'",
                       fs->data, as_str(k)->data);
            return false;
        }
        if (dict_set(I, d, k, v) < 0) return false;
    }
    return true;
}

/* CALL_EX: spread an args sequence and a kwargs mapping into a vectorcall array. The array
 * is a fresh tuple (temp-rooted) so it survives the call's allocations. */
static bool call_ex_spread(Interp *I, Value callable, Value args, Value kwargs, Tuple **argvout,
                           int *argc, Tuple **kwnames) {
    Tuple *pos;
    if (is_type_id(args, TY_TUPLE)) {
        pos = as_tuple(args);
    } else {
        Type *t = type_of(I, args);
        if (!t->slots.iter && !t->slots.getitem) {
            Str *fs = call_func_str(I, callable);
            if (fs) {
                err_format(I, TY_TYPE_ERROR, "%s argument after * must be an iterable, not %s",
                           fs->data, t->name->data);
            }
            return false;
        }
        pos = tuple_from_iter(I, args);
        if (!pos) return false;
    }
    *kwnames = NULL;
    if (is_null(kwargs) || (is_dict(I, kwargs) && as_dict(kwargs)->len == 0)) {
        *argvout = pos;
        *argc = (int)pos->len;
        return true;
    }
    Dict *kw;
    if (is_type_id(kwargs, TY_DICT)) {
        kw = as_dict(kwargs);
        size_t p = 0;
        Value k, v;
        while (dict_next(kw, &p, &k, &v)) {
            if (!is_str(I, k)) {
                err_format(I, TY_TYPE_ERROR, "keywords must be strings");
                return false;
            }
        }
    } else {
        kw = dict_new(I);
        if (!kw || !dict_merge(I, kw, kwargs, callable)) return false;
    }
    Tuple *all = tuple_new(I, pos->len + kw->len);
    Tuple *names = all ? tuple_new(I, kw->len) : NULL;
    if (!names) return false;
    memcpy(all->items, pos->items, pos->len * sizeof(Value));
    size_t p = 0, i = 0;
    Value k, v;
    while (dict_next(kw, &p, &k, &v)) {
        all->items[pos->len + i] = v;
        names->items[i++] = k;
    }
    *argvout = all;
    *argc = (int)all->len;
    *kwnames = names;
    return true;
}

static Value make_function(Interp *I, Frame *f, uint32_t flags, Value *args) {
    /* args: [(defaults), (kwdefaults), (annotations), (closure), code] */
    int n = 0;
    Value defaults = (flags & 1) ? args[n++] : V_NULL;
    Value kwdefaults = (flags & 2) ? args[n++] : V_NULL;
    Value annotations = (flags & 4) ? args[n++] : V_NULL;
    Value closure = (flags & 8) ? args[n++] : V_NULL;
    Code *co = (Code *)as_obj(args[n]);
    Function *fn = function_new(I, co, f->globals);
    if (!fn) return V_NULL;
    if (!is_null(defaults)) fn->defaults = as_tuple(defaults);
    if (!is_null(kwdefaults)) fn->kwdefaults = as_dict(kwdefaults);
    if (!is_null(annotations)) fn->annotations = as_dict(annotations);
    if (!is_null(closure)) fn->closure = as_tuple(closure);
    if (f->builtins) fn->builtins = f->builtins;
    return v_obj(fn);
}

/* BUILD_CLASS: args = [body, name, bases/keyword values...]. Keyword arguments to the
 * class statement (metaclass=, __init_subclass__ keywords) are outside the subset. */
static Value build_class(Interp *I, Frame *f, Value *args, uint32_t n, Tuple *kwnames) {
    if (kwnames && kwnames->len) {
        for (size_t i = 0; i < kwnames->len; i++) {
            if (str_eq(as_str(kwnames->items[i]), str_intern_cstr(I, "metaclass"))) {
                return err_format(I, TY_NOT_IMPLEMENTED_ERROR, "metaclasses are not supported");
            }
        }
        return err_format(I, TY_NOT_IMPLEMENTED_ERROR,
                          "keyword arguments in a class statement are not supported");
    }
    if (!is_type_id(args[0], TY_FUNCTION)) {
        return err_format(I, TY_TYPE_ERROR, "__build_class__: func must be a function");
    }
    if (!is_str(I, args[1])) {
        return err_format(I, TY_TYPE_ERROR, "__build_class__: name is not a string");
    }
    Function *body = (Function *)as_obj(args[0]);
    Tuple *bases;
    if (n == 0) {
        bases = tuple_pack(I, 1, v_obj(I->types[TY_OBJECT]));
    } else {
        bases = tuple_from_array(I, args + 2, n);
    }
    if (!bases) return V_NULL;
    Dict *ns = dict_new(I);
    if (!ns) return V_NULL;
    /* CPython's class body code stores __module__ and __qualname__ itself; seed them in
     * case the compiler leaves it to us (the body's own stores win). */
    Value modname = dict_get_str(f->globals, I->names.name);
    if (!is_null(modname) && dict_set_str(I, ns, I->names.module, modname) < 0) return V_NULL;
    if (body->qualname && dict_set_str(I, ns, I->names.qualname, v_obj(body->qualname)) < 0)
        return V_NULL;
    Frame *bf = call_bind(I, body, V_NULL, 0, NULL, NULL);
    if (!bf) return V_NULL;
    bf->locals = ns;
    Value cell = vm_run_frame(I, bf, false);
    frame_free(I, bf);
    if (is_null(cell)) return V_NULL;
    Type *cls = type_new_heap(I, as_str(args[1]), bases, ns);
    if (!cls) return V_NULL;
    if (is_type_id(cell, TY_CELL)) ((Cell *)as_obj(cell))->contents = v_obj(cls);
    return v_obj(cls);
}

static Value import_from(Interp *I, Value mod, Str *name) {
    Value v = obj_getattr_opt(I, mod, name);
    if (!is_null(v) || err_occurred(I)) return v;
    /* A submodule of a package being imported circularly may be in sys.modules only. */
    Value pkgname = obj_getattr_opt(I, mod, I->names.name);
    if (is_null(pkgname)) err_clear(I);
    if (!is_null(pkgname) && is_str(I, pkgname)) {
        Str *full = str_printf(I, "%s.%s", as_str(pkgname)->data, name->data);
        if (!full) return V_NULL;
        Value sub;
        int r = dict_get(I, I->modules, v_obj(full), &sub);
        if (r < 0) return V_NULL;
        if (r == 1) return sub;
    }
    const char *mname = (!is_null(pkgname) && is_str(I, pkgname)) ? as_str(pkgname)->data
                                                                     : "<unknown module name>";
    Value file = obj_getattr_opt(I, mod, I->names.file);
    if (is_null(file)) err_clear(I);
    if (!is_null(file) && is_str(I, file)) {
        return err_format(I, TY_IMPORT_ERROR, "cannot import name '%s' from '%s' (%s)",
                          name->data, mname, as_str(file)->data);
    }
    return err_format(I, TY_IMPORT_ERROR, "cannot import name '%s' from '%s' (unknown location)",
                      name->data, mname);
}

static bool import_star(Interp *I, Frame *f, Value mod) {
    Dict *locals = f->locals ? f->locals : f->globals;
    Value all = obj_getattr_opt(I, mod, I->names.all);
    if (is_null(all) && err_occurred(I)) return false;
    if (!is_null(all)) {
        Value it = obj_iter(I, all);
        if (is_null(it)) return false;
        for (;;) {
            Value name = obj_next(I, it);
            if (is_null(name)) return !err_occurred(I);
            if (!is_str(I, name)) {
                err_format(I, TY_TYPE_ERROR, "Item in __all__ must be str, not %s",
                           type_name(I, name));
                return false;
            }
            Value v = obj_getattr(I, mod, as_str(name));
            if (is_null(v) || dict_set(I, locals, name, v) < 0) return false;
        }
    }
    Dict **dp = obj_dict_ptr(I, mod);
    if (!dp || !*dp) {
        err_format(I, TY_IMPORT_ERROR, "from-import-* object has no __dict__ and no __all__");
        return false;
    }
    size_t pos = 0;
    Value k, v;
    while (dict_next(*dp, &pos, &k, &v)) {
        if (is_str(I, k) && as_str(k)->data[0] == '_') continue;
        if (dict_set(I, locals, k, v) < 0) return false;
    }
    return true;
}

static bool print_expr(Interp *I, Value v) {
    if (is_none(v)) return true;
    Value r = obj_repr(I, v);
    if (is_null(r)) return false;
    io_write_out(I, as_str(r)->data, as_str(r)->len);
    io_write_out(I, "\n", 1);
    Str *underscore = str_intern_cstr(I, "_");
    return underscore && dict_set_str(I, I->builtins->dict, underscore, v) == 0;
}

static Value get_awaitable(Interp *I, Value v) {
    if (is_type_id(v, TY_COROUTINE)) return v;
    Value m = special_lookup(I, v, I->names.await_);
    if (is_null(m)) {
        if (err_occurred(I)) return V_NULL;
        return err_format(I, TY_TYPE_ERROR, "object %s can't be used in 'await' expression",
                          type_name(I, v));
    }
    Value it = obj_call(I, m, 0, NULL, NULL);
    if (is_null(it)) return it;
    if (is_type_id(it, TY_COROUTINE)) {
        return err_format(I, TY_TYPE_ERROR, "__await__() returned a coroutine");
    }
    if (!is_generator_like(I, it) && !type_of(I, it)->slots.next) {
        return err_format(I, TY_TYPE_ERROR, "__await__() returned non-iterator of type '%s'",
                          type_name(I, it));
    }
    return it;
}

/* One step of `yield from`: *returned says the subiterator finished with the result. */
static Value yield_from_step(Interp *I, Value sub, Value v, bool *returned) {
    *returned = false;
    if (is_generator_like(I, sub)) return gen_resume(I, (Generator *)as_obj(sub), v, false,
                                                     returned);
    Value r;
    if (is_none(v)) {
        r = obj_next(I, sub);
        if (is_null(r) && !err_occurred(I)) {
            *returned = true;
            return V_NONE;
        }
    } else {
        r = obj_call_method(I, sub, I->names.send, 1, &v);
    }
    if (is_null(r) && err_matches(I, TY_STOP_ITERATION)) {
        Obj *e = err_fetch(I);
        *returned = true;
        Value val = ((ExcObj *)e)->extra;
        return is_null(val) ? V_NONE : val;
    }
    return r;
}

static Value setup_with_enter(Interp *I, Value mgr, Value *exit_out) {
    Value enter = special_lookup(I, mgr, I->names.enter);
    if (is_null(enter)) {
        if (!err_occurred(I)) {
            err_format(I, TY_TYPE_ERROR,
                       "'%s' object does not support the context manager protocol",
                       type_name(I, mgr));
        }
        return V_NULL;
    }
    *exit_out = enter; /* keep it rooted in the caller's slot while looking up __exit__ */
    Value exit = special_lookup(I, mgr, I->names.exit);
    if (is_null(exit)) {
        if (!err_occurred(I)) {
            err_format(I, TY_TYPE_ERROR,
                       "'%s' object does not support the context manager protocol "
                       "(missed __exit__ method)",
                       type_name(I, mgr));
        }
        return V_NULL;
    }
    *exit_out = exit;
    return enter;
}

/* A call to something that is not a Python function. CPython counts calls through tp_call
 * (classes, instances with __call__) against the recursion limit with this message. */
static Value vm_call_other(Interp *I, Value callable, int argc, Value *argv, Tuple *kwnames) {
    if (is_type_id(callable, TY_NATIVE_FUNC)) return obj_call(I, callable, argc, argv, kwnames);
    if (I->recursion_depth >= I->recursion_limit) {
        return err_recursion(I, " while calling a Python object");
    }
    I->recursion_depth++;
    Value r = obj_call(I, callable, argc, argv, kwnames);
    I->recursion_depth--;
    return r;
}

/* LOAD_METHOD's test: a plain function or builtin method found on the type, with nothing
 * that could intercept the lookup (a custom getattr slot, an instance dict entry). */
static inline bool method_is_unbound_callable(Value m) {
    if (m.tag != KR_TOBJ) return false;
    int id = m.as.o->type->id;
    if (id == TY_FUNCTION) return true;
    if (id == TY_NATIVE_FUNC) {
        NativeFunc *nf = (NativeFunc *)m.as.o;
        return nf->owner && is_null(nf->self) && !(nf->flags & (METH_STATIC | METH_CLASS));
    }
    return false;
}

/* ---- the loop --------------------------------------------------------------------------- */

Value vm_run_frame(Interp *I, Frame *entry, bool throwing) {
    VM *vm = I->vm;
    if (vm->reentry_depth >= VM_C_REENTRY_LIMIT || I->recursion_depth >= I->recursion_limit) {
        if (throwing) err_clear(I);
        return err_recursion(I, vm->reentry_depth >= VM_C_REENTRY_LIMIT
                                    ? " while calling a Python object"
                                    : "");
    }
    vm->reentry_depth++;
    I->recursion_depth++;
    entry->back = vm->top;
    entry->is_entry = true;
    entry->state = FRAME_RUNNING;
    entry->temp_mark = I->ntemp;
    vm->top = entry;

    Frame *f = entry;
    Code *co;
    const uint32_t *instrs;
    const uint32_t *ip;
    Value *sp;
    Value *fast;
    Value *consts;
    Str **names;
    size_t tmark;
    uint32_t oparg;
    uint32_t word;
    Tuple *kwnames = NULL;
    Value retval;
    bool reraise = false;

#define LOAD_FRAME()                                                                           \
    do {                                                                                       \
        co = f->code;                                                                          \
        instrs = co->instrs;                                                                   \
        ip = instrs + f->pc;                                                                   \
        sp = f->sp;                                                                            \
        fast = f->fast;                                                                        \
        consts = co->consts;                                                                   \
        names = co->names;                                                                     \
        tmark = f->temp_mark;                                                                  \
    } while (0)
#define SAVE_PC() (f->pc = (uint32_t)(ip - instrs))
#define PUSH(v) (*sp++ = (v))
#define POP() (*--sp)
#define TOP() (sp[-1])
#define PEEK(n) (sp[-(ptrdiff_t)(n)])

#if VM_COMPUTED_GOTO
    static const void *const jump_table[OP__COUNT] = {
#define X(name) &&L_##name,
        OPCODES(X)
#undef X
    };
#define TARGET(name) L_##name:
#define DISPATCH()                                                                             \
    do {                                                                                       \
        I->ntemp = tmark;                                                                      \
        word = *ip++;                                                                          \
        oparg = INSTR_ARG(word);                                                               \
        goto *jump_table[INSTR_OP(word)];                                                      \
    } while (0)
#else
#define TARGET(name) case OP_##name:
#define DISPATCH() goto dispatch
#endif

    LOAD_FRAME();
    if (throwing) goto error;
    if (!check_interrupt(I)) goto error;

#if VM_COMPUTED_GOTO
    DISPATCH();
#else
dispatch:
    I->ntemp = tmark;
    word = *ip++;
    oparg = INSTR_ARG(word);
    switch (INSTR_OP(word)) {
#endif

    TARGET(NOP) { DISPATCH(); }
    TARGET(POP_TOP) {
        sp--;
        DISPATCH();
    }
    TARGET(COPY) {
        Value v = PEEK(oparg);
        PUSH(v);
        DISPATCH();
    }
    TARGET(SWAP) {
        Value v = TOP();
        sp[-1] = PEEK(oparg);
        sp[-(int)oparg] = v;
        DISPATCH();
    }
    TARGET(LOAD_CONST) {
        PUSH(consts[oparg]);
        DISPATCH();
    }
    TARGET(LOAD_SMALL_INT) {
        PUSH(v_int((int64_t)oparg - SMALL_INT_BIAS));
        DISPATCH();
    }
    TARGET(LOAD_FAST) {
        Value v = fast[oparg];
        if (v.tag == KR_TNULL) {
            err_unbound_local(I, co->varnames[oparg]);
            goto error;
        }
        PUSH(v);
        DISPATCH();
    }
    TARGET(STORE_FAST) {
        fast[oparg] = POP();
        DISPATCH();
    }
    TARGET(DELETE_FAST) {
        if (is_null(fast[oparg])) {
            err_unbound_local(I, co->varnames[oparg]);
            goto error;
        }
        fast[oparg] = V_NULL;
        DISPATCH();
    }
    TARGET(LOAD_DEREF) {
        Value v = ((Cell *)f->cells[oparg].as.o)->contents;
        if (is_null(v)) {
            err_unbound_deref(I, co, oparg);
            goto error;
        }
        PUSH(v);
        DISPATCH();
    }
    TARGET(STORE_DEREF) {
        ((Cell *)f->cells[oparg].as.o)->contents = POP();
        DISPATCH();
    }
    TARGET(DELETE_DEREF) {
        Cell *c = (Cell *)f->cells[oparg].as.o;
        if (is_null(c->contents)) {
            err_unbound_deref(I, co, oparg);
            goto error;
        }
        c->contents = V_NULL;
        DISPATCH();
    }
    TARGET(LOAD_CLOSURE) {
        PUSH(f->cells[oparg]);
        DISPATCH();
    }
    TARGET(LOAD_CLASSDEREF) {
        Value v = V_NULL;
        if (f->locals) v = dict_get_str(f->locals, cell_name(co, oparg));
        if (is_null(v)) {
            v = ((Cell *)f->cells[oparg].as.o)->contents;
            if (is_null(v)) {
                err_unbound_deref(I, co, oparg);
                goto error;
            }
        }
        PUSH(v);
        DISPATCH();
    }
    TARGET(LOAD_NAME) {
        Str *name = names[oparg];
        Value v = V_NULL;
        if (f->locals) {
            int r = dict_get(I, f->locals, v_obj(name), &v);
            if (r < 0) goto error;
            if (r == 0) v = V_NULL;
        }
        if (is_null(v)) v = dict_get_str(f->globals, name);
        if (is_null(v) && f->builtins) v = dict_get_str(f->builtins, name);
        if (is_null(v)) {
            err_name(I, name);
            goto error;
        }
        PUSH(v);
        DISPATCH();
    }
    TARGET(STORE_NAME) {
        Dict *d = f->locals ? f->locals : f->globals;
        if (dict_set_str(I, d, names[oparg], TOP()) < 0) goto error;
        sp--;
        DISPATCH();
    }
    TARGET(DELETE_NAME) {
        Dict *d = f->locals ? f->locals : f->globals;
        int r = dict_del(I, d, v_obj(names[oparg]));
        if (r < 0) goto error;
        if (r == 0) {
            err_name(I, names[oparg]);
            goto error;
        }
        DISPATCH();
    }
    TARGET(LOAD_GLOBAL) {
        Str *name = names[oparg];
        Value v = dict_get_str(f->globals, name);
        if (v.tag == KR_TNULL) {
            if (f->builtins) v = dict_get_str(f->builtins, name);
            if (v.tag == KR_TNULL) {
                err_name(I, name);
                goto error;
            }
        }
        PUSH(v);
        DISPATCH();
    }
    TARGET(STORE_GLOBAL) {
        if (dict_set_str(I, f->globals, names[oparg], TOP()) < 0) goto error;
        sp--;
        DISPATCH();
    }
    TARGET(DELETE_GLOBAL) {
        int r = dict_del(I, f->globals, v_obj(names[oparg]));
        if (r < 0) goto error;
        if (r == 0) {
            err_name(I, names[oparg]);
            goto error;
        }
        DISPATCH();
    }
    TARGET(LOAD_ATTR) {
        Value v = obj_getattr(I, TOP(), names[oparg]);
        if (is_null(v)) goto error;
        sp[-1] = v;
        DISPATCH();
    }
    TARGET(STORE_ATTR) {
        if (obj_setattr(I, TOP(), names[oparg], PEEK(2)) < 0) goto error;
        sp -= 2;
        DISPATCH();
    }
    TARGET(DELETE_ATTR) {
        if (obj_delattr(I, TOP(), names[oparg]) < 0) goto error;
        sp--;
        DISPATCH();
    }
    TARGET(LOAD_METHOD) {
        Value obj = TOP();
        Str *name = names[oparg];
        Type *t = type_of(I, obj);
        if ((!t->slots.getattr || t->slots.getattr == generic_getattr) && t->id != TY_TYPE) {
            Value m = type_lookup(t, name);
            if (method_is_unbound_callable(m)) {
                Dict **dp = (t->flags & TF_HAS_DICT) || t->dictoffset ? obj_dict_ptr(I, obj)
                                                                       : NULL;
                if (!dp || !*dp || is_null(dict_get_str(*dp, name))) {
                    sp[-1] = m;
                    PUSH(obj);
                    DISPATCH();
                }
            }
        }
        Value v = obj_getattr(I, obj, name);
        if (is_null(v)) goto error;
        sp[-1] = v;
        PUSH(V_NULL);
        DISPATCH();
    }
    TARGET(BINARY_OP) {
        Value b = sp[-1], a = sp[-2];
        if (a.tag == KR_TINT && b.tag == KR_TINT) {
            int64_t r;
            switch (oparg) {
            case BIN_ADD:
                if (vm_add_overflow(a.as.i, b.as.i, &r)) break;
                sp--;
                sp[-1] = v_int(r);
                DISPATCH();
            case BIN_SUB:
                if (vm_sub_overflow(a.as.i, b.as.i, &r)) break;
                sp--;
                sp[-1] = v_int(r);
                DISPATCH();
            case BIN_MUL:
                if (vm_mul_overflow(a.as.i, b.as.i, &r)) break;
                sp--;
                sp[-1] = v_int(r);
                DISPATCH();
            case BIN_AND:
                sp--;
                sp[-1] = v_int(a.as.i & b.as.i);
                DISPATCH();
            case BIN_OR:
                sp--;
                sp[-1] = v_int(a.as.i | b.as.i);
                DISPATCH();
            case BIN_XOR:
                sp--;
                sp[-1] = v_int(a.as.i ^ b.as.i);
                DISPATCH();
            default: break;
            }
        } else if (a.tag == KR_TFLOAT && b.tag == KR_TFLOAT) {
            switch (oparg) {
            case BIN_ADD:
                sp--;
                sp[-1] = v_float(a.as.f + b.as.f);
                DISPATCH();
            case BIN_SUB:
                sp--;
                sp[-1] = v_float(a.as.f - b.as.f);
                DISPATCH();
            case BIN_MUL:
                sp--;
                sp[-1] = v_float(a.as.f * b.as.f);
                DISPATCH();
            default: break;
            }
        }
        Value r = obj_binop(I, a, b, (int)oparg);
        if (is_null(r)) goto error;
        sp--;
        sp[-1] = r;
        DISPATCH();
    }
    TARGET(INPLACE_OP) {
        Value b = sp[-1], a = sp[-2];
        if (a.tag == KR_TINT && b.tag == KR_TINT) {
            int64_t r;
            if (oparg == BIN_ADD && !vm_add_overflow(a.as.i, b.as.i, &r)) {
                sp--;
                sp[-1] = v_int(r);
                DISPATCH();
            }
            if (oparg == BIN_SUB && !vm_sub_overflow(a.as.i, b.as.i, &r)) {
                sp--;
                sp[-1] = v_int(r);
                DISPATCH();
            }
        }
        Value r = obj_inplace(I, a, b, (int)oparg);
        if (is_null(r)) goto error;
        sp--;
        sp[-1] = r;
        DISPATCH();
    }
    TARGET(UNARY_OP) {
        Value a = TOP();
        if (a.tag == KR_TINT && oparg == UN_NEG && a.as.i != INT64_MIN) {
            sp[-1] = v_int(-a.as.i);
            DISPATCH();
        }
        Value r = obj_unop(I, a, (int)oparg);
        if (is_null(r)) goto error;
        sp[-1] = r;
        DISPATCH();
    }
    TARGET(UNARY_NOT) {
        Value a = TOP();
        int t;
        if (a.tag == KR_TBOOL) {
            t = (int)a.as.i;
        } else {
            t = obj_truthy(I, a);
            if (t < 0) goto error;
        }
        sp[-1] = v_bool(!t);
        DISPATCH();
    }
    TARGET(COMPARE_OP) {
        Value b = sp[-1], a = sp[-2];
        if (a.tag == KR_TINT && b.tag == KR_TINT) {
            bool r;
            switch (oparg) {
            case CMP_LT: r = a.as.i < b.as.i; break;
            case CMP_LE: r = a.as.i <= b.as.i; break;
            case CMP_EQ: r = a.as.i == b.as.i; break;
            case CMP_NE: r = a.as.i != b.as.i; break;
            case CMP_GT: r = a.as.i > b.as.i; break;
            default: r = a.as.i >= b.as.i; break;
            }
            sp--;
            sp[-1] = v_bool(r);
            DISPATCH();
        }
        if (a.tag == KR_TFLOAT && b.tag == KR_TFLOAT) {
            bool r;
            switch (oparg) {
            case CMP_LT: r = a.as.f < b.as.f; break;
            case CMP_LE: r = a.as.f <= b.as.f; break;
            case CMP_EQ: r = a.as.f == b.as.f; break;
            case CMP_NE: r = a.as.f != b.as.f; break;
            case CMP_GT: r = a.as.f > b.as.f; break;
            default: r = a.as.f >= b.as.f; break;
            }
            sp--;
            sp[-1] = v_bool(r);
            DISPATCH();
        }
        Value r = obj_richcompare(I, a, b, (int)oparg);
        if (is_null(r)) goto error;
        sp--;
        sp[-1] = r;
        DISPATCH();
    }
    TARGET(IS_OP) {
        bool r = v_is(sp[-2], sp[-1]) ^ (oparg != 0);
        sp--;
        sp[-1] = v_bool(r);
        DISPATCH();
    }
    TARGET(CONTAINS_OP) {
        int r = obj_contains(I, sp[-1], sp[-2]);
        if (r < 0) goto error;
        sp--;
        sp[-1] = v_bool((r != 0) ^ (oparg != 0));
        DISPATCH();
    }
    TARGET(BINARY_SUBSCR) {
        Value key = sp[-1], obj = sp[-2];
        if (key.tag == KR_TINT && obj.tag == KR_TOBJ) {
            int id = obj.as.o->type->id;
            int64_t i = key.as.i;
            if (id == TY_LIST) {
                List *l = (List *)obj.as.o;
                if (i < 0) i += (int64_t)l->len;
                if (i >= 0 && (size_t)i < l->len) {
                    sp--;
                    sp[-1] = l->items[i];
                    DISPATCH();
                }
            } else if (id == TY_TUPLE) {
                Tuple *t = (Tuple *)obj.as.o;
                if (i < 0) i += (int64_t)t->len;
                if (i >= 0 && (size_t)i < t->len) {
                    sp--;
                    sp[-1] = t->items[i];
                    DISPATCH();
                }
            }
        }
        Value r = obj_getitem(I, obj, key);
        if (is_null(r)) goto error;
        sp--;
        sp[-1] = r;
        DISPATCH();
    }
    TARGET(STORE_SUBSCR) {
        Value key = sp[-1], obj = sp[-2], v = sp[-3];
        if (key.tag == KR_TINT && obj.tag == KR_TOBJ && obj.as.o->type->id == TY_LIST) {
            List *l = (List *)obj.as.o;
            int64_t i = key.as.i;
            if (i < 0) i += (int64_t)l->len;
            if (i >= 0 && (size_t)i < l->len) {
                l->items[i] = v;
                sp -= 3;
                DISPATCH();
            }
        }
        if (obj_setitem(I, obj, key, v) < 0) goto error;
        sp -= 3;
        DISPATCH();
    }
    TARGET(DELETE_SUBSCR) {
        if (obj_delitem(I, sp[-2], sp[-1]) < 0) goto error;
        sp -= 2;
        DISPATCH();
    }
    TARGET(BUILD_SLICE) {
        Value step = oparg == 3 ? POP() : V_NONE;
        Value stop = POP();
        Value start = TOP();
        Value s = slice_new(I, start, stop, step);
        if (is_null(s)) goto error;
        sp[-1] = s;
        DISPATCH();
    }
    TARGET(BUILD_TUPLE) {
        Tuple *t = tuple_from_array(I, sp - oparg, oparg);
        if (!t) goto error;
        sp -= oparg;
        PUSH(v_obj(t));
        DISPATCH();
    }
    TARGET(BUILD_LIST) {
        List *l = list_from_array(I, sp - oparg, oparg);
        if (!l) goto error;
        sp -= oparg;
        PUSH(v_obj(l));
        DISPATCH();
    }
    TARGET(BUILD_SET) {
        Set *s = set_new(I, false);
        if (!s) goto error;
        for (uint32_t i = oparg; i > 0; i--) {
            if (set_add(I, s, PEEK(i)) < 0) goto error;
        }
        sp -= oparg;
        PUSH(v_obj(s));
        DISPATCH();
    }
    TARGET(BUILD_MAP) {
        Dict *d = dict_new(I);
        if (!d) goto error;
        Value *base = sp - 2 * oparg;
        for (uint32_t i = 0; i < oparg; i++) {
            if (dict_set(I, d, base[2 * i], base[2 * i + 1]) < 0) goto error;
        }
        sp = base;
        PUSH(v_obj(d));
        DISPATCH();
    }
    TARGET(BUILD_STRING) {
        Value s = build_string(I, sp - oparg, oparg);
        if (is_null(s)) goto error;
        sp -= oparg;
        PUSH(s);
        DISPATCH();
    }
    TARGET(LIST_APPEND) {
        Value v = POP();
        if (!list_append(I, as_list(PEEK(oparg)), v)) goto error;
        DISPATCH();
    }
    TARGET(SET_ADD) {
        Value v = POP();
        if (set_add(I, (Set *)as_obj(PEEK(oparg)), v) < 0) goto error;
        DISPATCH();
    }
    TARGET(MAP_ADD) {
        Value v = POP();
        Value k = POP();
        if (dict_set(I, as_dict(PEEK(oparg)), k, v) < 0) goto error;
        DISPATCH();
    }
    TARGET(LIST_EXTEND) {
        Value it = POP();
        Type *t = type_of(I, it);
        if (!t->slots.iter && !t->slots.getitem) {
            err_format(I, TY_TYPE_ERROR, "Value after * must be an iterable, not %s",
                       t->name->data);
            goto error;
        }
        if (!list_extend_iter(I, as_list(PEEK(oparg)), it)) goto error;
        DISPATCH();
    }
    TARGET(SET_UPDATE) {
        Value it = POP();
        Set *s = (Set *)as_obj(PEEK(oparg));
        Value iter = obj_iter(I, it);
        if (is_null(iter)) goto error;
        for (;;) {
            Value v = obj_next(I, iter);
            if (is_null(v)) {
                if (err_occurred(I)) goto error;
                break;
            }
            if (set_add(I, s, v) < 0) goto error;
        }
        DISPATCH();
    }
    TARGET(DICT_UPDATE) {
        Value m = POP();
        if (!is_dict(I, m)) {
            Value keys = obj_getattr_opt(I, m, I->names.keys);
            if (is_null(keys)) {
                if (!err_occurred(I)) {
                    err_format(I, TY_TYPE_ERROR, "'%s' object is not a mapping",
                               type_name(I, m));
                }
                goto error;
            }
        }
        if (dict_update(I, as_dict(PEEK(oparg)), m) < 0) goto error;
        DISPATCH();
    }
    TARGET(DICT_MERGE) {
        Value m = POP();
        if (!dict_merge(I, as_dict(PEEK(oparg)), m, PEEK(oparg + 2))) goto error;
        DISPATCH();
    }
    TARGET(LIST_TO_TUPLE) {
        List *l = as_list(TOP());
        Tuple *t = tuple_from_array(I, l->items, l->len);
        if (!t) goto error;
        sp[-1] = v_obj(t);
        DISPATCH();
    }
    TARGET(FORMAT_VALUE) {
        Value spec = (oparg & 4) ? POP() : V_NULL;
        Value r = format_value(I, TOP(), spec, oparg);
        if (is_null(r)) goto error;
        sp[-1] = r;
        DISPATCH();
    }
    TARGET(UNPACK_SEQUENCE) {
        Value seq = POP();
        /* The sequence stays in its (now stale, still traced) slot while we iterate. */
        if (!unpack_sequence(I, seq, oparg, sp)) goto error;
        sp += oparg;
        DISPATCH();
    }
    TARGET(UNPACK_EX) {
        uint32_t before = oparg & 0xff, after = oparg >> 8;
        Value seq = POP();
        /* seq stays rooted in its stale slot sp[0] until unpack_ex has listed it. */
        if (!unpack_ex(I, seq, before, after, sp)) goto error;
        sp += before + after + 1;
        DISPATCH();
    }
    TARGET(JUMP) {
        const uint32_t *target = instrs + oparg;
        if (target < ip && !check_interrupt(I)) goto error;
        ip = target;
        DISPATCH();
    }
    TARGET(POP_JUMP_IF_FALSE) {
        Value v = POP();
        if (v.tag == KR_TBOOL) {
            if (!v.as.i) ip = instrs + oparg;
            DISPATCH();
        }
        int t = obj_truthy(I, v);
        if (t < 0) goto error;
        if (!t) ip = instrs + oparg;
        DISPATCH();
    }
    TARGET(POP_JUMP_IF_TRUE) {
        Value v = POP();
        if (v.tag == KR_TBOOL) {
            if (v.as.i) ip = instrs + oparg;
            DISPATCH();
        }
        int t = obj_truthy(I, v);
        if (t < 0) goto error;
        if (t) ip = instrs + oparg;
        DISPATCH();
    }
    TARGET(JUMP_IF_FALSE_OR_POP) {
        int t = obj_truthy(I, TOP());
        if (t < 0) goto error;
        if (!t) {
            ip = instrs + oparg;
        } else {
            sp--;
        }
        DISPATCH();
    }
    TARGET(JUMP_IF_TRUE_OR_POP) {
        int t = obj_truthy(I, TOP());
        if (t < 0) goto error;
        if (t) {
            ip = instrs + oparg;
        } else {
            sp--;
        }
        DISPATCH();
    }
    TARGET(GET_ITER) {
        Value it = obj_iter(I, TOP());
        if (is_null(it)) goto error;
        sp[-1] = it;
        DISPATCH();
    }
    TARGET(FOR_ITER) {
        Value it = TOP();
        Type *t = type_of(I, it);
        Value v = t->slots.next ? t->slots.next(I, it) : obj_next(I, it);
        if (v.tag != KR_TNULL) {
            PUSH(v);
            DISPATCH();
        }
        if (I->exc) {
            if (!err_matches(I, TY_STOP_ITERATION)) goto error;
            err_clear(I);
        }
        sp--;
        ip = instrs + oparg;
        DISPATCH();
    }
    TARGET(SETUP_FINALLY) {
        Block *b = &f->blocks[f->nblocks++];
        b->type = BLOCK_FINALLY;
        b->handler = oparg;
        b->level = (uint32_t)(sp - f->stack);
        b->exc = NULL;
        DISPATCH();
    }
    TARGET(POP_BLOCK) {
        f->nblocks--;
        DISPATCH();
    }
    TARGET(POP_EXCEPT) {
        /* The block's level is where the exception object sits. */
        Block *b = &f->blocks[--f->nblocks];
        (void)b;
        sp--;
        DISPATCH();
    }
    TARGET(RERAISE) {
        Value e = POP();
        err_restore(I, as_obj(e));
        reraise = true;
        goto error;
    }
    TARGET(CHECK_EXC_MATCH) {
        int r = check_exc_match(I, PEEK(2), TOP());
        if (r < 0) goto error;
        sp[-1] = v_bool(r);
        DISPATCH();
    }
    TARGET(RAISE_VARARGS) {
        if (oparg == 0) {
            Obj *h = frame_handled_exception(I);
            if (!h) {
                err_format(I, TY_RUNTIME_ERROR, "No active exception to reraise");
                goto error;
            }
            err_restore(I, h);
            reraise = true;
            goto error;
        }
        if (oparg == 2) {
            do_raise(I, PEEK(2), TOP(), true);
            sp -= 2;
        } else {
            do_raise(I, TOP(), V_NULL, false);
            sp--;
        }
        goto error;
    }
    TARGET(LOAD_ASSERTION_ERROR) {
        PUSH(v_obj(I->types[TY_ASSERTION_ERROR]));
        DISPATCH();
    }
    TARGET(SETUP_WITH) {
        Value mgr = TOP();
        Value exit = V_NULL;
        Value enter = setup_with_enter(I, mgr, &sp[0]);
        if (is_null(enter)) goto error;
        exit = sp[0];
        sp[-1] = exit;
        PUSH(enter); /* keep the bound __enter__ rooted during the call */
        Value r = obj_call(I, enter, 0, NULL, NULL);
        if (is_null(r)) goto error;
        sp--;
        Block *b = &f->blocks[f->nblocks++];
        b->type = BLOCK_FINALLY;
        b->handler = oparg;
        b->level = (uint32_t)(sp - f->stack);
        b->exc = NULL;
        PUSH(r);
        DISPATCH();
    }
    TARGET(WITH_EXCEPT_START) {
        Value exc = TOP();
        Value exit = PEEK(2);
        ExcObj *e = (ExcObj *)as_obj(exc);
        Value args[3] = {v_obj(type_of(I, exc)), exc,
                         e->traceback ? v_obj(e->traceback) : V_NONE};
        Value r = obj_call(I, exit, 3, args, NULL);
        if (is_null(r)) goto error;
        PUSH(r);
        DISPATCH();
    }
    TARGET(RETURN_VALUE) {
        retval = POP();
        f->state = FRAME_DONE;
        I->recursion_depth--;
        if (f->is_entry) goto leave;
        Frame *caller = f->back;
        frame_free(I, f);
        f = caller;
        vm->top = f;
        LOAD_FRAME();
        PUSH(retval);
        DISPATCH();
    }
    TARGET(YIELD_VALUE) {
        retval = POP();
        f->sp = sp;
        SAVE_PC();
        f->state = FRAME_SUSPENDED;
        I->recursion_depth--;
        goto leave;
    }
    TARGET(YIELD_FROM) {
        Value v = POP();
        bool returned;
        Value r = yield_from_step(I, TOP(), v, &returned);
        if (is_null(r)) goto error;
        if (returned) {
            sp[-1] = r;
            DISPATCH();
        }
        /* Suspend at this YIELD_FROM: resuming pushes the sent value and re-runs it. */
        retval = r;
        f->sp = sp;
        f->pc = (uint32_t)(ip - 1 - instrs);
        f->state = FRAME_SUSPENDED;
        I->recursion_depth--;
        goto leave;
    }
    TARGET(GET_YIELD_FROM_ITER) {
        Value v = TOP();
        if (!is_generator_like(I, v)) {
            Value it = obj_iter(I, v);
            if (is_null(it)) goto error;
            sp[-1] = it;
        }
        DISPATCH();
    }
    TARGET(GET_AWAITABLE) {
        Value it = get_awaitable(I, TOP());
        if (is_null(it)) goto error;
        sp[-1] = it;
        DISPATCH();
    }
    TARGET(GEN_START) {
        sp--;
        DISPATCH();
    }
    TARGET(KW_NAMES) {
        kwnames = as_tuple(consts[oparg]);
        DISPATCH();
    }
    {
        /* Shared tail of the call instructions: call fn with (self,) argv into res_base. */
        Function *fn;
        Value self;
        Value *argv;
        int argc;
        Tuple *kw;
        Value *res_base;

    TARGET(CALL) {
        kw = kwnames;
        kwnames = NULL;
        argv = sp - oparg;
        argc = (int)oparg;
        res_base = argv - 1;
        Value callable = argv[-1];
        if (callable.tag == KR_TOBJ) {
            int id = callable.as.o->type->id;
            if (id == TY_FUNCTION) {
                fn = (Function *)callable.as.o;
                self = V_NULL;
                goto call_function;
            }
            if (id == TY_BOUND_METHOD) {
                BoundMethod *bm = (BoundMethod *)callable.as.o;
                if (is_type_id(bm->func, TY_FUNCTION)) {
                    fn = (Function *)as_obj(bm->func);
                    self = bm->self;
                    goto call_function;
                }
            }
        }
        Value r = vm_call_other(I, callable, argc, argv, kw);
        if (is_null(r)) goto error;
        sp = res_base;
        PUSH(r);
        DISPATCH();
    }
    TARGET(CALL_METHOD) {
        kw = kwnames;
        kwnames = NULL;
        argv = sp - oparg;
        res_base = argv - 2;
        Value meth = argv[-2];
        if (is_null(argv[-1])) {
            argc = (int)oparg;
        } else {
            argv--;
            argc = (int)oparg + 1;
        }
        if (meth.tag == KR_TOBJ) {
            int id = meth.as.o->type->id;
            if (id == TY_FUNCTION) {
                fn = (Function *)meth.as.o;
                self = V_NULL;
                goto call_function;
            }
            if (id == TY_NATIVE_FUNC && argc > (int)oparg) {
                NativeFunc *nf = (NativeFunc *)meth.as.o;
                Value r = nf->fn(I, argc, argv, kw);
                if (is_null(r)) goto error;
                sp = res_base;
                PUSH(r);
                DISPATCH();
            }
            if (id == TY_BOUND_METHOD && argc == (int)oparg) {
                BoundMethod *bm = (BoundMethod *)meth.as.o;
                if (is_type_id(bm->func, TY_FUNCTION)) {
                    fn = (Function *)as_obj(bm->func);
                    self = bm->self;
                    goto call_function;
                }
            }
        }
        Value r = vm_call_other(I, meth, argc, argv, kw);
        if (is_null(r)) goto error;
        sp = res_base;
        PUSH(r);
        DISPATCH();
    }
    TARGET(CALL_EX) {
        Value kwargs = (oparg & 1) ? POP() : V_NULL;
        Value args = POP();
        Value callable = TOP();
        res_base = sp - 1;
        /* Keep the spread pieces rooted in their stale slots (traced) during the call. */
        Tuple *arr;
        if (!call_ex_spread(I, callable, args, kwargs, &arr, &argc, &kw)) goto error;
        sp[0] = v_obj(arr);
        if (kw) sp[1] = v_obj(kw);
        argv = arr->items;
        if (callable.tag == KR_TOBJ) {
            int id = callable.as.o->type->id;
            if (id == TY_FUNCTION) {
                fn = (Function *)callable.as.o;
                self = V_NULL;
                goto call_function;
            }
            if (id == TY_BOUND_METHOD) {
                BoundMethod *bm = (BoundMethod *)callable.as.o;
                if (is_type_id(bm->func, TY_FUNCTION)) {
                    fn = (Function *)as_obj(bm->func);
                    self = bm->self;
                    goto call_function;
                }
            }
        }
        Value r = vm_call_other(I, callable, argc, argv, kw);
        if (is_null(r)) goto error;
        sp = res_base;
        PUSH(r);
        DISPATCH();
    }
    call_function : {
        Frame *nf = call_bind(I, fn, self, argc, argv, kw);
        if (!nf) goto error;
        if (fn->code->flags & (CO_GENERATOR | CO_COROUTINE | CO_ASYNC_GENERATOR)) {
            Value g = generator_new(I, nf, fn);
            if (is_null(g)) {
                frame_free(I, nf);
                goto error;
            }
            sp = res_base;
            PUSH(g);
            DISPATCH();
        }
        if (I->recursion_depth >= I->recursion_limit) {
            frame_free(I, nf);
            err_recursion(I, "");
            goto error;
        }
        if (!check_interrupt(I)) {
            frame_free(I, nf);
            goto error;
        }
        f->sp = res_base;
        SAVE_PC();
        nf->back = f;
        nf->is_entry = false;
        nf->state = FRAME_RUNNING;
        nf->temp_mark = I->ntemp;
        I->recursion_depth++;
        f = nf;
        vm->top = f;
        LOAD_FRAME();
        DISPATCH();
    }
    }
    TARGET(MAKE_FUNCTION) {
        uint32_t n = 1 + !!(oparg & 1) + !!(oparg & 2) + !!(oparg & 4) + !!(oparg & 8);
        Value fnv = make_function(I, f, oparg, sp - n);
        if (is_null(fnv)) goto error;
        sp -= n;
        PUSH(fnv);
        DISPATCH();
    }
    TARGET(BUILD_CLASS) {
        Tuple *kw = kwnames;
        kwnames = NULL;
        Value *base = sp - oparg - 2;
        SAVE_PC();
        Value cls = build_class(I, f, base, oparg, kw);
        if (is_null(cls)) goto error;
        sp = base;
        PUSH(cls);
        DISPATCH();
    }
    TARGET(IMPORT_NAME) {
        Value fromlist = POP();
        Value levelv = TOP();
        int level = levelv.tag == KR_TINT ? (int)levelv.as.i : 0;
        SAVE_PC();
        Value m = vm_import(I, names[oparg], v_obj(f->globals), fromlist, level);
        if (is_null(m)) goto error;
        sp[-1] = m;
        DISPATCH();
    }
    TARGET(IMPORT_FROM) {
        Value v = import_from(I, TOP(), names[oparg]);
        if (is_null(v)) goto error;
        PUSH(v);
        DISPATCH();
    }
    TARGET(IMPORT_STAR) {
        Value m = POP();
        if (!import_star(I, f, m)) goto error;
        DISPATCH();
    }
    TARGET(SETUP_ANNOTATIONS) {
        Dict *d = f->locals ? f->locals : f->globals;
        if (is_null(dict_get_str(d, I->names.annotations))) {
            Dict *a = dict_new(I);
            if (!a || dict_set_str(I, d, I->names.annotations, v_obj(a)) < 0) goto error;
        }
        DISPATCH();
    }
    TARGET(PRINT_EXPR) {
        Value v = TOP();
        if (!print_expr(I, v)) goto error;
        sp--;
        DISPATCH();
    }

#if !VM_COMPUTED_GOTO
    default:
        err_format(I, TY_SYSTEM_ERROR, "unknown opcode %u", (unsigned)INSTR_OP(word));
        goto error;
    }
#endif

error:
    /* An exception is pending (I->exc). Record where, then look for a handler. */
    kwnames = NULL;
    if (!I->exc) err_format(I, TY_SYSTEM_ERROR, "error return without exception set");
    SAVE_PC();
    if (!reraise) {
        ExcObj *e = (ExcObj *)I->exc;
        if (!e->traceback && is_none(e->context)) vm_set_context(I, I->exc);
        traceback_add(I, I->exc, f); /* on OOM the entry is lost; unwinding goes on */
    }
    reraise = false;
    while (f->nblocks > 0) {
        Block *b = &f->blocks[--f->nblocks];
        sp = f->stack + b->level;
        if (b->type == BLOCK_EXCEPT_HANDLER) continue;
        Obj *exc = I->exc;
        I->exc = NULL;
        Block *h = &f->blocks[f->nblocks++];
        h->type = BLOCK_EXCEPT_HANDLER;
        h->exc = exc;
        /* h->level stays: the exception object sits at that depth. */
        PUSH(v_obj(exc));
        ip = instrs + h->handler;
        DISPATCH();
    }
    /* No handler here: the frame is finished and the exception goes to the caller. */
    f->state = FRAME_DONE;
    I->recursion_depth--;
    if (f->is_entry) {
        retval = V_NULL;
        goto leave;
    }
    {
        Frame *caller = f->back;
        frame_free(I, f);
        f = caller;
        vm->top = f;
        LOAD_FRAME();
        goto error;
    }

leave:
    /* Leaving this activation (return, yield or exception) back to C. The result is pushed
     * on the caller's temp roots: the frame that held it may be freed right away. */
    vm->top = f->back;
    vm->reentry_depth--;
    I->ntemp = f->temp_mark;
    if (!is_null(retval) && retval.tag == KR_TOBJ && !gc_temp_push(I, retval)) {
        return V_NULL;
    }
    return retval;
#undef LOAD_FRAME
#undef SAVE_PC
#undef PUSH
#undef POP
#undef TOP
#undef PEEK
#undef TARGET
#undef DISPATCH
}
