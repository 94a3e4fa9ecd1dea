/* number.h: int (small immediates and BigInt), bool, float and None: their constructors,
 * conversions and the numeric helpers other families need. (vm/int.c, vm/bigint.c,
 * vm/float.c, vm/float_repr.c, vm/none.c) */
#ifndef KRAIT_NUMBER_H
#define KRAIT_NUMBER_H

#include "interp.h"

#define HASH_MODULUS ((int64_t)((1ULL << 61) - 1)) /* CPython's numeric hash modulus */
#define HASH_INF     314159

/* ---- int ---- */
bool is_int(Interp *I, Value v); /* small int, BigInt or bool (bool is an int) */
bool is_bigint(Interp *I, Value v);
Value int_from_i64(Interp *I, int64_t x);
Value int_from_u64(Interp *I, uint64_t x);
Value int_from_double(Interp *I, double d); /* truncates; OverflowError for inf, ValueError nan */
/* Parse like int(s, base): base 0 means literal rules (0x, 0o, 0b prefixes); underscores as
 * Python allows; surrounding whitespace allowed; ValueError with CPython's message
 * ("invalid literal for int() with base 10: 'x'") on failure. */
Value int_from_str(Interp *I, const char *s, size_t len, int base);
/* to int64: false with OverflowError if it does not fit (message: "Python int too large to
 * convert to C long"). */
bool int_to_i64(Interp *I, Value v, int64_t *out);
double int_to_double(Interp *I, Value v, bool *overflow); /* overflow: too large for double */
Value int_to_str(Interp *I, Value v, int base);           /* base 2, 8, 10, 16; no prefix; "-" sign.
                                                            Base 10 beyond 4300 digits raises
                                                            ValueError as CPython 3.11 does. */
int int_sign(Interp *I, Value v);                         /* -1, 0, 1 */
int int_compare(Interp *I, Value a, Value b);             /* -1, 0, 1 for two ints */
Value int_add(Interp *I, Value a, Value b);
Value int_sub(Interp *I, Value a, Value b);
Value int_mul(Interp *I, Value a, Value b);
Value int_floordiv(Interp *I, Value a, Value b);
Value int_mod(Interp *I, Value a, Value b);
Value int_pow(Interp *I, Value a, Value b, Value mod); /* mod V_NULL/None: none */
Value int_neg(Interp *I, Value a);
int64_t int_hash(Interp *I, Value v);
size_t int_bit_length(Interp *I, Value v);

/* ---- float ---- */
/* Python's repr of a float: shortest round-trip digits, 'inf', 'nan', '1e+16' rules. Writes
 * into buf (at least 32 bytes), returns the length. */
int float_repr_buf(double d, char *buf);
Value float_repr(Interp *I, double d);
int64_t float_hash(double d);
/* float(v) for int/float/bool/str and __float__ objects. */
Value float_from_value(Interp *I, Value v);
/* A number (int, bool or float) as double; false with TypeError for other types,
 * OverflowError for too-large ints. */
bool num_to_double(Interp *I, Value v, double *out);

/* format(number, spec): the format-spec mini-language for ints and floats (vm/format_num.c). */
Value int_format(Interp *I, Value v, const char *spec, size_t speclen);
Value float_format(Interp *I, double d, const char *spec, size_t speclen);

/* ---- internals shared by the number family (int.c, bigint.c, float.c, format_num.c) ---- */

/* Instances of float subclasses (plain floats are always KR_TFLOAT immediates). `lazy`
 * is for a value still being computed elsewhere (a NumPy float64 full reduction whose
 * result is on the GPU, gpu/array/scalar.c): the first float_value calls resolve(lazy)
 * for it, stores it in `value` and clears both. resolve that fails leaves its exception
 * set and gives a NaN; the exception is raised where the native returns
 * (err_native_result), as for gpu/array's host-mirror reads. `lazy` is traced. */
typedef struct FloatObj {
    Obj hdr;
    double value;
    Obj *lazy;
    double (*resolve)(Obj *lazy);
} FloatObj;
/* float_value's path for a FloatObj with a lazy value. */
double float_resolve_lazy(FloatObj *f);

/* In a BigInt's obj_flags: the digits live at the end of the instance (after the subclass's
 * dict slot) instead of at BigInt.digits. Set for instances of int subclasses only. */
#define INT_DIGITS_AFTER 1u
uint32_t *bigint_digits(BigInt *b);

#define INT_SHIFT 30
#define INT_MASK  ((uint32_t)((1u << INT_SHIFT) - 1))

/* A read-only view of any int value (small, bool, BigInt, int subclass) as sign-magnitude
 * digits. d may point into the view itself: never copy a view. */
typedef struct IntView {
    int sign; /* -1, 0, 1 */
    size_t n; /* normalized: d[n-1] != 0 when n > 0 */
    const uint32_t *d;
    uint32_t small[3];
} IntView;
void int_view(Value v, IntView *w);
/* The normalized int value of sign * digits: an immediate when it fits int64. */
Value int_from_digits(Interp *I, int sign, const uint32_t *d, size_t n);
Value int_to_exact(Interp *I, Value v); /* int subclass instance or bool -> plain int */

Value int_truediv(Interp *I, Value a, Value b);
Value int_divmod(Interp *I, Value a, Value b, Value *mod_out); /* returns the quotient */
Value int_lshift(Interp *I, Value a, Value b);
Value int_rshift(Interp *I, Value a, Value b);
Value int_bitop(Interp *I, Value a, Value b, int op); /* BIN_AND, BIN_OR, BIN_XOR */
Value int_invert(Interp *I, Value a);
Value int_abs(Interp *I, Value a);
size_t int_bit_count(Interp *I, Value v);
/* Exact comparison of a double with an int: -1, 0, 1; 2 when d is nan. */
int float_int_compare(Interp *I, double d, Value iv);
Value float_binop_doubles(Interp *I, double a, double b, int op);
Value float_pow(Interp *I, double a, double b);
double float_value(Value v);             /* a float immediate or float subclass instance */
bool is_float_value(Interp *I, Value v); /* float immediate or float subclass instance */
Value int_new_value(Interp *I, Value x, Value base); /* int(x[, base]); base V_NULL: none */
#define INT_MAX_STR_DIGITS 4300
/* divmod(a, b) for ints and floats (CPython's messages, "float divmod()"); NotImplemented
 * for other operands. For the divmod builtin. */
Value num_divmod(Interp *I, Value a, Value b);
/* Shortest round-trip significant digits of |d| (NUL-terminated, no trailing zeros) and the
 * decimal exponent of the first one; returns the digit count (float_repr.c). */
int float_shortest_digits(double d, char *digits, int *exp10);
/* int_from_str for str (bytes false) or bytes text: the error message shows its repr. */
Value int_from_text(Interp *I, const char *s, size_t len, int base, bool bytes);

#endif
