/* int.c: the int type: its protocol slots, the int() constructor and the int methods.
 *
 * The arithmetic itself is in bigint.c; this file dispatches Python's operators onto it,
 * mixing in float when the other operand is a float (an int op float is a float op, as in
 * CPython: the int is converted, with "int too large to convert to float" beyond double).
 * Instances of int subclasses carry their digits after the subclass's own fields (see
 * INT_DIGITS_AFTER); every operation returns a plain int, as CPython does. */
#include <math.h>
#include <string.h>

#include "buffer.h"
#include "dict.h"
#include "error.h"
#include "gc.h"
#include "number.h"
#include "seq.h"
#include "str.h"

static Value int_to_float_value(Interp *I, Value v, double *out) {
    bool ov;
    *out = int_to_double(I, v, &ov);
    if (ov) return err_format(I, TY_OVERFLOW_ERROR, "int too large to convert to float");
    return V_NONE;
}

static Value int_binop(Interp *I, Value a, Value b, int op) {
    bool ai = is_int(I, a), bi = is_int(I, b);
    if (!ai || !bi) {
        /* int with float: float's reflected slot computes it, as in CPython, so that
         * int.__add__(1.0) is NotImplemented */
        return v_notimpl(I);
    }
    /* bigint.c reads an object operand as a big int: unbox subclass instances (I(0) << 1) */
    a = int_to_exact(I, a);
    if (is_null(a) || !gc_temp_push(I, a)) return V_NULL;
    b = int_to_exact(I, b);
    if (is_null(b)) return V_NULL;
    switch (op) {
    case BIN_ADD: return int_add(I, a, b);
    case BIN_SUB: return int_sub(I, a, b);
    case BIN_MUL: return int_mul(I, a, b);
    case BIN_TRUEDIV: return int_truediv(I, a, b);
    case BIN_FLOORDIV: return int_floordiv(I, a, b);
    case BIN_MOD: return int_mod(I, a, b);
    case BIN_POW: return int_pow(I, a, b, V_NULL);
    case BIN_LSHIFT: return int_lshift(I, a, b);
    case BIN_RSHIFT: return int_rshift(I, a, b);
    case BIN_AND:
    case BIN_OR:
    case BIN_XOR: return int_bitop(I, a, b, op);
    default: return v_notimpl(I);
    }
}

static Value int_unop(Interp *I, Value a, int op) {
    a = int_to_exact(I, a);
    if (is_null(a)) return V_NULL;
    switch (op) {
    case UN_NEG: return int_neg(I, a);
    case UN_POS: return int_to_exact(I, a);
    case UN_INVERT: return int_invert(I, a);
    default: return v_notimpl(I);
    }
}

static bool cmp_result(int c, int op) {
    switch (op) {
    case CMP_LT: return c < 0;
    case CMP_LE: return c <= 0;
    case CMP_EQ: return c == 0;
    case CMP_NE: return c != 0;
    case CMP_GT: return c > 0;
    default: return c >= 0;
    }
}

static Value int_richcompare(Interp *I, Value a, Value b, int op) {
    bool ai = is_int(I, a), bi = is_int(I, b);
    if (ai && bi) return v_bool(cmp_result(int_compare(I, a, b), op));
    /* with a float: float's reflected comparison decides (int.__eq__(1.0) is
     * NotImplemented, as in CPython) */
    return v_notimpl(I);
}

static int int_hash_slot(Interp *I, Value self, int64_t *out) {
    *out = int_hash(I, self);
    return 0;
}

static Value int_repr(Interp *I, Value self) {
    return int_to_str(I, self, 10);
}

static int int_truthy(Interp *I, Value self) {
    return int_sign(I, self) != 0;
}

static Value int_index(Interp *I, Value self) {
    return int_to_exact(I, self);
}

/* Call a special method found on the type (no instance lookup, as CPython's slots). */
static Value call_special(Interp *I, Value x, Str *name, bool *found) {
    Value m = type_lookup(I, type_of(I, x), name);
    *found = !is_null(m);
    if (!*found) return V_NULL;
    Value args[1] = {x};
    return obj_call(I, m, 1, args, NULL);
}

Value int_new_value(Interp *I, Value x, Value base) {
    if (is_null(x)) {
        if (!is_null(base)) return err_format(I, TY_TYPE_ERROR, "int() missing string argument");
        return v_int(0);
    }
    if (!is_null(base)) {
        int64_t b;
        if (obj_index(I, base, &b) < 0) return V_NULL;
        if (b != 0 && (b < 2 || b > 36))
            return err_format(I, TY_VALUE_ERROR, "int() base must be >= 2 and <= 36, or 0");
        if (is_str(I, x)) return int_from_text(I, as_str(x)->data, as_str(x)->len, (int)b, false);
        if (is_bytes(I, x)) {
            Bytes *bs = (Bytes *)x.as.o;
            return int_from_text(I, (const char *)bs->data, bs->len, (int)b, true);
        }
        if (is_obj(x) && x.as.o->type == I->types[TY_BYTEARRAY]) {
            ByteArray *ba = (ByteArray *)x.as.o;
            return int_from_text(I, (const char *)ba->data, ba->len, (int)b, true);
        }
        return err_format(I, TY_TYPE_ERROR, "int() can't convert non-string with explicit base");
    }
    if (is_int(I, x)) return int_to_exact(I, x);
    if (is_float_value(I, x)) return int_from_double(I, float_value(x));
    if (is_str(I, x)) return int_from_text(I, as_str(x)->data, as_str(x)->len, 10, false);
    if (is_bytes(I, x)) {
        Bytes *bs = (Bytes *)x.as.o;
        return int_from_text(I, (const char *)bs->data, bs->len, 10, true);
    }
    if (is_obj(x) && x.as.o->type == I->types[TY_BYTEARRAY]) {
        ByteArray *ba = (ByteArray *)x.as.o;
        return int_from_text(I, (const char *)ba->data, ba->len, 10, true);
    }
    static const struct {
        size_t off;
        const char *what;
    } specials[] = {
        {offsetof(Interp, names.int_), "__int__"},
        {offsetof(Interp, names.index), "__index__"},
    };
    for (size_t i = 0; i < sizeof specials / sizeof specials[0]; i++) {
        Str *name = *(Str **)((char *)I + specials[i].off);
        bool found;
        Value r = call_special(I, x, name, &found);
        if (!found) continue;
        if (is_null(r)) return r;
        if (!is_int(I, r))
            return err_format(I, TY_TYPE_ERROR, "%s returned non-int (type %s)", specials[i].what,
                              type_name(I, r));
        return int_to_exact(I, r);
    }
    Str *trunc = str_intern_cstr(I, "__trunc__");
    if (!trunc) return V_NULL;
    bool found;
    Value r = call_special(I, x, trunc, &found);
    if (found) {
        if (is_null(r)) return r;
        if (is_int(I, r)) return int_to_exact(I, r);
        return obj_index_value(I, r);
    }
    BufView bv; /* memoryview, array.array: their bytes as text, as CPython */
    int rb = buf_get(I, x, &bv, false);
    if (rb < 0) return V_NULL;
    if (rb > 0) return int_from_text(I, (const char *)bv.data, bv.len, 10, true);
    return err_format(I, TY_TYPE_ERROR,
                      "int() argument must be a string, a bytes-like object or a real number, "
                      "not '%s'",
                      type_name(I, x));
}

/* An instance of an int subclass holding the value of v (a plain int). */
static Value int_subclass_instance(Interp *I, Type *type, Value v) {
    gc_temp_push(I, v);
    IntView w;
    int_view(v, &w);
    BigInt *b = gc_new(I, type, type->instance_size + (w.n ? w.n : 1) * sizeof(uint32_t));
    if (!b) return V_NULL;
    int_view(v, &w); /* a collection cannot move objects, but re-view for clarity */
    b->hdr.obj_flags |= INT_DIGITS_AFTER;
    b->sign = w.sign < 0 ? -1 : 1;
    b->ndigits = (uint32_t)w.n;
    memcpy(bigint_digits(b), w.d, w.n * sizeof(uint32_t));
    return v_obj(b);
}

static Value int_type_new(Interp *I, Type *type, int argc, Value *argv, Tuple *kwnames) {
    Value x = V_NULL, base = V_NULL;
    int nkw = kwnames ? (int)kwnames->len : 0;
    int npos = argc;
    if (npos > 2)
        return err_format(I, TY_TYPE_ERROR, "int() takes at most 2 arguments (%d given)",
                          npos + nkw);
    if (npos >= 1) x = argv[0];
    if (npos >= 2) base = argv[1];
    for (int i = 0; i < nkw; i++) {
        Str *k = as_str(kwnames->items[i]);
        if (strcmp(k->data, "base") == 0 && npos < 2) {
            base = argv[npos + i];
        } else if (strcmp(k->data, "base") == 0) {
            return err_format(I, TY_TYPE_ERROR,
                              "argument for int() given by name ('base') and position (2)");
        } else {
            return err_format(I, TY_TYPE_ERROR, "'%s' is an invalid keyword argument for int()",
                              k->data);
        }
    }
    Value v = int_new_value(I, x, base);
    if (is_null(v) || type == I->types[TY_INT]) return v;
    return int_subclass_instance(I, type, v);
}

/* ---- methods ------------------------------------------------------------------------- */

static Value m_bit_length(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "bit_length", kw) || !arg_count(I, "bit_length", argc, 1, 1)) return V_NULL;
    return v_int((int64_t)int_bit_length(I, argv[0]));
}

static Value m_bit_count(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "bit_count", kw) || !arg_count(I, "bit_count", argc, 1, 1)) return V_NULL;
    return v_int((int64_t)int_bit_count(I, argv[0]));
}

static Value m_self_int(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "conjugate", kw) || !arg_count(I, "conjugate", argc, 1, 1)) return V_NULL;
    return int_to_exact(I, argv[0]);
}

static Value m_abs(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "__abs__", kw) || !arg_count(I, "__abs__", argc, 1, 1)) return V_NULL;
    return int_abs(I, argv[0]);
}

/* The dunders the slot wrappers cannot make: divmod has no slot of its own, and pow's
 * wrapper takes no modulus. Non-int operands give NotImplemented, as in CPython. */
static Value m_divmod(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "__divmod__", kw) || !arg_count(I, "__divmod__", argc, 2, 2)) return V_NULL;
    if (!is_int(I, argv[1])) return v_notimpl(I);
    return num_divmod(I, argv[0], argv[1]);
}

static Value m_rdivmod(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "__rdivmod__", kw) || !arg_count(I, "__rdivmod__", argc, 2, 2)) return V_NULL;
    if (!is_int(I, argv[1])) return v_notimpl(I);
    return num_divmod(I, argv[1], argv[0]);
}

static Value pow_impl(Interp *I, int argc, Value *argv, Tuple *kw, const char *name, bool rev) {
    if (!arg_no_kw(I, name, kw) || !arg_count(I, name, argc, 2, 3)) return V_NULL;
    Value mod = argc > 2 ? argv[2] : V_NULL;
    if (!is_int(I, argv[1]) || (!is_null(mod) && !is_none(mod) && !is_int(I, mod)))
        return v_notimpl(I);
    return rev ? int_pow(I, argv[1], argv[0], mod) : int_pow(I, argv[0], argv[1], mod);
}

static Value m_pow(Interp *I, int argc, Value *argv, Tuple *kw) {
    return pow_impl(I, argc, argv, kw, "__pow__", false);
}

static Value m_rpow(Interp *I, int argc, Value *argv, Tuple *kw) {
    return pow_impl(I, argc, argv, kw, "__rpow__", true);
}

static Value m_as_integer_ratio(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "as_integer_ratio", kw) || !arg_count(I, "as_integer_ratio", argc, 1, 1))
        return V_NULL;
    Value n = int_to_exact(I, argv[0]);
    if (is_null(n)) return n;
    Tuple *t = tuple_pack(I, 2, n, v_int(1));
    return t ? v_obj(t) : V_NULL;
}

static Value m_round(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "__round__", kw) || !arg_count(I, "__round__", argc, 1, 2)) return V_NULL;
    Value self = argv[0];
    if (argc < 2 || is_none(argv[1])) return int_to_exact(I, self);
    Value nd = obj_index_value(I, argv[1]);
    if (is_null(nd)) return nd;
    if (int_sign(I, nd) >= 0) return int_to_exact(I, self);
    /* round half to even at 10**-ndigits */
    Value negnd = int_neg(I, nd);
    if (is_null(negnd)) return negnd;
    Value p = int_pow(I, v_int(10), negnd, V_NULL);
    if (is_null(p)) return p;
    gc_temp_push(I, p);
    Value r;
    Value q = int_divmod(I, self, p, &r);
    if (is_null(q)) return q;
    gc_temp_push(I, q);
    gc_temp_push(I, r);
    Value r2 = int_add(I, r, r);
    if (is_null(r2)) return r2;
    int c = int_compare(I, r2, p);
    IntView w;
    int_view(q, &w);
    bool odd = w.n && (w.d[0] & 1);
    if (c > 0 || (c == 0 && odd)) {
        q = int_add(I, q, v_int(1));
        if (is_null(q)) return q;
    }
    return int_mul(I, q, p);
}

static Value m_format(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "__format__", kw) || !arg_count(I, "__format__", argc, 2, 2)) return V_NULL;
    if (!is_str(I, argv[1]))
        return err_format(I, TY_TYPE_ERROR, "__format__() argument must be str, not %s",
                          type_name(I, argv[1]));
    return int_format(I, argv[0], as_str(argv[1])->data, as_str(argv[1])->len);
}

static Value m_float(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "__float__", kw) || !arg_count(I, "__float__", argc, 1, 1)) return V_NULL;
    double d;
    if (is_null(int_to_float_value(I, argv[0], &d))) return V_NULL;
    return v_float(d);
}

/* byteorder argument: 0 big, 1 little, -1 after raising. */
static int parse_byteorder(Interp *I, Value v) {
    if (is_null(v)) return 0;
    if (!is_str(I, v))
        return err_format(I, TY_TYPE_ERROR, "to_bytes() argument 'byteorder' must be str, not %s",
                          type_name(I, v)),
               -1;
    if (strcmp(as_str(v)->data, "big") == 0) return 0;
    if (strcmp(as_str(v)->data, "little") == 0) return 1;
    err_format(I, TY_VALUE_ERROR, "byteorder must be either 'little' or 'big'");
    return -1;
}

static Value m_to_bytes(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"length", "byteorder", "signed"};
    Value a[3];
    if (!arg_parse(I, "to_bytes", argc - 1, argv + 1, kw, names, 3, 0, 2, a)) return V_NULL;
    int64_t length = 1;
    if (!is_null(a[0]) && obj_index(I, a[0], &length) < 0) return V_NULL;
    if (length < 0) return err_format(I, TY_VALUE_ERROR, "length argument must be non-negative");
    int little = parse_byteorder(I, a[1]);
    if (little < 0) return V_NULL;
    bool is_signed = false;
    if (!is_null(a[2])) {
        int t = obj_truthy(I, a[2]);
        if (t < 0) return V_NULL;
        is_signed = t;
    }
    Value self = argv[0];
    int sign = int_sign(I, self);
    if (sign < 0 && !is_signed)
        return err_format(I, TY_OVERFLOW_ERROR, "can't convert negative int to unsigned");
    /* range check: unsigned needs bit_length <= 8*length; signed needs the two's complement
     * to fit, i.e. -2^(8L-1) <= v < 2^(8L-1) */
    size_t bits = int_bit_length(I, self);
    bool fits;
    if (!is_signed) {
        fits = bits <= (size_t)length * 8;
    } else if (sign >= 0) {
        fits = bits < (size_t)length * 8 || (bits == 0);
        if (length == 0) fits = sign == 0;
    } else {
        /* v >= -2^(8L-1): |v| <= 2^(8L-1) */
        size_t lim = (size_t)length * 8;
        fits = length > 0 && (bits < lim || (bits == lim && int_bit_count(I, self) == 1));
    }
    if (!fits) return err_format(I, TY_OVERFLOW_ERROR, "int too big to convert");
    unsigned char *buf = mem_alloc(I, (size_t)length + 1);
    if (!buf) return V_NULL;
    IntView w;
    int_view(self, &w);
    /* little-endian two's complement bytes */
    unsigned carry = 1;
    for (int64_t i = 0; i < length; i++) {
        unsigned byte = 0;
        for (int k = 0; k < 8; k++) {
            size_t bit = (size_t)i * 8 + (size_t)k;
            size_t di = bit / INT_SHIFT;
            unsigned b = di < w.n ? (w.d[di] >> (bit % INT_SHIFT)) & 1 : 0;
            byte |= b << k;
        }
        if (sign < 0) {
            unsigned t = ((~byte) & 0xFF) + carry;
            byte = t & 0xFF;
            carry = t >> 8;
        }
        buf[little ? i : length - 1 - i] = (unsigned char)byte;
    }
    Bytes *r = bytes_new(I, buf, (size_t)length);
    mem_free(I, buf, (size_t)length + 1);
    return r ? v_obj(r) : V_NULL;
}

static Value m_from_bytes(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"bytes", "byteorder", "signed"};
    Value a[3];
    if (!arg_parse(I, "from_bytes", argc - 1, argv + 1, kw, names, 3, 1, 2, a)) return V_NULL;
    int little = parse_byteorder(I, a[1]);
    if (little < 0) return V_NULL;
    bool is_signed = false;
    if (!is_null(a[2])) {
        int t = obj_truthy(I, a[2]);
        if (t < 0) return V_NULL;
        is_signed = t;
    }
    const unsigned char *data;
    size_t len;
    Value src = a[0];
    BufView bv;
    int rb = buf_get(I, src, &bv, false);
    if (rb < 0) return V_NULL;
    if (rb > 0) {
        data = bv.data;
        len = bv.len;
    } else if (is_str(I, src)) {
        return err_format(I, TY_TYPE_ERROR, "cannot convert 'str' object to bytes");
    } else {
        List *l = list_from_iter(I, src);
        if (!l) return V_NULL;
        gc_temp_push(I, v_obj(l));
        unsigned char *tmp = mem_alloc(I, l->len + 1);
        if (!tmp) return V_NULL;
        for (size_t i = 0; i < l->len; i++) {
            int64_t b;
            if (obj_index(I, l->items[i], &b) < 0) {
                mem_free(I, tmp, l->len + 1);
                return V_NULL;
            }
            if (b < 0 || b > 255) {
                mem_free(I, tmp, l->len + 1);
                return err_format(I, TY_VALUE_ERROR, "bytes must be in range(0, 256)");
            }
            tmp[i] = (unsigned char)b;
        }
        Bytes *bs = bytes_new(I, tmp, l->len);
        mem_free(I, tmp, l->len + 1);
        if (!bs) return V_NULL;
        data = bs->data;
        len = bs->len;
    }
    size_t nd = (len * 8) / INT_SHIFT + 2;
    uint32_t *d = mem_alloc(I, nd * sizeof(uint32_t));
    if (!d) return V_NULL;
    memset(d, 0, nd * sizeof(uint32_t));
    bool neg = is_signed && len > 0 && (data[little ? len - 1 : 0] & 0x80);
    unsigned carry = 1;
    for (size_t i = 0; i < len; i++) {
        unsigned byte = data[little ? i : len - 1 - i];
        if (neg) {
            unsigned t = ((~byte) & 0xFF) + carry;
            byte = t & 0xFF;
            carry = t >> 8;
        }
        for (int k = 0; k < 8; k++) {
            size_t bit = i * 8 + (size_t)k;
            if ((byte >> k) & 1) d[bit / INT_SHIFT] |= 1u << (bit % INT_SHIFT);
        }
    }
    Value r = int_from_digits(I, neg ? -1 : 1, d, nd);
    mem_free(I, d, nd * sizeof(uint32_t));
    if (is_null(r)) return r;
    Type *t = (Type *)argv[0].as.o;
    if (t != I->types[TY_INT]) {
        Value cargs[1] = {r};
        return obj_call(I, argv[0], 1, cargs, NULL);
    }
    return r;
}

static const MethodDef int_methods[] = {
    {"bit_length", m_bit_length, 0}, {"bit_count", m_bit_count, 0},
    {"to_bytes", m_to_bytes, 0},     {"from_bytes", m_from_bytes, METH_CLASS},
    {"conjugate", m_self_int, 0},    {"as_integer_ratio", m_as_integer_ratio, 0},
    {"__index__", m_self_int, 0},    {"__int__", m_self_int, 0},
    {"__abs__", m_abs, 0},           {"__divmod__", m_divmod, 0},
    {"__rdivmod__", m_rdivmod, 0},   {"__pow__", m_pow, 0},
    {"__rpow__", m_rpow, 0},         {"__float__", m_float, 0},
    {"__round__", m_round, 0},       {"__trunc__", m_self_int, 0},
    {"__floor__", m_self_int, 0},    {"__ceil__", m_self_int, 0},
    {"__format__", m_format, 0},     {NULL, NULL, 0},
};

static Value g_self(Interp *I, Value self) {
    return int_to_exact(I, self);
}
static Value g_zero(Interp *I, Value self) {
    (void)I;
    (void)self;
    return v_int(0);
}
static Value g_one(Interp *I, Value self) {
    (void)I;
    (void)self;
    return v_int(1);
}

static const GetSetDef int_getsets[] = {
    {"real", g_self, NULL},       {"imag", g_zero, NULL}, {"numerator", g_self, NULL},
    {"denominator", g_one, NULL}, {NULL, NULL, NULL},
};

const TypeSpec int_spec = {
    .name = "int",
    .base = TY_OBJECT,
    .instance_size = sizeof(BigInt),
    .flags = TF_BASETYPE,
    .slots =
        {
            .repr = int_repr,
            .hash = int_hash_slot,
            .richcompare = int_richcompare,
            .binop = int_binop,
            .unop = int_unop,
            .truthy = int_truthy,
            .new = int_type_new,
            .index = int_index,
        },
    .methods = int_methods,
    .getsets = int_getsets,
};
