/* array_quantile.c: np.median and np.percentile (NumPy's default 'linear' method) on the CPU
 * backend (on CUDA the module's as_array brings the data to the host first). The reduced
 * axis is moved last and each row is sorted as double; a row holding a NaN gives NaN, as in
 * NumPy. The interpolation is NumPy's _lerp, so results match it bit for bit in float64. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../vm/error.h"
#include "../../vm/gc.h"
#include "array.h"

static int cmp_nan_last(const void *x, const void *y) {
    double a = *(const double *)x, b = *(const double *)y;
    if (a != a) return b != b ? 0 : 1;
    if (b != b) return -1;
    return a < b ? -1 : a > b ? 1 : 0;
}

/* NumPy's _lerp: from the nearer end, so t = 1 gives b exactly. */
static double lerp(double a, double b, double t) {
    double d = b - a;
    return t >= 0.5 ? b - d * (1 - t) : a + d * t;
}

/* The same in float32, as NumPy computes a float32 result. */
static double lerp_f32(double a, double b, double t) {
    float fa = (float)a, fb = (float)b, ft = (float)t, d = fb - fa; /* t exact in float */
    return ft >= 0.5f ? fb - d * (1.0f - ft) : fa + d * ft;
}

/* The q-th quantile (q in [0, 1]) of the sorted row s of n elements. */
static double row_quantile(const double *s, int64_t n, double q, bool median, bool f32) {
    if (n == 0 || s[n - 1] != s[n - 1]) return NAN;
    if (median) {
        int64_t h = n / 2;
        return n % 2 ? s[h] : (s[h - 1] + s[h]) / 2;
    }
    double vi = q * (double)(n - 1), lo = floor(vi);
    if (f32) { /* NumPy's float32 result: q / 100 and the index in float32 too */
        float fv = (float)q * (float)(n - 1);
        vi = fv;
        lo = floorf(fv);
    }
    int64_t i = (int64_t)lo, j = i + 1 < n ? i + 1 : n - 1;
    if (i >= n - 1) return s[n - 1];
    return f32 ? lerp_f32(s[i], s[j], vi - lo) : lerp(s[i], s[j], vi - lo);
}

Value arr_quantile(Interp *I, Array *a, Value qv, Value axis, bool median) {
    int ax = 0;
    Array *src = a;
    if (is_null(axis) || is_none(axis)) {
        int64_t n = a->size;
        src = arr_reshape(I, a, 1, &n);
        if (!src) return V_NULL;
    } else {
        int64_t k;
        if (obj_index(I, axis, &k) < 0) return V_NULL;
        ax = arr_norm_axis(I, k, a->ndim);
        if (ax < 0) return V_NULL;
    }
    /* the reduced axis last, as contiguous doubles */
    int perm[ARR_MAXDIM], np_ = 0;
    for (int d = 0; d < src->ndim; d++)
        if (d != ax) perm[np_++] = d;
    perm[np_] = ax;
    Array *t = arr_transpose(I, src, perm);
    Array *rows = t ? arr_copy(I, t, DT_FLOAT64) : NULL;
    if (!rows) return V_NULL;
    int64_t len = src->shape[ax], nrows = len ? rows->size / len : 0;
    if (!len) {
        nrows = 1;
        for (int d = 0; d < src->ndim - 1; d++)
            nrows *= t->shape[d];
    }
    int rdt = a->dtype == DT_FLOAT32 || a->dtype == DT_FLOAT16 || a->dtype == DT_BFLOAT16
                  ? a->dtype
                  : DT_FLOAT64;
    Array *q = NULL;
    if (!median) {
        q = arr_from_value(I, qv, -1);
        if (!q) return V_NULL;
        /* q/100 joins the result's type unless q is a Python scalar (NEP 50: weak) */
        if (is_array(I, qv) || (is_obj(qv) && q->ndim > 0))
            rdt = arr_promote(rdt, dt_is_float(q->dtype) ? q->dtype : DT_FLOAT64);
        q = arr_copy(I, q, DT_FLOAT64);
        if (!q) return V_NULL;
        const double *qp = (const double *)q->data;
        for (int64_t i = 0; i < q->size; i++)
            if (!(qp[i] >= 0 && qp[i] <= 100))
                return err_format(I, TY_VALUE_ERROR, "Percentiles must be in the range [0, 100]");
    }
    int64_t shape[ARR_MAXDIM];
    int nd = 0;
    if (q) {
        if (q->ndim + src->ndim - 1 > ARR_MAXDIM)
            return err_format(I, TY_VALUE_ERROR, "too many dimensions");
        for (int d = 0; d < q->ndim; d++)
            shape[nd++] = q->shape[d];
    }
    for (int d = 0; d < src->ndim - 1; d++)
        shape[nd++] = t->shape[d];
    Array *r = arr_new(I, rdt, nd, shape);
    if (!r) return V_NULL;
    double *s = (double *)rows->data;
    int64_t nq = q ? q->size : 1;
    int isz = arr_dtypes[rdt].size;
    for (int64_t i = 0; i < nrows; i++) {
        if (!interp_poll(I)) return V_NULL;
        double *row = s + i * len;
        qsort(row, (size_t)len, sizeof(double), cmp_nan_last);
        for (int64_t k = 0; k < nq; k++) {
            double qk = q ? ((const double *)q->data)[k] : 50;
            qk = rdt == DT_FLOAT32 ? (double)((float)qk / 100.0f) : qk / 100;
            arr_store_f(r->data + (k * nrows + i) * isz, rdt,
                        row_quantile(row, len, qk, median, rdt == DT_FLOAT32));
        }
    }
    if (nd == 0) return arr_scalar_new(I, r->data, rdt);
    return v_obj(r);
}
