/* array_sort.c: np.sort and np.argsort along an axis (a stable merge sort of each row,
 * NaN last as in NumPy) and np.unique (a stable argsort, then one pass over the groups).
 * Rows are copied out as (value, position) items, sorted, and written back. */
#include <math.h>
#include <string.h>

#include "../../vm/error.h"
#include "../../vm/gc.h"
#include "../../vm/seq.h"
#include "../kernels/host_sort.h"
#include "array.h"

/* ---- sort ---- */

typedef struct SortItem {
    double f;
    int64_t i;
    int64_t pos;
} SortItem;

/* A stable bottom-up merge sort (insertion-sorted runs of 32, then merges of doubling
 * width), polling for interrupts every ARR_POLL_CHUNK moved items so a sort of a huge row
 * stops on Ctrl-C. The comparisons put NaN last, as NumPy's sort does. */
static bool item_less(const SortItem *a, const SortItem *b, bool fl) {
    if (fl) {
        bool na = a->f != a->f, nb = b->f != b->f;
        if (na != nb) return nb;
        return !na && a->f < b->f;
    }
    return a->i < b->i;
}

static bool merge_sort(Interp *I, SortItem *a, SortItem *tmp, int64_t n, bool fl) {
    enum { RUN = 32 };
    int64_t moved = 0;
    for (int64_t lo = 0; lo < n; lo += RUN) {
        int64_t hi = lo + RUN < n ? lo + RUN : n;
        for (int64_t i = lo + 1; i < hi; i++) {
            SortItem x = a[i];
            int64_t j = i;
            while (j > lo && item_less(&x, &a[j - 1], fl)) {
                a[j] = a[j - 1];
                j--;
            }
            a[j] = x;
        }
        if ((moved += hi - lo) >= ARR_POLL_CHUNK) {
            moved = 0;
            if (!interp_poll(I)) return false;
        }
    }
    SortItem *src = a, *dst = tmp;
    for (int64_t w = RUN; w < n; w *= 2) {
        for (int64_t lo = 0; lo < n; lo += 2 * w) {
            int64_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
            int64_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                dst[k++] = item_less(&src[j], &src[i], fl) ? src[j++] : src[i++];
            while (i < mid)
                dst[k++] = src[i++];
            while (j < hi)
                dst[k++] = src[j++];
            if ((moved += hi - lo) >= ARR_POLL_CHUNK) {
                moved = 0;
                if (!interp_poll(I)) return false;
            }
        }
        SortItem *t = src;
        src = dst;
        dst = t;
    }
    if (src != a) memcpy(a, src, sizeof(SortItem) * (size_t)n);
    return true;
}

Value arr_sort(Interp *I, Array *a, int axis_in, bool arg) {
    if (a->ndim == 0) return err_format(I, TY_VALUE_ERROR, "Cannot sort a 0-d array");
    int ax = arr_norm_axis(I, axis_in, a->ndim);
    if (ax < 0) return V_NULL;
    const ArrBackend *be = arr_backend(I);
    if (be->sort) {
        Value d = be->sort(I, a, ax, arg);
        if (!is_null(d) || err_occurred(I)) return d;
    }
    if (arr_host(I, a) < 0) return V_NULL;
    bool handled;
    GpuHostSort *hs = !arg && I->gpu ? gpu_host_sort(I->gpu) : NULL;
    Array *fast = arr_fast_sort(I, a, ax, arg, hs ? gpu_host_sort_u64 : NULL, hs,
                                &handled); /* gpu/backend/cpu/cpu_sort.c */
    if (handled) return fast ? v_obj(fast) : V_NULL;
    Array *r = arr_copy(I, a, arg ? DT_INT64 : a->dtype);
    Array *src = arr_copy(I, a, a->dtype);
    if (!r || !src) return V_NULL;
    int64_t len = a->shape[ax];
    SortItem *items = mem_alloc(I, sizeof(SortItem) * 2 * (size_t)(len ? len : 1));
    if (!items) return V_NULL;
    SortItem *tmp = items + (len ? len : 1);
    Array ov = *src;
    ov.shape[ax] = 1;
    ov.size = len ? src->size / len : 0;
    int64_t sst = src->strides[ax], rst = r->strides[ax];
    bool fl = dt_is_float(a->dtype);
    int64_t flip = a->dtype == DT_UINT64 ? INT64_MIN : 0; /* uint64 in signed order */
    ArrIter it;
    arr_iter_init(&it, &ov);
    for (int64_t i = 0; i < ov.size; i++, arr_iter_next(&it, &ov)) {
        for (int64_t j = 0; j < len; j++) {
            const char *p = it.p + j * sst;
            items[j].pos = j;
            if (fl)
                items[j].f = arr_load_f(p, a->dtype);
            else
                items[j].i = arr_load_i(p, a->dtype) ^ flip;
        }
        if (!merge_sort(I, items, tmp, len, fl)) {
            mem_free(I, items, sizeof(SortItem) * 2 * (size_t)(len ? len : 1));
            return V_NULL;
        }
        char *rp = r->data + (it.p - src->data);
        for (int64_t j = 0; j < len; j++) {
            if (arg)
                arr_store_i(rp + j * rst, DT_INT64, items[j].pos);
            else if (fl)
                arr_store_f(rp + j * rst, a->dtype, items[j].f);
            else
                arr_store_i(rp + j * rst, a->dtype, items[j].i ^ flip);
        }
    }
    mem_free(I, items, sizeof(SortItem) * 2 * (size_t)(len ? len : 1));
    return v_obj(r);
}

/* np.unique over the flattened array: a stable argsort, then one pass over the groups of
 * equal values gives the first index of each (the stable order puts it first), the inverse
 * (every element's group) and the counts. NaNs form one group with equal_nan, else one
 * each. */
Value arr_unique(Interp *I, Array *a, bool ret_index, bool ret_inverse, bool ret_counts,
                 bool equal_nan) {
    const ArrBackend *be = arr_backend(I);
    if (be->unique) {
        Value d = be->unique(I, a, ret_index, ret_inverse, ret_counts, equal_nan);
        if (!is_null(d) || err_occurred(I)) return d;
    }
    if (arr_host(I, a) < 0) return V_NULL;
    int64_t n = a->size;
    Array *flat = arr_reshape(I, a, 1, &n);
    if (!flat) return V_NULL;
    Value pv = arr_sort(I, flat, 0, true);
    if (is_null(pv)) return pv;
    Array *perm = as_array(pv);
    Value sv = arr_sort(I, flat, 0, false);
    if (is_null(sv)) return sv;
    /* the loop below compacts s in place: a host array of its own (arr_sort's result may be
     * a device array whose device copy would keep the uncompacted values) */
    Array *s = arr_copy(I, as_array(sv), a->dtype);
    if (!s) return V_NULL;
    Array *idx = arr_new(I, DT_INT64, 1, &n), *cnt = idx ? arr_new(I, DT_INT64, 1, &n) : NULL;
    Array *inv = cnt ? arr_new(I, DT_INT64, a->ndim, a->shape) : NULL;
    if (!inv) return V_NULL;
    const int64_t *pp = (const int64_t *)perm->data;
    int64_t *pi = (int64_t *)idx->data, *pc = (int64_t *)cnt->data, *pinv = (int64_t *)inv->data;
    int isz = arr_dtypes[s->dtype].size;
    bool fl = dt_is_float(s->dtype);
    int64_t k = 0;
    for (int64_t i = 0; i < n; i++) {
        char *p = s->data + i * isz;
        bool same = false;
        if (k > 0) {
            char *q = s->data + (k - 1) * isz;
            if (fl) {
                double x = arr_load_f(p, s->dtype), y = arr_load_f(q, s->dtype);
                same = x == y || (equal_nan && isnan(x) && isnan(y));
            } else {
                same = arr_load_i(p, s->dtype) == arr_load_i(q, s->dtype);
            }
        }
        if (!same) {
            memmove(s->data + k * isz, p, (size_t)isz);
            pi[k] = pp[i];
            pc[k] = 0;
            k++;
        }
        pc[k - 1]++;
        pinv[pp[i]] = k - 1;
    }
    s->shape[0] = s->size = k;
    idx->shape[0] = idx->size = k;
    cnt->shape[0] = cnt->size = k;
    if (!ret_index && !ret_inverse && !ret_counts) return v_obj(s);
    Value items[4] = {v_obj(s)};
    size_t m = 1;
    if (ret_index) items[m++] = v_obj(idx);
    if (ret_inverse) items[m++] = v_obj(inv);
    if (ret_counts) items[m++] = v_obj(cnt);
    Tuple *t = tuple_new(I, m);
    if (!t) return V_NULL;
    memcpy(t->items, items, sizeof(Value) * m);
    return v_obj(t);
}
