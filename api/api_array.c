/* api_array.c: the embedding API's zero-copy arrays (include/krait.h, "Arrays"): host
 * buffers and CUDA device pointers wrapped as gpu arrays (gpu/array/array.c's arr_wrap_external),
 * array descriptions for the host, and DLPack import and export. No element is copied:
 * the host and the scripts share the memory, and the lifetime rules hang off the array's
 * finalizer (release callbacks) and API handles (exported tensors). */
#include <string.h>

#include "../gpu/array/array.h"
#include "../gpu/backend/cuda/backend_cuda.h"
#include "api_internal.h"
#include "../vm/error.h"
#include "../vm/gc.h"
#include "../vm/seq.h"

/* A handle for a fresh array; when the handle cannot be made, the array forgets its
 * release callback, since failure leaves the memory the host's. */
static kr_value *give_array(Interp *I, Value v, size_t mark) {
    if (is_null(v)) {
        api_take_error(I);
        gc_temp_reset(I, mark);
        return NULL;
    }
    kr_value *h = api_give(I, v);
    if (!h) {
        Array *a = arr_raw(v);
        a->ext_release = NULL;
        a->ext_data = NULL;
        if (a->ext_device)
            a->dptr = 0;
        else
            a->alloc = NULL;
    }
    gc_temp_reset(I, mark);
    return h;
}

/* kr_dtype's values are the public ABI (appended to, never renumbered); DType's follow
 * NumPy's promotion order and may change. */
static const int kr_to_dt[] = {
    [KR_BOOL] = DT_BOOL,       [KR_INT8] = DT_INT8,       [KR_INT16] = DT_INT16,
    [KR_INT32] = DT_INT32,     [KR_INT64] = DT_INT64,     [KR_UINT8] = DT_UINT8,
    [KR_UINT32] = DT_UINT32,   [KR_FLOAT16] = DT_FLOAT16, [KR_BFLOAT16] = DT_BFLOAT16,
    [KR_FLOAT32] = DT_FLOAT32, [KR_FLOAT64] = DT_FLOAT64, [KR_UINT16] = DT_UINT16,
    [KR_UINT64] = DT_UINT64,
};

static kr_dtype dt_to_kr(int dt) {
    for (size_t i = 0; i < sizeof kr_to_dt / sizeof kr_to_dt[0]; i++)
        if (kr_to_dt[i] == dt) return (kr_dtype)i;
    return KR_FLOAT64;
}

kr_value *kr_array_wrap(kr_interp *I, void *data, kr_dtype dt, int ndim, const int64_t *shape,
                        const int64_t *strides_bytes, int device,
                        void (*release)(void *ud, void *data), void *ud) {
    if (!I) return NULL;
    size_t mark = gc_temp_mark(I);
    err_clear(I);
    if (device != KR_DEVICE_HOST && device != KR_DEVICE_CUDA) {
        err_format(I, TY_VALUE_ERROR, "invalid device %d", device);
        return give_array(I, V_NULL, mark);
    }
    int idt = (unsigned)dt < sizeof kr_to_dt / sizeof kr_to_dt[0] ? kr_to_dt[dt] : -1;
    Value v = arr_wrap_external(I, data, idt, ndim, shape, strides_bytes, device == KR_DEVICE_CUDA,
                                release, ud);
    return give_array(I, v, mark);
}

/* Bring a's data current where the host will read it; 1: on the device, 0: on the host. */
static int array_current(Interp *I, Array *a) {
    return arr_backend(I)->current(I, a);
}

static int describe(Interp *I, Value v, kr_array_desc *out) {
    if (!is_array(I, v)) {
        err_format(I, TY_TYPE_ERROR, "expected gpu.ndarray, got %s", type_name(I, v));
        return -1;
    }
    Array *a = arr_raw(v);
    int dev = array_current(I, a);
    if (dev < 0) return -1;
    memset(out, 0, sizeof *out);
    Array *o = a->base ? a->base : a;
    out->data = a->data;
    if (dev) out->data = (void *)(uintptr_t)(o->dptr + (uint64_t)(a->data - o->alloc));
    if (dev) o->dev_fixed = true; /* the host keeps the address */
    out->dtype = dt_to_kr(a->dtype);
    out->ndim = a->ndim;
    out->device = dev ? KR_DEVICE_CUDA : KR_DEVICE_HOST;
    for (int d = 0; d < a->ndim; d++) {
        out->shape[d] = a->shape[d];
        out->strides[d] = a->strides[d];
    }
    return 0;
}

int kr_array_info(kr_interp *I, kr_value *arr, kr_array_desc *out) {
    Value v;
    if (!out || !api_handle_get(I, arr, &v)) return KR_BADARG;
    err_clear(I);
    return describe(I, v, out) < 0 ? api_take_error(I) : KR_OK;
}

/* ---- DLPack ---- */

static const kr_dldatatype dl_types[DT__COUNT] = {
    [DT_BOOL] = {KR_DL_BOOL, 8, 1},        [DT_INT8] = {KR_DL_INT, 8, 1},
    [DT_INT16] = {KR_DL_INT, 16, 1},       [DT_INT32] = {KR_DL_INT, 32, 1},
    [DT_INT64] = {KR_DL_INT, 64, 1},       [DT_UINT8] = {KR_DL_UINT, 8, 1},
    [DT_UINT16] = {KR_DL_UINT, 16, 1},     [DT_UINT64] = {KR_DL_UINT, 64, 1},
    [DT_UINT32] = {KR_DL_UINT, 32, 1},     [DT_FLOAT16] = {KR_DL_FLOAT, 16, 1},
    [DT_BFLOAT16] = {KR_DL_BFLOAT, 16, 1}, [DT_FLOAT32] = {KR_DL_FLOAT, 32, 1},
    [DT_FLOAT64] = {KR_DL_FLOAT, 64, 1},
};

static void dl_release(void *ud, void *data) {
    kr_dlmanaged_tensor *t = ud;
    if (t->deleter) t->deleter(t);
}

kr_value *kr_array_from_dlpack(kr_interp *I, kr_dlmanaged_tensor *t) {
    if (!I || !t) return NULL;
    size_t mark = gc_temp_mark(I);
    err_clear(I);
    kr_dltensor *dl = &t->dl_tensor;
    int dt = -1;
    for (int i = 0; i < DT__COUNT; i++)
        if (!memcmp(&dl_types[i], &dl->dtype, sizeof(kr_dldatatype))) dt = i;
    /* DLPack producers commonly describe bool as an 8-bit unsigned code 6 or uint8 only. */
    if (dt < 0) {
        err_format(I, TY_VALUE_ERROR, "unsupported DLPack dtype (code %d, bits %d, lanes %d)",
                   dl->dtype.code, dl->dtype.bits, dl->dtype.lanes);
        return give_array(I, V_NULL, mark);
    }
    int dev = dl->device.device_type;
    if (dev != KR_DL_CPU && dev != KR_DL_CUDA && dev != KR_DL_CUDA_HOST) {
        err_format(I, TY_VALUE_ERROR, "unsupported DLPack device type %d", dev);
        return give_array(I, V_NULL, mark);
    }
    if (dl->ndim < 0 || dl->ndim > ARR_MAXDIM) {
        err_format(I, TY_VALUE_ERROR,
                   "maximum supported dimension for an ndarray is currently %d, found %d",
                   ARR_MAXDIM, (int)dl->ndim);
        return give_array(I, V_NULL, mark);
    }
    int64_t st[ARR_MAXDIM];
    int isz = arr_dtypes[dt].size;
    for (int d = 0; d < dl->ndim && dl->strides; d++)
        st[d] = dl->strides[d] * isz;
    char *data = dl->data ? (char *)dl->data + dl->byte_offset : NULL;
    Value v = arr_wrap_external(I, data, dt, dl->ndim, dl->shape, dl->strides ? st : NULL,
                                dev == KR_DL_CUDA, dl_release, t);
    return give_array(I, v, mark);
}

/* The exported tensor, its shape and strides, and the array it exports, which stays in
 * ApiState's dl_exports list (a root no handle operation touches) until the deleter runs. */
typedef struct ApiDLExport {
    kr_dlmanaged_tensor t;
    Interp *I;
    Value arr;
    int64_t shape[ARR_MAXDIM], strides[ARR_MAXDIM];
} ApiDLExport;

static void dl_export_delete(kr_dlmanaged_tensor *t) {
    ApiDLExport *e = t->manager_ctx;
    Interp *I = e->I;
    List *l = I->api->dl_exports;
    for (size_t i = l ? l->len : 0; i-- > 0;) {
        if (v_is(l->items[i], e->arr)) {
            l->items[i] = l->items[l->len - 1];
            l->len--;
            break;
        }
    }
    mem_free(I, e, sizeof *e);
}

kr_dlmanaged_tensor *kr_array_to_dlpack(kr_interp *I, kr_value *arr) {
    Value v;
    if (!api_handle_get(I, arr, &v)) return NULL;
    err_clear(I);
    kr_array_desc d;
    if (describe(I, v, &d) < 0) {
        api_take_error(I);
        return NULL;
    }
    int isz = arr_dtypes[kr_to_dt[d.dtype]].size;
    for (int i = 0; i < d.ndim; i++) {
        if (d.strides[i] % isz) {
            err_format(I, TY_VALUE_ERROR,
                       "DLPack needs strides that are multiples of the itemsize");
            api_take_error(I);
            return NULL;
        }
    }
    ApiDLExport *e = mem_alloc(I, sizeof *e);
    if (!e) {
        api_take_error(I);
        return NULL;
    }
    memset(e, 0, sizeof *e);
    e->I = I;
    e->arr = v;
    ApiState *as = I->api;
    if (!as->dl_exports) as->dl_exports = list_new(I, 4);
    if (!as->dl_exports || !list_append(I, as->dl_exports, v)) {
        mem_free(I, e, sizeof *e);
        api_take_error(I);
        return NULL;
    }
    for (int i = 0; i < d.ndim; i++) {
        e->shape[i] = d.shape[i];
        e->strides[i] = d.strides[i] / isz;
    }
    kr_dltensor *dl = &e->t.dl_tensor;
    dl->data = d.data;
    dl->device.device_type = d.device == KR_DEVICE_CUDA ? KR_DL_CUDA : KR_DL_CPU;
    dl->device.device_id = 0;
    dl->ndim = d.ndim;
    dl->dtype = dl_types[kr_to_dt[d.dtype]];
    dl->shape = e->shape;
    dl->strides = e->strides;
    dl->byte_offset = 0;
    e->t.manager_ctx = e;
    e->t.deleter = dl_export_delete;
    return &e->t;
}
