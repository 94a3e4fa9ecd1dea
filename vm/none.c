/* none.c: the small singleton types -- NoneType, NotImplementedType, ellipsis -- and bool.
 *
 * None and the bools are immediates (KR_TNONE, KR_TBOOL); NotImplemented and Ellipsis are
 * heap singletons the interpreter allocates at start-up (I->not_implemented, I->ellipsis).
 * bool is a subtype of int whose values are the immediates 0 and 1, so the int code serves
 * its arithmetic; only &, |, ^ between two bools, repr and construction differ. */
#include <string.h>

#include "error.h"
#include "number.h"
#include "str.h"

static Value const_str(Interp *I, const char *s) {
    Str *r = str_intern_cstr(I, s);
    return r ? v_obj(r) : V_NULL;
}

static bool no_args(Interp *I, const char *tname, int argc, Tuple *kwnames) {
    if (argc || (kwnames && kwnames->len)) {
        err_format(I, TY_TYPE_ERROR, "%s takes no arguments", tname);
        return false;
    }
    return true;
}

/* ---- None ---- */

static Value none_repr(Interp *I, Value self) {
    (void)self;
    return const_str(I, "None");
}

/* CPython 3.11 hashes None by address; any constant will do as long as it is stable. */
static int none_hash(Interp *I, Value self, int64_t *out) {
    (void)I;
    (void)self;
    *out = 0xFCA86420;
    return 0;
}

static int none_truthy(Interp *I, Value self) {
    (void)I;
    (void)self;
    return 0;
}

static Value none_new(Interp *I, Type *type, int argc, Value *argv, Tuple *kwnames) {
    (void)type;
    (void)argv;
    return no_args(I, "NoneType", argc, kwnames) ? V_NONE : V_NULL;
}

const TypeSpec none_spec = {
    .name = "NoneType",
    .base = TY_OBJECT,
    .instance_size = sizeof(Obj),
    .slots = {.repr = none_repr, .hash = none_hash, .truthy = none_truthy, .new = none_new},
};

/* ---- NotImplemented and Ellipsis ---- */

static Value notimpl_repr(Interp *I, Value self) {
    (void)self;
    return const_str(I, "NotImplemented");
}

static Value notimpl_new(Interp *I, Type *type, int argc, Value *argv, Tuple *kwnames) {
    (void)type;
    (void)argv;
    return no_args(I, "NotImplementedType", argc, kwnames) ? v_notimpl(I) : V_NULL;
}

const TypeSpec notimpl_spec = {
    .name = "NotImplementedType",
    .base = TY_OBJECT,
    .instance_size = sizeof(Obj),
    .slots = {.repr = notimpl_repr, .new = notimpl_new},
};

static Value ellipsis_repr(Interp *I, Value self) {
    (void)self;
    return const_str(I, "Ellipsis");
}

static Value ellipsis_new(Interp *I, Type *type, int argc, Value *argv, Tuple *kwnames) {
    (void)type;
    (void)argv;
    return no_args(I, "ellipsis", argc, kwnames) ? v_obj(I->ellipsis) : V_NULL;
}

const TypeSpec ellipsis_spec = {
    .name = "ellipsis",
    .base = TY_OBJECT,
    .instance_size = sizeof(Obj),
    .slots = {.repr = ellipsis_repr, .new = ellipsis_new},
};

/* ---- bool ---- */

static Value bool_repr(Interp *I, Value self) {
    return const_str(I, self.as.i ? "True" : "False");
}

static Value bool_binop(Interp *I, Value a, Value b, int op) {
    if (is_bool(a) && is_bool(b) && (op == BIN_AND || op == BIN_OR || op == BIN_XOR)) {
        int64_t x = a.as.i, y = b.as.i;
        return v_bool(op == BIN_AND ? (x & y) : op == BIN_OR ? (x | y) : (x ^ y));
    }
    return I->types[TY_INT]->slots.binop(I, a, b, op);
}

static Value bool_new(Interp *I, Type *type, int argc, Value *argv, Tuple *kwnames) {
    (void)type;
    if (kwnames && kwnames->len)
        return err_format(I, TY_TYPE_ERROR, "bool() takes no keyword arguments");
    if (argc > 1)
        return err_format(I, TY_TYPE_ERROR, "bool expected at most 1 argument, got %d", argc);
    if (argc == 0) return V_FALSE;
    int t = obj_truthy(I, argv[0]);
    return t < 0 ? V_NULL : v_bool(t);
}

const TypeSpec bool_spec = {
    .name = "bool",
    .base = TY_INT,
    .instance_size = sizeof(BigInt),
    .flags = 0, /* bool cannot be subclassed */
    .slots = {.repr = bool_repr, .binop = bool_binop, .new = bool_new},
};
