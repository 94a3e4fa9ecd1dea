/* builtins_num.c: the numeric builtins: abs, round, divmod, pow, hex, oct, bin. They
 * dispatch to the number types (vm/int.c, vm/float.c) or to a class's dunder method. */
#include <math.h>
#include <string.h>

#include "builtins.h"

static bool is_number(Interp *I, Value v) {
    return is_float(v) || is_int(I, v);
}

static Value call_dunder(Interp *I, Value self, Str *name, int argc, Value *args, bool *found) {
    Value m = type_lookup(I, type_of(I, self), name);
    *found = !is_null(m);
    if (!*found) return V_NULL;
    return obj_call_method(I, self, name, argc, args);
}

static Value bi_abs(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "abs", kwnames)) return V_NULL;
    if (argc != 1)
        return err_format(I, TY_TYPE_ERROR, "abs() takes exactly one argument (%d given)", argc);
    Value v = argv[0];
    if (is_float(v)) return v_float(fabs(v.as.f));
    if (is_bool(v)) return v_int(v.as.i);
    if (is_smallint(v) && v.as.i >= 0) return v;
    /* Exact ints only: a subclass's abs() goes through __abs__ and returns a plain int. */
    if (is_smallint(v) || (is_obj(v) && as_obj(v)->type == I->types[TY_INT]))
        return int_sign(I, v) < 0 ? int_neg(I, v) : v;
    bool found;
    Value r = call_dunder(I, v, I->names.abs, 0, NULL, &found);
    if (!found)
        return err_format(I, TY_TYPE_ERROR, "bad operand type for abs(): '%s'", type_name(I, v));
    return r;
}

static Value bi_round(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    static const char *const names[] = {"number", "ndigits"};
    Value a[2];
    if (!arg_parse(I, "round", argc, argv, kwnames, names, 2, 1, 2, a)) return V_NULL;
    bool found;
    int n = (is_null(a[1]) || is_none(a[1])) ? 0 : 1;
    Value r = call_dunder(I, a[0], I->names.round, n, &a[1], &found);
    if (!found)
        return err_format(I, TY_TYPE_ERROR, "type %s doesn't define __round__ method",
                          type_name(I, a[0]));
    return r;
}

static Value bi_divmod(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "divmod", kwnames)) return V_NULL;
    if (argc != 2) return err_format(I, TY_TYPE_ERROR, "divmod expected 2 arguments, got %d", argc);
    Value a = argv[0], b = argv[1];
    if (is_number(I, a) && is_number(I, b)) return num_divmod(I, a, b);
    bool found;
    Str *dm = str_intern_cstr(I, "__divmod__");
    Str *rdm = str_intern_cstr(I, "__rdivmod__");
    if (!dm || !rdm) return V_NULL;
    Value r = call_dunder(I, a, dm, 1, &b, &found);
    if (found && (is_null(r) || !is_notimpl(I, r))) return r;
    r = call_dunder(I, b, rdm, 1, &a, &found);
    if (found && (is_null(r) || !is_notimpl(I, r))) return r;
    return err_format(I, TY_TYPE_ERROR, "unsupported operand type(s) for divmod(): '%s' and '%s'",
                      type_name(I, a), type_name(I, b));
}

static Value bi_pow(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    static const char *const names[] = {"base", "exp", "mod"};
    Value a[3];
    if (!arg_parse(I, "pow", argc, argv, kwnames, names, 3, 2, 3, a)) return V_NULL;
    if (is_null(a[2]) || is_none(a[2])) return obj_binop(I, a[0], a[1], BIN_POW);
    if (is_int(I, a[0]) && is_int(I, a[1]) && is_int(I, a[2])) return int_pow(I, a[0], a[1], a[2]);
    /* Three-argument pow of other objects: type(base).__pow__(base, exp, mod). */
    Type *t = type_of(I, a[0]);
    if (t->flags & TF_HEAPTYPE) {
        Str *name = str_intern_cstr(I, "__pow__");
        if (!name) return V_NULL;
        if (!is_null(type_lookup(I, t, name))) {
            Value r = obj_call_method(I, a[0], name, 2, &a[1]);
            if (is_null(r) || !is_notimpl(I, r)) return r;
        }
        return err_format(I, TY_TYPE_ERROR,
                          "unsupported operand type(s) for ** or pow(): '%s', '%s', '%s'",
                          type_name(I, a[0]), type_name(I, a[1]), type_name(I, a[2]));
    }
    return err_format(I, TY_TYPE_ERROR,
                      "pow() 3rd argument not allowed unless all arguments are integers");
}

static Value int_with_prefix(Interp *I, int argc, Value *argv, Tuple *kwnames, const char *name,
                             int base, const char *prefix) {
    if (!arg_no_kw(I, name, kwnames)) return V_NULL;
    if (argc != 1)
        return err_format(I, TY_TYPE_ERROR, "%s() takes exactly one argument (%d given)", name,
                          argc);
    Value v = obj_index_value(I, argv[0]);
    if (is_null(v)) return V_NULL;
    bool neg = int_sign(I, v) < 0;
    if (neg) {
        v = int_neg(I, v);
        if (is_null(v)) return V_NULL;
    }
    Value digits = int_to_str(I, v, base);
    if (is_null(digits)) return V_NULL;
    Str *s = str_printf(I, "%s%s%s", neg ? "-" : "", prefix, as_str(digits)->data);
    return s ? v_obj(s) : V_NULL;
}

static Value bi_hex(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    return int_with_prefix(I, argc, argv, kwnames, "hex", 16, "0x");
}

static Value bi_oct(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    return int_with_prefix(I, argc, argv, kwnames, "oct", 8, "0o");
}

static Value bi_bin(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    return int_with_prefix(I, argc, argv, kwnames, "bin", 2, "0b");
}

const MethodDef builtin_num_functions[] = {
    {"abs", bi_abs, 0}, {"round", bi_round, 0}, {"divmod", bi_divmod, 0}, {"pow", bi_pow, 0},
    {"hex", bi_hex, 0}, {"oct", bi_oct, 0},     {"bin", bi_bin, 0},       {NULL, NULL, 0},
};
