/* array.c: the array type (gpu.ndarray): allocation, views, conversion from nested Python
 * sequences, attributes, shape methods, host exchange and the protocol slots. Indexing is in
 * array_index.c, arithmetic in array_ops.c, reductions in array_reduce.c. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include "../../vm/error.h"
#include "../../vm/gc.h"
#include "../../vm/number.h"
#include "../../vm/seq.h"
#include "../../vm/str.h"
#include "../runtime/gpu.h"
#include "array.h"

/* A buffer of 4 MiB or more asks for transparent huge pages over its 2 MiB-aligned interior
 * (where the kernel gives them on request: THP "madvise", Debian's default), as NumPy does:
 * the first write of a fresh 32 MB result then takes 16 page faults, not 8192 (on this
 * project's build machine 2.1 ms instead of 14 ms, most of `a * 2 + b`'s cost over 4M
 * float64 on the CPU backend, where every result is fresh memory until a collection). */
static void advise_huge_pages(void *p, size_t bytes) {
#ifdef MADV_HUGEPAGE
    const uintptr_t huge = (uintptr_t)2 << 20;
    if (bytes < ((size_t)4 << 20)) return;
    uintptr_t lo = ((uintptr_t)p + huge - 1) & ~(huge - 1);
    uintptr_t hi = ((uintptr_t)p + bytes) & ~(huge - 1);
    if (hi > lo) (void)madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
#else
    (void)p;
    (void)bytes;
#endif
}

const ArrBackend *arr_backend_slow(Interp *I) {
    const ArrBackend *b = I->hooks.array_backend ? I->hooks.array_backend(I) : &arr_backend_cpu;
    I->arr_backend = b;
    return b;
}

void arr_cuda_trace(Interp *I, Array *a);
static void array_trace(Interp *I, Obj *o) {
    gc_mark_obj(I, (Obj *)((Array *)o)->base);
    if (((Array *)o)->pend) arr_cuda_trace(I, (Array *)o);
}
void arr_cuda_finalize(Interp *I, Array *a);
static void array_finalize(Interp *I, Obj *o) {
    Array *a = (Array *)o;
    if (a->ext_data) {
        if (a->ext_device)
            a->dptr = 0; /* the host's device memory */
        else
            a->alloc = NULL; /* the host's memory */
    }
    if (a->interp) arr_cuda_finalize(I, a);
    if (a->alloc && a->host_uncounted)
        I->allocator.fn(I->allocator.ud, a->alloc, a->alloc_size, 0);
    else if (a->alloc)
        mem_free(I, a->alloc, a->alloc_size);
    a->alloc = NULL;
    if (a->ext_data) {
        void *d = a->ext_data;
        a->ext_data = NULL;
        if (a->ext_release) a->ext_release(a->ext_ud, d);
    }
}

Value arr_wrap_external(Interp *I, void *data, int dt, int ndim, const int64_t *shape,
                        const int64_t *strides, bool device, void (*release)(void *, void *),
                        void *ud) {
    if (!data) return err_format(I, TY_VALUE_ERROR, "the array's data pointer is NULL");
    if (dt < 0 || dt >= DT__COUNT) return err_format(I, TY_VALUE_ERROR, "invalid dtype %d", dt);
    if (ndim < 0 || ndim > ARR_MAXDIM)
        return err_format(I, TY_VALUE_ERROR,
                          "maximum supported dimension for an ndarray is currently %d, found %d",
                          ARR_MAXDIM, ndim);
    if (ndim && !shape) return err_format(I, TY_VALUE_ERROR, "the array's shape is NULL");
    if (device && !arr_backend(I)->device)
        return err_format(I, TY_RUNTIME_ERROR, "a CUDA pointer needs the CUDA backend");
    int64_t isz = arr_dtypes[dt].size, size = 1, st[ARR_MAXDIM];
    for (int d = 0; d < ndim; d++) {
        if (shape[d] < 0)
            return err_format(I, TY_VALUE_ERROR, "negative dimensions are not allowed");
        if (shape[d] && size > INT64_MAX / 16 / shape[d])
            return err_format(I, TY_VALUE_ERROR, "array is too big");
        size *= shape[d];
    }
    for (int d = ndim - 1; d >= 0; d--) {
        int64_t c = d == ndim - 1 ? isz : st[d + 1] * shape[d + 1];
        st[d] = strides ? strides[d] : c;
    }
    /* The byte range the elements span, relative to data (negative strides reach below). */
    int64_t lo = 0, hi = isz;
    if (size == 0) hi = 1;
    for (int d = 0; d < ndim && size; d++) {
        if (st[d] > INT64_MAX / 16 / (shape[d] ? shape[d] : 1) ||
            st[d] < -(INT64_MAX / 16 / (shape[d] ? shape[d] : 1)))
            return err_format(I, TY_VALUE_ERROR, "array strides are too big");
        int64_t ext = st[d] * (shape[d] - 1);
        if (ext < 0)
            lo += ext;
        else
            hi += ext;
    }
    size_t span = (size_t)(hi - lo);
    char *mirror = NULL;
    if (device && !(mirror = mem_alloc(I, span))) return V_NULL;
    Array *a = gc_new(I, I->types[TY_ARRAY], sizeof(Array));
    if (!a) {
        if (mirror) mem_free(I, mirror, span);
        return V_NULL;
    }
    a->dtype = dt;
    a->ndim = ndim;
    a->size = size;
    a->device = I->gpu ? I->gpu->ordinal : 0;
    for (int d = 0; d < ndim; d++) {
        a->shape[d] = shape[d];
        a->strides[d] = st[d];
    }
    a->alloc_size = span;
    if (device) {
        a->alloc = mirror;
        a->data = mirror - lo;
        a->interp = I;
        a->dptr = (uint64_t)(uintptr_t)data + (uint64_t)lo;
        a->host_stale = true;
        a->dev_valid = true;
    } else {
        a->data = data;
        a->alloc = (char *)data + lo;
    }
    a->ext_release = release;
    a->ext_ud = ud;
    a->ext_data = data;
    a->ext_device = device;
    return v_obj(a);
}

static void set_contig_strides(Array *a) {
    int64_t s = arr_dtypes[a->dtype].size;
    a->size = 1;
    for (int d = a->ndim - 1; d >= 0; d--) {
        a->strides[d] = s;
        s *= a->shape[d];
        a->size *= a->shape[d];
    }
}

enum { OWNER_ZERO, OWNER_UNINIT, OWNER_DEVICE };
static Array *new_owner(Interp *I, int dt, int ndim, const int64_t *shape, int mode);
Array *arr_new(Interp *I, int dt, int ndim, const int64_t *shape) {
    return new_owner(I, dt, ndim, shape, OWNER_ZERO);
}
Array *arr_new_uninit(Interp *I, int dt, int ndim, const int64_t *shape) {
    return new_owner(I, dt, ndim, shape, OWNER_UNINIT);
}
Array *arr_new_device(Interp *I, int dt, int ndim, const int64_t *shape) {
    return new_owner(I, dt, ndim, shape, OWNER_DEVICE);
}

/* A device result's mirror: from the allocator, not counted (a collection and one more try
 * when it fails). */
static char *mirror_alloc(Interp *I, size_t bytes) {
    char *m = I->allocator.fn(I->allocator.ud, NULL, 0, bytes);
    if (!m && !I->gc_running && !I->gc_disabled) {
        gc_collect(I);
        m = I->allocator.fn(I->allocator.ud, NULL, 0, bytes);
    }
    if (!m) err_nomem(I);
    return m;
}

static Array *new_owner(Interp *I, int dt, int ndim, const int64_t *shape, int mode) {
    if (ndim > ARR_MAXDIM) {
        err_format(I, TY_VALUE_ERROR,
                   "maximum supported dimension for an ndarray is currently "
                   "%d, found %d",
                   ARR_MAXDIM, ndim);
        return NULL;
    }
    int64_t size = 1;
    for (int d = 0; d < ndim; d++) {
        if (shape[d] < 0) {
            err_format(I, TY_VALUE_ERROR, "negative dimensions are not allowed");
            return NULL;
        }
        if (shape[d] && size > INT64_MAX / 16 / shape[d]) {
            err_format(I, TY_VALUE_ERROR,
                       "array is too big; `arr.size * arr.dtype.itemsize` "
                       "is larger than the maximum possible size.");
            return NULL;
        }
        size *= shape[d];
    }
    size_t bytes = (size_t)size * (size_t)arr_dtypes[dt].size;
    char *mem =
        mode == OWNER_DEVICE ? mirror_alloc(I, bytes ? bytes : 1) : mem_alloc(I, bytes ? bytes : 1);
    if (!mem) return NULL;
    advise_huge_pages(mem, bytes);
    if (mode == OWNER_ZERO) memset(mem, 0, bytes);
    Array *a = gc_new(I, I->types[TY_ARRAY], sizeof(Array));
    if (!a) {
        if (mode == OWNER_DEVICE)
            I->allocator.fn(I->allocator.ud, mem, bytes ? bytes : 1, 0);
        else
            mem_free(I, mem, bytes ? bytes : 1);
        return NULL;
    }
    a->host_uncounted = mode == OWNER_DEVICE;
    a->device = I->gpu ? I->gpu->ordinal : 0;
    a->dtype = dt;
    a->ndim = ndim;
    if (ndim) memcpy(a->shape, shape, sizeof(int64_t) * (size_t)ndim);
    set_contig_strides(a);
    a->data = a->alloc = mem;
    a->alloc_size = bytes ? bytes : 1;
    return a;
}

Array *arr_view(Interp *I, Array *src, int ndim, const int64_t *shape, const int64_t *strides,
                char *data, int dt) {
    Array *a = gc_new(I, I->types[TY_ARRAY], sizeof(Array));
    if (!a) return NULL;
    a->dtype = dt;
    a->ndim = ndim;
    a->size = 1;
    for (int d = 0; d < ndim; d++) {
        a->shape[d] = shape[d];
        a->strides[d] = strides[d];
        a->size *= shape[d];
    }
    a->data = data;
    a->base = src->base ? src->base : src;
    a->readonly = src->readonly;
    return a;
}

int arr_check_writeable(Interp *I, const Array *a, bool out) {
    if (!a->readonly) return 0;
    err_format(I, TY_VALUE_ERROR,
               out ? "output array is read-only" : "assignment destination is read-only");
    return -1;
}

bool arr_is_contiguous(const Array *a) {
    int64_t s = arr_dtypes[a->dtype].size;
    for (int d = a->ndim - 1; d >= 0; d--) {
        if (a->shape[d] != 1 && a->strides[d] != s) return false;
        s *= a->shape[d];
    }
    return true;
}

void arr_iter_init(ArrIter *it, Array *a) {
    it->ndim = a->ndim;
    memset(it->idx, 0, sizeof(int64_t) * (size_t)a->ndim);
    it->p = a->data;
}

void arr_iter_next(ArrIter *it, const Array *a) {
    for (int d = a->ndim - 1; d >= 0; d--) {
        if (++it->idx[d] < a->shape[d]) {
            it->p += a->strides[d];
            return;
        }
        it->idx[d] = 0;
        it->p -= a->strides[d] * (a->shape[d] - 1);
    }
}

/* astype and copy: on CUDA a lazy cast (one node of a fused expression). */
Value arr_astype(Interp *I, Array *a, int dt) {
    return arr_backend(I)->astype(I, a, dt);
}

Value arr_host_astype(Interp *I, Array *a, int dt) {
    Array *r = arr_copy(I, a, dt);
    if (!r) return V_NULL;
    int flags = arr_cast_fpe(a, r);
    if (flags && arr_fpe_report(I, flags, "cast", false) < 0) return V_NULL;
    return v_obj(r);
}

Array *arr_copy(Interp *I, Array *a, int dt) {
    Array *r = arr_new_uninit(I, dt, a->ndim, a->shape); /* every element is written */
    if (!r) return NULL;
    if (arr_fast_cast(a, r)) return r;
    ArrIter it;
    arr_iter_init(&it, a);
    int isz = arr_dtypes[dt].size;
    char *o = r->data;
    for (int64_t i = 0; i < a->size; i++, o += isz) {
        if (!arr_poll_at(I, i)) return NULL;
        arr_convert(o, dt, it.p, a->dtype);
        arr_iter_next(&it, a);
    }
    return r;
}

/* ---- from Python values ---- */

static bool is_seq(Interp *I, Value v) {
    if (!is_obj(v)) return false;
    Type *t = v.as.o->type;
    return t == I->types[TY_LIST] || t == I->types[TY_TUPLE] || t == I->types[TY_RANGE] ||
           t == I->types[TY_ARRAY];
}

/* Discover the shape and the dtype the values need. */
static int discover(Interp *I, Value v, int depth, int *ndim, int64_t *shape, int *dt) {
    if (is_array(I, v)) {
        Array *a = as_array(v);
        if (depth + a->ndim > ARR_MAXDIM) goto inhomog;
        if (*ndim < 0) {
            *ndim = depth + a->ndim;
            memcpy(shape + depth, a->shape, sizeof(int64_t) * (size_t)a->ndim);
        } else if (*ndim != depth + a->ndim ||
                   memcmp(shape + depth, a->shape, sizeof(int64_t) * (size_t)a->ndim)) {
            goto inhomog;
        }
        *dt = *dt < 0 ? a->dtype : arr_promote(*dt, a->dtype);
        return 0;
    }
    if (is_seq(I, v)) {
        if (depth >= ARR_MAXDIM) goto inhomog;
        int64_t n = obj_len(I, v);
        if (n < 0) return -1;
        if (*ndim >= 0 && (*ndim <= depth || shape[depth] != n)) goto inhomog;
        if (*ndim < 0 && n == 0) {
            *ndim = depth + 1;
            shape[depth] = 0;
            return 0;
        }
        shape[depth] = n;
        for (int64_t i = 0; i < n; i++) {
            Value item = obj_getitem(I, v, v_int(i));
            if (is_null(item)) return -1;
            if (i == 0 && *ndim < 0 && !is_seq(I, item)) *ndim = depth + 1;
            if (discover(I, item, depth + 1, ndim, shape, dt) < 0) return -1;
        }
        return 0;
    }
    if (*ndim >= 0 && *ndim != depth) goto inhomog;
    *ndim = depth;
    int k;
    char sb[8];
    if ((k = arr_scalar_load(I, v, sb)) >= 0)
        ; /* a NumPy scalar brings its dtype */
    else if (k == -2)
        return -1;
    else if (is_bool(v))
        k = DT_BOOL;
    else if (is_int(I, v)) {
        uint64_t u;
        k = !is_smallint(v) && arr_int_to_u64(I, v, &u) && u >> 63 ? DT_UINT64 : DT_INT64;
    } else if (is_float(v) || is_float_value(I, v))
        k = DT_FLOAT64;
    else {
        err_format(I, TY_TYPE_ERROR,
                   "float() argument must be a string or a real number, not "
                   "'%s'",
                   type_name(I, v));
        return -1;
    }
    *dt = *dt < 0 ? k : arr_promote(*dt, k);
    return 0;
inhomog:
    err_format(I, TY_VALUE_ERROR,
               "setting an array element with a sequence. The requested "
               "array has an inhomogeneous shape after %d dimensions. The detected shape was "
               "(%lld,) + inhomogeneous part.",
               depth, (long long)shape[0]);
    return -1;
}

/* The values' floating-point flags (a float out of a narrower float type's range) are
 * reported once per innermost sequence, as NumPy's ("overflow encountered in cast"); a
 * 0-d array's into *flags. */
static int fill_from(Interp *I, Value v, Array *a, int depth, char *p, int *flags) {
    if (is_array(I, v)) {
        Array *s = as_array(v);
        Array *view = arr_view(I, a, s->ndim, s->shape, a->strides + depth, p, a->dtype);
        return view ? arr_assign(I, view, v) : -1;
    }
    if (depth == a->ndim) return arr_store_value_flags(I, p, a->dtype, v, flags);
    /* NumPy converts each innermost sequence on its own: one warning per such row */
    int row = 0, *f = depth == a->ndim - 1 ? &row : flags;
    int64_t n = a->shape[depth];
    for (int64_t i = 0; i < n; i++) {
        Value item = obj_getitem(I, v, v_int(i));
        if (is_null(item)) return -1;
        if (fill_from(I, item, a, depth + 1, p + i * a->strides[depth], f) < 0) return -1;
    }
    return row ? arr_fpe_report(I, row, "cast", false) : 0;
}

Array *arr_from_value(Interp *I, Value v, int dt) {
    if (arr_is_scalar(I, v)) {
        Array *a = arr_scalar_to_array(I, v);
        return !a || dt < 0 || dt == a->dtype ? a : arr_copy(I, a, dt);
    }
    if (is_array(I, v)) {
        Array *a = as_array(v);
        return dt < 0 || dt == a->dtype ? a : arr_copy(I, a, dt);
    }
    int ndim = -1, found = -1;
    int64_t shape[ARR_MAXDIM] = {0};
    if (discover(I, v, 0, &ndim, shape, &found) < 0) return NULL;
    if (found < 0) found = DT_FLOAT64;
    if (dt < 0) dt = found;
    Array *a = arr_new(I, dt, ndim, shape);
    if (!a) return NULL;
    int flags = 0;
    if (fill_from(I, v, a, 0, a->data, &flags) < 0) return NULL;
    if (flags && arr_fpe_report(I, flags, "cast", false) < 0) return NULL;
    return a;
}

/* ---- dtypes ---- */

Value arr_dtype_obj(Interp *I, int dt) {
    DTypeObj *d = gc_new(I, I->types[TY_DTYPE], sizeof(DTypeObj));
    if (!d) return V_NULL;
    d->dtype = dt;
    return v_obj(d);
}

int arr_dtype_arg(Interp *I, Value v, int dflt) {
    if (is_null(v) || is_none(v)) return dflt;
    if (is_obj(v) && v.as.o->type == I->types[TY_DTYPE]) return ((DTypeObj *)v.as.o)->dtype;
    int sdt = arr_scalar_class_dtype(I, v); /* np.float32 and the other scalar classes */
    if (sdt >= 0) return sdt;
    if (is_obj(v) && v.as.o == (Obj *)I->types[TY_FLOAT]) return DT_FLOAT64;
    if (is_obj(v) && v.as.o == (Obj *)I->types[TY_INT]) return DT_INT64;
    if (is_obj(v) && v.as.o == (Obj *)I->types[TY_BOOL]) return DT_BOOL;
    if (is_str(I, v)) {
        const char *s = ((Str *)v.as.o)->data;
        static const struct {
            const char *alias;
            int dt;
        } aliases[] = {{"float", DT_FLOAT64},  {"int", DT_INT64},      {"f4", DT_FLOAT32},
                       {"f8", DT_FLOAT64},     {"i4", DT_INT32},       {"i8", DT_INT64},
                       {"f2", DT_FLOAT16},     {"u1", DT_UINT8},       {"i1", DT_INT8},
                       {"i2", DT_INT16},       {"u4", DT_UINT32},      {"bool_", DT_BOOL},
                       {"?", DT_BOOL},         {"double", DT_FLOAT64}, {"half", DT_FLOAT16},
                       {"single", DT_FLOAT32}, {"u2", DT_UINT16},      {"u8", DT_UINT64},
                       {"B", DT_UINT8},        {"H", DT_UINT16},       {"I", DT_UINT32},
                       {"Q", DT_UINT64},       {"b", DT_INT8},         {"h", DT_INT16},
                       {"i", DT_INT32},        {"q", DT_INT64},        {"e", DT_FLOAT16},
                       {"f", DT_FLOAT32},      {"d", DT_FLOAT64},      {"uint", DT_UINT64}};
        for (int i = 0; i < DT__COUNT; i++)
            if (strcmp(s, arr_dtypes[i].name) == 0) return i;
        for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
            if (strcmp(s, aliases[i].alias) == 0) return aliases[i].dt;
        err_format(I, TY_TYPE_ERROR, "data type '%s' not understood", s);
        return -1;
    }
    err_format(I, TY_TYPE_ERROR, "Cannot interpret '%s' as a data type", type_name(I, v));
    return -1;
}

/* ---- shapes ---- */

int arr_shape_arg(Interp *I, Value v, int64_t *shape) {
    if (is_int(I, v)) {
        if (!int_to_i64(I, v, &shape[0])) return -1;
        return 1;
    }
    if (!is_obj(v) || (v.as.o->type != I->types[TY_TUPLE] && v.as.o->type != I->types[TY_LIST])) {
        err_format(I, TY_TYPE_ERROR, "'%s' object cannot be interpreted as an integer",
                   type_name(I, v));
        return -1;
    }
    int64_t n = obj_len(I, v);
    if (n > ARR_MAXDIM) {
        err_format(I, TY_VALUE_ERROR,
                   "maximum supported dimension for an ndarray is currently "
                   "%d, found %lld",
                   ARR_MAXDIM, (long long)n);
        return -1;
    }
    for (int64_t i = 0; i < n; i++) {
        Value item = obj_getitem(I, v, v_int(i));
        if (is_null(item) || obj_index(I, item, &shape[i]) < 0) return -1;
    }
    return (int)n;
}

static void shape_text(char *buf, size_t n, int ndim, const int64_t *shape) {
    size_t k = (size_t)snprintf(buf, n, "(");
    for (int i = 0; i < ndim && k < n; i++)
        k += (size_t)snprintf(buf + k, n - k, i ? ", %lld" : "%lld", (long long)shape[i]);
    if (k < n) snprintf(buf + k, n - k, ndim == 1 ? ",)" : ")");
}

Array *arr_reshape(Interp *I, Array *a, int ndim, const int64_t *shape_in) {
    int64_t shape[ARR_MAXDIM], known = 1;
    int unknown = -1;
    for (int d = 0; d < ndim; d++) {
        shape[d] = shape_in[d];
        if (shape[d] == -1) {
            if (unknown >= 0) {
                err_format(I, TY_VALUE_ERROR, "can only specify one unknown dimension");
                return NULL;
            }
            unknown = d;
        } else if (shape[d] < 0) {
            err_format(I, TY_VALUE_ERROR, "negative dimensions not allowed");
            return NULL;
        } else {
            known *= shape[d];
        }
    }
    if (unknown >= 0 && known != 0 && a->size % known == 0)
        shape[unknown] = a->size / known;
    else if (unknown >= 0)
        known = -1;
    if ((unknown < 0 && known != a->size) || known < 0) {
        char s[300];
        shape_text(s, sizeof s, ndim, shape_in);
        for (char *c = s, *w = s;; c++) { /* NumPy writes this shape without spaces */
            if (*c != ' ') *w++ = *c;
            if (!*c) break;
        }
        err_format(I, TY_VALUE_ERROR, "cannot reshape array of size %lld into shape %s",
                   (long long)a->size, s);
        return NULL;
    }
    Array *src = a;
    if (!arr_is_contiguous(a)) {
        if (arr_host(I, a) < 0) return NULL;
        src = arr_copy(I, a, a->dtype);
        if (!src) return NULL;
    }
    int64_t st[ARR_MAXDIM], s = arr_dtypes[a->dtype].size;
    for (int d = ndim - 1; d >= 0; d--) {
        st[d] = s;
        s *= shape[d];
    }
    return arr_view(I, src, ndim, shape, st, src->data, a->dtype);
}

/* reshape and ravel as methods: the backend's (on CUDA a non-contiguous array is copied on
 * the device, not through the host). arr_reshape itself stays host-side: the CPU code calls
 * it and reads the result's data. */
static Array *reshape_method(Interp *I, Array *a, int ndim, const int64_t *shape) {
    return arr_backend(I)->reshape(I, a, ndim, shape);
}

Array *arr_transpose(Interp *I, Array *a, const int *perm) {
    int64_t shape[ARR_MAXDIM], st[ARR_MAXDIM];
    for (int d = 0; d < a->ndim; d++) {
        int k = perm ? perm[d] : a->ndim - 1 - d;
        shape[d] = a->shape[k];
        st[d] = a->strides[k];
    }
    return arr_view(I, a, a->ndim, shape, st, a->data, a->dtype);
}

static Value tolist_rec(Interp *I, Array *a, int depth, char *p) {
    if (depth == a->ndim) return arr_scalar_value(I, p, a->dtype);
    List *l = list_new(I, (size_t)a->shape[depth]);
    if (!l) return V_NULL;
    for (int64_t i = 0; i < a->shape[depth]; i++) {
        Value v = tolist_rec(I, a, depth + 1, p + i * a->strides[depth]);
        if (is_null(v) || !list_append(I, l, v)) return V_NULL;
    }
    return v_obj(l);
}

Value arr_tolist(Interp *I, Array *a) {
    if (arr_host(I, a) < 0) return V_NULL; /* a device failure raised here, not later */
    return tolist_rec(I, a, 0, a->data);
}

/* ---- attributes ---- */

static Value shape_tuple(Interp *I, int n, const int64_t *v) {
    Tuple *t = tuple_new(I, (size_t)n);
    if (!t) return V_NULL;
    for (int i = 0; i < n; i++)
        t->items[i] = v_int(v[i]);
    return v_obj(t);
}

static Value get_shape(Interp *I, Value self) {
    return shape_tuple(I, arr_raw(self)->ndim, arr_raw(self)->shape);
}
static int set_shape(Interp *I, Value self, Value v) {
    Array *a = as_array(self);
    int64_t shape[ARR_MAXDIM];
    int nd = arr_shape_arg(I, v, shape);
    if (nd < 0) return -1;
    if (!arr_is_contiguous(a)) {
        err_format(I, TY_ATTRIBUTE_ERROR,
                   "Incompatible shape for in-place modification. Use "
                   "`.reshape()` to make a copy with the desired shape.");
        return -1;
    }
    Array *r = arr_reshape(I, a, nd, shape);
    if (!r) return -1;
    a->ndim = r->ndim;
    memcpy(a->shape, r->shape, sizeof a->shape);
    memcpy(a->strides, r->strides, sizeof a->strides);
    return 0;
}
static Value get_strides(Interp *I, Value self) {
    return shape_tuple(I, arr_raw(self)->ndim, arr_raw(self)->strides);
}
static Value get_dtype(Interp *I, Value self) {
    return arr_dtype_obj(I, arr_raw(self)->dtype);
}
static Value get_ndim(Interp *I, Value self) {
    return v_int(arr_raw(self)->ndim);
}
static Value get_size(Interp *I, Value self) {
    return v_int(arr_raw(self)->size);
}
static Value get_itemsize(Interp *I, Value self) {
    return v_int(arr_dtypes[arr_raw(self)->dtype].size);
}
static Value get_nbytes(Interp *I, Value self) {
    return v_int(arr_raw(self)->size * arr_dtypes[arr_raw(self)->dtype].size);
}
static Value get_T(Interp *I, Value self) {
    Array *r = arr_transpose(I, arr_raw(self), NULL);
    return r ? v_obj(r) : V_NULL;
}
static Value get_flat(Interp *I, Value self) {
    Array *a = as_array(self);
    int64_t n = a->size;
    Array *r = arr_reshape(I, a, 1, &n);
    return r ? v_obj(r) : V_NULL;
}

/* a.base: the array that owns the memory (NumPy's is the array the view was made from,
 * which is the owner for views of owners), None for owners. */
static Value get_base(Interp *I, Value self) {
    Array *b = arr_raw(self)->base;
    return b ? v_obj(b) : V_NONE;
}

static const GetSetDef array_getsets[] = {
    {"base", get_base, NULL},
    {"shape", get_shape, set_shape},
    {"strides", get_strides, NULL},
    {"dtype", get_dtype, NULL},
    {"ndim", get_ndim, NULL},
    {"size", get_size, NULL},
    {"itemsize", get_itemsize, NULL},
    {"nbytes", get_nbytes, NULL},
    {"T", get_T, NULL},
    {"flat", get_flat, NULL},
    {NULL, NULL, NULL},
};

/* ---- methods ---- */

/* Shape from either reshape(2, 3) or reshape((2, 3)). */
static int shape_from_args(Interp *I, int argc, Value *argv, int64_t *shape) {
    if (argc == 1) return arr_shape_arg(I, argv[0], shape);
    if (argc > ARR_MAXDIM) return err_format(I, TY_VALUE_ERROR, "too many dimensions"), -1;
    for (int i = 0; i < argc; i++)
        if (obj_index(I, argv[i], &shape[i]) < 0) return -1;
    return argc;
}

/* a.reshape(shape, /, *, order='C', copy=None), the shape as one sequence or as ints. */
static Value m_reshape(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"order", "copy"};
    Value o[3];
    int npos = argc - 1;
    if (!arg_parse(I, "reshape", 0, argv + argc, kw, names, 2, 0, 0, o + 1)) return V_NULL;
    if (npos == 0)
        return err_format(I, TY_TYPE_ERROR, "reshape() takes exactly 1 argument (0 given)");
    int64_t shape[ARR_MAXDIM];
    int nd = shape_from_args(I, npos, argv + 1, shape);
    int order = nd < 0 ? -1 : arr_order_arg(I, o[1], 'C', "CFA");
    if (order < 0) return V_NULL;
    Array *a = arr_raw(argv[0]);
    int copy = is_null(o[2]) || is_none(o[2]) ? -1 : obj_truthy(I, o[2]);
    if (copy == -1 && err_occurred(I)) return V_NULL;
    if (copy == 0 && !arr_has_order(a, (char)order) && a->size > 1)
        return err_format(I, TY_VALUE_ERROR, "Unable to avoid creating a copy while reshaping.");
    Array *r = order == 'C' ? reshape_method(I, a, nd, shape)
                            : arr_reshape_order(I, as_array(argv[0]), nd, shape, (char)order);
    if (r && copy == 1 && (r->base ? r->base : r) == (a->base ? a->base : a))
        r = arr_copy_order(I, r, r->dtype, (char)order);
    return r ? v_obj(r) : V_NULL;
}

/* a.ravel(order='C'): a view when the order allows, else a copy. */
static Value m_ravel(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"order"};
    Value o[1];
    if (!arg_parse(I, "ravel", argc - 1, argv + 1, kw, names, 1, 0, 1, o)) return V_NULL;
    int order = arr_order_arg(I, o[0], 'C', "CFAK");
    if (order < 0) return V_NULL;
    Array *a = arr_raw(argv[0]);
    int64_t n = a->size;
    if (order == 'K') order = arr_is_f_contiguous(a) && !arr_is_contiguous(a) ? 'F' : 'C';
    Array *r = order == 'C' ? reshape_method(I, a, 1, &n)
                            : arr_reshape_order(I, as_array(argv[0]), 1, &n, (char)order);
    return r ? v_obj(r) : V_NULL;
}

/* a.flatten(order='C'): always a copy. */
static Value m_flatten(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"order"};
    Value o[1];
    if (!arg_parse(I, "flatten", argc - 1, argv + 1, kw, names, 1, 0, 1, o)) return V_NULL;
    int order = arr_order_arg(I, o[0], 'C', "CFAK");
    if (order < 0) return V_NULL;
    Array *src = as_array(argv[0]);
    if (order == 'A' || order == 'K')
        order = arr_is_f_contiguous(src) && !arr_is_contiguous(src) ? 'F' : 'C';
    if (order == 'F') src = arr_transpose(I, src, NULL);
    Array *a = src ? arr_copy(I, src, src->dtype) : NULL;
    if (!a) return V_NULL;
    a->ndim = 1;
    a->shape[0] = a->size;
    a->strides[0] = arr_dtypes[a->dtype].size;
    return v_obj(a);
}

static Value m_transpose(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_method_no_kw(I, "transpose", kw)) return V_NULL;
    Array *a = arr_raw(argv[0]);
    if (argc == 1 || (argc == 2 && is_none(argv[1]))) return get_T(I, argv[0]);
    int64_t ax[ARR_MAXDIM];
    int n = shape_from_args(I, argc - 1, argv + 1, ax);
    if (n < 0) return V_NULL;
    if (n != a->ndim) return err_format(I, TY_VALUE_ERROR, "axes don't match array");
    int perm[ARR_MAXDIM], seen[ARR_MAXDIM] = {0};
    for (int i = 0; i < n; i++) {
        int64_t k = ax[i] < 0 ? ax[i] + n : ax[i];
        if (k < 0 || k >= n)
            return err_format(I, TY_VALUE_ERROR,
                              "axis %lld is out of bounds for array of "
                              "dimension %d",
                              (long long)ax[i], n);
        if (seen[k]++) return err_format(I, TY_VALUE_ERROR, "repeated axis in transpose");
        perm[i] = (int)k;
    }
    Array *r = arr_transpose(I, a, perm);
    return r ? v_obj(r) : V_NULL;
}

/* a.astype(dtype, order='K', casting='unsafe', subok=True, copy=True) */
static Value m_astype(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"dtype", "order", "casting", "subok", "copy"};
    Value o[5];
    if (!arg_parse(I, "astype", argc - 1, argv + 1, kw, names, 5, 1, 5, o)) return V_NULL;
    int dt = arr_dtype_arg(I, o[0], -1);
    if (dt < 0) return V_NULL;
    int order = arr_order_arg(I, o[1], 'K', "CFAK");
    if (order < 0) return V_NULL;
    Array *a = arr_raw(argv[0]);
    if (arr_casting_check(I, o[2], a->dtype, dt) < 0) return V_NULL;
    if (!is_null(o[3]) && obj_truthy(I, o[3]) < 0) return V_NULL; /* no subclasses exist */
    int copy = is_null(o[4]) ? 1 : obj_truthy(I, o[4]);
    if (copy < 0) return V_NULL;
    if (!copy && dt == a->dtype && arr_has_order(a, (char)order)) return argv[0];
    if (order == 'F' || ((order == 'A' || order == 'K') && arr_is_f_contiguous(a) &&
                         !arr_is_contiguous(a) && a->ndim > 1)) {
        Array *r = arr_copy_order(I, as_array(argv[0]), dt, (char)order);
        return r ? v_obj(r) : V_NULL;
    }
    return arr_astype(I, a, dt);
}

/* a.copy(order='C') */
static Value m_copy(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"order"};
    Value o[1];
    if (!arg_parse(I, "copy", argc - 1, argv + 1, kw, names, 1, 0, 1, o)) return V_NULL;
    int order = arr_order_arg(I, o[0], 'C', "CFAK");
    if (order < 0) return V_NULL;
    Array *a = arr_raw(argv[0]);
    if (order != 'C' && a->ndim > 1 && (order == 'F' || arr_is_f_contiguous(a))) {
        Array *r = arr_copy_order(I, as_array(argv[0]), a->dtype, (char)order);
        return r ? v_obj(r) : V_NULL;
    }
    return arr_astype(I, a, a->dtype);
}

/* a.view(dtype=None, type=None): the same memory; a dtype of another itemsize rescales the
 * last axis, which must be contiguous, as NumPy. type may only be ndarray. */
static Value m_view(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"dtype", "type"};
    Value o[2];
    if (!arg_parse(I, "view", argc - 1, argv + 1, kw, names, 2, 0, 2, o)) return V_NULL;
    Value nd_type = v_obj(I->types[TY_ARRAY]);
    if (!is_null(o[1]) && !is_none(o[1]) && !(is_obj(o[1]) && o[1].as.o == nd_type.as.o))
        return err_format(I, TY_TYPE_ERROR, "Cannot change to a subclass of ndarray in krait");
    Array *a = arr_raw(argv[0]);
    int dt = a->dtype;
    if (!is_null(o[0]) && !is_none(o[0]) && !(is_obj(o[0]) && o[0].as.o == nd_type.as.o)) {
        dt = arr_dtype_arg(I, o[0], a->dtype);
        if (dt < 0) return V_NULL;
    }
    int64_t shape[ARR_MAXDIM], st[ARR_MAXDIM];
    memcpy(shape, a->shape, sizeof(int64_t) * (size_t)a->ndim);
    memcpy(st, a->strides, sizeof(int64_t) * (size_t)a->ndim);
    int os = arr_dtypes[a->dtype].size, ns = arr_dtypes[dt].size;
    if (os != ns) {
        if (a->ndim == 0)
            return err_format(I, TY_VALUE_ERROR,
                              "Changing the dtype of a 0d array is only supported if the "
                              "itemsize is unchanged");
        int last = a->ndim - 1;
        if (a->strides[last] != os && a->shape[last] != 1)
            return err_format(I, TY_VALUE_ERROR,
                              "To change to a dtype of a different size, the last axis must be "
                              "contiguous");
        int64_t bytes = a->shape[last] * os;
        if (bytes % ns)
            return err_format(I, TY_VALUE_ERROR,
                              ns > os ? "When changing to a larger dtype, its size must be a "
                                        "divisor of the total size in bytes of the last axis "
                                        "of the array."
                                      : "When changing to a smaller dtype, its size must be a "
                                        "divisor of the size of original dtype");
        shape[last] = bytes / ns;
        st[last] = ns;
    }
    Array *r = arr_view(I, a, a->ndim, shape, st, a->data, dt);
    return r ? v_obj(r) : V_NULL;
}

static Value m_fill(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_method_no_kw(I, "fill", kw) || !arg_count(I, "fill", argc - 1, 1, 1)) return V_NULL;
    if (arr_check_writeable(I, as_array(argv[0]), false) < 0) return V_NULL;
    return arr_assign(I, as_array(argv[0]), argv[1]) < 0 ? V_NULL : V_NONE;
}

static Value m_item(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_method_no_kw(I, "item", kw)) return V_NULL;
    Array *a = as_array(argv[0]);
    if (argc == 1) {
        if (a->size != 1)
            return err_format(I, TY_VALUE_ERROR,
                              "can only convert an array of size 1 to a "
                              "Python scalar");
        ArrIter it;
        arr_iter_init(&it, a);
        return arr_scalar_value(I, it.p, a->dtype);
    }
    if (argc == 2 && is_int(I, argv[1])) {
        int64_t i;
        if (!int_to_i64(I, argv[1], &i)) return V_NULL;
        if (i < 0) i += a->size;
        if (i < 0 || i >= a->size)
            return err_format(I, TY_INDEX_ERROR, "index %lld is out of bounds for size %lld",
                              (long long)i, (long long)a->size);
        ArrIter it;
        arr_iter_init(&it, a);
        while (i-- > 0)
            arr_iter_next(&it, a);
        return arr_scalar_value(I, it.p, a->dtype);
    }
    Tuple *t = tuple_from_array(I, argv + 1, (size_t)argc - 1);
    if (!t) return V_NULL;
    Value r = arr_getitem(I, argv[0], v_obj(t));
    if (is_array(I, r))
        return err_format(I, TY_VALUE_ERROR, "incorrect number of indices for array");
    char buf[8];
    int dt = arr_scalar_load(I, r, buf); /* item() gives Python's numbers */
    if (dt == -2) return V_NULL;
    return dt < 0 ? r : arr_scalar_value(I, buf, dt);
}

static Value m_tolist(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arr_method_no_kw(I, "tolist", kw) || !arg_count(I, "tolist", argc - 1, 0, 0))
        return V_NULL;
    return arr_tolist(I, arr_raw(argv[0])); /* arr_tolist syncs the mirror, raising */
}

/* The reduction methods' names in their messages are NumPy's (its _methods.py: "_sum() got
 * an unexpected keyword argument"); argmin/argmax/cumsum/cumprod keep their own. */
#define REDUCE_METHOD(fn, name, kind)                                                              \
    static Value fn(Interp *I, int argc, Value *argv, Tuple *kw) {                                 \
        return arr_reduce_call(I, name, kind, arr_raw(argv[0]), argc - 1, argv + 1, kw);           \
    }
REDUCE_METHOD(m_sum, "_sum", RED_SUM)
REDUCE_METHOD(m_prod, "_prod", RED_PROD)
REDUCE_METHOD(m_min, "_amin", RED_MIN)
REDUCE_METHOD(m_max, "_amax", RED_MAX)
REDUCE_METHOD(m_mean, "_mean", RED_MEAN)
REDUCE_METHOD(m_var, "_var", RED_VAR)
REDUCE_METHOD(m_std, "_std", RED_STD)
REDUCE_METHOD(m_all, "_all", RED_ALL)
REDUCE_METHOD(m_any, "_any", RED_ANY)
REDUCE_METHOD(m_argmin, "argmin", RED_ARGMIN)
REDUCE_METHOD(m_argmax, "argmax", RED_ARGMAX)
REDUCE_METHOD(m_cumsum, "cumsum", RED_CUMSUM)
REDUCE_METHOD(m_cumprod, "cumprod", RED_CUMPROD)

/* a.dot(b, out=None) */
static Value m_dot(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"b", "out"};
    Value o[2];
    if (!arg_parse(I, "dot", argc - 1, argv + 1, kw, names, 2, 1, 2, o)) return V_NULL;
    Array *out;
    if (arr_out_arg(I, o[1], &out) < 0) return V_NULL;
    Array *b = is_array(I, o[0]) ? arr_raw(o[0]) : arr_from_value(I, o[0], -1);
    if (!b) return V_NULL;
    Array *a = arr_raw(argv[0]);
    Value r = a->ndim == 0 || b->ndim == 0 ? arr_binary(I, argv[0], v_obj(b), BIN_MUL, NULL)
                                           : arr_matmul(I, a, b);
    return arr_store_out_exact(I, r, out);
}

/* sort(axis=-1, kind=None, order=None, *, stable=None) for both sort and argsort */
static bool sort_args(Interp *I, const char *name, int argc, Value *argv, Tuple *kw,
                      int64_t *axis) {
    static const char *const names[] = {"axis", "kind", "order", "stable"};
    Value o[4];
    if (!arg_parse(I, name, argc - 1, argv + 1, kw, names, 4, 0, 3, o)) return false;
    if (arr_sort_kw(I, o[1], o[2], o[3]) < 0) return false;
    *axis = -1;
    return is_null(o[0]) || obj_index(I, o[0], axis) >= 0;
}

static Value m_sort(Interp *I, int argc, Value *argv, Tuple *kw) {
    Array *a = arr_raw(argv[0]); /* arr_sort reads the host copy only where it sorts there */
    int64_t axis;
    if (!sort_args(I, "sort", argc, argv, kw, &axis)) return V_NULL;
    if (a->readonly) return err_format(I, TY_VALUE_ERROR, "sort array is read-only");
    Value r = arr_sort(I, a, (int)axis, false);
    if (is_null(r)) return r;
    return arr_assign(I, a, r) < 0 ? V_NULL : V_NONE;
}
static Value m_argsort(Interp *I, int argc, Value *argv, Tuple *kw) {
    int64_t axis;
    if (!sort_args(I, "argsort", argc, argv, kw, &axis)) return V_NULL;
    return arr_sort(I, arr_raw(argv[0]), (int)axis, true);
}

Value arr_round(Interp *I, Array *a, int decimals);
/* a.round(decimals=0, out=None) */
static Value m_round(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"decimals", "out"};
    Value o[2];
    if (!arg_parse(I, "round", argc - 1, argv + 1, kw, names, 2, 0, 2, o)) return V_NULL;
    int64_t d = 0;
    Array *out;
    if ((!is_null(o[0]) && obj_index(I, o[0], &d) < 0) || arr_out_arg(I, o[1], &out) < 0)
        return V_NULL;
    return arr_store_out(I, arr_round(I, as_array(argv[0]), (int)d), out, "round");
}

/* a.clip(min=None, max=None, out=None) */
static Value m_clip(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"min", "max", "out"};
    Value o[3];
    if (!arg_parse(I, "clip", argc - 1, argv + 1, kw, names, 3, 0, 3, o)) return V_NULL;
    Array *out;
    if (arr_out_arg(I, o[2], &out) < 0) return V_NULL;
    Value lo = is_null(o[0]) ? V_NONE : o[0], hi = is_null(o[1]) ? V_NONE : o[1];
    Value r = is_none(lo) && is_none(hi) ? arr_astype(I, arr_raw(argv[0]), arr_raw(argv[0])->dtype)
                                         : arr_clip(I, argv[0], lo, hi);
    return arr_store_out(I, r, out, "clip");
}

static Value array_float(Interp *I, int argc, Value *argv, Tuple *kw) {
    Array *a = as_array(argv[0]);
    if (a->ndim != 0)
        return err_format(I, TY_TYPE_ERROR,
                          "only 0-dimensional arrays can be converted to "
                          "Python scalars");
    ArrIter it;
    arr_iter_init(&it, a);
    return v_float(arr_load_f(it.p, a->dtype));
}
static Value array_int(Interp *I, int argc, Value *argv, Tuple *kw) {
    Array *a = as_array(argv[0]);
    if (a->ndim != 0)
        return err_format(I, TY_TYPE_ERROR,
                          "only 0-dimensional arrays can be converted to "
                          "Python scalars");
    ArrIter it;
    arr_iter_init(&it, a);
    if (dt_is_float(a->dtype)) return int_from_double(I, arr_load_f(it.p, a->dtype));
    return arr_scalar_value(I, it.p, a->dtype == DT_BOOL ? DT_INT8 : a->dtype);
}

/* NumPy's operators on 0-d arrays give scalars (np.array(5) + 1 is np.int64(6)). */
static Value scalar_if_0d(Interp *I, Value r) {
    if (is_null(r) || !is_array(I, r) || arr_raw(r)->ndim != 0) return r;
    Array *a = as_array(r);
    return arr_scalar_new(I, a->data, a->dtype);
}

static Value array_abs(Interp *I, int argc, Value *argv, Tuple *kw) {
    return scalar_if_0d(I, arr_unary(I, argv[0], ARR_U_ABS, NULL));
}

static const MethodDef array_methods[] = {
    {"__abs__", array_abs, 0},
    {"__float__", array_float, 0},
    {"__int__", array_int, 0},
    {"reshape", m_reshape, 0},
    {"ravel", m_ravel, 0},
    {"flatten", m_flatten, 0},
    {"transpose", m_transpose, 0},
    {"astype", m_astype, 0},
    {"copy", m_copy, 0},
    {"view", m_view, 0},
    {"fill", m_fill, 0},
    {"item", m_item, 0},
    {"tolist", m_tolist, 0},
    {"sum", m_sum, 0},
    {"prod", m_prod, 0},
    {"min", m_min, 0},
    {"max", m_max, 0},
    {"mean", m_mean, 0},
    {"var", m_var, 0},
    {"std", m_std, 0},
    {"all", m_all, 0},
    {"any", m_any, 0},
    {"argmin", m_argmin, 0},
    {"argmax", m_argmax, 0},
    {"cumsum", m_cumsum, 0},
    {"cumprod", m_cumprod, 0},
    {"dot", m_dot, 0},
    {"sort", m_sort, 0},
    {"argsort", m_argsort, 0},
    {"round", m_round, 0},
    {"clip", m_clip, 0},
    {NULL, NULL, 0},
};

/* ---- slots ---- */

static Value array_binop(Interp *I, Value a, Value b, int op) {
    if (op == BIN_MATMUL) {
        Array *x = is_array(I, a) ? arr_raw(a) : arr_from_value(I, a, -1);
        Array *y = !x ? NULL : is_array(I, b) ? arr_raw(b) : arr_from_value(I, b, -1);
        return y ? arr_matmul(I, x, y) : V_NULL;
    }
    return scalar_if_0d(I, arr_operator_binary(I, a, b, op, NULL));
}

static Value array_inplace(Interp *I, Value a, Value b, int op) {
    if (op == BIN_MATMUL) return v_notimpl(I);
    if (arr_check_writeable(I, arr_raw(a), true) < 0) return V_NULL;
    Value r = arr_operator_binary(I, a, b, op, arr_raw(a));
    if (is_null(r) || is_notimpl(I, r)) return r;
    return a;
}

static Value array_richcompare(Interp *I, Value a, Value b, int op) {
    return scalar_if_0d(I, arr_compare(I, a, b, op));
}

static Value array_unop(Interp *I, Value a, int op) {
    return scalar_if_0d(I, arr_unary(I, a,
                                     op == UN_NEG   ? ARR_U_NEG
                                     : op == UN_POS ? ARR_U_POS
                                                    : ARR_U_INVERT,
                                     NULL));
}

static int array_truthy(Interp *I, Value self) {
    Array *a = arr_raw(self);
    if (a->size != 1) {
        err_format(I, TY_VALUE_ERROR,
                   "The truth value of an array with more than one element "
                   "is ambiguous. Use a.any() or a.all()");
        if (a->size == 0)
            err_format(I, TY_VALUE_ERROR,
                       "The truth value of an empty array is ambiguous. Use "
                       "`array.size > 0` to check that an array is not empty.");
        return -1;
    }
    char buf[8]; /* the one element, from the device if the mirror is stale */
    if (arr_fetch_scalar(I, a, buf) < 0) return -1;
    return arr_load_f(buf, a->dtype) != 0;
}

static int64_t array_len(Interp *I, Value self) {
    Array *a = arr_raw(self);
    if (a->ndim == 0) {
        err_format(I, TY_TYPE_ERROR, "len() of unsized object");
        return -1;
    }
    return a->shape[0];
}

typedef struct ArrayIterObj {
    Obj hdr;
    Array *a;
    int64_t i;
} ArrayIterObj;

static void array_iter_trace(Interp *I, Obj *o) {
    gc_mark_obj(I, (Obj *)((ArrayIterObj *)o)->a);
}

static Value array_iter(Interp *I, Value self) {
    Array *a = arr_raw(self);
    if (a->ndim == 0) return err_format(I, TY_TYPE_ERROR, "iteration over a 0-d array");
    ArrayIterObj *it = gc_new(I, I->types[TY_ARRAY_ITER], sizeof(ArrayIterObj));
    if (!it) return V_NULL;
    it->a = a;
    return v_obj(it);
}

static Value array_iter_next(Interp *I, Value self) {
    ArrayIterObj *it = (ArrayIterObj *)self.as.o;
    if (it->i >= it->a->shape[0]) return V_NULL;
    return arr_getitem(I, v_obj(it->a), v_int(it->i++));
}

static Value array_index_slot(Interp *I, Value self) {
    Array *a = arr_raw(self);
    if (a->ndim != 0 || !dt_is_int(a->dtype))
        return err_format(I, TY_TYPE_ERROR,
                          "only integer scalar arrays can be converted to a "
                          "scalar index");
    char buf[8];
    if (arr_fetch_scalar(I, a, buf) < 0) return V_NULL;
    return arr_scalar_value(I, buf, a->dtype);
}

/* ndarray(shape, dtype=float, order='C'): as np.empty (zeroed); buffer=, offset= and
 * strides= are not implemented. */
static Value array_new_slot(Interp *I, Type *t, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"shape", "dtype", "order"};
    Value o[3];
    if (!arg_parse(I, "ndarray", argc, argv, kw, names, 3, 1, 3, o)) return V_NULL;
    int64_t shape[ARR_MAXDIM];
    int nd = arr_shape_arg(I, o[0], shape);
    int dt = nd < 0 ? -1 : arr_dtype_arg(I, o[1], DT_FLOAT64);
    int order = dt < 0 ? -1 : arr_order_arg(I, o[2], 'C', "CF");
    Array *r = order < 0 ? NULL : arr_new_order(I, dt, nd, shape, (char)order);
    return r ? v_obj(r) : V_NULL;
}

/* The slots as the VM calls them: a result computed while a host-mirror sync inside
 * as_array failed is that failure (err_native_result, vm/error.h). */
#define CHECKED(expr)                                                                              \
    Obj *before = I->exc;                                                                          \
    return err_native_result(I, before, expr)
static Value checked_binop(Interp *I, Value a, Value b, int op) {
    CHECKED(array_binop(I, a, b, op));
}
static Value checked_inplace(Interp *I, Value a, Value b, int op) {
    CHECKED(array_inplace(I, a, b, op));
}
static Value checked_richcompare(Interp *I, Value a, Value b, int op) {
    CHECKED(array_richcompare(I, a, b, op));
}
static Value checked_unop(Interp *I, Value a, int op) {
    CHECKED(array_unop(I, a, op));
}
static Value checked_getitem(Interp *I, Value self, Value key) {
    CHECKED(arr_getitem(I, self, key));
}
static Value checked_iter_next(Interp *I, Value self) {
    CHECKED(array_iter_next(I, self));
}
static Value checked_new(Interp *I, Type *t, int argc, Value *argv, Tuple *kw) {
    CHECKED(array_new_slot(I, t, argc, argv, kw));
}
#undef CHECKED
static int checked_setitem(Interp *I, Value self, Value key, Value v) {
    Obj *before = I->exc;
    return err_native_status(I, before, arr_setitem(I, self, key, v));
}

const TypeSpec array_spec = {
    .name = "ndarray",
    .base = TY_OBJECT,
    .instance_size = sizeof(Array),
    .slots = {.trace = array_trace,
              .finalize = array_finalize,
              .repr = arr_repr,
              .str = arr_str,
              .richcompare = checked_richcompare,
              .binop = checked_binop,
              .inplace = checked_inplace,
              .unop = checked_unop,
              .truthy = array_truthy,
              .len = array_len,
              .getitem = checked_getitem,
              .setitem = checked_setitem,
              .iter = array_iter,
              .index = array_index_slot,
              .new = checked_new},
    .methods = array_methods,
    .getsets = array_getsets,
};
static Value m_iter_self(Interp *I, int argc, Value *argv, Tuple *kw) {
    return argv[0];
}
static const MethodDef array_iter_methods[] = {{"__iter__", m_iter_self, 0}, {NULL, NULL, 0}};

const TypeSpec array_iter_spec = {
    .name = "array_iterator",
    .base = TY_OBJECT,
    .instance_size = sizeof(ArrayIterObj),
    .slots = {.trace = array_iter_trace, .iter = NULL, .next = checked_iter_next},
    .methods = array_iter_methods,
};
