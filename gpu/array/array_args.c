/* array_args.c: the keyword arguments that NumPy's functions and array methods share, parsed
 * once for both: memory order ('C', 'F', 'A', 'K'), `out=` targets (checked and written as
 * NumPy's ufuncs and reductions do), and the reduction signatures (np.sum(a, axis, dtype,
 * out, keepdims, initial) and a.sum(...) differ only by the leading array).
 *
 * The rule these serve (SPEC §2): every keyword is implemented or rejected with TypeError.
 * The natives of the gpu module parse through arg_parse (which rejects unknown keywords with
 * CPython's message) or arr_kw_reject below, never through arg_count alone, which would drop
 * keywords silently; tests/gpu/kwargs_audit.py calls every public function and method with a
 * made-up keyword to keep it so. */
#include <stdio.h>
#include <string.h>

#include "../../vm/error.h"
#include "../../vm/number.h"
#include "../../vm/seq.h"
#include "../../vm/str.h"
#include "array.h"

bool arr_kw_reject(Interp *I, const char *fname, Tuple *kw) {
    if (!kw || kw->len == 0) return true;
    err_format(I, TY_TYPE_ERROR, "%s() got an unexpected keyword argument '%s'", fname,
               as_str(kw->items[0])->data);
    return false;
}

bool arr_method_no_kw(Interp *I, const char *name, Tuple *kw) {
    if (!kw || kw->len == 0) return true;
    err_format(I, TY_TYPE_ERROR, "ndarray.%s() takes no keyword arguments", name);
    return false;
}

bool arr_args(Interp *I, const char *fname, int argc, Tuple *kw, int min, int max) {
    return arr_kw_reject(I, fname, kw) && arg_count(I, fname, argc, min, max);
}

int arr_order_arg(Interp *I, Value v, char dflt, const char *allowed) {
    if (is_null(v) || is_none(v)) return dflt;
    const char *s = is_str(I, v) ? as_str(v)->data : NULL;
    if (!s || strlen(s) != 1 || !strchr("CFAKcfak", s[0])) {
        if (s)
            err_format(I, TY_VALUE_ERROR, "order must be one of 'C', 'F', 'A', or 'K' (got '%s')",
                       s);
        else
            err_format(I, TY_TYPE_ERROR, "order must be str, not %s", type_name(I, v));
        return -1;
    }
    char c = s[0] >= 'a' ? (char)(s[0] - 'a' + 'A') : s[0];
    if (!strchr(allowed, c)) {
        if (strcmp(allowed, "CF") == 0)
            err_format(I, TY_VALUE_ERROR, "only 'C' or 'F' order is permitted");
        else
            err_format(I, TY_VALUE_ERROR, "order '%c' is not permitted for reshaping", c);
        return -1;
    }
    return c;
}

bool arr_is_f_contiguous(const Array *a) {
    int64_t s = arr_dtypes[a->dtype].size;
    for (int d = 0; d < a->ndim; d++) {
        if (a->shape[d] != 1 && a->strides[d] != s) return false;
        s *= a->shape[d];
    }
    return true;
}

Array *arr_new_order(Interp *I, int dt, int ndim, const int64_t *shape, char order) {
    if (order != 'F' || ndim < 2) return arr_new(I, dt, ndim, shape);
    int64_t rev[ARR_MAXDIM];
    for (int d = 0; d < ndim; d++)
        rev[d] = shape[ndim - 1 - d];
    Array *r = arr_new(I, dt, ndim, rev);
    return r ? arr_transpose(I, r, NULL) : NULL;
}

/* 'A' and 'K' keep a Fortran-ordered source Fortran-ordered (K would keep any axis order;
 * krait's copies are C or F only, which covers every array NumPy's creation functions make). */
static char resolve_order(const Array *a, char order) {
    if (order == 'A' || order == 'K')
        return arr_is_f_contiguous(a) && !arr_is_contiguous(a) ? 'F' : 'C';
    return order;
}

Array *arr_copy_order(Interp *I, Array *a, int dt, char order) {
    order = resolve_order(a, order);
    if (order != 'F' || a->ndim < 2) return arr_copy(I, a, dt);
    Array *r = arr_new_order(I, dt, a->ndim, a->shape, 'F');
    if (!r || arr_assign(I, r, v_obj(a)) < 0) return NULL;
    return r;
}

bool arr_has_order(const Array *a, char order) {
    order = order == 'A' || order == 'K' ? resolve_order(a, order) : order;
    return order == 'F' ? arr_is_f_contiguous(a) : arr_is_contiguous(a);
}

Array *arr_reshape_order(Interp *I, Array *a, int ndim, const int64_t *shape, char order) {
    if (order == 'A') order = arr_is_f_contiguous(a) && !arr_is_contiguous(a) ? 'F' : 'C';
    if (order != 'F') return arr_reshape(I, a, ndim, shape);
    /* Fortran order: reverse the axes, reshape in C order to the reversed shape, reverse back */
    int64_t rev[ARR_MAXDIM];
    for (int d = 0; d < ndim; d++)
        rev[d] = shape[ndim - 1 - d];
    Array *t = arr_transpose(I, a, NULL);
    Array *r = t ? arr_reshape(I, t, ndim, rev) : NULL;
    return r ? arr_transpose(I, r, NULL) : NULL;
}

/* ---- out= ---- */

int arr_out_arg(Interp *I, Value v, Array **out) {
    *out = NULL;
    if (is_null(v) || is_none(v)) return 0;
    if (is_obj(v) && v.as.o->type == I->types[TY_TUPLE]) {
        Tuple *t = as_tuple(v);
        if (t->len != 1)
            return err_format(I, TY_VALUE_ERROR,
                              "The 'out' tuple must have exactly one entry per ufunc output"),
                   -1;
        v = t->items[0];
        if (is_none(v)) return 0;
    }
    if (!is_array(I, v))
        return err_format(I, TY_TYPE_ERROR, "return arrays must be of ArrayType"), -1;
    *out = arr_raw(v);
    return arr_check_writeable(I, *out, true);
}

/* NumPy's can_cast(from, to, 'same_kind'): safe casts, and casts within a kind (bool < int
 * < float; an unsigned integer may go to any integer, a signed one not to an unsigned). */
bool arr_can_cast_same_kind(int from, int to) {
    char kf = arr_dtypes[from].kind, kt = arr_dtypes[to].kind;
    if (kf == 'b') return true;
    if (kf == 'f') return kt == 'f';
    if (kf == 'u') return kt != 'b';
    return kt == 'i' || kt == 'f'; /* 'i' */
}

void arr_shape_text(char *buf, size_t n, int ndim, const int64_t *shape) {
    size_t k = (size_t)snprintf(buf, n, "(");
    for (int i = 0; i < ndim && k < n; i++)
        k += (size_t)snprintf(buf + k, n - k, i ? ",%lld" : "%lld", (long long)shape[i]);
    if (k < n) snprintf(buf + k, n - k, ndim == 1 ? ",)" : ")");
}

Value arr_store_out(Interp *I, Value r, Array *out, const char *ufunc) {
    return arr_store_out_cast(I, r, out, ufunc, true);
}

Value arr_store_out_cast(Interp *I, Value r, Array *out, const char *ufunc, bool same_kind) {
    if (!out || is_null(r)) return r;
    Array *res = is_array(I, r) ? arr_raw(r) : arr_from_value(I, r, -1);
    if (!res) return V_NULL;
    if (res->ndim != out->ndim ||
        memcmp(res->shape, out->shape, sizeof(int64_t) * (size_t)out->ndim) != 0) {
        char s1[200], s2[200];
        arr_shape_text(s1, sizeof s1, out->ndim, out->shape);
        arr_shape_text(s2, sizeof s2, res->ndim, res->shape);
        return err_format(I, TY_VALUE_ERROR,
                          "non-broadcastable output operand with shape %s doesn't match the "
                          "broadcast shape %s",
                          s1, s2);
    }
    if (same_kind && !arr_can_cast_same_kind(res->dtype, out->dtype))
        return err_format(I, TY_TYPE_ERROR,
                          "Cannot cast ufunc '%s' output from dtype('%s') to dtype('%s') with "
                          "casting rule 'same_kind'",
                          ufunc, arr_dtypes[res->dtype].name, arr_dtypes[out->dtype].name);
    if (arr_assign(I, out, v_obj(res)) < 0) return V_NULL;
    return v_obj(out);
}

/* ---- reductions: one signature table for np.sum(a, ...) and a.sum(...) ---- */

typedef struct ReduceSig {
    const char *const *names; /* after the array */
    int nnames, npos;
} ReduceSig;

static ReduceSig reduce_sig(int kind) {
    static const char *const sum[] = {"axis", "dtype", "out", "keepdims", "initial"};
    static const char *const minmax[] = {"axis", "out", "keepdims", "initial"};
    static const char *const mean[] = {"axis", "dtype", "out", "keepdims"};
    static const char *const var[] = {"axis", "dtype", "out", "ddof", "keepdims", "correction"};
    static const char *const allany[] = {"axis", "out", "keepdims"};
    static const char *const scan[] = {"axis", "dtype", "out"};
    switch (kind) {
    case RED_SUM:
    case RED_PROD: return (ReduceSig){sum, 5, 5};
    case RED_MIN:
    case RED_MAX: return (ReduceSig){minmax, 4, 4};
    case RED_MEAN: return (ReduceSig){mean, 4, 4};
    case RED_VAR:
    case RED_STD: return (ReduceSig){var, 6, 5};
    case RED_ALL:
    case RED_ANY: return (ReduceSig){allany, 3, 3};
    case RED_ARGMIN:
    case RED_ARGMAX: return (ReduceSig){allany, 3, 2};
    default: return (ReduceSig){scan, 3, 3};
    }
}

static Value named(const char *const *names, int n, const Value *o, const char *want) {
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], want) == 0) return o[i];
    return V_NULL;
}

/* `initial=` of sum/prod/min/max: folded into the result as NumPy does (an empty min/max
 * with an initial value is that value). */
static Value apply_initial(Interp *I, Array *a, int kind, Value axis, bool keep, Value r,
                           Value initial) {
    if (kind == RED_MIN || kind == RED_MAX) {
        Array *init = arr_from_value(I, initial, a->dtype);
        if (!init) return V_NULL;
        if (a->size == 0) {
            Value z = arr_reduce(I, a, RED_SUM, axis, keep, 0, a->dtype);
            if (is_null(z)) return z;
            if (!is_array(I, z)) return v_obj(init); /* a 0-d result */
            if (arr_assign(I, arr_raw(z), v_obj(init)) < 0) return V_NULL;
            return z;
        }
        return arr_binary(I, r, v_obj(init), kind == RED_MIN ? ARR_OP_MINIMUM : ARR_OP_MAXIMUM,
                          NULL);
    }
    return arr_binary(I, r, initial, kind == RED_SUM ? BIN_ADD : BIN_MUL, NULL);
}

Value arr_reduce_call(Interp *I, const char *name, int kind, Array *a, int argc, Value *argv,
                      Tuple *kw) {
    ReduceSig sig = reduce_sig(kind);
    /* NumPy's var/std methods (_methods._var) take no correction=, its functions do */
    if ((kind == RED_VAR || kind == RED_STD) && name[0] == '_') sig.nnames = 5;
    Value o[6];
    if (!arg_parse(I, name, argc, argv, kw, sig.names, sig.nnames, 0, sig.npos, o)) return V_NULL;
    Value axis = named(sig.names, sig.nnames, o, "axis");
    Value dtv = named(sig.names, sig.nnames, o, "dtype");
    Value keepv = named(sig.names, sig.nnames, o, "keepdims");
    Value ddofv = named(sig.names, sig.nnames, o, "ddof");
    Value corr = named(sig.names, sig.nnames, o, "correction");
    Value initial = named(sig.names, sig.nnames, o, "initial");
    Array *out;
    if (arr_out_arg(I, named(sig.names, sig.nnames, o, "out"), &out) < 0) return V_NULL;
    int dt = arr_dtype_arg(I, dtv, -1);
    if (dt < 0 && err_occurred(I)) return V_NULL;
    if (!is_null(ddofv) && !is_null(corr))
        return err_format(I, TY_VALUE_ERROR,
                          "ddof and correction can't be provided simultaneously.");
    if (is_null(ddofv)) ddofv = corr;
    int64_t ddof = 0;
    if (!is_null(ddofv) && obj_index(I, ddofv, &ddof) < 0) return V_NULL;
    bool keep = false;
    if (!is_null(keepv)) {
        int t = obj_truthy(I, keepv);
        if (t < 0) return V_NULL;
        keep = t;
    }
    bool extra = out || (!is_null(initial) && !is_none(initial));
    /* with out= or initial= the result is kept an array until the end */
    bool squeeze = extra && !keep && (is_null(axis) || is_none(axis)) && kind != RED_CUMSUM &&
                   kind != RED_CUMPROD;
    bool empty_init = a->size == 0 && !is_null(initial) && !is_none(initial) &&
                      (kind == RED_MIN || kind == RED_MAX);
    Value r = empty_init ? V_NONE : arr_reduce(I, a, kind, axis, keep || squeeze, (int)ddof, dt);
    if (is_null(r) || !extra) return r;
    if (!is_null(initial) && !is_none(initial)) {
        r = apply_initial(I, a, kind, axis, keep || squeeze, r, initial);
        if (is_null(r)) return r;
    }
    if (squeeze) {
        Array *ra = as_array(r);
        Array *z = arr_reshape(I, ra, 0, NULL);
        if (!z) return V_NULL;
        if (!out) return arr_scalar_new(I, z->data, z->dtype);
        r = v_obj(z);
    }
    if (!out && is_array(I, r) && arr_raw(r)->ndim == 0) /* a 1-d input's axis=0 */
        return arr_scalar_new(I, as_array(r)->data, as_array(r)->dtype);
    return arr_store_out_cast(I, r, out, name, false); /* reductions cast unsafely */
}

/* ---- sorting's kind=, order=, stable= ---- */

int arr_sort_kw(Interp *I, Value kind, Value order, Value stable) {
    bool has_kind = !is_null(kind) && !is_none(kind);
    if (has_kind) {
        const char *s = is_str(I, kind) ? as_str(kind)->data : NULL;
        if (!s)
            return err_format(I, TY_TYPE_ERROR, "sort kind must be str, not %s",
                              type_name(I, kind)),
                   -1;
        /* NumPy reads the first letter: quicksort, heapsort, mergesort, stable */
        if (!strchr("qQhHmMsS", s[0]) || !s[0])
            return err_format(I, TY_VALUE_ERROR,
                              "sort kind must be one of 'quick', 'heap', or 'stable' (got '%s')",
                              s),
                   -1;
    }
    if (!is_null(stable) && !is_none(stable)) {
        if (has_kind)
            return err_format(I, TY_VALUE_ERROR,
                              "`kind` and keyword parameters can't be provided at the same time. "
                              "Use only one of them."),
                   -1;
        if (obj_truthy(I, stable) < 0) return -1;
    }
    if (!is_null(order) && !is_none(order))
        return err_format(I, TY_VALUE_ERROR, "Cannot specify order when the array has no fields."),
               -1;
    return 0;
}

/* ---- astype's casting= ---- */

/* NumPy's can_cast(from, to, 'safe') for krait's dtypes (bfloat16 widens to float32/64). */
static bool can_cast_safe(int from, int to) {
    if (from == to || from == DT_BOOL) return true;
    char kf = arr_dtypes[from].kind, kt = arr_dtypes[to].kind;
    int sf = arr_dtypes[from].size, st = arr_dtypes[to].size;
    if (kt == 'b') return false;
    if (kf == 'f') {
        if (kt != 'f') return false;
        if (from == DT_BFLOAT16 || to == DT_BFLOAT16) return st > sf;
        return st > sf;
    }
    if (kt == 'f') { /* an integer fits a float with a mantissa wider than it */
        if (to == DT_BFLOAT16) return false;
        return st > sf || (st == 8 && sf == 8);
    }
    if (kf == 'i' && kt == 'u') return false;
    if (kf == 'u' && kt == 'i') return st > sf;
    return st >= sf;
}

int arr_casting_check(Interp *I, Value casting, int from, int to) {
    if (is_null(casting)) return 0;
    const char *s = is_str(I, casting) ? as_str(casting)->data : "";
    bool ok;
    if (strcmp(s, "unsafe") == 0)
        ok = true;
    else if (strcmp(s, "same_kind") == 0)
        ok = can_cast_safe(from, to) || arr_can_cast_same_kind(from, to);
    else if (strcmp(s, "safe") == 0)
        ok = can_cast_safe(from, to);
    else if (strcmp(s, "no") == 0 || strcmp(s, "equiv") == 0)
        ok = from == to;
    else
        return err_format(I, TY_VALUE_ERROR,
                          "casting must be one of 'no', 'equiv', 'safe', 'same_kind', "
                          "'unsafe' (got '%s')",
                          s),
               -1;
    if (ok) return 0;
    return err_format(I, TY_TYPE_ERROR,
                      "Cannot cast array data from dtype('%s') to dtype('%s') according to the "
                      "rule '%s'",
                      arr_dtypes[from].name, arr_dtypes[to].name, s),
           -1;
}

Value arr_store_out_exact(Interp *I, Value r, Array *out) {
    if (!out || is_null(r)) return r;
    Array *res = is_array(I, r) ? arr_raw(r) : arr_from_value(I, r, -1);
    if (!res) return V_NULL;
    if (res->dtype != out->dtype || res->ndim != out->ndim || !arr_is_contiguous(out))
        return err_format(I, TY_VALUE_ERROR,
                          "output array is not acceptable (must have the right datatype, number "
                          "of dimensions, and be a C-Array)");
    return arr_store_out(I, r, out, "dot");
}
