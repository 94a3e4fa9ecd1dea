/* gpu_module.c: the `gpu` module, importable as `numpy` too: dtype objects, array creation,
 * the ufuncs and reductions as functions, joins and sorting, and the module's table. The
 * array type itself is gpu/array/array.c; this file only parses arguments and calls the
 * array layer. The other files of the module: gpu_scalar.c (the scalar classes, iinfo,
 * finfo), gpu_npy.c (.npy files), gpu_device.c (device controls, Stream, Event), and the
 * Python functions of stdlib/py/_numpy_lib.py (see docs/GPU.md). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../gpu/array/array.h"
#include "../../gpu/backend/cuda/backend_cuda.h"
#include "../../vm/dict.h"
#include "../../vm/vm.h"
#include "../builtins.h"
#include "../classes.h"
#include "gpu_module.h"

Value arr_round(Interp *I, Array *a, int decimals);
Module *gpu_random_module_create(Interp *I);

/* ---- dtype type ---- */

static Value dtype_repr(Interp *I, Value self) {
    Str *s = str_printf(I, "dtype('%s')", arr_dtypes[((DTypeObj *)self.as.o)->dtype].name);
    return s ? v_obj(s) : V_NULL;
}
static Value dtype_str(Interp *I, Value self) {
    Str *s = str_from_cstr(I, arr_dtypes[((DTypeObj *)self.as.o)->dtype].name);
    return s ? v_obj(s) : V_NULL;
}
static int dtype_hash(Interp *I, Value self, int64_t *out) {
    *out = 0x5eed + ((DTypeObj *)self.as.o)->dtype;
    return 0;
}
static Value dtype_richcompare(Interp *I, Value a, Value b, int op) {
    if (op != CMP_EQ && op != CMP_NE) return v_notimpl(I);
    int da = ((DTypeObj *)a.as.o)->dtype;
    int db = arr_dtype_arg(I, b, -1);
    if (db < 0) {
        err_clear(I);
        return v_bool(op == CMP_NE);
    }
    return v_bool((da == db) == (op == CMP_EQ));
}
/* np.float32(x): a scalar of that type; krait returns the Python scalar (docs/GPU.md). */
static Value dtype_call(Interp *I, Value self, int argc, Value *argv, Tuple *kw) {
    int dt = ((DTypeObj *)self.as.o)->dtype;
    if (!arr_args(I, arr_dtypes[dt].name, argc, kw, 0, 1)) return V_NULL;
    if (argc == 0) return dt == DT_BOOL ? V_FALSE : dt_is_float(dt) ? v_float(0) : v_int(0);
    Array *a = arr_from_value(I, argv[0], dt);
    if (!a) return V_NULL;
    if (a->ndim == 0) return arr_scalar_new(I, a->data, dt);
    return v_obj(a);
}
/* np.dtype(obj, align=False, copy=False) */
static Value dtype_new(Interp *I, Type *t, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"dtype", "align", "copy"};
    Value o[3];
    if (!arg_parse(I, "dtype", argc, argv, kw, names, 3, 1, 3, o)) return V_NULL;
    for (int i = 1; i < 3; i++)
        if (!is_null(o[i]) && obj_truthy(I, o[i]) < 0) return V_NULL;
    if (is_none(o[0])) return arr_dtype_obj(I, DT_FLOAT64);
    int dt = arr_dtype_arg(I, o[0], -1);
    return dt < 0 ? V_NULL : arr_dtype_obj(I, dt);
}
static Value dtype_get_name(Interp *I, Value self) {
    return dtype_str(I, self);
}
static Value dtype_get_itemsize(Interp *I, Value self) {
    return v_int(arr_dtypes[((DTypeObj *)self.as.o)->dtype].size);
}
static Value dtype_get_kind(Interp *I, Value self) {
    char k[2] = {arr_dtypes[((DTypeObj *)self.as.o)->dtype].kind, 0};
    if (k[0] == 'b') k[0] = 'b';
    Str *s = str_from_cstr(I, k);
    return s ? v_obj(s) : V_NULL;
}
/* dtype.type: the scalar class (np.dtype('float32').type is np.float32) */
static Value dtype_get_type(Interp *I, Value self) {
    Value c = arr_scalar_class(I, ((DTypeObj *)self.as.o)->dtype);
    return is_null(c) ? self : c;
}
static const GetSetDef dtype_getsets[] = {
    {"name", dtype_get_name, NULL},
    {"itemsize", dtype_get_itemsize, NULL},
    {"kind", dtype_get_kind, NULL},
    {"type", dtype_get_type, NULL},
    {NULL, NULL, NULL},
};

const TypeSpec dtype_spec = {
    .name = "dtype",
    .base = TY_OBJECT,
    .instance_size = sizeof(DTypeObj),
    .slots = {.repr = dtype_repr,
              .str = dtype_str,
              .hash = dtype_hash,
              .richcompare = dtype_richcompare,
              .call = dtype_call,
              .new = dtype_new},
    .getsets = dtype_getsets,
};

/* ---- helpers ---- */

static Array *to_array(Interp *I, Value v) {
    return arr_from_value(I, v, -1);
}

/* The same, without bringing a CUDA array's host copy up to date: for the functions whose
 * entry points (arr_binary, arr_reduce, arr_matmul, ...) have a CUDA path and sync the
 * host themselves when they fall back to the CPU code. */
static Array *to_array_dev(Interp *I, Value v) {
    return is_array(I, v) ? arr_raw(v) : arr_from_value(I, v, -1);
}

static Value wrap(Interp *I, Array *a) {
    return a ? v_obj(a) : V_NULL;
}

/* ---- creation ---- */

/* A leading-ones view with at least ndmin axes (np.array's ndmin=). */
static Array *with_ndmin(Interp *I, Array *a, Value ndminv) {
    int64_t ndmin = 0;
    if (!is_null(ndminv) && obj_index(I, ndminv, &ndmin) < 0) return NULL;
    if (ndmin > ARR_MAXDIM) {
        err_format(I, TY_VALUE_ERROR,
                   "ndmin bigger than allowable number of dimensions NPY_MAXDIMS (=%d)",
                   ARR_MAXDIM);
        return NULL;
    }
    if (a->ndim >= ndmin) return a;
    int64_t shape[ARR_MAXDIM], st[ARR_MAXDIM];
    int pad = (int)ndmin - a->ndim;
    for (int d = 0; d < ndmin; d++) {
        shape[d] = d < pad ? 1 : a->shape[d - pad];
        st[d] = d < pad ? 0 : a->strides[d - pad];
    }
    return arr_view(I, a, (int)ndmin, shape, st, a->data, a->dtype);
}

/* np.array and np.asarray: copy is True (always), None (when needed) or False (never, else
 * ValueError); order 'K'/'A' keep a Fortran-ordered source so, 'C'/'F' ask for one. */
static Value make_array(Interp *I, Value obj, Value dtv, Value copyv, Value orderv, Value ndminv,
                        Value like, int copy_dflt) {
    if (!is_null(like) && !is_none(like) && !is_array(I, like))
        return err_format(I, TY_TYPE_ERROR,
                          "The `like` argument must be an array-like that implements the "
                          "`__array_function__` protocol.");
    int dt = arr_dtype_arg(I, dtv, -1);
    if (dt < 0 && err_occurred(I)) return V_NULL;
    int order = arr_order_arg(I, orderv, 'K', "CFAK");
    if (order < 0) return V_NULL;
    int copy = copy_dflt;
    if (!is_null(copyv)) copy = is_none(copyv) ? -1 : obj_truthy(I, copyv);
    if (copy == -1 && err_occurred(I)) return V_NULL;
    Array *a;
    if (is_array(I, obj)) {
        Array *src = as_array(obj);
        int want = dt < 0 ? src->dtype : dt;
        /* 'K' keeps any layout: np.asarray(view) is the view itself, as NumPy's */
        bool fits = want == src->dtype && (order == 'K' || arr_has_order(src, (char)order));
        if (copy == 0 && !fits)
            return err_format(I, TY_VALUE_ERROR,
                              "Unable to avoid copy while creating an array as requested.\n"
                              "If using `np.array(obj, copy=False)` replace it with "
                              "`np.asarray(obj)` to allow a copy when needed (no behavior change "
                              "in NumPy 1.x).\nFor more details, see "
                              "https://numpy.org/devdocs/numpy_2_0_migration_guide.html"
                              "#adapting-to-changes-in-the-copy-keyword.");
        a = fits && copy != 1 ? src : arr_copy_order(I, src, want, (char)order);
    } else {
        if (copy == 0)
            return err_format(I, TY_VALUE_ERROR,
                              "Unable to avoid copy while creating an array as requested.\n"
                              "If using `np.array(obj, copy=False)` replace it with "
                              "`np.asarray(obj)` to allow a copy when needed (no behavior change "
                              "in NumPy 1.x).\nFor more details, see "
                              "https://numpy.org/devdocs/numpy_2_0_migration_guide.html"
                              "#adapting-to-changes-in-the-copy-keyword.");
        a = arr_from_value(I, obj, dt);
        if (a && order == 'F') a = arr_copy_order(I, a, a->dtype, 'F');
    }
    return a ? wrap(I, with_ndmin(I, a, ndminv)) : V_NULL;
}

/* array(object, dtype=None, *, copy=True, order='K', subok=False, ndmin=0, like=None):
 * subok and like change nothing, as krait has one array type. */
static Value f_array(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"object", "dtype", "copy", "order",
                                        "subok",  "ndmin", "like"};
    Value o[7];
    if (!arg_parse(I, "array", argc, argv, kw, names, 7, 1, 2, o)) return V_NULL;
    if (!is_null(o[4]) && obj_truthy(I, o[4]) < 0) return V_NULL;
    return make_array(I, o[0], o[1], o[2], o[3], o[5], o[6], 1);
}

/* asarray(a, dtype=None, order=None, *, copy=None, like=None, device=None): device (an int
 * or a gpu.Device) puts the result there (a copy when a lives elsewhere) */
static Value f_asarray(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"a", "dtype", "order", "copy", "like", "device"};
    Value o[6];
    if (!arg_parse(I, "asarray", argc, argv, kw, names, 6, 1, 3, o)) return V_NULL;
    int dev = 0;
    bool on = !is_null(o[5]) && !is_none(o[5]);
    if (on && gpu_device_arg(I, o[5], &dev) < 0) return V_NULL;
    Value r = make_array(I, o[0], o[1], o[3], o[2], V_NULL, o[4], -1);
    return !on || is_null(r) ? r : arr_to_device(I, arr_raw(r), dev);
}

/* zeros/ones/empty(shape, dtype=float, order='C') */
static Value filled(Interp *I, const char *fname, int argc, Value *argv, Tuple *kw, int what) {
    static const char *const names[] = {"shape", "dtype", "order"};
    Value o[3];
    if (!arg_parse(I, fname, argc, argv, kw, names, 3, 1, 3, o)) return V_NULL;
    int64_t shape[ARR_MAXDIM];
    int nd = arr_shape_arg(I, o[0], shape);
    int dt = nd < 0 ? -1 : arr_dtype_arg(I, o[1], DT_FLOAT64);
    int order = dt < 0 ? -1 : arr_order_arg(I, o[2], 'C', "CF");
    if (order < 0) return V_NULL;
    return wrap(I, arr_backend(I)->full(I, dt, nd, shape, (char)order, v_int(what == 1)));
}
static Value f_zeros(Interp *I, int argc, Value *argv, Tuple *kw) {
    return filled(I, "zeros", argc, argv, kw, 0);
}
static Value f_empty(Interp *I, int argc, Value *argv, Tuple *kw) {
    return filled(I, "empty", argc, argv, kw, 0);
}
static Value f_ones(Interp *I, int argc, Value *argv, Tuple *kw) {
    return filled(I, "ones", argc, argv, kw, 1);
}

static int scalar_dtype(Interp *I, Value v) {
    if (is_bool(v)) return DT_BOOL;
    if (is_int(I, v)) return DT_INT64;
    if (is_array(I, v)) return as_array(v)->dtype;
    return DT_FLOAT64;
}

/* full(shape, fill_value, dtype=None, order='C') */
static Value f_full(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"shape", "fill_value", "dtype", "order"};
    Value o[4];
    if (!arg_parse(I, "full", argc, argv, kw, names, 4, 2, 4, o)) return V_NULL;
    int64_t shape[ARR_MAXDIM];
    int nd = arr_shape_arg(I, o[0], shape);
    int dt = nd < 0 ? -1 : arr_dtype_arg(I, o[2], scalar_dtype(I, o[1]));
    int order = dt < 0 ? -1 : arr_order_arg(I, o[3], 'C', "CF");
    if (order < 0) return V_NULL;
    return wrap(I, arr_backend(I)->full(I, dt, nd, shape, (char)order, o[1]));
}

/* zeros_like(a, dtype=None, order='K', subok=True, shape=None) and full_like(a, fill_value,
 * ...): subok changes nothing (one array type). */
static Value like(Interp *I, const char *fname, int argc, Value *argv, Tuple *kw, int what) {
    static const char *const names[] = {"a", "fill_value", "dtype", "order", "subok", "shape"};
    Value o[6];
    if (what == 2) {
        if (!arg_parse(I, fname, argc, argv, kw, names, 6, 2, 6, o)) return V_NULL;
    } else {
        static const char *const names2[] = {"a", "dtype", "order", "subok", "shape"};
        Value t[5];
        if (!arg_parse(I, fname, argc, argv, kw, names2, 5, 1, 5, t)) return V_NULL;
        o[0] = t[0];
        o[1] = V_NULL;
        memcpy(o + 2, t + 1, sizeof(Value) * 4);
    }
    Array *src = to_array(I, o[0]);
    if (!src) return V_NULL;
    int dt = arr_dtype_arg(I, o[2], src->dtype);
    int order = dt < 0 ? -1 : arr_order_arg(I, o[3], 'K', "CFAK");
    if (order < 0 || (!is_null(o[4]) && obj_truthy(I, o[4]) < 0)) return V_NULL;
    int64_t shape[ARR_MAXDIM];
    int nd = src->ndim;
    memcpy(shape, src->shape, sizeof shape);
    if (!is_null(o[5]) && !is_none(o[5])) {
        nd = arr_shape_arg(I, o[5], shape);
        if (nd < 0) return V_NULL;
    }
    if (order == 'A' || order == 'K')
        order = nd == src->ndim && arr_is_f_contiguous(src) && !arr_is_contiguous(src) ? 'F' : 'C';
    Array *a = arr_new_order(I, dt, nd, shape, (char)order);
    if (!a) return V_NULL;
    if (what == 1 && arr_assign(I, a, v_int(1)) < 0) return V_NULL;
    if (what == 2 && arr_assign(I, a, o[1]) < 0) return V_NULL;
    return v_obj(a);
}
static Value f_zeros_like(Interp *I, int argc, Value *argv, Tuple *kw) {
    return like(I, "zeros_like", argc, argv, kw, 0);
}
static Value f_empty_like(Interp *I, int argc, Value *argv, Tuple *kw) {
    return like(I, "empty_like", argc, argv, kw, 0);
}
static Value f_ones_like(Interp *I, int argc, Value *argv, Tuple *kw) {
    return like(I, "ones_like", argc, argv, kw, 1);
}
static Value f_full_like(Interp *I, int argc, Value *argv, Tuple *kw) {
    return like(I, "full_like", argc, argv, kw, 2);
}

static Value f_arange(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"start", "stop", "step", "dtype"};
    Value o[4];
    if (!arg_parse(I, "arange", argc, argv, kw, names, 4, 1, 3, o)) return V_NULL;
    Value start = o[0], stop = o[1], step = o[2];
    if (is_null(stop) || is_none(stop)) {
        stop = start;
        start = v_int(0);
    }
    if (is_null(step)) step = v_int(1);
    int dt = DT_INT64;
    if (!is_int(I, start) || !is_int(I, stop) || !is_int(I, step)) dt = DT_FLOAT64;
    dt = arr_dtype_arg(I, o[3], dt);
    if (dt < 0) return V_NULL;
    double a, b, s;
    if (!num_to_double(I, start, &a) || !num_to_double(I, stop, &b) || !num_to_double(I, step, &s))
        return V_NULL;
    if (s == 0) return err_format(I, TY_ZERO_DIVISION_ERROR, "division by zero");
    double span = ceil((b - a) / s);
    if (span != span || span > 9e15)
        return err_format(I, TY_VALUE_ERROR, "Maximum allowed size exceeded");
    int64_t n = (int64_t)span;
    if (n < 0) n = 0;
    return wrap(I, arr_backend(I)->arange(I, dt, n, start, step, a, s));
}

/* A linspace end point: a NumPy scalar (np.int64(0), np.float32(1)) as a Python float;
 * numbers and what is no number (a str: num_to_double's TypeError) as they are. */
static Value lin_number(Interp *I, Value v) {
    if (v.tag == KR_TFLOAT || is_int(I, v) || is_str(I, v) || !is_obj(v)) return v;
    return float_from_value(I, v);
}

static Value f_linspace(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"start",   "stop",  "num", "endpoint",
                                        "retstep", "dtype", "axis"};
    Value o[7];
    if (!arg_parse(I, "linspace", argc, argv, kw, names, 7, 2, 7, o)) return V_NULL;
    /* start and stop are numbers, so the samples are one axis: axis may name only it */
    int64_t axis = 0;
    if (!is_null(o[6]) && obj_index(I, o[6], &axis) < 0) return V_NULL;
    if (axis < -1 || axis > 0) {
        arr_axis_error(I, axis, 1, "destination");
        return V_NULL;
    }
    double a, b;
    int64_t n = 50;
    /* NumPy scalars (np.int64(0), np.float32(1)) count as numbers too */
    Value fa = lin_number(I, o[0]), fb = is_null(fa) ? fa : lin_number(I, o[1]);
    if (is_null(fb) || !num_to_double(I, fa, &a) || !num_to_double(I, fb, &b)) return V_NULL;
    if (!is_null(o[2]) && obj_index(I, o[2], &n) < 0) return V_NULL;
    if (n < 0)
        return err_format(I, TY_VALUE_ERROR,
                          "Number of samples, %lld, must be "
                          "non-negative.",
                          (long long)n);
    bool endpoint = is_null(o[3]) || obj_truthy(I, o[3]) == 1;
    int dt = arr_dtype_arg(I, o[5], DT_FLOAT64);
    if (dt < 0) return V_NULL;
    Array *r = arr_new(I, dt, 1, &n);
    if (!r) return V_NULL;
    int64_t div = endpoint ? n - 1 : n;
    double step = div > 0 ? (b - a) / (double)div : NAN;
    int isz = arr_dtypes[dt].size, over = 0;
    bool narrow = dt == DT_FLOAT32 || dt == DT_FLOAT16 || dt == DT_BFLOAT16;
    for (int64_t i = 0; i < n; i++) {
        double x = div > 0 ? a + (double)i * step : a;
        if (endpoint && n > 1 && i == n - 1) x = b;
        arr_store_f(r->data + i * isz, dt, dt_is_int(dt) ? floor(x) : x);
        if (narrow && isfinite(x) && isinf(arr_load_f(r->data + i * isz, dt))) over = 1;
    }
    /* NumPy computes in float64 and casts: "overflow encountered in cast" */
    if (over && arr_fpe_report(I, ARR_FPE_OVER, "cast", false) < 0) return V_NULL;
    if (!is_null(o[4]) && obj_truthy(I, o[4]) == 1) {
        Tuple *t = tuple_pack(I, 2, v_obj(r), v_float(step));
        return t ? v_obj(t) : V_NULL;
    }
    return v_obj(r);
}

static Value f_eye(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"N", "M", "k", "dtype", "order"};
    Value o[5];
    if (!arg_parse(I, "eye", argc, argv, kw, names, 5, 1, 5, o)) return V_NULL;
    int order = arr_order_arg(I, o[4], 'C', "CF");
    if (order < 0) return V_NULL;
    int64_t s[2], k = 0;
    if (obj_index(I, o[0], &s[0]) < 0) return V_NULL;
    s[1] = s[0];
    if (!is_null(o[1]) && !is_none(o[1]) && obj_index(I, o[1], &s[1]) < 0) return V_NULL;
    if (!is_null(o[2]) && obj_index(I, o[2], &k) < 0) return V_NULL;
    int dt = arr_dtype_arg(I, o[3], DT_FLOAT64);
    Array *r = dt < 0 ? NULL : arr_new_order(I, dt, 2, s, (char)order);
    if (!r) return V_NULL;
    for (int64_t i = 0; i < s[0]; i++)
        if (i + k >= 0 && i + k < s[1])
            arr_store_i(r->data + i * r->strides[0] + (i + k) * r->strides[1], dt, 1);
    return v_obj(r);
}

/* ---- ufuncs ---- */

/* A ufunc's x (or x1, x2) and out, positional or out=; the other ufunc keywords (where,
 * casting, order, dtype, subok) are not implemented and raise TypeError. */
static bool ufunc_args(Interp *I, const char *name, int nin, int argc, Value *argv, Tuple *kw,
                       Value *in, Array **out) {
    static const char *const names1[] = {"x", "out"};
    static const char *const names2[] = {"x1", "x2", "out"};
    Value o[3];
    if (!arg_parse(I, name, argc, argv, kw, nin == 1 ? names1 : names2, nin + 1, nin, nin + 1, o))
        return false;
    for (int i = 0; i < nin; i++)
        in[i] = o[i];
    return arr_out_arg(I, o[nin], out) >= 0;
}

/* A unary ufunc's out= must be the shape the input broadcasts to together with it. */
static bool out_fits(Interp *I, Value x, Array *out) {
    Array *a = to_array_dev(I, x);
    if (!a) return false;
    Array *ab[2] = {a, out};
    int nd;
    int64_t shape[ARR_MAXDIM];
    if (arr_broadcast_shapes(I, 2, ab, &nd, shape) < 0) return false;
    if (nd == out->ndim && !memcmp(shape, out->shape, sizeof(int64_t) * (size_t)nd)) return true;
    char s1[200], s2[200];
    arr_shape_text(s1, sizeof s1, out->ndim, out->shape);
    arr_shape_text(s2, sizeof s2, nd, shape);
    err_format(I, TY_VALUE_ERROR,
               "non-broadcastable output operand with shape %s doesn't match the broadcast "
               "shape %s",
               s1, s2);
    return false;
}

#define UNARY(fn, name, op)                                                                        \
    static Value fn(Interp *I, int argc, Value *argv, Tuple *kw) {                                 \
        Value x;                                                                                   \
        Array *out;                                                                                \
        if (!ufunc_args(I, name, 1, argc, argv, kw, &x, &out)) return V_NULL;                      \
        if (out && !out_fits(I, x, out)) return V_NULL;                                            \
        Value r = arr_unary(I, x, op, out);                                                        \
        if (!is_null(r) && !out && is_array(I, r) && arr_raw(r)->ndim == 0)                        \
            return arr_scalar_new(I, as_array(r)->data, as_array(r)->dtype);                       \
        return r;                                                                                  \
    }
UNARY(f_exp, "exp", ARR_U_EXP)
UNARY(f_log, "log", ARR_U_LOG)
UNARY(f_log2, "log2", ARR_U_LOG2)
UNARY(f_log10, "log10", ARR_U_LOG10)
UNARY(f_sqrt, "sqrt", ARR_U_SQRT)
UNARY(f_sin, "sin", ARR_U_SIN)
UNARY(f_cos, "cos", ARR_U_COS)
UNARY(f_tan, "tan", ARR_U_TAN)
UNARY(f_tanh, "tanh", ARR_U_TANH)
UNARY(f_sinh, "sinh", ARR_U_SINH)
UNARY(f_cosh, "cosh", ARR_U_COSH)
UNARY(f_log1p, "log1p", ARR_U_LOG1P)
UNARY(f_expm1, "expm1", ARR_U_EXPM1)
UNARY(f_arcsin, "arcsin", ARR_U_ARCSIN)
UNARY(f_arccos, "arccos", ARR_U_ARCCOS)
UNARY(f_arctan, "arctan", ARR_U_ARCTAN)
UNARY(f_arcsinh, "arcsinh", ARR_U_ARCSINH)
UNARY(f_arccosh, "arccosh", ARR_U_ARCCOSH)
UNARY(f_arctanh, "arctanh", ARR_U_ARCTANH)
UNARY(f_abs, "absolute", ARR_U_ABS)
UNARY(f_sign, "sign", ARR_U_SIGN)
UNARY(f_floor, "floor", ARR_U_FLOOR)
UNARY(f_ceil, "ceil", ARR_U_CEIL)
UNARY(f_rint, "rint", ARR_U_ROUND)
UNARY(f_isnan, "isnan", ARR_U_ISNAN)
UNARY(f_isinf, "isinf", ARR_U_ISINF)
UNARY(f_isfinite, "isfinite", ARR_U_ISFINITE)
UNARY(f_negative, "negative", ARR_U_NEG)
UNARY(f_logical_not, "logical_not", ARR_U_NOT)
UNARY(f_invert, "invert", ARR_U_INVERT)

/* A ufunc's 0-d result is a scalar, as in NumPy (np.sqrt(np.array(4.0)) is np.float64(2.0)) */
static Value scalarize(Interp *I, Value r, Value a, Value b) {
    (void)a, (void)b;
    if (!is_null(r) && is_array(I, r) && arr_raw(r)->ndim == 0)
        return arr_scalar_new(I, as_array(r)->data, as_array(r)->dtype);
    return r;
}

#define BINARY(fn, name, op)                                                                       \
    static Value fn(Interp *I, int argc, Value *argv, Tuple *kw) {                                 \
        Value x[2];                                                                                \
        Array *out;                                                                                \
        if (!ufunc_args(I, name, 2, argc, argv, kw, x, &out)) return V_NULL;                       \
        Value r = arr_binary(I, x[0], x[1], op, out);                                              \
        if (!is_null(r) && !is_array(I, r)) {                                                      \
            Array *a = to_array(I, x[0]), *b = a ? to_array(I, x[1]) : NULL;                       \
            if (!b) return V_NULL;                                                                 \
            r = arr_binary(I, v_obj(a), v_obj(b), op, out);                                        \
        }                                                                                          \
        return out ? r : scalarize(I, r, x[0], x[1]);                                              \
    }
BINARY(f_add, "add", BIN_ADD)
BINARY(f_subtract, "subtract", BIN_SUB)
BINARY(f_multiply, "multiply", BIN_MUL)
BINARY(f_divide, "divide", BIN_TRUEDIV)
BINARY(f_floor_divide, "floor_divide", BIN_FLOORDIV)
BINARY(f_mod, "remainder", BIN_MOD)
BINARY(f_power, "power", BIN_POW)
BINARY(f_maximum, "maximum", ARR_OP_MAXIMUM)
BINARY(f_minimum, "minimum", ARR_OP_MINIMUM)
BINARY(f_arctan2, "arctan2", ARR_OP_ARCTAN2)
BINARY(f_logical_and, "logical_and", ARR_OP_LOGAND)
BINARY(f_logical_or, "logical_or", ARR_OP_LOGOR)
BINARY(f_bitwise_and, "bitwise_and", BIN_AND)
BINARY(f_bitwise_or, "bitwise_or", BIN_OR)
BINARY(f_bitwise_xor, "bitwise_xor", BIN_XOR)
BINARY(f_left_shift, "left_shift", BIN_LSHIFT)
BINARY(f_right_shift, "right_shift", BIN_RSHIFT)

#define COMPARE(fn, name, op)                                                                      \
    static Value fn(Interp *I, int argc, Value *argv, Tuple *kw) {                                 \
        Value x[2];                                                                                \
        Array *out;                                                                                \
        if (!ufunc_args(I, name, 2, argc, argv, kw, x, &out)) return V_NULL;                       \
        Value r;                                                                                   \
        if (is_array(I, x[0]) || is_array(I, x[1])) {                                              \
            r = arr_compare(I, x[0], x[1], op);                                                    \
        } else {                                                                                   \
            Array *a = to_array_dev(I, x[0]), *b = a ? to_array_dev(I, x[1]) : NULL;               \
            if (!b) return V_NULL;                                                                 \
            r = arr_compare(I, v_obj(a), v_obj(b), op);                                            \
        }                                                                                          \
        return out ? arr_store_out(I, r, out, name) : scalarize(I, r, x[0], x[1]);                 \
    }
COMPARE(f_equal, "equal", CMP_EQ)
COMPARE(f_not_equal, "not_equal", CMP_NE)
COMPARE(f_less, "less", CMP_LT)
COMPARE(f_less_equal, "less_equal", CMP_LE)
COMPARE(f_greater, "greater", CMP_GT)
COMPARE(f_greater_equal, "greater_equal", CMP_GE)

/* nonzero(a): a tuple of int64 index arrays, one per axis. */
static Value f_nonzero(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"a"};
    Value o[1];
    if (!arg_parse(I, "nonzero", argc, argv, kw, names, 1, 1, 1, o)) return V_NULL;
    Array *a = to_array_dev(I, o[0]);
    if (!a) return V_NULL;
    if (a->ndim == 0)
        return err_format(I, TY_VALUE_ERROR,
                          "Calling nonzero on 0d arrays is not allowed. Use "
                          "np.atleast_1d(scalar).nonzero() instead. If the context of this "
                          "error is of the form `arr[nonzero(cond)]`, just use `arr[cond]`.");
    const ArrBackend *be = arr_backend(I);
    if (be->nonzero) {
        Value d = be->nonzero(I, a);
        if (!is_null(d) || err_occurred(I)) return d;
    }
    if (arr_host(I, a) < 0) return V_NULL;
    int64_t cnt = 0;
    ArrIter it;
    arr_iter_init(&it, a);
    for (int64_t i = 0; i < a->size; i++, arr_iter_next(&it, a))
        cnt += arr_load_f(it.p, a->dtype) != 0;
    Tuple *t = tuple_new(I, (size_t)a->ndim);
    if (!t) return V_NULL;
    for (int d = 0; d < a->ndim; d++) {
        Array *r = arr_new(I, DT_INT64, 1, &cnt);
        if (!r) return V_NULL;
        t->items[d] = v_obj(r);
    }
    int64_t k = 0;
    arr_iter_init(&it, a);
    for (int64_t i = 0; i < a->size; i++, arr_iter_next(&it, a)) {
        if (arr_load_f(it.p, a->dtype) == 0) continue;
        for (int d = 0; d < a->ndim; d++)
            ((int64_t *)as_array(t->items[d])->data)[k] = it.idx[d];
        k++;
    }
    return v_obj(t);
}

static Value f_where(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_kw_reject(I, "where", kw)) return V_NULL;
    if (argc == 1) return f_nonzero(I, argc, argv, kw);
    if (argc == 2)
        return err_format(I, TY_VALUE_ERROR, "either both or neither of x and y should be given");
    if (!arg_count(I, "where", argc, 1, 3)) return V_NULL;
    return arr_where(I, argv[0], argv[1], argv[2]);
}

/* clip(a, a_min=None, a_max=None, out=None, *, min=None, max=None) */
static Value f_clip(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"a", "a_min", "a_max", "out", "min", "max"};
    Value o[6];
    if (!arg_parse(I, "clip", argc, argv, kw, names, 6, 1, 4, o)) return V_NULL;
    bool have_a = !is_null(o[1]) || !is_null(o[2]), have_m = !is_null(o[4]) || !is_null(o[5]);
    if (have_a && have_m)
        return err_format(I, TY_VALUE_ERROR,
                          "Passing `min` or `max` keyword argument when `a_min` and `a_max` are "
                          "provided is forbidden.");
    Value lo = have_m ? o[4] : o[1], hi = have_m ? o[5] : o[2];
    lo = is_null(lo) ? V_NONE : lo;
    hi = is_null(hi) ? V_NONE : hi;
    Array *out;
    Array *a = to_array_dev(I, o[0]);
    if (!a || arr_out_arg(I, o[3], &out) < 0) return V_NULL;
    Value r =
        is_none(lo) && is_none(hi) ? arr_astype(I, a, a->dtype) : arr_clip(I, v_obj(a), lo, hi);
    return arr_store_out(I, r, out, "clip");
}

static Value f_round(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"a", "decimals", "out"};
    Value o[3];
    if (!arg_parse(I, "round", argc, argv, kw, names, 3, 1, 3, o)) return V_NULL;
    int64_t d = 0;
    Array *out;
    if ((!is_null(o[1]) && obj_index(I, o[1], &d) < 0) || arr_out_arg(I, o[2], &out) < 0)
        return V_NULL;
    Array *a = to_array(I, o[0]);
    if (!a) return V_NULL;
    Value r = arr_round(I, a, (int)d);
    if (out) return arr_store_out(I, r, out, "round");
    return is_array(I, o[0]) ? r : scalarize(I, r, o[0], o[0]);
}

/* matmul(x1, x2, /, out=None) */
static Value f_matmul(Interp *I, int argc, Value *argv, Tuple *kw) {
    Value x[2];
    Array *out;
    if (!ufunc_args(I, "matmul", 2, argc, argv, kw, x, &out)) return V_NULL;
    Array *a = to_array_dev(I, x[0]), *b = a ? to_array_dev(I, x[1]) : NULL;
    Value r = b ? arr_matmul(I, a, b) : V_NULL;
    if (is_null(r) || !out) return r;
    Array *ra = is_array(I, r) ? arr_raw(r) : NULL;
    if (ra && ra->ndim == out->ndim)
        for (int d = ra->ndim - (b->ndim == 1 ? 1 : 2), c = 0; d < ra->ndim; d++, c++)
            if (d >= 0 && ra->shape[d] != out->shape[d])
                return err_format(I, TY_VALUE_ERROR,
                                  "matmul: Output operand 0 has a mismatch in its core dimension "
                                  "%d, with gufunc signature (n?,k),(k,m?)->(n?,m?) (size %lld is "
                                  "different from %lld)",
                                  c, (long long)out->shape[d], (long long)ra->shape[d]);
    return arr_store_out(I, r, out, "matmul");
}

/* dot(a, b, out=None) */
static Value f_dot(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"a", "b", "out"};
    Value o[3];
    if (!arg_parse(I, "dot", argc, argv, kw, names, 3, 2, 3, o)) return V_NULL;
    Array *out;
    if (arr_out_arg(I, o[2], &out) < 0) return V_NULL;
    Array *a = to_array_dev(I, o[0]), *b = a ? to_array_dev(I, o[1]) : NULL;
    if (!b) return V_NULL;
    Value r = a->ndim == 0 || b->ndim == 0 ? arr_binary(I, v_obj(a), v_obj(b), BIN_MUL, NULL)
                                           : arr_matmul(I, a, b);
    return arr_store_out_exact(I, r, out);
}

/* ---- reductions as functions ---- */

/* np.sum(a, ...) is a.sum(...) on the array a (the signatures: gpu/array/array_args.c); a
 * is taken by position only. */
static Value reduce_fn(Interp *I, const char *name, int kind, int argc, Value *argv, Tuple *kw) {
    if (argc == 0)
        return err_format(I, TY_TYPE_ERROR, "%s() missing required argument 'a' (pos 1)", name);
    Array *arr = to_array_dev(I, argv[0]);
    return arr ? arr_reduce_call(I, name, kind, arr, argc - 1, argv + 1, kw) : V_NULL;
}
#define REDUCE(fn, name, kind)                                                                     \
    static Value fn(Interp *I, int argc, Value *argv, Tuple *kw) {                                 \
        return reduce_fn(I, name, kind, argc, argv, kw);                                           \
    }
REDUCE(f_sum, "sum", RED_SUM)
REDUCE(f_prod, "prod", RED_PROD)
REDUCE(f_min, "min", RED_MIN)
REDUCE(f_max, "max", RED_MAX)
REDUCE(f_mean, "mean", RED_MEAN)
REDUCE(f_var, "var", RED_VAR)
REDUCE(f_std, "std", RED_STD)
REDUCE(f_all, "all", RED_ALL)
REDUCE(f_any, "any", RED_ANY)
REDUCE(f_argmin, "argmin", RED_ARGMIN)
REDUCE(f_argmax, "argmax", RED_ARGMAX)
REDUCE(f_cumsum, "cumsum", RED_CUMSUM)
REDUCE(f_cumprod, "cumprod", RED_CUMPROD)

/* keepdims for median/percentile: the reduced axis (every axis for axis=None) back as
 * length 1, after the q axes. */
static Value quantile_finish(Interp *I, Value r, Array *a, Value axis, Value keepv, Array *out,
                             const char *name) {
    if (is_null(r)) return r;
    int keep = is_null(keepv) ? 0 : obj_truthy(I, keepv);
    if (keep < 0) return V_NULL;
    if (keep) {
        Array *ra = is_array(I, r) ? as_array(r) : arr_from_value(I, r, -1);
        if (!ra) return V_NULL;
        int64_t shape[ARR_MAXDIM];
        int qnd = ra->ndim - (is_null(axis) || is_none(axis) ? 0 : a->ndim - 1), nd = 0;
        for (int d = 0; d < qnd; d++)
            shape[nd++] = ra->shape[d];
        int64_t ax = -1;
        if (!is_null(axis) && !is_none(axis) && obj_index(I, axis, &ax) < 0) return V_NULL;
        if (ax < 0) ax += a->ndim;
        bool all = is_null(axis) || is_none(axis);
        for (int d = 0; d < a->ndim; d++)
            shape[nd++] = all || d == ax ? 1 : a->shape[d];
        Array *k = arr_reshape(I, ra, nd, shape);
        if (!k) return V_NULL;
        r = v_obj(k);
    }
    return arr_store_out(I, r, out, name);
}

/* median(a, axis=None, out=None, overwrite_input=False, keepdims=False): the input is never
 * overwritten, which overwrite_input allows. */
static Value f_median(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"a", "axis", "out", "overwrite_input", "keepdims"};
    Value o[5];
    if (!arg_parse(I, "median", argc, argv, kw, names, 5, 1, 5, o)) return V_NULL;
    Array *a = to_array(I, o[0]), *out;
    if (!a || arr_out_arg(I, o[2], &out) < 0 || (!is_null(o[3]) && obj_truthy(I, o[3]) < 0))
        return V_NULL;
    Value r = arr_quantile(I, a, V_NULL, o[1], true);
    if (is_null(r)) return r;
    /* NumPy's median of no elements is a mean of them: its warnings ("Mean of empty
     * slice", then the division's, for a result with elements; "scalar divide" for a
     * float64 scalar) */
    int64_t count = a->size, ax;
    if (!is_null(o[1]) && !is_none(o[1]) && obj_index(I, o[1], &ax) == 0 && a->ndim > 0)
        count = a->shape[ax < 0 ? ax + a->ndim : ax];
    if (count == 0) {
        bool scalar = !is_array(I, r),
             f64 = arr_is_scalar(I, r) && arr_scalar_dtype(I, r) == DT_FLOAT64;
        int64_t nout = is_array(I, r) ? as_array(r)->size : 1;
        if (arr_warn_runtime(I, "Mean of empty slice") < 0 ||
            (nout > 0 && arr_fpe_report(I, ARR_FPE_INVALID, "divide", scalar && f64) < 0))
            return V_NULL;
    }
    return quantile_finish(I, r, a, o[1], o[4], out, "median");
}
/* percentile(a, q, axis=None, out=None, overwrite_input=False, method='linear',
 * keepdims=False): only the linear method. */
static Value f_percentile(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"a",      "q",       "axis", "out", "overwrite_input",
                                        "method", "keepdims"};
    Value o[7];
    if (!arg_parse(I, "percentile", argc, argv, kw, names, 7, 2, 7, o)) return V_NULL;
    Array *a = to_array(I, o[0]), *out;
    if (!a || arr_out_arg(I, o[3], &out) < 0 || (!is_null(o[4]) && obj_truthy(I, o[4]) < 0))
        return V_NULL;
    if (!is_null(o[5]) && (!is_str(I, o[5]) || strcmp(as_str(o[5])->data, "linear") != 0))
        return err_format(I, TY_NOT_IMPLEMENTED_ERROR,
                          "percentile: only method='linear' is implemented in krait");
    return quantile_finish(I, arr_quantile(I, a, o[1], o[2], false), a, o[2], o[6], out,
                           "percentile");
}

/* ---- shape functions ---- */

/* np.f(a, ...) as a.f(...) for the methods whose signatures are NumPy's functions' */
static Value as_method(Interp *I, const char *name, int argc, Value *argv, Tuple *kw) {
    if (argc == 0)
        return err_format(I, TY_TYPE_ERROR, "%s() missing required argument 'a' (pos 1)", name);
    Array *a = to_array_dev(I, argv[0]);
    Str *k = a ? str_intern_cstr(I, name) : NULL;
    Value m = k ? type_lookup(I, I->types[TY_ARRAY], k) : V_NULL;
    if (is_null(m)) return V_NULL;
    return obj_call_prepend(I, m, v_obj(a), argc - 1, argv + 1, kw);
}

/* a.name(pos..., key=val...) for the present (non-NULL) keyword values */
static Value call_method_kw(Interp *I, const char *name, Value a, int npos, const Value *pos,
                            int nkw, const char *const *keys, const Value *vals) {
    Value args[8];
    int n = 0, k = 0;
    for (int i = 0; i < npos; i++)
        args[n++] = pos[i];
    for (int i = 0; i < nkw; i++)
        if (!is_null(vals[i])) k++;
    Tuple *kt = tuple_new(I, (size_t)k);
    if (!kt) return V_NULL;
    for (int i = 0, j = 0; i < nkw; i++) {
        if (is_null(vals[i])) continue;
        Str *key = str_intern_cstr(I, keys[i]);
        if (!key) return V_NULL;
        kt->items[j++] = v_obj(key);
        args[n++] = vals[i];
    }
    Str *mname = str_intern_cstr(I, name);
    Value m = mname ? type_lookup(I, I->types[TY_ARRAY], mname) : V_NULL;
    return is_null(m) ? V_NULL : obj_call_prepend(I, m, a, npos, args, kt);
}

/* reshape(a, /, shape, order='C', *, copy=None) */
static Value f_reshape(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"a", "shape", "order", "copy"};
    Value o[4];
    if (!arg_parse(I, "reshape", argc, argv, kw, names, 4, 2, 3, o)) return V_NULL;
    Array *a = to_array_dev(I, o[0]);
    return a ? call_method_kw(I, "reshape", v_obj(a), 1, o + 1, 2, names + 2, o + 2) : V_NULL;
}
static Value f_ravel(Interp *I, int argc, Value *argv, Tuple *kw) {
    return as_method(I, "ravel", argc, argv, kw);
}
/* transpose(a, axes=None) */
static Value f_transpose(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"a", "axes"};
    Value o[2];
    if (!arg_parse(I, "transpose", argc, argv, kw, names, 2, 1, 2, o)) return V_NULL;
    Value args[2] = {o[0], is_null(o[1]) ? V_NONE : o[1]};
    return as_method(I, "transpose", 2, args, NULL);
}
/* _broadcast_view(a, shape): np.broadcast_to's read-only view (stride 0 along the axes it
 * repeats); the caller (_numpy_math.broadcast_to) has checked that a broadcasts to shape. */
static Value f_broadcast_view(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"a", "shape"};
    Value o[2];
    if (!arg_parse(I, "_broadcast_view", argc, argv, kw, names, 2, 2, 2, o)) return V_NULL;
    Array *a = to_array(I, o[0]);
    int64_t shape[ARR_MAXDIM], st[ARR_MAXDIM];
    int nd = a ? arr_shape_arg(I, o[1], shape) : -1;
    if (nd < 0) return V_NULL;
    if (nd < a->ndim) return err_format(I, TY_VALUE_ERROR, "cannot broadcast to fewer dims");
    for (int d = 0; d < nd; d++) {
        int ad = d - (nd - a->ndim);
        if (ad >= 0 && a->shape[ad] != shape[d] && a->shape[ad] != 1)
            return err_format(I, TY_VALUE_ERROR, "cannot broadcast axis %d", d);
        st[d] = ad < 0 || a->shape[ad] == 1 ? 0 : a->strides[ad];
    }
    Array *v = arr_view(I, a, nd, shape, st, a->data, a->dtype);
    if (!v) return V_NULL;
    v->readonly = true;
    return v_obj(v);
}

/* _writeable(a[, flag]): whether a may be written; with flag, a.flags.writeable = flag
 * (NumPy's refusal: True on a view of a read-only array). */
static Value f_writeable(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"a", "flag"};
    Value o[2];
    if (!arg_parse(I, "_writeable", argc, argv, kw, names, 2, 1, 2, o)) return V_NULL;
    Array *a = to_array(I, o[0]);
    if (!a) return V_NULL;
    if (is_null(o[1])) return v_bool(!a->readonly);
    int want = obj_truthy(I, o[1]);
    if (want < 0) return V_NULL;
    if (want && a->base && a->base->readonly)
        return err_format(I, TY_VALUE_ERROR, "cannot set WRITEABLE flag to True of this array");
    a->readonly = !want;
    return V_NONE;
}

static Value f_shape(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"a"};
    Value o[1];
    if (!arg_parse(I, "shape", argc, argv, kw, names, 1, 1, 1, o)) return V_NULL;
    Array *a = to_array(I, o[0]);
    if (!a) return V_NULL;
    Tuple *t = tuple_new(I, (size_t)a->ndim);
    if (!t) return V_NULL;
    for (int i = 0; i < a->ndim; i++)
        t->items[i] = v_int(a->shape[i]);
    return v_obj(t);
}

/* concatenate(arrays, axis=0, out=None, *, dtype=None) and stack(arrays, axis=0, out=None,
 * *, dtype=None); concatenate's axis=None joins the flattened arrays. */
static Value join(Interp *I, const char *name, int argc, Value *argv, Tuple *kw, bool stack) {
    static const char *const names[] = {"arrays", "axis", "out", "dtype"};
    Value o[4];
    if (!arg_parse(I, name, argc, argv, kw, names, 4, 1, 3, o)) return V_NULL;
    int64_t axis = 0;
    Array *out;
    if (arr_out_arg(I, o[2], &out) < 0) return V_NULL;
    int dt = arr_dtype_arg(I, o[3], -1);
    if (dt < 0 && err_occurred(I)) return V_NULL;
    if (out && dt >= 0)
        return err_format(I, TY_TYPE_ERROR,
                          "%s() only takes `out` or `dtype` as an argument, but both were "
                          "provided.",
                          name);
    Value seq = o[0];
    if (!stack && !is_null(o[1]) && is_none(o[1])) {
        int64_t n = obj_len(I, seq);
        List *flat = n < 0 ? NULL : list_new(I, (size_t)n);
        if (!flat) return V_NULL;
        for (int64_t i = 0; i < n; i++) {
            Value item = obj_getitem(I, seq, v_int(i));
            Array *x = is_null(item) ? NULL : to_array(I, item);
            int64_t sz = x ? x->size : 0;
            Array *f = x ? arr_reshape(I, x, 1, &sz) : NULL;
            if (!f || !list_append(I, flat, v_obj(f))) return V_NULL;
        }
        seq = v_obj(flat);
    } else if (!is_null(o[1]) && obj_index(I, o[1], &axis) < 0) {
        return V_NULL;
    }
    Value r = arr_concatenate(I, seq, (int)axis, stack);
    if (!is_null(r) && dt >= 0 && arr_raw(r)->dtype != dt) r = arr_astype(I, arr_raw(r), dt);
    return arr_store_out(I, r, out, name);
}
static Value f_concatenate(Interp *I, int argc, Value *argv, Tuple *kw) {
    return join(I, "concatenate", argc, argv, kw, false);
}
static Value f_stack(Interp *I, int argc, Value *argv, Tuple *kw) {
    return join(I, "stack", argc, argv, kw, true);
}

/* sort(a, axis=-1, kind=None, order=None, *, stable=None), argsort the same. */
static Value sort_fn(Interp *I, const char *name, int argc, Value *argv, Tuple *kw, bool arg) {
    static const char *const names[] = {"a", "axis", "kind", "order", "stable"};
    Value o[5];
    if (!arg_parse(I, name, argc, argv, kw, names, 5, 1, 4, o)) return V_NULL;
    if (arr_sort_kw(I, o[2], o[3], o[4]) < 0) return V_NULL;
    Array *a = to_array_dev(I, o[0]);
    if (!a) return V_NULL;
    int64_t axis = -1;
    if (!is_null(o[1]) && is_none(o[1])) {
        int64_t n = a->size;
        a = arr_backend(I)->reshape(I, a, 1, &n);
        if (!a) return V_NULL;
    } else if (!is_null(o[1]) && obj_index(I, o[1], &axis) < 0) {
        return V_NULL;
    }
    return arr_sort(I, a, (int)axis, arg);
}
static Value f_sort(Interp *I, int argc, Value *argv, Tuple *kw) {
    return sort_fn(I, "sort", argc, argv, kw, false);
}
static Value f_argsort(Interp *I, int argc, Value *argv, Tuple *kw) {
    return sort_fn(I, "argsort", argc, argv, kw, true);
}

/* unique(ar, return_index=False, return_inverse=False, return_counts=False, *,
 * equal_nan=True, sorted=True) over the flattened array (no axis=). */
static Value f_unique(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"ar",   "return_index", "return_inverse", "return_counts",
                                        "axis", "equal_nan",    "sorted"};
    Value o[7];
    if (!arg_parse(I, "unique", argc, argv, kw, names, 7, 1, 5, o)) return V_NULL;
    int flags[6] = {0, 0, 0, 0, 1, 1}; /* o[4], the axis, is not a flag */
    for (int i = 0; i < 6; i++)
        if (i != 3 && !is_null(o[i + 1]) && (flags[i] = obj_truthy(I, o[i + 1])) < 0) return V_NULL;
    Array *a = to_array_dev(I, o[0]);
    if (!a) return V_NULL;
    if (!is_null(o[4]) && !is_none(o[4])) {
        /* unique rows (or columns...): _numpy_lib's _unique_axis */
        Str *mod = str_intern_cstr(I, "_numpy_lib"), *fn = str_intern_cstr(I, "_unique_axis");
        Value m = mod ? vm_import(I, mod, V_NULL, V_NULL, 0) : V_NULL;
        Value f = is_null(m) || !fn ? V_NULL : obj_getattr(I, m, fn);
        Value args[5] = {v_obj(a), o[4], v_bool(flags[0]), v_bool(flags[1]), v_bool(flags[2])};
        return is_null(f) ? f : obj_call(I, f, 5, args, NULL);
    }
    return arr_unique(I, a, flags[0], flags[1], flags[2], flags[4]);
}

static Value f_allclose(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"a", "b", "rtol", "atol", "equal_nan"};
    Value o[5];
    if (!arg_parse(I, "allclose", argc, argv, kw, names, 5, 2, 5, o)) return V_NULL;
    double rtol = 1e-5, atol = 1e-8;
    if (!is_null(o[2]) && !num_to_double(I, o[2], &rtol)) return V_NULL;
    if (!is_null(o[3]) && !num_to_double(I, o[3], &atol)) return V_NULL;
    bool eqnan = !is_null(o[4]) && obj_truthy(I, o[4]) == 1;
    Array *a = to_array(I, o[0]), *b = a ? to_array(I, o[1]) : NULL;
    if (!b) return V_NULL;
    Array *ab[2] = {a, b};
    int nd;
    int64_t shape[ARR_MAXDIM];
    if (arr_broadcast_shapes(I, 2, ab, &nd, shape) < 0) return V_NULL;
    Value d = arr_binary(I, v_obj(a), v_obj(b), BIN_SUB, NULL);
    if (is_null(d)) return d;
    Array *x = arr_copy(I, a, DT_FLOAT64), *y = x ? arr_copy(I, b, DT_FLOAT64) : NULL;
    if (!y) return V_NULL;
    Value bx = arr_binary(I, v_obj(x), v_obj(y), BIN_ADD, NULL); /* broadcast shapes */
    if (is_null(bx)) return bx;
    /* walk the broadcast pair */
    Array *fx = as_array(arr_binary(I, v_obj(x), v_float(0.0), BIN_ADD, NULL));
    (void)fx;
    Value xb = arr_binary(I, v_obj(x), arr_binary(I, v_obj(y), v_float(0.0), BIN_MUL, NULL),
                          BIN_ADD, NULL);
    Value yb = arr_binary(I, v_obj(y), arr_binary(I, v_obj(x), v_float(0.0), BIN_MUL, NULL),
                          BIN_ADD, NULL);
    if (is_null(xb) || is_null(yb)) return V_NULL;
    Array *X = as_array(xb), *Y = as_array(yb);
    const double *px = (const double *)X->data, *py = (const double *)Y->data;
    for (int64_t i = 0; i < X->size; i++) {
        double p = px[i], q = py[i];
        if (isnan(p) || isnan(q)) {
            if (eqnan && isnan(p) && isnan(q)) continue;
            return V_FALSE;
        }
        if (isinf(p) || isinf(q)) {
            if (p != q) return V_FALSE;
            continue;
        }
        if (!(fabs(p - q) <= atol + rtol * fabs(q))) return V_FALSE;
    }
    return V_TRUE;
}

/* array_equal(a1, a2, equal_nan=False) */
static Value f_array_equal(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"a1", "a2", "equal_nan"};
    Value o[3];
    if (!arg_parse(I, "array_equal", argc, argv, kw, names, 3, 2, 3, o)) return V_NULL;
    int eqnan = is_null(o[2]) ? 0 : obj_truthy(I, o[2]);
    Array *a = eqnan < 0 ? NULL : to_array(I, o[0]), *b = a ? to_array(I, o[1]) : NULL;
    if (!b) return V_NULL;
    if (a->ndim != b->ndim || memcmp(a->shape, b->shape, sizeof(int64_t) * (size_t)a->ndim))
        return V_FALSE;
    Value r = arr_compare(I, v_obj(a), v_obj(b), CMP_EQ);
    if (is_null(r)) return r;
    if (eqnan && (dt_is_float(a->dtype) || dt_is_float(b->dtype))) {
        /* NaN == NaN where both are NaN */
        Value na = arr_unary(I, v_obj(a), ARR_U_ISNAN, NULL);
        Value nb = is_null(na) ? na : arr_unary(I, v_obj(b), ARR_U_ISNAN, NULL);
        Value both = is_null(nb) ? nb : arr_binary(I, na, nb, ARR_OP_LOGAND, NULL);
        r = is_null(both) ? both : arr_binary(I, r, both, ARR_OP_LOGOR, NULL);
        if (is_null(r)) return r;
    }
    Value all = arr_reduce(I, as_array(r), RED_ALL, V_NULL, false, 0, -1);
    int t = is_null(all) ? -1 : obj_truthy(I, all); /* NumPy returns a Python bool */
    return t < 0 ? V_NULL : t ? V_TRUE : V_FALSE;
}

static const MethodDef gpu_functions[] = {
    {"seterr", gpu_f_seterr, 0},
    {"geterr", gpu_f_geterr, 0},
    {"seterrcall", gpu_f_seterrcall, 0},
    {"geterrcall", gpu_f_geterrcall, 0},
    {"set_printoptions", gpu_f_set_printoptions, 0},
    {"get_printoptions", gpu_f_get_printoptions, 0},
    {"array", f_array, 0},
    {"asarray", f_asarray, 0},
    {"_broadcast_view", f_broadcast_view, 0},
    {"_writeable", f_writeable, 0},
    {"zeros", f_zeros, 0},
    {"ones", f_ones, 0},
    {"empty", f_empty, 0},
    {"full", f_full, 0},
    {"zeros_like", f_zeros_like, 0},
    {"ones_like", f_ones_like, 0},
    {"empty_like", f_empty_like, 0},
    {"full_like", f_full_like, 0},
    {"arange", f_arange, 0},
    {"linspace", f_linspace, 0},
    {"eye", f_eye, 0},
    {"exp", f_exp, 0},
    {"log", f_log, 0},
    {"log2", f_log2, 0},
    {"log10", f_log10, 0},
    {"sqrt", f_sqrt, 0},
    {"median", f_median, 0},
    {"percentile", f_percentile, 0},
    {"sin", f_sin, 0},
    {"cos", f_cos, 0},
    {"tan", f_tan, 0},
    {"tanh", f_tanh, 0},
    {"sinh", f_sinh, 0},
    {"cosh", f_cosh, 0},
    {"log1p", f_log1p, 0},
    {"expm1", f_expm1, 0},
    {"arcsin", f_arcsin, 0},
    {"arccos", f_arccos, 0},
    {"arctan", f_arctan, 0},
    {"arcsinh", f_arcsinh, 0},
    {"arccosh", f_arccosh, 0},
    {"arctanh", f_arctanh, 0},
    {"abs", f_abs, 0},
    {"absolute", f_abs, 0},
    {"sign", f_sign, 0},
    {"floor", f_floor, 0},
    {"ceil", f_ceil, 0},
    {"rint", f_rint, 0},
    {"round", f_round, 0},
    {"around", f_round, 0},
    {"isnan", f_isnan, 0},
    {"isinf", f_isinf, 0},
    {"isfinite", f_isfinite, 0},
    {"negative", f_negative, 0},
    {"logical_not", f_logical_not, 0},
    {"invert", f_invert, 0},
    {"add", f_add, 0},
    {"subtract", f_subtract, 0},
    {"multiply", f_multiply, 0},
    {"divide", f_divide, 0},
    {"true_divide", f_divide, 0},
    {"floor_divide", f_floor_divide, 0},
    {"mod", f_mod, 0},
    {"remainder", f_mod, 0},
    {"power", f_power, 0},
    {"maximum", f_maximum, 0},
    {"minimum", f_minimum, 0},
    {"arctan2", f_arctan2, 0},
    {"logical_and", f_logical_and, 0},
    {"logical_or", f_logical_or, 0},
    {"bitwise_and", f_bitwise_and, 0},
    {"bitwise_or", f_bitwise_or, 0},
    {"bitwise_xor", f_bitwise_xor, 0},
    {"left_shift", f_left_shift, 0},
    {"right_shift", f_right_shift, 0},
    {"equal", f_equal, 0},
    {"not_equal", f_not_equal, 0},
    {"less", f_less, 0},
    {"less_equal", f_less_equal, 0},
    {"greater", f_greater, 0},
    {"greater_equal", f_greater_equal, 0},
    {"where", f_where, 0},
    {"nonzero", f_nonzero, 0},
    {"clip", f_clip, 0},
    {"matmul", f_matmul, 0},
    {"dot", f_dot, 0},
    {"sum", f_sum, 0},
    {"prod", f_prod, 0},
    {"min", f_min, 0},
    {"max", f_max, 0},
    {"amin", f_min, 0},
    {"amax", f_max, 0},
    {"mean", f_mean, 0},
    {"var", f_var, 0},
    {"std", f_std, 0},
    {"all", f_all, 0},
    {"any", f_any, 0},
    {"argmin", f_argmin, 0},
    {"argmax", f_argmax, 0},
    {"cumsum", f_cumsum, 0},
    {"cumprod", f_cumprod, 0},
    {"reshape", f_reshape, 0},
    {"ravel", f_ravel, 0},
    {"transpose", f_transpose, 0},
    {"shape", f_shape, 0},
    {"issubdtype", gpu_f_issubdtype, 0},
    {"concatenate", f_concatenate, 0},
    {"stack", f_stack, 0},
    {"sort", f_sort, 0},
    {"argsort", f_argsort, 0},
    {"unique", f_unique, 0},
    {"allclose", f_allclose, 0},
    {"array_equal", f_array_equal, 0},
    {"save", gpu_f_save, 0},
    {"load", gpu_f_load, 0},
    {"backend", gpu_f_backend, 0},
    {"synchronize", gpu_f_synchronize, 0},
    {"device", gpu_f_device, 0},
    {"memory_info", gpu_f_memory_info, 0},
    {NULL, NULL, 0},
};

/* The functions NumPy writes in Python (vstack, split, tile, flip, diff, isclose, nansum,
 * ...) are Python here too: the frozen module _numpy_lib (stdlib/py/_numpy_lib.py), which
 * gets this module as its `np` and gives it its public functions; then _numpy_ufunc
 * (stdlib/py/_numpy_ufunc.py), whose _install() replaces the native ufunc functions by
 * NumPy's ufunc objects (np.add.reduce, np.maximum.accumulate, np.add.outer, ...),
 * _numpy_math (square, hypot, quantile, tensordot, ... over the native operations) and
 * _numpy_errstate (np.errstate and the reporting of floating-point errors). */
static Module *load_python_part(Interp *I, Module *m, const char *modname) {
    Str *name = str_intern_cstr(I, modname);
    Value lib = name ? vm_import(I, name, V_NULL, V_NULL, 0) : V_NULL;
    if (is_null(lib) || !is_obj(lib) || lib.as.o->type != I->types[TY_MODULE]) return NULL;
    Module *lm = (Module *)lib.as.o;
    Str *np = str_intern_cstr(I, "np");
    if (!np || dict_set_str(I, lm->dict, np, v_obj(m)) < 0) return NULL;
    return lm;
}

/* Whether a call's keywords are only out= (np.add(a, b, out=c)), which the native functions
 * take themselves, as ufunc._call would hand it to them. */
static bool ufunc_kw_only_out(Interp *I, const Tuple *kw) {
    if (kw->len != 1 || !is_obj(kw->items[0])) return false;
    const Str *k = (const Str *)kw->items[0].as.o;
    return k->hdr.type == I->types[TY_STR] && k->len == 3 && memcmp(k->data, "out", 3) == 0;
}

/* ufunc.__call__: the native function itself when there are no keywords or only out=, and
 * the count of arguments fits (np.add(a, b) and np.add(a, b, out=c) cost no Python frame),
 * else ufunc._call (Python: the other keywords, NumPy's messages). */
static Value ufunc_call(Interp *I, int argc, Value *argv, Tuple *kw) {
    Value self = argv[0];
    bool plain = !kw || kw->len == 0;
    if (plain || ufunc_kw_only_out(I, kw)) {
        Str *fk = str_intern_cstr(I, "_fn"), *nk = str_intern_cstr(I, "nin");
        Value fn = fk ? obj_getattr(I, self, fk) : V_NULL;
        Value nin = is_null(fn) || !nk ? V_NULL : obj_getattr(I, self, nk);
        if (is_null(nin)) return V_NULL;
        /* the output positionally, or as out= (not both: _call's message) */
        int npos = argc - 1;
        if (is_smallint(nin) && npos >= nin.as.i && npos <= nin.as.i + (plain ? 1 : 0))
            return obj_call(I, fn, npos, argv + 1, kw);
    }
    Str *ck = str_intern_cstr(I, "_call");
    Value m = ck ? obj_getattr(I, self, ck) : V_NULL;
    return is_null(m) ? m : obj_call(I, m, argc - 1, argv + 1, kw);
}

static const MethodDef ufunc_methods[] = {{"__call__", ufunc_call, 0}, {NULL, NULL, 0}};

/* A part's _METHODS: the ndarray methods and properties that are its functions (a.repeat,
 * a.squeeze, a.flags, ...); a name ndarray has already keeps its own. */
static int add_python_methods(Interp *I, Module *lm) {
    Str *mk = str_intern_cstr(I, "_METHODS");
    Value meths = mk ? dict_get_str(lm->dict, mk) : V_NULL;
    Type *nd = I->types[TY_ARRAY];
    size_t pos = 0;
    Value k, v;
    while (is_obj(meths) && meths.as.o->type == I->types[TY_DICT] &&
           dict_next((Dict *)meths.as.o, &pos, &k, &v)) {
        if (!is_str(I, k) || !is_null(type_dict_get(I, nd, as_str(k)))) continue;
        if (type_dict_set(I, nd, as_str(k), v) < 0) return -1;
        nd->version++;
    }
    return 0;
}

static int add_python_functions(Interp *I, Module *m) {
    Module *lm = load_python_part(I, m, "_numpy_lib");
    if (!lm) return -1;
    Str *np = str_intern_cstr(I, "np");
    size_t pos = 0;
    Value k, v;
    while (dict_next(lm->dict, &pos, &k, &v)) {
        if (!is_str(I, k) || as_str(k)->data[0] == '_' || as_str(k) == np) continue;
        if (!is_obj(v) || v.as.o->type != I->types[TY_FUNCTION]) continue;
        if (strcmp(as_str(k)->data, "default_rng") == 0) continue; /* numpy.random's */
        if (module_set(I, m, as_str(k)->data, v) < 0) return -1;
    }
    /* np.random.default_rng and its Generator class live in numpy.random */
    Value rnd = dict_get_str(m->dict, str_intern_cstr(I, "random"));
    static const char *const rng_names[] = {"default_rng", "Generator"};
    for (int i = 0; i < 2 && is_obj(rnd) && rnd.as.o->type == I->types[TY_MODULE]; i++) {
        Value f = dict_get_str(lm->dict, str_intern_cstr(I, rng_names[i]));
        if (!is_null(f) && module_set(I, (Module *)rnd.as.o, rng_names[i], f) < 0) return -1;
    }
    if (add_python_methods(I, lm) < 0) return -1;
    static const char *const parts[] = {"_numpy_exceptions", "_numpy_ufunc", "_numpy_math",
                                        "_numpy_extra",      "_numpy_misc",  "_numpy_errstate",
                                        "_numpy_devices"};
    for (int i = 0; i < 7; i++) {
        Module *um = load_python_part(I, m, parts[i]);
        Value inst = um ? dict_get_str(um->dict, str_intern_cstr(I, "_install")) : V_NULL;
        if (is_null(inst)) {
            if (!err_occurred(I)) err_format(I, TY_IMPORT_ERROR, "%s has no _install", parts[i]);
            return -1;
        }
        if (is_null(obj_call(I, inst, 0, NULL, NULL)) || add_python_methods(I, um) < 0) return -1;
    }
    Value uf = dict_get_str(m->dict, str_intern_cstr(I, "ufunc"));
    if (!is_obj(uf) || uf.as.o->type != I->types[TY_TYPE] ||
        !class_add_native_methods(I, (Type *)uf.as.o, ufunc_methods))
        return -1;
    return 0;
}

Module *gpu_module_create(Interp *I) {
    /* a forced backend is checked at import, so a missing GPU is reported there; otherwise
     * the first array operation decides (the driver loads only when arrays are used) */
    const char *dev = I->config.gpu_device;
    if (dev && *dev && strcmp(dev, "cpu") != 0 && arr_backend_check(I) < 0) return NULL;
    Str *name = str_intern_cstr(I, "numpy");
    Module *m = name ? module_new(I, name) : NULL;
    if (!m || module_add_functions(I, m, gpu_functions) < 0) return NULL;
    if (gpu_add_scalar_classes(I, m) < 0 || gpu_add_info_classes(I, m) < 0) return NULL;
    if (gpu_add_stream_classes(I, m) < 0 || gpu_add_await_methods(I) < 0) return NULL;
    Module *rnd = gpu_random_module_create(I);
    if (!rnd || module_set(I, m, "random", v_obj(rnd)) < 0) return NULL;
    Value dtype_type = v_obj(I->types[TY_DTYPE]), nd_type = v_obj(I->types[TY_ARRAY]);
    if (module_set(I, m, "dtype", dtype_type) < 0 || module_set(I, m, "ndarray", nd_type) < 0 ||
        module_set(I, m, "pi", v_float(M_PI)) < 0 || module_set(I, m, "e", v_float(M_E)) < 0 ||
        module_set(I, m, "inf", v_float(INFINITY)) < 0 ||
        module_set(I, m, "nan", v_float(NAN)) < 0 || module_set(I, m, "newaxis", V_NONE) < 0 ||
        module_set(I, m, "__version__", v_obj(str_from_cstr(I, "2.0.0-krait"))) < 0)
        return NULL;
    if (add_python_functions(I, m) < 0 || gpu_add_linalg(I, m) < 0 || gpu_add_profile(I, m) < 0 ||
        gpu_add_graph(I, m) < 0 || gpu_add_core(I, m) < 0 || gpu_add_devices(I, m) < 0)
        return NULL;
    return m;
}
