/* descr.c: property, staticmethod and classmethod, the descriptors the language subset
 * has. generic_getattr (type.c) calls their descr_get/descr_set slots; property is a data
 * descriptor (it has descr_set), so it wins over the instance dict as in CPython. */
#include <string.h>

#include "dict.h"
#include "error.h"
#include "gc.h"
#include "str.h"

/* ---- property ---------------------------------------------------------------------- */

static void property_trace(Interp *I, Obj *o) {
    Property *p = (Property *)o;
    gc_mark_value(I, p->fget);
    gc_mark_value(I, p->fset);
    gc_mark_value(I, p->fdel);
    gc_mark_value(I, p->doc);
    gc_mark_value(I, p->name);
}

static Value none_if_null(Value v) {
    return is_null(v) ? V_NONE : v;
}

static Property *property_make(Interp *I, Type *t, Value fget, Value fset, Value fdel, Value doc) {
    Property *p = gc_new(I, t, t->instance_size);
    if (!p) return NULL;
    p->fget = none_if_null(fget);
    p->fset = none_if_null(fset);
    p->fdel = none_if_null(fdel);
    p->doc = none_if_null(doc);
    p->name = V_NONE;
    if (!is_none(p->fget)) {
        /* CPython takes the doc and the name (for error messages) from the getter */
        if (is_none(p->doc)) {
            Value d;
            if (obj_lookup_attr(I, p->fget, I->names.doc, &d) < 0) return NULL;
            p->doc = none_if_null(d);
        }
        Value n;
        if (obj_lookup_attr(I, p->fget, I->names.name, &n) < 0) return NULL;
        p->name = none_if_null(n);
    }
    return p;
}

static Value property_new(Interp *I, Type *t, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"fget", "fset", "fdel", "doc"};
    Value a[4];
    if (!arg_parse(I, "property", argc, argv, kw, names, 4, 0, 4, a)) return V_NULL;
    Property *p = property_make(I, t, a[0], a[1], a[2], a[3]);
    return p ? v_obj(p) : V_NULL;
}

static const char *property_name(Interp *I, Property *p) {
    return is_str(I, p->name) ? as_str(p->name)->data : NULL;
}

static Value property_get(Interp *I, Value descr, Value obj, Type *owner) {
    Property *p = (Property *)descr.as.o;
    if (is_null(obj)) return descr;
    if (is_none(p->fget)) {
        const char *n = property_name(I, p);
        if (n)
            return err_format(I, TY_ATTRIBUTE_ERROR, "property '%s' of '%s' object has no getter",
                              n, type_of(I, obj)->qualname->data);
        return err_format(I, TY_ATTRIBUTE_ERROR, "unreadable attribute");
    }
    return obj_call(I, p->fget, 1, &obj, NULL);
}

static int property_set(Interp *I, Value descr, Value obj, Value v) {
    Property *p = (Property *)descr.as.o;
    Value f = is_null(v) ? p->fdel : p->fset;
    if (is_none(f)) {
        const char *n = property_name(I, p);
        if (n)
            err_format(I, TY_ATTRIBUTE_ERROR, "property '%s' of '%s' object has no %s", n,
                       type_of(I, obj)->qualname->data, is_null(v) ? "deleter" : "setter");
        else
            err_format(I, TY_ATTRIBUTE_ERROR, "can't %s attribute", is_null(v) ? "delete" : "set");
        return -1;
    }
    Value args[2] = {obj, v};
    Value r = obj_call(I, f, is_null(v) ? 1 : 2, args, NULL);
    return is_null(r) ? -1 : 0;
}

/* getter/setter/deleter return a copy with one function replaced, as CPython's. */
static Value property_copy(Interp *I, int argc, Value *argv, Tuple *kw, int which,
                           const char *name) {
    if (!arg_no_kw(I, name, kw) || !arg_count(I, name, argc - 1, 1, 1)) return V_NULL;
    Property *p = (Property *)argv[0].as.o;
    Value f[3] = {p->fget, p->fset, p->fdel};
    f[which] = argv[1];
    /* a doc that came from the old getter is replaced by the new getter's */
    Value doc = p->doc;
    if (which == 0 && !is_none(p->fget)) {
        Value old;
        int has = obj_lookup_attr(I, p->fget, I->names.doc, &old);
        if (has < 0) return V_NULL;
        if (has && v_is(old, doc)) doc = V_NONE;
    }
    Property *q = property_make(I, type_of(I, argv[0]), f[0], f[1], f[2], doc);
    if (!q) return V_NULL;
    if (which != 0 || is_none(q->name)) q->name = p->name;
    return v_obj(q);
}

static Value property_getter(Interp *I, int argc, Value *argv, Tuple *kw) {
    return property_copy(I, argc, argv, kw, 0, "getter");
}
static Value property_setter(Interp *I, int argc, Value *argv, Tuple *kw) {
    return property_copy(I, argc, argv, kw, 1, "setter");
}
static Value property_deleter(Interp *I, int argc, Value *argv, Tuple *kw) {
    return property_copy(I, argc, argv, kw, 2, "deleter");
}

static Value property_set_name(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "__set_name__", argc - 1, 2, 2)) return V_NULL;
    ((Property *)argv[0].as.o)->name = argv[2];
    return V_NONE;
}

static Value property_get_native(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "__get__", argc - 1, 1, 2)) return V_NULL;
    Value obj = is_none(argv[1]) ? V_NULL : argv[1];
    return property_get(I, argv[0], obj, NULL);
}

static Value property_fget(Interp *I, Value self) {
    return ((Property *)self.as.o)->fget;
}
static Value property_fset(Interp *I, Value self) {
    return ((Property *)self.as.o)->fset;
}
static Value property_fdel(Interp *I, Value self) {
    return ((Property *)self.as.o)->fdel;
}
static Value property_doc(Interp *I, Value self) {
    return ((Property *)self.as.o)->doc;
}
static int property_doc_set(Interp *I, Value self, Value v) {
    ((Property *)self.as.o)->doc = none_if_null(v);
    return 0;
}

static const MethodDef property_methods[] = {
    {"getter", property_getter, 0},      {"setter", property_setter, 0},
    {"deleter", property_deleter, 0},    {"__set_name__", property_set_name, 0},
    {"__get__", property_get_native, 0}, {NULL, NULL, 0},
};

static const GetSetDef property_getsets[] = {
    {"fget", property_fget, NULL},
    {"fset", property_fset, NULL},
    {"fdel", property_fdel, NULL},
    {"__doc__", property_doc, property_doc_set},
    {NULL, NULL, NULL},
};

const TypeSpec property_spec = {
    .name = "property",
    .base = TY_OBJECT,
    .instance_size = sizeof(Property),
    .flags = TF_BASETYPE,
    .slots =
        {
            .trace = property_trace,
            .descr_get = property_get,
            .descr_set = property_set,
            .new = property_new,
        },
    .methods = property_methods,
    .getsets = property_getsets,
};

/* ---- staticmethod and classmethod -------------------------------------------------- */

static void wrapper_trace(Interp *I, Obj *o) {
    gc_mark_value(I, ((StaticMethodObj *)o)->func);
}

static Value wrapper_new(Interp *I, Type *t, int argc, Value *argv, Tuple *kw, const char *name) {
    if (!arg_no_kw(I, name, kw) || !arg_count(I, name, argc, 1, 1)) return V_NULL;
    StaticMethodObj *s = gc_new(I, t, t->instance_size);
    if (!s) return V_NULL;
    s->func = argv[0];
    return v_obj(s);
}

static Value staticmethod_new(Interp *I, Type *t, int argc, Value *argv, Tuple *kw) {
    if (argc != 1 && (!kw || kw->len == 0))
        return err_format(I, TY_TYPE_ERROR, "staticmethod expected 1 argument, got %d", argc);
    return wrapper_new(I, t, argc, argv, kw, "staticmethod");
}

static Value classmethod_new(Interp *I, Type *t, int argc, Value *argv, Tuple *kw) {
    if (argc != 1 && (!kw || kw->len == 0))
        return err_format(I, TY_TYPE_ERROR, "classmethod expected 1 argument, got %d", argc);
    return wrapper_new(I, t, argc, argv, kw, "classmethod");
}

static Value staticmethod_get(Interp *I, Value descr, Value obj, Type *owner) {
    return ((StaticMethodObj *)descr.as.o)->func;
}

static Value classmethod_get(Interp *I, Value descr, Value obj, Type *owner) {
    Type *t = owner ? owner : type_of(I, obj);
    return bound_method_new(I, ((StaticMethodObj *)descr.as.o)->func, v_obj(t));
}

static Value staticmethod_call(Interp *I, Value self, int argc, Value *argv, Tuple *kw) {
    return obj_call(I, ((StaticMethodObj *)self.as.o)->func, argc, argv, kw);
}

static Value wrapper_repr(Interp *I, Value self) {
    Value r = obj_repr(I, ((StaticMethodObj *)self.as.o)->func);
    if (is_null(r)) return r;
    return v_obj(str_printf(I, "<%s(%s)>", type_name(I, self), as_str(r)->data));
}

static Value wrapper_func(Interp *I, Value self) {
    return ((StaticMethodObj *)self.as.o)->func;
}

static const GetSetDef wrapper_getsets[] = {
    {"__func__", wrapper_func, NULL},
    {"__wrapped__", wrapper_func, NULL},
    {NULL, NULL, NULL},
};

const TypeSpec staticmethod_spec = {
    .name = "staticmethod",
    .base = TY_OBJECT,
    .instance_size = sizeof(StaticMethodObj),
    .flags = TF_BASETYPE,
    .slots =
        {
            .trace = wrapper_trace,
            .repr = wrapper_repr,
            .call = staticmethod_call,
            .descr_get = staticmethod_get,
            .new = staticmethod_new,
        },
    .getsets = wrapper_getsets,
};

const TypeSpec classmethod_spec = {
    .name = "classmethod",
    .base = TY_OBJECT,
    .instance_size = sizeof(StaticMethodObj),
    .flags = TF_BASETYPE,
    .slots =
        {
            .trace = wrapper_trace,
            .repr = wrapper_repr,
            .descr_get = classmethod_get,
            .new = classmethod_new,
        },
    .getsets = wrapper_getsets,
};
