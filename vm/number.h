/* number.h: int (small immediates and BigInt), bool, float and None: their constructors,
 * conversions and the numeric helpers other families need. (vm/int.c, vm/bigint.c,
 * vm/float.c, vm/float_repr.c, vm/none.c) */
#ifndef KRAIT_NUMBER_H
#define KRAIT_NUMBER_H

#include "interp.h"

#define HASH_MODULUS ((int64_t)((1ULL << 61) - 1)) /* CPython's numeric hash modulus */
#define HASH_INF 314159

/* ---- int ---- */
bool is_int(Interp *I, Value v);      /* small int, BigInt or bool (bool is an int) */
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
Value int_to_str(Interp *I, Value v, int base); /* base 2, 8, 10, 16; no prefix; "-" sign.
                                                  Base 10 beyond 4300 digits raises
                                                  ValueError as CPython 3.11 does. */
int int_sign(Interp *I, Value v); /* -1, 0, 1 */
int int_compare(Interp *I, Value a, Value b); /* -1, 0, 1 for two ints */
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

#endif
