/* array_reduce.c: reductions over any set of axes (sum, prod, min, max, mean, var, std, all,
 * any, argmin, argmax), scans (cumsum, cumprod), matmul and the joins (concatenate, stack);
 * sort, argsort and unique are array_sort.c. Reductions move the kept axes first and the reduced
 * ones last in a view, then walk each outer element's inner block; float sums accumulate in double.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../vm/error.h"
#include "../../vm/gc.h"
#include "../../vm/number.h"
#include "../../vm/seq.h"
#include "../../vm/str.h"
#include "../../vm/vm.h"
#include "../kernels/lapack.h"
#include "array.h"

int arr_axis_error(Interp *I, int64_t ax, int ndim, const char *prefix) {
    Str *mod = str_intern_cstr(I, "_numpy_exceptions"), *cls = str_intern_cstr(I, "AxisError");
    Value m = mod && cls ? vm_import(I, mod, V_NULL, V_NULL, 0) : V_NULL;
    Value t = is_null(m) ? m : obj_getattr(I, m, cls);
    if (is_null(t)) return -1;
    Str *ps = prefix ? str_from_cstr(I, prefix) : NULL;
    if (prefix && !ps) return -1;
    Value args[3] = {v_int(ax), v_int(ndim), ps ? v_obj(ps) : V_NONE};
    Value e = obj_call(I, t, 3, args, NULL);
    if (!is_null(e)) err_set_value(I, e);
    return -1;
}

int arr_norm_axis(Interp *I, int64_t ax, int ndim) {
    if (ax < -ndim || ax >= ndim) return arr_axis_error(I, ax, ndim, NULL);
    return (int)(ax < 0 ? ax + ndim : ax);
}

/* Which axes an axis argument names; returns the count or -1. */
static int axes_arg(Interp *I, Value axis, int ndim, bool *red) {
    for (int d = 0; d < ndim; d++)
        red[d] = false;
    if (is_null(axis) || is_none(axis)) {
        for (int d = 0; d < ndim; d++)
            red[d] = true;
        return ndim;
    }
    int n = 0;
    if (is_obj(axis) && axis.as.o->type == I->types[TY_TUPLE]) {
        Tuple *t = as_tuple(axis);
        for (size_t i = 0; i < t->len; i++) {
            int64_t ax;
            if (obj_index(I, t->items[i], &ax) < 0) return -1;
            int k = arr_norm_axis(I, ax, ndim);
            if (k < 0) return -1;
            if (red[k]) return err_format(I, TY_VALUE_ERROR, "duplicate value in 'axis'"), -1;
            red[k] = true;
            n++;
        }
        return n;
    }
    int64_t ax;
    if (obj_index(I, axis, &ax) < 0) return -1;
    int k = arr_norm_axis(I, ax, ndim);
    if (k < 0) return -1;
    red[k] = true;
    return 1;
}

static int sum_dtype(int dt) {
    if (dt == DT_BOOL || dt == DT_INT8 || dt == DT_INT16 || dt == DT_INT32) return DT_INT64;
    if (arr_dtypes[dt].kind == 'u') return DT_UINT64;
    return dt;
}

static Value finish(Interp *I, Array *r, bool scalar) {
    if (scalar) return arr_scalar_new(I, r->data, r->dtype);
    return v_obj(r);
}

static Value scan(Interp *I, Array *a, int kind, Value axis, int dt, int *flags) {
    Array *src = a;
    int ax;
    if (is_null(axis) || is_none(axis)) {
        int64_t n = a->size;
        src = arr_reshape(I, a, 1, &n);
        if (!src) return V_NULL;
        ax = 0;
    } else {
        int64_t v;
        if (obj_index(I, axis, &v) < 0) return V_NULL;
        ax = arr_norm_axis(I, v, a->ndim);
        if (ax < 0) return V_NULL;
    }
    int rdt = dt >= 0 ? dt : sum_dtype(a->dtype);
    Array *r = arr_copy(I, src, rdt);
    if (!r) return V_NULL;
    int64_t len = r->shape[ax], st = r->strides[ax];
    Array ov = *r;
    ov.shape[ax] = 1;
    ov.size = len ? r->size / len : 0;
    ArrIter it;
    arr_iter_init(&it, &ov);
    int64_t work = 0;
    bool half = rdt == DT_FLOAT16 || rdt == DT_BFLOAT16;
    for (int64_t i = 0; i < ov.size; i++, arr_iter_next(&it, &ov)) {
        if ((work += len + 1) >= ARR_POLL_CHUNK) {
            work = 0;
            if (!interp_poll(I)) return V_NULL;
        }
        if (dt_is_float(rdt)) {
            double acc = kind == RED_CUMSUM ? 0 : 1;
            for (int64_t j = 0; j < len; j++) {
                double x = arr_load_f(it.p + j * st, rdt);
                acc = kind == RED_CUMSUM ? acc + x : acc * x;
                arr_store_f(it.p + j * st, rdt, acc);
                /* float16/bfloat16 round in integer code: no flag when they become inf */
                if (half && isfinite(acc) && isinf(arr_load_f(it.p + j * st, rdt)))
                    *flags |= ARR_FPE_OVER;
            }
        } else {
            int64_t acc = kind == RED_CUMSUM ? 0 : 1;
            for (int64_t j = 0; j < len; j++) {
                int64_t x = arr_load_i(it.p + j * st, rdt);
                acc = kind == RED_CUMSUM ? (int64_t)((uint64_t)acc + (uint64_t)x)
                                         : (int64_t)((uint64_t)acc * (uint64_t)x);
                arr_store_i(it.p + j * st, rdt, acc);
            }
        }
    }
    return v_obj(r);
}

static const char *red_name(int kind) {
    static const char *const n[] = {"sum", "prod", "minimum", "maximum", "mean",  "var",
                                    "std", "all",  "any",     "argmin",  "argmax"};
    return n[kind];
}

/* The dtype of a reduction's result. */
static int reduce_rdt(int kind, int in_dt, int dt) {
    switch (kind) {
    case RED_SUM:
    case RED_PROD:
    case RED_CUMSUM:
    case RED_CUMPROD: return dt >= 0 ? dt : sum_dtype(in_dt);
    case RED_MIN:
    case RED_MAX: return in_dt;
    case RED_ALL:
    case RED_ANY: return DT_BOOL;
    case RED_ARGMIN:
    case RED_ARGMAX: return DT_INT64;
    default: return dt >= 0 ? dt : dt_is_float(in_dt) ? in_dt : DT_FLOAT64;
    }
}

int arr_reduce_rdt(int kind, int in_dt, int dt) {
    return reduce_rdt(kind, in_dt, dt);
}

/* A mean over no elements, or a var/std whose ddof is at least the count, as NumPy's
 * _methods.py computes them: its RuntimeWarning ("Mean of empty slice", "Degrees of freedom
 * <= 0 for slice"), then the sum (of squared deviations) divided by max(count - ddof, 0),
 * which gives NaN or inf and the division's own floating-point warnings ("invalid value
 * encountered in scalar divide"; an empty var's mean is divided first, as an array).
 * V_NULL with no error set when the reduction is not such a case. */
static Value reduce_degenerate(Interp *I, Array *a, int kind, Value axis, bool keepdims, int ddof,
                               int dt) {
    if (kind != RED_MEAN && kind != RED_VAR && kind != RED_STD) return V_NULL;
    bool red[ARR_MAXDIM];
    if (axes_arg(I, axis, a->ndim, red) < 0) {
        err_clear(I); /* the backend raises it in its own words */
        return V_NULL;
    }
    int64_t count = 1, nout = 1;
    for (int d = 0; d < a->ndim; d++) {
        if (red[d])
            count *= a->shape[d];
        else
            nout *= a->shape[d];
    }
    if (kind == RED_MEAN ? count > 0 : count > ddof) return V_NULL;
    int rdt = reduce_rdt(kind, a->dtype, dt);
    if (arr_warn_runtime(I, kind == RED_MEAN ? "Mean of empty slice"
                                             : "Degrees of freedom <= 0 for slice") < 0)
        return V_NULL;
    if (kind != RED_MEAN && count == 0 && nout > 0 &&
        arr_fpe_report(I, ARR_FPE_INVALID, "divide", false) < 0)
        return V_NULL;
    /* On the host, so the division's warnings come at this line on CUDA too (a rare case:
     * its result is uploaded when the device needs it). The numerator: 0 for no elements;
     * else the variance with ddof 0, which is 0 exactly where the sum of squares is (so
     * dividing either by 0 gives the same NaN or inf, and std's root of NaN or inf is
     * itself). */
    if (arr_host(I, a) < 0) return V_NULL;
    Value num = count == 0 ? arr_host_reduce(I, a, RED_SUM, axis, keepdims, 0, rdt)
                           : arr_host_reduce(I, a, RED_VAR, axis, keepdims, 0, rdt);
    if (is_null(num) || !gc_temp_push(I, num)) return V_NULL;
    /* NumPy divides a 0-d sum by a 0-d count array: "scalar divide" only for np.float64
     * (a Python float, whose operator runs), "divide" for the other float scalars */
    bool scalar = arr_is_scalar(I, num);
    if (scalar) {
        Array *z = arr_scalar_operand(I, num);
        if (!z) return V_NULL;
        num = v_obj(z);
    }
    int mode = scalar && rdt == DT_FLOAT64 ? ARR_MODE_SCALAR : 0;
    Value r = arr_host_binary(I, num, v_int(0), BIN_TRUEDIV, mode, rdt, rdt, NULL);
    if (is_null(r) || !scalar) return r;
    return arr_scalar_new(I, as_array(r)->data, rdt);
}

Value arr_reduce(Interp *I, Array *a, int kind, Value axis, bool keepdims, int ddof, int dt) {
    Value r = reduce_degenerate(I, a, kind, axis, keepdims, ddof, dt);
    if (!is_null(r) || err_occurred(I)) return r;
    return arr_backend(I)->reduce(I, a, kind, axis, keepdims, ddof, dt);
}

/* The floating-point flags the loops below raised, by NumPy's ufunc that would raise them:
 * the sums and products ("reduce"), var/std's deviations ("subtract") and their squares
 * ("square"). min/max are not reported: comparing a NaN sets the invalid flag, NumPy's
 * loops do not. */
typedef struct RedFlags {
    int reduce, subtract, square;
} RedFlags;

static Value host_reduce(Interp *I, Array *a, int kind, Value axis, bool keepdims, int ddof, int dt,
                         RedFlags *rf);

Value arr_host_reduce(Interp *I, Array *a, int kind, Value axis, bool keepdims, int ddof, int dt) {
    RedFlags rf = {0, 0, 0};
    bool fpe = kind == RED_SUM || kind == RED_PROD || kind == RED_MEAN || kind == RED_VAR ||
               kind == RED_STD || kind == RED_CUMSUM || kind == RED_CUMPROD;
    if (fpe) arr_fpe_clear();
    Value r = host_reduce(I, a, kind, axis, keepdims, ddof, dt, &rf);
    if (is_null(r) || !fpe) return r;
    rf.reduce |= arr_fpe_flags();
    const char *name = kind == RED_CUMSUM || kind == RED_CUMPROD ? "accumulate" : "reduce";
    rf.reduce &= ARR_FPE_OVER | ARR_FPE_INVALID;
    if ((rf.reduce && arr_fpe_report(I, rf.reduce, name, false) < 0) ||
        (rf.subtract && arr_fpe_report(I, rf.subtract, "subtract", false) < 0) ||
        (rf.square && arr_fpe_report(I, rf.square, "square", false) < 0))
        return V_NULL;
    return r;
}

static Value host_reduce(Interp *I, Array *a, int kind, Value axis, bool keepdims, int ddof, int dt,
                         RedFlags *rf) {
    if (kind == RED_CUMSUM || kind == RED_CUMPROD) return scan(I, a, kind, axis, dt, &rf->reduce);
    bool red[ARR_MAXDIM];
    bool argk = kind == RED_ARGMIN || kind == RED_ARGMAX;
    Array *src = a;
    if (argk && (is_null(axis) || is_none(axis))) {
        int64_t n = a->size;
        src = arr_reshape(I, a, 1, &n);
        if (!src) return V_NULL;
        if (keepdims) {
            /* keepdims with axis None keeps every axis as 1 */
        }
    }
    if (!argk && !keepdims && (is_null(axis) || is_none(axis)) && src->ndim > 1 &&
        arr_is_contiguous(src)) {
        /* reducing everything of a contiguous array: one flat run (the fast paths see it) */
        int64_t n = src->size;
        src = arr_reshape(I, src, 1, &n);
        if (!src) return V_NULL;
    }
    if (axes_arg(I, argk && (is_null(axis) || is_none(axis)) ? v_int(0) : axis, src->ndim, red) < 0)
        return V_NULL;
    /* result shape and the permuted view */
    int64_t rshape[ARR_MAXDIM], oshape[ARR_MAXDIM], vshape[ARR_MAXDIM], vst[ARR_MAXDIM];
    int rnd = 0, ond = 0, vnd = 0;
    int64_t inner = 1;
    for (int d = 0; d < src->ndim; d++) {
        if (!red[d]) {
            oshape[ond++] = src->shape[d];
            rshape[rnd++] = src->shape[d];
            vshape[vnd] = src->shape[d];
            vst[vnd++] = src->strides[d];
        } else if (keepdims) {
            rshape[rnd++] = 1;
        }
    }
    int nouter = vnd;
    for (int d = 0; d < src->ndim; d++) {
        if (red[d]) {
            vshape[vnd] = src->shape[d];
            vst[vnd++] = src->strides[d];
            inner *= src->shape[d];
        }
    }
    if (argk && keepdims && (is_null(axis) || is_none(axis))) {
        rnd = a->ndim;
        for (int d = 0; d < rnd; d++)
            rshape[d] = 1;
    }
    if (inner == 0 && (kind == RED_MIN || kind == RED_MAX || argk)) {
        if (argk)
            return err_format(I, TY_VALUE_ERROR, "attempt to get %s of an empty sequence",
                              red_name(kind));
        return err_format(I, TY_VALUE_ERROR,
                          "zero-size array to reduction operation %s which "
                          "has no identity",
                          red_name(kind));
    }
    int in_dt = a->dtype, rdt = reduce_rdt(kind, in_dt, dt);
    bool fl;
    fl = dt_is_float(rdt) || dt_is_float(in_dt);
    Array *r = arr_new(I, rdt, rnd, rshape);
    if (!r) return V_NULL;
    int fr = arr_fast_reduce(I, src, red, kind, rdt, r); /* gpu/backend/cpu/cpu_reduce.c */
    if (fr) return fr < 0 ? V_NULL : finish(I, r, rnd == 0);
    Array outer = *src, in = *src;
    outer.ndim = nouter;
    memcpy(outer.shape, vshape, sizeof(int64_t) * (size_t)nouter);
    memcpy(outer.strides, vst, sizeof(int64_t) * (size_t)nouter);
    outer.size = 1;
    for (int d = 0; d < nouter; d++)
        outer.size *= vshape[d];
    in.ndim = vnd - nouter;
    memcpy(in.shape, vshape + nouter, sizeof(int64_t) * (size_t)in.ndim);
    memcpy(in.strides, vst + nouter, sizeof(int64_t) * (size_t)in.ndim);
    in.size = inner;
    (void)ond;
    (void)oshape;
    ArrIter io;
    arr_iter_init(&io, &outer);
    char *o = r->data;
    int osz = arr_dtypes[rdt].size;
    int64_t work = 0;
    for (int64_t i = 0; i < outer.size; i++, arr_iter_next(&io, &outer), o += osz) {
        if ((work += inner + 1) >= ARR_POLL_CHUNK) {
            work = 0;
            if (!interp_poll(I)) return V_NULL;
        }
        in.data = io.p;
        if (kind == RED_SUM && in_dt == DT_FLOAT64 && rdt == DT_FLOAT64 && in.ndim == 1 &&
            in.strides[0] == 8) {
            /* contiguous float64 sum: eight partial sums, which the compiler vectorizes */
            const double *x = (const double *)in.data;
            double part[8] = {0};
            int64_t k = 0;
            for (; k + 8 <= inner; k += 8)
                for (int j = 0; j < 8; j++)
                    part[j] += x[k + j];
            double acc = ((part[0] + part[1]) + (part[2] + part[3])) +
                         ((part[4] + part[5]) + (part[6] + part[7]));
            for (; k < inner; k++)
                acc += x[k];
            memcpy(o, &acc, 8);
            continue;
        }
        ArrIter ii;
        arr_iter_init(&ii, &in);
        if (fl) {
            double acc = kind == RED_PROD ? 1 : 0, best = 0, m2 = 0;
            int64_t bi = 0;
            bool flag = kind == RED_ALL;
            for (int64_t k = 0; k < inner; k++, arr_iter_next(&ii, &in)) {
                if (k && !arr_poll_at(I, k)) return V_NULL;
                double x = arr_load_f(ii.p, in_dt);
                switch (kind) {
                case RED_SUM:
                case RED_MEAN:
                case RED_VAR:
                case RED_STD: acc += x; break;
                case RED_PROD: acc *= x; break;
                case RED_MIN:
                case RED_ARGMIN:
                    if (k == 0 || x < best || (x != x && best == best)) {
                        best = x;
                        bi = k;
                    }
                    break;
                case RED_MAX:
                case RED_ARGMAX:
                    if (k == 0 || x > best || (x != x && best == best)) {
                        best = x;
                        bi = k;
                    }
                    break;
                case RED_ALL: flag = flag && x != 0; break;
                case RED_ANY: flag = flag || x != 0; break;
                }
            }
            double res = acc;
            if (kind == RED_MEAN || kind == RED_VAR || kind == RED_STD) {
                double mean = acc / (double)inner;
                res = mean;
                if (kind != RED_MEAN) {
                    /* the mean's flags are the sum's; the deviations' are subtract's, a
                     * finite deviation whose square is inf square's, the rest the sum's */
                    rf->reduce |= arr_fpe_flags();
                    arr_fpe_clear();
                    arr_iter_init(&ii, &in);
                    bool sq_over = false;
                    for (int64_t k = 0; k < inner; k++, arr_iter_next(&ii, &in)) {
                        double dlt = arr_load_f(ii.p, in_dt) - mean;
                        double sq = dlt * dlt;
                        if (isinf(sq) && isfinite(dlt)) sq_over = true;
                        m2 += sq;
                    }
                    int f = arr_fpe_flags();
                    arr_fpe_clear();
                    rf->subtract |= f & ARR_FPE_INVALID;
                    if (sq_over)
                        rf->square |= ARR_FPE_OVER;
                    else
                        rf->reduce |= f & ARR_FPE_OVER;
                    res = m2 / (double)(inner - ddof);
                    if (kind == RED_STD) res = sqrt(res);
                }
            } else if (kind == RED_MIN || kind == RED_MAX) {
                res = best;
            } else if (argk) {
                arr_store_i(o, rdt, bi);
                continue;
            } else if (kind == RED_ALL || kind == RED_ANY) {
                res = flag;
            }
            arr_store_f(o, rdt, res);
            /* float16/bfloat16 round in integer code: no flag when they become inf */
            if ((rdt == DT_FLOAT16 || rdt == DT_BFLOAT16) && isfinite(res) &&
                isinf(arr_load_f(o, rdt)))
                rf->reduce |= ARR_FPE_OVER;
        } else {
            int64_t acc = kind == RED_PROD ? 1 : 0, best = 0, bi = 0;
            int64_t flip = in_dt == DT_UINT64 ? INT64_MIN : 0; /* unsigned order */
            bool flag = kind == RED_ALL;
            for (int64_t k = 0; k < inner; k++, arr_iter_next(&ii, &in)) {
                if (k && !arr_poll_at(I, k)) return V_NULL;
                int64_t x = arr_load_i(ii.p, in_dt);
                switch (kind) {
                case RED_SUM: acc = (int64_t)((uint64_t)acc + (uint64_t)x); break;
                case RED_PROD: acc = (int64_t)((uint64_t)acc * (uint64_t)x); break;
                case RED_MIN:
                case RED_ARGMIN:
                    if (k == 0 || (x ^ flip) < (best ^ flip)) {
                        best = x;
                        bi = k;
                    }
                    break;
                case RED_MAX:
                case RED_ARGMAX:
                    if (k == 0 || (x ^ flip) > (best ^ flip)) {
                        best = x;
                        bi = k;
                    }
                    break;
                case RED_ALL: flag = flag && x != 0; break;
                case RED_ANY: flag = flag || x != 0; break;
                }
            }
            if (kind == RED_MIN || kind == RED_MAX)
                acc = best;
            else if (argk)
                acc = bi;
            else if (kind == RED_ALL || kind == RED_ANY)
                acc = flag;
            arr_store_i(o, rdt, acc);
        }
    }
    return finish(I, r, rnd == 0);
}

/* ---- matmul ---- */

static void shp(char *buf, size_t n, Array *a) {
    size_t k = (size_t)snprintf(buf, n, "(");
    for (int i = 0; i < a->ndim && k < n; i++)
        k += (size_t)snprintf(buf + k, n - k, i ? ",%lld" : "%lld", (long long)a->shape[i]);
    if (k < n) snprintf(buf + k, n - k, a->ndim == 1 ? ",)" : ")");
}

Value arr_matmul(Interp *I, Array *a, Array *b) {
    return arr_backend(I)->matmul(I, a, b);
}

Value arr_host_matmul(Interp *I, Array *a, Array *b) {
    if (a->ndim == 0 || b->ndim == 0)
        return err_format(I, TY_VALUE_ERROR,
                          "matmul: Input operand %d does not have enough "
                          "dimensions (has 0, gufunc core with signature (n?,k),(k,m?)->(n?,m?) "
                          "requires 1)",
                          a->ndim == 0 ? 0 : 1);
    int dt = arr_promote(a->dtype, b->dtype);
    bool va = a->ndim == 1, vb = b->ndim == 1;
    int64_t one = 1;
    Array *x = a, *y = b;
    if (va) {
        int64_t s[2] = {1, a->shape[0]};
        x = arr_reshape(I, a, 2, s);
    }
    if (vb) {
        int64_t s[2] = {b->shape[0], 1};
        y = arr_reshape(I, b, 2, s);
    }
    if (!x || !y) return V_NULL;
    (void)one;
    int64_t n = x->shape[x->ndim - 2], k = x->shape[x->ndim - 1], m = y->shape[y->ndim - 1];
    if (y->shape[y->ndim - 2] != k) {
        char s1[100], s2[100];
        shp(s1, sizeof s1, a);
        shp(s2, sizeof s2, b);
        return err_format(I, TY_VALUE_ERROR,
                          "matmul: Input operand 1 has a mismatch in its core "
                          "dimension 0, with gufunc signature (n?,k),(k,m?)->(n?,m?) (size %lld "
                          "is different from %lld)",
                          (long long)y->shape[y->ndim - 2], (long long)k);
    }
    /* batch dims broadcast */
    Array bx = *x, by = *y;
    bx.ndim -= 2;
    by.ndim -= 2;
    Array *bb[2] = {&bx, &by};
    int bnd;
    int64_t bshape[ARR_MAXDIM];
    if (arr_broadcast_shapes(I, 2, bb, &bnd, bshape) < 0) return V_NULL;
    int64_t rshape[ARR_MAXDIM];
    int rnd = 0;
    for (int d = 0; d < bnd; d++)
        rshape[rnd++] = bshape[d];
    if (!va) rshape[rnd++] = n;
    if (!vb) rshape[rnd++] = m;
    Array *r = arr_new(I, dt, rnd, rshape);
    if (!r) return V_NULL;
    int64_t batch = 1;
    for (int d = 0; d < bnd; d++)
        batch *= bshape[d];
    bool fl = dt_is_float(dt);
    int osz = arr_dtypes[dt].size;
    char *o = r->data;
    bool fast = dt == DT_FLOAT32 || dt == DT_FLOAT64;
    if (fast && x->dtype != dt && !(x = arr_copy(I, x, dt))) return V_NULL;
    if (fast && y->dtype != dt && !(y = arr_copy(I, y, dt))) return V_NULL;
    GpuLapack *blas = fast && I->gpu ? gpu_blas(I->gpu) : NULL;
    ArrGemm gemm = blas ? blas->gemm[dt == DT_FLOAT64] : NULL;
    for (int64_t bi = 0; bi < batch; bi++) {
        /* batch offsets */
        const char *px = x->data, *py = y->data;
        int64_t rem = bi;
        for (int d = bnd - 1; d >= 0; d--) {
            int64_t id = rem % bshape[d];
            rem /= bshape[d];
            int kx = d - (bnd - bx.ndim), ky = d - (bnd - by.ndim);
            if (kx >= 0 && x->shape[kx] != 1) px += id * x->strides[kx];
            if (ky >= 0 && y->shape[ky] != 1) py += id * y->strides[ky];
        }
        int64_t xs0 = x->strides[x->ndim - 2], xs1 = x->strides[x->ndim - 1];
        int64_t ys0 = y->strides[y->ndim - 2], ys1 = y->strides[y->ndim - 1];
        if (fast) { /* BLAS or the blocked loop (gpu/backend/cpu/cpu_matmul.c) */
            int fr = arr_fast_matmul(I, gemm, dt, n, k, m, px, xs0, xs1, py, ys0, ys1, o);
            if (fr < 0) return V_NULL;
            if (fr) {
                o += n * m * osz;
                continue;
            }
        }
        int64_t work = 0;
        for (int64_t i = 0; i < n; i++)
            for (int64_t j = 0; j < m; j++, o += osz) {
                if ((work += k + 1) >= ARR_POLL_CHUNK) {
                    work = 0;
                    if (!interp_poll(I)) return V_NULL;
                }
                if (fl) {
                    double acc = 0;
                    for (int64_t t = 0; t < k; t++)
                        acc += arr_load_f(px + i * xs0 + t * xs1, x->dtype) *
                               arr_load_f(py + t * ys0 + j * ys1, y->dtype);
                    arr_store_f(o, dt, acc);
                } else {
                    int64_t acc = 0;
                    for (int64_t t = 0; t < k; t++)
                        acc += arr_load_i(px + i * xs0 + t * xs1, x->dtype) *
                               arr_load_i(py + t * ys0 + j * ys1, y->dtype);
                    arr_store_i(o, dt, dt == DT_BOOL ? acc != 0 : acc);
                }
            }
    }
    if (rnd == 0) return arr_scalar_new(I, r->data, dt);
    return v_obj(r);
}

/* ---- concatenate / stack ---- */

Value arr_concatenate(Interp *I, Value seq, int axis_in, bool stack) {
    int64_t n = obj_len(I, seq);
    if (n < 0) return V_NULL;
    if (n == 0)
        return err_format(I, TY_VALUE_ERROR,
                          stack ? "need at least one array to stack"
                                : "need at least one array to concatenate");
    List *arrs = list_new(I, (size_t)n);
    if (!arrs) return V_NULL;
    int dt = -1;
    for (int64_t i = 0; i < n; i++) {
        Value item = obj_getitem(I, seq, v_int(i));
        /* arrays as they are (their descriptors only: the copies below run on the backend,
         * on the device for device arrays) */
        Array *x = is_null(item)       ? NULL
                   : is_array(I, item) ? arr_raw(item)
                                       : arr_from_value(I, item, -1);
        if (!x || !list_append(I, arrs, v_obj(x))) return V_NULL;
        dt = dt < 0 ? x->dtype : arr_promote(dt, x->dtype);
    }
    Array *first = arr_raw(arrs->items[0]);
    int nd = first->ndim + (stack ? 1 : 0);
    if (nd == 0)
        return err_format(I, TY_VALUE_ERROR, "zero-dimensional arrays cannot be concatenated");
    int ax = arr_norm_axis(I, axis_in, nd);
    if (ax < 0) return V_NULL;
    int64_t shape[ARR_MAXDIM];
    for (int64_t i = 0; i < n; i++) {
        Array *x = arr_raw(arrs->items[i]);
        if (stack) {
            if (x->ndim != first->ndim ||
                memcmp(x->shape, first->shape, sizeof(int64_t) * (size_t)x->ndim))
                return err_format(I, TY_VALUE_ERROR, "all input arrays must have the same shape");
            continue;
        }
        if (x->ndim != first->ndim)
            return err_format(I, TY_VALUE_ERROR,
                              "all the input array dimensions except for the "
                              "concatenation axis must match exactly, but along dimension 0, the "
                              "array at index 0 has %d dimension(s) and the array at index %lld "
                              "has %d dimension(s)",
                              first->ndim, (long long)i, x->ndim);
        for (int d = 0; d < nd; d++)
            if (d != ax && x->shape[d] != first->shape[d])
                return err_format(I, TY_VALUE_ERROR,
                                  "all the input array dimensions except for "
                                  "the concatenation axis must match exactly, but along "
                                  "dimension %d, the array at index 0 has size %lld and the "
                                  "array at index %lld has size %lld",
                                  d, (long long)first->shape[d], (long long)i,
                                  (long long)x->shape[d]);
    }
    if (stack) {
        for (int d = 0, s = 0; d < nd; d++)
            shape[d] = d == ax ? n : first->shape[s++];
    } else {
        for (int d = 0; d < nd; d++)
            shape[d] = first->shape[d];
        shape[ax] = 0;
        for (int64_t i = 0; i < n; i++)
            shape[ax] += arr_raw(arrs->items[i])->shape[ax];
    }
    /* the backend's zeros: device memory on CUDA, so each part is a device copy */
    Array *r = arr_backend(I)->full(I, dt, nd, shape, 'C', v_int(0));
    if (!r) return V_NULL;
    int64_t off = 0;
    for (int64_t i = 0; i < n; i++) {
        Array *x = arr_raw(arrs->items[i]);
        int64_t vs[ARR_MAXDIM];
        memcpy(vs, shape, sizeof vs);
        vs[ax] = stack ? 1 : x->shape[ax];
        Array *dst = arr_view(I, r, nd, vs, r->strides, r->data + off * r->strides[ax], dt);
        if (!dst) return V_NULL;
        Array *srcv = x;
        if (stack) {
            srcv = arr_backend(I)->reshape(I, x, nd, vs);
            if (!srcv) return V_NULL;
        }
        if (arr_assign(I, dst, v_obj(srcv)) < 0) return V_NULL;
        off += vs[ax];
    }
    return v_obj(r);
}
