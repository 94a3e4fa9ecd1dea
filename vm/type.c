/* type.c: `object` and `type`, classes made by class statements, and attribute lookup.
 *
 * object_spec and type_spec are the roots of the type graph. type_new_heap builds a class
 * from a class statement (C3 method order, instance layout, the class cell, __set_name__
 * and __init_subclass__); the slots that make its instances behave by their dunder methods
 * live in type_slots.c. generic_getattr is the attribute lookup of every instance: one walk
 * of the type's mro with pointer-compared string keys (dict_get_str), then the instance
 * dict, in CPython's order (data descriptors, instance dict, other class attributes). */
#include <stdint.h>
#include <string.h>

#include "code.h"
#include "dict.h"
#include "error.h"
#include "gc.h"
#include "seq.h"
#include "str.h"
#include "vm.h"

/* ---- instance dicts ---------------------------------------------------------------- */

Dict **obj_dict_ptr(Interp *I, Value o) {
    if (!is_obj(o)) return NULL;
    Type *t = o.as.o->type;
    if (t->flags & TF_PREFIX_DICT) return gc_prefix_dict(o.as.o);
    if (t->dictoffset) return (Dict **)((char *)o.as.o + t->dictoffset);
    if (t->flags & TF_EXCEPTION) return &((ExcObj *)o.as.o)->dict;
    if (t->id == TY_MODULE) return &((Module *)o.as.o)->dict;
    return NULL;
}

Value object_alloc(Interp *I, Type *t) {
    Obj *o = gc_new(I, t, t->instance_size);
    if (!o) return V_NULL;
    if (t->flags & TF_EXCEPTION) {
        ExcObj *e = (ExcObj *)o;
        e->args = I->empty_tuple;
        e->cause = V_NONE;
        e->context = V_NONE;
    }
    return v_obj(o);
}

/* ---- generic attribute lookup ------------------------------------------------------ */

static Value generic_getattr_impl(Interp *I, Value o, Str *name, bool suppress) {
    Type *t = type_of(I, o);
    Value descr = type_lookup(I, t, name);
    Value (*get)(Interp *, Value, Value, Type *) = NULL;
    if (!is_null(descr)) {
        Type *dt = type_of(I, descr);
        get = dt->slots.descr_get;
        if (get && dt->slots.descr_set) return get(I, descr, o, t);
    }
    Dict **dp = obj_dict_ptr(I, o);
    if (dp && *dp) {
        Value v = dict_get_str(*dp, name);
        if (!is_null(v)) return v;
    }
    if (!is_null(descr)) return get ? get(I, descr, o, t) : descr;
    if (dp && name == I->names.dict && !(t->flags & TF_NODICT)) {
        if (!*dp && !(*dp = dict_new(I))) return V_NULL;
        if (!module_lazy_complete(I, *dp)) return V_NULL; /* handed out */
        return v_obj(*dp);
    }
    if (suppress) return V_NULL;
    return err_attribute(I, o, name);
}

Value generic_getattr(Interp *I, Value o, Str *name) {
    return generic_getattr_impl(I, o, name, false);
}

Value generic_getattr_opt(Interp *I, Value o, Str *name) {
    return generic_getattr_impl(I, o, name, true);
}

int generic_setattr(Interp *I, Value o, Str *name, Value v) {
    Type *t = type_of(I, o);
    Value descr = type_lookup(I, t, name);
    if (!is_null(descr)) {
        Type *dt = type_of(I, descr);
        if (dt->slots.descr_set) return dt->slots.descr_set(I, descr, o, v);
    }
    Dict **dp = obj_dict_ptr(I, o);
    if (!dp || (t->flags & TF_NODICT)) {
        if (is_null(descr) || is_null(v)) {
            err_attribute(I, o, name);
            return -1;
        }
        err_format(I, TY_ATTRIBUTE_ERROR, "'%s' object attribute '%s' is read-only", t->name->data,
                   name->data);
        return -1;
    }
    if (name == I->names.dict) {
        if (is_null(v)) {
            err_format(I, TY_TYPE_ERROR, "cannot delete __dict__");
            return -1;
        }
        if (!is_dict(I, v)) {
            err_format(I, TY_TYPE_ERROR, "__dict__ must be set to a dictionary, not a '%s'",
                       type_name(I, v));
            return -1;
        }
        *dp = as_dict(v);
        return 0;
    }
    if (is_null(v)) {
        int r = *dp ? dict_del(I, *dp, v_obj(name)) : 0;
        if (r == 0) err_attribute(I, o, name);
        return r > 0 ? 0 : -1;
    }
    if (!*dp && !(*dp = dict_new(I))) return -1;
    return dict_set_str(I, *dp, name, v);
}

/* ---- object ------------------------------------------------------------------------ */

static int64_t hash_pointer(const void *p) {
    uintptr_t y = (uintptr_t)p;
    y = (y >> 4) | (y << (8 * sizeof(void *) - 4));
    int64_t h = (int64_t)y;
    return h == -1 ? -2 : h;
}

static int object_hash(Interp *I, Value self, int64_t *out) {
    *out = hash_pointer(self.as.o);
    return 0;
}

static bool is_builtin_module(Str *m) {
    return !m || strcmp(m->data, "builtins") == 0;
}

static Value object_repr(Interp *I, Value self) {
    Type *t = type_of(I, self);
    if (is_builtin_module(t->module))
        return v_obj(str_printf(I, "<%s object at %p>", t->name->data, (void *)self.as.o));
    return v_obj(str_printf(I, "<%s.%s object at %p>", t->module->data, t->qualname->data,
                            (void *)self.as.o));
}

Value object_richcompare(Interp *I, Value a, Value b, int op) {
    if (op == CMP_EQ) return v_is(a, b) ? V_TRUE : v_notimpl(I);
    if (op == CMP_NE) {
        /* object.__ne__ inverts __eq__, unless that is NotImplemented */
        Type *t = type_of(I, a);
        Value r = t->slots.richcompare ? t->slots.richcompare(I, a, b, CMP_EQ) : v_notimpl(I);
        if (is_null(r) || is_notimpl(I, r)) return r;
        int x = obj_truthy(I, r);
        return x < 0 ? V_NULL : v_bool(!x);
    }
    return v_notimpl(I);
}

static Value object_lookup_own(Interp *I, Str *name) {
    return type_dict_get(I, I->types[TY_OBJECT], name);
}

static bool overrides(Interp *I, Type *t, Str *name) {
    Value v = type_lookup(I, t, name);
    return !v_is(v, object_lookup_own(I, name));
}

static bool excess_args(int argc, Tuple *kw) {
    return argc > 0 || (kw && kw->len > 0);
}

/* object.__new__'s checks on extra arguments, as CPython's object_new. */
static Value object_new_checked(Interp *I, Type *t, int argc, Tuple *kw) {
    if (excess_args(argc, kw)) {
        if (overrides(I, t, I->names.new_))
            return err_format(I, TY_TYPE_ERROR,
                              "object.__new__() takes exactly one argument (the type to "
                              "instantiate)");
        if (!overrides(I, t, I->names.init))
            return err_format(I, TY_TYPE_ERROR, "%s() takes no arguments", t->name->data);
    }
    return object_alloc(I, t);
}

static Value object_new_slot(Interp *I, Type *t, int argc, Value *argv, Tuple *kw) {
    return object_new_checked(I, t, argc, kw);
}

bool type_allocs_like_object(Interp *I, Type *t) {
    return t->slots.new == object_new_slot &&t != I->types[TY_OBJECT];
}

static bool is_type(Interp *I, Value v);

static Type *solid_base(Type *t) {
    while (t->flags & TF_HEAPTYPE)
        t = t->base;
    while (t->base && t->base->instance_size == t->instance_size)
        t = t->base;
    return t;
}

static Value object_new_native(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (argc < 1) return err_format(I, TY_TYPE_ERROR, "object.__new__(): not enough arguments");
    if (!is_type(I, argv[0]))
        return err_format(I, TY_TYPE_ERROR, "object.__new__(X): X is not a type object (%s)",
                          type_name(I, argv[0]));
    Type *t = (Type *)argv[0].as.o;
    if (solid_base(t) != I->types[TY_OBJECT]) {
        Type *s = type_builtin_base(t);
        /* int.__new__(cls, ...), str.__new__, super().__new__ in a subclass of a builtin:
         * the builtin types have no __new__ of their own in their dicts, so they land here;
         * go on as their tp_new wrapper would. */
        /* but object.__new__(int) itself is refused, as CPython */
        if (s->slots.new && s->slots.new != object_new_slot && (t->flags & TF_HEAPTYPE))
            return s->slots.new(I, t, argc - 1, argv + 1, kw);
        return err_format(I, TY_TYPE_ERROR, "object.__new__(%s) is not safe, use %s.__new__()",
                          t->name->data, s->name->data);
    }
    return object_new_checked(I, t, argc - 1, kw);
}

/* T.__new__ for a builtin type T with a constructor of its own (CPython's tp_new wrapper):
 * a builtin method bound to T (argv[0]), so int.__new__(cls, x) builds an int subclass
 * instance and object.__new__ can tell itself apart from it. */
Value type_builtin_new_wrapper(Interp *I, int argc, Value *argv, Tuple *kw) {
    Type *owner = (Type *)argv[0].as.o;
    const char *on = owner->name->data;
    if (argc < 2) return err_format(I, TY_TYPE_ERROR, "%s.__new__(): not enough arguments", on);
    if (!is_type(I, argv[1]))
        return err_format(I, TY_TYPE_ERROR, "%s.__new__(X): X is not a type object (%s)", on,
                          type_name(I, argv[1]));
    Type *t = (Type *)argv[1].as.o;
    if (!type_is_subtype(t, owner))
        return err_format(I, TY_TYPE_ERROR, "%s.__new__(%s): %s is not a subtype of %s", on,
                          t->name->data, t->name->data, on);
    return owner->slots.new(I, t, argc - 2, argv + 2, kw);
}

static Value object_init_native(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (argc < 1) return err_format(I, TY_TYPE_ERROR, "unbound method needs an argument");
    if (excess_args(argc - 1, kw)) {
        Type *t = type_of(I, argv[0]);
        if (overrides(I, t, I->names.init))
            return err_format(I, TY_TYPE_ERROR,
                              "object.__init__() takes exactly one argument (the instance to "
                              "initialize)");
        if (!overrides(I, t, I->names.new_))
            return err_format(I, TY_TYPE_ERROR,
                              "%s.__init__() takes exactly one argument (the instance to "
                              "initialize)",
                              t->name->data);
    }
    return V_NONE;
}

static Value object_repr_native(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "__repr__", argc - 1, 0, 0)) return V_NULL;
    return object_repr(I, argv[0]);
}

static Value object_str_native(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "__str__", argc - 1, 0, 0)) return V_NULL;
    return obj_repr(I, argv[0]);
}

static Value object_hash_native(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "__hash__", argc - 1, 0, 0)) return V_NULL;
    if (!is_obj(argv[0])) {
        int64_t h;
        if (obj_hash(I, argv[0], &h) < 0) return V_NULL;
        return v_int(h);
    }
    return v_int(hash_pointer(argv[0].as.o));
}

static Value object_cmp_native(Interp *I, int argc, Value *argv, int op, const char *name) {
    if (!arg_count(I, name, argc - 1, 1, 1)) return V_NULL;
    return object_richcompare(I, argv[0], argv[1], op);
}
static Value object_eq_native(Interp *I, int argc, Value *argv, Tuple *kw) {
    return object_cmp_native(I, argc, argv, CMP_EQ, "__eq__");
}
static Value object_ne_native(Interp *I, int argc, Value *argv, Tuple *kw) {
    return object_cmp_native(I, argc, argv, CMP_NE, "__ne__");
}
static Value object_notimpl_native(Interp *I, int argc, Value *argv, Tuple *kw) {
    return object_cmp_native(I, argc, argv, CMP_LT, "__lt__");
}

static Value object_format_native(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "__format__", argc - 1, 1, 1)) return V_NULL;
    if (!is_str(I, argv[1]))
        return err_format(I, TY_TYPE_ERROR, "__format__() argument must be str, not %s",
                          type_name(I, argv[1]));
    if (as_str(argv[1])->len)
        return err_format(I, TY_TYPE_ERROR, "unsupported format string passed to %s.__format__",
                          type_name(I, argv[0]));
    return obj_str(I, argv[0]);
}

static Str *attr_name_arg(Interp *I, Value v) {
    if (!is_str(I, v)) {
        err_format(I, TY_TYPE_ERROR, "attribute name must be string, not '%s'", type_name(I, v));
        return NULL;
    }
    return as_str(v);
}

static Value object_getattribute_native(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "__getattribute__", argc - 1, 1, 1)) return V_NULL;
    Str *name = attr_name_arg(I, argv[1]);
    if (!name) return V_NULL;
    if (is_type(I, argv[0])) return type_getattr(I, argv[0], name);
    return generic_getattr(I, argv[0], name);
}

static Value object_setattr_native(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "__setattr__", argc - 1, 2, 2)) return V_NULL;
    Str *name = attr_name_arg(I, argv[1]);
    if (!name) return V_NULL;
    return generic_setattr(I, argv[0], name, argv[2]) < 0 ? V_NULL : V_NONE;
}

static Value object_delattr_native(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "__delattr__", argc - 1, 1, 1)) return V_NULL;
    Str *name = attr_name_arg(I, argv[1]);
    if (!name) return V_NULL;
    return generic_setattr(I, argv[0], name, V_NULL) < 0 ? V_NULL : V_NONE;
}

static Value object_init_subclass_native(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (excess_args(argc - 1, kw))
        return err_format(I, TY_TYPE_ERROR, "%s.__init_subclass__() takes no keyword arguments",
                          type_is_subtype(type_of(I, argv[0]), I->types[TY_TYPE])
                              ? ((Type *)argv[0].as.o)->name->data
                              : type_name(I, argv[0]));
    return V_NONE;
}

static Value object_dir_native(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "__dir__", argc - 1, 0, 0)) return V_NULL;
    return obj_dir(I, argv[0]);
}

static Value object_class_get(Interp *I, Value self) {
    return v_obj(type_of(I, self));
}

/* obj.__class__ = K: allowed between classes whose instances have the same layout. */
static int object_class_set(Interp *I, Value self, Value v) {
    if (is_null(v)) {
        err_format(I, TY_TYPE_ERROR, "can't delete __class__ attribute");
        return -1;
    }
    if (!is_obj(v) || !type_is_subtype(type_of(I, v), I->types[TY_TYPE])) {
        err_format(I, TY_TYPE_ERROR, "__class__ must be set to a class, not '%s' object",
                   type_name(I, v));
        return -1;
    }
    Type *old = type_of(I, self), *nt = (Type *)v.as.o;
    if (!is_obj(self) || !(old->flags & TF_HEAPTYPE) || !(nt->flags & TF_HEAPTYPE)) {
        err_format(I, TY_TYPE_ERROR,
                   "__class__ assignment only supported for mutable types or ModuleType "
                   "subclasses");
        return -1;
    }
    if ((old->flags | nt->flags) & TF_FIXED_CLASS) {
        err_format(I, TY_TYPE_ERROR, "__class__ assignment: '%s' instances cannot change class",
                   (old->flags & TF_FIXED_CLASS ? old : nt)->name->data);
        return -1;
    }
    uint32_t lay = TF_PREFIX_DICT | TF_EXCEPTION | TF_HAS_DICT;
    if (solid_base(old) != solid_base(nt) || old->instance_size != nt->instance_size ||
        old->dictoffset != nt->dictoffset || (old->flags & lay) != (nt->flags & lay)) {
        err_format(I, TY_TYPE_ERROR, "__class__ assignment: '%s' object layout differs from '%s'",
                   nt->name->data, old->name->data);
        return -1;
    }
    self.as.o->type = nt;
    return 0;
}

static const MethodDef object_methods[] = {
    {"__init__", object_init_native, 0},
    {"__new__", object_new_native, METH_STATIC},
    {"__repr__", object_repr_native, 0},
    {"__str__", object_str_native, 0},
    {"__hash__", object_hash_native, 0},
    {"__eq__", object_eq_native, 0},
    {"__ne__", object_ne_native, 0},
    {"__lt__", object_notimpl_native, 0},
    {"__le__", object_notimpl_native, 0},
    {"__gt__", object_notimpl_native, 0},
    {"__ge__", object_notimpl_native, 0},
    {"__format__", object_format_native, 0},
    {"__getattribute__", object_getattribute_native, 0},
    {"__setattr__", object_setattr_native, 0},
    {"__delattr__", object_delattr_native, 0},
    {"__init_subclass__", object_init_subclass_native, METH_CLASS},
    {"__dir__", object_dir_native, 0},
    {NULL, NULL, 0},
};

static const GetSetDef object_getsets[] = {
    {"__class__", object_class_get, object_class_set},
    {NULL, NULL, NULL},
};

const TypeSpec object_spec = {
    .name = "object",
    .base = -1,
    .instance_size = sizeof(Obj),
    .flags = TF_BASETYPE,
    .slots =
        {
            .repr = object_repr,
            .hash = object_hash,
            .richcompare = object_richcompare,
            .new = object_new_slot,
        },
    .methods = object_methods,
    .getsets = object_getsets,
};

/* ---- type -------------------------------------------------------------------------- */

static void type_trace(Interp *I, Obj *o) {
    Type *t = (Type *)o;
    gc_mark_obj(I, (Obj *)t->name);
    gc_mark_obj(I, (Obj *)t->qualname);
    gc_mark_obj(I, (Obj *)t->module);
    gc_mark_obj(I, (Obj *)t->base);
    gc_mark_obj(I, (Obj *)t->bases);
    gc_mark_obj(I, (Obj *)t->mro);
    gc_mark_obj(I, (Obj *)t->tdict);
    gc_mark_obj(I, t->host_info);
}

static Value type_repr(Interp *I, Value self) {
    Type *t = (Type *)self.as.o;
    if (is_builtin_module(t->module)) return v_obj(str_printf(I, "<class '%s'>", t->name->data));
    return v_obj(str_printf(I, "<class '%s.%s'>", t->module->data, t->qualname->data));
}

/* A class: an instance of type or of a metaclass (a subclass of type). */
static bool is_type(Interp *I, Value v) {
    return is_obj(v) && type_is_subtype(v.as.o->type, I->types[TY_TYPE]);
}

/* The attributes every type has, as CPython's type getsets: answered before the mro. */
static bool type_special_attr(Interp *I, Type *t, Str *name, Value *out) {
    if (name == I->names.name) {
        *out = v_obj(t->name);
    } else if (name == I->names.qualname) {
        *out = v_obj(t->qualname ? t->qualname : t->name);
    } else if (name == I->names.module) {
        Value v = (t->flags & TF_HEAPTYPE) ? dict_get_str(t->tdict, name) : V_NULL;
        *out = is_null(v) ? v_obj(t->module ? t->module : str_intern_cstr(I, "builtins")) : v;
    } else if (name == I->names.doc) {
        Value v = type_dict_get(I, t, name);
        char key[256];
        /* a builtin type's docstring is CPython's, from the table */
        if (is_null(v) && !(t->flags & TF_HEAPTYPE) && type_doc_key(I, t, NULL, key, sizeof key))
            v = native_doc_lookup(I, key, false);
        *out = is_null(v) ? V_NONE : v;
    } else if (!(t->flags & TF_HEAPTYPE) && strcmp(name->data, "__text_signature__") == 0) {
        char key[256];
        *out = type_doc_key(I, t, NULL, key, sizeof key) ? native_doc_lookup(I, key, true) : V_NONE;
    } else if (name == I->names.mro) {
        Tuple *m = type_mro(I, t);
        *out = m ? v_obj(m) : V_NULL;
    } else if (name == I->names.bases) {
        *out = t->bases ? v_obj(t->bases) : v_obj(I->empty_tuple);
    } else if (name == I->names.dict) {
        Dict *own = type_dict(I, t);
        Dict *d = own ? dict_copy(I, own) : NULL;
        *out = d ? v_obj(d) : V_NULL;
    } else if (name == I->names.class_) {
        *out = v_obj(type_of(I, v_obj(t)));
    } else if (strcmp(name->data, "__base__") == 0) {
        *out = t->base ? v_obj(t->base) : V_NONE;
    } else {
        return false;
    }
    return true;
}

static Value type_getattr_impl(Interp *I, Value self, Str *name, bool suppress) {
    Type *t = (Type *)self.as.o;
    Value v;
    if (name->len > 4 && name->data[0] == '_' && name->data[1] == '_' &&
        type_special_attr(I, t, name, &v))
        return v;
    Value (*get)(Interp *, Value, Value, Type *);
    v = type_lookup(I, t, name);
    if (!is_null(v)) {
        get = type_of(I, v)->slots.descr_get;
        return get ? get(I, v, V_NULL, t) : v;
    }
    Type *meta = type_of(I, self);
    v = type_lookup(I, meta, name);
    if (!is_null(v)) {
        get = type_of(I, v)->slots.descr_get;
        return get ? get(I, v, self, meta) : v;
    }
    if (suppress) return V_NULL;
    return err_format(I, TY_ATTRIBUTE_ERROR, "type object '%s' has no attribute '%s'",
                      t->name->data, name->data);
}

Value type_getattr(Interp *I, Value self, Str *name) {
    return type_getattr_impl(I, self, name, false);
}

Value type_getattr_opt(Interp *I, Value self, Str *name) {
    return type_getattr_impl(I, self, name, true);
}

static bool is_dunder(Str *s) {
    return s->len > 4 && s->data[0] == '_' && s->data[1] == '_' && s->data[s->len - 1] == '_' &&
           s->data[s->len - 2] == '_';
}

static int type_setattr(Interp *I, Value self, Str *name, Value v) {
    Type *t = (Type *)self.as.o;
    if (!(t->flags & TF_HEAPTYPE) || (t->flags & TF_SEALED)) {
        err_format(I, TY_TYPE_ERROR, "cannot set '%s' attribute of immutable type '%s'", name->data,
                   t->name->data);
        return -1;
    }
    if (name == I->names.name || name == I->names.qualname) {
        if (is_null(v) || !is_str(I, v)) {
            err_format(I, TY_TYPE_ERROR, "can only assign string to %s.%s, not '%s'", t->name->data,
                       name->data, is_null(v) ? "NoneType" : type_name(I, v));
            return -1;
        }
        if (name == I->names.name)
            t->name = as_str(v);
        else
            t->qualname = as_str(v);
        return 0;
    }
    if (name == I->names.mro || name == I->names.bases || name == I->names.dict ||
        strcmp(name->data, "__base__") == 0) {
        err_format(I, TY_ATTRIBUTE_ERROR, "attribute '%s' of 'type' objects is not writable",
                   name->data);
        return -1;
    }
    if (name == I->names.module) t->module = (!is_null(v) && is_str(I, v)) ? as_str(v) : NULL;
    t->version++;
    if (is_null(v)) {
        int r = dict_del(I, t->tdict, v_obj(name));
        if (r == 0)
            err_format(I, TY_ATTRIBUTE_ERROR, "type object '%s' has no attribute '%s'",
                       t->name->data, name->data);
        if (r <= 0) return -1;
    } else if (dict_set_str(I, t->tdict, name, v) < 0) {
        return -1;
    }
    if (is_dunder(name)) type_fixup_slots(I, t);
    return 0;
}

/* type.__new__(meta, name, bases, ns, **kw): a class whose metaclass is the most derived
 * of meta and the bases' metaclasses; kw go to __init_subclass__. */
static Value type_new_slot(Interp *I, Type *meta, int argc, Value *argv, Tuple *kw) {
    if (argc != 3)
        return err_format(I, TY_TYPE_ERROR, "type.__new__() takes exactly 3 arguments (%d given)",
                          argc);
    if (!is_str(I, argv[0]))
        return err_format(I, TY_TYPE_ERROR, "type.__new__() argument 1 must be str, not %s",
                          type_name(I, argv[0]));
    if (!is_obj(argv[1]) || argv[1].as.o->type != I->types[TY_TUPLE])
        return err_format(I, TY_TYPE_ERROR, "type.__new__() argument 2 must be tuple, not %s",
                          type_name(I, argv[1]));
    if (!is_dict(I, argv[2]))
        return err_format(I, TY_TYPE_ERROR, "type.__new__() argument 3 must be dict, not %s",
                          type_name(I, argv[2]));
    Type *nt = type_new_heap_meta(I, meta, as_str(argv[0]), as_tuple(argv[1]), as_dict(argv[2]),
                                  argv + argc, kw);
    return nt ? v_obj(nt) : V_NULL;
}

static Value type_new_native(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (argc < 1 || !is_type(I, argv[0]) ||
        !type_is_subtype((Type *)argv[0].as.o, I->types[TY_TYPE]))
        return err_format(I, TY_TYPE_ERROR, "type.__new__(X): X is not a type object");
    return type_new_slot(I, (Type *)argv[0].as.o, argc - 1, argv + 1, kw);
}

/* type.__init__ accepts what type.__new__ does, so a metaclass's __init__ can call it. */
static Value type_init_native(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (argc != 2 && argc != 4)
        return err_format(I, TY_TYPE_ERROR, "type.__init__() takes 1 or 3 arguments");
    return V_NONE;
}

static Value type_call(Interp *I, Value self, int argc, Value *argv, Tuple *kw) {
    Type *t = (Type *)self.as.o;
    size_t nkw = kw ? kw->len : 0;
    if (t == I->types[TY_TYPE]) {
        if (argc == 1 && nkw == 0) return v_obj(type_of(I, argv[0]));
        if (argc != 3 || nkw) return err_format(I, TY_TYPE_ERROR, "type() takes 1 or 3 arguments");
        return type_new_slot(I, t, argc, argv, kw);
    }
    if (!t->slots.new)
        return err_format(I, TY_TYPE_ERROR, "cannot create '%s' instances", t->name->data);
    Value obj = t->slots.new(I, t, argc, argv, kw);
    if (is_null(obj)) return obj;
    /* builtin exceptions are complete after `new`; other builtin types may fill the object
     * in __init__ (list does, as CPython's) */
    if ((t->flags & (TF_EXCEPTION | TF_HEAPTYPE)) == TF_EXCEPTION) return obj;
    if (!is_instance(I, obj, t)) return obj;
    Value init = type_lookup(I, t, I->names.init);
    if (is_null(init) || v_is(init, object_lookup_own(I, I->names.init))) return obj;
    Value r = descr_call(I, init, obj, argc, argv, kw);
    if (is_null(r)) return r;
    if (!is_none(r)) return type_err_init_result(I, r);
    return obj;
}

Value type_err_init_result(Interp *I, Value r) {
    return err_format(I, TY_TYPE_ERROR, "__init__() should return None, not '%s'", type_name(I, r));
}

/* X | Y between classes: a types.UnionType (vm_generic_alias_call). */
static Value type_binop(Interp *I, Value a, Value b, int op) {
    if (op != BIN_OR) return v_notimpl(I);
    return vm_generic_alias_call(I, "_union", a, b);
}

static Value type_mro_native(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "mro", argc - 1, 0, 0)) return V_NULL;
    if (!is_type(I, argv[0]))
        return err_format(I, TY_TYPE_ERROR, "descriptor 'mro' requires a 'type' object");
    Tuple *m = type_mro(I, (Type *)argv[0].as.o);
    if (!m) return V_NULL;
    List *l = list_from_array(I, m->items, m->len);
    return l ? v_obj(l) : V_NULL;
}

static Value type_instancecheck_native(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "__instancecheck__", argc - 1, 1, 1)) return V_NULL;
    int r = obj_isinstance(I, argv[1], argv[0]);
    return r < 0 ? V_NULL : v_bool(r);
}

static Value type_subclasscheck_native(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "__subclasscheck__", argc - 1, 1, 1)) return V_NULL;
    int r = obj_issubclass(I, argv[1], argv[0]);
    return r < 0 ? V_NULL : v_bool(r);
}

static const MethodDef type_methods[] = {
    {"mro", type_mro_native, 0},
    {"__new__", type_new_native, METH_STATIC},
    {"__init__", type_init_native, 0},
    {"__instancecheck__", type_instancecheck_native, 0},
    {"__subclasscheck__", type_subclasscheck_native, 0},
    {NULL, NULL, 0},
};

const TypeSpec type_spec = {
    .name = "type",
    .base = TY_OBJECT,
    .instance_size = sizeof(Type),
    .flags = TF_BASETYPE, /* metaclasses: their instances are Types, dict in Type.dict */
    .slots =
        {
            .new = type_new_slot,
            .trace = type_trace,
            .repr = type_repr,
            .binop = type_binop,
            .call = type_call,
            .getattr = type_getattr,
            .setattr = type_setattr,
        },
    .methods = type_methods,
};

/* ---- class creation ---------------------------------------------------------------- */

/* C3 linearisation: [t] + merge(mro(b1), ..., mro(bn), [b1, ..., bn]). */
typedef struct MroSeq {
    Value *items;
    size_t len, pos;
} MroSeq;

static bool mro_in_tail(MroSeq *seqs, size_t n, Obj *c) {
    for (size_t i = 0; i < n; i++)
        for (size_t j = seqs[i].pos + 1; j < seqs[i].len; j++)
            if (seqs[i].items[j].as.o == c) return true;
    return false;
}

static void mro_error(Interp *I, MroSeq *seqs, size_t n) {
    StrBuf b;
    sb_init(&b);
    sb_append_cstr(I, &b, "Cannot create a consistent method resolution\norder (MRO) for bases");
    size_t shown = 0;
    Obj *seen[64];
    for (size_t i = 0; i < n; i++) {
        if (seqs[i].pos >= seqs[i].len) continue;
        Obj *h = seqs[i].items[seqs[i].pos].as.o;
        bool dup = false;
        for (size_t k = 0; k < shown; k++)
            dup |= seen[k] == h;
        if (dup || shown == 64) continue;
        seen[shown] = h;
        sb_appendf(I, &b, "%s %s", shown ? "," : "", ((Type *)h)->name->data);
        shown++;
    }
    Str *msg = sb_finish(I, &b);
    if (msg) err_str(I, TY_TYPE_ERROR, msg);
}

static Tuple *mro_compute(Interp *I, Type *t, Tuple *bases) {
    size_t n = bases->len + 1, total = 1;
    MroSeq *seqs = mem_alloc(I, n * sizeof(MroSeq));
    if (!seqs) return NULL;
    for (size_t i = 0; i < bases->len; i++) {
        Tuple *m = type_mro(I, (Type *)bases->items[i].as.o);
        if (!m) {
            mem_free(I, seqs, n * sizeof(MroSeq));
            return NULL;
        }
        seqs[i] = (MroSeq){m->items, m->len, 0};
        total += m->len;
    }
    seqs[n - 1] = (MroSeq){bases->items, bases->len, 0};
    List *out = list_new(I, total);
    Tuple *res = NULL;
    if (!out || !list_append(I, out, v_obj(t))) goto done;
    for (;;) {
        bool any = false, found = false;
        for (size_t i = 0; i < n && !found; i++) {
            if (seqs[i].pos >= seqs[i].len) continue;
            any = true;
            Obj *c = seqs[i].items[seqs[i].pos].as.o;
            if (mro_in_tail(seqs, n, c)) continue;
            found = true;
            if (!list_append(I, out, v_obj(c))) goto done;
            for (size_t k = 0; k < n; k++)
                if (seqs[k].pos < seqs[k].len && seqs[k].items[seqs[k].pos].as.o == c)
                    seqs[k].pos++;
        }
        if (!any) break;
        if (!found) {
            mro_error(I, seqs, n);
            goto done;
        }
    }
    res = tuple_from_array(I, out->items, out->len);
done:
    mem_free(I, seqs, n * sizeof(MroSeq));
    return res;
}

/* The base whose instance layout the class extends (CPython's best_base). */
static Type *best_base(Interp *I, Tuple *bases) {
    Type *winner = NULL, *wsolid = NULL;
    for (size_t i = 0; i < bases->len; i++) {
        Value b = bases->items[i];
        if (!is_type(I, b)) {
            err_format(I, TY_TYPE_ERROR, "bases must be types");
            return NULL;
        }
        Type *bt = (Type *)b.as.o;
        if (!(bt->flags & TF_BASETYPE)) {
            err_format(I, TY_TYPE_ERROR, "type '%s' is not an acceptable base type",
                       bt->name->data);
            return NULL;
        }
        for (size_t j = 0; j < i; j++)
            if (bases->items[j].as.o == b.as.o) {
                err_format(I, TY_TYPE_ERROR, "duplicate base class %s", bt->name->data);
                return NULL;
            }
        Type *s = solid_base(bt);
        /* As CPython's best_base: a later base wins only with a strictly more derived
         * solid base, so plain classes keep the first base as __base__. */
        if (!winner || (type_is_subtype(s, wsolid) && s != wsolid)) {
            winner = bt;
            wsolid = s;
        } else if (!type_is_subtype(wsolid, s)) {
            err_format(I, TY_TYPE_ERROR, "multiple bases have instance lay-out conflict");
            return NULL;
        }
    }
    return winner;
}

static void type_set_layout(Interp *I, Type *t, Type *base) {
    if (type_is_subtype(base, I->types[TY_TYPE])) {
        t->instance_size = sizeof(Type); /* a metaclass: attributes live in Type.dict */
        t->dictoffset = 0;
    } else if (base->dictoffset) {
        t->instance_size = base->instance_size;
        t->dictoffset = base->dictoffset;
    } else if (base->flags & TF_EXCEPTION) {
        t->instance_size = base->instance_size;
        t->dictoffset = offsetof(ExcObj, dict);
    } else if (base->flags & TF_PREFIX_DICT) {
        t->instance_size = base->instance_size;
        t->flags |= TF_PREFIX_DICT;
    } else if (type_is_subtype(base, I->types[TY_TUPLE]) ||
               type_is_subtype(base, I->types[TY_STR]) ||
               type_is_subtype(base, I->types[TY_BYTES])) {
        t->instance_size = base->instance_size;
        t->flags |= TF_PREFIX_DICT;
    } else if (solid_base(base) == I->types[TY_OBJECT]) {
        t->instance_size = sizeof(Instance);
        t->dictoffset = offsetof(Instance, dict);
    } else {
        size_t off = (base->instance_size + sizeof(void *) - 1) & ~(sizeof(void *) - 1);
        t->instance_size = off + sizeof(Dict *);
        t->dictoffset = off;
    }
}

static Value wrap_descr(Interp *I, Value f, TypeId kind) {
    StaticMethodObj *s = gc_new(I, I->types[kind], sizeof(StaticMethodObj));
    if (!s) return V_NULL;
    s->func = f;
    return v_obj(s);
}

/* Class-body conventions CPython's type_new applies to the namespace. */
static bool type_prepare_dict(Interp *I, Type *t, Dict *d) {
    Value v = dict_get_str(d, I->names.module);
    if (is_null(v)) {
        v = v_obj(I->names.main);
        if (dict_set_str(I, d, I->names.module, v) < 0) return false;
    }
    t->module = is_str(I, v) ? as_str(v) : NULL;
    v = dict_get_str(d, I->names.qualname);
    if (!is_null(v)) {
        if (!is_str(I, v)) {
            err_format(I, TY_TYPE_ERROR, "type __qualname__ must be a str, not %s",
                       type_name(I, v));
            return false;
        }
        t->qualname = as_str(v);
        if (dict_del(I, d, v_obj(I->names.qualname)) < 0) return false;
    }
    if (is_null(dict_get_str(d, I->names.doc)) && dict_set_str(I, d, I->names.doc, V_NONE) < 0)
        return false;
    Str *cc = str_intern_cstr(I, "__classcell__");
    if (!cc) return false;
    v = dict_get_str(d, cc);
    if (!is_null(v)) {
        if (!is_obj(v) || v.as.o->type != I->types[TY_CELL]) {
            err_format(I, TY_TYPE_ERROR, "__classcell__ must be a nonlocal cell, not %s",
                       type_name(I, v));
            return false;
        }
        ((Cell *)v.as.o)->contents = v_obj(t);
        if (dict_del(I, d, v_obj(cc)) < 0) return false;
    }
    if (!is_null(dict_get_str(d, I->names.eq)) && is_null(dict_get_str(d, I->names.hash)) &&
        dict_set_str(I, d, I->names.hash, V_NONE) < 0)
        return false;
    /* __init_subclass__ and __class_getitem__ are implicit classmethods, __new__ an
     * implicit staticmethod. */
    Str *cg = str_intern_cstr(I, "__class_getitem__");
    Str *names[3] = {I->names.init_subclass, cg, I->names.new_};
    for (int i = 0; i < 3; i++) {
        if (!names[i]) return false;
        v = dict_get_str(d, names[i]);
        if (is_null(v) || !is_obj(v) || v.as.o->type->id != TY_FUNCTION) continue;
        Value w = wrap_descr(I, v, i == 2 ? TY_STATICMETHOD : TY_CLASSMETHOD);
        if (is_null(w) || dict_set_str(I, d, names[i], w) < 0) return false;
    }
    return true;
}

static bool type_call_set_name(Interp *I, Type *t) {
    /* over a copy, as CPython: a __set_name__ may add names to the class */
    Dict *ns = dict_copy(I, t->tdict);
    if (!ns) return false;
    size_t pos = 0;
    Value k, v;
    while (dict_next(ns, &pos, &k, &v)) {
        if (!is_obj(v)) continue;
        Value f = type_lookup(I, v.as.o->type, I->names.set_name);
        if (is_null(f)) continue;
        Value args[2] = {v_obj(t), k};
        if (is_null(descr_call(I, f, v, 2, args, NULL))) return false;
    }
    return true;
}

static bool type_call_init_subclass(Interp *I, Type *t, int kwc, Value *kwv, Tuple *kwnames) {
    Tuple *m = t->mro;
    for (size_t i = 1; i < m->len; i++) {
        Type *k = (Type *)m->items[i].as.o;
        Value f = type_dict_get(I, k, I->names.init_subclass);
        if (is_null(f)) continue;
        if (v_is(f, object_lookup_own(I, I->names.init_subclass))) break;
        Value (*get)(Interp *, Value, Value, Type *) = type_of(I, f)->slots.descr_get;
        Value b = get ? get(I, f, V_NULL, t) : f;
        if (is_null(b)) return false;
        return !is_null(obj_call(I, b, 0, kwv, kwnames));
    }
    if (kwc) {
        err_format(I, TY_TYPE_ERROR, "%s.__init_subclass__() takes no keyword arguments",
                   t->name->data);
        return false;
    }
    return true;
}

Type *type_new_heap(Interp *I, Str *name, Tuple *bases, Dict *ns) {
    return type_new_heap_kw(I, name, bases, ns, NULL, NULL);
}

Type *type_new_heap_kw(Interp *I, Str *name, Tuple *bases, Dict *ns, Value *kwv, Tuple *kwnames) {
    return type_new_heap_meta(I, I->types[TY_TYPE], name, bases, ns, kwv, kwnames);
}

Type *type_calculate_meta(Interp *I, Type *meta, Tuple *bases) {
    Type *winner = meta;
    for (size_t i = 0; i < bases->len; i++) {
        Type *bt = type_of(I, bases->items[i]);
        if (type_is_subtype(winner, bt)) continue;
        if (type_is_subtype(bt, winner)) {
            winner = bt;
            continue;
        }
        err_format(I, TY_TYPE_ERROR,
                   "metaclass conflict: the metaclass of a derived class must be a (non-strict) "
                   "subclass of the metaclasses of all its bases");
        return NULL;
    }
    return winner;
}

/* kwv holds the values of the class statement's keywords (named by kwnames), passed on to
 * __init_subclass__. The new class is an instance of meta or of a base's metaclass. */
Type *type_new_heap_meta(Interp *I, Type *meta, Str *name, Tuple *bases, Dict *ns, Value *kwv,
                         Tuple *kwnames) {
    if (bases->len == 0) {
        bases = tuple_pack(I, 1, v_obj(I->types[TY_OBJECT]));
        if (!bases) return NULL;
    }
    Type *base = best_base(I, bases);
    if (!base) return NULL;
    meta = type_calculate_meta(I, meta, bases);
    if (!meta) return NULL;
    Type *t = gc_new(I, meta, sizeof(Type));
    if (!t) return NULL;
    t->name = name;
    t->qualname = name;
    t->base = base;
    t->bases = bases;
    t->id = -1;
    t->version = 1;
    t->flags = TF_HEAPTYPE | TF_BASETYPE | TF_HAS_DICT | (base->flags & TF_EXCEPTION);
    type_set_layout(I, t, base);
    if (!t->dictoffset && !(t->flags & TF_PREFIX_DICT) && !(t->flags & TF_EXCEPTION))
        t->flags &= ~TF_HAS_DICT;
    t->tdict = dict_copy(I, ns);
    if (!t->tdict) return NULL;
    t->mro = mro_compute(I, t, bases);
    if (!t->mro || !type_setup_slots(I, t)) return NULL;
    if (!type_prepare_dict(I, t, t->tdict)) return NULL;
    type_fixup_slots(I, t);
    int kwc = kwnames ? (int)kwnames->len : 0;
    if (!type_call_set_name(I, t) || !type_call_init_subclass(I, t, kwc, kwv, kwnames)) return NULL;
    return t;
}
