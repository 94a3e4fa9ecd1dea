/* array_index.c: NumPy indexing on arrays. Basic indexing (integers, slices, `...`,
 * None/newaxis) makes views; advanced indexing (boolean masks, integer arrays) gathers into
 * a new array, and assignment through it scatters. Mixed basic and advanced keys are handled
 * for the common case of one advanced index (the advanced axis stays in place); several
 * (NumPy's broadcasting of index arrays) go to _numpy_lib's _fancy_getitem. */
#include <string.h>

#include "../../vm/error.h"
#include "../../vm/gc.h"
#include "../../vm/number.h"
#include "../../vm/seq.h"
#include "../../vm/str.h"
#include "../../vm/vm.h"
#include "array.h"

static bool is_ellipsis(Interp *I, Value v) {
    return is_obj(v) && v.as.o == I->ellipsis;
}
static bool is_slice(Interp *I, Value v) {
    return is_obj(v) && v.as.o->type == I->types[TY_SLICE];
}
static bool is_advanced(Interp *I, Value v) {
    return is_array(I, v) || (is_obj(v) && v.as.o->type == I->types[TY_LIST]);
}

/* The basic part of an index: a view. adv_axis gets the axis of the view where the one
 * advanced index applies (-1 when none); *adv its value. */
static Array *basic_index(Interp *I, Array *a, Value key, int *adv_axis, Value *adv) {
    Value one[1];
    const Value *items = one;
    size_t n = 1;
    if (is_obj(key) && key.as.o->type == I->types[TY_TUPLE]) {
        items = as_tuple(key)->items;
        n = as_tuple(key)->len;
    } else {
        one[0] = key;
    }
    int consumed = 0, ell = -1;
    for (size_t i = 0; i < n; i++) {
        if (is_ellipsis(I, items[i])) {
            if (ell >= 0) {
                err_format(I, TY_INDEX_ERROR, "an index can only have a single ellipsis ('...')");
                return NULL;
            }
            ell = (int)i;
        } else if (!is_none(items[i])) {
            consumed++;
        }
    }
    if (consumed > a->ndim) {
        err_format(I, TY_INDEX_ERROR,
                   "too many indices for array: array is %d-dimensional, "
                   "but %d were indexed",
                   a->ndim, consumed);
        return NULL;
    }
    int64_t shape[ARR_MAXDIM], st[ARR_MAXDIM];
    int nd = 0, src = 0;
    char *p = a->data;
    *adv_axis = -1;
    for (size_t i = 0; i < n; i++) {
        Value k = items[i];
        if (nd >= ARR_MAXDIM) {
            err_format(I, TY_INDEX_ERROR, "too many dimensions");
            return NULL;
        }
        if (is_ellipsis(I, k)) {
            int fill = a->ndim - consumed;
            for (int j = 0; j < fill; j++, src++, nd++) {
                shape[nd] = a->shape[src];
                st[nd] = a->strides[src];
            }
        } else if (is_none(k)) {
            shape[nd] = 1;
            st[nd++] = 0;
        } else if (is_slice(I, k)) {
            int64_t start, stop, step, len;
            if (!slice_indices(I, (Slice *)k.as.o, a->shape[src], &start, &stop, &step, &len))
                return NULL;
            p += start * a->strides[src];
            shape[nd] = len;
            st[nd++] = a->strides[src++] * step;
        } else if (is_advanced(I, k)) {
            if (*adv_axis >= 0) {
                err_format(I, TY_INDEX_ERROR, "krait supports one advanced index per subscript");
                return NULL;
            }
            *adv_axis = nd;
            *adv = k;
            shape[nd] = a->shape[src];
            st[nd++] = a->strides[src++];
        } else {
            int64_t idx;
            if (is_float(k) ||
                (!is_int(I, k) &&
                 !(is_obj(k) && !is_null(type_lookup(I, type_of(I, k), I->names.index))))) {
                err_format(I, TY_INDEX_ERROR,
                           "only integers, slices (`:`), ellipsis (`...`), "
                           "numpy.newaxis (`None`) and integer or boolean arrays are valid "
                           "indices");
                return NULL;
            }
            if (obj_index(I, k, &idx) < 0) return NULL;
            int64_t dim = a->shape[src];
            if (idx < -dim || idx >= dim) {
                err_format(I, TY_INDEX_ERROR,
                           "index %lld is out of bounds for axis %d with "
                           "size %lld",
                           (long long)idx, src, (long long)dim);
                return NULL;
            }
            if (idx < 0) idx += dim;
            p += idx * a->strides[src++];
        }
    }
    for (; src < a->ndim; src++, nd++) {
        shape[nd] = a->shape[src];
        st[nd] = a->strides[src];
    }
    return arr_view(I, a, nd, shape, st, p, a->dtype);
}

/* The positions an advanced index selects along an axis of length dim. */
static Array *adv_positions(Interp *I, Value k, int64_t dim, int axis, Array *view, bool *is_mask) {
    Array *ix = arr_from_value(I, k, -1);
    if (!ix) return NULL;
    *is_mask = ix->dtype == DT_BOOL;
    if (ix->dtype == DT_BOOL) {
        /* a k-d mask selects over k axes from `axis` on (mask_flat checks the sizes) */
        if (ix->ndim > 1 && ix->ndim <= view->ndim - axis) return ix;
        if (ix->ndim > view->ndim - axis) {
            err_format(I, TY_INDEX_ERROR,
                       "too many indices for array: array is %d-dimensional, but %d were "
                       "indexed",
                       view->ndim, axis + ix->ndim);
            return NULL;
        }
        if (ix->ndim != 1 || ix->shape[0] != dim) {
            err_format(I, TY_INDEX_ERROR,
                       "boolean index did not match indexed array along axis "
                       "%d; size of axis is %lld but size of corresponding boolean axis is %lld",
                       axis, (long long)dim, (long long)(ix->ndim ? ix->shape[0] : 1));
            return NULL;
        }
        int64_t cnt = 0;
        ArrIter it;
        arr_iter_init(&it, ix);
        for (int64_t i = 0; i < ix->size; i++, arr_iter_next(&it, ix))
            cnt += *it.p != 0;
        Array *pos = arr_new(I, DT_INT64, 1, &cnt);
        if (!pos) return NULL;
        int64_t *o = (int64_t *)pos->data;
        arr_iter_init(&it, ix);
        for (int64_t i = 0; i < ix->size; i++, arr_iter_next(&it, ix))
            if (*it.p) *o++ = i;
        return pos;
    }
    if (!dt_is_int(ix->dtype)) {
        if (ix->size == 0) return arr_copy(I, ix, DT_INT64);
        err_format(I, TY_INDEX_ERROR,
                   "arrays used as indices must be of integer (or boolean) "
                   "type");
        return NULL;
    }
    Array *pos = arr_copy(I, ix, DT_INT64);
    if (!pos) return NULL;
    int64_t *q = (int64_t *)pos->data;
    for (int64_t i = 0; i < pos->size; i++) {
        if (q[i] < -dim || q[i] >= dim) {
            err_format(I, TY_INDEX_ERROR,
                       "index %lld is out of bounds for axis %d with size "
                       "%lld",
                       (long long)q[i], axis, (long long)dim);
            return NULL;
        }
        if (q[i] < 0) q[i] += dim;
    }
    return pos;
}

/* The view of the multi-d boolean mask case, flattened over the masked axes. */
static Array *mask_flat(Interp *I, Array *view, int axis, Array *mask, Array **pos_out) {
    int md = mask->ndim;
    for (int d = 0; d < md; d++) {
        if (mask->shape[d] != view->shape[axis + d]) {
            err_format(I, TY_INDEX_ERROR,
                       "boolean index did not match indexed array along axis "
                       "%d; size of axis is %lld but size of corresponding boolean axis is %lld",
                       axis + d, (long long)view->shape[axis + d], (long long)mask->shape[d]);
            return NULL;
        }
    }
    /* the masked axes of a view of contiguous-or-not memory: copy to make them mergeable */
    Array *c = arr_is_contiguous(view) ? view : arr_copy(I, view, view->dtype);
    if (!c) return NULL;
    int64_t shape[ARR_MAXDIM];
    int nd = 0;
    for (int d = 0; d < axis; d++)
        shape[nd++] = c->shape[d];
    shape[nd++] = mask->size;
    for (int d = axis + md; d < c->ndim; d++)
        shape[nd++] = c->shape[d];
    Array *flat = arr_reshape(I, c, nd, shape);
    int64_t n = mask->size;
    Array *m1 = flat ? arr_reshape(I, mask, 1, &n) : NULL;
    if (!m1) return NULL;
    bool dummy;
    *pos_out = adv_positions(I, v_obj(m1), n, axis, flat, &dummy);
    return *pos_out ? flat : NULL;
}

/* A boolean mask array over the leading axes of v, both contiguous: the typed gather and
 * fill loops apply. */
static Array *simple_mask(Interp *I, Array *v, int axis, Value adv) {
    if (axis != 0 || !is_array(I, adv)) return NULL;
    Array *m = as_array(adv);
    if (m->dtype != DT_BOOL || m->ndim < 1 || m->ndim > v->ndim || !arr_is_contiguous(m) ||
        !arr_is_contiguous(v))
        return NULL;
    for (int d = 0; d < m->ndim; d++)
        if (m->shape[d] != v->shape[d]) return NULL;
    return m;
}

static Value mask_gather(Interp *I, Array *v, Array *m) {
    int64_t cnt = arr_mask_count((const uint8_t *)m->data, m->size);
    int64_t shape[ARR_MAXDIM];
    int nd = 0;
    shape[nd++] = cnt;
    size_t block = (size_t)arr_dtypes[v->dtype].size;
    for (int d = m->ndim; d < v->ndim; d++) {
        shape[nd++] = v->shape[d];
        block *= (size_t)v->shape[d];
    }
    Array *r = arr_new_uninit(I, v->dtype, nd, shape);
    if (!r) return V_NULL;
    arr_mask_gather(r->data, v->data, (const uint8_t *)m->data, m->size, block);
    return v_obj(r);
}

/* Whether key has several advanced indices, or one with an integer that a slice, None or
 * ... separates from it (NumPy then puts the broadcast dimensions first): those go to
 * _numpy_lib's _fancy_getitem/_fancy_setitem (stdlib/py/_numpy_lib.py). */
static bool needs_fancy(Interp *I, Value key) {
    if (!is_obj(key) || key.as.o->type != I->types[TY_TUPLE]) return false;
    Tuple *t = as_tuple(key);
    int nadv = 0, count = 0, first = -1, last = -1;
    for (size_t i = 0; i < t->len; i++) {
        Value k = t->items[i];
        bool adv = is_advanced(I, k);
        bool integer = !adv && !is_slice(I, k) && !is_none(k) && !is_ellipsis(I, k) && !is_float(k);
        nadv += adv;
        if (adv || integer) {
            if (first < 0) first = (int)i;
            last = (int)i;
            count++;
        }
    }
    return nadv >= 2 || (nadv == 1 && count > 1 && last - first + 1 != count);
}

static Value call_fancy(Interp *I, const char *fn, int argc, Value *argv) {
    Str *mod = str_intern_cstr(I, "_numpy_lib"), *name = str_intern_cstr(I, fn);
    Value m = mod ? vm_import(I, mod, V_NULL, V_NULL, 0) : V_NULL;
    Value f = is_null(m) || !name ? V_NULL : obj_getattr(I, m, name);
    return is_null(f) ? f : obj_call(I, f, argc, argv, NULL);
}

Value arr_getitem(Interp *I, Value self, Value key) {
    if (needs_fancy(I, key)) {
        Value args[2] = {self, key};
        return call_fancy(I, "_fancy_getitem", 2, args);
    }
    /* views share the device buffer; only a scalar result or advanced indexing (which runs
     * on the host) needs the data */
    Array *a = arr_raw(self);
    int axis;
    Value adv = V_NULL;
    Array *v = basic_index(I, a, key, &axis, &adv);
    if (!v) return V_NULL;
    if (axis < 0) {
        if (v->ndim == 0) {
            char buf[8];
            if (arr_fetch_scalar(I, v, buf) < 0) return V_NULL;
            return arr_scalar_new(I, buf, v->dtype);
        }
        return v_obj(v);
    }
    const ArrBackend *be = arr_backend(I);
    if (be->take) {
        Value d = be->take(I, v, axis, adv);
        if (!is_null(d) || err_occurred(I)) return d;
    }
    if (arr_host(I, a) < 0) return V_NULL;
    Array *sm = simple_mask(I, v, axis, adv);
    if (sm) return mask_gather(I, v, sm);
    bool mask;
    Array *pos = adv_positions(I, adv, v->shape[axis], axis, v, &mask);
    if (!pos) return V_NULL;
    if (mask && pos->dtype == DT_BOOL) {
        v = mask_flat(I, v, axis, pos, &pos);
        if (!v) return V_NULL;
    }
    /* result shape: v's with axis replaced by pos's shape */
    int64_t shape[ARR_MAXDIM];
    int nd = 0;
    if (v->ndim - 1 + pos->ndim > ARR_MAXDIM) return err_format(I, TY_INDEX_ERROR, "too many dims");
    for (int d = 0; d < axis; d++)
        shape[nd++] = v->shape[d];
    for (int d = 0; d < pos->ndim; d++)
        shape[nd++] = pos->shape[d];
    for (int d = axis + 1; d < v->ndim; d++)
        shape[nd++] = v->shape[d];
    Array *r = arr_new(I, v->dtype, nd, shape);
    if (!r) return V_NULL;
    /* for each outer index, each position, copy the inner block */
    int64_t outer = 1, inner_n = 1;
    for (int d = 0; d < axis; d++)
        outer *= v->shape[d];
    for (int d = axis + 1; d < v->ndim; d++)
        inner_n *= v->shape[d];
    const int64_t *q = (const int64_t *)pos->data;
    int isz = arr_dtypes[v->dtype].size;
    char *o = r->data;
    /* iterate the outer axes through a view of v with the axis and the inner ones dropped */
    Array ov = *v;
    ov.ndim = axis;
    ov.size = outer;
    Array iv = *v;
    iv.ndim = v->ndim - axis - 1;
    memmove(iv.shape, v->shape + axis + 1, sizeof(int64_t) * (size_t)iv.ndim);
    memmove(iv.strides, v->strides + axis + 1, sizeof(int64_t) * (size_t)iv.ndim);
    ArrIter io;
    arr_iter_init(&io, &ov);
    for (int64_t i = 0; i < outer; i++, arr_iter_next(&io, &ov)) {
        for (int64_t j = 0; j < pos->size; j++) {
            iv.data = io.p + q[j] * v->strides[axis];
            ArrIter ii;
            arr_iter_init(&ii, &iv);
            for (int64_t k = 0; k < inner_n; k++, o += isz, arr_iter_next(&ii, &iv))
                memcpy(o, ii.p, (size_t)isz);
        }
    }
    return v_obj(r);
}

int arr_setitem(Interp *I, Value self, Value key, Value val) {
    /* basic indexing makes a view and assigns into it, which the backend does where the
     * data is (z[0] = x writes one element on the device); advanced indexing runs here on
     * the host */
    Array *a = arr_raw(self);
    if (is_null(val)) {
        err_format(I, TY_VALUE_ERROR, "cannot delete array elements");
        return -1;
    }
    if (arr_check_writeable(I, a, false) < 0) return -1;
    if (needs_fancy(I, key)) {
        Value args[3] = {self, key, val};
        return is_null(call_fancy(I, "_fancy_setitem", 3, args)) ? -1 : 0;
    }
    int axis;
    Value adv = V_NULL;
    Array *v = basic_index(I, a, key, &axis, &adv);
    if (!v) return -1;
    if (axis < 0) return arr_assign(I, v, val);
    if (arr_host_write(I, a) < 0) return -1;
    Array *sm = simple_mask(I, v, axis, adv);
    if (sm && sm->ndim == v->ndim && (is_float(val) || is_smallint(val) || is_bool(val))) {
        char buf[8];
        if (arr_store_value(I, buf, v->dtype, val) < 0) return -1;
        arr_mask_fill(v->data, buf, (const uint8_t *)sm->data, sm->size,
                      (size_t)arr_dtypes[v->dtype].size);
        return 0;
    }
    bool mask;
    Array *pos = adv_positions(I, adv, v->shape[axis], axis, v, &mask);
    if (!pos) return -1;
    if (mask && pos->dtype == DT_BOOL) {
        if (!arr_is_contiguous(v)) {
            err_format(I, TY_INDEX_ERROR,
                       "krait: multi-dimensional mask assignment needs a "
                       "contiguous array");
            return -1;
        }
        v = mask_flat(I, v, axis, pos, &pos);
        if (!v) return -1;
    }
    /* Build the indexed shape, broadcast the value to it, then scatter element blocks. */
    int64_t shape[ARR_MAXDIM];
    int nd = 0;
    for (int d = 0; d < axis; d++)
        shape[nd++] = v->shape[d];
    for (int d = 0; d < pos->ndim; d++)
        shape[nd++] = pos->shape[d];
    for (int d = axis + 1; d < v->ndim; d++)
        shape[nd++] = v->shape[d];
    Array *src = arr_new(I, v->dtype, nd, shape);
    if (!src || arr_assign(I, src, val) < 0) return -1;
    int64_t outer = 1, inner_n = 1;
    for (int d = 0; d < axis; d++)
        outer *= v->shape[d];
    for (int d = axis + 1; d < v->ndim; d++)
        inner_n *= v->shape[d];
    const int64_t *q = (const int64_t *)pos->data;
    int isz = arr_dtypes[v->dtype].size;
    const char *s = src->data;
    Array ov = *v;
    ov.ndim = axis;
    Array iv = *v;
    iv.ndim = v->ndim - axis - 1;
    memmove(iv.shape, v->shape + axis + 1, sizeof(int64_t) * (size_t)iv.ndim);
    memmove(iv.strides, v->strides + axis + 1, sizeof(int64_t) * (size_t)iv.ndim);
    ArrIter io;
    arr_iter_init(&io, &ov);
    for (int64_t i = 0; i < outer; i++, arr_iter_next(&io, &ov)) {
        for (int64_t j = 0; j < pos->size; j++) {
            iv.data = io.p + q[j] * v->strides[axis];
            ArrIter ii;
            arr_iter_init(&ii, &iv);
            for (int64_t k = 0; k < inner_n; k++, s += isz, arr_iter_next(&ii, &iv))
                memcpy(ii.p, s, (size_t)isz);
        }
    }
    return 0;
}
