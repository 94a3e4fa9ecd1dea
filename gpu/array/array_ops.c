/* array_ops.c: elementwise work on arrays for the CPU backend: element loads and stores for
 * every dtype, NumPy's type promotion (NEP 50: Python scalars are "weak"), broadcasting, and
 * the binary and unary ufuncs. Arithmetic runs in double for float results and in int64 for
 * integer ones, then rounds or wraps on store: for + - * / and sqrt the double result rounds
 * to the same float32 NumPy computes, and integer wrap-around matches NumPy's. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../../vm/error.h"
#include "../../vm/gc.h"
#include "../../vm/number.h"
#include "../../vm/str.h"
#include "array.h"

const DTypeInfo arr_dtypes[DT__COUNT] = {
#define X(id, name, size, kind, ctype) {name, size, kind},
    DTYPES(X)
#undef X
};

float arr_half_to_float(uint16_t h) {
    uint32_t sign = (uint32_t)(h >> 15) << 31, exp = (h >> 10) & 31, man = h & 1023, bits;
    if (exp == 31) {
        bits = sign | 0x7f800000u | (man << 13);
    } else if (exp == 0) {
        float f = ldexpf((float)man, -24);
        return sign ? -f : f;
    } else {
        bits = sign | ((exp + 112) << 23) | (man << 13);
    }
    float f;
    memcpy(&f, &bits, 4);
    return f;
}

uint16_t arr_float_to_half(float f) {
    uint32_t x;
    memcpy(&x, &f, 4);
    uint16_t sign = (uint16_t)((x >> 16) & 0x8000);
    uint32_t ax = x & 0x7fffffffu;
    if (ax >= 0x7f800000u) return sign | 0x7c00 | (ax > 0x7f800000u ? 0x200 : 0);
    if (ax >= 0x477ff000u) return sign | 0x7c00; /* rounds to inf */
    if (ax < 0x38800000u) {                      /* subnormal half */
        float a;
        memcpy(&a, &ax, 4);
        return sign | (uint16_t)lrintf(a * 16777216.0f); /* round half to even */
    }
    uint32_t r = ax + 0xfffu + ((ax >> 13) & 1); /* round to nearest even on 13 dropped bits */
    return sign | (uint16_t)((r - 0x38000000u) >> 13);
}

static float bf16_to_float(uint16_t h) {
    uint32_t b = (uint32_t)h << 16;
    float f;
    memcpy(&f, &b, 4);
    return f;
}
static uint16_t float_to_bf16(float f) {
    uint32_t x;
    memcpy(&x, &f, 4);
    if ((x & 0x7fffffffu) > 0x7f800000u) return (uint16_t)((x >> 16) | 0x40);
    x += 0x7fffu + ((x >> 16) & 1);
    return (uint16_t)(x >> 16);
}

double arr_load_f(const char *p, int dt) {
    switch (dt) {
    case DT_BOOL: return *(const uint8_t *)p ? 1.0 : 0.0;
    case DT_INT8: return *(const int8_t *)p;
    case DT_INT16: {
        int16_t v;
        memcpy(&v, p, 2);
        return v;
    }
    case DT_INT32: {
        int32_t v;
        memcpy(&v, p, 4);
        return v;
    }
    case DT_INT64: {
        int64_t v;
        memcpy(&v, p, 8);
        return (double)v;
    }
    case DT_UINT8: return *(const uint8_t *)p;
    case DT_UINT16: {
        uint16_t v;
        memcpy(&v, p, 2);
        return v;
    }
    case DT_UINT32: {
        uint32_t v;
        memcpy(&v, p, 4);
        return v;
    }
    case DT_UINT64: {
        uint64_t v;
        memcpy(&v, p, 8);
        return (double)v;
    }
    case DT_FLOAT16: {
        uint16_t v;
        memcpy(&v, p, 2);
        return arr_half_to_float(v);
    }
    case DT_BFLOAT16: {
        uint16_t v;
        memcpy(&v, p, 2);
        return bf16_to_float(v);
    }
    case DT_FLOAT32: {
        float v;
        memcpy(&v, p, 4);
        return v;
    }
    default: {
        double v;
        memcpy(&v, p, 8);
        return v;
    }
    }
}

static int64_t double_to_i64(double d) {
    if (d != d) return INT64_MIN;
    if (d >= 9.2233720368547758e18 || d < -9.2233720368547758e18) return INT64_MIN;
    return (int64_t)d;
}

/* NumPy's cast on x86-64 into int8, int16, int32, uint8 and uint16: through a 32-bit
 * cvttsd2si, whose NaN and out-of-range result is INT32_MIN, then wrapped to the type. */
static int64_t double_to_i32(double d) {
    if (!(d >= -2147483648.0 && d < 2147483648.0)) return INT32_MIN;
    return (int32_t)d;
}

/* As NumPy's cast on x86-64: in range exact, a negative value through int64 (wrapping),
 * 2^64 and above (inf too) 0, NaN and below -2^63 2^63. */
uint64_t arr_double_to_u64(double d) {
    if (d >= 0 && d < 18446744073709551616.0) return (uint64_t)d;
    if (d >= 18446744073709551616.0) return 0;
    if (d < 0 && d >= -9.2233720368547758e18) return (uint64_t)(int64_t)d;
    return UINT64_C(1) << 63;
}

int64_t arr_load_i(const char *p, int dt) {
    switch (dt) {
    case DT_BOOL: return *(const uint8_t *)p != 0;
    case DT_INT8: return *(const int8_t *)p;
    case DT_INT16: {
        int16_t v;
        memcpy(&v, p, 2);
        return v;
    }
    case DT_INT32: {
        int32_t v;
        memcpy(&v, p, 4);
        return v;
    }
    case DT_INT64: {
        int64_t v;
        memcpy(&v, p, 8);
        return v;
    }
    case DT_UINT8: return *(const uint8_t *)p;
    case DT_UINT16: {
        uint16_t v;
        memcpy(&v, p, 2);
        return v;
    }
    case DT_UINT32: {
        uint32_t v;
        memcpy(&v, p, 4);
        return v;
    }
    case DT_UINT64: { /* the bits: callers that compare or divide check arr_dt_u64 */
        int64_t v;
        memcpy(&v, p, 8);
        return v;
    }
    default: return double_to_i64(arr_load_f(p, dt));
    }
}

void arr_store_f(char *p, int dt, double x) {
    switch (dt) {
    case DT_BOOL: *(uint8_t *)p = x != 0; break;
    case DT_FLOAT16: {
        uint16_t v = arr_float_to_half((float)x);
        memcpy(p, &v, 2);
        break;
    }
    case DT_BFLOAT16: {
        uint16_t v = float_to_bf16((float)x);
        memcpy(p, &v, 2);
        break;
    }
    case DT_FLOAT32: {
        float v = (float)x;
        memcpy(p, &v, 4);
        break;
    }
    case DT_FLOAT64: memcpy(p, &x, 8); break;
    case DT_UINT64: {
        uint64_t v = arr_double_to_u64(x);
        memcpy(p, &v, 8);
        break;
    }
    case DT_INT64:
    case DT_UINT32: arr_store_i(p, dt, double_to_i64(x)); break;
    default: arr_store_i(p, dt, double_to_i32(x)); break;
    }
}

void arr_store_i(char *p, int dt, int64_t x) {
    switch (dt) {
    case DT_BOOL: *(uint8_t *)p = x != 0; break;
    case DT_INT8:
    case DT_UINT8: *(uint8_t *)p = (uint8_t)x; break;
    case DT_INT16:
    case DT_UINT16: {
        uint16_t v = (uint16_t)x;
        memcpy(p, &v, 2);
        break;
    }
    case DT_INT32:
    case DT_UINT32: {
        uint32_t v = (uint32_t)x;
        memcpy(p, &v, 4);
        break;
    }
    case DT_INT64:
    case DT_UINT64: memcpy(p, &x, 8); break;
    default: arr_store_f(p, dt, (double)x); break;
    }
}

int arr_weak_check(Interp *I, Value v, int dt);

void arr_convert(char *dst, int ddt, const char *src, int sdt) {
    if (dt_is_float(sdt) || (sdt == DT_UINT64 && dt_is_float(ddt)))
        arr_store_f(dst, ddt, arr_load_f(src, sdt));
    else
        arr_store_i(dst, ddt, arr_load_i(src, sdt));
}

Value arr_scalar_value(Interp *I, const char *p, int dt) {
    if (dt == DT_BOOL) return v_bool(*(const uint8_t *)p != 0);
    if (dt_is_float(dt)) return v_float(arr_load_f(p, dt));
    if (dt == DT_UINT64) return int_from_u64(I, (uint64_t)arr_load_i(p, dt));
    return v_int(arr_load_i(p, dt));
}

bool arr_int_to_u64(Interp *I, Value v, uint64_t *out) {
    if (is_smallint(v) || is_bool(v)) {
        *out = (uint64_t)v.as.i;
        return v.as.i >= 0;
    }
    if (!is_int(I, v) || int_sign(I, v) < 0 || int_bit_length(I, v) > 64) return false;
    Value half = int_from_u64(I, UINT64_C(1) << 63),
          low = is_null(half) ? half : int_sub(I, v, half);
    int64_t x;
    if (is_null(low)) return false;
    if (int_sign(I, low) < 0) return int_to_i64(I, v, &x) ? (*out = (uint64_t)x, true) : false;
    if (!int_to_i64(I, low, &x)) return false;
    *out = (uint64_t)x + (UINT64_C(1) << 63);
    return true;
}

static bool arr_int_out_of_range(int64_t x, int dt);

/* A Python float into an integer dtype as NumPy 2 converts it: through a Python int (the
 * truncated value), with Python's errors for NaN and inf and NumPy's for a value out of the
 * type's range. */
static int store_float_int(Interp *I, char *p, int dt, double x) {
    if (!isfinite(x)) {
        err_format(I, isnan(x) ? TY_VALUE_ERROR : TY_OVERFLOW_ERROR,
                   "cannot convert float %s to integer", isnan(x) ? "NaN" : "infinity");
        return -1;
    }
    double t = trunc(x);
    if (dt == DT_UINT64 && t >= 0 && t < 18446744073709551616.0) {
        uint64_t u = (uint64_t)t;
        memcpy(p, &u, 8);
        return 0;
    }
    if (dt == DT_UINT32 && t >= 0 && t < 18446744073709551616.0 && t >= 4294967296.0) {
        err_format(I, TY_OVERFLOW_ERROR, "Python integer %llu out of bounds for uint32",
                   (unsigned long long)t);
        return -1;
    }
    if (t >= 9.2233720368547758e18 || t < -9.2233720368547758e18) {
        err_format(I, TY_OVERFLOW_ERROR, "Python int too large to convert to C long");
        return -1;
    }
    int64_t i = (int64_t)t;
    if (dt != DT_INT64 && dt != DT_BOOL && arr_int_out_of_range(i, dt)) {
        err_format(I, TY_OVERFLOW_ERROR, "Python integer %lld out of bounds for %s", (long long)i,
                   arr_dtypes[dt].name);
        return -1;
    }
    arr_store_i(p, dt, dt == DT_BOOL ? x != 0 : i);
    return 0;
}

/* A finite value stored into a narrower float dtype as inf: NumPy's "overflow encountered
 * in cast". */
static int cast_over(const char *p, int dt, double x) {
    if (dt != DT_FLOAT16 && dt != DT_BFLOAT16 && dt != DT_FLOAT32) return 0;
    return isfinite(x) && isinf(arr_load_f(p, dt)) ? ARR_FPE_OVER : 0;
}

int arr_store_value(Interp *I, char *p, int dt, Value v) {
    int flags = 0;
    if (arr_store_value_flags(I, p, dt, v, &flags) < 0) return -1;
    return flags ? arr_fpe_report(I, flags, "cast", false) : 0;
}

int arr_store_value_flags(Interp *I, char *p, int dt, Value v, int *flags) {
    char sb[8];
    int sdt = arr_scalar_load(I, v, sb);
    if (sdt >= 0) {
        arr_convert(p, dt, sb, sdt);
        if (dt_is_float(sdt)) *flags |= cast_over(p, dt, arr_load_f(sb, sdt));
        return 0;
    }
    if (sdt == -2) return -1; /* fetching its value from the device failed */
    if (is_smallint(v) && arr_weak_check(I, v, dt) < 0) return -1;
    if (is_bool(v) || is_smallint(v)) {
        arr_store_i(p, dt, v.as.i);
        *flags |= cast_over(p, dt, (double)v.as.i);
        return 0;
    }
    if (is_float(v)) {
        if (dt_is_int(dt) || dt == DT_BOOL) {
            if (dt == DT_BOOL) {
                *(uint8_t *)p = v.as.f != 0;
                return 0;
            }
            return store_float_int(I, p, dt, v.as.f);
        }
        arr_store_f(p, dt, v.as.f);
        *flags |= cast_over(p, dt, v.as.f);
        return 0;
    }
    if (is_array(I, v) && as_array(v)->size == 1) {
        Array *a = as_array(v);
        ArrIter it;
        arr_iter_init(&it, a);
        arr_convert(p, dt, it.p, a->dtype);
        return 0;
    }
    double d;
    uint64_t u;
    if (is_int(I, v) && dt == DT_UINT64 && arr_int_to_u64(I, v, &u)) {
        memcpy(p, &u, 8);
        return 0;
    }
    if (is_int(I, v) && !dt_is_float(dt)) {
        err_clear(I);
        err_format(I, TY_OVERFLOW_ERROR, "Python int too large to convert to C long"); /* NumPy's */
        return -1;
    }
    if (num_to_double(I, v, &d)) {
        arr_store_f(p, dt, d);
        *flags |= cast_over(p, dt, d);
        return 0;
    }
    err_clear(I);
    err_format(I, TY_TYPE_ERROR,
               "int() argument must be a string, a bytes-like object or a "
               "real number, not '%s'",
               type_name(I, v));
    return -1;
}

/* ---- promotion ---- */

static int float_for_int(int dt) {
    switch (dt) {
    case DT_BOOL:
    case DT_INT8:
    case DT_UINT8: return DT_FLOAT16;
    case DT_INT16:
    case DT_UINT16: return DT_FLOAT32;
    default: return DT_FLOAT64;
    }
}

/* NumPy's promotion between two array dtypes: gpu/codegen/dtype.c holds the one copy of the
 * rules, shared with the kernel library. */
int arr_promote(int a, int b) {
    return gpu_dtype_promote((DType)a, (DType)b);
}

/* The dtype an operand contributes, and whether it is weak (a Python scalar). */
static int operand_kind(Interp *I, Value v, bool *weak) {
    int sdt = arr_scalar_dtype(I, v); /* NumPy scalars are strong, as 0-d arrays */
    if (sdt >= 0) {
        *weak = false;
        return sdt;
    }
    *weak = true;
    if (is_bool(v)) return DT_BOOL;
    if (is_smallint(v) || is_int(I, v)) return DT_INT64;
    if (is_float(v) || is_float_value(I, v)) return DT_FLOAT64;
    *weak = false;
    if (is_array(I, v)) return arr_raw(v)->dtype;
    return -1;
}

static int result_dtype(Interp *I, Value a, Value b) {
    bool wa, wb;
    int da = operand_kind(I, a, &wa), db = operand_kind(I, b, &wb);
    if (da < 0 || db < 0) return -1;
    if (wa && wb) return arr_promote(da, db);
    if (wa) {
        Value t = a;
        a = b;
        b = t;
        int d = da;
        da = db;
        db = d;
        wa = wb;
        wb = true;
    }
    if (!wb) return arr_promote(da, db);
    /* b weak: it only decides the kind */
    if (db == DT_BOOL) return da;
    if (db == DT_INT64) return da == DT_BOOL ? DT_INT64 : da;
    return dt_is_float(da) ? da : DT_FLOAT64;
}

/* ---- broadcasting ---- */

int arr_broadcast_shapes(Interp *I, int n, Array **arrs, int *ndim, int64_t *shape) {
    int nd = 0;
    for (int i = 0; i < n; i++)
        if (arrs[i]->ndim > nd) nd = arrs[i]->ndim;
    for (int d = 0; d < nd; d++)
        shape[d] = 1;
    for (int i = 0; i < n; i++) {
        Array *a = arrs[i];
        for (int d = 0; d < a->ndim; d++) {
            int64_t s = a->shape[d], *t = &shape[nd - a->ndim + d];
            if (s == *t || s == 1) continue;
            if (*t == 1) {
                *t = s;
                continue;
            }
            char msg[512];
            size_t k = 0;
            for (int j = 0; j < n; j++) {
                char b[200];
                arr_shape_text(b, sizeof b, arrs[j]->ndim, arrs[j]->shape);
                k += (size_t)snprintf(msg + k, sizeof msg - k, "%s ", b);
                if (k >= sizeof msg) break;
            }
            err_format(I, TY_VALUE_ERROR,
                       "operands could not be broadcast together with "
                       "shapes %s",
                       msg);
            return -1;
        }
    }
    *ndim = nd;
    return 0;
}

/* Strides of a broadcast to (nd, shape): 0 on the stretched axes. */
static void bcast_strides(const Array *a, int nd, const int64_t *shape, int64_t *st) {
    for (int d = 0; d < nd; d++) {
        int k = d - (nd - a->ndim);
        st[d] = (k < 0 || a->shape[k] == 1) ? 0 : a->strides[k];
    }
    (void)shape;
}

/* A Python scalar as a 0-d array of dt. */
static Array *scalar_array(Interp *I, Value v, int dt) {
    Array *a = arr_new(I, dt, 0, NULL);
    if (!a) return NULL;
    if (arr_store_value(I, a->data, dt, v) < 0) return NULL;
    return a;
}

/* Whether x is outside integer dtype dt's range (int64: never). */
static bool arr_int_out_of_range(int64_t x, int dt) {
    int64_t lo, hi;
    switch (dt) {
    case DT_INT8: lo = -128, hi = 127; break;
    case DT_INT16: lo = -32768, hi = 32767; break;
    case DT_INT32: lo = INT32_MIN, hi = INT32_MAX; break;
    case DT_UINT8: lo = 0, hi = 255; break;
    case DT_UINT16: lo = 0, hi = 65535; break;
    case DT_UINT32: lo = 0, hi = UINT32_MAX; break;
    case DT_UINT64: lo = 0, hi = INT64_MAX; break;
    default: return false;
    }
    return x < lo || x > hi;
}

int arr_weak_cast_check(Interp *I, Value v, int dt) {
    if (!is_float(v) || !dt_is_float(dt) || dt == DT_FLOAT64) return 0;
    char buf[8];
    arr_store_f(buf, dt, v.as.f);
    int f = cast_over(buf, dt, v.as.f);
    return f ? arr_fpe_report(I, f, "cast", false) : 0;
}

int arr_weak_check(Interp *I, Value v, int dt) {
    if (!dt_is_int(dt) || !(is_smallint(v))) return 0;
    if (arr_int_out_of_range(v.as.i, dt)) {
        err_format(I, TY_OVERFLOW_ERROR, "Python integer %lld out of bounds for %s",
                   (long long)v.as.i, arr_dtypes[dt].name);
        return -1;
    }
    return 0;
}

/* The bytes an array's elements span: [*lo, *hi). */
static void mem_extent(const Array *a, const char **lo, const char **hi) {
    const char *l = a->data, *h = a->data;
    for (int d = 0; d < a->ndim; d++) {
        if (a->shape[d] == 0) {
            *lo = *hi = a->data;
            return;
        }
        int64_t span = a->strides[d] * (a->shape[d] - 1);
        if (span < 0)
            l += span;
        else
            h += span;
    }
    *lo = l;
    *hi = h + arr_dtypes[a->dtype].size;
}

/* An input that overlaps the output other than element for element (x[1:] += x[:-1]) is
 * read from a copy, as NumPy does, so no element sees an already updated one. */
bool arr_overlaps(const Array *in, const Array *out) {
    if (in == out || in->size <= 1) return false;
    const char *l1, *h1, *l2, *h2;
    mem_extent(in, &l1, &h1);
    mem_extent(out, &l2, &h2);
    if (h1 <= l2 || h2 <= l1) return false;
    return !(in->data == out->data && in->ndim == out->ndim && in->dtype == out->dtype &&
             memcmp(in->shape, out->shape, sizeof(int64_t) * (size_t)in->ndim) == 0 &&
             memcmp(in->strides, out->strides, sizeof(int64_t) * (size_t)in->ndim) == 0);
}

static Array *unalias(Interp *I, Array *in, const Array *out) {
    return arr_overlaps(in, out) ? arr_copy(I, in, in->dtype) : in;
}

static Array *operand_array(Interp *I, Value v, int dt) {
    if (is_array(I, v)) return as_array(v);
    if (arr_is_scalar(I, v)) return arr_scalar_to_array(I, v);
    if (arr_weak_check(I, v, dt) < 0) return NULL;
    bool weak;
    if (operand_kind(I, v, &weak) >= 0) return scalar_array(I, v, dt);
    return arr_from_value(I, v, -1);
}

/* ---- the kernels ---- */

/* A NaN operand gives NaN before any ordered comparison, which would raise the invalid
 * flag NumPy does not raise there. */
static double f_floordiv(double a, double b) {
    if (isnan(a) || isnan(b)) return a + b;
    if (b == 0) return a / b;
    double m = fmod(a, b), d = (a - m) / b;
    if (m != 0 && ((b < 0) != (m < 0))) d -= 1;
    if (d == 0) return copysign(0.0, a / b);
    double f = floor(d);
    if (d - f > 0.5) f += 1;
    return f;
}
static double f_mod(double a, double b) {
    if (isnan(a) || isnan(b)) return a + b;
    if (b == 0) return fmod(a, b); /* NaN, with the invalid flag */
    double m = fmod(a, b);
    if (m != 0) {
        if ((b < 0) != (m < 0)) m += b;
    } else {
        m = copysign(0.0, b);
    }
    return m;
}

static double f_binop(int op, double a, double b) {
    switch (op) {
    case BIN_ADD: return a + b;
    case BIN_SUB: return a - b;
    case BIN_MUL: return a * b;
    case BIN_TRUEDIV: return a / b;
    case BIN_FLOORDIV: return f_floordiv(a, b);
    case BIN_MOD: return f_mod(a, b);
    case BIN_POW: return pow(a, b);
    case ARR_OP_MAXIMUM: return (a != a || b != b) ? NAN : a > b ? a : b;
    case ARR_OP_MINIMUM: return (a != a || b != b) ? NAN : a < b ? a : b;
    case ARR_OP_ARCTAN2: return atan2(a, b);
    case ARR_OP_LOGAND: return (a != 0) && (b != 0);
    case ARR_OP_LOGOR: return (a != 0) || (b != 0);
    }
    return 0;
}

static int64_t i_pow(int64_t a, int64_t b) {
    int64_t r = 1;
    while (b > 0) {
        if (b & 1) r = (int64_t)((uint64_t)r * (uint64_t)a);
        a = (int64_t)((uint64_t)a * (uint64_t)a);
        b >>= 1;
    }
    return r;
}

static int64_t i_binop(int op, int64_t a, int64_t b) {
    switch (op) {
    case BIN_ADD: return (int64_t)((uint64_t)a + (uint64_t)b);
    case BIN_SUB: return (int64_t)((uint64_t)a - (uint64_t)b);
    case BIN_MUL: return (int64_t)((uint64_t)a * (uint64_t)b);
    case BIN_FLOORDIV: {
        if (b == 0) return 0;
        if (b == -1) return (int64_t)(0 - (uint64_t)a);
        int64_t q = a / b;
        if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
        return q;
    }
    case BIN_MOD: {
        if (b == 0 || b == -1) return 0;
        int64_t m = a % b;
        if (m != 0 && ((m < 0) != (b < 0))) m += b;
        return m;
    }
    case BIN_POW: return i_pow(a, b);
    case BIN_LSHIFT: return (b < 0 || b >= 64) ? 0 : (int64_t)((uint64_t)a << b);
    case BIN_RSHIFT: return (b < 0 || b >= 64) ? (a < 0 ? -1 : 0) : a >> b;
    case BIN_AND: return a & b;
    case BIN_OR: return a | b;
    case BIN_XOR: return a ^ b;
    case ARR_OP_MAXIMUM: return a > b ? a : b;
    case ARR_OP_MINIMUM: return a < b ? a : b;
    case ARR_OP_LOGAND: return (a != 0) && (b != 0);
    case ARR_OP_LOGOR: return (a != 0) || (b != 0);
    }
    return 0;
}

/* uint64's operations where its bits as int64 would differ: division, remainder, right
 * shift, maximum and minimum (the rest wrap the same). */
static int64_t u_binop(int op, uint64_t a, uint64_t b) {
    switch (op) {
    case BIN_FLOORDIV: return b == 0 ? 0 : (int64_t)(a / b);
    case BIN_MOD: return b == 0 ? 0 : (int64_t)(a % b);
    case BIN_RSHIFT: return b >= 64 ? 0 : (int64_t)(a >> b);
    case ARR_OP_MAXIMUM: return (int64_t)(a > b ? a : b);
    case ARR_OP_MINIMUM: return (int64_t)(a < b ? a : b);
    default: return i_binop(op, (int64_t)a, (int64_t)b);
    }
}

static bool cmp_f(int op, double a, double b) {
    switch (op) {
    case CMP_LT: return a < b;
    case CMP_LE: return a <= b;
    case CMP_EQ: return a == b;
    case CMP_NE: return a != b;
    case CMP_GT: return a > b;
    default: return a >= b;
    }
}
static bool cmp_i(int op, int64_t a, int64_t b) {
    switch (op) {
    case CMP_LT: return a < b;
    case CMP_LE: return a <= b;
    case CMP_EQ: return a == b;
    case CMP_NE: return a != b;
    case CMP_GT: return a > b;
    default: return a >= b;
    }
}

static const char *const binop_ufunc[ARR_OP__COUNT] = {
    "add",         "subtract", "multiply",   "matmul",      "divide",      "floor_divide",
    "remainder",   "power",    "left_shift", "right_shift", "bitwise_and", "bitwise_or",
    "bitwise_xor", "maximum",  "minimum",    "arctan2",     "logical_and", "logical_or"};

/* The ufunc NumPy names in the ** operator's warnings: a float array's x ** 2, x ** -1 and
 * x ** 0.5 are its square, reciprocal and sqrt (the CUDA backend computes them so; the
 * host's pow gives the same values and flags); a NumPy scalar's stay "scalar power". */
static const char *binop_name(Interp *I, int op, Value av, Value bv, int cdt, bool scalar) {
    if (op != BIN_POW || scalar || !dt_is_float(cdt) || !is_array(I, av)) return binop_ufunc[op];
    if (is_smallint(bv) && bv.as.i == 2) return "square";
    if (is_smallint(bv) && bv.as.i == -1) return "reciprocal";
    if (is_float(bv) && bv.as.f == 0.5) return "sqrt";
    return binop_ufunc[op];
}

/* An arithmetic loop's floating-point flags (and integer division by zero), reported as
 * np.seterr says under the ufunc's name; r on success. */
static Value fpe_done(Interp *I, Value r, int flags, int op, const char *name, bool scalar,
                      bool fl) {
    /* maximum/minimum of a NaN: the vector loops' minpd/maxpd raise invalid, NumPy's not */
    if (op == ARR_OP_MAXIMUM || op == ARR_OP_MINIMUM) flags &= ~ARR_FPE_INVALID;
    /* NumPy's float floor_divide of a quotient past the type's range also raises invalid
     * (its loop works in the type; this one in double, the overflow is the store's) */
    if (op == BIN_FLOORDIV && fl && (flags & ARR_FPE_OVER)) flags |= ARR_FPE_INVALID;
    if (!flags) return r;
    return arr_fpe_report(I, flags, name, scalar) < 0 ? V_NULL : r;
}

/* Whether x op y overflows integer dtype dt, as NumPy's scalar operators report it
 * ("overflow encountered in scalar add"); arrays wrap silently. NumPy does not report
 * uint64 subtraction. */
static bool scalar_int_overflow(int op, int dt, int64_t x, int64_t y) {
    int64_t r;
    uint64_t u;
    switch (dt) {
    case DT_INT64:
        if (op == BIN_ADD) return __builtin_add_overflow(x, y, &r);
        if (op == BIN_SUB) return __builtin_sub_overflow(x, y, &r);
        if (op == BIN_MUL) return __builtin_mul_overflow(x, y, &r);
        return op == BIN_FLOORDIV && x == INT64_MIN && y == -1;
    case DT_UINT64:
        if (op == BIN_ADD) return __builtin_add_overflow((uint64_t)x, (uint64_t)y, &u);
        if (op == BIN_MUL) return __builtin_mul_overflow((uint64_t)x, (uint64_t)y, &u);
        return false;
    default: break;
    }
    /* the narrower types: exact in int64 (values below 2^32) */
    if (op == BIN_ADD)
        r = x + y;
    else if (op == BIN_SUB)
        r = x - y;
    else if (op == BIN_MUL)
        r = x * y;
    else if (op == BIN_FLOORDIV && y == -1)
        r = -x;
    else
        return false;
    int64_t lo = 0, hi = 0;
    switch (dt) {
    case DT_INT8: lo = INT8_MIN, hi = INT8_MAX; break;
    case DT_INT16: lo = INT16_MIN, hi = INT16_MAX; break;
    case DT_INT32: lo = INT32_MIN, hi = INT32_MAX; break;
    case DT_UINT8: hi = UINT8_MAX; break;
    case DT_UINT16: hi = UINT16_MAX; break;
    case DT_UINT32: hi = UINT32_MAX; break;
    default: return false;
    }
    return r < lo || r > hi;
}

/* mode 0: arithmetic, 1: comparison (op is CMP_*); scalar: an operator of NumPy scalars
 * (its floating-point warnings say "scalar divide") */
static Value binary_impl(Interp *I, Value av, Value bv, int op, int mode, Array *out, bool scalar) {
    int oper = mode & ARR_MODE_OPERATOR; /* passed on to the backend */
    mode &= ~ARR_MODE_OPERATOR;
    if (arr_is_scalar(I, av) || arr_is_scalar(I, bv)) { /* as the 0-d arrays they stand for */
        Array *x = arr_is_scalar(I, av) ? arr_scalar_operand(I, av) : NULL;
        Array *y = arr_is_scalar(I, bv) ? arr_scalar_operand(I, bv) : NULL;
        if ((arr_is_scalar(I, av) && !x) || (arr_is_scalar(I, bv) && !y)) return V_NULL;
        if (x) av = v_obj(x);
        if (y) bv = v_obj(y);
    }
    int dt = result_dtype(I, av, bv);
    if (dt < 0) {
        /* a list or other array_like: convert and retry */
        Array *a = is_array(I, av) || !is_obj(av) ? NULL : arr_from_value(I, av, -1);
        if (a) return binary_impl(I, v_obj(a), bv, op, mode | oper, out, scalar);
        if (err_occurred(I)) return V_NULL;
        Array *b = is_array(I, bv) || !is_obj(bv) ? NULL : arr_from_value(I, bv, -1);
        if (b) return binary_impl(I, av, v_obj(b), op, mode | oper, out, scalar);
        if (err_occurred(I)) return V_NULL;
        return v_notimpl(I);
    }
    int cdt = dt; /* the computation's dtype */
    int rdt = dt;
    if (mode == 1)
        rdt = DT_BOOL;
    else if (op == BIN_TRUEDIV || op == ARR_OP_ARCTAN2) {
        if (!dt_is_float(dt)) cdt = rdt = op == ARR_OP_ARCTAN2 ? float_for_int(dt) : DT_FLOAT64;
    } else if (op == ARR_OP_LOGAND || op == ARR_OP_LOGOR) {
        rdt = DT_BOOL;
    } else if (op >= BIN_LSHIFT && op <= BIN_XOR) {
        if (dt_is_float(dt)) {
            return err_format(I, TY_TYPE_ERROR,
                              "ufunc '%s' not supported for the input types, "
                              "and the inputs could not be safely coerced to any supported "
                              "types according to the casting rule ''safe''",
                              binop_ufunc[op]);
        }
    } else if (dt == DT_BOOL && (op == BIN_SUB)) {
        return err_format(I, TY_TYPE_ERROR,
                          "numpy boolean subtract, the `-` operator, is not "
                          "supported, use the bitwise_xor, the `^` operator, or the "
                          "logical_xor function instead.");
    } else if (dt == DT_BOOL && op != ARR_OP_MAXIMUM && op != ARR_OP_MINIMUM && op != BIN_MUL &&
               op != BIN_ADD) {
        cdt = rdt = DT_INT8;
    }
    if (mode == 0 && op == BIN_POW && dt_is_int(dt)) {
        /* negative integer powers are an error in NumPy */
        Value e = bv;
        if (is_smallint(e) && e.as.i < 0)
            return err_format(I, TY_VALUE_ERROR,
                              "Integers to negative integer powers are not allowed.");
    }
    /* (comparisons compute in dt: cdt is still dt when mode is 1) */
    const ArrBackend *be = arr_backend(I);
    if (scalar) mode |= ARR_MODE_SCALAR; /* the floating-point errors' name */
    mode |= oper;
    return be->binary(I, av, bv, op, mode, cdt, rdt, out);
}

Value arr_host_binary(Interp *I, Value av, Value bv, int op, int mode, int cdt, int rdt,
                      Array *out) {
    bool scalar = (mode & ARR_MODE_SCALAR) != 0, oper = (mode & ARR_MODE_OPERATOR) != 0;
    mode &= ~(ARR_MODE_SCALAR | ARR_MODE_OPERATOR);
    size_t mark = gc_temp_mark(I);
    Array *a = operand_array(I, av, cdt);
    if (!a) return V_NULL;
    Array *b = operand_array(I, bv, cdt);
    if (!b) return V_NULL;
    /* out takes part in the broadcast: inputs may broadcast up to its shape, as in NumPy */
    Array *ab[3] = {a, b, out};
    int nd;
    int64_t shape[ARR_MAXDIM];
    if (arr_broadcast_shapes(I, out ? 3 : 2, ab, &nd, shape) < 0) return V_NULL;
    Array *r = out;
    if (r) {
        if (r->ndim != nd || memcmp(r->shape, shape, sizeof(int64_t) * (size_t)nd) != 0) {
            char s1[200], s2[200];
            arr_shape_text(s1, sizeof s1, r->ndim, r->shape);
            arr_shape_text(s2, sizeof s2, nd, shape);
            return err_format(I, TY_VALUE_ERROR,
                              "non-broadcastable output operand with shape "
                              "%s doesn't match the broadcast shape %s",
                              s1, s2);
        }
        if (mode == 0 && dt_is_float(rdt) && !dt_is_float(r->dtype)) {
            return err_format(I, TY_TYPE_ERROR,
                              "Cannot cast ufunc '%s' output from dtype('%s')"
                              " to dtype('%s') with casting rule 'same_kind'",
                              binop_ufunc[op], arr_dtypes[rdt].name, arr_dtypes[r->dtype].name);
        }
        if (r->dtype != rdt) {
            /* NumPy computes in the loop's dtype (wrapping there) and casts into out */
            Value t =
                binary_impl(I, av, bv, op, mode | (oper ? ARR_MODE_OPERATOR : 0), NULL, scalar);
            if (is_null(t) || !gc_temp_push(I, t) || arr_assign(I, r, t) < 0) return V_NULL;
            return v_obj(r);
        }
        a = unalias(I, a, r);
        b = a ? unalias(I, b, r) : NULL;
        if (!b) return V_NULL;
    } else {
        r = arr_new_uninit(I, rdt, nd, shape); /* every element is written below */
        if (!r) return V_NULL;
    }
    int64_t sa[ARR_MAXDIM], sb[ARR_MAXDIM];
    bcast_strides(a, nd, shape, sa);
    bcast_strides(b, nd, shape, sb);
    bool fl = dt_is_float(cdt), u64 = cdt == DT_UINT64;
    int odt = r->dtype, adt = a->dtype, bdt = b->dtype;
    int64_t n = r->size;
    /* floating-point flags of arithmetic in a float dtype; integer // and % by zero set
     * the divide flag by hand (comparisons never warn: C's < on a NaN would) */
    bool fpe = mode == 0 && fl;
    const char *name = oper ? binop_name(I, op, av, bv, cdt, scalar) : binop_ufunc[op];
    int iflags = 0;
    if (scalar && mode == 0 && !fl && cdt != DT_BOOL && a->size == 1 && b->size == 1 &&
        scalar_int_overflow(op, cdt, arr_load_i(a->data, a->dtype), arr_load_i(b->data, b->dtype)))
        iflags = ARR_FPE_OVER;
    if (fpe) arr_fpe_clear();
    /* typed loops for contiguous same-shape or scalar operands (array_fast.c) */
    int fast = arr_fast_binary(I, op, mode, cdt, a, b, r);
    if (fast < 0) return V_NULL;
    if (fast) {
        gc_temp_reset(I, mark);
        gc_temp_push(I, v_obj(r));
        if (fpe) return fpe_done(I, v_obj(r), arr_fpe_flags(), op, name, scalar, true);
        return iflags ? fpe_done(I, v_obj(r), iflags, op, name, scalar, false) : v_obj(r);
    }
    int64_t idx[ARR_MAXDIM] = {0};
    bool half = fpe && (odt == DT_FLOAT16 || odt == DT_BFLOAT16);
    const char *pa = a->data, *pb = b->data;
    ArrIter it;
    arr_iter_init(&it, r);
    for (int64_t i = 0; i < n; i++) {
        if (!arr_poll_at(I, i)) return V_NULL;
        if (mode == 1) {
            bool c = fl    ? cmp_f(op, arr_load_f(pa, adt), arr_load_f(pb, bdt))
                     : u64 ? cmp_i(op, arr_load_i(pa, adt) ^ INT64_MIN, /* unsigned order */
                                   arr_load_i(pb, bdt) ^ INT64_MIN)
                           : cmp_i(op, arr_load_i(pa, adt), arr_load_i(pb, bdt));
            arr_store_i(it.p, odt, c);
        } else if (fl) {
            double v = f_binop(op, arr_load_f(pa, adt), arr_load_f(pb, bdt));
            arr_store_f(it.p, odt, v);
            /* float16/bfloat16 round in integer code: no flag when they become inf */
            if (half && isfinite(v) && isinf(arr_load_f(it.p, odt))) iflags |= ARR_FPE_OVER;
        } else {
            int64_t x = arr_load_i(pa, adt), y = arr_load_i(pb, bdt);
            if (y == 0 && (op == BIN_FLOORDIV || op == BIN_MOD)) iflags = ARR_FPE_DIVIDE;
            /* unsigned values below 2^63 are non-negative int64s: only uint64 and the
             * right shift of narrower unsigned values (logical) need the unsigned form */
            if (u64 || (arr_dtypes[cdt].kind == 'u' && op == BIN_RSHIFT))
                arr_store_i(it.p, odt, u_binop(op, (uint64_t)x, (uint64_t)y));
            else
                arr_store_i(it.p, odt, i_binop(op, x, y));
        }
        arr_iter_next(&it, r);
        for (int d = nd - 1; d >= 0; d--) {
            if (++idx[d] < shape[d]) {
                pa += sa[d];
                pb += sb[d];
                break;
            }
            idx[d] = 0;
            pa -= sa[d] * (shape[d] - 1);
            pb -= sb[d] * (shape[d] - 1);
        }
    }
    (void)mark;
    return fpe_done(I, v_obj(r), iflags | (fpe ? arr_fpe_flags() : 0), op, name, scalar, fl);
}

Value arr_binary(Interp *I, Value a, Value b, int op, Array *out) {
    return binary_impl(I, a, b, op, 0, out, false);
}

Value arr_scalar_binary(Interp *I, Value a, Value b, int op) {
    return binary_impl(I, a, b, op, 0, NULL, true);
}

Value arr_operator_binary(Interp *I, Value a, Value b, int op, Array *out) {
    return binary_impl(I, a, b, op, ARR_MODE_OPERATOR, out, false);
}
/* == and != against something that is not a number or array_like (None, a str, a dict)
 * compare element-wise as NumPy 2 does: every element differs from it. The order
 * comparisons raise TypeError there, as they do here. */
Value arr_compare(Interp *I, Value a, Value b, int op) {
    Value r = binary_impl(I, a, b, op, 1, NULL, false);
    bool failed = is_notimpl(I, r) || (is_null(r) && err_matches(I, TY_TYPE_ERROR));
    if (!failed || (op != CMP_EQ && op != CMP_NE)) return r;
    Value arr = is_array(I, a) ? a : is_array(I, b) ? b : V_NULL;
    if (is_null(arr)) return r;
    err_clear(I);
    Array *x = arr_raw(arr);
    Array *res = arr_new(I, DT_BOOL, x->ndim, x->shape);
    if (!res) return V_NULL;
    if (op == CMP_NE) memset(res->data, 1, (size_t)res->size);
    return v_obj(res);
}

static double f_round_half_even(double x) {
    return nearbyint(x);
}

static const char *const unary_ufunc[ARR_U__COUNT] = {
    "negative", "positive", "invert", "absolute", "exp",     "log",      "log2",       "log10",
    "sqrt",     "sin",      "cos",    "tan",      "tanh",    "sinh",     "cosh",       "log1p",
    "expm1",    "arcsin",   "arccos", "arctan",   "arcsinh", "arccosh",  "arctanh",    "sign",
    "floor",    "ceil",     "rint",   "isnan",    "isinf",   "isfinite", "logical_not"};

Value arr_unary(Interp *I, Value av, int op, Array *out) {
    if (is_str(I, av)) {
        if (op == ARR_U_NEG || op == ARR_U_POS || op == ARR_U_ABS || op == ARR_U_SIGN)
            return err_format(I, TY_TYPE_ERROR,
                              "ufunc '%s' did not contain a loop with signature matching types "
                              "<class 'numpy.dtypes.StrDType'> -> None",
                              unary_ufunc[op]);
        return err_format(I, TY_TYPE_ERROR,
                          "ufunc '%s' not supported for the input types, and the inputs could "
                          "not be safely coerced to any supported types according to the "
                          "casting rule ''safe''",
                          unary_ufunc[op]);
    }
    Array *a = is_array(I, av) ? arr_raw(av) : arr_from_value(I, av, -1);
    if (!a) return V_NULL;
    int dt = a->dtype, rdt = dt;
    bool fl = dt_is_float(dt);
    if (op >= ARR_U_EXP && op <= ARR_U_MATH_LAST) {
        if (!fl) rdt = float_for_int(dt);
        fl = true;
    } else if (op >= ARR_U_ISNAN) {
        rdt = DT_BOOL;
    } else if (op == ARR_U_INVERT && fl) {
        return err_format(I, TY_TYPE_ERROR,
                          "ufunc 'invert' not supported for the input types, "
                          "and the inputs could not be safely coerced to any supported types "
                          "according to the casting rule ''safe''");
    } else if (op == ARR_U_NEG && dt == DT_BOOL) {
        return err_format(I, TY_TYPE_ERROR,
                          "The numpy boolean negative, the `-` operator, is "
                          "not supported, use the `~` operator or the logical_not function "
                          "instead.");
    } else if (dt == DT_BOOL && op == ARR_U_SIGN) {
        return err_format(I, TY_TYPE_ERROR,
                          "ufunc 'sign' did not contain a loop with "
                          "signature matching types <class 'numpy.dtypes.BoolDType'> -> None");
    }
    if (out && out->dtype != rdt && !arr_can_cast_same_kind(rdt, out->dtype))
        return err_format(I, TY_TYPE_ERROR,
                          "Cannot cast ufunc '%s' output from dtype('%s') to dtype('%s') with "
                          "casting rule 'same_kind'",
                          unary_ufunc[op], arr_dtypes[rdt].name, arr_dtypes[out->dtype].name);
    int cdt = op >= ARR_U_ISNAN && op != ARR_U_NOT ? dt : rdt;
    if (op == ARR_U_NOT) cdt = dt;
    return arr_backend(I)->unary(I, a, op, cdt, rdt, out);
}

Value arr_host_unary(Interp *I, Array *a, int op, int cdt, int rdt, Array *out) {
    (void)cdt;
    int dt = a->dtype;
    bool fl = dt_is_float(dt) || (op >= ARR_U_EXP && op <= ARR_U_MATH_LAST);
    if (out) {
        /* NumPy broadcasts the input to out's shape (never out to the input's) */
        Array *ab[2] = {a, out};
        int nd;
        int64_t shape[ARR_MAXDIM];
        if (arr_broadcast_shapes(I, 2, ab, &nd, shape) < 0) return V_NULL;
        if (out->ndim != nd || memcmp(out->shape, shape, sizeof(int64_t) * (size_t)nd) != 0) {
            char s1[200], s2[200];
            arr_shape_text(s1, sizeof s1, out->ndim, out->shape);
            arr_shape_text(s2, sizeof s2, nd, shape);
            return err_format(I, TY_VALUE_ERROR,
                              "non-broadcastable output operand with shape %s doesn't match "
                              "the broadcast shape %s",
                              s1, s2);
        }
        if (a->ndim != nd || memcmp(a->shape, shape, sizeof(int64_t) * (size_t)nd) != 0) {
            int64_t st[ARR_MAXDIM];
            bcast_strides(a, nd, shape, st);
            a = arr_view(I, a, nd, shape, st, a->data, a->dtype);
            if (!a) return V_NULL;
        }
        if (out->dtype != rdt) {
            /* computed in the loop's dtype, then cast into out, as NumPy */
            Value t = arr_unary(I, v_obj(a), op, NULL);
            if (is_null(t) || !gc_temp_push(I, t) || arr_assign(I, out, t) < 0) return V_NULL;
            return v_obj(out);
        }
        a = unalias(I, a, out);
        if (!a) return V_NULL;
    }
    Array *r = out ? out : arr_new_uninit(I, rdt, a->ndim, a->shape);
    if (!r) return V_NULL;
    bool fpe = op >= ARR_U_EXP && op <= ARR_U_MATH_LAST; /* the math that can raise flags */
    if (fpe) arr_fpe_clear();
    int fast = arr_fast_unary(I, op, a, r);
    if (fast < 0) return V_NULL;
    if (fast) {
        int fl2 = fpe ? arr_fpe_flags() : 0;
        return fl2 && arr_fpe_report(I, fl2, unary_ufunc[op], false) < 0 ? V_NULL : v_obj(r);
    }
    ArrIter ia, ir;
    arr_iter_init(&ia, a);
    arr_iter_init(&ir, r);
    int odt = r->dtype, hflags = 0;
    bool half = fpe && (odt == DT_FLOAT16 || odt == DT_BFLOAT16);
    for (int64_t i = 0; i < a->size; i++) {
        if (!arr_poll_at(I, i)) return V_NULL;
        if (fl) {
            double x = arr_load_f(ia.p, dt), y = 0;
            switch (op) {
            case ARR_U_NEG: y = -x; break;
            case ARR_U_POS: y = x; break;
            case ARR_U_ABS: y = fabs(x); break;
            case ARR_U_EXP: y = exp(x); break;
            case ARR_U_LOG: y = log(x); break;
            case ARR_U_LOG2: y = log2(x); break;
            case ARR_U_LOG10: y = log10(x); break;
            case ARR_U_SQRT: y = sqrt(x); break;
            case ARR_U_SIN: y = sin(x); break;
            case ARR_U_COS: y = cos(x); break;
            case ARR_U_TAN: y = tan(x); break;
            case ARR_U_TANH: y = tanh(x); break;
            case ARR_U_SINH: y = sinh(x); break;
            case ARR_U_COSH: y = cosh(x); break;
            case ARR_U_LOG1P: y = log1p(x); break;
            case ARR_U_EXPM1: y = expm1(x); break;
            case ARR_U_ARCSIN: y = asin(x); break;
            case ARR_U_ARCCOS: y = acos(x); break;
            case ARR_U_ARCTAN: y = atan(x); break;
            case ARR_U_ARCSINH: y = asinh(x); break;
            case ARR_U_ARCCOSH: y = acosh(x); break;
            case ARR_U_ARCTANH: y = atanh(x); break;
            case ARR_U_SIGN: y = x != x ? x : x > 0 ? 1 : x < 0 ? -1 : 0; break;
            case ARR_U_FLOOR: y = floor(x); break;
            case ARR_U_CEIL: y = ceil(x); break;
            case ARR_U_ROUND: y = f_round_half_even(x); break;
            case ARR_U_ISNAN: y = isnan(x); break;
            case ARR_U_ISINF: y = isinf(x); break;
            case ARR_U_ISFINITE: y = isfinite(x); break;
            case ARR_U_NOT: y = x == 0; break;
            }
            arr_store_f(ir.p, odt, y);
            if (half && isfinite(y) && isinf(arr_load_f(ir.p, odt))) hflags = ARR_FPE_OVER;
        } else {
            int64_t x = arr_load_i(ia.p, dt), y = x;
            switch (op) {
            case ARR_U_NEG: y = (int64_t)(0 - (uint64_t)x); break;
            case ARR_U_ABS: y = x < 0 && dt != DT_UINT64 ? (int64_t)(0 - (uint64_t)x) : x; break;
            case ARR_U_INVERT: y = dt == DT_BOOL ? !x : ~x; break;
            case ARR_U_SIGN: y = x == 0 ? 0 : x > 0 || dt == DT_UINT64 ? 1 : -1; break;
            case ARR_U_ISNAN:
            case ARR_U_ISINF: y = 0; break;
            case ARR_U_ISFINITE: y = 1; break;
            case ARR_U_NOT: y = x == 0; break;
            default: break;
            }
            arr_store_i(ir.p, odt, y);
        }
        arr_iter_next(&ia, a);
        arr_iter_next(&ir, r);
    }
    int flags = fpe ? arr_fpe_flags() | hflags : 0;
    return flags && arr_fpe_report(I, flags, unary_ufunc[op], false) < 0 ? V_NULL : v_obj(r);
}

/* Round to `decimals` places as NumPy does: multiply, round half to even, divide. */
Value arr_round(Interp *I, Array *a, int decimals);
Value arr_round(Interp *I, Array *a, int decimals) {
    Array *r = arr_new(I, a->dtype, a->ndim, a->shape);
    if (!r) return V_NULL;
    ArrIter ia, ir;
    arr_iter_init(&ia, a);
    arr_iter_init(&ir, r);
    double f = pow(10.0, decimals < 0 ? -decimals : decimals);
    for (int64_t i = 0; i < a->size; i++) {
        if (!arr_poll_at(I, i)) return V_NULL;
        if (dt_is_float(a->dtype) && a->dtype != DT_FLOAT64) {
            /* NumPy scales and rounds the narrower floats in float32: round(2.675f, 2) is
             * 2.68 there (2.675f * 100 rounds to 267.5) */
            float x = (float)arr_load_f(ia.p, a->dtype), ff = (float)f;
            float y = decimals >= 0 ? nearbyintf(x * ff) / ff : nearbyintf(x / ff) * ff;
            arr_store_f(ir.p, r->dtype, y);
        } else if (dt_is_float(a->dtype)) {
            double x = arr_load_f(ia.p, a->dtype);
            double y = decimals >= 0 ? nearbyint(x * f) / f : nearbyint(x / f) * f;
            arr_store_f(ir.p, r->dtype, y);
        } else {
            int64_t x = arr_load_i(ia.p, a->dtype);
            if (decimals < 0) x = (int64_t)(nearbyint((double)x / f) * f);
            arr_store_i(ir.p, r->dtype, x);
        }
        arr_iter_next(&ia, a);
        arr_iter_next(&ir, r);
    }
    return v_obj(r);
}

Value arr_where(Interp *I, Value cv, Value xv, Value yv) {
    /* (a device array's descriptor only: the backend may compute on the device) */
    Array *c = is_array(I, cv) ? arr_raw(cv) : arr_from_value(I, cv, -1);
    if (!c) return V_NULL;
    int dt = result_dtype(I, xv, yv);
    if (dt < 0) {
        Array *x = arr_from_value(I, xv, -1), *y = x ? arr_from_value(I, yv, -1) : NULL;
        if (!y) return V_NULL;
        xv = v_obj(x);
        yv = v_obj(y);
        dt = arr_promote(x->dtype, y->dtype);
    }
    const ArrBackend *be = arr_backend(I);
    if (be->where) {
        Value r = be->where(I, c, xv, yv, dt);
        if (!is_null(r) || err_occurred(I)) return r;
    }
    c = as_array(v_obj(c)); /* the host code reads it */
    Array *x = operand_array(I, xv, dt), *y = x ? operand_array(I, yv, dt) : NULL;
    if (!y) return V_NULL;
    Array *all[3] = {c, x, y};
    int nd;
    int64_t shape[ARR_MAXDIM];
    if (arr_broadcast_shapes(I, 3, all, &nd, shape) < 0) return V_NULL;
    Array *r = arr_new_uninit(I, dt, nd, shape);
    if (!r) return V_NULL;
    int fast = arr_fast_where(I, c, x, y, r);
    if (fast) return fast < 0 ? V_NULL : v_obj(r);
    int64_t st[3][ARR_MAXDIM], idx[ARR_MAXDIM] = {0};
    const char *p[3];
    for (int k = 0; k < 3; k++) {
        bcast_strides(all[k], nd, shape, st[k]);
        p[k] = all[k]->data;
    }
    char *o = r->data;
    int isz = arr_dtypes[dt].size;
    for (int64_t i = 0; i < r->size; i++, o += isz) {
        if (!arr_poll_at(I, i)) return V_NULL;
        bool t = arr_load_i(p[0], c->dtype) != 0 ||
                 (dt_is_float(c->dtype) && arr_load_f(p[0], c->dtype) != 0);
        Array *src = t ? x : y;
        const char *sp = t ? p[1] : p[2];
        arr_convert(o, dt, sp, src->dtype);
        for (int d = nd - 1; d >= 0; d--) {
            if (++idx[d] < shape[d]) {
                for (int k = 0; k < 3; k++)
                    p[k] += st[k][d];
                break;
            }
            idx[d] = 0;
            for (int k = 0; k < 3; k++)
                p[k] -= st[k][d] * (shape[d] - 1);
        }
    }
    return v_obj(r);
}

Value arr_clip(Interp *I, Value a, Value lo, Value hi) {
    Value r = a;
    if (!is_none(lo)) {
        r = arr_binary(I, r, lo, ARR_OP_MAXIMUM, NULL);
        if (is_null(r)) return r;
    }
    if (!is_none(hi)) r = arr_binary(I, r, hi, ARR_OP_MINIMUM, NULL);
    if (!is_null(r) && !is_array(I, r)) return V_NULL;
    return r;
}

int arr_assign(Interp *I, Array *dst, Value src) {
    return arr_backend(I)->assign(I, dst, src);
}

int arr_host_assign(Interp *I, Array *dst, Value src) {
    if (arr_host_write(I, dst) < 0) return -1;
    Array *s;
    if (is_array(I, src)) {
        s = as_array(src);
    } else {
        bool weak;
        if (operand_kind(I, src, &weak) >= 0) {
            char tmp[8];
            if (arr_store_value(I, tmp, dst->dtype, src) < 0) return -1;
            ArrIter it;
            arr_iter_init(&it, dst);
            int sz = arr_dtypes[dst->dtype].size;
            for (int64_t i = 0; i < dst->size; i++) {
                if (!arr_poll_at(I, i)) return -1;
                memcpy(it.p, tmp, (size_t)sz);
                arr_iter_next(&it, dst);
            }
            return 0;
        }
        s = arr_from_value(I, src, dst->dtype);
        if (!s) return -1;
    }
    int nd = dst->ndim;
    const int64_t *shape = dst->shape;
    bool fits = true;
    for (int d = 0; d < s->ndim; d++) {
        int k = d - (s->ndim - nd);
        if (k < 0 ? s->shape[d] != 1 : (s->shape[d] != 1 && s->shape[d] != shape[k])) fits = false;
    }
    if (!fits) {
        char s1[200], s2[200];
        arr_shape_text(s1, sizeof s1, s->ndim, s->shape);
        arr_shape_text(s2, sizeof s2, dst->ndim, dst->shape);
        err_format(I, TY_VALUE_ERROR,
                   "could not broadcast input array from shape %s into "
                   "shape %s",
                   s1, s2);
        return -1;
    }
    /* copy through a temporary when the source may overlap the destination */
    if ((s->base && s->base == dst->base) || s == dst->base || s->base == dst) {
        s = arr_copy(I, s, s->dtype);
        if (!s) return -1;
    }
    Array trimmed;
    if (s->ndim > nd) { /* leading length-1 axes of the source */
        trimmed = *s;
        int drop = s->ndim - nd;
        trimmed.ndim = nd;
        memmove(trimmed.shape, s->shape + drop, sizeof(int64_t) * (size_t)nd);
        memmove(trimmed.strides, s->strides + drop, sizeof(int64_t) * (size_t)nd);
        s = &trimmed;
    }
    int64_t ss[ARR_MAXDIM];
    bcast_strides(s, nd, shape, ss);
    Array view = *s;
    view.ndim = nd;
    memcpy(view.shape, shape, sizeof(int64_t) * (size_t)nd);
    memcpy(view.strides, ss, sizeof(int64_t) * (size_t)nd);
    view.size = dst->size;
    ArrIter id, is;
    arr_iter_init(&id, dst);
    arr_iter_init(&is, &view);
    for (int64_t i = 0; i < dst->size; i++) {
        if (!arr_poll_at(I, i)) return -1;
        arr_convert(id.p, dst->dtype, is.p, s->dtype);
        arr_iter_next(&id, dst);
        arr_iter_next(&is, &view);
    }
    /* the cast's warnings, as NumPy's assignment reports them ("invalid value encountered
     * in cast" for NaN into an integer array) */
    int flags = s->dtype != dst->dtype ? arr_cast_fpe(&view, dst) : 0;
    return flags ? arr_fpe_report(I, flags, "cast", false) : 0;
}
