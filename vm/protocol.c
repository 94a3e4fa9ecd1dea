/* protocol.c: the generic protocol functions (obj_repr, obj_binop, obj_getitem, ...).
 *
 * Every part of krait that needs "do X to any value" calls these; they dispatch through the
 * slot table of the value's type (object.h) and raise the TypeError CPython raises when a
 * slot is missing. The binary and comparison operators implement CPython's operand order:
 * a right operand whose type is a proper subclass of the left one's gets the first try, so
 * that a subclass can override the result of an operator with a base-class instance.
 * User classes reach here through the heap-type slots of type_slots.c, which dispatch to
 * the dunder methods. */
#include <string.h>

#include "dict.h"
#include "error.h"
#include "gc.h"
#include "number.h"
#include "seq.h"
#include "str.h"
#include "vm.h"

/* Argument arrays up to this size are built on the C stack when a call prepends self. */
#define SMALL_ARGV 8

/* ---- types ------------------------------------------------------------------------- */

Type *type_of(Interp *I, Value v) {
    switch (v.tag) {
    case KR_TOBJ: return v.as.o->type;
    case KR_TINT: return I->types[TY_INT];
    case KR_TFLOAT: return I->types[TY_FLOAT];
    case KR_TBOOL: return I->types[TY_BOOL];
    default: return I->types[TY_NONE];
    }
}

const char *type_name(Interp *I, Value v) {
    return type_of(I, v)->name->data;
}

bool type_is_subtype(Type *a, Type *b) {
    if (a == b) return true;
    if (a->mro) {
        for (size_t i = 0; i < a->mro->len; i++)
            if ((Type *)a->mro->items[i].as.o == b) return true;
        return false;
    }
    for (Type *t = a->base; t; t = t->base) /* a builtin type before its mro is made */
        if (t == b) return true;
    return false;
}

bool is_instance(Interp *I, Value v, Type *t) {
    return type_is_subtype(type_of(I, v), t);
}

Value type_lookup_owner(Interp *I, Type *t, Str *name, Type **owner) {
    if (t->mro) {
        size_t n = t->mro->len;
        for (size_t i = 0; i < n; i++) {
            Type *k = (Type *)t->mro->items[i].as.o;
            Dict *d = type_dict_noerr(I, k);
            if (!d) continue;
            Value v = dict_get_str(d, name);
            if (!is_null(v)) {
                if (owner) *owner = k;
                return v;
            }
        }
        return V_NULL;
    }
    for (Type *k = t; k; k = k->base) {
        Dict *d = type_dict_noerr(I, k);
        if (!d) continue;
        Value v = dict_get_str(d, name);
        if (!is_null(v)) {
            if (owner) *owner = k;
            return v;
        }
    }
    return V_NULL;
}

Value type_lookup(Interp *I, Type *t, Str *name) {
    return type_lookup_owner(I, t, name, NULL);
}

Value v_notimpl(Interp *I) {
    return v_obj(I->not_implemented);
}
bool is_notimpl(Interp *I, Value v) {
    return is_obj(v) && v.as.o == I->not_implemented;
}

bool callable_check(Interp *I, Value v) {
    return type_of(I, v)->slots.call != NULL;
}

static bool is_class(Interp *I, Value v) {
    return is_obj(v) && type_is_subtype(v.as.o->type, I->types[TY_TYPE]);
}

/* A metaclass's __instancecheck__ / __subclasscheck__ (abc.ABCMeta, typing.Protocol...):
 * 1/0 its answer, -1 raised, -2 none defined. */
static int meta_check(Interp *I, Value cls, Value arg, Str *name) {
    Type *meta = cls.as.o->type;
    if (!(meta->flags & TF_HEAPTYPE)) return -2;
    Type *owner = NULL;
    Value f = type_lookup_owner(I, meta, name, &owner);
    if (is_null(f) || !owner || !(owner->flags & TF_HEAPTYPE)) return -2;
    Value r = descr_call(I, f, cls, 1, &arg, NULL);
    return is_null(r) ? -1 : obj_truthy(I, r);
}

int obj_isinstance(Interp *I, Value v, Value cls) {
    if (is_class(I, cls)) {
        if (is_instance(I, v, (Type *)cls.as.o)) return 1;
        int r = meta_check(I, cls, v, str_intern_cstr(I, "__instancecheck__"));
        return r == -2 ? 0 : r;
    }
    if (is_obj(cls) && cls.as.o->type != I->types[TY_TUPLE]) {
        /* an object whose class defines __instancecheck__ (typing's aliases) */
        int r = meta_check(I, cls, v, str_intern_cstr(I, "__instancecheck__"));
        if (r != -2) return r;
    }
    if (is_obj(cls) && cls.as.o->type == I->types[TY_TUPLE]) {
        Tuple *t = as_tuple(cls);
        for (size_t i = 0; i < t->len; i++) {
            int r = obj_isinstance(I, v, t->items[i]);
            if (r != 0) return r;
        }
        return 0;
    }
    err_format(I, TY_TYPE_ERROR, "isinstance() arg 2 must be a type, a tuple of types, or a union");
    return -1;
}

int obj_issubclass(Interp *I, Value derived, Value cls) {
    if (is_obj(cls) && cls.as.o->type != I->types[TY_TUPLE]) {
        int r = meta_check(I, cls, derived, str_intern_cstr(I, "__subclasscheck__"));
        if (r != -2) return r;
    }
    if (!is_class(I, derived)) {
        err_format(I, TY_TYPE_ERROR, "issubclass() arg 1 must be a class");
        return -1;
    }
    if (is_class(I, cls)) return type_is_subtype((Type *)derived.as.o, (Type *)cls.as.o) ? 1 : 0;
    if (is_obj(cls) && cls.as.o->type == I->types[TY_TUPLE]) {
        Tuple *t = as_tuple(cls);
        for (size_t i = 0; i < t->len; i++) {
            int r = obj_issubclass(I, derived, t->items[i]);
            if (r != 0) return r;
        }
        return 0;
    }
    err_format(I, TY_TYPE_ERROR,
               "issubclass() arg 2 must be a class, a tuple of classes, or a union");
    return -1;
}

/* ---- repr, str, hash --------------------------------------------------------------- */

static Value check_str_result(Interp *I, Value r, const char *what) {
    /* many repr slots return v_obj(str_from_cstr(...)): a failed allocation arrives as an
     * object value with no object (MemoryError pending) */
    if (is_obj(r) && !r.as.o) return err_nomem(I);
    if (is_null(r) || is_str(I, r)) return r;
    return err_format(I, TY_TYPE_ERROR, "%s returned non-string (type %s)", what, type_name(I, r));
}

Value obj_repr(Interp *I, Value v) {
    Type *t = type_of(I, v);
    if (t->id == TY_STR && is_obj(v)) return str_repr(I, as_str(v));
    if (!t->slots.repr)
        return check_str_result(
            I, v_obj(str_printf(I, "<%s object at %p>", t->name->data, (void *)v.as.o)), "");
    if (!c_recursion_enter(I, " while getting the repr of an object")) return V_NULL;
    Value r = t->slots.repr(I, v);
    c_recursion_leave(I);
    return check_str_result(I, r, "__repr__");
}

Value obj_str(Interp *I, Value v) {
    Type *t = type_of(I, v);
    if (t->id == TY_STR) return v; /* exact str: itself */
    if (!t->slots.str) return obj_repr(I, v);
    if (!c_recursion_enter(I, " while getting the str of an object")) return V_NULL;
    Value r = t->slots.str(I, v);
    c_recursion_leave(I);
    return check_str_result(I, r, "__str__");
}

Value obj_ascii(Interp *I, Value v) {
    Value r = obj_repr(I, v);
    if (is_null(r)) return r;
    Str *s = as_str(r);
    if (s->ascii) return r;
    StrBuf b;
    sb_init(&b);
    size_t pos = 0;
    while (pos < s->len) {
        uint32_t cp = utf8_decode(s->data, &pos);
        if (cp < 0x80)
            sb_append_char(I, &b, (char)cp);
        else if (cp < 0x100)
            sb_appendf(I, &b, "\\x%02x", cp);
        else if (cp < 0x10000)
            sb_appendf(I, &b, "\\u%04x", cp);
        else
            sb_appendf(I, &b, "\\U%08x", cp);
    }
    Str *out = sb_finish(I, &b);
    return out ? v_obj(out) : V_NULL;
}

int obj_hash(Interp *I, Value v, int64_t *out) {
    Type *t = type_of(I, v);
    if (!t->slots.hash) {
        err_format(I, TY_TYPE_ERROR, "unhashable type: '%s'", t->name->data);
        return -1;
    }
    if (!is_obj(v)) return t->slots.hash(I, v, out);
    if (!c_recursion_enter(I, " while hashing an object")) return -1;
    int r = t->slots.hash(I, v, out);
    c_recursion_leave(I);
    return r;
}

/* ---- comparison -------------------------------------------------------------------- */

static const char *const cmp_symbols[] = {"<", "<=", "==", "!=", ">", ">="};
static const int cmp_swapped[] = {CMP_GT, CMP_GE, CMP_EQ, CMP_NE, CMP_LT, CMP_LE};

static Value do_richcompare(Interp *I, Value a, Value b, int op) {
    Type *ta = type_of(I, a), *tb = type_of(I, b);
    bool checked_reverse = false;
    Value r;
    if (ta != tb && tb->slots.richcompare && type_is_subtype(tb, ta)) {
        checked_reverse = true;
        r = tb->slots.richcompare(I, b, a, cmp_swapped[op]);
        if (is_null(r) || !is_notimpl(I, r)) return r;
    }
    if (ta->slots.richcompare) {
        r = ta->slots.richcompare(I, a, b, op);
        if (is_null(r) || !is_notimpl(I, r)) return r;
    }
    if (!checked_reverse && tb->slots.richcompare) {
        r = tb->slots.richcompare(I, b, a, cmp_swapped[op]);
        if (is_null(r) || !is_notimpl(I, r)) return r;
    }
    if (op == CMP_EQ) return v_bool(v_is(a, b));
    if (op == CMP_NE) return v_bool(!v_is(a, b));
    return err_format(I, TY_TYPE_ERROR, "'%s' not supported between instances of '%s' and '%s'",
                      cmp_symbols[op], ta->name->data, tb->name->data);
}

Value obj_richcompare(Interp *I, Value a, Value b, int op) {
    if (is_smallint(a) && is_smallint(b)) {
        int64_t x = a.as.i, y = b.as.i;
        switch (op) {
        case CMP_LT: return v_bool(x < y);
        case CMP_LE: return v_bool(x <= y);
        case CMP_EQ: return v_bool(x == y);
        case CMP_NE: return v_bool(x != y);
        case CMP_GT: return v_bool(x > y);
        default: return v_bool(x >= y);
        }
    }
    if (!is_obj(a) && !is_obj(b)) return do_richcompare(I, a, b, op);
    if (!c_recursion_enter(I, " in comparison")) return V_NULL;
    Value r = do_richcompare(I, a, b, op);
    c_recursion_leave(I);
    return r;
}

int obj_compare_bool(Interp *I, Value a, Value b, int op) {
    if (is_smallint(a) && is_smallint(b)) {
        int64_t x = a.as.i, y = b.as.i;
        switch (op) {
        case CMP_LT: return x < y;
        case CMP_LE: return x <= y;
        case CMP_EQ: return x == y;
        case CMP_NE: return x != y;
        case CMP_GT: return x > y;
        default: return x >= y;
        }
    }
    Value r = obj_richcompare(I, a, b, op);
    if (is_null(r)) return -1;
    if (is_bool(r)) return (int)r.as.i;
    return obj_truthy(I, r);
}

int obj_eq(Interp *I, Value a, Value b) {
    /* Identity implies equality for containers, as CPython's PyObject_RichCompareBool.
     * Floats are unboxed, so two floats with the same bits count as the same object: then
     * `x = nan; x in [x]` is True as in CPython (a nan computed twice also matches, where
     * CPython's two objects would not -- docs/LANGUAGE.md). */
    if (v_is(a, b)) return 1;
    if (is_obj(a) && is_obj(b) && a.as.o->type == b.as.o->type && a.as.o->type == I->types[TY_STR])
        return str_eq(as_str(a), as_str(b));
    return obj_compare_bool(I, a, b, CMP_EQ);
}

/* ---- truth, arithmetic ------------------------------------------------------------- */

int obj_truthy(Interp *I, Value v) {
    switch (v.tag) {
    case KR_TNONE: return 0;
    case KR_TBOOL:
    case KR_TINT: return v.as.i != 0;
    case KR_TFLOAT: return v.as.f != 0.0;
    default: break;
    }
    Type *t = v.as.o->type;
    if (t->slots.truthy) return t->slots.truthy(I, v);
    if (t->slots.len) {
        int64_t n = t->slots.len(I, v);
        return n < 0 ? -1 : n != 0;
    }
    return 1;
}

static const char *const binop_symbols[] = {"+",  "-",  "*",  "@", "/", "//", "%",
                                            "**", "<<", ">>", "&", "|", "^"};

typedef Value (*BinopSlot)(Interp *I, Value a, Value b, int op);

/* CPython's binary_op1: the left type's slot, then the right's; a right operand of a proper
 * subtype goes first. A slot shared by both types runs once (it handles both sides). */
static Value binop1(Interp *I, Value a, Value b, int op) {
    Type *ta = type_of(I, a), *tb = type_of(I, b);
    BinopSlot fa = ta->slots.binop, fb = NULL;
    if (tb != ta) {
        fb = tb->slots.binop;
        if (fb == fa) fb = NULL;
    }
    Value r;
    if (fa) {
        if (fb && type_is_subtype(tb, ta)) {
            r = fb(I, a, b, op);
            if (is_null(r) || !is_notimpl(I, r)) return r;
            fb = NULL;
        }
        r = fa(I, a, b, op);
        if (is_null(r) || !is_notimpl(I, r)) return r;
    }
    if (fb) return fb(I, a, b, op);
    return v_notimpl(I);
}

static Value binop_error(Interp *I, Value a, Value b, int op, bool inplace) {
    if (op == BIN_POW && !inplace)
        return err_format(I, TY_TYPE_ERROR,
                          "unsupported operand type(s) for ** or pow(): '%s' and '%s'",
                          type_name(I, a), type_name(I, b));
    return err_format(I, TY_TYPE_ERROR, "unsupported operand type(s) for %s%s: '%s' and '%s'",
                      binop_symbols[op], inplace ? "=" : "", type_name(I, a), type_name(I, b));
}

Value obj_binop(Interp *I, Value a, Value b, int op) {
    Value r = binop1(I, a, b, op);
    if (is_null(r) || !is_notimpl(I, r)) return r;
    return binop_error(I, a, b, op, false);
}

Value obj_inplace(Interp *I, Value a, Value b, int op) {
    Type *ta = type_of(I, a);
    if (ta->slots.inplace) {
        Value r = ta->slots.inplace(I, a, b, op);
        if (is_null(r) || !is_notimpl(I, r)) return r;
    }
    Value r = binop1(I, a, b, op);
    if (is_null(r) || !is_notimpl(I, r)) return r;
    return binop_error(I, a, b, op, true);
}

Value obj_unop(Interp *I, Value v, int op) {
    static const char *const syms[] = {"-", "+", "~"};
    Type *t = type_of(I, v);
    if (t->slots.unop) {
        Value r = t->slots.unop(I, v, op);
        if (is_null(r) || !is_notimpl(I, r)) return r;
        /* A class's own __neg__ returning NotImplemented is just its result. */
        Str *name = op == UN_NEG ? I->names.neg : op == UN_POS ? I->names.pos : I->names.invert;
        if ((t->flags & TF_HEAPTYPE) && !is_null(type_lookup(I, t, name))) return r;
    }
    return err_format(I, TY_TYPE_ERROR, "bad operand type for unary %s: '%s'", syms[op],
                      t->name->data);
}

/* ---- containers -------------------------------------------------------------------- */

int64_t obj_len(Interp *I, Value v) {
    Type *t = type_of(I, v);
    if (!t->slots.len) {
        err_format(I, TY_TYPE_ERROR, "object of type '%s' has no len()", t->name->data);
        return -1;
    }
    return t->slots.len(I, v);
}

int64_t obj_length_hint(Interp *I, Value v, int64_t dflt) {
    Type *t = type_of(I, v);
    if (t->slots.len) {
        int64_t n = t->slots.len(I, v);
        if (n >= 0) return n;
        if (!err_matches(I, TY_TYPE_ERROR)) return -1;
        err_clear(I);
    }
    Value m = type_lookup(I, t, I->names.length_hint);
    if (is_null(m)) return dflt;
    Value r = descr_call(I, m, v, 0, NULL, NULL);
    if (is_null(r)) {
        if (!err_matches(I, TY_TYPE_ERROR)) return -1;
        err_clear(I);
        return dflt;
    }
    if (is_notimpl(I, r)) return dflt;
    if (!is_int(I, r)) {
        err_format(I, TY_TYPE_ERROR, "'%s' object cannot be interpreted as an integer",
                   type_name(I, r));
        return -1;
    }
    int64_t n;
    if (obj_index(I, r, &n) < 0) {
        if (!err_matches(I, TY_OVERFLOW_ERROR)) return -1;
        err_clear(I);
        err_format(I, TY_OVERFLOW_ERROR, "Python int too large to convert to C ssize_t");
        return -1;
    }
    if (n < 0) {
        err_format(I, TY_VALUE_ERROR, "__length_hint__() should return >= 0");
        return -1;
    }
    return n;
}

static bool is_type_value(Interp *I, Value v) {
    return is_obj(v) && type_is_subtype(v.as.o->type, I->types[TY_TYPE]);
}

/* module.fn(*args) for a module of the library (a frozen one: _generic_alias,
 * string.templatelib), imported at its first use; module may be dotted. */
Value vm_call_frozen(Interp *I, const char *module, const char *fn, int argc, Value *argv) {
    Str *name = str_intern_cstr(I, module);
    Value mod = name ? dict_get_str(I->modules, name) : V_NULL;
    if (is_null(mod)) {
        if (!name || is_null(vm_import(I, name, V_NONE, V_NONE, 0))) return V_NULL;
        mod = dict_get_str(I->modules, name);
        if (is_null(mod)) return err_format(I, TY_IMPORT_ERROR, "%s did not load", module);
    }
    Str *fname = str_intern_cstr(I, fn);
    Value f = fname ? obj_getattr(I, mod, fname) : V_NULL;
    if (is_null(f)) return V_NULL;
    return obj_call(I, f, argc, argv, NULL);
}

/* fn(a, b) from the frozen _generic_alias module (types.GenericAlias, types.UnionType). */
Value vm_generic_alias_call(Interp *I, const char *fn, Value a, Value b) {
    Value args[2] = {a, b};
    return vm_call_frozen(I, "_generic_alias", fn, 2, args);
}

/* list[int] and friends: a types.GenericAlias for the builtin generic classes. */
static Value class_getitem(Interp *I, Value o, Value key) {
    Type *t = (Type *)o.as.o;
    Value f = obj_getattr_opt(I, o, str_intern_cstr(I, "__class_getitem__"));
    if (!is_null(f)) return obj_call(I, f, 1, &key, NULL);
    if (err_occurred(I)) return V_NULL;
    switch (t->id) {
    case TY_LIST:
    case TY_DICT:
    case TY_TUPLE:
    case TY_SET:
    case TY_FROZENSET:
    case TY_ENUMERATE:
    case TY_DICT_KEYS:
    case TY_DICT_VALUES:
    case TY_DICT_ITEMS:
    case TY_TYPE: return vm_generic_alias_call(I, "GenericAlias", o, key);
    default: break;
    }
    return err_format(I, TY_TYPE_ERROR, "type '%s' is not subscriptable", t->name->data);
}

Value obj_getitem(Interp *I, Value o, Value key) {
    Type *t = type_of(I, o);
    if (t->slots.getitem) return t->slots.getitem(I, o, key);
    if (is_type_value(I, o)) return class_getitem(I, o, key);
    return err_format(I, TY_TYPE_ERROR, "'%s' object is not subscriptable", t->name->data);
}

int obj_setitem(Interp *I, Value o, Value key, Value v) {
    Type *t = type_of(I, o);
    if (t->slots.setitem) return t->slots.setitem(I, o, key, v);
    err_format(I, TY_TYPE_ERROR, "'%s' object does not support item assignment", t->name->data);
    return -1;
}

int obj_delitem(Interp *I, Value o, Value key) {
    Type *t = type_of(I, o);
    if (t->slots.setitem) return t->slots.setitem(I, o, key, V_NULL);
    err_format(I, TY_TYPE_ERROR, "'%s' object doesn't support item deletion", t->name->data);
    return -1;
}

int obj_contains(Interp *I, Value container, Value item) {
    Type *t = type_of(I, container);
    if (t->slots.contains) return t->slots.contains(I, container, item);
    if (!t->slots.iter && !t->slots.getitem) {
        err_format(I, TY_TYPE_ERROR, "argument of type '%s' is not iterable", t->name->data);
        return -1;
    }
    Value it = obj_iter(I, container);
    if (is_null(it)) return -1;
    if (!gc_temp_push(I, it)) return -1;
    for (;;) {
        Value x = obj_next(I, it);
        if (is_null(x)) return err_occurred(I) ? -1 : 0;
        int r = obj_eq(I, x, item);
        if (r != 0) return r;
    }
}

Value obj_iter(Interp *I, Value v) {
    Type *t = type_of(I, v);
    if (t->slots.iter) return t->slots.iter(I, v);
    if (t->slots.getitem && !is_type_value(I, v)) return seq_iter_new(I, v);
    return err_format(I, TY_TYPE_ERROR, "'%s' object is not iterable", t->name->data);
}

Value obj_next(Interp *I, Value it) {
    Type *t = type_of(I, it);
    if (!t->slots.next)
        return err_format(I, TY_TYPE_ERROR, "'%s' object is not an iterator", t->name->data);
    /* natives' iterators (map, zip, ...) call this on the iterator they wrap: a chain of a
     * million of them must not overflow the C stack */
    if (!c_stack_check(I, " while calling next()")) return V_NULL;
    /* and every native loop over an iterator (sum, max, any, sorted, list(), join, ...)
     * comes through here: one step each, so run limits and Ctrl-C reach them */
    if (!interp_poll(I)) return V_NULL;
    return t->slots.next(I, it);
}

/* ---- attributes -------------------------------------------------------------------- */

Value obj_getattr(Interp *I, Value o, Str *name) {
    Type *t = type_of(I, o);
    if (t->slots.getattr) return t->slots.getattr(I, o, name);
    return generic_getattr(I, o, name);
}

Value obj_getattr_opt(Interp *I, Value o, Str *name) {
    Type *t = type_of(I, o);
    if (!t->slots.getattr) return generic_getattr_opt(I, o, name);
    if (t->slots.getattr == type_getattr) return type_getattr_opt(I, o, name);
    Value r = t->slots.getattr(I, o, name);
    if (is_null(r) && err_matches(I, TY_ATTRIBUTE_ERROR)) err_clear(I);
    return r;
}

/* The two three-way lookups: the only places that tell "absent" from "raised" by asking
 * whether an exception is pending, so their callers need not. */
int obj_lookup_attr(Interp *I, Value o, Str *name, Value *out) {
    *out = obj_getattr_opt(I, o, name);
    if (!is_null(*out)) return 1;
    return err_occurred(I) ? -1 : 0;
}

int obj_next_item(Interp *I, Value it, Value *out) {
    *out = obj_next(I, it);
    if (!is_null(*out)) return 1;
    return err_occurred(I) ? -1 : 0;
}

int obj_setattr(Interp *I, Value o, Str *name, Value v) {
    Type *t = type_of(I, o);
    if (t->slots.setattr) return t->slots.setattr(I, o, name, v);
    return generic_setattr(I, o, name, v);
}

int obj_delattr(Interp *I, Value o, Str *name) {
    return obj_setattr(I, o, name, V_NULL);
}

/* ---- calls ------------------------------------------------------------------------- */

Value obj_call(Interp *I, Value f, int argc, Value *argv, Tuple *kwnames) {
    Type *t = type_of(I, f);
    if (!t->slots.call)
        return err_format(I, TY_TYPE_ERROR, "'%s' object is not callable", t->name->data);
    return t->slots.call(I, f, argc, argv, kwnames);
}

Value obj_call_prepend(Interp *I, Value f, Value self, int argc, Value *argv, Tuple *kwnames) {
    size_t rest = (size_t)argc + (kwnames ? kwnames->len : 0);
    Value small[SMALL_ARGV];
    Value *buf = small;
    if (rest + 1 > SMALL_ARGV) {
        buf = mem_alloc(I, (rest + 1) * sizeof(Value));
        if (!buf) return V_NULL;
    }
    buf[0] = self;
    if (rest) memcpy(buf + 1, argv, rest * sizeof(Value));
    Value r = obj_call(I, f, argc + 1, buf, kwnames);
    if (buf != small) mem_free(I, buf, (rest + 1) * sizeof(Value));
    return r;
}

/* A class attribute that binds to an instance as a method (a Python function or an unbound
 * builtin method): the caller may skip making a bound method and pass self itself. */
bool descr_is_method(Interp *I, Value d) {
    if (!is_obj(d)) return false;
    Type *dt = d.as.o->type;
    if (dt->id == TY_FUNCTION) return true;
    if (dt->id == TY_NATIVE_FUNC) {
        NativeFunc *nf = (NativeFunc *)d.as.o;
        return nf->owner && is_null(nf->self) && !(nf->flags & (METH_STATIC | METH_CLASS));
    }
    return false;
}

Value descr_call(Interp *I, Value attr, Value self, int argc, Value *argv, Tuple *kwnames) {
    if (descr_is_method(I, attr)) return obj_call_prepend(I, attr, self, argc, argv, kwnames);
    Type *at = type_of(I, attr);
    if (at->slots.descr_get) {
        Value b = at->slots.descr_get(I, attr, self, type_of(I, self));
        if (is_null(b)) return b;
        return obj_call(I, b, argc, argv, kwnames);
    }
    return obj_call(I, attr, argc, argv, kwnames);
}

int obj_lookup_method(Interp *I, Value self, Str *name, Value *out) {
    Type *t = type_of(I, self);
    if (!t->slots.getattr) {
        Value d = type_lookup(I, t, name);
        if (!is_null(d) && descr_is_method(I, d)) {
            Dict **dp = obj_dict_ptr(I, self);
            if (dp && *dp) {
                Value v = dict_get_str(*dp, name);
                if (!is_null(v)) {
                    *out = v;
                    return 0;
                }
            }
            *out = d;
            return 1;
        }
    }
    *out = obj_getattr(I, self, name);
    return is_null(*out) ? -1 : 0;
}

Value obj_call_method(Interp *I, Value self, Str *name, int argc, Value *args) {
    Value f;
    int r = obj_lookup_method(I, self, name, &f);
    if (r < 0) return V_NULL;
    if (r == 1) return obj_call_prepend(I, f, self, argc, args, NULL);
    return obj_call(I, f, argc, args, NULL);
}

/* ---- numbers ----------------------------------------------------------------------- */

Value obj_index_value(Interp *I, Value v) {
    if (is_smallint(v)) return v;
    if (is_bool(v)) return v_int(v.as.i);
    Type *t = type_of(I, v);
    if (is_obj(v) && t->id == TY_INT) return v; /* BigInt */
    if (!t->slots.index)
        return err_format(I, TY_TYPE_ERROR, "'%s' object cannot be interpreted as an integer",
                          t->name->data);
    Value r = t->slots.index(I, v);
    if (is_null(r)) return r;
    if (!is_int(I, r))
        return err_format(I, TY_TYPE_ERROR, "__index__ returned non-int (type %s)",
                          type_name(I, r));
    if (is_bool(r)) return v_int(r.as.i);
    return r;
}

int obj_index(Interp *I, Value v, int64_t *out) {
    if (is_smallint(v)) {
        *out = v.as.i;
        return 0;
    }
    Value r = obj_index_value(I, v);
    if (is_null(r)) return -1;
    if (is_smallint(r)) {
        *out = r.as.i;
        return 0;
    }
    err_format(I, TY_OVERFLOW_ERROR, "cannot fit '%s' into an index-sized integer",
               type_name(I, v));
    return -1;
}

Value obj_format(Interp *I, Value v, Str *spec) {
    if (!spec) spec = I->empty_str;
    Type *t = type_of(I, v);
    switch (t->id) {
    case TY_STR:
        if (is_obj(v)) return str_format_spec(I, as_str(v), spec->data, spec->len);
        break;
    case TY_INT: return int_format(I, v, spec->data, spec->len);
    case TY_FLOAT:
        if (is_float(v)) return float_format(I, v.as.f, spec->data, spec->len);
        break;
    case TY_BOOL:
        if (spec->len == 0) return obj_str(I, v);
        return int_format(I, v_int(v.as.i), spec->data, spec->len);
    default: break;
    }
    Value sv = v_obj(spec);
    Value r = obj_call_method(I, v, I->names.format, 1, &sv);
    if (is_null(r) || is_str(I, r)) return r;
    return err_format(I, TY_TYPE_ERROR, "__format__ must return a str, not %s", type_name(I, r));
}

/* ---- dir() ------------------------------------------------------------------------- */

static int dir_add_keys(Interp *I, Dict *acc, Dict *d) {
    if (!d) return 0;
    size_t pos = 0;
    Value k, v;
    while (dict_next(d, &pos, &k, &v))
        if (dict_set(I, acc, k, V_NONE) < 0) return -1;
    return 0;
}

Value obj_dir(Interp *I, Value o) {
    Dict *acc = dict_new(I);
    if (!acc) return V_NULL;
    Type *t;
    if (is_obj(o) && o.as.o->type == I->types[TY_MODULE]) {
        if (dir_add_keys(I, acc, ((Module *)o.as.o)->dict) < 0) return V_NULL;
        goto done;
    }
    if (is_type_value(I, o)) {
        t = (Type *)o.as.o; /* the class and its bases, not the metatype */
    } else {
        Dict **dp = obj_dict_ptr(I, o);
        if (dp && dir_add_keys(I, acc, *dp) < 0) return V_NULL;
        t = type_of(I, o);
    }
    Tuple *mro = type_mro(I, t);
    if (!mro) return V_NULL;
    for (size_t i = 0; i < mro->len; i++) {
        Dict *d = type_dict(I, (Type *)mro->items[i].as.o);
        if (!d || dir_add_keys(I, acc, d) < 0) return V_NULL;
    }
done:;
    List *l = list_new(I, acc->len);
    if (!l) return V_NULL;
    size_t pos = 0;
    Value k, v;
    while (dict_next(acc, &pos, &k, &v))
        if (!list_append(I, l, k)) return V_NULL;
    if (!list_sort(I, l, V_NULL, false)) return V_NULL;
    return v_obj(l);
}
