/* scalar.c: NumPy's scalar types (np.float64, np.int8, np.bool_, ...), what element
 * indexing and full reductions return. np.generic's native slots do the arithmetic, the
 * comparisons and the printing of every scalar class: each operand that is a scalar becomes
 * a 0-d array of its dtype (a strong type, NEP 50), Python numbers stay weak, and a 0-d
 * result becomes a scalar again, so scalars promote exactly as arrays do and share their
 * kernels. The classes themselves are made by the numpy module (stdlib/gpu/gpu_scalar.c),
 * which records them, indexed by dtype, in TY_NPSCALAR's dict under "_classes".
 *
 * Layout (array.h): ArrScalar for every class but np.float64, whose instances are Python
 * floats (FloatObj) so that isinstance(np.float64(1), float) holds as in NumPy. A device
 * reduction's scalar keeps its value in a 0-d device array until the host needs it:
 * ArrScalar.dev, or for np.float64 FloatObj.lazy (which the VM's float_value resolves). */
#include <math.h>
#include <string.h>

#include "../../vm/dict.h"
#include "../../vm/error.h"
#include "../../vm/gc.h"
#include "../../vm/number.h"
#include "../../vm/seq.h"
#include "../../vm/str.h"
#include "../../vm/vm.h"
#include "../runtime/gpu.h"
#include "array.h"

static Tuple *classes(Interp *I) {
    Str *k = str_intern_cstr(I, "_classes");
    Value t = k ? type_dict_get(I, I->types[TY_NPSCALAR], k) : V_NULL;
    return is_obj(t) && t.as.o->type == I->types[TY_TUPLE] ? as_tuple(t) : NULL;
}

Value arr_scalar_class(Interp *I, int dt) {
    Tuple *t = classes(I);
    return t && (size_t)dt < t->len ? t->items[dt] : V_NULL;
}

int arr_scalar_class_dtype(Interp *I, Value cls) {
    Tuple *t = classes(I);
    if (!t || !is_obj(cls) || !type_is_subtype(cls.as.o->type, I->types[TY_TYPE])) return -1;
    Type *c = (Type *)cls.as.o;
    for (size_t i = 0; i < t->len; i++)
        if (is_obj(t->items[i]) && type_is_subtype(c, (Type *)t->items[i].as.o)) return (int)i;
    return -1;
}

bool arr_is_scalar(Interp *I, Value v) {
    return is_obj(v) && type_is_subtype(v.as.o->type, I->types[TY_NPGENERIC]);
}

int arr_scalar_dtype(Interp *I, Value v) {
    if (!arr_is_scalar(I, v)) return -1;
    if (type_is_subtype(v.as.o->type, I->types[TY_FLOAT])) return DT_FLOAT64;
    if (!type_is_subtype(v.as.o->type, I->types[TY_NPSCALAR])) return -1;
    return ((ArrScalar *)v.as.o)->dtype;
}

/* A np.float64 whose value is still in a 0-d device array: the VM's float_value asks
 * this for it (FloatObj.resolve). It runs wherever float code reads a float, so it cannot
 * report floating-point warnings (Python code) there: they wait for the next wait that
 * can (arr_fetch_scalar_quiet). A failure leaves its exception set (vm/number.h). */
static double f64_resolve(Obj *lazy) {
    Array *a = (Array *)lazy;
    Array *o = a->base ? a->base : a;
    char buf[8];
    if (o->interp && arr_fetch_scalar_quiet(o->interp, a, buf) < 0) return NAN;
    return arr_load_f(o->interp ? buf : a->data, DT_FLOAT64);
}

static bool f64_is_lazy(Interp *I, Value v) {
    return is_obj(v) && type_is_subtype(v.as.o->type, I->types[TY_FLOAT]) &&
           ((FloatObj *)v.as.o)->resolve == f64_resolve;
}

Array *arr_scalar_device(Interp *I, Value v) {
    if (f64_is_lazy(I, v)) return (Array *)((FloatObj *)v.as.o)->lazy;
    if (!arr_is_scalar(I, v) || !type_is_subtype(v.as.o->type, I->types[TY_NPSCALAR])) return NULL;
    return ((ArrScalar *)v.as.o)->dev;
}

Value arr_scalar_on_device(Interp *I, Array *a) {
    Value cls = arr_scalar_class(I, a->dtype);
    if (is_null(cls)) {
        char buf[8];
        if (arr_fetch_scalar(I, a, buf) < 0) return V_NULL;
        return arr_scalar_new(I, buf, a->dtype);
    }
    Type *t = (Type *)cls.as.o;
    if (a->dtype == DT_FLOAT64) {
        FloatObj *f = gc_new(I, t, t->instance_size);
        if (!f) return V_NULL;
        f->lazy = (Obj *)a;
        f->resolve = f64_resolve;
        return v_obj(f);
    }
    ArrScalar *s = gc_new(I, t, t->instance_size);
    if (!s) return V_NULL;
    s->dtype = a->dtype;
    s->v.i = 0;
    s->dev = a;
    return v_obj(s);
}

int arr_scalar_load(Interp *I, Value v, char *buf) {
    if (!arr_is_scalar(I, v)) return -1;
    if (type_is_subtype(v.as.o->type, I->types[TY_FLOAT])) {
        FloatObj *f = (FloatObj *)v.as.o;
        if (f64_is_lazy(I, v)) {
            /* the host needs it: fetch it here, where a failure and the device work's
             * warnings can be reported */
            if (arr_fetch_scalar(I, (Array *)f->lazy, buf) < 0) return -2;
            f->value = arr_load_f(buf, DT_FLOAT64);
            f->lazy = NULL;
            f->resolve = NULL;
        }
        arr_store_f(buf, DT_FLOAT64, float_value(v));
        return DT_FLOAT64;
    }
    if (!type_is_subtype(v.as.o->type, I->types[TY_NPSCALAR])) return -1;
    ArrScalar *s = (ArrScalar *)v.as.o;
    if (s->dev) {
        /* the value is still on the device (a deferred reduction): fetch its one element
         * now, the first time the host needs it */
        if (arr_fetch_scalar(I, s->dev, buf) < 0) return -2;
        if (dt_is_float(s->dtype))
            s->v.f = arr_load_f(buf, s->dtype);
        else
            s->v.i = arr_load_i(buf, s->dtype);
        s->dev = NULL;
    }
    if (dt_is_float(s->dtype))
        arr_store_f(buf, s->dtype, s->v.f);
    else
        arr_store_i(buf, s->dtype, s->v.i);
    return s->dtype;
}

/* arr_scalar_load for self, which must be a scalar: TypeError if not; -1 after raising. */
static int self_load(Interp *I, Value self, char *buf) {
    int dt = arr_scalar_load(I, self, buf);
    if (dt == -1) err_format(I, TY_TYPE_ERROR, "not a numpy scalar");
    return dt < 0 ? -1 : dt;
}

/* An instance of class cls (dtype dt) holding the element at p. */
static Value scalar_of(Interp *I, Type *cls, const char *p, int dt) {
    if (dt == DT_FLOAT64) {
        FloatObj *f = gc_new(I, cls, cls->instance_size);
        if (!f) return V_NULL;
        f->value = arr_load_f(p, dt);
        return v_obj(f);
    }
    ArrScalar *s = gc_new(I, cls, cls->instance_size);
    if (!s) return V_NULL;
    s->dtype = dt;
    if (dt_is_float(dt))
        s->v.f = arr_load_f(p, dt);
    else
        s->v.i = arr_load_i(p, dt);
    return v_obj(s);
}

Value arr_scalar_new(Interp *I, const char *p, int dt) {
    Value cls = arr_scalar_class(I, dt);
    if (is_null(cls)) return arr_scalar_value(I, p, dt);
    return scalar_of(I, (Type *)cls.as.o, p, dt);
}

Value arr_scalar_from(Interp *I, Value py, int dt) {
    if (arr_is_scalar(I, py) || is_array(I, py)) {
        Array *a = arr_from_value(I, py, dt);
        return a ? arr_scalar_new(I, a->data, dt) : V_NULL;
    }
    char buf[8];
    if (arr_store_value(I, buf, dt, py) < 0) return V_NULL;
    return arr_scalar_new(I, buf, dt);
}

Array *arr_scalar_operand(Interp *I, Value v) {
    Array *dev = arr_scalar_device(I, v);
    /* another device's value (gpu.Device): fetched, so it meets the current device's work */
    Array *own = dev && dev->base ? dev->base : dev;
    if (!dev || (I->gpu && own->device != I->gpu->ordinal)) return arr_scalar_to_array(I, v);
    /* a lazy copy of the device value: no fetch, and the scalar stays immutable */
    Value c = arr_astype(I, dev, dev->dtype);
    return is_null(c) ? NULL : arr_raw(c);
}

Array *arr_scalar_to_array(Interp *I, Value v) {
    char buf[8];
    int dt = arr_scalar_load(I, v, buf);
    if (dt < 0) return NULL;
    Array *a = arr_new(I, dt, 0, NULL);
    if (a) memcpy(a->data, buf, (size_t)arr_dtypes[dt].size);
    return a;
}

/* ---- np.generic's slots ---- */

/* An operand for the array code: scalars as 0-d arrays, everything else as it is. */
static Value operand(Interp *I, Value v) {
    if (!arr_is_scalar(I, v)) return v;
    Array *a = arr_scalar_operand(I, v); /* a device scalar stays on the device */
    return a ? v_obj(a) : V_NULL;
}

/* A 0-d array result as a scalar (one computed on the device stays there: s / n of a
 * device reduction's s moves nothing); arrays of more dimensions as they are. */
static Value result(Interp *I, Value r) {
    if (is_null(r) || !is_array(I, r) || arr_raw(r)->ndim != 0) return r;
    Array *a = arr_raw(r), *o = a->base ? a->base : a;
    if (o->host_stale) return arr_scalar_on_device(I, a);
    return arr_scalar_new(I, a->data, a->dtype);
}

static bool other_ok(Interp *I, Value v) {
    return is_bool(v) || is_int(I, v) || is_float_value(I, v) || arr_is_scalar(I, v) ||
           is_array(I, v);
}

static Value generic_binop(Interp *I, Value a, Value b, int op) {
    if (op == BIN_MATMUL || !other_ok(I, a) || !other_ok(I, b)) return v_notimpl(I);
    if (is_array(I, a) || is_array(I, b)) return v_notimpl(I); /* the array's slot runs */
    Value x = operand(I, a), y = is_null(x) ? x : operand(I, b);
    if (is_null(y)) return y;
    return result(I, arr_scalar_binary(I, x, y, op));
}

static Value generic_richcompare(Interp *I, Value a, Value b, int op) {
    if (!other_ok(I, a) || !other_ok(I, b)) return v_notimpl(I);
    if (is_array(I, a) || is_array(I, b)) return v_notimpl(I);
    Value x = operand(I, a), y = is_null(x) ? x : operand(I, b);
    if (is_null(y)) return y;
    return result(I, arr_compare(I, x, y, op));
}

/* -x and abs(x) of a signed integer type's most negative value overflow: NumPy's scalar
 * operators warn ("overflow encountered in scalar negative"); -1 after raising. */
static int unary_overflow(Interp *I, Value a, int u) {
    char buf[8];
    int sdt = arr_scalar_dtype(I, a);
    if (sdt >= 0 && (!dt_is_int(sdt) || arr_dtypes[sdt].kind != 'i')) return 0; /* no fetch */
    int dt = arr_scalar_load(I, a, buf);
    if (dt < 0) return err_occurred(I) ? -1 : 0;
    if (!dt_is_int(dt) || arr_dtypes[dt].kind != 'i') return 0;
    int bits = arr_dtypes[dt].size * 8;
    int64_t v = arr_load_i(buf, dt), min = bits == 64 ? INT64_MIN : -((int64_t)1 << (bits - 1));
    if (v != min) return 0;
    return arr_fpe_report(I, ARR_FPE_OVER, u == ARR_U_NEG ? "negative" : "absolute", true);
}

static Value generic_unop(Interp *I, Value a, int op) {
    Value x = operand(I, a);
    if (is_null(x)) return x;
    int u = op == UN_NEG ? ARR_U_NEG : op == UN_POS ? ARR_U_POS : ARR_U_INVERT;
    if (u == ARR_U_NEG && unary_overflow(I, a, u) < 0) return V_NULL;
    return result(I, arr_unary(I, x, u, NULL));
}

static int generic_truthy(Interp *I, Value self) {
    char buf[8];
    int dt = self_load(I, self, buf);
    if (dt < 0) return -1;
    return dt_is_float(dt) ? arr_load_f(buf, dt) != 0 : arr_load_i(buf, dt) != 0;
}

/* The Python value: what item() gives, and what hashing and formatting go through. */
static Value py_value(Interp *I, Value self) {
    char buf[8];
    int dt = self_load(I, self, buf);
    if (dt < 0) return V_NULL;
    return arr_scalar_value(I, buf, dt);
}

static int generic_hash(Interp *I, Value self, int64_t *out) {
    Value v = py_value(I, self);
    return is_null(v) ? -1 : obj_hash(I, v, out);
}

static Value generic_str(Interp *I, Value self) {
    char buf[8], text[64];
    int dt = self_load(I, self, buf);
    if (dt < 0) return V_NULL;
    arr_scalar_text(text, sizeof text, buf, dt);
    Str *s = str_from_cstr(I, text);
    return s ? v_obj(s) : V_NULL;
}

/* NumPy 2's repr: np.float64(1.5), np.int8(3), np.True_ */
static Value generic_repr(Interp *I, Value self) {
    char buf[8], text[64];
    int dt = self_load(I, self, buf);
    if (dt < 0) return V_NULL;
    if (dt == DT_BOOL) return v_obj(str_from_cstr(I, *buf ? "np.True_" : "np.False_"));
    arr_scalar_text(text, sizeof text, buf, dt);
    Str *s = str_printf(I, "np.%s(%s)", arr_dtypes[dt].name, text);
    return s ? v_obj(s) : V_NULL;
}

/* NumPy's scalars have the ndarray's methods (x.any(), x.reshape(1), x.sum()): what normal
 * lookup does not find is looked up on the scalar as a 0-d array. */
static Value array_attr(Interp *I, Value self, Str *name) {
    if (name->data[0] != '_' && !is_null(type_lookup(I, I->types[TY_ARRAY], name))) {
        Array *a = arr_scalar_to_array(I, self);
        Value v = a ? obj_getattr(I, v_obj(a), name) : V_NULL;
        if (is_null(v)) return v;
        if (is_array(I, v)) return result(I, v); /* x.T, x.real: a scalar again */
        Type *t = type_of(I, v);
        if (t != I->types[TY_BOUND_METHOD] && t != I->types[TY_NATIVE_FUNC]) return v;
        /* a method: its 0-d array results become scalars (NumPy's PyArray_Return), so
         * np.float32(2.5).round() is np.float32(2.0) */
        Str *mk = str_intern_cstr(I, "_numpy_lib"), *fk = str_intern_cstr(I, "_scalar_method");
        Value m = mk ? vm_import(I, mk, V_NULL, V_NULL, 0) : V_NULL;
        Value f = is_null(m) || !fk ? V_NULL : obj_getattr(I, m, fk);
        return is_null(f) ? f : obj_call(I, f, 1, &v, NULL);
    }
    return err_format(I, TY_ATTRIBUTE_ERROR, "'numpy.%s' object has no attribute '%s'",
                      type_of(I, self)->name->data, name->data);
}

static Value generic_getattr_slot(Interp *I, Value self, Str *name) {
    Value v = generic_getattr_opt(I, self, name);
    if (!is_null(v) || err_occurred(I)) return v;
    return array_attr(I, self, name);
}

/* x[()] is x, x[...] a 0-d array, as NumPy's scalars index */
static Value generic_getitem(Interp *I, Value self, Value key) {
    if (is_obj(key) && key.as.o == (Obj *)I->empty_tuple) return self;
    if (is_obj(key) && key.as.o == I->ellipsis) {
        Array *a = arr_scalar_to_array(I, self);
        return a ? v_obj(a) : V_NULL;
    }
    return err_format(I, TY_INDEX_ERROR, "invalid index to scalar variable.");
}

static void npscalar_trace(Interp *I, Obj *o) {
    ArrScalar *s = (ArrScalar *)o;
    if (s->dev) gc_mark_obj(I, (Obj *)s->dev);
}

/* np.int8(x) and the other classes but np.float64 (float's constructor makes those):
 * x converted as np.array(x, dtype) does (so np.int8(300) raises NumPy's OverflowError); an
 * array_like of more than one element gives that array, as in NumPy. */
static Value npscalar_new(Interp *I, Type *t, int argc, Value *argv, Tuple *kw) {
    int dt = arr_scalar_class_dtype(I, v_obj(t));
    if (dt < 0) return err_format(I, TY_TYPE_ERROR, "cannot create '%s' instances", t->name->data);
    if (argc + (kw ? (int)kw->len : 0) > 1) /* NumPy's wording */
        return err_format(I, TY_TYPE_ERROR, "function takes at most 1 argument (%d given)",
                          argc + (kw ? (int)kw->len : 0));
    if (!arr_kw_reject(I, dt == DT_BOOL ? "bool" : arr_dtypes[dt].name, kw)) return V_NULL;
    char zero[8] = {0};
    if (argc == 0) return scalar_of(I, t, zero, dt);
    Value x = argv[0];
    if (dt == DT_BOOL && !is_array(I, x) && !arr_is_scalar(I, x)) {
        int b = obj_truthy(I, x);
        if (b < 0) return V_NULL;
        zero[0] = (char)b;
        return scalar_of(I, t, zero, dt);
    }
    if (is_str(I, x)) { /* text: parsed as Python's int() or float() parses it */
        x = obj_call(I, v_obj(I->types[dt_is_float(dt) ? TY_FLOAT : TY_INT]), 1, &x, NULL);
        if (is_null(x)) return x;
    }
    Array *a = arr_from_value(I, x, dt);
    if (!a) return V_NULL;
    if (a->ndim != 0) return v_obj(a);
    return scalar_of(I, t, as_array(v_obj(a))->data, dt);
}

/* ---- attributes and methods ---- */

static Value get_dtype(Interp *I, Value self) {
    char buf[8];
    int dt = self_load(I, self, buf);
    return dt < 0 ? V_NULL : arr_dtype_obj(I, dt);
}
static Value get_zero(Interp *I, Value self) {
    return v_int(0);
}
static Value get_one(Interp *I, Value self) {
    return v_int(1);
}
static Value get_shape(Interp *I, Value self) {
    return v_obj(I->empty_tuple);
}
static Value get_itemsize(Interp *I, Value self) {
    char buf[8];
    int dt = self_load(I, self, buf);
    return dt < 0 ? V_NULL : v_int(arr_dtypes[dt].size);
}
static Value get_self(Interp *I, Value self) {
    return self;
}

static const GetSetDef generic_getsets[] = {
    {"dtype", get_dtype, NULL}, {"ndim", get_zero, NULL},         {"shape", get_shape, NULL},
    {"size", get_one, NULL},    {"itemsize", get_itemsize, NULL}, {"nbytes", get_itemsize, NULL},
    {"T", get_self, NULL},      {"real", get_self, NULL},         {NULL, NULL, NULL},
};

static Value m_item(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_method_no_kw(I, "item", kw)) return V_NULL;
    if (argc > 1) {
        Array *a = arr_scalar_to_array(I, argv[0]);
        if (!a) return V_NULL;
        Str *k = str_intern_cstr(I, "item");
        return k ? obj_call_method(I, v_obj(a), k, argc - 1, argv + 1) : V_NULL;
    }
    return py_value(I, argv[0]);
}

static Value m_tolist(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_method_no_kw(I, "tolist", kw) || !arg_count(I, "tolist", argc - 1, 0, 0))
        return V_NULL;
    return py_value(I, argv[0]);
}

/* astype(dtype, order='K', casting='unsafe', subok=True, copy=True): a scalar of dtype */
static Value m_astype(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"dtype", "order", "casting", "subok", "copy"};
    Value o[5];
    if (!arg_parse(I, "astype", argc - 1, argv + 1, kw, names, 5, 1, 5, o)) return V_NULL;
    int dt = arr_dtype_arg(I, o[0], -1);
    Array *a = dt < 0 ? NULL : arr_scalar_to_array(I, argv[0]);
    if (!a || arr_order_arg(I, o[1], 'K', "CFAK") < 0 ||
        arr_casting_check(I, o[2], a->dtype, dt) < 0)
        return V_NULL;
    Array *r = arr_copy(I, a, dt);
    return r ? arr_scalar_new(I, r->data, dt) : V_NULL;
}

Value arr_round(Interp *I, Array *a, int decimals);
/* round(x) gives a Python int (floats) or the scalar itself (integers); round(x, n) a
 * scalar of x's dtype rounded half to even as np.round does. */
static Value m_round(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"ndigits"};
    Value o[1];
    if (!arg_parse(I, "__round__", argc - 1, argv + 1, kw, names, 1, 0, 1, o)) return V_NULL;
    Array *a = arr_scalar_to_array(I, argv[0]);
    if (!a) return V_NULL;
    int64_t nd = 0;
    if (!is_null(o[0]) && !is_none(o[0]) && obj_index(I, o[0], &nd) < 0) return V_NULL;
    Value r = result(I, arr_round(I, a, (int)nd));
    if (is_null(r) || (!is_null(o[0]) && !is_none(o[0]))) return r;
    if (!dt_is_float(a->dtype)) return r;
    Value f = py_value(I, r);
    return is_null(f) ? f : int_from_double(I, f.as.f);
}

static Value m_is_integer(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_args(I, "is_integer", argc - 1, kw, 0, 0)) return V_NULL;
    char buf[8];
    int dt = self_load(I, argv[0], buf);
    if (dt < 0) return V_NULL;
    if (!dt_is_float(dt)) return V_TRUE;
    double x = arr_load_f(buf, dt);
    return v_bool(isfinite(x) && x == floor(x));
}

static Value m_float(Interp *I, int argc, Value *argv, Tuple *kw) {
    char buf[8];
    int dt = self_load(I, argv[0], buf);
    if (dt < 0) return V_NULL;
    return v_float(arr_load_f(buf, dt));
}

static Value m_int(Interp *I, int argc, Value *argv, Tuple *kw) {
    char buf[8];
    int dt = self_load(I, argv[0], buf);
    if (dt < 0) return V_NULL;
    if (!dt_is_float(dt)) return arr_scalar_value(I, buf, dt == DT_BOOL ? DT_INT8 : dt);
    return int_from_double(I, arr_load_f(buf, dt));
}

static Value m_abs(Interp *I, int argc, Value *argv, Tuple *kw) {
    Value x = operand(I, argv[0]);
    if (is_null(x) || unary_overflow(I, argv[0], ARR_U_ABS) < 0) return V_NULL;
    return result(I, arr_unary(I, x, ARR_U_ABS, NULL));
}

static Value m_format(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_args(I, "__format__", argc - 1, kw, 1, 1)) return V_NULL;
    if (!is_str(I, argv[1]))
        return err_format(I, TY_TYPE_ERROR, "__format__() argument must be str, not %s",
                          type_name(I, argv[1]));
    Value v = py_value(I, argv[0]); /* NumPy formats the Python number, even for '' */
    return is_null(v) ? v : obj_format(I, v, as_str(argv[1]));
}

static Value m_index(Interp *I, int argc, Value *argv, Tuple *kw) {
    char buf[8];
    int dt = arr_scalar_load(I, argv[0], buf);
    if (dt == -2) return V_NULL;
    if (dt < 0 || !dt_is_int(dt))
        return err_format(I, TY_TYPE_ERROR, "only integer scalars can be converted to an index");
    return arr_scalar_value(I, buf, dt);
}

const MethodDef arr_integer_methods[] = {{"__index__", m_index, 0}, {NULL, NULL, 0}};

/* divmod(x, y) of scalars: NumPy's (x // y, x % y), each a scalar of the promoted type. */
static Value scalar_divmod(Interp *I, Value a, Value b) {
    Value q = generic_binop(I, a, b, BIN_FLOORDIV);
    if (is_null(q) || is_notimpl(I, q) || !gc_temp_push(I, q)) return q;
    Value r = generic_binop(I, a, b, BIN_MOD);
    if (is_null(r) || is_notimpl(I, r)) return r;
    Tuple *t = tuple_pack(I, 2, q, r);
    return t ? v_obj(t) : V_NULL;
}
static Value m_divmod(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "__divmod__", argc - 1, 1, 1)) return V_NULL;
    return scalar_divmod(I, argv[0], argv[1]);
}
static Value m_rdivmod(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "__rdivmod__", argc - 1, 1, 1)) return V_NULL;
    return scalar_divmod(I, argv[1], argv[0]);
}

static const MethodDef generic_methods[] = {
    {"item", m_item, 0},         {"tolist", m_tolist, 0},         {"astype", m_astype, 0},
    {"__round__", m_round, 0},   {"is_integer", m_is_integer, 0}, {"__float__", m_float, 0},
    {"__int__", m_int, 0},       {"__abs__", m_abs, 0},           {"__format__", m_format, 0},
    {"__divmod__", m_divmod, 0}, {"__rdivmod__", m_rdivmod, 0},   {NULL, NULL, 0},
};

static Value generic_new(Interp *I, Type *t, int argc, Value *argv, Tuple *kw) {
    return err_format(I, TY_TYPE_ERROR, "cannot create 'numpy.%s' instances", t->name->data);
}

/* np.generic: no instance data of its own (so np.float64 can also be a float). */
const TypeSpec npgeneric_spec = {
    .name = "generic",
    .base = TY_OBJECT,
    .instance_size = sizeof(Obj),
    .flags = TF_BASETYPE,
    .slots = {.repr = generic_repr,
              .str = generic_str,
              .hash = generic_hash,
              .richcompare = generic_richcompare,
              .binop = generic_binop,
              .unop = generic_unop,
              .truthy = generic_truthy,
              .getitem = generic_getitem,
              .getattr = generic_getattr_slot,
              .new = generic_new},
    .methods = generic_methods,
    .getsets = generic_getsets,
};

/* The storage the concrete classes other than np.float64 share, with np.generic's slots:
 * a heap class takes its slots from the base that gives its layout (this one, or float for
 * np.float64, which gets the dunders below instead). */
const TypeSpec npscalar_spec = {
    .name = "numpy_scalar",
    .base = TY_OBJECT,
    .instance_size = sizeof(ArrScalar),
    .flags = TF_BASETYPE,
    .slots = {.trace = npscalar_trace,
              .new = npscalar_new,
              .repr = generic_repr,
              .str = generic_str,
              .hash = generic_hash,
              .richcompare = generic_richcompare,
              .binop = generic_binop,
              .unop = generic_unop,
              .truthy = generic_truthy,
              .getitem = generic_getitem,
              .getattr = generic_getattr_slot},
};

/* ---- np.float64's dunders: its slots come from float, so np.generic's behaviour is put
 * in its class dict as methods ---- */

static Value d_repr(Interp *I, int argc, Value *argv, Tuple *kw) {
    return generic_repr(I, argv[0]);
}
static Value d_str(Interp *I, int argc, Value *argv, Tuple *kw) {
    return generic_str(I, argv[0]);
}
static Value d_neg(Interp *I, int argc, Value *argv, Tuple *kw) {
    return generic_unop(I, argv[0], UN_NEG);
}
static Value d_pos(Interp *I, int argc, Value *argv, Tuple *kw) {
    return generic_unop(I, argv[0], UN_POS);
}
#define BINARY_DUNDERS(name, op)                                                                   \
    static Value d_##name(Interp *I, int argc, Value *argv, Tuple *kw) {                           \
        if (!arg_count(I, "__" #name "__", argc - 1, 1, 1)) return V_NULL;                         \
        return generic_binop(I, argv[0], argv[1], op);                                             \
    }                                                                                              \
    static Value d_r##name(Interp *I, int argc, Value *argv, Tuple *kw) {                          \
        if (!arg_count(I, "__r" #name "__", argc - 1, 1, 1)) return V_NULL;                        \
        return generic_binop(I, argv[1], argv[0], op);                                             \
    }
BINARY_DUNDERS(add, BIN_ADD)
BINARY_DUNDERS(sub, BIN_SUB)
BINARY_DUNDERS(mul, BIN_MUL)
BINARY_DUNDERS(truediv, BIN_TRUEDIV)
BINARY_DUNDERS(floordiv, BIN_FLOORDIV)
BINARY_DUNDERS(mod, BIN_MOD)
BINARY_DUNDERS(pow, BIN_POW)
#define COMPARE_DUNDER(name, op)                                                                   \
    static Value d_##name(Interp *I, int argc, Value *argv, Tuple *kw) {                           \
        if (!arg_count(I, "__" #name "__", argc - 1, 1, 1)) return V_NULL;                         \
        return generic_richcompare(I, argv[0], argv[1], op);                                       \
    }
COMPARE_DUNDER(eq, CMP_EQ)
COMPARE_DUNDER(ne, CMP_NE)
COMPARE_DUNDER(lt, CMP_LT)
COMPARE_DUNDER(le, CMP_LE)
COMPARE_DUNDER(gt, CMP_GT)
COMPARE_DUNDER(ge, CMP_GE)
static Value d_getitem(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "__getitem__", argc - 1, 1, 1)) return V_NULL;
    return generic_getitem(I, argv[0], argv[1]);
}
static Value d_getattr(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "__getattr__", argc - 1, 1, 1)) return V_NULL;
    if (!is_str(I, argv[1])) return err_format(I, TY_TYPE_ERROR, "attribute name must be string");
    return array_attr(I, argv[0], as_str(argv[1]));
}
static Value d_hash(Interp *I, int argc, Value *argv, Tuple *kw) {
    int64_t h;
    return generic_hash(I, argv[0], &h) < 0 ? V_NULL : v_int(h);
}

const MethodDef arr_float64_methods[] = {
    {"__repr__", d_repr, 0},
    {"__str__", d_str, 0},
    {"__neg__", d_neg, 0},
    {"__pos__", d_pos, 0},
    {"__abs__", m_abs, 0},
    {"__divmod__", m_divmod, 0},
    {"__rdivmod__", m_rdivmod, 0},
    {"__add__", d_add, 0},
    {"__radd__", d_radd, 0},
    {"__sub__", d_sub, 0},
    {"__rsub__", d_rsub, 0},
    {"__mul__", d_mul, 0},
    {"__rmul__", d_rmul, 0},
    {"__truediv__", d_truediv, 0},
    {"__rtruediv__", d_rtruediv, 0},
    {"__floordiv__", d_floordiv, 0},
    {"__rfloordiv__", d_rfloordiv, 0},
    {"__mod__", d_mod, 0},
    {"__rmod__", d_rmod, 0},
    {"__pow__", d_pow, 0},
    {"__rpow__", d_rpow, 0},
    {"__eq__", d_eq, 0},
    {"__ne__", d_ne, 0},
    {"__lt__", d_lt, 0},
    {"__le__", d_le, 0},
    {"__gt__", d_gt, 0},
    {"__ge__", d_ge, 0},
    {"__hash__", d_hash, 0},
    {"__getitem__", d_getitem, 0},
    {"__getattr__", d_getattr, 0},
    {NULL, NULL, 0},
};
