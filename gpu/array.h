/* array.h: the n-dimensional array object behind the `gpu` (alias `numpy`) module, and the
 * internal API its files share: array.c (the type, views, indexing), array_ops.c
 * (elementwise operators and ufuncs with broadcasting), array_reduce.c (reductions, sort,
 * matmul, joins), print.c (NumPy's array2string), random.c (Philox) and
 * stdlib/gpu_module.c (the module's functions).
 *
 * An Array is NumPy's descriptor: dtype, ndim, shape, byte strides and a data pointer into
 * memory owned by `base` (views) or by the array itself (alloc). Views keep their owner alive
 * through the trace slot, so slicing never copies. This is the CPU backend: the data lives in
 * host memory from mem_alloc, so it counts toward the collector's trigger. */
#ifndef KRAIT_GPU_ARRAY_H
#define KRAIT_GPU_ARRAY_H

#include <stdbool.h>
#include <stdint.h>

#include "../vm/interp.h"
#include "../vm/object.h"
#include "dtype.h"

#define ARR_MAXDIM 16

typedef struct Array {
    Obj hdr;
    int dtype; /* DType */
    int ndim;
    int64_t size;
    int64_t shape[ARR_MAXDIM];
    int64_t strides[ARR_MAXDIM]; /* bytes, as NumPy */
    char *data;
    struct Array *base; /* the owner of the memory for views, NULL for owners */
    char *alloc;        /* owned memory (owners only) */
    size_t alloc_size;
} Array;

typedef struct DTypeObj {
    Obj hdr;
    int dtype;
} DTypeObj;

typedef struct DTypeInfo {
    const char *name;
    int size;
    char kind; /* 'b', 'i', 'u', 'f' */
} DTypeInfo;
extern const DTypeInfo arr_dtypes[DT__COUNT];

static inline bool dt_is_float(int dt) {
    return arr_dtypes[dt].kind == 'f';
}
static inline bool dt_is_int(int dt) {
    return arr_dtypes[dt].kind == 'i' || arr_dtypes[dt].kind == 'u';
}

static inline bool is_array(Interp *I, Value v) {
    return is_obj(v) && v.as.o->type == I->types[TY_ARRAY];
}
static inline Array *as_array(Value v) {
    return (Array *)v.as.o;
}

/* ---- element access (array_ops.c) ---- */
double arr_load_f(const char *p, int dt);
int64_t arr_load_i(const char *p, int dt);
void arr_store_f(char *p, int dt, double x);
void arr_store_i(char *p, int dt, int64_t x);
float arr_half_to_float(uint16_t h);
uint16_t arr_float_to_half(float f);
/* The element at p as a Python scalar (float, int or bool). */
Value arr_scalar_value(Interp *I, const char *p, int dt);
/* Store a Python scalar (int, float, bool) at p, converting to dt. -1 after raising. */
int arr_store_value(Interp *I, char *p, int dt, Value v);

/* ---- construction (array.c) ---- */
Array *arr_new(Interp *I, int dt, int ndim, const int64_t *shape); /* C-contiguous, zeroed */
Array *arr_view(Interp *I, Array *src, int ndim, const int64_t *shape, const int64_t *strides,
                char *data, int dt);
Array *arr_copy(Interp *I, Array *a, int dt); /* contiguous copy, converted to dt */
bool arr_is_contiguous(const Array *a);
/* Any array_like (array, nested list/tuple/range, scalar) as an Array; dt -1: inferred. */
Array *arr_from_value(Interp *I, Value v, int dt);
/* A dtype argument (dtype object, str name, Python type int/float/bool); -1 after raising.
 * None gives dflt. */
int arr_dtype_arg(Interp *I, Value v, int dflt);
Value arr_dtype_obj(Interp *I, int dt);
Array *arr_reshape(Interp *I, Array *a, int ndim, const int64_t *shape); /* view or copy */
Array *arr_transpose(Interp *I, Array *a, const int *perm);              /* perm NULL: reverse */
/* Parse a shape argument (int or sequence of ints) into shape; returns ndim or -1. */
int arr_shape_arg(Interp *I, Value v, int64_t *shape);
Value arr_tolist(Interp *I, Array *a);
/* Iterate over every element of a (any strides) in C order. */
typedef struct ArrIter {
    int ndim;
    int64_t idx[ARR_MAXDIM];
    char *p;
} ArrIter;
void arr_iter_init(ArrIter *it, Array *a);
void arr_iter_next(ArrIter *it, const Array *a);

/* ---- elementwise (array_ops.c) ---- */
int arr_promote(int a, int b);
/* The result dtype of a (array or Python scalar) with b, NEP 50 rules; -1 after raising. */
Value arr_binary(Interp *I, Value a, Value b, int op, Array *out); /* BIN_*, and ARR_OP_* */
Value arr_compare(Interp *I, Value a, Value b, int op);            /* CMP_* */
Value arr_unary(Interp *I, Value a, int op, Array *out);           /* ARR_U_* */
Value arr_where(Interp *I, Value c, Value x, Value y);
Value arr_clip(Interp *I, Value a, Value lo, Value hi);
int arr_broadcast_shapes(Interp *I, int n, Array **arrs, int *ndim, int64_t *shape);
int arr_assign(Interp *I, Array *dst, Value src); /* dst[...] = src, broadcasting */
enum {
    ARR_OP_MAXIMUM = BIN__COUNT,
    ARR_OP_MINIMUM,
    ARR_OP_ARCTAN2,
    ARR_OP_LOGAND,
    ARR_OP_LOGOR,
    ARR_OP__COUNT
};
enum {
    ARR_U_NEG,
    ARR_U_POS,
    ARR_U_INVERT,
    ARR_U_ABS,
    ARR_U_EXP,
    ARR_U_LOG,
    ARR_U_LOG2,
    ARR_U_LOG10,
    ARR_U_SQRT,
    ARR_U_SIN,
    ARR_U_COS,
    ARR_U_TAN,
    ARR_U_TANH,
    ARR_U_ARCSIN,
    ARR_U_ARCCOS,
    ARR_U_ARCTAN,
    ARR_U_SIGN,
    ARR_U_FLOOR,
    ARR_U_CEIL,
    ARR_U_ROUND,
    ARR_U_ISNAN,
    ARR_U_ISINF,
    ARR_U_ISFINITE,
    ARR_U_NOT,
    ARR_U__COUNT
};

/* ---- reductions and friends (array_reduce.c) ---- */
enum {
    RED_SUM,
    RED_PROD,
    RED_MIN,
    RED_MAX,
    RED_MEAN,
    RED_VAR,
    RED_STD,
    RED_ALL,
    RED_ANY,
    RED_ARGMIN,
    RED_ARGMAX,
    RED_CUMSUM,
    RED_CUMPROD
};
/* axis: V_NULL/None for all; ddof for var/std. Returns an array or a scalar. */
Value arr_reduce(Interp *I, Array *a, int kind, Value axis, bool keepdims, int ddof, int dt);
Value arr_matmul(Interp *I, Array *a, Array *b);
Value arr_sort(Interp *I, Array *a, int axis, bool arg);
Value arr_unique(Interp *I, Array *a);
Value arr_concatenate(Interp *I, Value seq, int axis, bool stack);

/* ---- printing (print.c) ---- */
Value arr_repr(Interp *I, Value self);
Value arr_str(Interp *I, Value self);

/* ---- indexing (array_index.c) ---- */
Value arr_getitem(Interp *I, Value self, Value key);
int arr_setitem(Interp *I, Value self, Value key, Value v);

#endif
