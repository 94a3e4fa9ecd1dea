/* array.h: the n-dimensional array object behind the `gpu` (alias `numpy`) module, and the
 * internal API its files share: array.c (the type, views, indexing), array_ops.c
 * (elementwise operators and ufuncs with broadcasting), array_reduce.c (reductions, sort,
 * matmul, joins), print.c (NumPy's array2string), random.c (Philox) and
 * stdlib/gpu/gpu_module.c (the module's functions).
 *
 * An Array is NumPy's descriptor: dtype, ndim, shape, byte strides and a data pointer into
 * memory owned by `base` (views) or by the array itself (alloc). Views keep their owner alive
 * through the trace slot, so slicing never copies. This is the CPU backend: the data lives in
 * host memory from mem_alloc, so it counts toward the collector's trigger. */
#ifndef KRAIT_GPU_ARRAY_H
#define KRAIT_GPU_ARRAY_H

#include <stdbool.h>
#include <stdint.h>

#include "../../vm/interp.h"
#include "../../vm/object.h"
#include "../codegen/dtype.h"
#include "array_backend.h"

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
    /* The CUDA backend (gpu/backend/cuda/backend_cuda.c); all zero on the CPU backend. On CUDA the
     * host memory above is a mirror of the device buffer, valid when !host_stale; views find their
     * device address at the same offset from the owner's as their host address. */
    Interp *interp;  /* set on owners that have device state */
    uint64_t dptr;   /* owners: the device buffer (CUdeviceptr), 0: none yet */
    bool host_stale; /* owners: the host mirror is out of date */
    bool dev_valid;  /* owners: the device buffer holds the current data */
    /* owners: the mirror (address space, untouched) is not counted as the interpreter's memory
     * yet: a device result whose host copy was never needed (arr_new_device). Counted when
     * the host copy is made, so device results do not drive the collector's trigger. */
    bool host_uncounted;
    /* owners: how many pending graphs' inputs read this buffer (backend_cuda.c; may
     * overcount after a collection, never undercounts), so a write scans nothing when 0 */
    int readers;
    struct ArrPending *pend; /* owners: an unevaluated fused expression (lazy result) */
    /* Owners over memory krait does not own (arr_wrap_external): at finalization
     * ext_release(ext_ud, ext_data) runs instead of freeing alloc (host memory) or dptr
     * (a device pointer; alloc is then krait's host mirror). */
    void (*ext_release)(void *ud, void *data);
    void *ext_ud, *ext_data;
    bool ext_device;
    /* owners: the device address went to code outside krait (kr_array_info, DLPack), so the
     * buffer never moves (backend_cuda.c's assign_pending may otherwise swap buffers) */
    bool dev_fixed;
    /* owners: the device the array lives on (gpu.Device(i) current when it was made:
     * backend_cuda_devices.c); on the CPU backend a label of the same meaning */
    int device;
    /* not writeable (np.broadcast_to's views, a.flags.writeable = False); views inherit it */
    bool readonly;
} Array;

typedef struct DTypeObj {
    Obj hdr;
    int dtype;
} DTypeObj;

/* NumPy's scalar types (scalar.c). np.generic (TY_NPGENERIC) is a native type with no
 * instance data: its slots, methods and attributes serve every scalar class. The concrete
 * classes (np.int8 ... np.float32, np.bool_) are heap classes whose instances have this
 * layout (TY_NPSCALAR, a hidden native base); np.float64 is a subclass of Python's float
 * instead (its value is FloatObj.value), as in NumPy. `dev` is for a value that still
 * lives in a 0-d device array (the CUDA backend's deferred reductions; NULL: v holds it). */
typedef struct ArrScalar {
    Obj hdr;
    int dtype;
    union {
        int64_t i; /* bool and integer dtypes */
        double f;  /* float dtypes, exactly representable in the dtype */
    } v;
    struct Array *dev;
} ArrScalar;

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
/* The CUDA backend's host mirror is brought up to date on every as_array, so the CPU code
 * (the fallback for what has no CUDA path) always reads current data. arr_raw skips that:
 * the CUDA paths use it to read the descriptor only.
 *
 * as_array cannot report a failure of that sync (a device fault, the watchdog, out of
 * device memory while a pending expression is evaluated): it leaves the exception set and
 * the mirror marked stale, the host code goes on over the old contents, and the exception
 * is raised where the native returns (err_native_result: the VM's native calls, getters and
 * setters, and the ndarray type's slots). Host code that reads an array it was given uses
 * arr_read, which fails at once; as_array is for arrays it has just made or synced. */
void arr_sync_host_slow(Array *owner);
static inline Array *as_array(Value v) {
    Array *a = (Array *)v.as.o;
    Array *o = a->base ? a->base : a;
    if (o->host_stale) arr_sync_host_slow(o);
    return a;
}
static inline Array *arr_raw(Value v) {
    return (Array *)v.as.o;
}
int arr_host(Interp *I, Array *a);
/* as_array that can fail: the array with its host mirror current, NULL after raising. */
static inline Array *arr_read(Interp *I, Value v) {
    Array *a = arr_raw(v);
    return arr_host(I, a) < 0 ? NULL : a;
}

/* Long CPU loops poll for Ctrl-C and run limits (interp_poll) once per ARR_POLL_CHUNK
 * elements of work: cheap next to the work, and often enough that a stop lands within
 * milliseconds. arr_poll_at(I, i) polls when i is a multiple of the chunk; false after
 * raising KeyboardInterrupt. */
#define ARR_POLL_CHUNK 65536
static inline bool arr_poll_at(Interp *I, int64_t i) {
    return (i & (ARR_POLL_CHUNK - 1)) != 0 || interp_poll(I);
}

/* ---- several devices (array_device.c; docs/GPU.md "Several GPUs") ----
 * I->gpu is the current device's state; an owner's `device` says where it lives. enter
 * makes dev's state current for a moment and returns the state to give back to leave (NULL:
 * nothing changed; a device without a state stays as it is, never raises). operands: the
 * work on the array operands among a, b, c entered on their device (*prev for leave); -1
 * after raising when two of them differ. A NumPy scalar whose value is still on another
 * device (a reduction's) is replaced by its value; others count for nothing. */
struct GpuState *arr_device_enter(Interp *I, int dev);
void arr_device_leave(Interp *I, struct GpuState *prev);
int arr_device_operands(Interp *I, Value *a, Value *b, Value *c, struct GpuState **prev);
int arr_device_mismatch(Interp *I, const Array *o); /* raises ValueError; -1 */
/* A backend table entry's body: return call (a Value) run on the device of the operands
 * a, b, c (Value lvalues, replaced as arr_device_operands says), V_NULL after raising. */
#define ARR_ON_OPERANDS(a, b, c, call)                                                             \
    do {                                                                                           \
        struct GpuState *prev_;                                                                    \
        if (arr_device_operands(I, &(a), &(b), &(c), &prev_) < 0) return V_NULL;                   \
        Value r_ = (call);                                                                         \
        arr_device_leave(I, prev_);                                                                \
        return r_;                                                                                 \
    } while (0)

/* ---- element access (array_ops.c) ---- */
double arr_load_f(const char *p, int dt);
int64_t arr_load_i(const char *p, int dt);
void arr_store_f(char *p, int dt, double x);
void arr_store_i(char *p, int dt, int64_t x);
float arr_half_to_float(uint16_t h);
uint16_t arr_float_to_half(float f);
/* x86-64's (NumPy's) double -> uint64 conversion. */
uint64_t arr_double_to_u64(double d);
/* A Python int in [0, 2^64) as uint64; false (no error set) outside. */
bool arr_int_to_u64(Interp *I, Value v, uint64_t *out);
static inline bool arr_dt_u64(int dt) {
    return dt == DT_UINT64;
}
/* One element converted from sdt at src to ddt at dst (the cast every copy makes). */
void arr_convert(char *dst, int ddt, const char *src, int sdt);
/* The element at p as a Python scalar (float, int or bool). */
Value arr_scalar_value(Interp *I, const char *p, int dt);
/* Store a Python scalar (int, float, bool) at p, converting to dt. -1 after raising. */
int arr_store_value(Interp *I, char *p, int dt, Value v);
/* The same, ORing the floating-point flags of the conversion (ARR_FPE_OVER for a finite
 * value that became inf) into *flags instead of reporting them. */
int arr_store_value_flags(Interp *I, char *p, int dt, Value v, int *flags);

/* ---- scalars (scalar.c) ---- */
/* Whether v is an instance of a NumPy scalar class. */
bool arr_is_scalar(Interp *I, Value v);
/* v's dtype and its element (arr_dtypes[dt].size bytes) in buf; -1 if v is not a scalar
 * (no exception set), -2 after raising (fetching a device-resident value failed). */
int arr_scalar_load(Interp *I, Value v, char *buf);
/* v's dtype without reading its value (no device fetch); -1 if v is not a scalar. */
int arr_scalar_dtype(Interp *I, Value v);
/* The 0-d device array a scalar's value still lives in (a deferred reduction), else NULL. */
Array *arr_scalar_device(Interp *I, Value v);
/* The scalar of a 0-d device array's dtype whose value stays on the device until the host
 * reads it (np.float64, a Python float, and dtypes without a class are fetched now). */
Value arr_scalar_on_device(Interp *I, Array *a);
/* The NumPy scalar of dtype dt for the element at p (a Python scalar when the numpy module
 * has not made the classes yet). */
Value arr_scalar_new(Interp *I, const char *p, int dt);
/* The same from a Python scalar (bool, int or float) converted to dt. */
Value arr_scalar_from(Interp *I, Value py, int dt);
/* A scalar as a 0-d array of its dtype, on the host. */
Array *arr_scalar_to_array(Interp *I, Value v);
/* The same for an operand of the elementwise code, which handles device arrays: a
 * device-resident scalar becomes a lazy device copy (no fetch). */
Array *arr_scalar_operand(Interp *I, Value v);
/* The dtype a scalar class (or a subclass of one) stands for; -1 for anything else. */
int arr_scalar_class_dtype(Interp *I, Value cls);
/* The scalar class of dt, V_NULL before the numpy module made them. */
Value arr_scalar_class(Interp *I, int dt);
/* NumPy's str of a scalar value: shortest round-trip digits in dt, positional between 1e-4
 * and 1e16 (float32: 1e6, float16: 1e3), else scientific ("1.2345679e+08"). */
void arr_scalar_text(char *buf, size_t n, const char *p, int dt);
/* The methods only np.integer's classes have (__index__). */
extern const MethodDef arr_integer_methods[];
/* np.generic's operators and printing as methods, for np.float64 (its slots are float's). */
extern const MethodDef arr_float64_methods[];

/* ---- construction (array.c) ---- */
Array *arr_new(Interp *I, int dt, int ndim, const int64_t *shape); /* C-contiguous, zeroed */
Array *arr_view(Interp *I, Array *src, int ndim, const int64_t *shape, const int64_t *strides,
                char *data, int dt);
Array *arr_copy(Interp *I, Array *a, int dt); /* contiguous copy, converted to dt */
/* Whether in overlaps out other than element for element (x[:-1] as input of x[1:] += ...):
 * such an input is read from a copy, as NumPy does. */
bool arr_overlaps(const Array *in, const Array *out);
Value arr_astype(Interp *I, Array *a, int dt); /* the same; lazy on CUDA */
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
/* The same for an operator of NumPy scalars (warnings name "scalar divide"): the
 * backend's binary gets mode | ARR_MODE_SCALAR then. */
#define ARR_MODE_SCALAR 2
Value arr_scalar_binary(Interp *I, Value a, Value b, int op);
/* The same for the ** operator on arrays (x ** 2, x **= 2), which NumPy computes for a float
 * x as square, x ** -1 as reciprocal and x ** 0.5 as sqrt (np.power(x, 2) stays power):
 * the backend's binary gets mode | ARR_MODE_OPERATOR then. */
#define ARR_MODE_OPERATOR 4
Value arr_operator_binary(Interp *I, Value a, Value b, int op, Array *out);
Value arr_compare(Interp *I, Value a, Value b, int op);  /* CMP_* */
Value arr_unary(Interp *I, Value a, int op, Array *out); /* ARR_U_* */
Value arr_where(Interp *I, Value c, Value x, Value y);
Value arr_clip(Interp *I, Value a, Value lo, Value hi);
int arr_broadcast_shapes(Interp *I, int n, Array **arrs, int *ndim, int64_t *shape);
int arr_assign(Interp *I, Array *dst, Value src); /* dst[...] = src, broadcasting */
/* 0 when a may be written; else NumPy's ValueError ("output array is read-only" for out=
 * and in-place operators, "assignment destination is read-only" otherwise) and -1. */
int arr_check_writeable(Interp *I, const Array *a, bool out);
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
    ARR_U_SINH,
    ARR_U_COSH,
    ARR_U_LOG1P,
    ARR_U_EXPM1,
    ARR_U_ARCSIN,
    ARR_U_ARCCOS,
    ARR_U_ARCTAN,
    ARR_U_ARCSINH,
    ARR_U_ARCCOSH,
    ARR_U_ARCTANH,
    ARR_U_MATH_LAST = ARR_U_ARCTANH, /* ARR_U_EXP..here: float math (ints compute in float) */
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

/* ---- floating-point errors (array_fpe.c): np.seterr's modes and the loops' flags ---- */
struct Code;
enum { ARR_FPE_DIVIDE = 1, ARR_FPE_OVER = 2, ARR_FPE_UNDER = 4, ARR_FPE_INVALID = 8 };
enum { ARR_ERR_IGNORE, ARR_ERR_WARN, ARR_ERR_RAISE, ARR_ERR_CALL, ARR_ERR_PRINT, ARR_ERR_LOG };
/* Clear the C floating-point flags before a loop; read them after, as ARR_FPE_* bits. */
void arr_fpe_clear(void);
int arr_fpe_flags(void);
/* The modes of divide, over, under, invalid (ARR_ERR_*), and setting them (-1 on failure). */
void arr_errstate_get(Interp *I, int modes[4]);
int arr_errstate_set(Interp *I, const int modes[4]);
/* Report the raised flags of ufunc `name` ("scalar name" for scalar operators) as np.seterr
 * says: nothing for 'ignore', else through _numpy_errstate._report; -1 after raising. */
int arr_fpe_report(Interp *I, int flags, const char *name, bool scalar);
/* A RuntimeWarning that is no floating-point flag ("Mean of empty slice"): warnings.warn at
 * the script's line, whatever np.seterr says; -1 after raising. */
int arr_warn_runtime(Interp *I, const char *msg);
/* Where a floating-point error is reported for work queued now (the CUDA backend reports
 * device work later): the innermost frame outside the numpy module's frozen Python, as
 * _numpy_errstate's stacklevel finds it. Its line; *code and *globals NULL (line 1)
 * without Python frames. */
int arr_fpe_site(Interp *I, struct Code **code, Dict **globals);
/* Report flags raised by work queued earlier: items is a list of tuples (flags, name,
 * modes packed 3 bits per category, filename, line, globals), each reported with its own
 * modes and, for 'warn', at its own line (_numpy_errstate._report_deferred). */
int arr_fpe_report_deferred(Interp *I, Value items);
/* The flag a cast of src into dst (written by the cast) raises as NumPy's does: invalid for
 * a float out of the integer type's conversion range, overflow for a float that became
 * inf in a narrower float type; 0 without a second pass for the casts that cannot. */
int arr_cast_fpe(const Array *src, const Array *dst);

/* ---- typed fast paths (array_fast.c) ---- */
/* Each returns 1 when it computed the result into r, 0 when the case is not one of its
 * (contiguous operands of r's size or one-element ones, supported dtypes): the caller runs
 * the generic loop; -1 after raising. cdt is the computation's dtype, mode 1 comparisons. */
int arr_fast_binary(Interp *I, int op, int mode, int cdt, Array *a, Array *b, Array *r);
int arr_fast_unary(Interp *I, int op, Array *a, Array *r);
int arr_fast_where(Interp *I, Array *c, Array *x, Array *y, Array *r);
bool arr_fast_cast(const Array *a, Array *r); /* a converted into r, same size */
/* BLAS's Fortran gemm (sgemm_ or dgemm_, gpu/kernels/lapack.h's GpuLapack.gemm). */
typedef void (*ArrGemm)(const char *transa, const char *transb, const int *m, const int *n,
                        const int *k, const void *alpha, const void *a, const int *lda,
                        const void *b, const int *ldb, const void *beta, void *c, const int *ldc,
                        size_t ta_len, size_t tb_len);
/* One float32/float64 matmul into the contiguous n x m result at po, operands of dtype dt
 * at px (n x k) and py (k x m) with byte strides (cpu_matmul.c): through gemm, the dtype's
 * BLAS routine, else (NULL) a blocked loop. */
int arr_fast_matmul(Interp *I, ArrGemm gemm, int dt, int64_t n, int64_t k, int64_t m,
                    const char *px, int64_t xs0, int64_t xs1, const char *py, int64_t ys0,
                    int64_t ys1, char *po);
/* An axis reduction (sum, mean, prod, min, max) of a C-contiguous float64/float32/int64/
 * int32 array over consecutive axes (red) into r (cpu_reduce.c); 1 done, 0 not handled. */
int arr_fast_reduce(Interp *I, const Array *src, const bool *red, int kind, int rdt, Array *r);
/* np.sort / np.argsort along axis ax by radix sort (cpu_sort.c) for bool, integer, float32
 * and float64 arrays: the result, or NULL (after raising when *handled, else not handled).
 * key_sort (NULL: none), given ks, sorts n unsigned 64-bit keys ascending: np.sort's keys go
 * through it instead of the radix sort (Highway's vqsort, gpu/kernels/host_sort.c). */
typedef void (*ArrKeySort)(void *ks, uint64_t *keys, size_t n);
Array *arr_fast_sort(Interp *I, Array *a, int ax, bool arg, ArrKeySort key_sort, void *ks,
                     bool *handled);
/* Boolean masks over contiguous memory: the number of true bytes; the blocks of `block`
 * bytes at the true positions packed into dst; the element val stored at them. */
int64_t arr_mask_count(const uint8_t *m, int64_t n);
void arr_mask_gather(char *dst, const char *src, const uint8_t *m, int64_t n, size_t block);
void arr_mask_fill(char *dst, const char *val, const uint8_t *m, int64_t n, size_t isz);

/* ---- reductions and friends (array_reduce.c; sorting in array_sort.c) ---- */
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
/* An axis in [-ndim, ndim) as a non-negative index; NumPy's message and -1 otherwise. */
int arr_norm_axis(Interp *I, int64_t ax, int ndim);
/* Raise numpy.exceptions.AxisError(ax, ndim, prefix) (a ValueError and an IndexError;
 * prefix may be NULL); returns -1. */
int arr_axis_error(Interp *I, int64_t ax, int ndim, const char *prefix);
/* axis: V_NULL/None for all; ddof for var/std. Returns an array or a scalar. */
Value arr_reduce(Interp *I, Array *a, int kind, Value axis, bool keepdims, int ddof, int dt);
Value arr_matmul(Interp *I, Array *a, Array *b);
/* np.percentile (q array_like in [0, 100], linear interpolation) and np.median (q unused);
 * axis None/NULL or an int (array_quantile.c). */
Value arr_quantile(Interp *I, Array *a, Value q, Value axis, bool median);
Value arr_sort(Interp *I, Array *a, int axis, bool arg);
/* np.unique of the flattened array, with the first indices, the inverse (a's shape) and
 * the counts as asked (a tuple then). */
Value arr_unique(Interp *I, Array *a, bool ret_index, bool ret_inverse, bool ret_counts,
                 bool equal_nan);
Value arr_concatenate(Interp *I, Value seq, int axis, bool stack);

/* ---- shared argument parsing (array_args.c) ---- */
/* "f() got an unexpected keyword argument 'k'" when kw is not empty; false after raising. */
bool arr_kw_reject(Interp *I, const char *fname, Tuple *kw);
/* NumPy's "ndarray.name() takes no keyword arguments" for methods without keywords. */
bool arr_method_no_kw(Interp *I, const char *name, Tuple *kw);
/* No keywords, and min..max positional arguments (arg_count's messages). */
bool arr_args(Interp *I, const char *fname, int argc, Tuple *kw, int min, int max);
/* An order= argument: 'C', 'F', 'A' or 'K' (upper case), dflt when absent or None, -1 after
 * raising NumPy's ValueError; allowed lists the letters this function accepts. */
int arr_order_arg(Interp *I, Value v, char dflt, const char *allowed);
bool arr_is_f_contiguous(const Array *a);
bool arr_has_order(const Array *a, char order); /* already laid out as order asks */
/* A new zeroed array laid out in C or Fortran order (a transposed view of its owner). */
Array *arr_new_order(Interp *I, int dt, int ndim, const int64_t *shape, char order);
/* A copy converted to dt in the order asked ('A'/'K': Fortran if a is, else C). */
Array *arr_copy_order(Interp *I, Array *a, int dt, char order);
/* reshape reading and writing the elements in the order asked ('C', 'F' or 'A'). */
Array *arr_reshape_order(Interp *I, Array *a, int ndim, const int64_t *shape, char order);
/* out=: None/absent gives NULL, an array (or a 1-tuple of one) the target; -1 after raising. */
int arr_out_arg(Interp *I, Value v, Array **out);
/* A shape as NumPy's messages write it: "(2,3)", "(4,)". */
void arr_shape_text(char *buf, size_t n, int ndim, const int64_t *shape);
bool arr_can_cast_same_kind(int from, int to);
/* Write result r into out (shape must match, same_kind casting as ufunc `ufunc` checks) and
 * return out; r itself when out is NULL. */
Value arr_store_out(Interp *I, Value r, Array *out, const char *ufunc);
/* The same, with the same_kind casting check optional (reductions cast unsafely). */
Value arr_store_out_cast(Interp *I, Value r, Array *out, const char *ufunc, bool same_kind);
/* np.dot's stricter out=: the result's dtype and ndim, C-contiguous. */
Value arr_store_out_exact(Interp *I, Value r, Array *out);
/* A reduction's arguments after the array (a.sum(...) and np.sum(a, ...)): the signature of
 * `kind` as NumPy's, with out=, initial= and keepdims=. */
Value arr_reduce_call(Interp *I, const char *name, int kind, Array *a, int argc, Value *argv,
                      Tuple *kw);
/* Checks sort's kind= (quicksort, mergesort, heapsort, stable: krait's sort is stable, a
 * valid result for each), order= (no structured dtypes: an error) and stable=. */
int arr_sort_kw(Interp *I, Value kind, Value order, Value stable);
/* astype's casting= rule ('no', 'equiv', 'safe', 'same_kind', 'unsafe'; V_NULL: unsafe);
 * -1 after raising NumPy's TypeError. */
int arr_casting_check(Interp *I, Value casting, int from, int to);

/* ---- printing (print.c) ---- */
Value arr_repr(Interp *I, Value self);
Value arr_str(Interp *I, Value self);

/* ---- indexing (array_index.c) ---- */
Value arr_getitem(Interp *I, Value self, Value key);
int arr_setitem(Interp *I, Value self, Value key, Value v);

/* ---- the backends (array_backend.h) ---- */
/* Whether arrays live on a device (the tile module's choice of target). */
static inline bool arr_on_cuda(Interp *I) {
    return arr_backend(I)->device;
}
/* The host implementations behind the CPU backend's table, and the CUDA backend's fallback
 * for what it leaves to the host (array_ops.c, array_reduce.c, array.c, array_create.c). */
Value arr_host_binary(Interp *I, Value a, Value b, int op, int mode, int cdt, int rdt, Array *out);
Value arr_host_unary(Interp *I, Array *a, int op, int cdt, int rdt, Array *out);
Value arr_host_reduce(Interp *I, Array *a, int kind, Value axis, bool keepdims, int ddof, int dt);
Value arr_host_matmul(Interp *I, Array *a, Array *b);
Value arr_host_astype(Interp *I, Array *a, int dt);
int arr_host_assign(Interp *I, Array *dst, Value src);
Array *arr_host_full(Interp *I, int dt, int ndim, const int64_t *shape, char order, Value fill);
Array *arr_host_arange(Interp *I, int dt, int64_t n, Value start, Value step, double a, double s);
/* A Python float operand stored in float dtype dt: NumPy's "overflow encountered in cast"
 * when it becomes inf there; -1 after raising. */
int arr_weak_cast_check(Interp *I, Value v, int dt);
/* NumPy's OverflowError for a Python int operand out of dt's range (0, or -1 after raising). */
int arr_weak_check(Interp *I, Value v, int dt);
/* The result dtype of reduction kind over in_dt (dt: the dtype= argument, -1 none). */
int arr_reduce_rdt(int kind, int in_dt, int dt);

/* ---- the CUDA backend's coherence (gpu/backend/cuda/backend_cuda.c): no-ops on arrays
 * without device state ---- */
int arr_backend_check(Interp *I); /* 1 cuda, 0 cpu, -1 after raising */
/* Make the host mirror of a's owner current (0, or -1 after raising). */
int arr_host(Interp *I, Array *a);
/* The one element of a 0-d view into buf (one element from the device when the host copy
 * is stale). */
int arr_fetch_scalar(Interp *I, Array *v, char *buf);
/* arr_fetch_scalar that leaves the floating-point warnings of the work it waited for to the
 * next wait (for code that cannot run Python: the VM's float reads). */
int arr_fetch_scalar_quiet(Interp *I, Array *v, char *buf);
/* Before the CPU code writes into a: evaluate pending readers, sync the host, mark the
 * device copy stale. */
int arr_host_write(Interp *I, Array *a);
/* An owner with no host data yet (device results): the mirror is allocated, not zeroed. */
Array *arr_new_uninit(Interp *I, int dt, int ndim, const int64_t *shape);
/* The same for a result that lives on the device: the mirror is not counted toward the
 * collector's trigger or the memory limit until the host needs it (host_uncounted). */
Array *arr_new_device(Interp *I, int dt, int ndim, const int64_t *shape);
/* An owner over external memory, no copy (the embedding API's kr_array_wrap): data is host
 * memory, or a CUDA device pointer when device (the CUDA backend only). strides in bytes,
 * NULL: C-contiguous. release(ud, data) runs once when the array is freed (may be NULL); on
 * failure (V_NULL after raising) it is not called. */
Value arr_wrap_external(Interp *I, void *data, int dt, int ndim, const int64_t *shape,
                        const int64_t *strides, bool device, void (*release)(void *, void *),
                        void *ud);
/* The module's device query (backend_cuda_ops.c). */
Value arr_cuda_device_info(Interp *I);
void gpu_module_shutdown(Interp *I);

#endif
