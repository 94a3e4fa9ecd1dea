/* type_slots.c: the slots of classes made by class statements.
 *
 * A heap type's slot table starts as a copy of its base's; a slot is then replaced by a
 * dispatcher here when the dunder method behind it is defined by a class (a heap type) in
 * the mro, so classes that define nothing special cost nothing extra and inherit the fast
 * builtin slots (list's getitem for a list subclass, object's identity hash). The
 * dispatchers look the dunder up on the type at each call (never on the instance, as
 * CPython's special-method lookup), so reassigning a method on the class takes effect; when
 * the method found comes from a builtin type, they fall back to the nearest builtin base's
 * slot. type.c calls type_fixup_slots at class creation and on dunder assignment. */
#include "dict.h"
#include "error.h"
#include "gc.h"
#include "number.h"
#include "str.h"

Type *type_builtin_base(Type *t) {
    while (t->flags & TF_HEAPTYPE)
        t = t->base;
    return t;
}

static bool is_heap(Type *t) {
    return t && (t->flags & TF_HEAPTYPE);
}

/* The dunder on type(self) when a class (not a builtin type) defines it; else V_NULL. */
static Value heap_method(Interp *I, Value self, Str *name) {
    Type *owner = NULL;
    Value f = type_lookup_owner(I, type_of(I, self), name, &owner);
    return is_heap(owner) ? f : V_NULL;
}

static bool defines(Interp *I, Type *t, Str *name) {
    Type *owner = NULL;
    return !is_null(type_lookup_owner(I, t, name, &owner)) && is_heap(owner);
}

static const TypeSlots *builtin_slots(Interp *I, Value self) {
    return &type_builtin_base(type_of(I, self))->slots;
}

static Value call1(Interp *I, Value f, Value self, Value arg) {
    return descr_call(I, f, self, 1, &arg, NULL);
}

/* ---- trace, repr, str, hash -------------------------------------------------------- */

static void heap_trace(Interp *I, Obj *o) {
    Type *t = o->type;
    gc_mark_obj(I, (Obj *)t);
    Type *bb = type_builtin_base(t);
    if (bb->slots.trace) bb->slots.trace(I, o);
    if (t->dictoffset) gc_mark_obj(I, *(Obj **)((char *)o + t->dictoffset));
    if (t->slot_start)
        for (size_t off = t->slot_start; off + sizeof(Value) <= t->instance_size;
             off += sizeof(Value))
            gc_mark_value(I, *(Value *)((char *)o + off));
}

static Value heap_repr(Interp *I, Value self) {
    Value f = type_lookup(I, type_of(I, self), I->names.repr);
    if (is_null(f)) return builtin_slots(I, self)->repr(I, self);
    return descr_call(I, f, self, 0, NULL, NULL);
}

static Value heap_str(Interp *I, Value self) {
    Value f = type_lookup(I, type_of(I, self), I->names.str);
    if (is_null(f)) return obj_repr(I, self);
    return descr_call(I, f, self, 0, NULL, NULL);
}

static int heap_hash(Interp *I, Value self, int64_t *out) {
    Value f = type_lookup(I, type_of(I, self), I->names.hash);
    if (is_null(f) || is_none(f)) {
        err_format(I, TY_TYPE_ERROR, "unhashable type: '%s'", type_name(I, self));
        return -1;
    }
    Value r = descr_call(I, f, self, 0, NULL, NULL);
    if (is_null(r)) return -1;
    if (!is_int(I, r)) {
        err_format(I, TY_TYPE_ERROR, "__hash__ method should return an integer");
        return -1;
    }
    /* a value that fits is the hash itself, as CPython's slot_tp_hash (-1 becomes -2) */
    if (is_smallint(r) || is_bool(r))
        *out = r.as.i == -1 ? -2 : r.as.i;
    else
        *out = int_hash(I, r);
    return 0;
}

/* ---- comparison and arithmetic ----------------------------------------------------- */

static Str *cmp_name(Interp *I, int op) {
    switch (op) {
    case CMP_LT: return I->names.lt;
    case CMP_LE: return I->names.le;
    case CMP_EQ: return I->names.eq;
    case CMP_NE: return I->names.ne;
    case CMP_GT: return I->names.gt;
    default: return I->names.ge;
    }
}

static Value heap_richcompare(Interp *I, Value a, Value b, int op) {
    Value f = heap_method(I, a, cmp_name(I, op));
    if (!is_null(f)) return call1(I, f, a, b);
    const TypeSlots *s = builtin_slots(I, a);
    return s->richcompare ? s->richcompare(I, a, b, op) : v_notimpl(I);
}

/* One side of a binary operator: self.__op__(other) (right: self.__rop__(other)), or the
 * builtin base's slot with the operands in their original order. */
static Value binop_side(Interp *I, Value self, Value other, int op, bool right) {
    Str *name = right ? I->binop_names.rop[op] : I->binop_names.op[op];
    Value f = heap_method(I, self, name);
    if (!is_null(f)) return call1(I, f, self, other);
    const TypeSlots *s = builtin_slots(I, self);
    if (!s->binop) return v_notimpl(I);
    return right ? s->binop(I, other, self, op) : s->binop(I, self, other, op);
}

/* CPython's SLOT1BINFULL: one function serves both operand positions; obj_binop calls it
 * once when both operands' types have it. */
static Value heap_binop(Interp *I, Value a, Value b, int op) {
    Type *ta = type_of(I, a), *tb = type_of(I, b);
    bool do_other = ta != tb && tb->slots.binop == heap_binop;
    Value r;
    if (ta->slots.binop == heap_binop) {
        if (do_other && type_is_subtype(tb, ta)) {
            Str *rn = I->binop_names.rop[op];
            if (!v_is(type_lookup(I, tb, rn), type_lookup(I, ta, rn))) {
                r = binop_side(I, b, a, op, true);
                if (is_null(r) || !is_notimpl(I, r)) return r;
                do_other = false;
            }
        }
        r = binop_side(I, a, b, op, false);
        if (is_null(r) || !is_notimpl(I, r) || ta == tb) return r;
    }
    if (do_other) return binop_side(I, b, a, op, true);
    return v_notimpl(I);
}

static Value heap_inplace(Interp *I, Value a, Value b, int op) {
    Value f = heap_method(I, a, I->binop_names.iop[op]);
    if (!is_null(f)) return call1(I, f, a, b);
    const TypeSlots *s = builtin_slots(I, a);
    return s->inplace ? s->inplace(I, a, b, op) : v_notimpl(I);
}

static Value heap_unop(Interp *I, Value a, int op) {
    Str *name = op == UN_NEG ? I->names.neg : op == UN_POS ? I->names.pos : I->names.invert;
    Value f = heap_method(I, a, name);
    if (!is_null(f)) return descr_call(I, f, a, 0, NULL, NULL);
    const TypeSlots *s = builtin_slots(I, a);
    return s->unop ? s->unop(I, a, op) : v_notimpl(I);
}

/* ---- truth, length, items ---------------------------------------------------------- */

static int64_t len_result(Interp *I, Value r) {
    if (is_null(r)) return -1;
    int64_t n;
    Value iv = obj_index_value(I, r);
    if (is_null(iv)) return -1;
    if (!is_smallint(iv)) {
        if (int_sign(I, iv) < 0) goto negative;
        err_format(I, TY_OVERFLOW_ERROR, "cannot fit 'int' into an index-sized integer");
        return -1;
    }
    n = iv.as.i;
    if (n < 0) goto negative;
    return n;
negative:
    err_format(I, TY_VALUE_ERROR, "__len__() should return >= 0");
    return -1;
}

static int64_t heap_len(Interp *I, Value self) {
    Value f = type_lookup(I, type_of(I, self), I->names.len);
    if (is_null(f)) {
        const TypeSlots *s = builtin_slots(I, self);
        if (s->len) return s->len(I, self);
        err_format(I, TY_TYPE_ERROR, "object of type '%s' has no len()", type_name(I, self));
        return -1;
    }
    return len_result(I, descr_call(I, f, self, 0, NULL, NULL));
}

static int heap_truthy(Interp *I, Value self) {
    Value f = heap_method(I, self, I->names.bool_);
    if (!is_null(f)) {
        Value r = descr_call(I, f, self, 0, NULL, NULL);
        if (is_null(r)) return -1;
        if (!is_bool(r)) {
            err_format(I, TY_TYPE_ERROR, "__bool__ should return bool, returned %s",
                       type_name(I, r));
            return -1;
        }
        return (int)r.as.i;
    }
    f = heap_method(I, self, I->names.len);
    if (!is_null(f)) {
        int64_t n = len_result(I, descr_call(I, f, self, 0, NULL, NULL));
        return n < 0 ? -1 : n != 0;
    }
    const TypeSlots *s = builtin_slots(I, self);
    if (s->truthy) return s->truthy(I, self);
    if (s->len) {
        int64_t n = s->len(I, self);
        return n < 0 ? -1 : n != 0;
    }
    return 1;
}

static Value heap_getitem(Interp *I, Value self, Value key) {
    Value f = heap_method(I, self, I->names.getitem);
    if (!is_null(f)) return call1(I, f, self, key);
    const TypeSlots *s = builtin_slots(I, self);
    if (s->getitem) return s->getitem(I, self, key);
    return err_format(I, TY_TYPE_ERROR, "'%s' object is not subscriptable", type_name(I, self));
}

static int heap_setitem(Interp *I, Value self, Value key, Value v) {
    Str *name = is_null(v) ? I->names.delitem : I->names.setitem;
    Value f = heap_method(I, self, name);
    if (!is_null(f)) {
        Value args[2] = {key, v};
        Value r = descr_call(I, f, self, is_null(v) ? 1 : 2, args, NULL);
        return is_null(r) ? -1 : 0;
    }
    const TypeSlots *s = builtin_slots(I, self);
    if (s->setitem) return s->setitem(I, self, key, v);
    if (is_null(v))
        err_format(I, TY_ATTRIBUTE_ERROR, "__delitem__");
    else
        err_format(I, TY_ATTRIBUTE_ERROR, "__setitem__");
    return -1;
}

static int heap_contains(Interp *I, Value self, Value item) {
    Value f = heap_method(I, self, I->names.contains);
    if (!is_null(f)) {
        Value r = call1(I, f, self, item);
        return is_null(r) ? -1 : obj_truthy(I, r);
    }
    const TypeSlots *s = builtin_slots(I, self);
    if (s->contains) return s->contains(I, self, item);
    /* obj_contains's iteration fallback, without recursing into this slot */
    Value it = obj_iter(I, self);
    if (is_null(it) || !gc_temp_push(I, it)) return -1;
    for (;;) {
        Value x;
        int got = obj_next_item(I, it, &x);
        if (got <= 0) return got;
        int r = obj_eq(I, x, item);
        if (r != 0) return r;
    }
}

static Value heap_iter(Interp *I, Value self) {
    Value f = type_lookup(I, type_of(I, self), I->names.iter);
    if (is_null(f) || is_none(f)) {
        const TypeSlots *s = builtin_slots(I, self);
        if (!is_null(f) || !s->iter)
            return err_format(I, TY_TYPE_ERROR, "'%s' object is not iterable", type_name(I, self));
        return s->iter(I, self);
    }
    Value r = descr_call(I, f, self, 0, NULL, NULL);
    if (is_null(r)) return r;
    if (!type_of(I, r)->slots.next)
        return err_format(I, TY_TYPE_ERROR, "iter() returned non-iterator of type '%s'",
                          type_name(I, r));
    return r;
}

/* The next slot signals exhaustion without an exception: a StopIteration raised by
 * __next__ is consumed here. */
static Value heap_next(Interp *I, Value self) {
    Value f = heap_method(I, self, I->names.next);
    if (is_null(f)) {
        const TypeSlots *s = builtin_slots(I, self);
        if (s->next) return s->next(I, self);
        return err_format(I, TY_TYPE_ERROR, "'%s' object is not an iterator", type_name(I, self));
    }
    Value r = descr_call(I, f, self, 0, NULL, NULL);
    if (is_null(r) && err_matches(I, TY_STOP_ITERATION)) {
        I->last_stop = I->exc;
        err_clear(I);
    }
    return r;
}

static Value heap_call(Interp *I, Value self, int argc, Value *argv, Tuple *kw) {
    Value f = type_lookup(I, type_of(I, self), I->names.call);
    if (is_null(f) || is_none(f))
        return err_format(I, TY_TYPE_ERROR, "'%s' object is not callable", type_name(I, self));
    return descr_call(I, f, self, argc, argv, kw);
}

static Value heap_index(Interp *I, Value self) {
    Value f = heap_method(I, self, I->names.index);
    if (!is_null(f)) return descr_call(I, f, self, 0, NULL, NULL);
    const TypeSlots *s = builtin_slots(I, self);
    if (s->index) return s->index(I, self);
    return err_format(I, TY_TYPE_ERROR, "'%s' object cannot be interpreted as an integer",
                      type_name(I, self));
}

/* ---- attributes and descriptors ---------------------------------------------------- */

static Value base_getattr(Interp *I, Value self, Str *name, bool suppress) {
    const TypeSlots *s = builtin_slots(I, self);
    if (s->getattr) {
        Value r = s->getattr(I, self, name);
        if (suppress && is_null(r) && err_matches(I, TY_ATTRIBUTE_ERROR)) err_clear(I);
        return r;
    }
    return suppress ? generic_getattr_opt(I, self, name) : generic_getattr(I, self, name);
}

static Value heap_getattr(Interp *I, Value self, Str *name) {
    Value ga = heap_method(I, self, I->names.getattr);
    Value gab = heap_method(I, self, I->names.getattribute);
    Value r;
    if (!is_null(gab)) {
        r = call1(I, gab, self, v_obj(name));
    } else {
        r = base_getattr(I, self, name, !is_null(ga));
    }
    if (!is_null(r) || is_null(ga)) return r;
    if (err_occurred(I)) {
        if (!err_matches(I, TY_ATTRIBUTE_ERROR)) return V_NULL;
        err_clear(I);
    }
    return call1(I, ga, self, v_obj(name));
}

static int heap_setattr(Interp *I, Value self, Str *name, Value v) {
    Value f = heap_method(I, self, is_null(v) ? I->names.delattr : I->names.setattr);
    if (!is_null(f)) {
        Value args[2] = {v_obj(name), v};
        Value r = descr_call(I, f, self, is_null(v) ? 1 : 2, args, NULL);
        return is_null(r) ? -1 : 0;
    }
    const TypeSlots *s = builtin_slots(I, self);
    if (s->setattr) return s->setattr(I, self, name, v);
    return generic_setattr(I, self, name, v);
}

static Value heap_descr_get(Interp *I, Value descr, Value obj, Type *owner) {
    Value f = heap_method(I, descr, I->names.get);
    if (is_null(f)) return descr;
    Value args[2] = {is_null(obj) ? V_NONE : obj, owner ? v_obj(owner) : V_NONE};
    return descr_call(I, f, descr, 2, args, NULL);
}

static int heap_descr_set(Interp *I, Value descr, Value obj, Value v) {
    Str *name = is_null(v) ? I->names.delete : I->names.set;
    Value f = heap_method(I, descr, name);
    if (is_null(f)) {
        err_format(I, TY_ATTRIBUTE_ERROR, "%s", name->data);
        return -1;
    }
    Value args[2] = {obj, v};
    Value r = descr_call(I, f, descr, is_null(v) ? 1 : 2, args, NULL);
    return is_null(r) ? -1 : 0;
}

/* A class defining __new__: call it as a static method with the class first. */
static Value heap_new(Interp *I, Type *t, int argc, Value *argv, Tuple *kw) {
    Type *owner = NULL;
    Value f = type_lookup_owner(I, t, I->names.new_, &owner);
    if (is_null(f) || !is_heap(owner)) {
        Type *bb = type_builtin_base(t);
        if (!bb->slots.new)
            return err_format(I, TY_TYPE_ERROR, "cannot create '%s' instances", t->name->data);
        return bb->slots.new(I, t, argc, argv, kw);
    }
    if (is_obj(f) && f.as.o->type == I->types[TY_STATICMETHOD])
        f = ((StaticMethodObj *)f.as.o)->func;
    return obj_call_prepend(I, f, v_obj(t), argc, argv, kw);
}

/* ---- assembling the table ---------------------------------------------------------- */

static bool defines_any(Interp *I, Type *t, Str *const *names, int n) {
    for (int i = 0; i < n; i++)
        if (names[i] && defines(I, t, names[i])) return true;
    return false;
}

void type_fixup_slots(Interp *I, Type *t) {
    TypeSlots *s = &t->slots;
    /* A host class keeps the construction and finalization its host data needs whatever a
     * script assigns (Item.__doc__ = 'x' re-derives the slots). */
    TypeSlots host = *s;
    *s = t->base->slots;
    if (t->host_info) {
        s->new = host.new;
        s->finalize = host.finalize;
    }
    s->trace = heap_trace;
    if (defines(I, t, I->names.repr)) s->repr = heap_repr;
    if (defines(I, t, I->names.str)) s->str = heap_str;
    Type *owner = NULL;
    Value h = type_lookup_owner(I, t, I->names.hash, &owner);
    if (is_heap(owner)) s->hash = is_none(h) ? NULL : heap_hash;
    Str *cmp[6] = {I->names.lt, I->names.le, I->names.eq, I->names.ne, I->names.gt, I->names.ge};
    if (defines_any(I, t, cmp, 6)) s->richcompare = heap_richcompare;
    if (defines_any(I, t, I->binop_names.op, BIN__COUNT) ||
        defines_any(I, t, I->binop_names.rop, BIN__COUNT))
        s->binop = heap_binop;
    if (defines_any(I, t, I->binop_names.iop, BIN__COUNT)) s->inplace = heap_inplace;
    Str *un[3] = {I->names.neg, I->names.pos, I->names.invert};
    if (defines_any(I, t, un, 3)) s->unop = heap_unop;
    if (defines(I, t, I->names.bool_) || defines(I, t, I->names.len)) s->truthy = heap_truthy;
    if (defines(I, t, I->names.len)) s->len = heap_len;
    if (defines(I, t, I->names.getitem)) s->getitem = heap_getitem;
    if (defines(I, t, I->names.setitem) || defines(I, t, I->names.delitem))
        s->setitem = heap_setitem;
    if (defines(I, t, I->names.contains)) s->contains = heap_contains;
    if (defines(I, t, I->names.iter)) s->iter = heap_iter;
    if (defines(I, t, I->names.next)) s->next = heap_next;
    if (defines(I, t, I->names.call)) s->call = heap_call;
    if (defines(I, t, I->names.index)) s->index = heap_index;
    if (defines(I, t, I->names.getattr) || defines(I, t, I->names.getattribute))
        s->getattr = heap_getattr;
    if (defines(I, t, I->names.setattr) || defines(I, t, I->names.delattr))
        s->setattr = heap_setattr;
    if (defines(I, t, I->names.get)) s->descr_get = heap_descr_get;
    if (defines(I, t, I->names.set) || defines(I, t, I->names.delete))
        s->descr_set = heap_descr_set;
    if (defines(I, t, I->names.new_) && !t->host_info) s->new = heap_new;
    /* A class that defines __iter__ = None or __call__ = None in a heap type still gets the
     * dispatcher above, which raises the right TypeError. */
}
