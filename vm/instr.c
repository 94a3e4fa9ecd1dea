/* instr.c: the out-of-line parts of the VM's instructions: error paths, unpacking, calls
 * that spread arguments, function and class creation, imports, `with`, `await` and
 * `yield from`. vm.c keeps only the hot paths inline in the dispatch loop and calls these,
 * which keeps the loop small enough to stay in the instruction cache. */
#include <string.h>

#include "dict.h"
#include "error.h"
#include "frame.h"
#include "number.h"
#include "opcodes.h"
#include "seq.h"
#include "str.h"
#include "vm.h"

static inline bool is_type_id(Value v, int id) {
    return v.tag == KR_TOBJ && v.as.o->type->id == id;
}

/* ---- error helpers (cold) ------------------------------------------------------------ */

Value instr_err_unbound_local(Interp *I, Str *name) {
    return err_format(I, TY_UNBOUND_LOCAL_ERROR,
                      "cannot access local variable '%s' where it is not associated with a value",
                      name->data);
}

Str *instr_cell_name(Code *co, uint32_t i) {
    return i < co->ncellvars ? co->cellvars[i] : co->freevars[i - co->ncellvars];
}

Value instr_err_unbound_deref(Interp *I, Code *co, uint32_t i) {
    if (i < co->ncellvars) return instr_err_unbound_local(I, co->cellvars[i]);
    return err_format(I, TY_NAME_ERROR,
                      "cannot access free variable '%s' where it is not associated with a value"
                      " in enclosing scope",
                      instr_cell_name(co, i)->data);
}

/* Fill slot i of the pending exception's attribute tuple (ExcObj.extra: ImportError's
 * (name, path), NameError's (name,)) after raising it with err_format. */
static void exc_set_attr(Interp *I, size_t i, Value v) {
    if (!I->exc) return;
    ExcObj *e = (ExcObj *)I->exc;
    if (is_obj(e->extra) && as_obj(e->extra)->type->id == TY_TUPLE && as_tuple(e->extra)->len > i) {
        as_tuple(e->extra)->items[i] = v;
    }
}

Value instr_err_name(Interp *I, Str *name) {
    err_format(I, TY_NAME_ERROR, "name '%s' is not defined", name->data);
    exc_set_attr(I, 0, v_obj(name));
    return V_NULL;
}

Value instr_err_recursion(Interp *I, const char *where) {
    return err_format(I, TY_RECURSION_ERROR, "maximum recursion depth exceeded%s", where);
}

/* Set exc.__context__ to the handled exception as CPython's _PyErr_SetObject does,
 * breaking a cycle if exc is already in the handled exception's context chain. */
void instr_set_context(Interp *I, Obj *exc) {
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
        if (!is_exc_instance(I, r)) return err_not_exception(I, v, r, true);
        return r;
    }
    if (is_exc_instance(I, v)) return v;
    return err_format(I, TY_TYPE_ERROR, "%s", what);
}

/* RAISE_VARARGS 1 and 2. Returns false with the exception pending. */
void instr_do_raise(Interp *I, Value exc, Value cause, bool has_cause) {
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
    instr_set_context(I, as_obj(e));
    err_restore(I, as_obj(e));
}

/* Look a special method up on the type only (as CPython's _PyObject_LookupSpecial) and
 * bind it. Three-way: 1 with *out set, 0 when the type has none, -1 after raising (the
 * descriptor's __get__ failed). */
static int special_lookup(Interp *I, Value obj, Str *name, Value *out) {
    Type *t = type_of(I, obj);
    *out = type_lookup(I, t, name);
    if (is_null(*out)) return 0;
    Type *mt = type_of(I, *out);
    if (mt->slots.descr_get) *out = mt->slots.descr_get(I, *out, obj, t);
    return is_null(*out) ? -1 : 1;
}

int instr_special_lookup(Interp *I, Value obj, Str *name, Value *out) {
    return special_lookup(I, obj, name, out);
}

int instr_check_exc_match(Interp *I, Value exc, Value match) {
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
bool instr_unpack_sequence(Interp *I, Value seq, uint32_t n, Value *dst) {
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
            for (uint32_t i = 0; i < n; i++)
                dst[n - 1 - i] = items[i];
            return true;
        }
        if (len < n) {
            err_format(I, TY_VALUE_ERROR, "not enough values to unpack (expected %u, got %zu)", n,
                       len);
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
        Value v;
        int got = obj_next_item(I, it, &v);
        if (got <= 0) {
            if (got == 0)
                err_format(I, TY_VALUE_ERROR, "not enough values to unpack (expected %u, got %u)",
                           n, i);
            return false;
        }
        dst[n - 1 - i] = v;
    }
    Value extra;
    int got = obj_next_item(I, it, &extra);
    if (got > 0) {
        err_format(I, TY_VALUE_ERROR, "too many values to unpack (expected %u)", n);
        return false;
    }
    return got == 0;
}

/* UNPACK_EX: before items, a list, after items; item 0 on top. dst has before+after+1. */
bool instr_unpack_ex(Interp *I, Value seq, uint32_t before, uint32_t after, Value *dst) {
    Type *t = type_of(I, seq);
    if (!t->slots.iter && !t->slots.getitem) {
        err_format(I, TY_TYPE_ERROR, "cannot unpack non-iterable %s object", t->name->data);
        return false;
    }
    List *l = list_from_iter(I, seq);
    if (!l) return false;
    size_t n = l->len;
    if (n < (size_t)before + after) {
        err_format(I, TY_VALUE_ERROR, "not enough values to unpack (expected at least %u, got %zu)",
                   before + after, n);
        return false;
    }
    uint32_t total = before + after + 1;
    /* dst[total-1] is item 0 (top). */
    for (uint32_t i = 0; i < before; i++)
        dst[total - 1 - i] = l->items[i];
    for (uint32_t j = 0; j < after; j++)
        dst[after - 1 - j] = l->items[n - after + j];
    /* The middle becomes a fresh list: reuse l by sliding the middle to its front. */
    size_t mid = n - before - after;
    if (mid) memmove(l->items, l->items + before, mid * sizeof(Value)); /* items may be NULL */
    l->len = mid;
    dst[after] = v_obj(l);
    return true;
}

Value instr_build_string(Interp *I, Value *items, uint32_t n) {
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

/* BUILD_TEMPLATE: items[0] the strings, then n quadruples; the classes are Python
 * (stdlib/py/string__templatelib.py), its _template builds one without re-checking. */
Value instr_build_template(Interp *I, Value *items, uint32_t n) {
    Tuple *parts = tuple_new(I, 4 * (size_t)n);
    if (!parts) return V_NULL;
    for (uint32_t i = 0; i < 4 * n; i++)
        parts->items[i] = items[1 + i];
    Value args[2] = {items[0], v_obj(parts)};
    return vm_call_frozen(I, "string.templatelib", "_template", 2, args);
}

Value instr_format_value(Interp *I, Value v, Value spec, uint32_t conv) {
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
bool instr_dict_merge(Interp *I, Dict *d, Value m, Value callable) {
    if (!is_dict(I, m)) {
        Value keys;
        int has = obj_lookup_attr(I, m, I->names.keys, &keys);
        if (has <= 0) {
            if (has < 0) return false;
            Str *fs = call_func_str(I, callable);
            if (!fs) return false;
            err_format(I, TY_TYPE_ERROR, "%s argument after ** must be a mapping, not %s", fs->data,
                       type_name(I, m));
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
bool instr_call_ex_spread(Interp *I, Value callable, Value args, Value kwargs, Tuple **argvout,
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
        if (!kw || !instr_dict_merge(I, kw, kwargs, callable)) return false;
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
    *argc = (int)pos->len;
    *kwnames = names;
    return true;
}

Value instr_make_function(Interp *I, Frame *f, uint32_t flags, Value *args) {
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

/* PEP 560: a base that is not a class supplies its replacements through
 * __mro_entries__(bases) (typing's Generic[T], List[int]...). *orig is set to the bases as
 * written when any was replaced (they become __orig_bases__). */
static Tuple *resolve_mro_entries(Interp *I, Value *items, uint32_t n, Tuple **orig) {
    Tuple *given = tuple_from_array(I, items, n);
    if (!given) return NULL;
    List *out = NULL;
    Str *me = str_intern_cstr(I, "__mro_entries__");
    if (!me) return NULL;
    for (uint32_t i = 0; i < n; i++) {
        Value b = given->items[i];
        Value f = V_NULL;
        if (!(is_obj(b) && type_is_subtype(type_of(I, b), I->types[TY_TYPE]))) {
            if (obj_lookup_attr(I, b, me, &f) < 0) return NULL;
        }
        if (is_null(f)) {
            if (out && !list_append(I, out, b)) return NULL;
            continue;
        }
        if (!out) {
            out = list_from_array(I, given->items, i);
            if (!out) return NULL;
        }
        Value arg = v_obj(given);
        Value r = obj_call(I, f, 1, &arg, NULL);
        if (is_null(r)) return NULL;
        if (!is_obj(r) || as_obj(r)->type->id != TY_TUPLE) {
            err_format(I, TY_TYPE_ERROR, "__mro_entries__ must return a tuple");
            return NULL;
        }
        for (size_t k = 0; k < as_tuple(r)->len; k++)
            if (!list_append(I, out, as_tuple(r)->items[k])) return NULL;
    }
    if (!out) return given;
    *orig = given;
    return tuple_from_array(I, out->items, out->len);
}

/* BUILD_CLASS: args = [body, name, bases/keyword values...]. Keywords other than
 * metaclass= go to __init_subclass__; metaclasses are outside the subset. */
Value instr_build_class(Interp *I, Frame *f, Value *args, uint32_t n, Tuple *kwnames) {
    Value meta = V_NULL;
    if (kwnames && kwnames->len) {
        /* metaclass= is taken out; the other keywords go to the metaclass call */
        Str *mk = str_intern_cstr(I, "metaclass");
        size_t npos = n - kwnames->len;
        for (size_t i = 0; i < kwnames->len; i++) {
            if (!str_eq(as_str(kwnames->items[i]), mk)) continue;
            meta = args[2 + npos + i];
            Tuple *rest = tuple_new(I, kwnames->len - 1);
            if (!rest) return V_NULL;
            for (size_t k = 0, j = 0; k < kwnames->len; k++) {
                if (k == i) continue;
                rest->items[j] = kwnames->items[k];
                args[2 + npos + j++] = args[2 + npos + k];
            }
            kwnames = rest->len ? rest : NULL;
            n--;
            break;
        }
    }
    if (!is_type_id(args[0], TY_FUNCTION)) {
        return err_format(I, TY_TYPE_ERROR, "__build_class__: func must be a function");
    }
    if (!is_str(I, args[1])) {
        return err_format(I, TY_TYPE_ERROR, "__build_class__: name is not a string");
    }
    Function *body = (Function *)as_obj(args[0]);
    n -= kwnames ? (uint32_t)kwnames->len : 0; /* the count includes keyword values */
    Tuple *bases;
    Tuple *orig_bases = NULL;
    if (n == 0) {
        bases = I->empty_tuple; /* type.__new__ makes it (object,) */
    } else {
        bases = resolve_mro_entries(I, args + 2, n, &orig_bases);
    }
    if (!bases) return V_NULL;
    /* The metaclass: the explicit one or type, made the most derived among the bases'. */
    Type *mt = I->types[TY_TYPE];
    if (!is_null(meta)) {
        if (!is_obj(meta) || !type_is_subtype(type_of(I, meta), I->types[TY_TYPE]))
            return err_format(I, TY_NOT_IMPLEMENTED_ERROR,
                              "krait: a metaclass must be a class (a subclass of type)");
        mt = (Type *)as_obj(meta);
    }
    if (type_is_subtype(mt, I->types[TY_TYPE])) {
        mt = type_calculate_meta(I, mt, bases);
        if (!mt) return V_NULL;
    }
    size_t nkw = kwnames ? kwnames->len : 0;
    Value prep = V_NULL;
    if (mt != I->types[TY_TYPE]) {
        Str *pn = str_intern_cstr(I, "__prepare__");
        if (!pn) return V_NULL;
        prep = type_getattr_opt(I, v_obj(mt), pn);
        if (is_null(prep) && err_occurred(I)) return V_NULL;
    }
    Dict *ns;
    if (!is_null(prep)) {
        /* meta.__prepare__(name, bases, **kw): the mapping the body runs in */
        Value pargs[2 + 16];
        if (nkw > 16)
            return err_format(I, TY_NOT_IMPLEMENTED_ERROR, "krait: too many class keywords");
        pargs[0] = args[1];
        pargs[1] = v_obj(bases);
        for (size_t k = 0; k < nkw; k++)
            pargs[2 + k] = args[2 + n + k];
        Value r = obj_call(I, prep, 2, pargs, kwnames);
        if (is_null(r)) return V_NULL;
        if (!is_dict(I, r))
            return err_format(I, TY_NOT_IMPLEMENTED_ERROR,
                              "krait: __prepare__ must return a dict (or a dict subclass), not %s",
                              type_name(I, r));
        ns = as_dict(r);
    } else {
        ns = dict_new(I);
        if (!ns) return V_NULL;
    }
    if (orig_bases &&
        dict_set_str(I, ns, str_intern_cstr(I, "__orig_bases__"), v_obj(orig_bases)) < 0)
        return V_NULL;
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
    Value cls;
    Value *kwv = args + 2 + n;
    if (mt == I->types[TY_TYPE]) {
        Type *t = type_new_heap_kw(I, as_str(args[1]), bases, ns, kwv, kwnames);
        if (!t) return V_NULL;
        cls = v_obj(t);
    } else {
        /* meta(name, bases, ns, **kw): its __new__ and __init__ run */
        size_t nk = kwnames ? kwnames->len : 0;
        Value *cargs = mem_alloc(I, (3 + nk) * sizeof(Value));
        if (!cargs) return V_NULL;
        cargs[0] = args[1];
        cargs[1] = v_obj(bases);
        cargs[2] = v_obj(ns);
        for (size_t k = 0; k < nk; k++)
            cargs[3 + k] = kwv[k];
        cls = obj_call(I, v_obj(mt), 3, cargs, kwnames);
        mem_free(I, cargs, (3 + nk) * sizeof(Value));
        if (is_null(cls)) return V_NULL;
    }
    if (is_type_id(cell, TY_CELL)) ((Cell *)as_obj(cell))->contents = cls;
    return cls;
}

/* Whether mod's body is still running (a circular import): some module-level frame up the
 * chain runs with its dict as globals. */
static bool module_initializing(Interp *I, Value mod) {
    Dict **dp = obj_dict_ptr(I, mod);
    if (!dp || !*dp) return false;
    for (Frame *fr = I->vm->top; fr; fr = fr->back)
        if (fr->globals == *dp && (fr->code->flags & CO_MODULE)) return true;
    return false;
}

Value instr_import_from(Interp *I, Value mod, Str *name) {
    Value v;
    if (obj_lookup_attr(I, mod, name, &v) != 0) return v; /* found, or raised (V_NULL) */
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
    const char *mname =
        (!is_null(pkgname) && is_str(I, pkgname)) ? as_str(pkgname)->data : "<unknown module name>";
    Value file = obj_getattr_opt(I, mod, I->names.file);
    if (is_null(file)) err_clear(I);
    if (!is_null(file) && is_str(I, file) && module_initializing(I, mod)) {
        err_format(I, TY_IMPORT_ERROR,
                   "cannot import name '%s' from partially initialized module '%s' (most likely "
                   "due to a circular import) (%s)",
                   name->data, mname, as_str(file)->data);
        exc_set_attr(I, 1, file);
    } else if (!is_null(file) && is_str(I, file)) {
        err_format(I, TY_IMPORT_ERROR, "cannot import name '%s' from '%s' (%s)", name->data, mname,
                   as_str(file)->data);
        exc_set_attr(I, 1, file);
    } else {
        err_format(I, TY_IMPORT_ERROR, "cannot import name '%s' from '%s' (unknown location)",
                   name->data, mname);
    }
    if (!is_null(pkgname)) exc_set_attr(I, 0, pkgname);
    return V_NULL;
}

bool instr_import_star(Interp *I, Frame *f, Value mod) {
    Dict *locals = f->locals ? f->locals : f->globals;
    Value all;
    int has = obj_lookup_attr(I, mod, I->names.all, &all);
    if (has < 0) return false;
    if (has) {
        Value it = obj_iter(I, all);
        if (is_null(it)) return false;
        for (;;) {
            Value name;
            int got = obj_next_item(I, it, &name);
            if (got <= 0) return got == 0;
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
        /* not a module (a class, an instance put in sys.modules): as CPython, the public
         * names of its __dict__ mapping, each read with getattr */
        Value d;
        int hd = obj_lookup_attr(I, mod, I->names.dict, &d);
        if (hd < 0) return false;
        if (hd == 0) {
            err_format(I, TY_IMPORT_ERROR, "from-import-* object has no __dict__ and no __all__");
            return false;
        }
        List *keys = list_from_iter(I, d);
        if (!keys) return false;
        Value keep = v_obj(keys); /* rooted as a temporary while the getattrs run */
        for (size_t i = 0; i < as_list(keep)->len; i++) {
            Value k = as_list(keep)->items[i];
            if (!is_str(I, k) || as_str(k)->data[0] == '_') continue;
            Value v = obj_getattr(I, mod, as_str(k));
            if (is_null(v) || dict_set(I, locals, k, v) < 0) return false;
        }
        return true;
    }
    if (!module_lazy_complete(I, *dp)) return false;
    size_t pos = 0;
    Value k, v;
    while (dict_next(*dp, &pos, &k, &v)) {
        if (is_str(I, k) && as_str(k)->data[0] == '_') continue;
        if (dict_set(I, locals, k, v) < 0) return false;
    }
    return true;
}

bool instr_print_expr(Interp *I, Value v) {
    if (is_none(v)) return true;
    Value r = obj_repr(I, v);
    if (is_null(r)) return false;
    io_write_out(I, as_str(r)->data, as_str(r)->len);
    io_write_out(I, "\n", 1);
    Str *underscore = str_intern_cstr(I, "_");
    return underscore && dict_set_str(I, I->builtins->dict, underscore, v) == 0;
}

Value instr_get_awaitable(Interp *I, Value v) {
    if (is_type_id(v, TY_COROUTINE)) return v;
    if (is_type_id(v, TY_GENERATOR) && ((Generator *)as_obj(v))->iterable_coro) return v;
    Value m;
    int has = special_lookup(I, v, I->names.await_, &m);
    if (has <= 0) {
        if (has < 0) return V_NULL;
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
Value instr_yield_from_step(Interp *I, Value sub, Value v, bool *returned) {
    *returned = false;
    if (is_generator_like(I, sub))
        return gen_resume(I, (Generator *)as_obj(sub), v, false, returned);
    Value r;
    if (is_none(v) && (type_of(I, sub)->flags & TF_HEAPTYPE)) {
        /* A class's __next__ may end with StopIteration(value): keep the value, which the
         * next slot would drop. */
        r = obj_call_method(I, sub, I->names.next, 0, NULL);
    } else if (is_none(v)) {
        if (obj_next_item(I, sub, &r) == 0) {
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

Value instr_setup_with_enter(Interp *I, Value mgr, Value *exit_out) {
    Value enter;
    int has = special_lookup(I, mgr, I->names.enter, &enter);
    if (has <= 0) {
        if (has == 0) {
            err_format(I, TY_TYPE_ERROR,
                       "'%s' object does not support the context manager protocol",
                       type_name(I, mgr));
        }
        return V_NULL;
    }
    *exit_out = enter; /* keep it rooted in the caller's slot while looking up __exit__ */
    Value exit;
    has = special_lookup(I, mgr, I->names.exit, &exit);
    if (has <= 0) {
        if (has == 0) {
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

/* ---- async for / async with (CPython 3.10's messages) ---- */

Value instr_async_get_aiter(Interp *I, Value obj) {
    Value m;
    int has = special_lookup(I, obj, I->names.aiter, &m);
    if (has <= 0) {
        if (has < 0) return V_NULL;
        return err_format(I, TY_TYPE_ERROR,
                          "'async for' requires an object with __aiter__ method, got %s",
                          type_name(I, obj));
    }
    Value it = obj_call(I, m, 0, NULL, NULL);
    if (is_null(it)) return it;
    if (is_null(type_lookup(I, type_of(I, it), I->names.anext))) {
        return err_format(I, TY_TYPE_ERROR,
                          "'async for' received an object from __aiter__ that does not "
                          "implement __anext__: %s",
                          type_name(I, it));
    }
    return it;
}

Value instr_async_get_anext(Interp *I, Value aiter) {
    Value m;
    int has = special_lookup(I, aiter, I->names.anext, &m);
    if (has <= 0) {
        if (has < 0) return V_NULL;
        return err_format(I, TY_TYPE_ERROR,
                          "'async for' requires an iterator with __anext__ method, got %s",
                          type_name(I, aiter));
    }
    Value next = obj_call(I, m, 0, NULL, NULL);
    if (is_null(next)) return next;
    if (!gc_temp_push(I, next)) return V_NULL;
    Value aw = instr_get_awaitable(I, next);
    if (is_null(aw) && err_matches(I, TY_TYPE_ERROR)) {
        err_clear(I);
        return err_format(I, TY_TYPE_ERROR,
                          "'async for' received an invalid object from __anext__: %s",
                          type_name(I, next));
    }
    return aw;
}

/* BEFORE_ASYNC_WITH: returns the bound __aenter__ and leaves the bound __aexit__ in
 * *exit_out (a stack slot, so it stays rooted). */
Value instr_async_with_enter(Interp *I, Value mgr, Value *exit_out) {
    Value enter;
    int has = special_lookup(I, mgr, I->names.aenter, &enter);
    if (has <= 0) {
        if (has == 0) {
            err_format(I, TY_TYPE_ERROR,
                       "'%s' object does not support the asynchronous context manager protocol",
                       type_name(I, mgr));
        }
        return V_NULL;
    }
    *exit_out = enter;
    Value exit;
    has = special_lookup(I, mgr, I->names.aexit, &exit);
    if (has <= 0) {
        if (has == 0) {
            err_format(I, TY_TYPE_ERROR,
                       "'%s' object does not support the asynchronous context manager protocol "
                       "(missed __aexit__ method)",
                       type_name(I, mgr));
        }
        return V_NULL;
    }
    if (!gc_temp_push(I, enter)) return V_NULL;
    *exit_out = exit;
    return enter;
}

/* A call to something that is not a Python function. CPython counts calls through tp_call
 * (classes, instances with __call__) against the recursion limit with this message. */
Value instr_call_other(Interp *I, Value callable, int argc, Value *argv, Tuple *kwnames) {
    if (is_type_id(callable, TY_NATIVE_FUNC)) {
        NativeFunc *nf = (NativeFunc *)as_obj(callable);
        /* A plain builtin (len, print): no self to prepend, no owner to check. */
        if (is_null(nf->self) && !nf->owner) {
            Obj *before = I->exc;
            return err_native_result(I, before, nf->fn(I, argc, argv, kwnames));
        }
        return obj_call(I, callable, argc, argv, kwnames);
    }
    if (I->recursion_depth >= I->recursion_limit) {
        return instr_err_recursion(I, " while calling a Python object");
    }
    I->recursion_depth++;
    Value r = obj_call(I, callable, argc, argv, kwnames);
    I->recursion_depth--;
    return r;
}
