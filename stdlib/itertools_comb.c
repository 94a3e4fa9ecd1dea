/* itertools_comb.c: the combinatoric iterators product, permutations, combinations and
 * combinations_with_replacement, following the index algorithms of CPython's
 * itertoolsmodule.c (so the output order is the same). State list:
 * [pool tuple (product: list of pool tuples), indices list, cycles list, phase, r], phase
 * 0 before the first result, 1 running, 2 exhausted; the index lists hold small ints that
 * are updated in place. */
#include <string.h>

#include "itertools_impl.h"

enum { S_POOL, S_IDX, S_CYC, S_PHASE, S_R, S__COUNT };

static List *index_list(Interp *I, size_t n, int64_t fill, bool ascending) {
    List *l = list_new(I, n);
    if (!l) return NULL;
    for (size_t i = 0; i < n; i++)
        if (!list_append(I, l, v_int(ascending ? (int64_t)i : fill))) return NULL;
    return l;
}

#define IDX(list, at) ((list)->items[at].as.i)

static Value result_from_indices(Interp *I, Tuple *pool, List *idx, size_t r) {
    Tuple *t = tuple_new(I, r);
    if (!t) return V_NULL;
    for (size_t i = 0; i < r; i++)
        t->items[i] = pool->items[IDX(idx, i)];
    return v_obj(t);
}

static bool r_arg(Interp *I, Value v, int64_t *out) {
    if (obj_index(I, v, out) < 0) return false;
    if (*out < 0) {
        err_format(I, TY_VALUE_ERROR, "r must be non-negative");
        return false;
    }
    return true;
}

/* combinations, combinations_with_replacement, permutations share their set-up. */
static List *comb_init(Interp *I, int argc, Value *argv, Tuple *kwnames, const char *name,
                       bool r_required) {
    static const char *const names[] = {"iterable", "r"};
    Value a[2];
    if (!arg_parse(I, name, argc - 1, argv + 1, kwnames, names, 2, r_required ? 2 : 1, 2, a))
        return NULL;
    Tuple *pool = tuple_from_iter(I, a[0]);
    if (!pool || !gc_temp_push(I, v_obj(pool))) return NULL;
    int64_t r = (int64_t)pool->len;
    if (!is_null(a[1]) && !is_none(a[1]) && !r_arg(I, a[1], &r)) return NULL;
    List *st = itertools_new_state(I, argv[0], S__COUNT);
    if (!st) return NULL;
    st->items[S_POOL] = v_obj(pool);
    st->items[S_PHASE] = v_int(0);
    st->items[S_R] = v_int(r);
    return st;
}

/* combinations and combinations_with_replacement: r indices, 0..r-1 or all 0. */
static Value comb_init_indices(Interp *I, int argc, Value *argv, Tuple *kwnames, const char *name,
                               bool ascending) {
    List *st = comb_init(I, argc, argv, kwnames, name, true);
    List *idx = st ? index_list(I, (size_t)st->items[S_R].as.i, 0, ascending) : NULL;
    if (!idx) return V_NULL;
    st->items[S_IDX] = v_obj(idx);
    return V_NONE;
}

static Value comb_exhausted(Interp *I, List *st) {
    st->items[S_PHASE] = v_int(2);
    return itertools_done(I);
}

static Value combinations_init(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    return comb_init_indices(I, argc, argv, kwnames, "combinations", true);
}

static Value combinations_next(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    List *st = itertools_state(I, argv[0]);
    if (!st) return V_NULL;
    Tuple *pool = as_tuple(st->items[S_POOL]);
    List *idx = as_list(st->items[S_IDX]);
    int64_t n = (int64_t)pool->len, r = st->items[S_R].as.i;
    int64_t phase = st->items[S_PHASE].as.i;
    if (phase == 2 || r > n) return itertools_done(I);
    if (phase == 0) {
        st->items[S_PHASE] = v_int(1);
        return result_from_indices(I, pool, idx, (size_t)r);
    }
    int64_t i = r - 1;
    while (i >= 0 && IDX(idx, i) == i + n - r)
        i--;
    if (i < 0) return comb_exhausted(I, st);
    IDX(idx, i)++;
    for (int64_t j = i + 1; j < r; j++)
        IDX(idx, j) = IDX(idx, j - 1) + 1;
    return result_from_indices(I, pool, idx, (size_t)r);
}

static Value cwr_init(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    return comb_init_indices(I, argc, argv, kwnames, "combinations_with_replacement", false);
}

static Value cwr_next(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    List *st = itertools_state(I, argv[0]);
    if (!st) return V_NULL;
    Tuple *pool = as_tuple(st->items[S_POOL]);
    List *idx = as_list(st->items[S_IDX]);
    int64_t n = (int64_t)pool->len, r = st->items[S_R].as.i;
    int64_t phase = st->items[S_PHASE].as.i;
    if (phase == 2 || (n == 0 && r > 0)) return itertools_done(I);
    if (phase == 0) {
        st->items[S_PHASE] = v_int(1);
        return result_from_indices(I, pool, idx, (size_t)r);
    }
    int64_t i = r - 1;
    while (i >= 0 && IDX(idx, i) == n - 1)
        i--;
    if (i < 0) return comb_exhausted(I, st);
    int64_t v = IDX(idx, i) + 1;
    for (int64_t j = i; j < r; j++)
        IDX(idx, j) = v;
    return result_from_indices(I, pool, idx, (size_t)r);
}

static Value permutations_init(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    List *st = comb_init(I, argc, argv, kwnames, "permutations", false);
    if (!st) return V_NULL;
    int64_t n = (int64_t)as_tuple(st->items[S_POOL])->len, rr = st->items[S_R].as.i;
    List *idx = index_list(I, (size_t)n, 0, true);
    List *cyc = idx ? list_new(I, 0) : NULL;
    if (!cyc) return V_NULL;
    for (int64_t i = 0; i < rr && i < n; i++)
        if (!list_append(I, cyc, v_int(n - i))) return V_NULL;
    st->items[S_IDX] = v_obj(idx);
    st->items[S_CYC] = v_obj(cyc);
    return V_NONE;
}

static Value permutations_next(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    List *st = itertools_state(I, argv[0]);
    if (!st) return V_NULL;
    Tuple *pool = as_tuple(st->items[S_POOL]);
    List *idx = as_list(st->items[S_IDX]), *cyc = as_list(st->items[S_CYC]);
    int64_t n = (int64_t)pool->len, r = st->items[S_R].as.i;
    int64_t phase = st->items[S_PHASE].as.i;
    if (phase == 2 || r > n) return itertools_done(I);
    if (phase == 0) {
        st->items[S_PHASE] = v_int(1);
        return result_from_indices(I, pool, idx, (size_t)r);
    }
    if (n == 0) return comb_exhausted(I, st);
    for (int64_t i = r - 1; i >= 0; i--) {
        IDX(cyc, i)--;
        if (IDX(cyc, i) == 0) {
            /* rotate indices[i:] left by one */
            int64_t first = IDX(idx, i);
            for (int64_t j = i; j < n - 1; j++)
                IDX(idx, j) = IDX(idx, j + 1);
            IDX(idx, n - 1) = first;
            IDX(cyc, i) = n - i;
        } else {
            int64_t j = IDX(cyc, i);
            int64_t tmp = IDX(idx, i);
            IDX(idx, i) = IDX(idx, n - j);
            IDX(idx, n - j) = tmp;
            return result_from_indices(I, pool, idx, (size_t)r);
        }
    }
    return comb_exhausted(I, st);
}

/* product: S_POOL holds a tuple of pools (tuples). */
static Value product_init(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    int64_t repeat = 1;
    size_t nkw = kwnames ? kwnames->len : 0;
    for (size_t k = 0; k < nkw; k++) {
        if (strcmp(as_str(kwnames->items[k])->data, "repeat") != 0)
            return err_format(I, TY_TYPE_ERROR, "product() got an unexpected keyword argument '%s'",
                              as_str(kwnames->items[k])->data);
        if (obj_index(I, argv[argc + (int)k], &repeat) < 0) return V_NULL;
        if (repeat < 0) return err_format(I, TY_VALUE_ERROR, "repeat argument cannot be negative");
    }
    size_t nargs = (size_t)argc - 1;
    /* CPython's bound (its index array is nargs * repeat words); the product of the two
     * would otherwise wrap */
    if (repeat && nargs > (size_t)(INT64_MAX / 8) / (size_t)repeat)
        return err_format(I, TY_OVERFLOW_ERROR, "repeat argument too large");
    Tuple *pools = tuple_new(I, nargs * (size_t)repeat);
    if (!pools || !gc_temp_push(I, v_obj(pools))) return V_NULL;
    for (size_t i = 0; i < nargs; i++) {
        Tuple *p = tuple_from_iter(I, argv[1 + i]);
        if (!p) return V_NULL;
        for (int64_t k = 0; k < repeat; k++)
            pools->items[(size_t)k * nargs + i] = v_obj(p);
    }
    List *idx = index_list(I, pools->len, 0, false);
    List *st = idx ? itertools_new_state(I, argv[0], S__COUNT) : NULL;
    if (!st) return V_NULL;
    st->items[S_POOL] = v_obj(pools);
    st->items[S_IDX] = v_obj(idx);
    st->items[S_PHASE] = v_int(0);
    return V_NONE;
}

static Value product_result(Interp *I, Tuple *pools, List *idx) {
    Tuple *t = tuple_new(I, pools->len);
    if (!t) return V_NULL;
    for (size_t i = 0; i < pools->len; i++)
        t->items[i] = as_tuple(pools->items[i])->items[IDX(idx, i)];
    return v_obj(t);
}

static Value product_next(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    List *st = itertools_state(I, argv[0]);
    if (!st) return V_NULL;
    Tuple *pools = as_tuple(st->items[S_POOL]);
    List *idx = as_list(st->items[S_IDX]);
    int64_t phase = st->items[S_PHASE].as.i;
    if (phase == 2) return itertools_done(I);
    if (phase == 0) {
        for (size_t i = 0; i < pools->len; i++)
            if (as_tuple(pools->items[i])->len == 0) return comb_exhausted(I, st);
        st->items[S_PHASE] = v_int(1);
        return product_result(I, pools, idx);
    }
    int64_t i = (int64_t)pools->len - 1;
    for (; i >= 0; i--) {
        IDX(idx, i)++;
        if ((size_t)IDX(idx, i) < as_tuple(pools->items[i])->len) break;
        IDX(idx, i) = 0;
    }
    if (i < 0) return comb_exhausted(I, st);
    return product_result(I, pools, idx);
}

static const MethodDef product_methods[] = {
    {"__init__", product_init, 0}, {"__next__", product_next, 0}, {NULL, NULL, 0}};
static const MethodDef permutations_methods[] = {
    {"__init__", permutations_init, 0}, {"__next__", permutations_next, 0}, {NULL, NULL, 0}};
static const MethodDef combinations_methods[] = {
    {"__init__", combinations_init, 0}, {"__next__", combinations_next, 0}, {NULL, NULL, 0}};
static const MethodDef cwr_methods[] = {
    {"__init__", cwr_init, 0}, {"__next__", cwr_next, 0}, {NULL, NULL, 0}};

const ItertoolsClass itertools_comb_classes[] = {
    {"product", product_methods},
    {"permutations", permutations_methods},
    {"combinations", combinations_methods},
    {"combinations_with_replacement", cwr_methods},
    {NULL, NULL},
};
