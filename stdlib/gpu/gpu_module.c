/* gpu_module.c: the `gpu` module, importable as `numpy` too: dtype objects, array creation,
 * the ufuncs and reductions as functions, joins and sorting, .npy files, and the device
 * controls. The array type itself is gpu/array/array.c; this file only parses arguments and calls
 * the array layer. krait runs the CPU backend here (see docs/GPU.md). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../gpu/array/array.h"
#include "../../gpu/backend/cuda/backend_cuda.h"
#include "../builtins.h"
#include "../classes.h"
#include "../os.h"

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
    if (argc == 0) return dt == DT_BOOL ? V_FALSE : dt_is_float(dt) ? v_float(0) : v_int(0);
    Array *a = arr_from_value(I, argv[0], dt);
    if (!a) return V_NULL;
    if (a->ndim == 0) return arr_scalar_value(I, a->data, dt);
    return v_obj(a);
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
static Value dtype_get_type(Interp *I, Value self) {
    return self;
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
              .call = dtype_call},
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

static Value f_array(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"object", "dtype", "copy", "ndmin"};
    Value o[4];
    if (!arg_parse(I, "array", argc, argv, kw, names, 4, 1, 2, o)) return V_NULL;
    int dt = arr_dtype_arg(I, o[1], -1);
    if (dt < 0 && err_occurred(I)) return V_NULL;
    Array *a = arr_from_value(I, o[0], dt);
    if (a && is_array(I, o[0]) && a == as_array(o[0])) a = arr_copy(I, a, a->dtype);
    return wrap(I, a);
}

static Value f_asarray(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"a", "dtype"};
    Value o[2];
    if (!arg_parse(I, "asarray", argc, argv, kw, names, 2, 1, 2, o)) return V_NULL;
    int dt = arr_dtype_arg(I, o[1], -1);
    if (dt < 0 && err_occurred(I)) return V_NULL;
    return wrap(I, arr_from_value(I, o[0], dt));
}

static Value filled(Interp *I, const char *fname, int argc, Value *argv, Tuple *kw, int what) {
    static const char *const names[] = {"shape", "dtype", "order"};
    Value o[3];
    if (!arg_parse(I, fname, argc, argv, kw, names, 3, 1, 3, o)) return V_NULL;
    int64_t shape[ARR_MAXDIM];
    int nd = arr_shape_arg(I, o[0], shape);
    int dt = nd < 0 ? -1 : arr_dtype_arg(I, o[1], DT_FLOAT64);
    if (dt < 0) return V_NULL;
    if (arr_on_cuda(I)) {
        Array *d = arr_cuda_full(I, dt, nd, shape, v_int(what == 1));
        if (d || err_occurred(I)) return wrap(I, d);
    }
    Array *a = arr_new(I, dt, nd, shape);
    if (a && what == 1 && arr_assign(I, a, v_int(1)) < 0) return V_NULL;
    return wrap(I, a);
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

static Value f_full(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"shape", "fill_value", "dtype"};
    Value o[3];
    if (!arg_parse(I, "full", argc, argv, kw, names, 3, 2, 3, o)) return V_NULL;
    int64_t shape[ARR_MAXDIM];
    int nd = arr_shape_arg(I, o[0], shape);
    int dt = nd < 0 ? -1 : arr_dtype_arg(I, o[2], scalar_dtype(I, o[1]));
    if (dt < 0) return V_NULL;
    if (arr_on_cuda(I)) {
        Array *d = arr_cuda_full(I, dt, nd, shape, o[1]);
        if (d || err_occurred(I)) return wrap(I, d);
    }
    Array *a = arr_new(I, dt, nd, shape);
    if (a && arr_assign(I, a, o[1]) < 0) return V_NULL;
    return wrap(I, a);
}

static Value like(Interp *I, const char *fname, int argc, Value *argv, Tuple *kw, int what) {
    static const char *const names[] = {"a", "fill_value", "dtype"};
    static const char *const names2[] = {"a", "dtype"};
    Value o[3] = {V_NULL, V_NULL, V_NULL};
    if (what == 2) {
        if (!arg_parse(I, fname, argc, argv, kw, names, 3, 2, 3, o)) return V_NULL;
    } else {
        Value t[2];
        if (!arg_parse(I, fname, argc, argv, kw, names2, 2, 1, 2, t)) return V_NULL;
        o[0] = t[0];
        o[2] = t[1];
    }
    Array *src = to_array(I, o[0]);
    if (!src) return V_NULL;
    int dt = arr_dtype_arg(I, o[2], src->dtype);
    if (dt < 0) return V_NULL;
    Array *a = arr_new(I, dt, src->ndim, src->shape);
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
    bool ints = is_smallint(start) && is_smallint(step);
    if (arr_on_cuda(I) && (ints || dt_is_float(dt)) && dt != DT_BOOL) {
        Array *d =
            arr_cuda_arange(I, dt, n, ints ? (double)start.as.i : a, ints ? (double)step.as.i : s);
        if (d || err_occurred(I)) return wrap(I, d);
    }
    Array *r = arr_new(I, dt, 1, &n);
    if (!r) return V_NULL;
    int isz = arr_dtypes[dt].size;
    for (int64_t i = 0; i < n; i++) {
        if (ints && !dt_is_float(dt))
            arr_store_i(r->data + i * isz, dt, start.as.i + i * step.as.i);
        else
            arr_store_f(r->data + i * isz, dt, a + (double)i * s);
    }
    return v_obj(r);
}

static Value f_linspace(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"start", "stop", "num", "endpoint", "retstep", "dtype"};
    Value o[6];
    if (!arg_parse(I, "linspace", argc, argv, kw, names, 6, 2, 6, o)) return V_NULL;
    double a, b;
    int64_t n = 50;
    if (!num_to_double(I, o[0], &a) || !num_to_double(I, o[1], &b)) return V_NULL;
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
    int isz = arr_dtypes[dt].size;
    for (int64_t i = 0; i < n; i++) {
        double x = div > 0 ? a + (double)i * step : a;
        if (endpoint && n > 1 && i == n - 1) x = b;
        arr_store_f(r->data + i * isz, dt, dt_is_int(dt) ? floor(x) : x);
    }
    if (!is_null(o[4]) && obj_truthy(I, o[4]) == 1) {
        Tuple *t = tuple_pack(I, 2, v_obj(r), v_float(step));
        return t ? v_obj(t) : V_NULL;
    }
    return v_obj(r);
}

static Value f_eye(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"N", "M", "k", "dtype"};
    Value o[4];
    if (!arg_parse(I, "eye", argc, argv, kw, names, 4, 1, 3, o)) return V_NULL;
    int64_t s[2], k = 0;
    if (obj_index(I, o[0], &s[0]) < 0) return V_NULL;
    s[1] = s[0];
    if (!is_null(o[1]) && !is_none(o[1]) && obj_index(I, o[1], &s[1]) < 0) return V_NULL;
    if (!is_null(o[2]) && obj_index(I, o[2], &k) < 0) return V_NULL;
    int dt = arr_dtype_arg(I, o[3], DT_FLOAT64);
    Array *r = dt < 0 ? NULL : arr_new(I, dt, 2, s);
    if (!r) return V_NULL;
    for (int64_t i = 0; i < s[0]; i++)
        if (i + k >= 0 && i + k < s[1])
            arr_store_i(r->data + i * r->strides[0] + (i + k) * r->strides[1], dt, 1);
    return v_obj(r);
}

/* ---- ufuncs ---- */

#define UNARY(fn, op)                                                                              \
    static Value fn(Interp *I, int argc, Value *argv, Tuple *kw) {                                 \
        if (!arg_count(I, #fn, argc, 1, 2)) return V_NULL;                                         \
        Array *out = argc > 1 && is_array(I, argv[1]) ? arr_raw(argv[1]) : NULL;                   \
        Value r = arr_unary(I, argv[0], op, out);                                                  \
        if (!is_null(r) && !is_array(I, argv[0]) && arr_raw(r)->ndim == 0)                         \
            return arr_scalar_value(I, as_array(r)->data, as_array(r)->dtype);                     \
        return r;                                                                                  \
    }
UNARY(f_exp, ARR_U_EXP)
UNARY(f_log, ARR_U_LOG)
UNARY(f_log2, ARR_U_LOG2)
UNARY(f_log10, ARR_U_LOG10)
UNARY(f_sqrt, ARR_U_SQRT)
UNARY(f_sin, ARR_U_SIN)
UNARY(f_cos, ARR_U_COS)
UNARY(f_tan, ARR_U_TAN)
UNARY(f_tanh, ARR_U_TANH)
UNARY(f_arcsin, ARR_U_ARCSIN)
UNARY(f_arccos, ARR_U_ARCCOS)
UNARY(f_arctan, ARR_U_ARCTAN)
UNARY(f_abs, ARR_U_ABS)
UNARY(f_sign, ARR_U_SIGN)
UNARY(f_floor, ARR_U_FLOOR)
UNARY(f_ceil, ARR_U_CEIL)
UNARY(f_rint, ARR_U_ROUND)
UNARY(f_isnan, ARR_U_ISNAN)
UNARY(f_isinf, ARR_U_ISINF)
UNARY(f_isfinite, ARR_U_ISFINITE)
UNARY(f_negative, ARR_U_NEG)
UNARY(f_logical_not, ARR_U_NOT)
UNARY(f_invert, ARR_U_INVERT)

static Value scalarize(Interp *I, Value r, Value a, Value b) {
    if (!is_null(r) && is_array(I, r) && !is_array(I, a) && !is_array(I, b) &&
        arr_raw(r)->ndim == 0)
        return arr_scalar_value(I, as_array(r)->data, as_array(r)->dtype);
    return r;
}

#define BINARY(fn, op)                                                                             \
    static Value fn(Interp *I, int argc, Value *argv, Tuple *kw) {                                 \
        if (!arg_count(I, #fn, argc, 2, 3)) return V_NULL;                                         \
        Array *out = argc > 2 && is_array(I, argv[2]) ? arr_raw(argv[2]) : NULL;                   \
        Value r = arr_binary(I, argv[0], argv[1], op, out);                                        \
        if (!is_null(r) && !is_array(I, r)) {                                                      \
            Array *a = to_array(I, argv[0]), *b = a ? to_array(I, argv[1]) : NULL;                 \
            if (!b) return V_NULL;                                                                 \
            r = arr_binary(I, v_obj(a), v_obj(b), op, out);                                        \
        }                                                                                          \
        return scalarize(I, r, argv[0], argv[1]);                                                  \
    }
BINARY(f_add, BIN_ADD)
BINARY(f_subtract, BIN_SUB)
BINARY(f_multiply, BIN_MUL)
BINARY(f_divide, BIN_TRUEDIV)
BINARY(f_floor_divide, BIN_FLOORDIV)
BINARY(f_mod, BIN_MOD)
BINARY(f_power, BIN_POW)
BINARY(f_maximum, ARR_OP_MAXIMUM)
BINARY(f_minimum, ARR_OP_MINIMUM)
BINARY(f_arctan2, ARR_OP_ARCTAN2)
BINARY(f_logical_and, ARR_OP_LOGAND)
BINARY(f_logical_or, ARR_OP_LOGOR)
BINARY(f_bitwise_and, BIN_AND)
BINARY(f_bitwise_or, BIN_OR)
BINARY(f_bitwise_xor, BIN_XOR)

#define COMPARE(fn, op)                                                                            \
    static Value fn(Interp *I, int argc, Value *argv, Tuple *kw) {                                 \
        if (!arg_count(I, #fn, argc, 2, 2)) return V_NULL;                                         \
        Array *a = to_array_dev(I, argv[0]), *b = a ? to_array_dev(I, argv[1]) : NULL;             \
        if (!b) return V_NULL;                                                                     \
        Value r = arr_compare(I, is_array(I, argv[0]) ? argv[0] : v_obj(a),                        \
                              is_array(I, argv[1]) ? argv[1] : v_obj(b), op);                      \
        return scalarize(I, r, argv[0], argv[1]);                                                  \
    }
COMPARE(f_equal, CMP_EQ)
COMPARE(f_not_equal, CMP_NE)
COMPARE(f_less, CMP_LT)
COMPARE(f_less_equal, CMP_LE)
COMPARE(f_greater, CMP_GT)
COMPARE(f_greater_equal, CMP_GE)

/* nonzero(a): a tuple of int64 index arrays, one per axis. */
static Value f_nonzero(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "nonzero", argc, 1, 1)) return V_NULL;
    Array *a = to_array(I, argv[0]);
    if (!a) return V_NULL;
    if (a->ndim == 0)
        return err_format(I, TY_VALUE_ERROR,
                          "Calling nonzero on 0d arrays is not allowed. Use "
                          "np.atleast_1d(scalar).nonzero() instead. If the context of this "
                          "error is of the form `arr[nonzero(cond)]`, just use `arr[cond]`.");
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
    if (argc == 1) return f_nonzero(I, argc, argv, kw);
    if (!arg_count(I, "where", argc, 3, 3)) return V_NULL;
    return arr_where(I, argv[0], argv[1], argv[2]);
}

static Value f_clip(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "clip", argc, 3, 3)) return V_NULL;
    Array *a = to_array_dev(I, argv[0]);
    return a ? arr_clip(I, v_obj(a), argv[1], argv[2]) : V_NULL;
}

static Value f_round(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"a", "decimals"};
    Value o[2];
    if (!arg_parse(I, "round", argc, argv, kw, names, 2, 1, 2, o)) return V_NULL;
    int64_t d = 0;
    if (!is_null(o[1]) && obj_index(I, o[1], &d) < 0) return V_NULL;
    Array *a = to_array(I, o[0]);
    if (!a) return V_NULL;
    Value r = arr_round(I, a, (int)d);
    return is_array(I, o[0]) ? r : scalarize(I, r, o[0], o[0]);
}

static Value f_matmul(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "matmul", argc, 2, 2)) return V_NULL;
    Array *a = to_array_dev(I, argv[0]), *b = a ? to_array_dev(I, argv[1]) : NULL;
    return b ? arr_matmul(I, a, b) : V_NULL;
}

static Value f_dot(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "dot", argc, 2, 2)) return V_NULL;
    Array *a = to_array_dev(I, argv[0]), *b = a ? to_array_dev(I, argv[1]) : NULL;
    if (!b) return V_NULL;
    if (a->ndim == 0 || b->ndim == 0) return arr_binary(I, v_obj(a), v_obj(b), BIN_MUL, NULL);
    return arr_matmul(I, a, b);
}

/* ---- reductions as functions ---- */

static Value reduce_fn(Interp *I, const char *name, int kind, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"a", "axis", "dtype", "out", "keepdims", "ddof"};
    Value o[6];
    if (!arg_parse(I, name, argc, argv, kw, names, 6, 1, 6, o)) return V_NULL;
    Array *a = to_array_dev(I, o[0]);
    if (!a) return V_NULL;
    int dt = arr_dtype_arg(I, o[2], -1);
    if (dt < 0 && err_occurred(I)) return V_NULL;
    int64_t ddof = 0;
    if (!is_null(o[5]) && obj_index(I, o[5], &ddof) < 0) return V_NULL;
    bool keep = !is_null(o[4]) && obj_truthy(I, o[4]) == 1;
    return arr_reduce(I, a, kind, o[1], keep, (int)ddof, dt);
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

static Value f_median(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"a", "axis"};
    Value o[2];
    if (!arg_parse(I, "median", argc, argv, kw, names, 2, 1, 2, o)) return V_NULL;
    Array *a = to_array(I, o[0]);
    return a ? arr_quantile(I, a, V_NULL, o[1], true) : V_NULL;
}
static Value f_percentile(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"a", "q", "axis"};
    Value o[3];
    if (!arg_parse(I, "percentile", argc, argv, kw, names, 3, 2, 3, o)) return V_NULL;
    Array *a = to_array(I, o[0]);
    return a ? arr_quantile(I, a, o[1], o[2], false) : V_NULL;
}

/* ---- shape functions ---- */

static Value f_reshape(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "reshape", argc, 2, 2)) return V_NULL;
    Array *a = to_array(I, argv[0]);
    int64_t shape[ARR_MAXDIM];
    int nd = a ? arr_shape_arg(I, argv[1], shape) : -1;
    return nd < 0 ? V_NULL : wrap(I, arr_reshape(I, a, nd, shape));
}
static Value f_ravel(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "ravel", argc, 1, 1)) return V_NULL;
    Array *a = to_array(I, argv[0]);
    if (!a) return V_NULL;
    int64_t n = a->size;
    return wrap(I, arr_reshape(I, a, 1, &n));
}
static Value f_transpose(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "transpose", argc, 1, 1)) return V_NULL;
    Array *a = to_array(I, argv[0]);
    return a ? wrap(I, arr_transpose(I, a, NULL)) : V_NULL;
}
static Value f_shape(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "shape", argc, 1, 1)) return V_NULL;
    Array *a = to_array(I, argv[0]);
    if (!a) return V_NULL;
    Tuple *t = tuple_new(I, (size_t)a->ndim);
    if (!t) return V_NULL;
    for (int i = 0; i < a->ndim; i++)
        t->items[i] = v_int(a->shape[i]);
    return v_obj(t);
}

static Value join(Interp *I, const char *name, int argc, Value *argv, Tuple *kw, bool stack) {
    static const char *const names[] = {"arrays", "axis"};
    Value o[2];
    if (!arg_parse(I, name, argc, argv, kw, names, 2, 1, 2, o)) return V_NULL;
    int64_t axis = 0;
    if (!is_null(o[1]) && obj_index(I, o[1], &axis) < 0) return V_NULL;
    return arr_concatenate(I, o[0], (int)axis, stack);
}
static Value f_concatenate(Interp *I, int argc, Value *argv, Tuple *kw) {
    return join(I, "concatenate", argc, argv, kw, false);
}
static Value f_stack(Interp *I, int argc, Value *argv, Tuple *kw) {
    return join(I, "stack", argc, argv, kw, true);
}

static Value sort_fn(Interp *I, const char *name, int argc, Value *argv, Tuple *kw, bool arg) {
    static const char *const names[] = {"a", "axis"};
    Value o[2];
    if (!arg_parse(I, name, argc, argv, kw, names, 2, 1, 2, o)) return V_NULL;
    Array *a = to_array(I, o[0]);
    if (!a) return V_NULL;
    int64_t axis = -1;
    if (!is_null(o[1]) && is_none(o[1])) {
        int64_t n = a->size;
        a = arr_reshape(I, a, 1, &n);
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
static Value f_unique(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "unique", argc, 1, 1)) return V_NULL;
    Array *a = to_array(I, argv[0]);
    return a ? arr_unique(I, a) : V_NULL;
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

static Value f_array_equal(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "array_equal", argc, 2, 2)) return V_NULL;
    Array *a = to_array(I, argv[0]), *b = a ? to_array(I, argv[1]) : NULL;
    if (!b) return V_NULL;
    if (a->ndim != b->ndim || memcmp(a->shape, b->shape, sizeof(int64_t) * (size_t)a->ndim))
        return V_FALSE;
    Value r = arr_compare(I, v_obj(a), v_obj(b), CMP_EQ);
    if (is_null(r)) return r;
    return arr_reduce(I, as_array(r), RED_ALL, V_NULL, false, 0, -1);
}

/* ---- .npy files ---- */

static const char *npy_descr(int dt) {
    static const char *const d[] = {"|b1", "|i1", "<i2", "<i4", "<i8", "|u1",
                                    "<u4", "<f2", "<V2", "<f4", "<f8"};
    return d[dt];
}

static Value f_save(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "save", argc, 2, 2)) return V_NULL;
    const char *path;
    if (!os_path_arg(I, "save", "file", argv[0], &path)) return V_NULL;
    Array *a = to_array(I, argv[1]);
    if (!a) return V_NULL;
    Array *c = arr_copy(I, a, a->dtype);
    if (!c) return V_NULL;
    char shape[256];
    size_t k = 0;
    k += (size_t)snprintf(shape + k, sizeof shape - k, "(");
    for (int i = 0; i < a->ndim; i++)
        k += (size_t)snprintf(shape + k, sizeof shape - k, i ? ", %lld" : "%lld",
                              (long long)a->shape[i]);
    snprintf(shape + k, sizeof shape - k, a->ndim == 1 ? ",)" : ")");
    char hdr[512];
    int hl = snprintf(hdr, sizeof hdr, "{'descr': '%s', 'fortran_order': False, 'shape': %s, }",
                      npy_descr(a->dtype), shape);
    int total = 10 + hl + 1;
    int pad = (64 - total % 64) % 64;
    size_t plen = strlen(path);
    char *full = mem_alloc(I, plen + 5);
    if (!full) return V_NULL;
    memcpy(full, path, plen + 1);
    if (plen < 4 || strcmp(path + plen - 4, ".npy") != 0) memcpy(full + plen, ".npy", 5);
    FILE *f = fopen(full, "wb");
    mem_free(I, full, plen + 5);
    if (!f) return os_raise_errno(I, errno, argv[0], V_NULL);
    unsigned char pre[10] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, 0, 0};
    uint16_t hlen = (uint16_t)(hl + pad + 1);
    pre[8] = (unsigned char)(hlen & 0xff);
    pre[9] = (unsigned char)(hlen >> 8);
    fwrite(pre, 1, 10, f);
    fwrite(hdr, 1, (size_t)hl, f);
    for (int i = 0; i < pad; i++)
        fputc(' ', f);
    fputc('\n', f);
    fwrite(c->data, 1, (size_t)c->size * (size_t)arr_dtypes[c->dtype].size, f);
    fclose(f);
    return V_NONE;
}

static Value f_load(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "load", argc, 1, 1)) return V_NULL;
    const char *path;
    if (!os_path_arg(I, "load", "file", argv[0], &path)) return V_NULL;
    FILE *f = fopen(path, "rb");
    if (!f) return os_raise_errno(I, errno, argv[0], V_NULL);
    unsigned char pre[10];
    char hdr[4096];
    if (fread(pre, 1, 10, f) != 10 || memcmp(pre, "\x93NUMPY", 6) != 0) {
        fclose(f);
        return err_format(I, TY_VALUE_ERROR, "the file is not a .npy file");
    }
    size_t hlen = pre[8] | (size_t)pre[9] << 8;
    if (hlen >= sizeof hdr || fread(hdr, 1, hlen, f) != hlen) {
        fclose(f);
        return err_format(I, TY_VALUE_ERROR, "bad .npy header");
    }
    hdr[hlen] = 0;
    int dt = -1;
    for (int i = 0; i < DT__COUNT; i++) {
        char want[32];
        snprintf(want, sizeof want, "'%s'", npy_descr(i));
        if (strstr(hdr, want)) dt = i;
    }
    if (strstr(hdr, "'|u1'")) dt = DT_UINT8;
    char *sp = strstr(hdr, "'shape': (");
    if (dt < 0 || !sp || strstr(hdr, "'fortran_order': True")) {
        fclose(f);
        return err_format(I, TY_VALUE_ERROR, "unsupported .npy data: %s", hdr);
    }
    int64_t shape[ARR_MAXDIM];
    int nd = 0;
    char *p = sp + 10;
    while (*p && *p != ')' && nd < ARR_MAXDIM) {
        while (*p == ' ' || *p == ',')
            p++;
        if (*p == ')') break;
        shape[nd++] = strtoll(p, &p, 10);
    }
    Array *a = arr_new(I, dt, nd, shape);
    if (!a) {
        fclose(f);
        return V_NULL;
    }
    size_t bytes = (size_t)a->size * (size_t)arr_dtypes[dt].size;
    size_t got = fread(a->data, 1, bytes, f);
    fclose(f);
    if (got != bytes) return err_format(I, TY_VALUE_ERROR, "truncated .npy file");
    return v_obj(a);
}

/* ---- device controls ---- */

static Value f_backend(Interp *I, int argc, Value *argv, Tuple *kw) {
    int b = arr_backend_check(I);
    if (b < 0) return V_NULL;
    return v_obj(str_from_cstr(I, b ? "cuda" : "cpu"));
}
static Value f_synchronize(Interp *I, int argc, Value *argv, Tuple *kw) {
    return arr_cuda_synchronize(I) < 0 ? V_NULL : V_NONE;
}
static Value f_device(Interp *I, int argc, Value *argv, Tuple *kw) {
    return arr_cuda_device_info(I);
}
static Value f_memory_info(Interp *I, int argc, Value *argv, Tuple *kw) {
    Dict *d = dict_new(I);
    if (!d) return V_NULL;
    if (dict_set_str(I, d, str_intern_cstr(I, "allocated"), v_int((int64_t)I->bytes_allocated)) < 0)
        return V_NULL;
    return v_obj(d);
}

/* NumPy's floating-point error handling: krait never warns (docs/GPU.md), so seterr only
 * answers with the previous settings. */
static Value f_seterr(Interp *I, int argc, Value *argv, Tuple *kw) {
    Dict *d = dict_new(I);
    if (!d) return V_NULL;
    static const char *const keys[] = {"divide", "over", "under", "invalid"};
    static const char *const vals[] = {"warn", "warn", "ignore", "warn"};
    for (int i = 0; i < 4; i++)
        if (dict_set_str(I, d, str_intern_cstr(I, keys[i]), v_obj(str_from_cstr(I, vals[i]))) < 0)
            return V_NULL;
    return v_obj(d);
}

/* ---- Stream and Event: on the CPU backend work is synchronous, so a stream is a context
 * manager that changes nothing and an event records the host clock. ---- */

static Value true_method(Interp *I, int argc, Value *argv, Tuple *kw) {
    return V_TRUE;
}

/* On CUDA a Stream or Event holds its driver handle in the attribute _handle (an int);
 * the handles are destroyed with the interpreter (gpu_module_shutdown). */
static bool handle_of_name(Interp *I, Value self, const char *name, void **out) {
    Str *k = str_intern_cstr(I, name);
    Value h = k ? obj_getattr_opt(I, self, k) : V_NULL;
    if (!is_smallint(h)) return false;
    *out = (void *)(intptr_t)h.as.i;
    return true;
}
static bool handle_of(Interp *I, Value self, void **out) {
    Str *k = str_intern_cstr(I, "_handle");
    Value h = k ? obj_getattr_opt(I, self, k) : V_NULL;
    if (!is_smallint(h)) return false;
    *out = (void *)(intptr_t)h.as.i;
    return true;
}
static int set_handle(Interp *I, Value self, const char *name, void *h) {
    Str *k = str_intern_cstr(I, name);
    return k ? obj_setattr(I, self, k, v_int((int64_t)(intptr_t)h)) : -1;
}
static bool grow_handles(Interp *I, void **arr, int n, int *cap, size_t size) {
    if (n < *cap) return true;
    int nc = *cap ? *cap * 2 : 8;
    void *p = mem_realloc(I, *arr, size * (size_t)*cap, size * (size_t)nc);
    if (!p) return false;
    *arr = p;
    *cap = nc;
    return true;
}

static Value stream_init(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_on_cuda(I)) return V_NONE;
    ArrCuda *c = I->gpu->allocator.ud;
    if (!grow_handles(I, (void **)&c->streams, c->nstreams, &c->capstreams, sizeof(CUstream)))
        return V_NULL;
    if (!grow_handles(I, (void **)&c->events, c->nevents, &c->capevents, sizeof(CUevent)))
        return V_NULL;
    CUstream st;
    if (gpu_stream_create(I->gpu, &st) < 0) return arr_gpu_raise(I), V_NULL;
    c->streams[c->nstreams++] = st;
    CUevent ev;
    if (gpu_event_create(I->gpu, false, &ev) < 0) return arr_gpu_raise(I), V_NULL;
    c->events[c->nevents++] = ev;
    if (set_handle(I, argv[0], "_handle", st) < 0 || set_handle(I, argv[0], "_order", ev) < 0)
        return V_NULL;
    return V_NONE;
}

/* Order `to` after the work queued so far on `from` (entering and leaving a block), so
 * arrays made before the block are ready in it, and arrays the block used are not freed or
 * reused by the stream after it too early (frees are stream-ordered on the current stream). */
static int stream_order(Interp *I, Value self, CUstream from, CUstream to) {
    void *ev;
    if (!handle_of_name(I, self, "_order", &ev)) return 0;
    GpuState *G = I->gpu;
    if (gpu_event_record(G, ev, from) < 0 || gpu_stream_wait_event(G, to, ev) < 0)
        return arr_gpu_raise(I);
    return 0;
}
static Value stream_enter(Interp *I, int argc, Value *argv, Tuple *kw) {
    void *h;
    if (!arr_on_cuda(I) || !handle_of(I, argv[0], &h)) return argv[0];
    ArrCuda *c = I->gpu->allocator.ud;
    if (set_handle(I, argv[0], "_prev", c->cur) < 0) return V_NULL;
    if (stream_order(I, argv[0], c->cur, h) < 0) return V_NULL;
    c->cur = h;
    return argv[0];
}
static Value stream_exit(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_on_cuda(I)) return V_NONE;
    ArrCuda *c = I->gpu->allocator.ud;
    Str *k = str_intern_cstr(I, "_prev");
    Value p = k ? obj_getattr_opt(I, argv[0], k) : V_NULL;
    if (!is_smallint(p)) return V_NONE;
    CUstream prev = (CUstream)(intptr_t)p.as.i;
    if (stream_order(I, argv[0], c->cur, prev) < 0) return V_NULL;
    c->cur = prev;
    return V_NONE;
}
static Value stream_sync(Interp *I, int argc, Value *argv, Tuple *kw) {
    void *h;
    if (!arr_on_cuda(I) || !handle_of(I, argv[0], &h)) return V_NONE;
    return gpu_stream_synchronize(I->gpu, h) < 0 ? (arr_gpu_raise(I), V_NULL) : V_NONE;
}

static const MethodDef stream_defs[] = {
    {"__init__", stream_init, 0},    {"__enter__", stream_enter, 0}, {"__exit__", stream_exit, 0},
    {"synchronize", stream_sync, 0}, {"query", true_method, 0},      {NULL, NULL, 0},
};

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static Value event_record(Interp *I, int argc, Value *argv, Tuple *kw) {
    Str *k = str_intern_cstr(I, "_time_ms");
    if (!k || obj_setattr(I, argv[0], k, v_float(now_ms())) < 0) return V_NULL;
    return V_NONE;
}

static Value event_elapsed(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "elapsed_time", argc - 1, 1, 1)) return V_NULL;
    Str *k = str_intern_cstr(I, "_time_ms");
    Value a = k ? obj_getattr_opt(I, argv[0], k) : V_NULL;
    Value b = k ? obj_getattr_opt(I, argv[1], k) : V_NULL;
    if (!is_float(a) || !is_float(b))
        return err_format(I, TY_RUNTIME_ERROR, "elapsed_time: both events must be recorded");
    return v_float(b.as.f - a.as.f);
}

static Value event_init(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_on_cuda(I)) return V_NONE;
    ArrCuda *c = I->gpu->allocator.ud;
    if (!grow_handles(I, (void **)&c->events, c->nevents, &c->capevents, sizeof(CUevent)))
        return V_NULL;
    CUevent ev;
    if (gpu_event_create(I->gpu, true, &ev) < 0) return arr_gpu_raise(I), V_NULL;
    c->events[c->nevents++] = ev;
    return set_handle(I, argv[0], "_handle", ev) < 0 ? V_NULL : V_NONE;
}
static Value event_record_any(Interp *I, int argc, Value *argv, Tuple *kw) {
    void *h, *st = NULL;
    if (!arr_on_cuda(I) || !handle_of(I, argv[0], &h)) return event_record(I, argc, argv, kw);
    ArrCuda *c = I->gpu->allocator.ud;
    st = c->cur;
    if (argc > 1 && !is_none(argv[1]) && !handle_of(I, argv[1], &st))
        return err_format(I, TY_TYPE_ERROR, "record() expects a gpu.Stream");
    return gpu_event_record(I->gpu, h, st) < 0 ? (arr_gpu_raise(I), V_NULL) : V_NONE;
}
static Value event_sync(Interp *I, int argc, Value *argv, Tuple *kw) {
    void *h;
    if (!arr_on_cuda(I) || !handle_of(I, argv[0], &h)) return V_NONE;
    return gpu_event_synchronize(I->gpu, h) < 0 ? (arr_gpu_raise(I), V_NULL) : V_NONE;
}
static Value event_elapsed_any(Interp *I, int argc, Value *argv, Tuple *kw) {
    void *a, *b;
    if (!arr_on_cuda(I) || !handle_of(I, argv[0], &a)) return event_elapsed(I, argc, argv, kw);
    if (!arg_count(I, "elapsed_time", argc - 1, 1, 1)) return V_NULL;
    if (!handle_of(I, argv[1], &b))
        return err_format(I, TY_TYPE_ERROR, "elapsed_time() expects a gpu.Event");
    float ms = 0;
    if (gpu_event_synchronize(I->gpu, b) < 0 || gpu_event_elapsed_ms(I->gpu, a, b, &ms) < 0)
        return arr_gpu_raise(I), V_NULL;
    return v_float(ms);
}

static const MethodDef event_defs[] = {
    {"__init__", event_init, 0},
    {"record", event_record_any, 0},
    {"synchronize", event_sync, 0},
    {"query", true_method, 0},
    {"elapsed_time", event_elapsed_any, 0},
    {NULL, NULL, 0},
};

static const MethodDef gpu_functions[] = {
    {"seterr", f_seterr, 0},
    {"geterr", f_seterr, 0},
    {"array", f_array, 0},
    {"asarray", f_asarray, 0},
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
    {"arcsin", f_arcsin, 0},
    {"arccos", f_arccos, 0},
    {"arctan", f_arctan, 0},
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
    {"concatenate", f_concatenate, 0},
    {"stack", f_stack, 0},
    {"sort", f_sort, 0},
    {"argsort", f_argsort, 0},
    {"unique", f_unique, 0},
    {"allclose", f_allclose, 0},
    {"array_equal", f_array_equal, 0},
    {"save", f_save, 0},
    {"load", f_load, 0},
    {"backend", f_backend, 0},
    {"synchronize", f_synchronize, 0},
    {"device", f_device, 0},
    {"memory_info", f_memory_info, 0},
    {NULL, NULL, 0},
};

Module *gpu_module_create(Interp *I) {
    /* a forced backend is checked at import, so a missing GPU is reported there; otherwise
     * the first array operation decides (the driver loads only when arrays are used) */
    const char *dev = getenv("KRAIT_DEVICE");
    if (dev && *dev && strcmp(dev, "cpu") != 0 && arr_backend_check(I) < 0) return NULL;
    Str *name = str_intern_cstr(I, "numpy");
    Module *m = name ? module_new(I, name) : NULL;
    if (!m || module_add_functions(I, m, gpu_functions) < 0) return NULL;
    for (int dt = 0; dt < DT__COUNT; dt++) {
        Value d = arr_dtype_obj(I, dt);
        if (is_null(d) || module_set(I, m, arr_dtypes[dt].name, d) < 0) return NULL;
        if (dt == DT_BOOL && module_set(I, m, "bool_", d) < 0) return NULL;
        if (dt == DT_FLOAT64 &&
            (module_set(I, m, "double", d) < 0 || module_set(I, m, "float_", d) < 0))
            return NULL;
    }
    Type *stream = stdlib_make_class(I, "Stream", "numpy", stream_defs);
    if (!stream || module_set(I, m, "Stream", v_obj(stream)) < 0) return NULL;
    Type *event = stdlib_make_class(I, "Event", "numpy", event_defs);
    if (!event || module_set(I, m, "Event", v_obj(event)) < 0) return NULL;
    Module *rnd = gpu_random_module_create(I);
    if (!rnd || module_set(I, m, "random", v_obj(rnd)) < 0) return NULL;
    Value dtype_type = v_obj(I->types[TY_DTYPE]), nd_type = v_obj(I->types[TY_ARRAY]);
    if (module_set(I, m, "dtype", dtype_type) < 0 || module_set(I, m, "ndarray", nd_type) < 0 ||
        module_set(I, m, "pi", v_float(M_PI)) < 0 || module_set(I, m, "e", v_float(M_E)) < 0 ||
        module_set(I, m, "inf", v_float(INFINITY)) < 0 ||
        module_set(I, m, "nan", v_float(NAN)) < 0 || module_set(I, m, "newaxis", V_NONE) < 0 ||
        module_set(I, m, "__version__", v_obj(str_from_cstr(I, "2.0.0-krait"))) < 0)
        return NULL;
    return m;
}
