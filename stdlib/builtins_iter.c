/* builtins_iter.c: the builtins that consume an iterable: min, max, sum, sorted, any, all.
 * The lazy ones (enumerate, zip, map, filter, reversed) are types, in vm/iter.c. */
#include <string.h>

#include "../vm/overflow.h"
#include "builtins.h"

/* The loops here drop what each iteration left on the temporary-root stack (gc.h) and root
 * again only what they keep (the best so far, the sum so far): the stack stays small however
 * long the iterable, instead of growing by an entry per item outside the memory limit. */

/* min() and max(): one iterable or several positional arguments, key= and default=. */
static Value minmax(Interp *I, int argc, Value *argv, Tuple *kwnames, int op, const char *name) {
    Value key = V_NULL, deflt = V_NULL;
    int nkw = kwnames ? (int)kwnames->len : 0;
    for (int i = 0; i < nkw; i++) {
        const char *k = as_str(kwnames->items[i])->data;
        if (strcmp(k, "key") == 0)
            key = argv[argc + i];
        else if (strcmp(k, "default") == 0)
            deflt = argv[argc + i];
        else
            return err_format(I, TY_TYPE_ERROR, "'%s' is an invalid keyword argument for %s()", k,
                              name);
    }
    if (argc == 0)
        return err_format(I, TY_TYPE_ERROR, "%s expected at least 1 argument, got 0", name);
    if (argc > 1 && !is_null(deflt))
        return err_format(I, TY_TYPE_ERROR,
                          "Cannot specify a default for %s() with multiple positional arguments",
                          name);
    if (is_none(key)) key = V_NULL;
    Value it;
    if (argc == 1) {
        it = obj_iter(I, argv[0]);
    } else {
        Tuple *t = tuple_from_array(I, argv, (size_t)argc);
        it = t ? obj_iter(I, v_obj(t)) : V_NULL;
    }
    if (is_null(it)) return V_NULL;
    if (!gc_temp_push(I, it)) return err_nomem(I);
    size_t mark = gc_temp_mark(I);
    Value best = V_NULL, best_key = V_NULL;
    for (;;) {
        Value item;
        int got = obj_next_item(I, it, &item);
        if (got < 0) return V_NULL;
        if (got == 0) break;
        Value k = item;
        if (!is_null(key)) {
            k = obj_call(I, key, 1, &item, NULL);
            if (is_null(k)) return V_NULL;
        }
        if (is_null(best)) {
            best = item;
            best_key = k;
        } else {
            int better = obj_compare_bool(I, k, best_key, op);
            if (better < 0) return V_NULL;
            if (better) {
                best = item;
                best_key = k;
            }
        }
        /* Keep the current best alive across the next iteration's allocations. */
        gc_temp_reset(I, mark);
        if (!gc_temp_push(I, best) || !gc_temp_push(I, best_key)) return err_nomem(I);
    }
    if (is_null(best)) {
        if (!is_null(deflt)) return deflt;
        return err_format(I, TY_VALUE_ERROR, "%s() arg is an empty sequence", name);
    }
    return best;
}

static Value bi_min(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    return minmax(I, argc, argv, kwnames, CMP_LT, "min");
}

static Value bi_max(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    return minmax(I, argc, argv, kwnames, CMP_GT, "max");
}

static Value bi_sum(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    static const char *const names[] = {"iterable", "start"};
    Value a[2];
    if (!arg_parse(I, "sum", argc, argv, kwnames, names, 2, 1, 2, a)) return V_NULL;
    Value acc = is_null(a[1]) ? v_int(0) : a[1];
    if (is_str(I, acc))
        return err_format(I, TY_TYPE_ERROR, "sum() can't sum strings [use ''.join(seq) instead]");
    if (is_bytes(I, acc))
        return err_format(I, TY_TYPE_ERROR, "sum() can't sum bytes [use b''.join(seq) instead]");
    if (is_obj(acc) && as_obj(acc)->type == I->types[TY_BYTEARRAY])
        return err_format(I, TY_TYPE_ERROR,
                          "sum() can't sum bytearray [use b''.join(seq) instead]");
    Value it = obj_iter(I, a[0]);
    if (is_null(it)) return V_NULL;
    if (!gc_temp_push(I, it)) return err_nomem(I);
    size_t mark = gc_temp_mark(I);
    for (;;) {
        Value item;
        int got = obj_next_item(I, it, &item);
        if (got < 0) return V_NULL;
        if (got == 0) return acc;
        /* Small-int and float fast paths; everything else through the operator. */
        if (is_smallint(acc) && is_smallint(item)) {
            int64_t r;
            if (!i64_add_overflow(acc.as.i, item.as.i, &r)) {
                acc = v_int(r);
                continue;
            }
        } else if (is_float(acc) && is_float(item)) {
            acc = v_float(acc.as.f + item.as.f);
            continue;
        }
        acc = obj_binop(I, acc, item, BIN_ADD);
        if (is_null(acc)) return V_NULL;
        gc_temp_reset(I, mark);
        if (!gc_temp_push(I, acc)) return err_nomem(I);
    }
}

static Value bi_sorted(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    int nkw = kwnames ? (int)kwnames->len : 0;
    if (argc != 1) return err_format(I, TY_TYPE_ERROR, "sorted expected 1 argument, got %d", argc);
    Value key = V_NONE;
    bool reverse = false;
    for (int i = 0; i < nkw; i++) {
        const char *k = as_str(kwnames->items[i])->data;
        Value v = argv[argc + i];
        if (strcmp(k, "key") == 0) {
            key = v;
        } else if (strcmp(k, "reverse") == 0) {
            int r = obj_truthy(I, v);
            if (r < 0) return V_NULL;
            reverse = r;
        } else {
            return err_format(I, TY_TYPE_ERROR, "'%s' is an invalid keyword argument for sort()",
                              k);
        }
    }
    List *l = list_from_iter(I, argv[0]);
    if (!l || !list_sort(I, l, key, reverse)) return V_NULL;
    return v_obj(l);
}

static Value any_all(Interp *I, int argc, Value *argv, Tuple *kwnames, bool want,
                     const char *name) {
    if (!arg_no_kw(I, name, kwnames)) return V_NULL;
    if (argc != 1)
        return err_format(I, TY_TYPE_ERROR, "%s() takes exactly one argument (%d given)", name,
                          argc);
    Value it = obj_iter(I, argv[0]);
    if (is_null(it)) return V_NULL;
    if (!gc_temp_push(I, it)) return err_nomem(I);
    size_t mark = gc_temp_mark(I);
    for (;;) {
        gc_temp_reset(I, mark);
        Value item;
        int got = obj_next_item(I, it, &item);
        if (got < 0) return V_NULL;
        if (got == 0) return v_bool(!want);
        int t = obj_truthy(I, item);
        if (t < 0) return V_NULL;
        if ((bool)t == want) return v_bool(want);
    }
}

static Value bi_any(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    return any_all(I, argc, argv, kwnames, true, "any");
}

static Value bi_all(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    return any_all(I, argc, argv, kwnames, false, "all");
}

const MethodDef builtin_iter_functions[] = {
    {"min", bi_min, 0}, {"max", bi_max, 0}, {"sum", bi_sum, 0}, {"sorted", bi_sorted, 0},
    {"any", bi_any, 0}, {"all", bi_all, 0}, {NULL, NULL, 0},
};
