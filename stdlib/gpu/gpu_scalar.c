/* gpu_scalar.c: the numpy module's scalar classes and type introspection: the hierarchy
 * generic > number > integer > signedinteger/unsignedinteger, number > inexact > floating,
 * the concrete classes (np.bool_, np.int8 ... np.uint32, np.float16, np.bfloat16,
 * np.float32, np.float64), np.issubdtype, np.iinfo and np.finfo. The scalars' behaviour is
 * gpu/array/scalar.c's (np.generic's slots); this file builds the classes and records them
 * for the array layer. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../../gpu/array/array.h"
#include "../../vm/dict.h"
#include "../../vm/gc.h"
#include "../builtins.h"
#include "../classes.h"
#include "gpu_module.h"

static Type *make_class(Interp *I, const char *name, Value b1, Value b2) {
    Dict *ns = dict_new(I);
    if (!ns || !gc_temp_push(I, v_obj(ns))) return NULL;
    Str *mod = str_intern_cstr(I, "numpy");
    Str *tn = str_intern_cstr(I, name);
    if (!mod || !tn || dict_set_str(I, ns, I->names.module, v_obj(mod)) < 0) return NULL;
    Tuple *bases = is_null(b2) ? tuple_pack(I, 1, b1) : tuple_pack(I, 2, b1, b2);
    if (!bases || !gc_temp_push(I, v_obj(bases))) return NULL;
    Type *t = type_new_heap(I, tn, bases, ns);
    return t && gc_temp_push(I, v_obj(t)) ? t : NULL;
}

/* The classes are made once per interpreter (import gpu and import numpy share them) and
 * kept, with their module names, in TY_NPSCALAR's dict. */
static int export_names(Interp *I, Module *m, Dict *names) {
    size_t pos = 0;
    Value k, v;
    while (dict_next(names, &pos, &k, &v))
        if (is_str(I, k) && module_set(I, m, as_str(k)->data, v) < 0) return -1;
    return 0;
}

int gpu_add_scalar_classes(Interp *I, Module *m) {
    Str *nkey = str_intern_cstr(I, "_names");
    Value known = nkey ? type_dict_get(I, I->types[TY_NPSCALAR], nkey) : V_NULL;
    if (is_obj(known) && known.as.o->type == I->types[TY_DICT])
        return export_names(I, m, (Dict *)known.as.o);
    size_t mark = gc_temp_mark(I);
    Value generic = v_obj(I->types[TY_NPGENERIC]), store = v_obj(I->types[TY_NPSCALAR]);
    Str *mod = str_intern_cstr(I, "numpy");
    for (int i = 0; i < 2; i++) { /* the native ones are numpy.generic, numpy.numpy_scalar */
        Type *t = I->types[i ? TY_NPSCALAR : TY_NPGENERIC];
        if (!mod || type_dict_set(I, t, I->names.module, v_obj(mod)) < 0) return -1;
        t->module = mod; /* repr: <class 'numpy.generic'> */
        t->version++;
    }
    Type *number = make_class(I, "number", generic, V_NULL);
    Type *integer = number ? make_class(I, "integer", v_obj(number), V_NULL) : NULL;
    Type *sint = integer ? make_class(I, "signedinteger", v_obj(integer), V_NULL) : NULL;
    Type *uint = sint ? make_class(I, "unsignedinteger", v_obj(integer), V_NULL) : NULL;
    Type *inexact = uint ? make_class(I, "inexact", v_obj(number), V_NULL) : NULL;
    Type *floating = inexact ? make_class(I, "floating", v_obj(inexact), V_NULL) : NULL;
    if (!floating || !class_add_native_methods(I, integer, arr_integer_methods)) return -1;
    Tuple *cls = tuple_new(I, DT__COUNT);
    if (!cls || !gc_temp_push(I, v_obj(cls))) return -1;
    for (int dt = 0; dt < DT__COUNT; dt++) {
        char k = arr_dtypes[dt].kind;
        Value base = k == 'b'   ? generic
                     : k == 'i' ? v_obj(sint)
                     : k == 'u' ? v_obj(uint)
                                : v_obj(floating);
        Value second = dt == DT_FLOAT64 ? v_obj(I->types[TY_FLOAT]) : store;
        Type *t = make_class(I, arr_dtypes[dt].name, base, second);
        if (!t || (dt == DT_FLOAT64 && !class_add_native_methods(I, t, arr_float64_methods)))
            return -1;
        cls->items[dt] = v_obj(t);
    }
    Str *key = str_intern_cstr(I, "_classes");
    if (!key || type_dict_set(I, I->types[TY_NPSCALAR], key, v_obj(cls)) < 0) return -1;
    I->types[TY_NPSCALAR]->version++;
    struct {
        const char *name;
        Value v;
    } names[] = {{"generic", generic},
                 {"number", v_obj(number)},
                 {"integer", v_obj(integer)},
                 {"signedinteger", v_obj(sint)},
                 {"unsignedinteger", v_obj(uint)},
                 {"inexact", v_obj(inexact)},
                 {"floating", v_obj(floating)},
                 {"bool_", cls->items[DT_BOOL]},
                 {"double", cls->items[DT_FLOAT64]},
                 {"float_", cls->items[DT_FLOAT64]},
                 {"half", cls->items[DT_FLOAT16]},
                 {"single", cls->items[DT_FLOAT32]}};
    Dict *all = dict_new(I);
    if (!all || !gc_temp_push(I, v_obj(all))) return -1;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (dict_set_str(I, all, str_intern_cstr(I, names[i].name), names[i].v) < 0) return -1;
    for (int dt = 0; dt < DT__COUNT; dt++)
        if (dict_set_str(I, all, str_intern_cstr(I, arr_dtypes[dt].name), cls->items[dt]) < 0)
            return -1;
    if (type_dict_set(I, I->types[TY_NPSCALAR], nkey, v_obj(all)) < 0) return -1;
    gc_temp_reset(I, mark);
    return export_names(I, m, all);
}

/* ---- np.issubdtype ---- */

/* A class for issubdtype: a scalar class (or abstract one) as it is, anything else
 * through np.dtype(...).type. */
static Type *type_for(Interp *I, Value v) {
    if (is_obj(v) && type_is_subtype(v.as.o->type, I->types[TY_TYPE]) &&
        type_is_subtype((Type *)v.as.o, I->types[TY_NPGENERIC]))
        return (Type *)v.as.o;
    int dt = arr_dtype_arg(I, v, -1);
    if (dt < 0) return NULL;
    Value c = arr_scalar_class(I, dt);
    return is_null(c) ? NULL : (Type *)c.as.o;
}

Value gpu_f_issubdtype(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"arg1", "arg2"};
    Value o[2];
    if (!arg_parse(I, "issubdtype", argc, argv, kw, names, 2, 2, 2, o)) return V_NULL;
    Type *a = type_for(I, o[0]), *b = a ? type_for(I, o[1]) : NULL;
    return b ? v_bool(type_is_subtype(a, b)) : V_NULL;
}

/* ---- np.iinfo and np.finfo: instances of small classes with NumPy's attributes ---- */

static int info_dtype(Interp *I, Value v) {
    int dt = arr_scalar_dtype(I, v); /* the dtype only: no fetch from the device */
    if (dt >= 0) return dt;
    if (is_array(I, v)) return arr_raw(v)->dtype;
    if (is_int(I, v) && !is_bool(v)) return DT_INT64;
    if (is_float_value(I, v)) return DT_FLOAT64;
    return arr_dtype_arg(I, v, -1);
}

static bool set_attr(Interp *I, Value self, const char *name, Value v) {
    Str *k = str_intern_cstr(I, name);
    return !is_null(v) && k && obj_setattr(I, self, k, v) >= 0;
}

static Value attr(Interp *I, Value self, const char *name) {
    Str *k = str_intern_cstr(I, name);
    return k ? obj_getattr(I, self, k) : V_NULL;
}

/* iinfo(int_type): bits, min, max (Python ints), dtype, kind */
static Value iinfo_init(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_args(I, "iinfo", argc - 1, kw, 1, 1)) return V_NULL;
    int dt = info_dtype(I, argv[1]);
    if (dt < 0) return V_NULL;
    if (!dt_is_int(dt)) {
        char k = arr_dtypes[dt].kind;
        return err_format(I, TY_VALUE_ERROR, "Invalid integer data type '%c'.", k);
    }
    int bits = arr_dtypes[dt].size * 8;
    int64_t lo = 0, hi;
    if (arr_dtypes[dt].kind == 'i') {
        hi = (int64_t)((1ull << (bits - 1)) - 1);
        lo = -hi - 1;
    } else {
        hi = bits == 64 ? -1 : (int64_t)((1ull << bits) - 1);
    }
    char kind[2] = {arr_dtypes[dt].kind, 0};
    Value self = argv[0];
    Value hv = bits == 64 && lo == 0 ? int_from_u64(I, UINT64_MAX) : v_int(hi);
    if (is_null(hv)) return V_NULL;
    if (!set_attr(I, self, "bits", v_int(bits)) || !set_attr(I, self, "min", v_int(lo)) ||
        !set_attr(I, self, "max", hv) || !set_attr(I, self, "dtype", arr_dtype_obj(I, dt)) ||
        !set_attr(I, self, "kind", v_obj(str_from_cstr(I, kind))))
        return V_NULL;
    return V_NONE;
}

/* The min, max and dtype attributes as text (max of uint64 is a big int). */
static bool iinfo_texts(Interp *I, Value self, Value t[3]) {
    static const char *const names[] = {"min", "max", "dtype"};
    for (int i = 0; i < 3; i++) {
        Value v = attr(I, self, names[i]);
        t[i] = is_null(v) ? v : obj_str(I, v);
        if (is_null(t[i]) || !gc_temp_push(I, t[i])) return false;
    }
    return true;
}

static Value iinfo_repr(Interp *I, int argc, Value *argv, Tuple *kw) {
    Value t[3];
    if (!iinfo_texts(I, argv[0], t)) return V_NULL;
    Str *s = str_printf(I, "iinfo(min=%s, max=%s, dtype=%s)", as_str(t[0])->data,
                        as_str(t[1])->data, as_str(t[2])->data);
    return s ? v_obj(s) : V_NULL;
}

static Value iinfo_str(Interp *I, int argc, Value *argv, Tuple *kw) {
    Value t[3];
    if (!iinfo_texts(I, argv[0], t)) return V_NULL;
    const char *rule = "---------------------------------------------------------------";
    Str *s = str_printf(I, "Machine parameters for %s\n%s\nmin = %s\nmax = %s\n%s\n",
                        as_str(t[2])->data, rule, as_str(t[0])->data, as_str(t[1])->data, rule);
    return s ? v_obj(s) : V_NULL;
}

static const MethodDef iinfo_defs[] = {
    {"__init__", iinfo_init, 0},
    {"__repr__", iinfo_repr, 0},
    {"__str__", iinfo_str, 0},
    {NULL, NULL, 0},
};

/* The IEEE parameters of krait's float dtypes. */
typedef struct FloatParams {
    int dt, nmant, nexp, minexp, maxexp, precision;
} FloatParams;

static const FloatParams *float_params(int dt) {
    static const FloatParams p[] = {
        {DT_FLOAT16, 10, 5, -14, 16, 3},
        {DT_BFLOAT16, 7, 8, -126, 128, 2},
        {DT_FLOAT32, 23, 8, -126, 128, 6},
        {DT_FLOAT64, 52, 11, -1022, 1024, 15},
    };
    for (size_t i = 0; i < sizeof p / sizeof p[0]; i++)
        if (p[i].dt == dt) return &p[i];
    return NULL;
}

static Value fscalar(Interp *I, double x, int dt) {
    char buf[8];
    arr_store_f(buf, dt, x);
    return arr_scalar_new(I, buf, dt);
}

/* finfo(float_type): NumPy's attributes, the float ones as scalars of the type */
static Value finfo_init(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_args(I, "finfo", argc - 1, kw, 1, 1)) return V_NULL;
    int dt = info_dtype(I, argv[1]);
    if (dt < 0) return V_NULL;
    const FloatParams *p = float_params(dt);
    if (!p) {
        Value c = arr_scalar_class(I, dt);
        Value r = is_null(c) ? c : obj_repr(I, c);
        return is_null(r)
                   ? r
                   : err_format(I, TY_VALUE_ERROR, "data type %s not inexact", as_str(r)->data);
    }
    double eps = ldexp(1.0, -p->nmant), tiny = ldexp(1.0, p->minexp);
    double max = ldexp(2.0 - eps, p->maxexp - 1);
    Value self = argv[0];
    struct {
        const char *name;
        Value v;
    } a[] = {
        {"bits", v_int(arr_dtypes[dt].size * 8)},
        {"eps", fscalar(I, eps, dt)},
        {"epsneg", fscalar(I, eps / 2, dt)},
        {"max", fscalar(I, max, dt)},
        {"min", fscalar(I, -max, dt)},
        {"tiny", fscalar(I, tiny, dt)},
        {"smallest_normal", fscalar(I, tiny, dt)},
        {"smallest_subnormal", fscalar(I, ldexp(1.0, p->minexp - p->nmant), dt)},
        {"resolution", fscalar(I, pow(10.0, -p->precision), dt)},
        {"precision", v_int(p->precision)},
        {"nmant", v_int(p->nmant)},
        {"nexp", v_int(p->nexp)},
        {"iexp", v_int(p->nexp)},
        {"minexp", v_int(p->minexp)},
        {"maxexp", v_int(p->maxexp)},
        {"machep", v_int(-p->nmant)},
        {"negep", v_int(-p->nmant - 1)},
        {"dtype", arr_dtype_obj(I, dt)},
    };
    for (size_t i = 0; i < sizeof a / sizeof a[0]; i++)
        if (!set_attr(I, self, a[i].name, a[i].v)) return V_NULL;
    return V_NONE;
}

static const char *text_of(Interp *I, Value self, const char *name, char *buf, size_t n) {
    Value v = attr(I, self, name);
    Value s = is_null(v) ? v : obj_str(I, v);
    if (is_null(s)) return NULL;
    snprintf(buf, n, "%s", as_str(s)->data);
    return buf;
}

static Value finfo_repr(Interp *I, int argc, Value *argv, Tuple *kw) {
    char r[64], lo[64], hi[64], d[32];
    if (!text_of(I, argv[0], "resolution", r, sizeof r) ||
        !text_of(I, argv[0], "min", lo, sizeof lo) || !text_of(I, argv[0], "max", hi, sizeof hi) ||
        !text_of(I, argv[0], "dtype", d, sizeof d))
        return V_NULL;
    Str *s = str_printf(I, "finfo(resolution=%s, min=%s, max=%s, dtype=%s)", r, lo, hi, d);
    return s ? v_obj(s) : V_NULL;
}

static Value finfo_str(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const keys[] = {"dtype",
                                       "precision",
                                       "resolution",
                                       "machep",
                                       "eps",
                                       "negep",
                                       "epsneg",
                                       "minexp",
                                       "tiny",
                                       "maxexp",
                                       "max",
                                       "nexp",
                                       "smallest_normal",
                                       "smallest_subnormal"};
    char t[14][64];
    for (int i = 0; i < 14; i++)
        if (!text_of(I, argv[0], keys[i], t[i], sizeof t[i])) return V_NULL;
    const char *rule = "---------------------------------------------------------------";
    Str *s = str_printf(I,
                        "Machine parameters for %s\n%s\nprecision = %s   resolution = %s\n"
                        "machep = %s   eps =        %s\nnegep =  %s   epsneg =     %s\n"
                        "minexp = %s   tiny =       %s\nmaxexp = %s   max =        %s\n"
                        "nexp =   %s   min =        -max\n"
                        "smallest_normal = %s   smallest_subnormal = %s\n%s\n",
                        t[0], rule, t[1], t[2], t[3], t[4], t[5], t[6], t[7], t[8], t[9], t[10],
                        t[11], t[12], t[13], rule);
    return s ? v_obj(s) : V_NULL;
}

static const MethodDef finfo_defs[] = {
    {"__init__", finfo_init, 0},
    {"__repr__", finfo_repr, 0},
    {"__str__", finfo_str, 0},
    {NULL, NULL, 0},
};

int gpu_add_info_classes(Interp *I, Module *m) {
    Type *ii = stdlib_make_class(I, "iinfo", "numpy", iinfo_defs);
    if (!ii || module_set(I, m, "iinfo", v_obj(ii)) < 0) return -1;
    Type *fi = stdlib_make_class(I, "finfo", "numpy", finfo_defs);
    if (!fi || module_set(I, m, "finfo", v_obj(fi)) < 0) return -1;
    return 0;
}
