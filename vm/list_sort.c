/* list_sort.c: list.sort and sorted(): a stable merge sort.
 *
 * The sort works on a permutation of indices rather than on the values, so the values and
 * their keys stay in two GC-visible tuples for the whole sort (a comparison may run Python
 * code, which may allocate and collect), and an exception leaves the list unchanged, which
 * is one of the permutations CPython allows. Like CPython, the list is emptied while the
 * sort runs so that mutation from a key or __lt__ is detected ("list modified during
 * sort"). Runs that are already ordered are detected by the merge step, so sorted input
 * costs n-1 comparisons; homogeneous lists of small ints, floats or strs compare in C, and
 * so do tuples by a small-int first item until two tie. */
#include <string.h>

#include "error.h"
#include "gc.h"
#include "number.h"
#include "seq.h"
#include "str.h"

enum { SORT_GENERIC, SORT_INT, SORT_FLOAT, SORT_STR, SORT_TUPLE_INT };
#define SORT_POLL_MIN 4096

/* One item being sorted: its index in the values/keys tuples, with the part of its key
 * the C comparisons need copied alongside, so comparing does not chase the index. */
typedef struct SortEnt {
    union {
        int64_t i; /* SORT_INT; SORT_TUPLE_INT: the tuple's first item */
        double f;
        Str *s;
    } k;
    size_t idx;
} SortEnt;

typedef struct Sorter {
    Interp *I;
    const Value *keys;
    int kind;
    SortEnt *tmp;
} Sorter;

/* a's key < b's key: 1, 0, or -1 on error. */
static inline int sort_lt(Sorter *s, const SortEnt *a, const SortEnt *b) {
    switch (s->kind) {
    case SORT_INT: return a->k.i < b->k.i;
    case SORT_FLOAT: return a->k.f < b->k.f;
    case SORT_STR: return str_compare(a->k.s, b->k.s) < 0;
    case SORT_TUPLE_INT:
        /* Tuples compare at their first differing item: only a tie needs the rest. */
        if (a->k.i != b->k.i) return a->k.i < b->k.i;
        return obj_compare_bool(s->I, s->keys[a->idx], s->keys[b->idx], CMP_LT);
    default: return obj_compare_bool(s->I, s->keys[a->idx], s->keys[b->idx], CMP_LT);
    }
}

static bool sort_insertion(Sorter *s, SortEnt *p, size_t n) {
    for (size_t i = 1; i < n; i++) {
        SortEnt v = p[i];
        /* binary search for the insertion point after equal elements (stability) */
        size_t lo = 0, hi = i;
        while (lo < hi) {
            size_t mid = (lo + hi) / 2;
            int k = sort_lt(s, &v, &p[mid]);
            if (k < 0) return false;
            if (k)
                hi = mid;
            else
                lo = mid + 1;
        }
        memmove(p + lo + 1, p + lo, (i - lo) * sizeof(SortEnt));
        p[lo] = v;
    }
    return true;
}

static bool sort_merge(Sorter *s, SortEnt *p, size_t n) {
    if (n <= 16) return sort_insertion(s, p, n);
    size_t h = n / 2;
    if (!sort_merge(s, p, h) || !sort_merge(s, p + h, n - h)) return false;
    /* run limits and Ctrl-C reach a long sort (its C comparisons never call back): one
     * check per merge of SORT_POLL_MIN items or more, while p is still a permutation */
    if (n >= SORT_POLL_MIN && !interp_poll(s->I)) return false;
    int k = sort_lt(s, &p[h], &p[h - 1]);
    if (k <= 0) return k == 0; /* already in order */
    memcpy(s->tmp, p, h * sizeof(SortEnt));
    size_t i = 0, j = h, o = 0;
    while (i < h && j < n) {
        k = sort_lt(s, &p[j], &s->tmp[i]);
        if (k < 0) {
            /* put the pending left items back so p stays a permutation */
            memcpy(p + o, s->tmp + i, (h - i) * sizeof(SortEnt));
            memmove(p + o + (h - i), p + j, (n - j) * sizeof(SortEnt));
            return false;
        }
        p[o++] = k ? p[j++] : s->tmp[i++];
    }
    while (i < h)
        p[o++] = s->tmp[i++];
    return true;
}

static bool is_tuple_int_key(Interp *I, Value v) {
    if (!is_obj(v) || as_obj(v)->type != I->types[TY_TUPLE]) return false;
    Tuple *t = (Tuple *)as_obj(v);
    return t->len > 0 && is_smallint(t->items[0]);
}

static int sort_kind(Interp *I, const Value *keys, size_t n) {
    if (n == 0) return SORT_GENERIC;
    Type *strt = I->types[TY_STR];
    if (is_smallint(keys[0])) {
        for (size_t i = 1; i < n; i++)
            if (!is_smallint(keys[i])) return SORT_GENERIC;
        return SORT_INT;
    }
    if (is_float(keys[0])) {
        for (size_t i = 1; i < n; i++)
            if (!is_float(keys[i])) return SORT_GENERIC;
        return SORT_FLOAT;
    }
    if (is_obj(keys[0]) && as_obj(keys[0])->type == strt) {
        for (size_t i = 1; i < n; i++)
            if (!is_obj(keys[i]) || as_obj(keys[i])->type != strt) return SORT_GENERIC;
        return SORT_STR;
    }
    if (is_tuple_int_key(I, keys[0])) {
        for (size_t i = 1; i < n; i++)
            if (!is_tuple_int_key(I, keys[i])) return SORT_GENERIC;
        return SORT_TUPLE_INT;
    }
    return SORT_GENERIC;
}

bool list_sort(Interp *I, List *l, Value key, bool reverse) {
    size_t n = l->len;
    if (is_null(key)) key = V_NONE; /* both mean "no key" */
    if (n < 2 && is_none(key)) return true;
    /* Take the items out of the list: mutation during the sort is then detectable, and
     * the values live in a tuple the collector sees. */
    Tuple *vals = tuple_from_array(I, l->items, n);
    if (!vals) return false;
    Tuple *keyt = vals;
    Value *saved_items = l->items;
    size_t saved_cap = l->cap;
    l->items = NULL;
    l->len = l->cap = 0;
    bool ok = false;
    SortEnt *perm = NULL, *tmp = NULL;

    if (!is_none(key)) {
        keyt = tuple_new(I, n);
        if (!keyt) goto done;
        for (size_t i = 0; i < n; i++) {
            Value k = obj_call(I, key, 1, &vals->items[i], NULL);
            if (is_null(k)) goto done;
            keyt->items[i] = k;
        }
    }
    perm = mem_alloc(I, (n ? n : 1) * sizeof(SortEnt));
    tmp = mem_alloc(I, (n / 2 + 1) * sizeof(SortEnt));
    if (!perm || !tmp) goto done;
    Sorter s = {I, keyt->items, sort_kind(I, keyt->items, n), tmp};
    /* reverse=True: sort the reversed sequence stably, then reverse back (as CPython) */
    for (size_t i = 0; i < n; i++) {
        size_t ix = reverse ? n - 1 - i : i;
        Value k = keyt->items[ix];
        perm[i].idx = ix;
        switch (s.kind) {
        case SORT_INT: perm[i].k.i = k.as.i; break;
        case SORT_FLOAT: perm[i].k.f = k.as.f; break;
        case SORT_STR: perm[i].k.s = as_str(k); break;
        case SORT_TUPLE_INT: perm[i].k.i = ((Tuple *)as_obj(k))->items[0].as.i; break;
        default: perm[i].k.i = 0; break;
        }
    }
    if (!sort_merge(&s, perm, n)) goto done;
    ok = true;

done:
    if (l->items != NULL || l->len != 0) {
        if (l->items && !list_items_inline(l)) mem_free(I, l->items, l->cap * sizeof(Value));
        /* err_format allocates: the collector must not trace the freed array. */
        l->items = NULL;
        l->len = l->cap = 0;
        if (ok) err_format(I, TY_VALUE_ERROR, "list modified during sort");
        ok = false;
    }
    l->items = saved_items;
    l->cap = saved_cap;
    l->len = n;
    if (ok) {
        for (size_t i = 0; i < n; i++)
            l->items[reverse ? n - 1 - i : i] = vals->items[perm[i].idx];
    }
    if (perm) mem_free(I, perm, (n ? n : 1) * sizeof(SortEnt));
    if (tmp) mem_free(I, tmp, (n / 2 + 1) * sizeof(SortEnt));
    return ok;
}
