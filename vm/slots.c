/* slots.c: __slots__ for classes (type.c calls type_setup_slots when it builds one).
 *
 * Each slot name becomes a member descriptor in the class dict (`<member 'x' of 'C'
 * objects>`) that stores the value under that name in the instance's hidden dict, so the
 * representation stays the plain instance layout. A class whose bases all lack a __dict__
 * (object, builtin types other than exceptions, slotted classes) and whose __slots__ does
 * not list '__dict__' gets TF_NODICT: no `__dict__` attribute, and setting a name that has
 * no descriptor is an AttributeError (generic_setattr, the VM's STORE_ATTR). */
#include <stddef.h>
#include <string.h>

#include "dict.h"
#include "error.h"
#include "gc.h"
#include "seq.h"
#include "str.h"

typedef struct MemberDescr {
    Obj hdr;
    Str *name; /* the (mangled) slot name */
    Type *owner;
    size_t offset; /* of the Value in the instance; 0: kept in the instance dict */
} MemberDescr;

static void member_trace(Interp *I, Obj *o) {
    MemberDescr *m = (MemberDescr *)o;
    gc_mark_obj(I, (Obj *)m->name);
    gc_mark_obj(I, (Obj *)m->owner);
}

static bool member_check(Interp *I, MemberDescr *m, Value obj) {
    if (is_instance(I, obj, m->owner)) return true;
    err_format(I, TY_TYPE_ERROR, "descriptor '%s' for '%s' objects doesn't apply to a '%s' object",
               m->name->data, m->owner->name->data, type_name(I, obj));
    return false;
}

static Value member_get(Interp *I, Value descr, Value obj, Type *owner) {
    (void)owner;
    if (is_null(obj)) return descr;
    MemberDescr *m = (MemberDescr *)descr.as.o;
    if (!member_check(I, m, obj)) return V_NULL;
    if (m->offset) {
        Value v = *(Value *)((char *)obj.as.o + m->offset);
        return is_null(v) ? err_attribute(I, obj, m->name) : v;
    }
    Dict **dp = obj_dict_ptr(I, obj);
    Value v = dp && *dp ? dict_get_str(*dp, m->name) : V_NULL;
    if (is_null(v)) return err_attribute(I, obj, m->name);
    return v;
}

static int member_set(Interp *I, Value descr, Value obj, Value v) {
    MemberDescr *m = (MemberDescr *)descr.as.o;
    if (!member_check(I, m, obj)) return -1;
    if (m->offset) {
        Value *slot = (Value *)((char *)obj.as.o + m->offset);
        if (is_null(v) && is_null(*slot)) {
            err_format(I, TY_ATTRIBUTE_ERROR, "%s", m->name->data);
            return -1;
        }
        *slot = v;
        return 0;
    }
    Dict **dp = obj_dict_ptr(I, obj);
    if (!dp) {
        err_attribute(I, obj, m->name);
        return -1;
    }
    if (is_null(v)) {
        int r = *dp ? dict_del(I, *dp, v_obj(m->name)) : 0;
        if (r == 0) err_format(I, TY_ATTRIBUTE_ERROR, "%s", m->name->data);
        return r > 0 ? 0 : -1;
    }
    if (!*dp && !(*dp = dict_new(I))) return -1;
    return dict_set_str(I, *dp, m->name, v);
}

static Value member_repr(Interp *I, Value self) {
    MemberDescr *m = (MemberDescr *)self.as.o;
    Str *s = str_printf(I, "<member '%s' of '%s' objects>", m->name->data, m->owner->name->data);
    return s ? v_obj(s) : V_NULL;
}

static Value member_name(Interp *I, Value self) {
    (void)I;
    return v_obj(((MemberDescr *)self.as.o)->name);
}

static Value member_objclass(Interp *I, Value self) {
    (void)I;
    return v_obj(((MemberDescr *)self.as.o)->owner);
}

static Value member_get_native(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "__get__", kw) || !arg_count(I, "__get__", argc - 1, 1, 2)) return V_NULL;
    return member_get(I, argv[0], is_none(argv[1]) ? V_NULL : argv[1], NULL);
}

static Value member_set_native(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "__set__", kw) || !arg_count(I, "__set__", argc - 1, 2, 2)) return V_NULL;
    return member_set(I, argv[0], argv[1], argv[2]) < 0 ? V_NULL : V_NONE;
}

static Value member_delete_native(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "__delete__", kw) || !arg_count(I, "__delete__", argc - 1, 1, 1))
        return V_NULL;
    return member_set(I, argv[0], argv[1], V_NULL) < 0 ? V_NULL : V_NONE;
}

static const MethodDef member_methods[] = {
    {"__get__", member_get_native, 0},
    {"__set__", member_set_native, 0},
    {"__delete__", member_delete_native, 0},
    {NULL, NULL, 0},
};

static const GetSetDef member_getsets[] = {
    {"__name__", member_name, NULL},
    {"__qualname__", member_name, NULL},
    {"__objclass__", member_objclass, NULL},
    {NULL, NULL, NULL},
};

const TypeSpec member_descr_spec = {
    .name = "member_descriptor",
    .base = TY_OBJECT,
    .instance_size = sizeof(MemberDescr),
    .slots = {.trace = member_trace,
              .repr = member_repr,
              .descr_get = member_get,
              .descr_set = member_set},
    .methods = member_methods,
    .getsets = member_getsets,
};

static bool ident_char(unsigned char c, bool first) {
    unsigned lower = c | 0x20u;
    return c == '_' || (lower >= 'a' && lower <= 'z') || c >= 0x80 ||
           (!first && c >= '0' && c <= '9');
}

static bool is_identifier(Str *s) {
    if (s->len == 0) return false;
    const unsigned char *p = (const unsigned char *)s->data;
    for (size_t i = 0; i < s->len; i++)
        if (!ident_char(p[i], i == 0)) return false;
    return true;
}

/* `__x` in class C is `_C__x`, as the compiler mangles it. */
static Str *mangle(Interp *I, Type *t, Str *name) {
    if (name->len < 3 || memcmp(name->data, "__", 2) != 0 ||
        (name->data[name->len - 1] == '_' && name->data[name->len - 2] == '_'))
        return name;
    const char *cls = t->name->data;
    while (*cls == '_')
        cls++;
    if (!*cls) return name;
    return str_printf(I, "_%s%s", cls, name->data);
}

static bool bases_have_dict(Interp *I, Type *t) {
    Tuple *mro = t->mro;
    for (size_t i = 1; mro && i < mro->len; i++) {
        Type *b = (Type *)mro->items[i].as.o;
        if (b->flags & TF_HEAPTYPE) {
            if (!(b->flags & TF_NODICT)) return true;
        } else if (b->flags & TF_EXCEPTION) {
            return true;
        } else if (b->id == TY_FUNCTION || b->id == TY_MODULE || b->id == TY_TYPE) {
            return true;
        }
    }
    (void)I;
    return false;
}

/* The class that last grew b's layout (added slot values). */
static Type *layout_owner(Type *b) {
    while (b->base && b->base->instance_size == b->instance_size)
        b = b->base;
    return b;
}

/* A second base with slot values that t's layout (its first base's) does not contain. */
static bool layout_conflict(Interp *I, Type *t) {
    for (size_t i = 0; i < t->bases->len; i++) {
        Type *b = (Type *)t->bases->items[i].as.o;
        if (b->slot_start && b->instance_size > b->slot_start &&
            !type_is_subtype(t->base, layout_owner(b))) {
            err_format(I, TY_TYPE_ERROR, "multiple bases have instance lay-out conflict");
            return true;
        }
    }
    return false;
}

bool type_setup_slots(Interp *I, Type *t) {
    t->slot_start = t->base->slot_start;
    if (layout_conflict(I, t)) return false;
    Str *key = str_intern_cstr(I, "__slots__");
    Value slots = key ? dict_get_str(t->tdict, key) : V_NULL;
    if (is_null(slots)) return key != NULL;
    List *names = list_new(I, 0);
    if (!names) return false;
    if (is_str(I, slots)) {
        if (!list_append(I, names, slots)) return false;
    } else {
        Value it = obj_iter(I, slots);
        if (is_null(it)) return false;
        Value x;
        int r;
        while ((r = obj_next_item(I, it, &x)) > 0)
            if (!list_append(I, names, x)) return false;
        if (r < 0) return false;
    }
    bool has_dict = false;
    List *mangled = list_new(I, names->len);
    if (!mangled) return false;
    for (size_t i = 0; i < names->len; i++) {
        Value n = names->items[i];
        if (!is_str(I, n)) {
            err_format(I, TY_TYPE_ERROR, "__slots__ items must be strings, not '%s'",
                       type_name(I, n));
            return false;
        }
        Str *s = as_str(n);
        if (!is_identifier(s)) {
            err_format(I, TY_TYPE_ERROR, "__slots__ must be identifiers");
            return false;
        }
        if (strcmp(s->data, "__dict__") == 0) {
            if (has_dict || bases_have_dict(I, t)) {
                err_format(I, TY_TYPE_ERROR, "__dict__ slot disallowed: we already got one");
                return false;
            }
            has_dict = true;
            continue;
        }
        if (strcmp(s->data, "__weakref__") == 0) continue;
        Str *m = mangle(I, t, s);
        if (!m || !(m = str_intern_str(I, m))) return false;
        if (!is_null(dict_get_str(t->tdict, m))) {
            err_format(I, TY_VALUE_ERROR, "'%s' in __slots__ conflicts with class variable",
                       s->data);
            return false;
        }
        if (!list_append(I, mangled, v_obj(m))) return false;
    }
    /* values inside the instance when it is a plain object layout; else in its dict */
    bool inline_values =
        type_builtin_base(t) == I->types[TY_OBJECT] && t->dictoffset == offsetof(Instance, dict);
    if (inline_values && mangled->len && !t->slot_start) t->slot_start = (uint32_t)t->instance_size;
    for (size_t i = 0; i < mangled->len; i++) {
        MemberDescr *d = gc_new(I, I->types[TY_MEMBER_DESCR], sizeof(MemberDescr));
        if (!d) return false;
        d->name = as_str(mangled->items[i]);
        d->owner = t;
        if (inline_values) {
            d->offset = t->instance_size;
            t->instance_size += sizeof(Value);
        }
        if (dict_set_str(I, t->tdict, d->name, v_obj(d)) < 0) return false;
    }
    if (!has_dict && !bases_have_dict(I, t)) t->flags |= TF_NODICT;
    return true;
}
