/* native.c: builtin functions and methods, bound methods, getset descriptors, modules, and
 * the argument parsing natives share.
 *
 * A NativeFunc is both a module's function ("<built-in function len>") and a type's method:
 * an unbound method has an owner type, and its descr_get makes a bound copy with self set
 * ("<built-in method append of list object at 0x...>"). Natives use the vectorcall
 * convention, so calling a bound native or a BoundMethod only prepends self, on the C stack
 * for small calls. */
#include <stdio.h>
#include <string.h>

#include "dict.h"
#include "error.h"
#include "gc.h"
#include "number.h"
#include "seq.h"
#include "str.h"

#define SMALL_ARGV 8

/* ---- native functions -------------------------------------------------------------- */

static void native_trace(Interp *I, Obj *o) {
    NativeFunc *f = (NativeFunc *)o;
    gc_mark_obj(I, (Obj *)f->name);
    gc_mark_obj(I, (Obj *)f->owner);
    gc_mark_value(I, f->self);
    gc_mark_obj(I, (Obj *)f->module);
}

Value native_func_new(Interp *I, const char *name, NativeFn fn, unsigned flags, Module *m) {
    Str *s = str_intern_cstr(I, name);
    if (!s) return V_NULL;
    NativeFunc *f = gc_new(I, I->types[TY_NATIVE_FUNC], sizeof(NativeFunc));
    if (!f) return V_NULL;
    f->name = s;
    f->fn = fn;
    f->flags = flags;
    f->module = m;
    f->self = V_NULL;
    return v_obj(f);
}

Value native_method_new(Interp *I, Type *owner, const MethodDef *def) {
    Value v = native_func_new(I, def->name, def->fn, def->flags, NULL);
    if (!is_null(v)) ((NativeFunc *)v.as.o)->owner = owner;
    return v;
}

static Value native_bind(Interp *I, NativeFunc *f, Value self) {
    NativeFunc *b = gc_new(I, I->types[TY_NATIVE_FUNC], sizeof(NativeFunc));
    if (!b) return V_NULL;
    b->name = f->name;
    b->fn = f->fn;
    b->flags = f->flags;
    b->owner = f->owner;
    b->module = f->module;
    b->self = self;
    return v_obj(b);
}

static Value native_call(Interp *I, Value fv, int argc, Value *argv, Tuple *kw) {
    NativeFunc *f = (NativeFunc *)fv.as.o;
    if (!is_null(f->self)) {
        size_t rest = (size_t)argc + (kw ? kw->len : 0);
        Value small[SMALL_ARGV];
        Value *buf = small;
        if (rest + 1 > SMALL_ARGV) {
            buf = mem_alloc(I, (rest + 1) * sizeof(Value));
            if (!buf) return V_NULL;
        }
        buf[0] = f->self;
        if (rest) memcpy(buf + 1, argv, rest * sizeof(Value));
        Obj *before = I->exc;
        Value r = f->fn(I, argc + 1, buf, kw);
        if (buf != small) mem_free(I, buf, (rest + 1) * sizeof(Value));
        return err_native_result(I, before, r);
    }
    if (f->owner && !(f->flags & METH_STATIC)) {
        /* an unbound method called directly: list.append(l, x) */
        if (argc < 1)
            return err_format(I, TY_TYPE_ERROR, "unbound method %s.%s() needs an argument",
                              f->owner->name->data, f->name->data);
        if (f->flags & METH_CLASS) {
            if (!is_obj(argv[0]) || argv[0].as.o->type != I->types[TY_TYPE] ||
                !type_is_subtype((Type *)argv[0].as.o, f->owner))
                return err_format(I, TY_TYPE_ERROR,
                                  "descriptor '%s' for type '%s' needs a subtype of '%s'",
                                  f->name->data, f->owner->name->data, f->owner->name->data);
        } else if (!is_instance(I, argv[0], f->owner)) {
            return err_format(I, TY_TYPE_ERROR,
                              "descriptor '%s' for '%s' objects doesn't apply to a '%s' object",
                              f->name->data, f->owner->name->data, type_name(I, argv[0]));
        }
    }
    Obj *before = I->exc;
    return err_native_result(I, before, f->fn(I, argc, argv, kw));
}

static Value native_descr_get(Interp *I, Value descr, Value obj, Type *owner) {
    NativeFunc *f = (NativeFunc *)descr.as.o;
    if (!f->owner || !is_null(f->self) || (f->flags & METH_STATIC)) return descr;
    if (f->flags & METH_CLASS) {
        Type *t = owner ? owner : type_of(I, obj);
        return native_bind(I, f, v_obj(t));
    }
    if (is_null(obj)) return descr;
    return native_bind(I, f, obj);
}

static Value native_repr(Interp *I, Value self) {
    NativeFunc *f = (NativeFunc *)self.as.o;
    if (!f->owner) return v_obj(str_printf(I, "<built-in function %s>", f->name->data));
    if (is_null(f->self))
        return v_obj(
            str_printf(I, "<method '%s' of '%s' objects>", f->name->data, f->owner->name->data));
    return v_obj(str_printf(I, "<built-in method %s of %s object at %p>", f->name->data,
                            type_name(I, f->self), (void *)f->self.as.o));
}

static Value native_richcompare(Interp *I, Value a, Value b, int op) {
    if ((op != CMP_EQ && op != CMP_NE) || type_of(I, b) != type_of(I, a)) return v_notimpl(I);
    NativeFunc *x = (NativeFunc *)a.as.o, *y = (NativeFunc *)b.as.o;
    bool eq = x->fn == y->fn && x->owner == y->owner && v_is(x->self, y->self);
    return v_bool(op == CMP_EQ ? eq : !eq);
}

static int native_hash(Interp *I, Value self, int64_t *out) {
    NativeFunc *f = (NativeFunc *)self.as.o;
    int64_t h = (int64_t)((uintptr_t)f->fn >> 4);
    if (!is_null(f->self)) {
        /* by the identity of self, as CPython's meth_hash: [].pop is hashable */
        int64_t hs;
        if (is_obj(f->self))
            hs = (int64_t)((uintptr_t)f->self.as.o >> 4);
        else if (obj_hash(I, f->self, &hs) < 0)
            return -1;
        h ^= hs;
    }
    *out = h == -1 ? -2 : h;
    return 0;
}

/* ---- docstrings of native objects (I->hooks.builtin_doc's table) ---------------------- */

Value native_doc_lookup(Interp *I, const char *key, bool want_sig) {
    const char *sig = NULL;
    const char *doc = I->hooks.builtin_doc ? I->hooks.builtin_doc(key, &sig) : NULL;
    const char *s = want_sig ? sig : doc;
    if (!s) return V_NONE;
    Str *r = str_from_cstr(I, s);
    return r ? v_obj(r) : V_NULL;
}

const char *type_module_cstr(Interp *I, Type *t) {
    if (t->flags & TF_HEAPTYPE) {
        Value m = dict_get_str(t->tdict, I->names.module);
        return !is_null(m) && is_str(I, m) ? as_str(m)->data : "builtins";
    }
    return t->module ? t->module->data : "builtins";
}

/* The table's key of type t's attribute `attr` (NULL: of t itself): "str.split",
 * "collections.deque.append". False when it does not fit. */
bool type_doc_key(Interp *I, Type *t, const char *attr, char *buf, size_t cap) {
    const char *mod = type_module_cstr(I, t);
    bool builtin = strcmp(mod, "builtins") == 0;
    int n = snprintf(buf, cap, "%s%s%s%s%s", builtin ? "" : mod, builtin ? "" : ".", t->name->data,
                     attr ? "." : "", attr ? attr : "");
    return n > 0 && (size_t)n < cap;
}

static Value native_doc(Interp *I, NativeFunc *f, bool want_sig) {
    char key[256];
    int n;
    if (f->owner) {
        if (!type_doc_key(I, f->owner, f->name->data, key, sizeof key)) return V_NONE;
    } else {
        const char *mod = f->module ? f->module->name->data : "builtins";
        bool builtin = strcmp(mod, "builtins") == 0;
        n = snprintf(key, sizeof key, "%s%s%s", builtin ? "" : mod, builtin ? "" : ".",
                     f->name->data);
        if (n <= 0 || (size_t)n >= sizeof key) return V_NONE;
    }
    return native_doc_lookup(I, key, want_sig);
}

static Value native_getattr(Interp *I, Value self, Str *name) {
    NativeFunc *f = (NativeFunc *)self.as.o;
    if (name == I->names.name) return v_obj(f->name);
    if (name == I->names.qualname) {
        if (!f->owner) return v_obj(f->name);
        return v_obj(str_printf(I, "%s.%s", f->owner->name->data, f->name->data));
    }
    if (name == I->names.doc) return native_doc(I, f, false);
    if (strcmp(name->data, "__text_signature__") == 0) return native_doc(I, f, true);
    if (name == I->names.module) return f->module ? v_obj(f->module->name) : V_NONE;
    if (strcmp(name->data, "__self__") == 0) {
        if (!is_null(f->self)) return f->self;
        return f->module ? v_obj(f->module) : V_NONE;
    }
    return generic_getattr(I, self, name);
}

const TypeSpec native_func_spec = {
    .name = "builtin_function_or_method",
    .base = TY_OBJECT,
    .instance_size = sizeof(NativeFunc),
    .slots =
        {
            .trace = native_trace,
            .repr = native_repr,
            .hash = native_hash,
            .richcompare = native_richcompare,
            .call = native_call,
            .getattr = native_getattr,
            .descr_get = native_descr_get,
        },
};

/* ---- bound methods ----------------------------------------------------------------- */

Value bound_method_new(Interp *I, Value func, Value self) {
    BoundMethod *m = gc_new(I, I->types[TY_BOUND_METHOD], sizeof(BoundMethod));
    if (!m) return V_NULL;
    m->func = func;
    m->self = self;
    return v_obj(m);
}

static void bound_trace(Interp *I, Obj *o) {
    BoundMethod *m = (BoundMethod *)o;
    gc_mark_value(I, m->func);
    gc_mark_value(I, m->self);
}

static Value bound_call(Interp *I, Value self, int argc, Value *argv, Tuple *kw) {
    BoundMethod *m = (BoundMethod *)self.as.o;
    return obj_call_prepend(I, m->func, m->self, argc, argv, kw);
}

static Value bound_repr(Interp *I, Value self) {
    BoundMethod *m = (BoundMethod *)self.as.o;
    Value name;
    int has = obj_lookup_attr(I, m->func, I->names.qualname, &name);
    if (has == 0) has = obj_lookup_attr(I, m->func, I->names.name, &name);
    if (has < 0) return V_NULL;
    Value sr = obj_repr(I, m->self);
    if (is_null(sr)) return sr;
    const char *n = (!is_null(name) && is_str(I, name)) ? as_str(name)->data : "?";
    return v_obj(str_printf(I, "<bound method %s of %s>", n, as_str(sr)->data));
}

static Value bound_richcompare(Interp *I, Value a, Value b, int op) {
    if ((op != CMP_EQ && op != CMP_NE) || type_of(I, b) != type_of(I, a)) return v_notimpl(I);
    BoundMethod *x = (BoundMethod *)a.as.o, *y = (BoundMethod *)b.as.o;
    int eq = 0;
    if (v_is(x->self, y->self)) {
        eq = obj_eq(I, x->func, y->func);
        if (eq < 0) return V_NULL;
    }
    return v_bool(op == CMP_EQ ? eq : !eq);
}

static int bound_hash(Interp *I, Value self, int64_t *out) {
    BoundMethod *m = (BoundMethod *)self.as.o;
    int64_t hf;
    if (obj_hash(I, m->func, &hf) < 0) return -1;
    int64_t hs = is_obj(m->self) ? (int64_t)((uintptr_t)m->self.as.o >> 4) : 0;
    if (!is_obj(m->self) && obj_hash(I, m->self, &hs) < 0) return -1;
    int64_t h = hf ^ hs;
    *out = h == -1 ? -2 : h;
    return 0;
}

static Value bound_getattr(Interp *I, Value self, Str *name) {
    BoundMethod *m = (BoundMethod *)self.as.o;
    if (strcmp(name->data, "__self__") == 0) return m->self;
    if (strcmp(name->data, "__func__") == 0) return m->func;
    if (name == I->names.class_) return v_obj(type_of(I, self));
    Value v = type_lookup(I, type_of(I, self), name);
    if (!is_null(v) && name != I->names.doc) return generic_getattr(I, self, name);
    return obj_getattr(I, m->func, name);
}

/* types.MethodType(function, instance) */
static Value bound_new_slot(Interp *I, Type *t, int argc, Value *argv, Tuple *kw) {
    if (kw && kw->len) return err_format(I, TY_TYPE_ERROR, "method() takes no keyword arguments");
    if (argc != 2) return err_format(I, TY_TYPE_ERROR, "method expected 2 arguments, got %d", argc);
    if (!callable_check(I, argv[0]))
        return err_format(I, TY_TYPE_ERROR, "first argument must be callable");
    if (is_none(argv[1])) return err_format(I, TY_TYPE_ERROR, "instance must not be None");
    return bound_method_new(I, argv[0], argv[1]);
}

const TypeSpec bound_method_spec = {
    .name = "method",
    .base = TY_OBJECT,
    .instance_size = sizeof(BoundMethod),
    .slots =
        {
            .trace = bound_trace,
            .repr = bound_repr,
            .hash = bound_hash,
            .richcompare = bound_richcompare,
            .call = bound_call,
            .getattr = bound_getattr,
            .new = bound_new_slot,
        },
};

/* ---- getset descriptors ------------------------------------------------------------ */

Value getset_new(Interp *I, Type *owner, const GetSetDef *def) {
    GetSet *g = gc_new(I, I->types[TY_GETSET], sizeof(GetSet));
    if (!g) return V_NULL;
    g->def = def;
    g->owner = owner;
    return v_obj(g);
}

static void getset_trace(Interp *I, Obj *o) {
    gc_mark_obj(I, (Obj *)((GetSet *)o)->owner);
}

static bool getset_check(Interp *I, GetSet *g, Value obj) {
    if (!g->owner || is_instance(I, obj, g->owner)) return true;
    err_format(I, TY_TYPE_ERROR, "descriptor '%s' for '%s' objects doesn't apply to a '%s' object",
               g->def->name, g->owner->name->data, type_name(I, obj));
    return false;
}

static Value getset_descr_get(Interp *I, Value descr, Value obj, Type *owner) {
    GetSet *g = (GetSet *)descr.as.o;
    if (is_null(obj)) return descr;
    if (!getset_check(I, g, obj)) return V_NULL;
    Obj *before = I->exc;
    return err_native_result(I, before, g->def->get(I, obj));
}

static int getset_descr_set(Interp *I, Value descr, Value obj, Value v) {
    GetSet *g = (GetSet *)descr.as.o;
    if (!g->def->set) {
        err_format(I, TY_ATTRIBUTE_ERROR, "attribute '%s' of '%s' objects is not writable",
                   g->def->name, g->owner ? g->owner->name->data : "?");
        return -1;
    }
    if (!getset_check(I, g, obj)) return -1;
    Obj *before = I->exc;
    return err_native_status(I, before, g->def->set(I, obj, v));
}

static Value getset_getattr(Interp *I, Value self, Str *name) {
    GetSet *g = (GetSet *)self.as.o;
    char key[256];
    if (name == I->names.doc)
        return g->owner && type_doc_key(I, g->owner, g->def->name, key, sizeof key)
                   ? native_doc_lookup(I, key, false)
                   : V_NONE;
    if (name == I->names.name) {
        Str *n = str_from_cstr(I, g->def->name);
        return n ? v_obj(n) : V_NULL;
    }
    if (strcmp(name->data, "__objclass__") == 0 && g->owner) return v_obj(g->owner);
    return generic_getattr(I, self, name);
}

static Value getset_repr(Interp *I, Value self) {
    GetSet *g = (GetSet *)self.as.o;
    return v_obj(str_printf(I, "<attribute '%s' of '%s' objects>", g->def->name,
                            g->owner ? g->owner->name->data : "?"));
}

const TypeSpec getset_spec = {
    .name = "getset_descriptor",
    .base = TY_OBJECT,
    .instance_size = sizeof(GetSet),
    .slots =
        {
            .trace = getset_trace,
            .repr = getset_repr,
            .getattr = getset_getattr,
            .descr_get = getset_descr_get,
            .descr_set = getset_descr_set,
        },
};

/* ---- modules ----------------------------------------------------------------------- */

Module *module_new(Interp *I, Str *name) {
    Module *m = gc_new(I, I->types[TY_MODULE], sizeof(Module));
    if (!m) return NULL;
    m->name = name;
    if (!(m->dict = dict_new(I))) return NULL;
    if (dict_set_str(I, m->dict, I->names.name, v_obj(name)) < 0 ||
        dict_set_str(I, m->dict, I->names.doc, V_NONE) < 0)
        return NULL;
    return m;
}

bool module_set_native_doc(Interp *I, Module *m) {
    char key[256];
    int n = snprintf(key, sizeof key, "module:%s", m->name->data);
    if (n <= 0 || (size_t)n >= sizeof key) return true;
    Value cur = dict_get_str(m->dict, I->names.doc);
    if (!is_null(cur) && !is_none(cur)) return true;
    Value d = native_doc_lookup(I, key, false);
    return !is_null(d) && (is_none(d) || dict_set_str(I, m->dict, I->names.doc, d) >= 0);
}

int module_add_functions(Interp *I, Module *m, const MethodDef *defs) {
    for (; defs && defs->name; defs++) {
        Value f = native_func_new(I, defs->name, defs->fn, defs->flags, m);
        if (is_null(f) || module_set(I, m, defs->name, f) < 0) return -1;
    }
    return 0;
}

int module_set(Interp *I, Module *m, const char *name, Value v) {
    Str *s = str_intern_cstr(I, name);
    if (!s) return -1;
    return dict_set_str(I, m->dict, s, v);
}

static void module_trace(Interp *I, Obj *o) {
    Module *m = (Module *)o;
    gc_mark_obj(I, (Obj *)m->dict);
    gc_mark_obj(I, (Obj *)m->name);
}

static const char *module_display_name(Interp *I, Module *m) {
    Value n = dict_get_str(m->dict, I->names.name);
    if (!is_null(n) && is_str(I, n)) return as_str(n)->data;
    return m->name ? m->name->data : "?";
}

static Value module_getattr(Interp *I, Value self, Str *name) {
    Module *m = (Module *)self.as.o;
    Value v = module_lazy_get(I, m->dict, name);
    if (is_null(v) && err_occurred(I)) return V_NULL; /* MemoryError making it */
    /* builtins and sys exist from the start: their docstrings are filled in when first read */
    if (name == I->names.doc && is_none(v) && (m == I->builtins || m == I->sys))
        return module_set_native_doc(I, m) ? dict_get_str(m->dict, name) : V_NULL;
    if (!is_null(v)) return v;
    v = generic_getattr_opt(I, self, name);
    if (!is_null(v) || err_occurred(I)) return v;
    Value ga = dict_get_str(m->dict, I->names.getattr); /* PEP 562 */
    if (!is_null(ga)) {
        Value arg = v_obj(name);
        return obj_call(I, ga, 1, &arg, NULL);
    }
    return err_format(I, TY_ATTRIBUTE_ERROR, "module '%s' has no attribute '%s'",
                      module_display_name(I, m), name->data);
}

static int module_setattr(Interp *I, Value self, Str *name, Value v) {
    Module *m = (Module *)self.as.o;
    if (module_lazy(I, m->dict)) {
        /* a del must find the entry; a new __dict__ takes the place of a complete one */
        if (is_null(v) && module_lazy_fill(I, m->dict, name) < 0) return -1;
        if (name == I->names.dict && !module_lazy_complete(I, m->dict)) return -1;
    }
    if (is_null(v)) {
        int r = dict_del(I, m->dict, v_obj(name));
        if (r == 0)
            err_format(I, TY_ATTRIBUTE_ERROR, "module '%s' has no attribute '%s'",
                       module_display_name(I, m), name->data);
        return r > 0 ? 0 : -1;
    }
    if (name == I->names.dict || name == I->names.class_) return generic_setattr(I, self, name, v);
    return dict_set_str(I, m->dict, name, v);
}

static Value module_repr(Interp *I, Value self) {
    Module *m = (Module *)self.as.o;
    const char *name = module_display_name(I, m);
    Value file = dict_get_str(m->dict, I->names.file);
    if (!is_null(file) && is_str(I, file))
        return v_obj(str_printf(I, "<module '%s' from '%s'>", name, as_str(file)->data));
    return v_obj(str_printf(I, "<module '%s' (built-in)>", name));
}

static Value module_new_slot(Interp *I, Type *t, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"name", "doc"};
    Value a[2];
    if (!arg_parse(I, "module", argc, argv, kw, names, 2, 1, 2, a)) return V_NULL;
    if (!is_str(I, a[0]))
        return err_format(I, TY_TYPE_ERROR, "module.__init__() argument 'name' must be str, not %s",
                          type_name(I, a[0]));
    Module *m = module_new(I, as_str(a[0]));
    if (!m) return V_NULL;
    if (!is_null(a[1]) && dict_set_str(I, m->dict, I->names.doc, a[1]) < 0) return V_NULL;
    return v_obj(m);
}

const TypeSpec module_spec = {
    .name = "module",
    .base = TY_OBJECT,
    .instance_size = sizeof(Module),
    .flags = TF_HAS_DICT,
    .slots =
        {
            .trace = module_trace,
            .repr = module_repr,
            .getattr = module_getattr,
            .setattr = module_setattr,
            .new = module_new_slot,
        },
    .dictoffset = offsetof(Module, dict),
};

/* ---- argument parsing -------------------------------------------------------------- */

bool arg_no_kw(Interp *I, const char *fname, Tuple *kwnames) {
    if (!kwnames || kwnames->len == 0) return true;
    err_format(I, TY_TYPE_ERROR, "%s() takes no keyword arguments", fname);
    return false;
}

bool arg_count(Interp *I, const char *fname, int argc, int min, int max) {
    if (argc >= min && argc <= max) return true;
    if (max == 0) {
        err_format(I, TY_TYPE_ERROR, "%s() takes no arguments (%d given)", fname, argc);
    } else if (min == 1 && max == 1) {
        err_format(I, TY_TYPE_ERROR, "%s() takes exactly one argument (%d given)", fname, argc);
    } else if (min == max) {
        err_format(I, TY_TYPE_ERROR, "%s expected %d argument%s, got %d", fname, min,
                   min == 1 ? "" : "s", argc);
    } else if (argc < min) {
        err_format(I, TY_TYPE_ERROR, "%s expected at least %d argument%s, got %d", fname, min,
                   min == 1 ? "" : "s", argc);
    } else {
        err_format(I, TY_TYPE_ERROR, "%s expected at most %d argument%s, got %d", fname, max,
                   max == 1 ? "" : "s", argc);
    }
    return false;
}

bool arg_parse(Interp *I, const char *fname, int argc, Value *argv, Tuple *kwnames,
               const char *const *names, int nnames, int nrequired, int npos_max, Value *out) {
    for (int i = 0; i < nnames; i++)
        out[i] = V_NULL;
    if (argc > npos_max) {
        if (npos_max == 0)
            err_format(I, TY_TYPE_ERROR, "%s() takes no positional arguments", fname);
        else
            err_format(I, TY_TYPE_ERROR, "%s() takes %s %d %sargument%s (%d given)", fname,
                       nrequired == npos_max ? "exactly" : "at most", npos_max,
                       nnames > npos_max ? "positional " : "", npos_max == 1 ? "" : "s", argc);
        return false;
    }
    for (int i = 0; i < argc; i++)
        out[i] = argv[i];
    size_t nkw = kwnames ? kwnames->len : 0;
    for (size_t k = 0; k < nkw; k++) {
        Str *key = as_str(kwnames->items[k]);
        int idx = -1;
        for (int i = 0; i < nnames; i++)
            if (strcmp(names[i], key->data) == 0) {
                idx = i;
                break;
            }
        if (idx < 0) {
            err_format(I, TY_TYPE_ERROR, "%s() got an unexpected keyword argument '%s'", fname,
                       key->data);
            return false;
        }
        if (idx < argc) {
            err_format(I, TY_TYPE_ERROR, "argument for %s() given by name ('%s') and position (%d)",
                       fname, key->data, idx + 1);
            return false;
        }
        out[idx] = argv[argc + k];
    }
    for (int i = 0; i < nrequired; i++) {
        if (!is_null(out[i])) continue;
        if (i < npos_max)
            err_format(I, TY_TYPE_ERROR, "%s() missing required argument '%s' (pos %d)", fname,
                       names[i], i + 1);
        else
            err_format(I, TY_TYPE_ERROR, "%s() missing required keyword-only argument '%s'", fname,
                       names[i]);
        return false;
    }
    return true;
}
