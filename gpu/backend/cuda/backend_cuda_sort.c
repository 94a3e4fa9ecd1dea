/* backend_cuda_sort.c: the CUDA backend's sorts, scans, compactions and gathers: np.sort /
 * argsort (gpu_sort), cumsum / cumprod (gpu_scan), np.nonzero, a[mask] and a[int_array]
 * (gpu_compact, gpu_nonzero_coords, gpu_take), so none of them copies the array to the
 * host. Each returns V_NULL without an error for a case it leaves to the host code of
 * gpu/array (which raises NumPy's errors for bad input): a dtype or size the kernels do not
 * take, an empty array, an index whose shape does not match.
 *
 * An axis other than the last is moved last by a device copy and back by another. What
 * needs a size the device computes (the count of a compaction) reads one int64 back: the
 * one wait these operations have, as in every eager array library. */
#include <string.h>

#include "../../../vm/error.h"
#include "../../../vm/gc.h"
#include "../../../vm/seq.h"
#include "../../array/array.h"
#include "backend_cuda.h"

static CUdeviceptr dev_ptr(const Array *a) {
    const Array *o = a->base ? a->base : a;
    return o->dptr + (CUdeviceptr)(a->data - o->alloc);
}

/* a as a C-contiguous device array of dtype dt: a itself when it is one, else a device copy
 * (a lazy cast, run now). NULL: raised, or (no error) the copy is the host's. */
static Array *dev_contig(Interp *I, Array *a, int dt) {
    if (a->dtype == dt && arr_is_contiguous(a)) return arr_dev_ready(I, a) < 0 ? NULL : a;
    Value c = arr_cuda_unary(I, a, ARR_U_POS, a->dtype, dt, NULL);
    if (is_null(c)) return NULL;
    Array *r = arr_raw(c);
    return arr_dev_ready(I, r) < 0 ? NULL : r;
}

/* The permutation that moves axis ax last (perm) and its inverse (back). */
static void axis_last(int nd, int ax, int *perm, int *back) {
    int k = 0;
    for (int d = 0; d < nd; d++)
        if (d != ax) perm[k++] = d;
    perm[nd - 1] = ax;
    for (int d = 0; d < nd; d++)
        back[perm[d]] = d;
}

/* r (axis last) in the layout of the input: a contiguous device copy of r moved back. */
static Value axis_back(Interp *I, Array *r, const int *back) {
    Array *t = arr_transpose(I, r, back);
    if (!t) return V_NULL;
    Value c = arr_cuda_unary(I, t, ARR_U_POS, t->dtype, t->dtype, NULL);
    if (is_null(c) && !err_occurred(I))
        return err_format(I, TY_RUNTIME_ERROR, "krait: device copy failed");
    return c;
}

/* One int64 of device memory, read after the queue drains. */
static int read_i64(Interp *I, CUdeviceptr p, int64_t *out) {
    GpuState *G = I->gpu;
    if (gpu_copy_to_host(G, out, p, 8, arr_stream(I)) < 0 ||
        gpu_stream_synchronize(G, arr_stream(I)) < 0)
        return arr_gpu_raise(I);
    return arr_cuda_fpe_poll(I);
}

/* ---- sort ---- */

Value arr_cuda_sort(Interp *I, Array *a, int ax, bool arg) {
    if (a->size <= 1 || a->size >= ((int64_t)1 << 32) || a->ndim > GPU_MAX_DIMS) return V_NULL;
    int nd = a->ndim, perm[ARR_MAXDIM], back[ARR_MAXDIM];
    bool moved = ax != nd - 1;
    Array *src = a;
    if (moved) {
        axis_last(nd, ax, perm, back);
        src = arr_transpose(I, a, perm);
        if (!src) return V_NULL;
    }
    src = dev_contig(I, src, a->dtype);
    if (!src) return V_NULL;
    int64_t len = src->shape[nd - 1], rows = src->size / len;
    Array *r = arr_cuda_dev_new(I, arg ? DT_INT64 : a->dtype, nd, src->shape);
    if (!r) return V_NULL;
    if (gpu_sort(I->gpu, dev_ptr(src), (DType)a->dtype, rows, len, arg ? 0 : r->dptr,
                 arg ? r->dptr : 0, arr_stream(I)) < 0) {
        arr_gpu_raise(I);
        return V_NULL;
    }
    return moved ? axis_back(I, r, back) : v_obj(r);
}

/* ---- cumsum, cumprod ---- */

static bool scan_dtype(int dt) {
    return dt == DT_INT64 || dt == DT_UINT64 || dt == DT_FLOAT32 || dt == DT_FLOAT64;
}

Value arr_cuda_scan(Interp *I, Array *a, int kind, Value axis, int rdt) {
    if (!scan_dtype(rdt) || a->size == 0 || a->ndim == 0 || a->ndim > GPU_MAX_DIMS) return V_NULL;
    int op = kind == RED_CUMPROD ? GPU_SCAN_PROD : GPU_SCAN_SUM;
    int nd = a->ndim, ax = nd - 1, perm[ARR_MAXDIM], back[ARR_MAXDIM];
    bool flat = is_null(axis) || is_none(axis);
    if (!flat) {
        if (!is_smallint(axis) || axis.as.i < -nd || axis.as.i >= nd) return V_NULL;
        ax = (int)(axis.as.i < 0 ? axis.as.i + nd : axis.as.i);
    }
    bool moved = !flat && ax != nd - 1;
    Array *src = a;
    if (moved) {
        axis_last(nd, ax, perm, back);
        src = arr_transpose(I, a, perm);
        if (!src) return V_NULL;
    }
    /* scanned straight from the input when it is contiguous in the accumulator's dtype (or
     * bool, counted), else from a contiguous copy in that dtype, in place */
    bool direct = arr_is_contiguous(src) && (src->dtype == rdt || src->dtype == DT_BOOL);
    Array *in = dev_contig(I, src, direct ? src->dtype : rdt);
    if (!in) return V_NULL;
    int64_t len = flat ? in->size : in->shape[nd - 1], rows = in->size / len;
    Array *r = in;
    if (direct) {
        int64_t n = in->size;
        r = arr_cuda_dev_new(I, rdt, flat ? 1 : nd, flat ? &n : in->shape);
        if (!r) return V_NULL;
    } else {
        if (arr_dev_write(I, r) < 0) return V_NULL;
    }
    /* a float scan's own overflow / invalid value ("... encountered in accumulate") */
    CUdeviceptr word = 0;
    bool eager = false;
    if (dt_is_float(rdt) && arr_cuda_fpe_accumulate_word(I, &word, &eager) < 0) return V_NULL;
    if (gpu_scan_checked(I->gpu, op, dev_ptr(in), (DType)in->dtype, dev_ptr(r), (DType)rdt, rows,
                         len, false, arr_stream(I), word) < 0) {
        arr_gpu_raise(I);
        return V_NULL;
    }
    if (eager && arr_cuda_fpe_poll(I) < 0) return V_NULL; /* raise/call/print at this line */
    if (flat && r->ndim != 1) {
        int64_t n = r->size;
        Array *f = arr_reshape(I, r, 1, &n);
        return f ? v_obj(f) : V_NULL;
    }
    return moved ? axis_back(I, r, back) : v_obj(r);
}

/* ---- compaction: the flags of a, their inclusive scan and the count ---- */

typedef struct Compact {
    Array *flags; /* contiguous BOOL */
    CUdeviceptr pos;
    size_t pbytes;
    int64_t count;
} Compact;

/* flags of a's nonzero elements (a bool array itself when contiguous), their positions and
 * count; 0, 1 not taken (nothing raised), -1 raised. */
static int compact_begin(Interp *I, Array *a, Compact *c) {
    memset(c, 0, sizeof *c);
    if (a->size == 0 || a->ndim > GPU_MAX_DIMS) return 1;
    Array *fl = a;
    if (a->dtype != DT_BOOL) {
        Value z = arr_cuda_binary(I, v_obj(a), v_int(0), CMP_NE, 1, a->dtype, DT_BOOL, NULL);
        if (is_null(z)) return err_occurred(I) ? -1 : 1;
        fl = arr_raw(z);
    }
    c->flags = dev_contig(I, fl, DT_BOOL);
    if (!c->flags) return err_occurred(I) ? -1 : 1;
    int64_t n = a->size;
    c->pbytes = (size_t)n * 8;
    GpuState *G = I->gpu;
    if (gpu_mem_alloc(G, c->pbytes, arr_stream(I), &c->pos) < 0) return arr_gpu_raise(I);
    if (gpu_scan(G, GPU_SCAN_SUM, dev_ptr(c->flags), DT_BOOL, c->pos, DT_INT64, 1, n, false,
                 arr_stream(I)) < 0 ||
        read_i64(I, c->pos + (CUdeviceptr)(n - 1) * 8, &c->count) < 0) {
        if (!err_occurred(I)) arr_gpu_raise(I);
        gpu_mem_free(G, c->pos, c->pbytes, arr_stream(I));
        return -1;
    }
    return 0;
}

static void compact_end(Interp *I, Compact *c) {
    if (c->pos) gpu_mem_free(I->gpu, c->pos, c->pbytes, arr_stream(I));
}

Value arr_cuda_nonzero(Interp *I, Array *a) {
    Compact c;
    int rc = compact_begin(I, a, &c);
    if (rc) return V_NULL;
    Tuple *t = tuple_new(I, (size_t)a->ndim);
    CUdeviceptr outs[GPU_MAX_DIMS];
    for (int d = 0; t && d < a->ndim; d++) {
        Array *r = arr_cuda_dev_new(I, DT_INT64, 1, &c.count);
        if (!r) {
            t = NULL;
            break;
        }
        t->items[d] = v_obj(r);
        outs[d] = r->dptr;
    }
    if (t && c.count > 0 &&
        gpu_nonzero_coords(I->gpu, dev_ptr(c.flags), c.pos, a->ndim, a->shape, outs,
                           arr_stream(I)) < 0) {
        arr_gpu_raise(I);
        t = NULL;
    }
    compact_end(I, &c);
    return t ? v_obj(t) : V_NULL;
}

/* v[mask] for a bool mask over v's leading axes (their shape). */
static Value mask_take(Interp *I, Array *v, Array *m) {
    if (m->ndim < 1 || m->ndim > v->ndim) return V_NULL;
    for (int d = 0; d < m->ndim; d++)
        if (m->shape[d] != v->shape[d]) return V_NULL;
    int esize = arr_dtypes[v->dtype].size;
    Array *src = dev_contig(I, v, v->dtype);
    if (!src) return V_NULL;
    Compact c;
    if (compact_begin(I, m, &c)) return V_NULL;
    int64_t shape[ARR_MAXDIM], inner = 1;
    int nd = 0;
    shape[nd++] = c.count;
    for (int d = m->ndim; d < v->ndim; d++) {
        shape[nd++] = v->shape[d];
        inner *= v->shape[d];
    }
    Array *r = arr_cuda_dev_new(I, v->dtype, nd, shape);
    if (r && c.count > 0 &&
        gpu_compact(I->gpu, dev_ptr(c.flags), c.pos, m->size, dev_ptr(src), r->dptr, esize, inner,
                    arr_stream(I)) < 0) {
        arr_gpu_raise(I);
        r = NULL;
    }
    compact_end(I, &c);
    return r ? v_obj(r) : V_NULL;
}

/* v[..., idx, ...] with an integer index array along axis. */
static Value int_take(Interp *I, Array *v, int axis, Array *ix) {
    int64_t dim = v->shape[axis];
    if (v->ndim - 1 + ix->ndim > GPU_MAX_DIMS || ix->size == 0 || dim == 0) return V_NULL;
    Array *idx = dev_contig(I, ix, DT_INT64);
    Array *src = idx ? dev_contig(I, v, v->dtype) : NULL;
    if (!src) return V_NULL;
    int64_t shape[ARR_MAXDIM], outer = 1, inner = 1;
    int nd = 0;
    for (int d = 0; d < axis; d++) {
        shape[nd++] = v->shape[d];
        outer *= v->shape[d];
    }
    for (int d = 0; d < ix->ndim; d++)
        shape[nd++] = ix->shape[d];
    for (int d = axis + 1; d < v->ndim; d++) {
        shape[nd++] = v->shape[d];
        inner *= v->shape[d];
    }
    Array *r = arr_cuda_dev_new(I, v->dtype, nd, shape);
    if (!r) return V_NULL;
    GpuState *G = I->gpu;
    CUstream s = arr_stream(I);
    CUdeviceptr err;
    if (gpu_mem_alloc(G, 8, s, &err) < 0) return arr_gpu_raise(I), V_NULL;
    int64_t bad = -1;
    int rc = gpu_memset32(G, err, 0xffffffffu, 2, s) < 0 ||
                     gpu_take(G, dev_ptr(idx), ix->size, dev_ptr(src), r->dptr,
                              arr_dtypes[v->dtype].size, outer, dim, inner, err, s) < 0
                 ? arr_gpu_raise(I)
                 : read_i64(I, err, &bad);
    gpu_mem_free(G, err, 8, s);
    if (rc < 0) return V_NULL;
    if (bad >= 0) {
        int64_t q;
        if (read_i64(I, dev_ptr(idx) + (CUdeviceptr)bad * 8, &q) < 0) return V_NULL;
        return err_format(I, TY_INDEX_ERROR,
                          "index %lld is out of bounds for axis %d with size %lld", (long long)q,
                          axis, (long long)dim);
    }
    return v_obj(r);
}

Value arr_cuda_take(Interp *I, Array *v, int axis, Value adv) {
    if (v->size == 0 || v->ndim > GPU_MAX_DIMS) return V_NULL;
    if (!is_array(I, adv)) {
        if (!is_obj(adv) || adv.as.o->type != I->types[TY_LIST]) return V_NULL;
        Array *ix = arr_from_value(I, adv, -1);
        if (!ix) return V_NULL;
        if (!dt_is_int(ix->dtype) && ix->dtype != DT_BOOL) return V_NULL;
        adv = v_obj(ix);
    }
    Array *ix = arr_raw(adv);
    if (ix->dtype == DT_BOOL) {
        if (axis == 0) return mask_take(I, v, ix);
        return V_NULL;
    }
    /* uint64 indexes past int64's range are the host's to report */
    if (!dt_is_int(ix->dtype) || ix->dtype == DT_UINT64) return V_NULL;
    return int_take(I, v, axis, ix);
}

/* ---- unique ---- */

/* A 1-D view of n elements of a (contiguous, 1-D) from element off. */
static Array *span(Interp *I, Array *a, int64_t off, int64_t n) {
    int64_t st = a->strides[0];
    return arr_view(I, a, 1, &n, &st, a->data + off * st, a->dtype);
}

/* The flags of the first element of each group of a sorted 1-D s: s[i] != s[i - 1] (NaNs
 * one group with equal_nan), element 0 always. */
static Array *group_starts(Interp *I, Array *s, bool equal_nan) {
    int64_t n = s->size;
    Array *f = arr_cuda_dev_new(I, DT_BOOL, 1, &n);
    if (!f) return NULL;
    Array *f0 = span(I, f, 0, 1);
    if (!f0 || arr_assign(I, f0, v_bool(true)) < 0) return NULL;
    if (n == 1) return f;
    Array *hi = span(I, s, 1, n - 1), *lo = hi ? span(I, s, 0, n - 1) : NULL;
    if (!lo) return NULL;
    Value ne = arr_compare(I, v_obj(hi), v_obj(lo), CMP_NE);
    if (!is_null(ne) && equal_nan && dt_is_float(s->dtype)) {
        Value nh = arr_unary(I, v_obj(hi), ARR_U_ISNAN, NULL);
        Value nl = is_null(nh) ? nh : arr_unary(I, v_obj(lo), ARR_U_ISNAN, NULL);
        Value both = is_null(nl) ? nl : arr_binary(I, nh, nl, ARR_OP_LOGAND, NULL);
        Value other = is_null(both) ? both : arr_unary(I, both, ARR_U_NOT, NULL);
        ne = is_null(other) ? other : arr_binary(I, ne, other, ARR_OP_LOGAND, NULL);
    }
    Array *f1 = is_null(ne) ? NULL : span(I, f, 1, n - 1);
    if (!f1 || arr_assign(I, f1, ne) < 0) return NULL;
    return f;
}

Value arr_cuda_unique(Interp *I, Array *a, bool ret_index, bool ret_inverse, bool ret_counts,
                      bool equal_nan) {
    int64_t n = a->size;
    if (n <= 1 || n >= ((int64_t)1 << 32) || a->ndim > GPU_MAX_DIMS) return V_NULL;
    Array *src = dev_contig(I, a, a->dtype);
    if (!src) return V_NULL;
    bool need_pos = ret_index || ret_inverse;
    Array *s = arr_cuda_dev_new(I, a->dtype, 1, &n);
    Array *perm = s && need_pos ? arr_cuda_dev_new(I, DT_INT64, 1, &n) : NULL;
    if (!s || (need_pos && !perm)) return V_NULL;
    if (gpu_sort(I->gpu, dev_ptr(src), (DType)a->dtype, 1, n, s->dptr, perm ? perm->dptr : 0,
                 arr_stream(I)) < 0)
        return arr_gpu_raise(I), V_NULL;
    Array *f = group_starts(I, s, equal_nan);
    if (!f) return V_NULL;
    Value u = mask_take(I, s, f);
    if (is_null(u))
        return err_occurred(I) ? V_NULL : err_format(I, TY_RUNTIME_ERROR, "krait: unique");
    if (!ret_index && !ret_inverse && !ret_counts) return u;
    Value items[4] = {u};
    size_t m = 1;
    if (ret_index) {
        Value ix = mask_take(I, perm, f);
        if (is_null(ix)) return V_NULL;
        items[m++] = ix;
    }
    if (ret_inverse) {
        /* each element's group (the flags' running count - 1) at its place: the groups in
         * sorted order taken by the inverse permutation (perm's argsort) */
        Value gid = arr_cuda_scan(I, f, RED_CUMSUM, V_NULL, DT_INT64);
        Value g0 = is_null(gid) ? gid : arr_binary(I, gid, v_int(1), BIN_SUB, NULL);
        Value ip = is_null(g0) ? g0 : arr_cuda_sort(I, perm, 0, true);
        Value inv = is_null(ip) ? ip : int_take(I, arr_raw(g0), 0, arr_raw(ip));
        Array *r = is_null(inv) ? NULL : arr_reshape(I, arr_raw(inv), a->ndim, a->shape);
        if (!r) return err_occurred(I) ? V_NULL : err_format(I, TY_RUNTIME_ERROR, "krait: unique");
        items[m++] = v_obj(r);
    }
    if (ret_counts) {
        /* the next group's start minus this one's (n after the last) */
        Value st = arr_cuda_nonzero(I, f);
        if (is_null(st))
            return err_occurred(I) ? V_NULL : err_format(I, TY_RUNTIME_ERROR, "krait: unique");
        Array *starts = arr_raw(as_tuple(st)->items[0]);
        int64_t k = starts->size;
        Array *next = arr_cuda_dev_new(I, DT_INT64, 1, &k);
        Array *nl = next ? span(I, next, k - 1, 1) : NULL;
        if (!nl || arr_assign(I, nl, v_int(n)) < 0) return V_NULL;
        if (k > 1) {
            Array *nh = span(I, next, 0, k - 1), *sh = nh ? span(I, starts, 1, k - 1) : NULL;
            if (!sh || arr_assign(I, nh, v_obj(sh)) < 0) return V_NULL;
        }
        Value c = arr_binary(I, v_obj(next), v_obj(starts), BIN_SUB, NULL);
        if (is_null(c)) return V_NULL;
        items[m++] = c;
    }
    Tuple *t = tuple_new(I, m);
    if (!t) return V_NULL;
    memcpy(t->items, items, sizeof(Value) * m);
    return v_obj(t);
}
