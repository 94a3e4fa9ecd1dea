/* interp_elementwise.c: UNARY, BINARY, COMPARE and SELECT over whole tiles.
 *
 * The IR has made broadcasting and promotion explicit, so every operand here has the
 * result's shape and one dtype: each op is a flat loop over n elements, instantiated per
 * dtype by the lists in interp_internal.h. <tgmath.h> picks the float or double libm
 * function from the compute type, so float32 math stays in float32 as on the GPU.
 *
 * Integers wrap (arithmetic in uint64_t, truncated back), and the cases C leaves undefined
 * or that trap on x86 (division by zero, INT_MIN / -1, shifts past the width) get fixed
 * results instead of a crash: zero for division by zero (cuTile calls it undefined), and
 * shifts past the width give zero (or the sign for >>). // and % round toward negative
 * infinity, as Python and cuTile do. */
#include <tgmath.h>

#include "interp_internal.h"

#define TI_FLOOP(LD, SD, EXPR)                                                                     \
    for (int64_t i = 0; i < n; i++) {                                                              \
        x = LD(a[i]);                                                                              \
        y = LD(b[i]);                                                                              \
        r[i] = SD(EXPR);                                                                           \
    }                                                                                              \
    return

#define TI_ILOOP(EXPR)                                                                             \
    for (int64_t i = 0; i < n; i++) {                                                              \
        x = a[i];                                                                                  \
        y = b[i];                                                                                  \
        r[i] = (EXPR);                                                                             \
    }                                                                                              \
    return

/* Python's float % and //: the remainder takes the divisor's sign. */
#define TI_FMOD(x, y) (ti_m = fmod(x, y), (ti_m != 0 && ((ti_m < 0) != (y < 0))) ? ti_m + y : ti_m)

/* Python's float //, as NumPy's npy_divmod and the GPU's kr_fdivmod: (x - x % y) / y
 * rounded to an integer, so inf // 2 is nan and -1 // inf is -1 (floor(x / y) is not). */
#define TI_DEF_FLOORDIV(NAME, F)                                                                   \
    static F NAME(F a, F b) {                                                                      \
        F mod = fmod(a, b);                                                                        \
        if (b == 0) return a / b;                                                                  \
        F div = (a - mod) / b;                                                                     \
        if (mod != 0 && ((b < 0) != (mod < 0))) div -= 1;                                          \
        if (div == 0) return copysign((F)0, a / b);                                                \
        F fd = floor(div);                                                                         \
        return div - fd > (F)0.5 ? fd + 1 : fd;                                                    \
    }
TI_DEF_FLOORDIV(ti_floordiv_f, float)
TI_DEF_FLOORDIV(ti_floordiv_d, double)
#define TI_FFLOORDIV(x, y) _Generic((x), float : ti_floordiv_f, default : ti_floordiv_d)(x, y)

#define X(id, ST, CT, LD, SD)                                                                      \
    static void binary_##id(TileBinop op, const ST *a, const ST *b, ST *r, int64_t n) {            \
        CT x, y, ti_m;                                                                             \
        (void)ti_m;                                                                                \
        switch (op) {                                                                              \
        case TB_ADD: TI_FLOOP(LD, SD, x + y);                                                      \
        case TB_SUB: TI_FLOOP(LD, SD, x - y);                                                      \
        case TB_MUL: TI_FLOOP(LD, SD, x *y);                                                       \
        case TB_TRUEDIV: TI_FLOOP(LD, SD, x / y);                                                  \
        case TB_FLOORDIV: TI_FLOOP(LD, SD, TI_FFLOORDIV(x, y));                                    \
        case TB_MOD: TI_FLOOP(LD, SD, TI_FMOD(x, y));                                              \
        case TB_POW: TI_FLOOP(LD, SD, pow(x, y));                                                  \
        case TB_MAX: TI_FLOOP(LD, SD, fmax(x, y));                                                 \
        case TB_MIN: TI_FLOOP(LD, SD, fmin(x, y));                                                 \
        case TB_ATAN2: TI_FLOOP(LD, SD, atan2(x, y));                                              \
        case TB_CDIV: TI_FLOOP(LD, SD, ceil(x / y));                                               \
        default: return;                                                                           \
        }                                                                                          \
    }
TI_FLOAT_DTYPES(X)
#undef X

/* Integer helpers in the element type T, total functions; _1 for signed types, _0 for
 * unsigned (pasted from the dtype list, so no sign test is ever made on an unsigned). */
#define TI_IDIV_1(T, x, y)                                                                         \
    ((y) == 0                                       ? (T)0                                         \
     : (y) == (T)-1                                 ? (T)(0 - (uint64_t)(x))                       \
     : ((x) % (y) != 0 && (((x) < 0) != ((y) < 0))) ? (T)((x) / (y)-1)                             \
                                                    : (T)((x) / (y)))
#define TI_IDIV_0(T, x, y) ((y) == 0 ? (T)0 : (T)((x) / (y)))
#define TI_IMOD_1(T, x, y)                                                                         \
    ((y) == 0 || (y) == (T)-1                             ? (T)0                                   \
     : ((x) % (y) != 0 && (((x) % (y) < 0) != ((y) < 0))) ? (T)((x) % (y) + (y))                   \
                                                          : (T)((x) % (y)))
#define TI_IMOD_0(T, x, y) ((y) == 0 ? (T)0 : (T)((x) % (y)))
#define TI_ICDIV_1(T, x, y)                                                                        \
    ((y) == 0                                       ? (T)0                                         \
     : (y) == (T)-1                                 ? (T)(0 - (uint64_t)(x))                       \
     : ((x) % (y) != 0 && (((x) < 0) == ((y) < 0))) ? (T)((x) / (y) + 1)                           \
                                                    : (T)((x) / (y)))
#define TI_ICDIV_0(T, x, y) ((y) == 0 ? (T)0 : (T)((x) / (y) + ((x) % (y) != 0)))
#define TI_BITS(T)          ((int64_t)sizeof(T) * 8)
#define TI_SHL_1(T, x, y)   ((y) < 0 || (int64_t)(y) >= TI_BITS(T) ? (T)0 : (T)((uint64_t)(x) << (y)))
#define TI_SHL_0(T, x, y)   ((uint64_t)(y) >= (uint64_t)TI_BITS(T) ? (T)0 : (T)((uint64_t)(x) << (y)))
#define TI_SHR_1(T, x, y)                                                                          \
    ((y) < 0 || (int64_t)(y) >= TI_BITS(T) ? ((x) < 0 ? (T)-1 : (T)0) : (T)((x) >> (y)))
#define TI_SHR_0(T, x, y) ((uint64_t)(y) >= (uint64_t)TI_BITS(T) ? (T)0 : (T)((x) >> (y)))
#define TI_IABS_1(T, x)   ((x) < 0 ? (T)(0 - (uint64_t)(x)) : (x))
#define TI_IABS_0(T, x)   (x)

static uint64_t ipow(uint64_t base, int64_t e) {
    uint64_t r = 1;
    if (e < 0) return 0;
    while (e) {
        if (e & 1) r *= base;
        base *= base;
        e >>= 1;
    }
    return r;
}

#define X(id, T, SIGNED)                                                                           \
    static void binary_##id(TileBinop op, const T *a, const T *b, T *r, int64_t n) {               \
        T x, y;                                                                                    \
        switch (op) {                                                                              \
        case TB_ADD: TI_ILOOP((T)((uint64_t)x + (uint64_t)y));                                     \
        case TB_SUB: TI_ILOOP((T)((uint64_t)x - (uint64_t)y));                                     \
        case TB_MUL: TI_ILOOP((T)((uint64_t)x * (uint64_t)y));                                     \
        case TB_TRUEDIV:                                                                           \
        case TB_FLOORDIV: TI_ILOOP(TI_IDIV_##SIGNED(T, x, y));                                     \
        case TB_MOD: TI_ILOOP(TI_IMOD_##SIGNED(T, x, y));                                          \
        case TB_POW: TI_ILOOP((T)ipow((uint64_t)x, (int64_t)y));                                   \
        case TB_MAX: TI_ILOOP(x > y ? x : y);                                                      \
        case TB_MIN: TI_ILOOP(x < y ? x : y);                                                      \
        case TB_AND: TI_ILOOP((T)(x & y));                                                         \
        case TB_OR: TI_ILOOP((T)(x | y));                                                          \
        case TB_XOR: TI_ILOOP((T)(x ^ y));                                                         \
        case TB_SHL: TI_ILOOP(TI_SHL_##SIGNED(T, x, y));                                           \
        case TB_SHR: TI_ILOOP(TI_SHR_##SIGNED(T, x, y));                                           \
        case TB_CDIV: TI_ILOOP(TI_ICDIV_##SIGNED(T, x, y));                                        \
        default: return;                                                                           \
        }                                                                                          \
    }
TI_INT_DTYPES(X)
#undef X

static void binary_BOOL(TileBinop op, const uint8_t *a, const uint8_t *b, uint8_t *r, int64_t n) {
    uint8_t x, y;
    switch (op) {
    case TB_AND:
    case TB_MIN:
    case TB_MUL: TI_ILOOP((uint8_t)(x & y));
    case TB_OR:
    case TB_MAX:
    case TB_ADD: TI_ILOOP((uint8_t)(x | y));
    case TB_XOR:
    case TB_SUB: TI_ILOOP((uint8_t)(x ^ y));
    default: return;
    }
}

void ti_binary(TileBinop op, TileDType dt, const void *a, const void *b, void *r, int64_t n) {
    switch (dt) {
#define X(id, ST, CT, LD, SD)                                                                      \
    case TDT_##id: binary_##id(op, a, b, r, n); return;
        TI_FLOAT_DTYPES(X)
#undef X
#define X(id, T, SIGNED)                                                                           \
    case TDT_##id: binary_##id(op, a, b, r, n); return;
        TI_INT_DTYPES(X)
#undef X
    case TDT_BOOL: binary_BOOL(op, a, b, r, n); return;
    default: return;
    }
}

/* ---------------------------------------------------------------- unary */

#define TI_ULOOP(LD, SD, EXPR)                                                                     \
    for (int64_t i = 0; i < n; i++) {                                                              \
        x = LD(a[i]);                                                                              \
        r[i] = SD(EXPR);                                                                           \
    }                                                                                              \
    return

#define X(id, ST, CT, LD, SD)                                                                      \
    static void unary_##id(TileUnop op, const ST *a, void *rv, int64_t n) {                        \
        ST *r = rv;                                                                                \
        CT x;                                                                                      \
        switch (op) {                                                                              \
        case TU_NEG: TI_ULOOP(LD, SD, -x);                                                         \
        case TU_ABS: TI_ULOOP(LD, SD, fabs(x));                                                    \
        case TU_EXP: TI_ULOOP(LD, SD, exp(x));                                                     \
        case TU_EXP2: TI_ULOOP(LD, SD, exp2(x));                                                   \
        case TU_LOG: TI_ULOOP(LD, SD, log(x));                                                     \
        case TU_LOG2: TI_ULOOP(LD, SD, log2(x));                                                   \
        case TU_SQRT: TI_ULOOP(LD, SD, sqrt(x));                                                   \
        case TU_RSQRT: TI_ULOOP(LD, SD, (CT)1 / sqrt(x));                                          \
        case TU_SIN: TI_ULOOP(LD, SD, sin(x));                                                     \
        case TU_COS: TI_ULOOP(LD, SD, cos(x));                                                     \
        case TU_TAN: TI_ULOOP(LD, SD, tan(x));                                                     \
        case TU_SINH: TI_ULOOP(LD, SD, sinh(x));                                                   \
        case TU_COSH: TI_ULOOP(LD, SD, cosh(x));                                                   \
        case TU_TANH: TI_ULOOP(LD, SD, tanh(x));                                                   \
        case TU_FLOOR: TI_ULOOP(LD, SD, floor(x));                                                 \
        case TU_CEIL: TI_ULOOP(LD, SD, ceil(x));                                                   \
        case TU_ISNAN: {                                                                           \
            uint8_t *rb = rv;                                                                      \
            for (int64_t i = 0; i < n; i++)                                                        \
                rb[i] = isnan(LD(a[i])) ? 1 : 0;                                                   \
            return;                                                                                \
        }                                                                                          \
        default: return;                                                                           \
        }                                                                                          \
    }
TI_FLOAT_DTYPES(X)
#undef X

#define X(id, T, SIGNED)                                                                           \
    static void unary_##id(TileUnop op, const T *a, void *rv, int64_t n) {                         \
        T *r = rv, x;                                                                              \
        switch (op) {                                                                              \
        case TU_NEG: TI_ULOOP(TI_SAME, TI_SAME, (T)(0 - (uint64_t)x));                             \
        case TU_INVERT: TI_ULOOP(TI_SAME, TI_SAME, (T)~x);                                         \
        case TU_NOT: TI_ULOOP(TI_SAME, TI_SAME, (T)!x);                                            \
        case TU_ABS: TI_ULOOP(TI_SAME, TI_SAME, TI_IABS_##SIGNED(T, x));                           \
        case TU_ISNAN: memset(rv, 0, (size_t)n); return;                                           \
        default: return;                                                                           \
        }                                                                                          \
    }
TI_INT_DTYPES(X)
#undef X

void ti_unary(TileUnop op, TileDType dt, const void *x, void *r, int64_t n) {
    switch (dt) {
#define X(id, ST, CT, LD, SD)                                                                      \
    case TDT_##id: unary_##id(op, x, r, n); return;
        TI_FLOAT_DTYPES(X)
#undef X
#define X(id, T, SIGNED)                                                                           \
    case TDT_##id: unary_##id(op, x, r, n); return;
        TI_INT_DTYPES(X)
#undef X
    case TDT_BOOL: {
        const uint8_t *a = x;
        uint8_t *rb = r;
        for (int64_t i = 0; i < n; i++)
            rb[i] = (op == TU_INVERT || op == TU_NOT) ? !a[i] : op == TU_ISNAN ? 0 : a[i];
        return;
    }
    default: return;
    }
}

/* ---------------------------------------------------------------- compare and select */

#define TI_CLOOP(LD, EXPR)                                                                         \
    for (int64_t i = 0; i < n; i++) {                                                              \
        x = LD(a[i]);                                                                              \
        y = LD(b[i]);                                                                              \
        r[i] = (EXPR) ? 1 : 0;                                                                     \
    }                                                                                              \
    return

#define TI_COMPARE_BODY(LD)                                                                        \
    switch (op) {                                                                                  \
    case TC_EQ: TI_CLOOP(LD, x == y);                                                              \
    case TC_NE: TI_CLOOP(LD, x != y);                                                              \
    case TC_LT: TI_CLOOP(LD, x < y);                                                               \
    case TC_LE: TI_CLOOP(LD, x <= y);                                                              \
    case TC_GT: TI_CLOOP(LD, x > y);                                                               \
    case TC_GE: TI_CLOOP(LD, x >= y);                                                              \
    default: return;                                                                               \
    }

#define X(id, ST, CT, LD, SD)                                                                      \
    static void compare_##id(TileCmpop op, const ST *a, const ST *b, uint8_t *r, int64_t n) {      \
        CT x, y;                                                                                   \
        TI_COMPARE_BODY(LD)                                                                        \
    }
TI_FLOAT_DTYPES(X)
#undef X
#define X(id, T, SIGNED)                                                                           \
    static void compare_##id(TileCmpop op, const T *a, const T *b, uint8_t *r, int64_t n) {        \
        T x, y;                                                                                    \
        TI_COMPARE_BODY(TI_SAME)                                                                   \
    }
TI_INT_DTYPES(X)
X(BOOL, uint8_t, 0)
#undef X

void ti_compare(TileCmpop op, TileDType dt, const void *a, const void *b, uint8_t *r, int64_t n) {
    switch (dt) {
#define X(id, ST, CT, LD, SD)                                                                      \
    case TDT_##id: compare_##id(op, a, b, r, n); return;
        TI_FLOAT_DTYPES(X)
#undef X
#define X(id, T, SIGNED)                                                                           \
    case TDT_##id: compare_##id(op, a, b, r, n); return;
        TI_INT_DTYPES(X)
        X(BOOL, uint8_t, 0)
#undef X
    default: return;
    }
}

#define TI_SELECT(T)                                                                               \
    {                                                                                              \
        const T *x = a, *y = b;                                                                    \
        T *d = r;                                                                                  \
        for (int64_t i = 0; i < n; i++)                                                            \
            d[i] = c[i] ? x[i] : y[i];                                                             \
        return;                                                                                    \
    }

void ti_select(const uint8_t *c, const void *a, const void *b, void *r, int64_t n, int esize) {
    switch (esize) {
    case 1: TI_SELECT(uint8_t)
    case 2: TI_SELECT(uint16_t)
    case 4: TI_SELECT(uint32_t)
    default: TI_SELECT(uint64_t)
    }
}
