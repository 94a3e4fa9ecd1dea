/* overflow.h: int64 arithmetic that reports overflow instead of wrapping, in one place (as
 * Lua keeps its equivalents in llimits.h): the VM's int fast paths, range iteration and
 * sum() use it, and fall back to BigInt when it says the result does not fit. Sizes of
 * objects have their own checked helpers (vm/size.h). */
#ifndef KRAIT_OVERFLOW_H
#define KRAIT_OVERFLOW_H

#include <stdbool.h>
#include <stdint.h>

/* *r = a + b, a - b, a * b; true (and *r unspecified) when the result overflows int64.
 * Without the compiler's builtins the multiplication is conservative: it may report an
 * overflow for products that fit, which only sends them down the BigInt path. */
static inline bool i64_add_overflow(int64_t a, int64_t b, int64_t *r) {
#if defined(__GNUC__)
    return __builtin_add_overflow(a, b, r);
#else
    if ((b > 0 && a > INT64_MAX - b) || (b < 0 && a < INT64_MIN - b)) return true;
    *r = a + b;
    return false;
#endif
}
static inline bool i64_sub_overflow(int64_t a, int64_t b, int64_t *r) {
#if defined(__GNUC__)
    return __builtin_sub_overflow(a, b, r);
#else
    if ((b < 0 && a > INT64_MAX + b) || (b > 0 && a < INT64_MIN + b)) return true;
    *r = a - b;
    return false;
#endif
}
static inline bool i64_mul_overflow(int64_t a, int64_t b, int64_t *r) {
#if defined(__GNUC__)
    return __builtin_mul_overflow(a, b, r);
#else
    if (a > -3037000499LL && a < 3037000499LL && b > -3037000499LL && b < 3037000499LL) {
        *r = a * b;
        return false;
    }
    return true;
#endif
}

#endif
