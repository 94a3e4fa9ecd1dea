/* array_fast.c: typed loops for the CPU backend's common elementwise cases, tried before the
 * generic strided code in array_ops.c, array.c and array_index.c. They take contiguous
 * operands of the result's size, or one-element operands (scalars), of one dtype per loop,
 * so the compiler vectorizes them; anything else returns "not handled" and runs the generic
 * path. Every loop computes exactly what the generic path does (same rounding, same integer
 * wrap-around), so results never depend on which path ran. */
#include <math.h>
#include <string.h>

#include "../../../vm/error.h"
#include "../../array/array.h"
#include "cpu_simd.h"

/* An operand the loops take: one element (broadcast), or contiguous with n elements. */
static bool fast_operand(const Array *a, int64_t n) {
    return a->size == 1 || (a->size == n && arr_is_contiguous(a));
}

/* z = EXPR(x, y) over the three operand layouts: both full, y scalar, x scalar. */
#define LOOP3(T, R, EXPR)                                                                          \
    do {                                                                                           \
        const T *pa = (const T *)a->data, *pb = (const T *)b->data;                                \
        R *z = (R *)r->data;                                                                       \
        if (a->size == n && b->size == n) {                                                        \
            for (int64_t i = 0; i < n; i++) {                                                      \
                T x = pa[i], y = pb[i];                                                            \
                z[i] = (R)(EXPR);                                                                  \
            }                                                                                      \
        } else if (a->size == n) {                                                                 \
            T y = pb[0];                                                                           \
            for (int64_t i = 0; i < n; i++) {                                                      \
                T x = pa[i];                                                                       \
                z[i] = (R)(EXPR);                                                                  \
            }                                                                                      \
        } else {                                                                                   \
            T x = pa[0];                                                                           \
            for (int64_t i = 0; i < n; i++) {                                                      \
                T y = pb[i];                                                                       \
                z[i] = (R)(EXPR);                                                                  \
            }                                                                                      \
        }                                                                                          \
    } while (0)

#define DEF_CMP(NAME, T)                                                                           \
    static bool NAME(int op, const Array *a, const Array *b, Array *r, int64_t n) {                \
        switch (op) {                                                                              \
        case CMP_LT: LOOP3(T, uint8_t, x < y); break;                                              \
        case CMP_LE: LOOP3(T, uint8_t, x <= y); break;                                             \
        case CMP_EQ: LOOP3(T, uint8_t, x == y); break;                                             \
        case CMP_NE: LOOP3(T, uint8_t, x != y); break;                                             \
        case CMP_GT: LOOP3(T, uint8_t, x > y); break;                                              \
        default: LOOP3(T, uint8_t, x >= y); break;                                                 \
        }                                                                                          \
        return true;                                                                               \
    }
DEF_CMP(cmp_f64, double)
DEF_CMP(cmp_f32, float)
DEF_CMP(cmp_i64, int64_t)
DEF_CMP(cmp_i32, int32_t)
DEF_CMP(cmp_u32, uint32_t)
DEF_CMP(cmp_i16, int16_t)
DEF_CMP(cmp_i8, int8_t)
DEF_CMP(cmp_u8, uint8_t)

/* Float arithmetic: + - * / in the element type round exactly as the generic path's double
 * computation rounded to the element type; maximum/minimum propagate NaN as it does, with
 * quiet comparisons (a NaN raises no invalid flag: np.seterr's reports, array_fpe.c). */
#define DEF_FARITH(NAME, T)                                                                        \
    SIMD_CLONES static bool NAME(int op, const Array *a, const Array *b, Array *r, int64_t n) {    \
        switch (op) {                                                                              \
        case BIN_ADD: LOOP3(T, T, x + y); break;                                                   \
        case BIN_SUB: LOOP3(T, T, x - y); break;                                                   \
        case BIN_MUL: LOOP3(T, T, x *y); break;                                                    \
        case BIN_TRUEDIV: LOOP3(T, T, x / y); break;                                               \
        case ARR_OP_MAXIMUM:                                                                       \
            LOOP3(T, T, (x != x || y != y) ? (T)NAN : isgreater(x, y) ? x : y);                    \
            break;                                                                                 \
        case ARR_OP_MINIMUM: LOOP3(T, T,                                                           \
                                   (x != x || y != y) ? (T)NAN                                     \
                                   : isless(x, y)     ? x                                          \
                                                      : y);                                            \
            break;                                                                                 \
        default: return false;                                                                     \
        }                                                                                          \
        return true;                                                                               \
    }
DEF_FARITH(arith_f64, double)
DEF_FARITH(arith_f32, float)

/* Integer arithmetic wraps: computed in the unsigned type of the same width. */
#define DEF_IARITH(NAME, T, U)                                                                     \
    static bool NAME(int op, const Array *a, const Array *b, Array *r, int64_t n) {                \
        switch (op) {                                                                              \
        case BIN_ADD: LOOP3(T, T, (U)x + (U)y); break;                                             \
        case BIN_SUB: LOOP3(T, T, (U)x - (U)y); break;                                             \
        case BIN_MUL: LOOP3(T, T, (U)x *(U)y); break;                                              \
        case BIN_AND: LOOP3(T, T, x &y); break;                                                    \
        case BIN_OR: LOOP3(T, T, x | y); break;                                                    \
        case BIN_XOR: LOOP3(T, T, x ^ y); break;                                                   \
        case ARR_OP_MAXIMUM: LOOP3(T, T, x > y ? x : y); break;                                    \
        case ARR_OP_MINIMUM: LOOP3(T, T, x < y ? x : y); break;                                    \
        default: return false;                                                                     \
        }                                                                                          \
        return true;                                                                               \
    }
DEF_IARITH(arith_i64, int64_t, uint64_t)
DEF_IARITH(arith_i32, int32_t, uint32_t)

/* Element conversions matching arr_load_* / arr_store_*: to bool is != 0, to a float goes
 * through double (as the generic path does), int to int wraps. Float to int is left to the
 * generic path (its NaN and overflow rules). */
#define CL(S, D, EXPR)                                                                             \
    do {                                                                                           \
        const S *px = (const S *)a->data;                                                          \
        D *z = (D *)r->data;                                                                       \
        for (int64_t i = 0; i < n; i++) {                                                          \
            S x = px[i];                                                                           \
            z[i] = (D)(EXPR);                                                                      \
        }                                                                                          \
    } while (0)
#define CAST_FROM_INT(S)                                                                           \
    switch (r->dtype) {                                                                            \
    case DT_BOOL: CL(S, uint8_t, x != 0); return true;                                             \
    case DT_INT8: CL(S, int8_t, (uint8_t)(int64_t)x); return true;                                 \
    case DT_UINT8: CL(S, uint8_t, (uint8_t)(int64_t)x); return true;                               \
    case DT_INT16: CL(S, int16_t, (uint16_t)(int64_t)x); return true;                              \
    case DT_INT32: CL(S, int32_t, (uint32_t)(int64_t)x); return true;                              \
    case DT_UINT32: CL(S, uint32_t, (uint32_t)(int64_t)x); return true;                            \
    case DT_INT64: CL(S, int64_t, (int64_t)x); return true;                                        \
    case DT_FLOAT32: CL(S, float, (double)x); return true;                                         \
    case DT_FLOAT64: CL(S, double, (double)x); return true;                                        \
    default: return false;                                                                         \
    }
#define CAST_FROM_FLOAT(S)                                                                         \
    switch (r->dtype) {                                                                            \
    case DT_BOOL: CL(S, uint8_t, x != 0); return true;                                             \
    case DT_FLOAT32: CL(S, float, (double)x); return true;                                         \
    case DT_FLOAT64: CL(S, double, (double)x); return true;                                        \
    default: return false;                                                                         \
    }

bool arr_fast_cast(const Array *a, Array *r) {
    int64_t n = r->size;
    if (a->size != n || !arr_is_contiguous(a) || !arr_is_contiguous(r)) return false;
    if (a->dtype == r->dtype) {
        memmove(r->data, a->data, (size_t)n * (size_t)arr_dtypes[a->dtype].size);
        return true;
    }
    switch (a->dtype) {
    case DT_BOOL:
    case DT_UINT8: CAST_FROM_INT(uint8_t)
    case DT_INT8: CAST_FROM_INT(int8_t)
    case DT_INT16: CAST_FROM_INT(int16_t)
    case DT_INT32: CAST_FROM_INT(int32_t)
    case DT_UINT32: CAST_FROM_INT(uint32_t)
    case DT_INT64: CAST_FROM_INT(int64_t)
    case DT_FLOAT32: CAST_FROM_FLOAT(float)
    case DT_FLOAT64: CAST_FROM_FLOAT(double)
    default: return false;
    }
}

static bool cast_supported(int from, int to) {
    if (from == to) return true;
    if (from == DT_FLOAT16 || from == DT_BFLOAT16 || to == DT_FLOAT16 || to == DT_BFLOAT16)
        return false;
    return !(dt_is_float(from) && dt_is_int(to));
}

/* An operand converted to dt (contiguous) when it is not of dt already; NULL when the cast
 * has no typed loop or allocation failed (the caller checks err_occurred). */
static Array *operand_as(Interp *I, Array *a, int dt) {
    if (a->dtype == dt) return a;
    if (!cast_supported(a->dtype, dt) || !arr_is_contiguous(a)) return NULL;
    Array *c = arr_new(I, dt, a->ndim, a->shape);
    if (!c) return NULL;
    return arr_fast_cast(a, c) ? c : NULL; /* a dtype without a typed cast: generic path */
}

/* T op bool (either order) without converting the mask first: `counts += mask`. */
#define MIXB(T, U)                                                                                 \
    do {                                                                                           \
        const T *pv = (const T *)v->data;                                                          \
        const uint8_t *pm = (const uint8_t *)m->data;                                              \
        T *z = (T *)r->data;                                                                       \
        int64_t sv = v->size == n;                                                                 \
        if (op == BIN_ADD) {                                                                       \
            for (int64_t i = 0; i < n; i++)                                                        \
                z[i] = (T)((U)pv[i * sv] + (U)pm[i]);                                              \
        } else if (op == BIN_MUL) {                                                                \
            for (int64_t i = 0; i < n; i++)                                                        \
                z[i] = (T)((U)pv[i * sv] * (U)pm[i]);                                              \
        } else if (swap) {                                                                         \
            for (int64_t i = 0; i < n; i++)                                                        \
                z[i] = (T)((U)pm[i] - (U)pv[i * sv]);                                              \
        } else {                                                                                   \
            for (int64_t i = 0; i < n; i++)                                                        \
                z[i] = (T)((U)pv[i * sv] - (U)pm[i]);                                              \
        }                                                                                          \
    } while (0)

static bool mixed_bool(int op, int cdt, const Array *a, const Array *b, Array *r, int64_t n) {
    bool swap = a->dtype == DT_BOOL;
    const Array *v = swap ? b : a, *m = swap ? a : b;
    if (m->dtype != DT_BOOL || v->dtype != cdt || m->size != n ||
        (op != BIN_ADD && op != BIN_SUB && op != BIN_MUL))
        return false;
    if (cdt == DT_INT64)
        MIXB(int64_t, uint64_t);
    else if (cdt == DT_FLOAT64)
        MIXB(double, double);
    else
        return false;
    return true;
}

static int fast_binary(Interp *I, int op, int mode, int cdt, Array *a, Array *b, Array *r) {
    int64_t n = r->size;
    if (!arr_is_contiguous(r) || !fast_operand(a, n) || !fast_operand(b, n)) return 0;
    if (a->size != n && b->size != n && n != 1) return 0;
    if (mode == 1) {
        if (r->dtype != DT_BOOL) return 0;
    } else {
        if (r->dtype != cdt) return 0;
        bool fl = cdt == DT_FLOAT64 || cdt == DT_FLOAT32;
        bool in = cdt == DT_INT64 || cdt == DT_INT32;
        if (!fl && !in) return 0;
        if (op == BIN_TRUEDIV && !fl) return 0;
        if (op >= BIN_AND && op <= BIN_XOR && !in) return 0;
        if (op != BIN_ADD && op != BIN_SUB && op != BIN_MUL && op != BIN_TRUEDIV &&
            op != ARR_OP_MAXIMUM && op != ARR_OP_MINIMUM && !(op >= BIN_AND && op <= BIN_XOR))
            return 0;
    }
    switch (cdt) {
    case DT_FLOAT16:
    case DT_BFLOAT16: return 0;
    default: break;
    }
    if (a->dtype != cdt || b->dtype != cdt) {
        if (mode == 0 && mixed_bool(op, cdt, a, b, r, n)) return 1;
        if (!cast_supported(a->dtype, cdt) || !cast_supported(b->dtype, cdt)) return 0;
        a = operand_as(I, a, cdt);
        b = a ? operand_as(I, b, cdt) : NULL;
        if (!b) return err_occurred(I) ? -1 : 0;
    }
    if (mode == 1) {
        switch (cdt) {
        case DT_FLOAT64: return cmp_f64(op, a, b, r, n);
        case DT_FLOAT32: return cmp_f32(op, a, b, r, n);
        case DT_INT64: return cmp_i64(op, a, b, r, n);
        case DT_INT32: return cmp_i32(op, a, b, r, n);
        case DT_UINT32: return cmp_u32(op, a, b, r, n);
        case DT_INT16: return cmp_i16(op, a, b, r, n);
        case DT_INT8: return cmp_i8(op, a, b, r, n);
        case DT_BOOL:
        case DT_UINT8: return cmp_u8(op, a, b, r, n);
        default: return 0; /* uint16, uint64: the generic loop */
        }
    }
    switch (cdt) {
    case DT_FLOAT64: return arith_f64(op, a, b, r, n);
    case DT_FLOAT32: return arith_f32(op, a, b, r, n);
    case DT_INT64: return arith_i64(op, a, b, r, n);
    default: return arith_i32(op, a, b, r, n);
    }
}

/* Element [off, off + len) of a contiguous or one-element operand, as a flat operand of
 * the loops above. */
static Array chunk_of(const Array *a, int64_t n, int64_t off, int64_t len) {
    Array c = *a;
    if (a->size == 1 && n != 1) return c; /* broadcast scalar: the same element */
    c.ndim = 1;
    c.shape[0] = c.size = len;
    c.strides[0] = arr_dtypes[a->dtype].size;
    c.data = a->data + off * arr_dtypes[a->dtype].size;
    return c;
}

/* Large operands run in chunks with an interrupt poll between them (Ctrl-C, run limits).
 * Whether a loop handles the case depends on dtypes and layouts only, so the first chunk
 * decides for all. */
int arr_fast_binary(Interp *I, int op, int mode, int cdt, Array *a, Array *b, Array *r) {
    int64_t n = r->size, step = 16 * ARR_POLL_CHUNK;
    if (n <= step || !arr_is_contiguous(r) || !fast_operand(a, n) || !fast_operand(b, n))
        return fast_binary(I, op, mode, cdt, a, b, r);
    for (int64_t off = 0; off < n; off += step) {
        int64_t len = n - off < step ? n - off : step;
        Array ca = chunk_of(a, n, off, len), cb = chunk_of(b, n, off, len);
        Array cr = chunk_of(r, n, off, len);
        int done = fast_binary(I, op, mode, cdt, &ca, &cb, &cr);
        if (done <= 0) return done;
        if (!interp_poll(I)) return -1;
    }
    return 1;
}

/* Unary float math; T the element type, computed in double as the generic path does. */
#define UL(T, EXPR)                                                                                \
    do {                                                                                           \
        const T *px = (const T *)a->data;                                                          \
        T *z = (T *)r->data;                                                                       \
        for (int64_t i = 0; i < n; i++) {                                                          \
            double x = px[i];                                                                      \
            z[i] = (T)(EXPR);                                                                      \
        }                                                                                          \
    } while (0)
#define DEF_FUNARY(NAME, T)                                                                        \
    static bool NAME(int op, const Array *a, Array *r, int64_t n) {                                \
        switch (op) {                                                                              \
        case ARR_U_NEG: UL(T, -x); break;                                                          \
        case ARR_U_POS: UL(T, x); break;                                                           \
        case ARR_U_ABS: UL(T, fabs(x)); break;                                                     \
        case ARR_U_EXP: UL(T, exp(x)); break;                                                      \
        case ARR_U_LOG: UL(T, log(x)); break;                                                      \
        case ARR_U_LOG2: UL(T, log2(x)); break;                                                    \
        case ARR_U_LOG10: UL(T, log10(x)); break;                                                  \
        case ARR_U_SQRT: UL(T, sqrt(x)); break;                                                    \
        case ARR_U_SIN: UL(T, sin(x)); break;                                                      \
        case ARR_U_COS: UL(T, cos(x)); break;                                                      \
        case ARR_U_TAN: UL(T, tan(x)); break;                                                      \
        case ARR_U_TANH: UL(T, tanh(x)); break;                                                    \
        case ARR_U_SINH: UL(T, sinh(x)); break;                                                    \
        case ARR_U_COSH: UL(T, cosh(x)); break;                                                    \
        case ARR_U_LOG1P: UL(T, log1p(x)); break;                                                  \
        case ARR_U_EXPM1: UL(T, expm1(x)); break;                                                  \
        case ARR_U_ARCSIN: UL(T, asin(x)); break;                                                  \
        case ARR_U_ARCCOS: UL(T, acos(x)); break;                                                  \
        case ARR_U_ARCTAN: UL(T, atan(x)); break;                                                  \
        case ARR_U_ARCSINH: UL(T, asinh(x)); break;                                                \
        case ARR_U_ARCCOSH: UL(T, acosh(x)); break;                                                \
        case ARR_U_ARCTANH: UL(T, atanh(x)); break;                                                \
        case ARR_U_FLOOR: UL(T, floor(x)); break;                                                  \
        case ARR_U_CEIL: UL(T, ceil(x)); break;                                                    \
        case ARR_U_ROUND: UL(T, nearbyint(x)); break;                                              \
        default: return false;                                                                     \
        }                                                                                          \
        return true;                                                                               \
    }
DEF_FUNARY(unary_f64, double)
DEF_FUNARY(unary_f32, float)

#define BL(T, EXPR)                                                                                \
    do {                                                                                           \
        const T *px = (const T *)a->data;                                                          \
        uint8_t *z = (uint8_t *)r->data;                                                           \
        for (int64_t i = 0; i < n; i++) {                                                          \
            T x = px[i];                                                                           \
            z[i] = (uint8_t)(EXPR);                                                                \
        }                                                                                          \
    } while (0)
#define DEF_FPRED(NAME, T)                                                                         \
    static bool NAME(int op, const Array *a, Array *r, int64_t n) {                                \
        switch (op) {                                                                              \
        case ARR_U_ISNAN: BL(T, x != x); break;                                                    \
        case ARR_U_ISINF: BL(T, isinf(x)); break;                                                  \
        case ARR_U_ISFINITE: BL(T, isfinite(x)); break;                                            \
        case ARR_U_NOT: BL(T, x == 0); break;                                                      \
        default: return false;                                                                     \
        }                                                                                          \
        return true;                                                                               \
    }
DEF_FPRED(pred_f64, double)
DEF_FPRED(pred_f32, float)

static int fast_unary(Interp *I, int op, Array *a, Array *r) {
    int64_t n = r->size;
    if (a->size != n || !arr_is_contiguous(a) || !arr_is_contiguous(r)) return 0;
    int odt = r->dtype;
    if (odt == DT_BOOL) {
        if (a->dtype == DT_BOOL && (op == ARR_U_NOT || op == ARR_U_INVERT)) {
            BL(uint8_t, x == 0);
            return 1;
        }
        if (a->dtype == DT_FLOAT64) return pred_f64(op, a, r, n);
        if (a->dtype == DT_FLOAT32) return pred_f32(op, a, r, n);
        return 0;
    }
    if (odt == DT_INT64 && a->dtype == DT_INT64) {
        const int64_t *px = (const int64_t *)a->data;
        int64_t *z = (int64_t *)r->data;
        switch (op) {
        case ARR_U_NEG:
            for (int64_t i = 0; i < n; i++)
                z[i] = (int64_t)(0 - (uint64_t)px[i]);
            return 1;
        case ARR_U_ABS:
            for (int64_t i = 0; i < n; i++)
                z[i] = px[i] < 0 ? (int64_t)(0 - (uint64_t)px[i]) : px[i];
            return 1;
        case ARR_U_POS: memmove(z, px, (size_t)n * 8); return 1;
        default: return 0;
        }
    }
    if (odt != DT_FLOAT64 && odt != DT_FLOAT32) return 0;
    /* math on an integer array: its float result type, converted first */
    if (a->dtype != odt) {
        if (op < ARR_U_EXP || op > ARR_U_MATH_LAST) return 0;
        a = operand_as(I, a, odt);
        if (!a) return err_occurred(I) ? -1 : 0;
    }
    return odt == DT_FLOAT64 ? unary_f64(op, a, r, n) : unary_f32(op, a, r, n);
}

#define WL(T)                                                                                      \
    do {                                                                                           \
        const T *px = (const T *)x->data, *py = (const T *)y->data;                                \
        T *z = (T *)r->data;                                                                       \
        if (x->size == n && y->size == n) {                                                        \
            for (int64_t i = 0; i < n; i++)                                                        \
                z[i] = m[i] ? px[i] : py[i];                                                       \
        } else if (x->size == n) {                                                                 \
            T cy = py[0];                                                                          \
            for (int64_t i = 0; i < n; i++)                                                        \
                z[i] = m[i] ? px[i] : cy;                                                          \
        } else if (y->size == n) {                                                                 \
            T cx = px[0];                                                                          \
            for (int64_t i = 0; i < n; i++)                                                        \
                z[i] = m[i] ? cx : py[i];                                                          \
        } else {                                                                                   \
            T cx = px[0], cy = py[0];                                                              \
            for (int64_t i = 0; i < n; i++)                                                        \
                z[i] = m[i] ? cx : cy;                                                             \
        }                                                                                          \
    } while (0)

int arr_fast_unary(Interp *I, int op, Array *a, Array *r) {
    int64_t n = r->size, step = 16 * ARR_POLL_CHUNK;
    if (n <= step || a->size != n || !arr_is_contiguous(a) || !arr_is_contiguous(r))
        return fast_unary(I, op, a, r);
    for (int64_t off = 0; off < n; off += step) {
        int64_t len = n - off < step ? n - off : step;
        Array ca = chunk_of(a, n, off, len), cr = chunk_of(r, n, off, len);
        int done = fast_unary(I, op, &ca, &cr);
        if (done <= 0) return done;
        if (!interp_poll(I)) return -1;
    }
    return 1;
}

int arr_fast_where(Interp *I, Array *c, Array *x, Array *y, Array *r) {
    int64_t n = r->size;
    if (c->dtype != DT_BOOL || c->size != n || !arr_is_contiguous(c) || !arr_is_contiguous(r) ||
        !fast_operand(x, n) || !fast_operand(y, n))
        return 0;
    int dt = r->dtype;
    if (x->dtype != dt || y->dtype != dt) {
        if (!cast_supported(x->dtype, dt) || !cast_supported(y->dtype, dt)) return 0;
        x = operand_as(I, x, dt);
        y = x ? operand_as(I, y, dt) : NULL;
        if (!y) return err_occurred(I) ? -1 : 0;
    }
    const uint8_t *m = (const uint8_t *)c->data;
    switch (arr_dtypes[dt].size) {
    case 8: WL(uint64_t); break;
    case 4: WL(uint32_t); break;
    case 2: WL(uint16_t); break;
    default: WL(uint8_t); break;
    }
    return 1;
}

int64_t arr_mask_count(const uint8_t *m, int64_t n) {
    int64_t cnt = 0;
    for (int64_t i = 0; i < n; i++)
        cnt += m[i] != 0;
    return cnt;
}

#define GL(T)                                                                                      \
    do {                                                                                           \
        const T *px = (const T *)src;                                                              \
        T *z = (T *)dst;                                                                           \
        for (int64_t i = 0, k = 0; i < n; i++)                                                     \
            if (m[i]) z[k++] = px[i];                                                              \
    } while (0)

void arr_mask_gather(char *dst, const char *src, const uint8_t *m, int64_t n, size_t block) {
    switch (block) {
    case 8: GL(uint64_t); return;
    case 4: GL(uint32_t); return;
    case 2: GL(uint16_t); return;
    case 1: GL(uint8_t); return;
    default:
        for (int64_t i = 0; i < n; i++)
            if (m[i]) {
                memcpy(dst, src + (size_t)i * block, block);
                dst += block;
            }
        return;
    }
}

#define SL(T)                                                                                      \
    do {                                                                                           \
        T c;                                                                                       \
        memcpy(&c, val, sizeof c);                                                                 \
        T *z = (T *)dst;                                                                           \
        for (int64_t i = 0; i < n; i++)                                                            \
            z[i] = m[i] ? c : z[i];                                                                \
    } while (0)

void arr_mask_fill(char *dst, const char *val, const uint8_t *m, int64_t n, size_t isz) {
    switch (isz) {
    case 8: SL(uint64_t); return;
    case 4: SL(uint32_t); return;
    case 2: SL(uint16_t); return;
    default: SL(uint8_t); return;
    }
}
