/* float.c: the float type: arithmetic with CPython's floor/modulo/power rules and messages,
 * exact comparison against ints of any size, CPython's numeric hash, the float()
 * constructor and parser, and the float methods (round, hex, fromhex, as_integer_ratio...).
 *
 * Plain floats are KR_TFLOAT immediates; a FloatObj exists only for instances of float
 * subclasses. Rounding to decimal places reuses the C library's correctly rounded "%.*f" and
 * "%.*e" (glibc prints the exact binary value, ties to even), which is what CPython's
 * dtoa-based round() computes. */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "gc.h"
#include "number.h"
#include "seq.h"
#include "str.h"

bool is_float_value(Interp *I, Value v) {
    if (v.tag == KR_TFLOAT) return true;
    return v.tag == KR_TOBJ && type_is_subtype(v.as.o->type, I->types[TY_FLOAT]);
}

double float_resolve_lazy(FloatObj *f) {
    Obj *lazy = f->lazy;
    double (*resolve)(Obj *) = f->resolve;
    f->lazy = NULL;
    f->resolve = NULL;
    f->value = resolve(lazy);
    return f->value;
}

double float_value(Value v) {
    if (v.tag == KR_TFLOAT) return v.as.f;
    FloatObj *f = (FloatObj *)v.as.o;
    return f->lazy ? float_resolve_lazy(f) : f->value;
}

static void float_trace(Interp *I, Obj *o) {
    FloatObj *f = (FloatObj *)o;
    if (f->lazy) gc_mark_obj(I, f->lazy);
}

/* ---- arithmetic ---------------------------------------------------------------------- */

static bool is_odd_integer(double x) {
    return fmod(fabs(x), 2.0) == 1.0;
}

Value float_pow(Interp *I, double iv, double iw) {
    if (iw == 0) return v_float(1.0);
    if (isnan(iv)) return v_float(iv);
    if (isnan(iw)) return v_float(iv == 1.0 ? 1.0 : iw);
    if (isinf(iw)) {
        iv = fabs(iv);
        if (iv == 1.0) return v_float(1.0);
        if ((iw > 0.0) == (iv > 1.0)) return v_float(fabs(iw));
        return v_float(0.0);
    }
    if (isinf(iv)) {
        bool odd = is_odd_integer(iw);
        if (iw > 0) return v_float(odd ? iv : fabs(iv));
        return v_float(odd ? copysign(0.0, iv) : 0.0);
    }
    if (iv == 0.0) {
        if (iw < 0.0)
            return err_format(I, TY_ZERO_DIVISION_ERROR,
                              "0.0 cannot be raised to a negative power");
        return v_float(is_odd_integer(iw) ? iv : 0.0);
    }
    bool negate = false;
    if (iv < 0.0) {
        if (iw != floor(iw))
            return err_format(I, TY_VALUE_ERROR, "krait: complex numbers are not supported");
        iv = -iv;
        negate = is_odd_integer(iw);
    }
    if (iv == 1.0) return v_float(negate ? -1.0 : 1.0);
    double ix = pow(iv, iw);
    if (isinf(ix)) return err_format(I, TY_OVERFLOW_ERROR, "(34, 'Numerical result out of range')");
    return v_float(negate ? -ix : ix);
}

/* divmod with CPython's float_divmod semantics; which: the caller's operator for the
 * zero-division message. */
static bool float_divmod_parts(double vx, double wx, double *div_out, double *mod_out) {
    double mod = fmod(vx, wx);
    double div = (vx - mod) / wx;
    if (mod) {
        if ((wx < 0) != (mod < 0)) {
            mod += wx;
            div -= 1.0;
        }
    } else {
        mod = copysign(0.0, wx);
    }
    double floordiv;
    if (div) {
        floordiv = floor(div);
        if (div - floordiv > 0.5) floordiv += 1.0;
    } else {
        floordiv = copysign(0.0, vx / wx);
    }
    *div_out = floordiv;
    *mod_out = mod;
    return true;
}

Value float_binop_doubles(Interp *I, double a, double b, int op) {
    double q, r;
    switch (op) {
    case BIN_ADD: return v_float(a + b);
    case BIN_SUB: return v_float(a - b);
    case BIN_MUL: return v_float(a * b);
    case BIN_TRUEDIV:
        if (b == 0.0) return err_format(I, TY_ZERO_DIVISION_ERROR, "float division by zero");
        return v_float(a / b);
    case BIN_FLOORDIV:
        if (b == 0.0) return err_format(I, TY_ZERO_DIVISION_ERROR, "float floor division by zero");
        float_divmod_parts(a, b, &q, &r);
        return v_float(q);
    case BIN_MOD:
        if (b == 0.0) return err_format(I, TY_ZERO_DIVISION_ERROR, "float modulo");
        r = fmod(a, b);
        if (r) {
            if ((b < 0) != (r < 0)) r += b;
        } else {
            r = copysign(0.0, b);
        }
        return v_float(r);
    case BIN_POW: return float_pow(I, a, b);
    default: return v_notimpl(I);
    }
}

/* Converts a numeric operand for a float operation; false: not a number (NotImplemented). */
static bool operand(Interp *I, Value v, double *out, bool *failed) {
    *failed = false;
    if (is_float_value(I, v)) {
        *out = float_value(v);
        return true;
    }
    if (is_int(I, v)) {
        bool ov;
        *out = int_to_double(I, v, &ov);
        if (ov) {
            err_format(I, TY_OVERFLOW_ERROR, "int too large to convert to float");
            *failed = true;
        }
        return true;
    }
    return false;
}

static Value float_binop(Interp *I, Value a, Value b, int op) {
    double x, y;
    bool fa, fb;
    if (!operand(I, a, &x, &fa)) return v_notimpl(I);
    if (fa) return V_NULL;
    if (!operand(I, b, &y, &fb)) return v_notimpl(I);
    if (fb) return V_NULL;
    return float_binop_doubles(I, x, y, op);
}

static Value float_unop(Interp *I, Value a, int op) {
    double x = float_value(a);
    switch (op) {
    case UN_NEG: return v_float(-x);
    case UN_POS: return v_float(x);
    default: return v_notimpl(I);
    }
}

/* ---- comparison and hash ------------------------------------------------------------- */

int float_int_compare(Interp *I, double d, Value iv) {
    if (isnan(d)) return 2;
    if (isinf(d)) return d > 0 ? 1 : -1;
    if (iv.tag != KR_TOBJ) {
        int64_t i = iv.as.i;
        if (i >= -(INT64_C(1) << 53) && i <= (INT64_C(1) << 53)) {
            double y = (double)i;
            return d < y ? -1 : d > y;
        }
    }
    /* Both finite: compare the integer parts exactly, then the fraction. */
    int isign = int_sign(I, iv), dsign = d < 0 ? -1 : d > 0;
    if (isign != dsign) return dsign < isign ? -1 : 1;
    size_t ibits = int_bit_length(I, iv);
    int e;
    frexp(d, &e); /* |d| in [2^(e-1), 2^e) */
    if (e < 0) e = 0;
    if ((size_t)e < ibits) return isign > 0 ? -1 : 1;
    if ((size_t)e > ibits) return dsign > 0 ? 1 : -1;
    double ip;
    double frac = modf(d, &ip);
    Value di = int_from_double(I, ip);
    if (is_null(di)) {
        err_clear(I);
        return 0;
    }
    int c = int_compare(I, di, iv);
    if (c != 0) return c;
    return frac > 0 ? 1 : frac < 0 ? -1 : 0;
}

static bool cmp_doubles(double a, double b, int op) {
    switch (op) {
    case CMP_LT: return a < b;
    case CMP_LE: return a <= b;
    case CMP_EQ: return a == b;
    case CMP_NE: return a != b;
    case CMP_GT: return a > b;
    default: return a >= b;
    }
}

static Value float_richcompare(Interp *I, Value a, Value b, int op) {
    bool af = is_float_value(I, a), bf = is_float_value(I, b);
    if (af && bf) return v_bool(cmp_doubles(float_value(a), float_value(b), op));
    int c;
    if (af && is_int(I, b)) {
        c = float_int_compare(I, float_value(a), b);
    } else if (bf && is_int(I, a)) {
        c = float_int_compare(I, float_value(b), a);
        if (c != 2) c = -c;
    } else {
        return v_notimpl(I);
    }
    if (c == 2) return v_bool(op == CMP_NE);
    return v_bool(cmp_doubles((double)c, 0.0, op));
}

/* CPython's _Py_HashDouble. nan: CPython 3.11 hashes nan by object identity; krait's floats
 * are immediates without identity, so every nan hashes to 0. */
int64_t float_hash(double v) {
    if (!isfinite(v)) {
        if (isinf(v)) return v > 0 ? HASH_INF : -HASH_INF;
        return 0;
    }
    int e;
    double m = frexp(v, &e);
    int sign = 1;
    if (m < 0) {
        sign = -1;
        m = -m;
    }
    uint64_t x = 0, mod = (uint64_t)HASH_MODULUS;
    while (m) {
        x = ((x << 28) & mod) | x >> (61 - 28);
        m *= 268435456.0;
        e -= 28;
        uint64_t y = (uint64_t)m;
        m -= (double)y;
        x += y;
        if (x >= mod) x -= mod;
    }
    e = e >= 0 ? e % 61 : 61 - 1 - ((-1 - e) % 61);
    x = ((x << e) & mod) | x >> (61 - e);
    int64_t h = (int64_t)x * sign;
    return h == -1 ? -2 : h;
}

static int float_hash_slot(Interp *I, Value self, int64_t *out) {
    (void)I;
    *out = float_hash(float_value(self));
    return 0;
}

static Value float_repr_slot(Interp *I, Value self) {
    return float_repr(I, float_value(self));
}

static int float_truthy(Interp *I, Value self) {
    (void)I;
    return float_value(self) != 0.0;
}

/* ---- parsing and float() ------------------------------------------------------------- */

static bool ascii_space(char c) {
    return c == ' ' || (c >= '\t' && c <= '\r');
}

static bool match_word(const char *p, size_t n, const char *w) {
    return strlen(w) == n && strncasecmp(p, w, n) == 0;
}

/* Python's float literal grammar with underscores between digits, plus inf/nan words.
 * Returns false when the text is not a float. */
static bool parse_float_text(Interp *I, const char *s, size_t len, double *out) {
    const char *p = s, *end = s + len;
    while (p < end && ascii_space(*p))
        p++;
    while (end > p && ascii_space(end[-1]))
        end--;
    bool neg = false;
    const char *body = p;
    if (p < end && (*p == '+' || *p == '-')) neg = *p++ == '-';
    size_t n = (size_t)(end - p);
    if (match_word(p, n, "inf") || match_word(p, n, "infinity")) {
        *out = neg ? -INFINITY : INFINITY;
        return true;
    }
    if (match_word(p, n, "nan")) {
        *out = neg ? -NAN : NAN;
        return true;
    }
    char stackbuf[128], *buf = stackbuf;
    size_t cap = (size_t)(end - body) + 1;
    if (cap > sizeof stackbuf) buf = mem_alloc(I, cap);
    if (!buf) return false;
    size_t k = 0;
    if (body < p) buf[k++] = body[0];
    int ndig = 0;
    bool ok = true;
    /* digits [. digits] [e [sign] digits], underscores only between two digits */
    int part = 0; /* 0 int, 1 frac, 2 exp */
    int digits_in_part = 0;
    for (const char *q = p; q < end && ok; q++) {
        char c = *q;
        if (c >= '0' && c <= '9') {
            buf[k++] = c;
            digits_in_part++;
            if (part < 2) ndig++;
        } else if (c == '_') {
            ok = q > p && q[-1] >= '0' && q[-1] <= '9' && q + 1 < end && q[1] >= '0' && q[1] <= '9';
        } else if (c == '.' && part == 0) {
            part = 1;
            digits_in_part = 0;
            buf[k++] = c;
        } else if ((c == 'e' || c == 'E') && part < 2 && ndig > 0) {
            part = 2;
            digits_in_part = 0;
            buf[k++] = 'e';
            if (q + 1 < end && (q[1] == '+' || q[1] == '-')) buf[k++] = *++q;
        } else {
            ok = false;
        }
    }
    if (ndig == 0 || (part == 2 && digits_in_part == 0)) ok = false;
    if (ok) {
        buf[k] = 0;
        *out = strtod(buf, NULL);
    }
    if (buf != stackbuf) mem_free(I, buf, cap);
    return ok;
}

static Value float_from_text(Interp *I, const char *s, size_t len, Value orig) {
    double d;
    bool parsed;
    size_t hi = 0;
    while (hi < len && (unsigned char)s[hi] < 0x80)
        hi++;
    if (hi < len && is_str(I, orig)) {
        /* non-ASCII text: Unicode decimal digits and spaces count as their ASCII forms */
        char *a = mem_alloc(I, len + 1);
        if (!a) return V_NULL;
        size_t pos = 0, k = 0;
        while (pos < len) {
            uint32_t cp = utf8_decode(s, &pos);
            int dv = uni_decimal_value(cp);
            a[k++] = cp < 0x80         ? (char)cp
                     : dv >= 0         ? (char)('0' + dv)
                     : uni_isspace(cp) ? ' '
                                       : '?';
        }
        parsed = parse_float_text(I, a, k, &d);
        mem_free(I, a, len + 1);
    } else
        parsed = parse_float_text(I, s, len, &d);
    if (parsed) return v_float(d);
    if (err_occurred(I)) return V_NULL;
    Value r = obj_repr(I, orig);
    if (is_null(r)) return r;
    return err_format(I, TY_VALUE_ERROR, "could not convert string to float: %s", as_str(r)->data);
}

Value float_from_value(Interp *I, Value v) {
    if (v.tag == KR_TFLOAT) return v;
    if (is_float_value(I, v) && v.as.o->type == I->types[TY_FLOAT]) return v;
    if (is_int(I, v)) {
        bool ov;
        double d = int_to_double(I, v, &ov);
        if (ov) return err_format(I, TY_OVERFLOW_ERROR, "int too large to convert to float");
        return v_float(d);
    }
    if (is_str(I, v)) return float_from_text(I, as_str(v)->data, as_str(v)->len, v);
    if (is_bytes(I, v)) {
        Bytes *b = (Bytes *)v.as.o;
        return float_from_text(I, (const char *)b->data, b->len, v);
    }
    if (is_obj(v) && v.as.o->type == I->types[TY_BYTEARRAY]) {
        ByteArray *b = (ByteArray *)v.as.o;
        return float_from_text(I, (const char *)b->data, b->len, v);
    }
    Type *t = type_of(I, v);
    Value m = type_lookup(I, t, I->names.float_);
    if (!is_null(m)) {
        Value args[1] = {v};
        Value r = obj_call(I, m, 1, args, NULL);
        if (is_null(r)) return r;
        if (!is_float_value(I, r))
            return err_format(I, TY_TYPE_ERROR, "%s.__float__ returned non-float (type %s)",
                              type_name(I, v), type_name(I, r));
        return v_float(float_value(r));
    }
    if (is_float_value(I, v)) return v_float(float_value(v));
    m = type_lookup(I, t, I->names.index);
    if (!is_null(m)) {
        Value iv = obj_index_value(I, v);
        if (is_null(iv)) return iv;
        return float_from_value(I, iv);
    }
    return err_format(I, TY_TYPE_ERROR,
                      "float() argument must be a string or a real number, not '%s'",
                      type_name(I, v));
}

bool num_to_double(Interp *I, Value v, double *out) {
    if (v.tag == KR_TFLOAT) {
        *out = v.as.f;
        return true;
    }
    bool failed;
    if (operand(I, v, out, &failed)) return !failed;
    err_format(I, TY_TYPE_ERROR, "must be real number, not %s", type_name(I, v));
    return false;
}

static Value float_type_new(Interp *I, Type *type, int argc, Value *argv, Tuple *kwnames) {
    if (kwnames && kwnames->len)
        return err_format(I, TY_TYPE_ERROR, "float() takes no keyword arguments");
    if (argc > 1)
        return err_format(I, TY_TYPE_ERROR, "float expected at most 1 argument, got %d", argc);
    Value r = argc ? float_from_value(I, argv[0]) : v_float(0.0);
    if (is_null(r) || type == I->types[TY_FLOAT]) return r;
    FloatObj *f = gc_new(I, type, type->instance_size);
    if (!f) return V_NULL;
    f->value = float_value(r);
    return v_obj(f);
}

Value num_divmod(Interp *I, Value a, Value b) {
    Value q, r;
    if (is_int(I, a) && is_int(I, b)) {
        q = int_divmod(I, a, b, &r);
        if (is_null(q)) return q;
        gc_temp_push(I, q);
        gc_temp_push(I, r);
    } else {
        double x, y;
        bool fa, fb;
        if (!operand(I, a, &x, &fa) || !operand(I, b, &y, &fb)) return v_notimpl(I);
        if (fa || fb) return V_NULL;
        if (y == 0.0) return err_format(I, TY_ZERO_DIVISION_ERROR, "float divmod()");
        double dq, dr;
        float_divmod_parts(x, y, &dq, &dr);
        q = v_float(dq);
        r = v_float(dr);
    }
    Tuple *t = tuple_pack(I, 2, q, r);
    return t ? v_obj(t) : V_NULL;
}

/* ---- methods ------------------------------------------------------------------------- */

#define NOARGS(name)                                                                               \
    if (!arg_no_kw(I, name, kw) || !arg_count(I, name, argc, 1, 1)) return V_NULL

static Value m_is_integer(Interp *I, int argc, Value *argv, Tuple *kw) {
    NOARGS("is_integer");
    double x = float_value(argv[0]);
    return v_bool(isfinite(x) && floor(x) == x);
}

static Value m_conjugate(Interp *I, int argc, Value *argv, Tuple *kw) {
    NOARGS("conjugate");
    return v_float(float_value(argv[0]));
}

static Value m_abs(Interp *I, int argc, Value *argv, Tuple *kw) {
    NOARGS("__abs__");
    return v_float(fabs(float_value(argv[0])));
}

static Value divmod_impl(Interp *I, int argc, Value *argv, Tuple *kw, const char *name, bool rev) {
    if (!arg_no_kw(I, name, kw) || !arg_count(I, name, argc, 2, 2)) return V_NULL;
    if (!is_float_value(I, argv[1]) && !is_int(I, argv[1])) return v_notimpl(I);
    return rev ? num_divmod(I, argv[1], argv[0]) : num_divmod(I, argv[0], argv[1]);
}

static Value m_divmod(Interp *I, int argc, Value *argv, Tuple *kw) {
    return divmod_impl(I, argc, argv, kw, "__divmod__", false);
}

static Value m_rdivmod(Interp *I, int argc, Value *argv, Tuple *kw) {
    return divmod_impl(I, argc, argv, kw, "__rdivmod__", true);
}

static Value m_trunc(Interp *I, int argc, Value *argv, Tuple *kw) {
    NOARGS("__trunc__");
    return int_from_double(I, float_value(argv[0]));
}

static Value m_floor(Interp *I, int argc, Value *argv, Tuple *kw) {
    NOARGS("__floor__");
    return int_from_double(I, floor(float_value(argv[0])));
}

static Value m_ceil(Interp *I, int argc, Value *argv, Tuple *kw) {
    NOARGS("__ceil__");
    return int_from_double(I, ceil(float_value(argv[0])));
}

static Value m_as_integer_ratio(Interp *I, int argc, Value *argv, Tuple *kw) {
    NOARGS("as_integer_ratio");
    double x = float_value(argv[0]);
    if (isinf(x))
        return err_format(I, TY_OVERFLOW_ERROR, "cannot convert Infinity to integer ratio");
    if (isnan(x)) return err_format(I, TY_VALUE_ERROR, "cannot convert NaN to integer ratio");
    int e;
    double m = frexp(x, &e);
    for (int i = 0; i < 300 && m != floor(m); i++) {
        m *= 2.0;
        e--;
    }
    Value num = int_from_double(I, m);
    if (is_null(num)) return num;
    gc_temp_push(I, num);
    Value den = v_int(1);
    if (e > 0)
        num = int_lshift(I, num, v_int(e));
    else
        den = int_lshift(I, den, v_int(-e));
    if (is_null(num) || is_null(den)) return V_NULL;
    gc_temp_push(I, num);
    gc_temp_push(I, den);
    Tuple *t = tuple_pack(I, 2, num, den);
    return t ? v_obj(t) : V_NULL;
}

static Value m_hex(Interp *I, int argc, Value *argv, Tuple *kw) {
    NOARGS("hex");
    double x = float_value(argv[0]);
    char buf[64];
    if (isnan(x) || isinf(x)) {
        float_repr_buf(x, buf);
    } else if (x == 0.0) {
        strcpy(buf, signbit(x) ? "-0x0.0p+0" : "0x0.0p+0");
    } else {
        int e;
        double m = frexp(fabs(x), &e);
        int shift = 1 - (DBL_MIN_EXP - e > 0 ? DBL_MIN_EXP - e : 0);
        m = ldexp(m, shift);
        e -= shift;
        char *p = buf;
        if (x < 0) *p++ = '-';
        p += sprintf(p, "0x%x.", (int)m);
        m -= (int)m;
        for (int i = 0; i < 13; i++) {
            m *= 16.0;
            *p++ = "0123456789abcdef"[(int)m];
            m -= (int)m;
        }
        sprintf(p, "p%+d", e);
    }
    Str *s = str_from_cstr(I, buf);
    return s ? v_obj(s) : V_NULL;
}

static Value m_fromhex(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "fromhex", kw) || !arg_count(I, "fromhex", argc, 2, 2)) return V_NULL;
    if (!is_str(I, argv[1]))
        return err_format(I, TY_TYPE_ERROR, "fromhex() argument must be str, not %s",
                          type_name(I, argv[1]));
    Str *s = as_str(argv[1]);
    const char *p = s->data, *end = s->data + s->len;
    while (p < end && ascii_space(*p))
        p++;
    while (end > p && ascii_space(end[-1]))
        end--;
    bool neg = false;
    if (p < end && (*p == '+' || *p == '-')) neg = *p++ == '-';
    size_t n = (size_t)(end - p);
    double r;
    if (match_word(p, n, "inf") || match_word(p, n, "infinity")) {
        r = INFINITY;
        goto done;
    }
    if (match_word(p, n, "nan")) {
        r = NAN;
        goto done;
    }
    if (end - p >= 2 && p[0] == '0' && (p[1] | 0x20) == 'x') p += 2;
    char buf[512];
    size_t k = 0;
    int nd = 0;
    bool dot = false;
    buf[k++] = '0';
    buf[k++] = 'x';
    const char *q = p;
    for (; q < end && k < sizeof buf - 40; q++) {
        if (hex_digit_value(*q) >= 0) {
            buf[k++] = *q;
            nd++;
        } else if (*q == '.' && !dot) {
            dot = true;
            buf[k++] = '.';
        } else {
            break;
        }
    }
    if (nd == 0) goto invalid;
    if (q < end && (*q == 'p' || *q == 'P')) {
        buf[k++] = 'p';
        q++;
        if (q < end && (*q == '+' || *q == '-')) buf[k++] = *q++;
        int ed = 0;
        while (q < end && *q >= '0' && *q <= '9' && k < sizeof buf - 2) {
            buf[k++] = *q++;
            ed++;
        }
        if (ed == 0) goto invalid;
    }
    if (q != end) goto invalid;
    buf[k] = 0;
    errno = 0;
    r = strtod(buf, NULL);
    if (isinf(r))
        return err_format(I, TY_OVERFLOW_ERROR,
                          "hexadecimal value too large to represent as a float");
done:;
    Value res = v_float(neg ? -r : r);
    if (argv[0].as.o != (Obj *)I->types[TY_FLOAT]) return obj_call(I, argv[0], 1, &res, NULL);
    return res;
invalid:
    return err_format(I, TY_VALUE_ERROR, "invalid hexadecimal floating-point string");
}

/* round(x, ndigits) correctly rounded, half to even on the exact binary value. */
static Value round_ndigits(Interp *I, double x, int64_t nd) {
    if (!isfinite(x) || x == 0.0) return v_float(x);
    if (nd > 323) return v_float(x);
    if (nd < -308) return v_float(copysign(0.0, x));
    char buf[1200];
    double y;
    if (nd >= 0) {
        snprintf(buf, sizeof buf, "%.*f", (int)nd, x);
        y = strtod(buf, NULL);
    } else {
        int k = (int)-nd;
        snprintf(buf, sizeof buf, "%.800e", fabs(x)); /* exact */
        int e10 = atoi(strchr(buf, 'e') + 1);
        int sig = e10 - k + 1;
        if (sig >= 1) {
            snprintf(buf, sizeof buf, "%.*e", sig - 1, x);
            y = strtod(buf, NULL);
        } else if (sig == 0) {
            bool up = buf[0] > '5';
            if (buf[0] == '5')
                for (const char *p = buf + 2; *p && *p != 'e'; p++)
                    if (*p != '0') up = true;
            if (up) {
                snprintf(buf, sizeof buf, "1e%d", k);
                y = copysign(strtod(buf, NULL), x);
            } else {
                y = copysign(0.0, x);
            }
        } else {
            y = copysign(0.0, x);
        }
    }
    if (isinf(y)) return err_format(I, TY_OVERFLOW_ERROR, "rounded value too large to represent");
    return v_float(y);
}

static Value m_round(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "__round__", kw) || !arg_count(I, "__round__", argc, 1, 2)) return V_NULL;
    double x = float_value(argv[0]);
    if (argc < 2 || is_none(argv[1])) {
        double r = round(x);
        if (fabs(x - r) == 0.5) r = 2.0 * round(x / 2.0);
        return int_from_double(I, r);
    }
    Value nd = obj_index_value(I, argv[1]);
    if (is_null(nd)) return nd;
    int64_t n;
    if (nd.tag == KR_TINT)
        n = nd.as.i;
    else
        n = int_sign(I, nd) < 0 ? INT64_MIN : INT64_MAX;
    return round_ndigits(I, x, n);
}

static Value m_int(Interp *I, int argc, Value *argv, Tuple *kw) {
    NOARGS("__int__");
    return int_from_double(I, float_value(argv[0]));
}

static Value m_float(Interp *I, int argc, Value *argv, Tuple *kw) {
    NOARGS("__float__");
    return v_float(float_value(argv[0]));
}

static Value m_format(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "__format__", kw) || !arg_count(I, "__format__", argc, 2, 2)) return V_NULL;
    if (!is_str(I, argv[1]))
        return err_format(I, TY_TYPE_ERROR, "__format__() argument must be str, not %s",
                          type_name(I, argv[1]));
    return float_format(I, float_value(argv[0]), as_str(argv[1])->data, as_str(argv[1])->len);
}

static const MethodDef float_methods[] = {
    {"is_integer", m_is_integer, 0},
    {"as_integer_ratio", m_as_integer_ratio, 0},
    {"hex", m_hex, 0},
    {"fromhex", m_fromhex, METH_CLASS},
    {"conjugate", m_conjugate, 0},
    {"__round__", m_round, 0},
    {"__trunc__", m_trunc, 0},
    {"__floor__", m_floor, 0},
    {"__ceil__", m_ceil, 0},
    {"__int__", m_int, 0},
    {"__float__", m_float, 0},
    {"__abs__", m_abs, 0},
    {"__divmod__", m_divmod, 0},
    {"__rdivmod__", m_rdivmod, 0},
    {"__format__", m_format, 0},
    {NULL, NULL, 0},
};

static Value g_real(Interp *I, Value self) {
    (void)I;
    return v_float(float_value(self));
}
static Value g_imag(Interp *I, Value self) {
    (void)I;
    (void)self;
    return v_float(0.0);
}

static const GetSetDef float_getsets[] = {
    {"real", g_real, NULL},
    {"imag", g_imag, NULL},
    {NULL, NULL, NULL},
};

const TypeSpec float_spec = {
    .name = "float",
    .base = TY_OBJECT,
    .instance_size = sizeof(FloatObj),
    .flags = TF_BASETYPE,
    .slots =
        {
            .trace = float_trace,
            .repr = float_repr_slot,
            .hash = float_hash_slot,
            .richcompare = float_richcompare,
            .binop = float_binop,
            .unop = float_unop,
            .truthy = float_truthy,
            .new = float_type_new,
        },
    .methods = float_methods,
    .getsets = float_getsets,
};
