/* overflow.h: arithmetic that reports overflow instead of wrapping, in one place (as Lua
 * keeps its equivalents in llimits.h): the int64 helpers the VM's int fast paths, range
 * iteration and sum() use (they fall back to BigInt when the result does not fit), and the
 * checked size arithmetic every container size takes.
 *
 * Every count that becomes an allocation (list and tuple items, str and bytes lengths,
 * capacities that double) goes through the size_* helpers, so a script-chosen count (2**62
 * items, a width of 10**12) becomes a MemoryError instead of a wrapped multiplication that
 * allocates a small block and writes past it, or a doubling loop that wraps to 0 and spins.
 * SIZE_OBJ_MAX bounds one object's size as PY_SSIZE_T_MAX does in CPython, so byte counts
 * always fit in an int64 and in a ptrdiff_t. */
#ifndef KRAIT_OVERFLOW_H
#define KRAIT_OVERFLOW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "gc.h"

/* ---- int64 ---- */

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

/* ---- sizes ---- */

#define SIZE_OBJ_MAX ((size_t)PTRDIFF_MAX)

/* *out = a * b; false when it overflows SIZE_OBJ_MAX. */
static inline bool size_mul(size_t a, size_t b, size_t *out) {
    size_t r;
    if (__builtin_mul_overflow(a, b, &r) || r > SIZE_OBJ_MAX) return false;
    *out = r;
    return true;
}

/* *out = a + b; false when it overflows SIZE_OBJ_MAX. */
static inline bool size_add(size_t a, size_t b, size_t *out) {
    size_t r;
    if (__builtin_add_overflow(a, b, &r) || r > SIZE_OBJ_MAX) return false;
    *out = r;
    return true;
}

/* The bytes of header + n items of elem bytes each; false on overflow. */
static inline bool size_array(size_t header, size_t n, size_t elem, size_t *out) {
    size_t body;
    return size_mul(n, elem, &body) && size_add(header, body, out);
}

/* A script's int64 count as a size (negative counts are the caller's business). */
static inline bool size_from_i64(int64_t n, size_t *out) {
    if (n < 0 || (uint64_t)n > SIZE_OBJ_MAX) return false;
    *out = (size_t)n;
    return true;
}

/* A capacity of at least need, doubling from cap (first) so appends are amortised O(1);
 * 0 when need is past SIZE_OBJ_MAX. Never loops without bound: the doubling stops at the
 * limit instead of wrapping. */
static inline size_t size_grow(size_t cap, size_t need, size_t first) {
    if (need > SIZE_OBJ_MAX) return 0;
    size_t c = cap ? cap : first;
    while (c < need)
        c = c > SIZE_OBJ_MAX / 2 ? SIZE_OBJ_MAX : c * 2;
    return c;
}

/* Raising forms: MemoryError (NULL / false) when the size overflows. */
static inline void *mem_alloc_array(Interp *I, size_t n, size_t elem) {
    size_t bytes;
    if (!size_mul(n, elem, &bytes)) {
        err_nomem(I);
        return NULL;
    }
    return mem_alloc(I, bytes);
}

static inline void *mem_realloc_array(Interp *I, void *p, size_t old_n, size_t new_n, size_t elem) {
    size_t bytes;
    if (!size_mul(new_n, elem, &bytes)) {
        err_nomem(I);
        return NULL;
    }
    return mem_realloc(I, p, old_n * elem, bytes);
}

static inline bool size_mul_or_raise(Interp *I, size_t a, size_t b, size_t *out) {
    if (size_mul(a, b, out)) return true;
    err_nomem(I);
    return false;
}

static inline bool size_add_or_raise(Interp *I, size_t a, size_t b, size_t *out) {
    if (size_add(a, b, out)) return true;
    err_nomem(I);
    return false;
}

#endif
