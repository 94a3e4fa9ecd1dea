/* super.c: super(type, obj), super(type) and the zero-argument super().
 *
 * super() with no arguments needs the calling frame's __class__ cell and first argument;
 * the VM owns frames, so it answers through vm_super_zero_args (vm.h). Attribute lookup on
 * a super object walks the mro of type(obj) (or obj itself, for a class) starting after
 * `type`, and binds what it finds to obj as ordinary lookup would. */
#include <string.h>

#include "dict.h"
#include "error.h"
#include "gc.h"
#include "str.h"
#include "vm.h"

typedef struct SuperObj {
    Obj hdr;
    Type *type;     /* the class super() was called in (__thisclass__) */
    Value obj;      /* the instance or class (__self__), V_NULL for unbound super(type) */
    Type *obj_type; /* whose mro is walked (__self_class__) */
} SuperObj;

static void super_trace(Interp *I, Obj *o) {
    SuperObj *s = (SuperObj *)o;
    gc_mark_obj(I, (Obj *)s->type);
    gc_mark_value(I, s->obj);
    gc_mark_obj(I, (Obj *)s->obj_type);
}

static bool is_type(Interp *I, Value v) {
    return is_obj(v) && type_is_subtype(v.as.o->type, I->types[TY_TYPE]);
}

static Type *super_check(Interp *I, Type *type, Value obj) {
    if (is_type(I, obj) && type_is_subtype((Type *)obj.as.o, type)) return (Type *)obj.as.o;
    if (is_instance(I, obj, type)) return type_of(I, obj);
    err_format(I, TY_TYPE_ERROR, "super(type, obj): obj must be an instance or subtype of type");
    return NULL;
}

static Value super_make(Interp *I, Type *alloc_type, Type *type, Value obj) {
    Type *ot = NULL;
    if (!is_null(obj) && !is_none(obj) && !(ot = super_check(I, type, obj))) return V_NULL;
    SuperObj *s = gc_new(I, alloc_type, alloc_type->instance_size);
    if (!s) return V_NULL;
    s->type = type;
    s->obj = is_none(obj) ? V_NULL : obj;
    s->obj_type = ot;
    return v_obj(s);
}

Value super_new(Interp *I, Type *type, Value obj) {
    return super_make(I, I->types[TY_SUPER], type, obj);
}

static Value super_new_slot(Interp *I, Type *t, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "super", kw)) return V_NULL;
    if (argc > 2)
        return err_format(I, TY_TYPE_ERROR, "super() takes at most 2 arguments (%d given)", argc);
    if (argc == 0) {
        Type *type;
        Value obj;
        if (!vm_super_zero_args(I, &type, &obj)) return V_NULL;
        return super_make(I, t, type, obj);
    }
    if (!is_type(I, argv[0]))
        return err_format(I, TY_TYPE_ERROR, "super() argument 1 must be a type, not %s",
                          type_name(I, argv[0]));
    return super_make(I, t, (Type *)argv[0].as.o, argc == 2 ? argv[1] : V_NULL);
}

static Value super_getattr(Interp *I, Value self, Str *name) {
    SuperObj *s = (SuperObj *)self.as.o;
    if (s->obj_type && name != I->names.class_) {
        Tuple *mro = type_mro(I, s->obj_type);
        if (!mro) return V_NULL;
        size_t i = 0, n = mro->len;
        while (i < n && (Type *)mro->items[i].as.o != s->type)
            i++;
        for (i++; i < n; i++) {
            Type *k = (Type *)mro->items[i].as.o;
            Value v = type_dict_get(I, k, name);
            if (is_null(v)) continue;
            Value (*get)(Interp *, Value, Value, Type *) = type_of(I, v)->slots.descr_get;
            if (!get) return v;
            Value obj =
                (is_type(I, s->obj) && (Type *)s->obj.as.o == s->obj_type) ? V_NULL : s->obj;
            return get(I, v, obj, s->obj_type);
        }
    }
    if (strcmp(name->data, "__thisclass__") == 0) return v_obj(s->type);
    if (strcmp(name->data, "__self__") == 0) return is_null(s->obj) ? V_NONE : s->obj;
    if (strcmp(name->data, "__self_class__") == 0) return s->obj_type ? v_obj(s->obj_type) : V_NONE;
    Value v = generic_getattr_opt(I, self, name);
    if (!is_null(v) || err_occurred(I)) return v;
    return err_format(I, TY_ATTRIBUTE_ERROR, "'super' object has no attribute '%s'", name->data);
}

static Value super_repr(Interp *I, Value self) {
    SuperObj *s = (SuperObj *)self.as.o;
    if (s->obj_type)
        return v_obj(str_printf(I, "<super: <class '%s'>, <%s object>>", s->type->name->data,
                                s->obj_type->name->data));
    return v_obj(str_printf(I, "<super: <class '%s'>, NULL>", s->type->name->data));
}

const TypeSpec super_spec = {
    .name = "super",
    .base = TY_OBJECT,
    .instance_size = sizeof(SuperObj),
    .flags = TF_BASETYPE,
    .slots =
        {
            .trace = super_trace,
            .repr = super_repr,
            .getattr = super_getattr,
            .new = super_new_slot,
        },
};
