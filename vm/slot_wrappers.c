/* slot_wrappers.c: the dunder methods of builtin types (`"abc".__len__()`,
 * `list.__eq__(a, b)`, `int.__add__`, `super().__getitem__(k)`), made from the C slots.
 *
 * Builtin types implement their protocols as C slots, not as methods, so a script that
 * calls a dunder directly (or a subclass that delegates to its base's) needs a method
 * object per slot. interp.c adds one wrapper per slot a builtin type defines itself, unless
 * the type's method table already has that name. A wrapper calls the slot of the nearest
 * builtin type of self, never the generic protocol, so that `list.__len__(self)` inside a
 * subclass's own `__len__` does not recurse into the override. */
#include <stdio.h>
#include <string.h>

#include "dict.h"
#include "error.h"
#include "gc.h"
#include "seq.h"
#include "str.h"

static const TypeSlots *base_slots(Interp *I, Value self) {
    return &type_builtin_base(type_of(I, self))->slots;
}

static bool want_args(Interp *I, const char *name, int argc, Tuple *kwnames, int n) {
    if (kwnames && kwnames->len) {
        err_format(I, TY_TYPE_ERROR, "%s() takes no keyword arguments", name);
        return false;
    }
    if (argc != n + 1) {
        err_format(I, TY_TYPE_ERROR, "expected %d argument%s, got %d", n, n == 1 ? "" : "s",
                   argc - 1);
        return false;
    }
    return true;
}

static Value sw_repr(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!want_args(I, "__repr__", argc, kw, 0)) return V_NULL;
    return base_slots(I, argv[0])->repr(I, argv[0]);
}

static Value sw_str(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!want_args(I, "__str__", argc, kw, 0)) return V_NULL;
    const TypeSlots *s = base_slots(I, argv[0]);
    return s->str ? s->str(I, argv[0]) : s->repr(I, argv[0]);
}

static Value sw_hash(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!want_args(I, "__hash__", argc, kw, 0)) return V_NULL;
    int64_t h;
    if (base_slots(I, argv[0])->hash(I, argv[0], &h) < 0) return V_NULL;
    return v_int(h);
}

static Value sw_len(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!want_args(I, "__len__", argc, kw, 0)) return V_NULL;
    int64_t n = base_slots(I, argv[0])->len(I, argv[0]);
    return n < 0 ? V_NULL : v_int(n);
}

static Value sw_bool(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!want_args(I, "__bool__", argc, kw, 0)) return V_NULL;
    int t = base_slots(I, argv[0])->truthy(I, argv[0]);
    return t < 0 ? V_NULL : v_bool(t);
}

static Value sw_getitem(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!want_args(I, "__getitem__", argc, kw, 1)) return V_NULL;
    return base_slots(I, argv[0])->getitem(I, argv[0], argv[1]);
}

static Value sw_setitem(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!want_args(I, "__setitem__", argc, kw, 2)) return V_NULL;
    return base_slots(I, argv[0])->setitem(I, argv[0], argv[1], argv[2]) < 0 ? V_NULL : V_NONE;
}

static Value sw_delitem(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!want_args(I, "__delitem__", argc, kw, 1)) return V_NULL;
    return base_slots(I, argv[0])->setitem(I, argv[0], argv[1], V_NULL) < 0 ? V_NULL : V_NONE;
}

static Value sw_contains(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!want_args(I, "__contains__", argc, kw, 1)) return V_NULL;
    int r = base_slots(I, argv[0])->contains(I, argv[0], argv[1]);
    return r < 0 ? V_NULL : v_bool(r);
}

static Value sw_iter(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!want_args(I, "__iter__", argc, kw, 0)) return V_NULL;
    return base_slots(I, argv[0])->iter(I, argv[0]);
}

static Value sw_next(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!want_args(I, "__next__", argc, kw, 0)) return V_NULL;
    Value r = base_slots(I, argv[0])->next(I, argv[0]);
    if (is_null(r) && !err_occurred(I)) return err_stopiteration(I, V_NULL);
    return r;
}

static Value sw_call(Interp *I, int argc, Value *argv, Tuple *kw) {
    return base_slots(I, argv[0])->call(I, argv[0], argc - 1, argv + 1, kw);
}

static Value sw_index(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!want_args(I, "__index__", argc, kw, 0)) return V_NULL;
    return base_slots(I, argv[0])->index(I, argv[0]);
}

#define UNOP_WRAPPER(fname, op, dunder)                                                            \
    static Value fname(Interp *I, int argc, Value *argv, Tuple *kw) {                              \
        if (!want_args(I, dunder, argc, kw, 0)) return V_NULL;                                     \
        return base_slots(I, argv[0])->unop(I, argv[0], op);                                       \
    }
UNOP_WRAPPER(sw_neg, UN_NEG, "__neg__")
UNOP_WRAPPER(sw_pos, UN_POS, "__pos__")
UNOP_WRAPPER(sw_invert, UN_INVERT, "__invert__")

#define CMP_WRAPPER(fname, op, dunder)                                                             \
    static Value fname(Interp *I, int argc, Value *argv, Tuple *kw) {                              \
        if (!want_args(I, dunder, argc, kw, 1)) return V_NULL;                                     \
        return base_slots(I, argv[0])->richcompare(I, argv[0], argv[1], op);                       \
    }
CMP_WRAPPER(sw_lt, CMP_LT, "__lt__")
CMP_WRAPPER(sw_le, CMP_LE, "__le__")
CMP_WRAPPER(sw_eq, CMP_EQ, "__eq__")
CMP_WRAPPER(sw_ne, CMP_NE, "__ne__")
CMP_WRAPPER(sw_gt, CMP_GT, "__gt__")
CMP_WRAPPER(sw_ge, CMP_GE, "__ge__")

/* Forward (self op other), reflected (other op self) and in-place forms per operator. */
#define BINOP_WRAPPERS(name, op)                                                                   \
    static Value sw_##name(Interp *I, int argc, Value *argv, Tuple *kw) {                          \
        if (!want_args(I, "__" #name "__", argc, kw, 1)) return V_NULL;                            \
        return base_slots(I, argv[0])->binop(I, argv[0], argv[1], op);                             \
    }                                                                                              \
    static Value sw_r##name(Interp *I, int argc, Value *argv, Tuple *kw) {                         \
        if (!want_args(I, "__r" #name "__", argc, kw, 1)) return V_NULL;                           \
        return base_slots(I, argv[0])->binop(I, argv[1], argv[0], op);                             \
    }                                                                                              \
    static Value sw_i##name(Interp *I, int argc, Value *argv, Tuple *kw) {                         \
        if (!want_args(I, "__i" #name "__", argc, kw, 1)) return V_NULL;                           \
        return base_slots(I, argv[0])->inplace(I, argv[0], argv[1], op);                           \
    }
BINOP_WRAPPERS(add, BIN_ADD)
BINOP_WRAPPERS(sub, BIN_SUB)
BINOP_WRAPPERS(mul, BIN_MUL)
BINOP_WRAPPERS(matmul, BIN_MATMUL)
BINOP_WRAPPERS(truediv, BIN_TRUEDIV)
BINOP_WRAPPERS(floordiv, BIN_FLOORDIV)
BINOP_WRAPPERS(mod, BIN_MOD)
BINOP_WRAPPERS(pow, BIN_POW)
BINOP_WRAPPERS(lshift, BIN_LSHIFT)
BINOP_WRAPPERS(rshift, BIN_RSHIFT)
BINOP_WRAPPERS(and, BIN_AND)
BINOP_WRAPPERS(or, BIN_OR)
BINOP_WRAPPERS(xor, BIN_XOR)

typedef struct BinopWrapper {
    NativeFn forward, reflected, inplace;
} BinopWrapper;

static const BinopWrapper binop_wrappers[BIN__COUNT] = {
    [BIN_ADD] = {sw_add, sw_radd, sw_iadd},
    [BIN_SUB] = {sw_sub, sw_rsub, sw_isub},
    [BIN_MUL] = {sw_mul, sw_rmul, sw_imul},
    [BIN_MATMUL] = {sw_matmul, sw_rmatmul, sw_imatmul},
    [BIN_TRUEDIV] = {sw_truediv, sw_rtruediv, sw_itruediv},
    [BIN_FLOORDIV] = {sw_floordiv, sw_rfloordiv, sw_ifloordiv},
    [BIN_MOD] = {sw_mod, sw_rmod, sw_imod},
    [BIN_POW] = {sw_pow, sw_rpow, sw_ipow},
    [BIN_LSHIFT] = {sw_lshift, sw_rlshift, sw_ilshift},
    [BIN_RSHIFT] = {sw_rshift, sw_rrshift, sw_irshift},
    [BIN_AND] = {sw_and, sw_rand, sw_iand},
    [BIN_OR] = {sw_or, sw_ror, sw_ior},
    [BIN_XOR] = {sw_xor, sw_rxor, sw_ixor},
};

#define B(op) (1u << (op))
#define ALL_ARITH                                                                                  \
    (B(BIN_ADD) | B(BIN_SUB) | B(BIN_MUL) | B(BIN_TRUEDIV) | B(BIN_FLOORDIV) | B(BIN_MOD) |        \
     B(BIN_POW))
#define ALL_BITS (B(BIN_LSHIFT) | B(BIN_RSHIFT) | B(BIN_AND) | B(BIN_OR) | B(BIN_XOR))
#define SET_OPS  (B(BIN_SUB) | B(BIN_AND) | B(BIN_OR) | B(BIN_XOR))

/* Which operators a builtin type's binop slot implements, as CPython's type dicts list
 * them; a C slot cannot be asked. Reflected forms exist except where noted. */
static unsigned binops_of(int id, bool *reflected_only_mul, bool *no_reflected) {
    *reflected_only_mul = false;
    *no_reflected = false;
    switch (id) {
    case TY_INT: return ALL_ARITH | ALL_BITS;
    case TY_BOOL: return B(BIN_AND) | B(BIN_OR) | B(BIN_XOR);
    case TY_FLOAT: return ALL_ARITH;
    case TY_STR:
    case TY_BYTES:
    case TY_BYTEARRAY: *reflected_only_mul = true; return B(BIN_ADD) | B(BIN_MUL) | B(BIN_MOD);
    case TY_PYARRAY: *reflected_only_mul = true; return B(BIN_ADD) | B(BIN_MUL);
    case TY_LIST:
    case TY_TUPLE: *reflected_only_mul = true; return B(BIN_ADD) | B(BIN_MUL);
    case TY_SET:
    case TY_FROZENSET:
    case TY_DICT_KEYS:
    case TY_DICT_ITEMS: return SET_OPS;
    case TY_DICT: return B(BIN_OR);
    default: return 0;
    }
}

static bool add_wrapper(Interp *I, Type *t, const char *name, NativeFn fn) {
    Str *key = str_intern_cstr(I, name);
    if (!key) return false;
    if (!is_null(dict_get_str(t->tdict, key))) return true; /* the type's own method wins */
    Value f = native_func_new(I, name, fn, 0, NULL);
    if (is_null(f)) return false;
    ((NativeFunc *)as_obj(f))->owner = t;
    return dict_set_str(I, t->tdict, key, f) >= 0;
}

bool slot_wrappers_add(Interp *I, Type *t, const TypeSlots *own) {
    static const char *const binop_names[BIN__COUNT] = {
        "add", "sub",    "mul",    "matmul", "truediv", "floordiv", "mod",
        "pow", "lshift", "rshift", "and",    "or",      "xor",
    };
    struct {
        bool present;
        const char *name;
        NativeFn fn;
    } simple[] = {
        {own->repr != NULL, "__repr__", sw_repr},
        {own->str != NULL, "__str__", sw_str},
        {own->hash != NULL, "__hash__", sw_hash},
        {own->len != NULL, "__len__", sw_len},
        {own->truthy != NULL, "__bool__", sw_bool},
        {own->getitem != NULL, "__getitem__", sw_getitem},
        {own->setitem != NULL, "__setitem__", sw_setitem},
        {own->setitem != NULL, "__delitem__", sw_delitem},
        {own->contains != NULL, "__contains__", sw_contains},
        {own->iter != NULL, "__iter__", sw_iter},
        {own->next != NULL, "__next__", sw_next},
        {own->call != NULL, "__call__", sw_call},
        {own->index != NULL, "__index__", sw_index},
        {own->richcompare != NULL, "__lt__", sw_lt},
        {own->richcompare != NULL, "__le__", sw_le},
        {own->richcompare != NULL, "__eq__", sw_eq},
        {own->richcompare != NULL, "__ne__", sw_ne},
        {own->richcompare != NULL, "__gt__", sw_gt},
        {own->richcompare != NULL, "__ge__", sw_ge},
        {own->unop != NULL, "__neg__", sw_neg},
        {own->unop != NULL, "__pos__", sw_pos},
        {own->unop != NULL && (t->id == TY_INT || t->id == TY_BOOL), "__invert__", sw_invert},
    };
    for (size_t i = 0; i < sizeof simple / sizeof simple[0]; i++)
        if (simple[i].present && !add_wrapper(I, t, simple[i].name, simple[i].fn)) return false;
    if (!own->binop) return true;
    bool rmul_only, no_reflected;
    unsigned ops = binops_of(t->id, &rmul_only, &no_reflected);
    char name[32];
    for (int op = 0; op < BIN__COUNT; op++) {
        if (!(ops & B(op))) continue;
        snprintf(name, sizeof name, "__%s__", binop_names[op]);
        if (!add_wrapper(I, t, name, binop_wrappers[op].forward)) return false;
        if (no_reflected || (rmul_only && op != BIN_MUL)) continue;
        snprintf(name, sizeof name, "__r%s__", binop_names[op]);
        if (!add_wrapper(I, t, name, binop_wrappers[op].reflected)) return false;
    }
    if (own->inplace) {
        for (int op = 0; op < BIN__COUNT; op++) {
            if (!(ops & B(op))) continue;
            snprintf(name, sizeof name, "__i%s__", binop_names[op]);
            if (!add_wrapper(I, t, name, binop_wrappers[op].inplace)) return false;
        }
    }
    return true;
}
