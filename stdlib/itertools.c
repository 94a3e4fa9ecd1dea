/* itertools.c: the itertools module: count, cycle, repeat, accumulate, chain, compress,
 * dropwhile, takewhile, filterfalse, islice, starmap, zip_longest and pairwise here, the
 * combinatoric ones in itertools_comb.c, groupby and tee as Python source (their
 * sub-iterators share state with a parent, which is plainer in Python). Each class is a
 * heap type with native methods; see itertools_impl.h for where instance state lives. */
#include <string.h>

#include "collections_deque.h"
#include "itertools_impl.h"
#include "classes.h"

List *itertools_state(Interp *I, Value self) {
    Dict **dp = obj_dict_ptr(I, self);
    Str *key = str_intern_cstr(I, "_state");
    Value st = (dp && *dp && key) ? dict_get_str(*dp, key) : V_NULL;
    if (is_null(st) || !is_instance(I, st, I->types[TY_LIST])) {
        err_format(I, TY_TYPE_ERROR, "'%s' object is not initialized", type_name(I, self));
        return NULL;
    }
    return as_list(st);
}

List *itertools_new_state(Interp *I, Value self, size_t n) {
    List *st = list_new(I, n);
    if (!st) return NULL;
    for (size_t i = 0; i < n; i++)
        if (!list_append(I, st, V_NONE)) return NULL;
    Str *key = str_intern_cstr(I, "_state");
    if (!key || obj_setattr(I, self, key, v_obj(st)) < 0) return NULL;
    return st;
}

Value itertools_done(Interp *I) {
    return err_stopiteration(I, V_NONE);
}

/* next(it) for an inner iterator, ending the outer one (StopIteration) when it is
 * exhausted: V_NULL always means "raised", and __next__ returns it as is. */
static Value next_or_done(Interp *I, Value it) {
    Value x;
    int got = obj_next_item(I, it, &x);
    return got > 0 ? x : got < 0 ? V_NULL : itertools_done(I);
}
#define NEXT_OR_DONE(var, it)                                                                      \
    Value var = next_or_done(I, it);                                                               \
    if (is_null(var)) return V_NULL

/* next() on the iterator in st->items[slot], which becomes None once exhausted so that
 * later calls stop without touching it again. Three-way, as obj_next_item. */
static int next_or_close(Interp *I, List *st, size_t slot, Value *out) {
    int got = obj_next_item(I, st->items[slot], out);
    if (got == 0) st->items[slot] = V_NONE;
    return got;
}

/* The common __init__ prologue: exactly nargs positional arguments and no keywords, the
 * last argument an iterable whose iterator goes in slot `slot` of fresh nstate-slot state. */
static List *init_with_iter(Interp *I, const char *name, int argc, Value *argv, Tuple *kwnames,
                            int nargs, size_t nstate, size_t slot) {
    if (!arg_no_kw(I, name, kwnames) || !arg_count(I, name, argc - 1, nargs, nargs)) return NULL;
    Value it = obj_iter(I, argv[nargs]);
    List *st = is_null(it) ? NULL : itertools_new_state(I, argv[0], nstate);
    if (st) st->items[slot] = it;
    return st;
}

/* __init__'s end for a class whose state is the two values [a, b]. */
static Value init_state2(Interp *I, Value self, Value a, Value b) {
    List *st = itertools_new_state(I, self, 2);
    if (!st) return V_NULL;
    st->items[0] = a;
    st->items[1] = b;
    return V_NONE;
}

static Value iter_self(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    return argv[0];
}

/* ---- count ---------------------------------------------------------------------- */

static Value count_init(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    static const char *const names[] = {"start", "step"};
    Value a[2];
    if (!arg_parse(I, "count", argc - 1, argv + 1, kwnames, names, 2, 0, 2, a)) return V_NULL;
    Value start = is_null(a[0]) ? v_int(0) : a[0], step = is_null(a[1]) ? v_int(1) : a[1];
    double d;
    if (!num_to_double(I, start, &d) || !num_to_double(I, step, &d)) {
        err_clear(I);
        return err_format(I, TY_TYPE_ERROR, "a number is required");
    }
    return init_state2(I, argv[0], start, step);
}

static Value count_next(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    List *st = itertools_state(I, argv[0]);
    if (!st) return V_NULL;
    Value n = st->items[0], step = st->items[1];
    if (is_smallint(n) && is_smallint(step) && n.as.i < INT64_MAX / 2 && n.as.i > INT64_MIN / 2 &&
        step.as.i < INT64_MAX / 2 && step.as.i > INT64_MIN / 2) {
        st->items[0] = v_int(n.as.i + step.as.i);
        return n;
    }
    Value next = obj_binop(I, n, step, BIN_ADD);
    if (is_null(next)) return V_NULL;
    st->items[0] = next;
    return n;
}

static Value count_repr(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    List *st = itertools_state(I, argv[0]);
    if (!st) return V_NULL;
    StrBuf b;
    sb_init(&b);
    sb_append_cstr(I, &b, type_name(I, argv[0]));
    sb_append_char(I, &b, '(');
    if (!sb_append_repr(I, &b, st->items[0])) return sb_free(I, &b), V_NULL;
    Value step = st->items[1];
    if (!(is_smallint(step) && step.as.i == 1)) {
        sb_append_cstr(I, &b, ", ");
        if (!sb_append_repr(I, &b, step)) return sb_free(I, &b), V_NULL;
    }
    sb_append_char(I, &b, ')');
    Str *s = sb_finish(I, &b);
    return s ? v_obj(s) : V_NULL;
}

static const MethodDef count_methods[] = {{"__init__", count_init, 0},
                                          {"__next__", count_next, 0},
                                          {"__repr__", count_repr, 0},
                                          {NULL, NULL, 0}};

/* ---- cycle: [iterator or None once exhausted, saved list, index] --------------------- */

static Value cycle_init(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    List *st = init_with_iter(I, "cycle", argc, argv, kwnames, 1, 3, 0);
    List *saved = st ? list_new(I, 0) : NULL;
    if (!saved) return V_NULL;
    st->items[1] = v_obj(saved);
    st->items[2] = v_int(0);
    return V_NONE;
}

static Value cycle_next(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    List *st = itertools_state(I, argv[0]);
    if (!st) return V_NULL;
    List *saved = as_list(st->items[1]);
    if (!is_none(st->items[0])) {
        Value x;
        int got = obj_next_item(I, st->items[0], &x);
        if (got > 0) return list_append(I, saved, x) ? x : V_NULL;
        if (got < 0) return V_NULL;
        st->items[0] = V_NONE;
    }
    if (saved->len == 0) return itertools_done(I);
    int64_t i = st->items[2].as.i % (int64_t)saved->len;
    st->items[2] = v_int(i + 1);
    return saved->items[i];
}

static const MethodDef cycle_methods[] = {
    {"__init__", cycle_init, 0}, {"__next__", cycle_next, 0}, {NULL, NULL, 0}};

/* ---- repeat: [object, remaining or None] -------------------------------------------- */

static Value repeat_init(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    static const char *const names[] = {"object", "times"};
    Value a[2];
    if (!arg_parse(I, "repeat", argc - 1, argv + 1, kwnames, names, 2, 1, 2, a)) return V_NULL;
    Value times = V_NONE;
    if (!is_null(a[1])) {
        int64_t n;
        if (obj_index(I, a[1], &n) < 0) return V_NULL;
        times = v_int(n < 0 ? 0 : n);
    }
    return init_state2(I, argv[0], a[0], times);
}

static Value repeat_next(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    List *st = itertools_state(I, argv[0]);
    if (!st) return V_NULL;
    if (!is_none(st->items[1])) {
        if (st->items[1].as.i <= 0) return itertools_done(I);
        st->items[1].as.i--;
    }
    return st->items[0];
}

static Value repeat_repr(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    List *st = itertools_state(I, argv[0]);
    if (!st) return V_NULL;
    StrBuf b;
    sb_init(&b);
    sb_append_cstr(I, &b, type_name(I, argv[0]));
    sb_append_char(I, &b, '(');
    if (!sb_append_repr(I, &b, st->items[0])) return sb_free(I, &b), V_NULL;
    if (!is_none(st->items[1])) sb_appendf(I, &b, ", %lld", (long long)st->items[1].as.i);
    sb_append_char(I, &b, ')');
    Str *s = sb_finish(I, &b);
    return s ? v_obj(s) : V_NULL;
}

static Value repeat_length_hint(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    List *st = itertools_state(I, argv[0]);
    if (!st) return V_NULL;
    if (is_none(st->items[1])) return err_format(I, TY_TYPE_ERROR, "len() of unsized object");
    return st->items[1];
}

static const MethodDef repeat_methods[] = {{"__init__", repeat_init, 0},
                                           {"__next__", repeat_next, 0},
                                           {"__repr__", repeat_repr, 0},
                                           {"__length_hint__", repeat_length_hint, 0},
                                           {NULL, NULL, 0}};

/* ---- accumulate: [iterator, func or None, total (None before the first), started] ---- */

static Value accumulate_init(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    static const char *const names[] = {"iterable", "func", "initial"};
    Value a[3];
    if (!arg_parse(I, "accumulate", argc - 1, argv + 1, kwnames, names, 3, 1, 2, a)) return V_NULL;
    Value it = obj_iter(I, a[0]);
    List *st = is_null(it) ? NULL : itertools_new_state(I, argv[0], 5);
    if (!st) return V_NULL;
    st->items[0] = it;
    st->items[1] = is_null(a[1]) ? V_NONE : a[1];
    st->items[2] = V_NONE;
    st->items[3] = V_FALSE;                                           /* a total exists */
    st->items[4] = is_null(a[2]) || is_none(a[2]) ? V_FALSE : V_TRUE; /* initial pending */
    if (st->items[4].as.i) st->items[2] = a[2];
    return V_NONE;
}

static Value accumulate_next(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    List *st = itertools_state(I, argv[0]);
    if (!st) return V_NULL;
    if (st->items[4].as.i) {
        st->items[4] = V_FALSE;
        st->items[3] = V_TRUE;
        return st->items[2];
    }
    NEXT_OR_DONE(x, st->items[0]);
    if (!st->items[3].as.i) {
        st->items[3] = V_TRUE;
        st->items[2] = x;
        return x;
    }
    Value total;
    if (is_none(st->items[1])) {
        total = obj_binop(I, st->items[2], x, BIN_ADD);
    } else {
        Value args[2] = {st->items[2], x};
        total = obj_call(I, st->items[1], 2, args, NULL);
    }
    if (is_null(total)) return V_NULL;
    st->items[2] = total;
    return total;
}

static const MethodDef accumulate_methods[] = {
    {"__init__", accumulate_init, 0}, {"__next__", accumulate_next, 0}, {NULL, NULL, 0}};

/* ---- chain: [iterator over the iterables, current iterator or None] ----------------- */

static Value chain_init(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "chain", kwnames)) return V_NULL;
    Tuple *args = tuple_from_array(I, argv + 1, (size_t)argc - 1);
    Value src = args ? obj_iter(I, v_obj(args)) : V_NULL;
    List *st = is_null(src) ? NULL : itertools_new_state(I, argv[0], 2);
    if (!st) return V_NULL;
    st->items[0] = src;
    return V_NONE;
}

static Value chain_from_iterable(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "from_iterable", kwnames) || !arg_count(I, "from_iterable", argc - 1, 1, 1))
        return V_NULL;
    Value self = object_alloc(I, (Type *)as_obj(argv[0]));
    if (is_null(self) || !gc_temp_push(I, self)) return V_NULL;
    Value src = obj_iter(I, argv[1]);
    List *st = is_null(src) ? NULL : itertools_new_state(I, self, 2);
    if (!st) return V_NULL;
    st->items[0] = src;
    return self;
}

static Value chain_next(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    List *st = itertools_state(I, argv[0]);
    if (!st) return V_NULL;
    for (;;) {
        if (is_none(st->items[0])) return itertools_done(I);
        if (!is_none(st->items[1])) {
            Value x;
            int got = obj_next_item(I, st->items[1], &x);
            if (got > 0) return x;
            if (got < 0) return V_NULL;
            st->items[1] = V_NONE;
        }
        Value next_iterable;
        int got = next_or_close(I, st, 0, &next_iterable);
        if (got <= 0) return got < 0 ? V_NULL : itertools_done(I);
        Value it = obj_iter(I, next_iterable);
        if (is_null(it)) return V_NULL;
        st->items[1] = it;
    }
}

static const MethodDef chain_methods[] = {{"__init__", chain_init, 0},
                                          {"__next__", chain_next, 0},
                                          {"from_iterable", chain_from_iterable, METH_CLASS},
                                          {NULL, NULL, 0}};

/* ---- compress: [data iterator, selector iterator] ----------------------------------- */

static Value compress_init(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    static const char *const names[] = {"data", "selectors"};
    Value a[2];
    if (!arg_parse(I, "compress", argc - 1, argv + 1, kwnames, names, 2, 2, 2, a)) return V_NULL;
    Value d = obj_iter(I, a[0]);
    Value s = is_null(d) ? V_NULL : obj_iter(I, a[1]);
    return is_null(s) ? V_NULL : init_state2(I, argv[0], d, s);
}

static Value compress_next(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    List *st = itertools_state(I, argv[0]);
    if (!st) return V_NULL;
    for (;;) {
        NEXT_OR_DONE(x, st->items[0]);
        if (!gc_temp_push(I, x)) return V_NULL;
        NEXT_OR_DONE(sel, st->items[1]);
        int t = obj_truthy(I, sel);
        if (t < 0) return V_NULL;
        if (t) return x;
    }
}

static const MethodDef compress_methods[] = {
    {"__init__", compress_init, 0}, {"__next__", compress_next, 0}, {NULL, NULL, 0}};

/* ---- dropwhile, takewhile, filterfalse: [predicate, iterator, flag] ------------------ */

static Value pred_init(Interp *I, int argc, Value *argv, Tuple *kwnames, const char *name) {
    List *st = init_with_iter(I, name, argc, argv, kwnames, 2, 3, 1);
    if (!st) return V_NULL;
    st->items[0] = argv[1];
    st->items[2] = V_FALSE;
    return V_NONE;
}

static int pred_test(Interp *I, Value pred, Value x) {
    if (is_none(pred)) return obj_truthy(I, x);
    Value r = obj_call(I, pred, 1, &x, NULL);
    return is_null(r) ? -1 : obj_truthy(I, r);
}

static Value dropwhile_init(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    return pred_init(I, argc, argv, kwnames, "dropwhile");
}

static Value dropwhile_next(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    List *st = itertools_state(I, argv[0]);
    if (!st) return V_NULL;
    for (;;) {
        NEXT_OR_DONE(x, st->items[1]);
        if (st->items[2].as.i) return x;
        if (!gc_temp_push(I, x)) return V_NULL;
        int t = pred_test(I, st->items[0], x);
        if (t < 0) return V_NULL;
        if (!t) {
            st->items[2] = V_TRUE;
            return x;
        }
    }
}

static Value takewhile_init(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    return pred_init(I, argc, argv, kwnames, "takewhile");
}

static Value takewhile_next(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    List *st = itertools_state(I, argv[0]);
    if (!st) return V_NULL;
    if (st->items[2].as.i) return itertools_done(I);
    NEXT_OR_DONE(x, st->items[1]);
    if (!gc_temp_push(I, x)) return V_NULL;
    int t = pred_test(I, st->items[0], x);
    if (t < 0) return V_NULL;
    if (t) return x;
    st->items[2] = V_TRUE;
    return itertools_done(I);
}

static Value filterfalse_init(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    return pred_init(I, argc, argv, kwnames, "filterfalse");
}

static Value filterfalse_next(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    List *st = itertools_state(I, argv[0]);
    if (!st) return V_NULL;
    for (;;) {
        NEXT_OR_DONE(x, st->items[1]);
        if (!gc_temp_push(I, x)) return V_NULL;
        int t = pred_test(I, st->items[0], x);
        if (t < 0) return V_NULL;
        if (!t) return x;
    }
}

static const MethodDef dropwhile_methods[] = {
    {"__init__", dropwhile_init, 0}, {"__next__", dropwhile_next, 0}, {NULL, NULL, 0}};
static const MethodDef takewhile_methods[] = {
    {"__init__", takewhile_init, 0}, {"__next__", takewhile_next, 0}, {NULL, NULL, 0}};
static const MethodDef filterfalse_methods[] = {
    {"__init__", filterfalse_init, 0}, {"__next__", filterfalse_next, 0}, {NULL, NULL, 0}};

/* ---- islice: [iterator, next index to yield, stop (-1: none), step, consumed] --------- */

static bool islice_arg(Interp *I, Value v, int64_t *out, const char *msg) {
    if (is_none(v)) return true;
    int64_t n;
    if (!is_int(I, v) && !type_of(I, v)->slots.index) {
        err_format(I, TY_VALUE_ERROR, "%s", msg);
        return false;
    }
    if (obj_index(I, v, &n) < 0) return false;
    if (n < 0) {
        err_format(I, TY_VALUE_ERROR, "%s", msg);
        return false;
    }
    *out = n;
    return true;
}

static Value islice_init(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "islice", kwnames) || !arg_count(I, "islice", argc - 1, 2, 4)) return V_NULL;
    const char *idx_msg = "Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.";
    int64_t start = 0, stop = -1, step = 1;
    if (argc == 3) {
        if (!islice_arg(I, argv[2], &stop,
                        "Stop argument for islice() must be None or an integer: "
                        "0 <= x <= sys.maxsize."))
            return V_NULL;
    } else {
        if (!islice_arg(I, argv[2], &start, idx_msg) || !islice_arg(I, argv[3], &stop, idx_msg))
            return V_NULL;
        if (argc == 5) {
            const char *step_msg = "Step for islice() must be a positive integer or None.";
            int64_t s = -1;
            if (!is_none(argv[4])) {
                if (!islice_arg(I, argv[4], &s, step_msg)) return V_NULL;
                if (s == 0) return err_format(I, TY_VALUE_ERROR, "%s", step_msg);
            }
            if (s > 0) step = s;
        }
    }
    Value it = obj_iter(I, argv[1]);
    List *st = is_null(it) ? NULL : itertools_new_state(I, argv[0], 5);
    if (!st) return V_NULL;
    st->items[0] = it;
    st->items[1] = v_int(start);
    st->items[2] = v_int(stop);
    st->items[3] = v_int(step);
    st->items[4] = v_int(0);
    return V_NONE;
}

static Value islice_next(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    List *st = itertools_state(I, argv[0]);
    if (!st) return V_NULL;
    if (is_none(st->items[0])) return itertools_done(I);
    int64_t want = st->items[1].as.i, stop = st->items[2].as.i, step = st->items[3].as.i;
    for (;;) {
        int64_t seen = st->items[4].as.i;
        if (stop >= 0 && seen >= stop) {
            st->items[0] = V_NONE;
            return itertools_done(I);
        }
        Value x;
        int got = next_or_close(I, st, 0, &x);
        if (got <= 0) return got < 0 ? V_NULL : itertools_done(I);
        st->items[4] = v_int(seen + 1);
        if (seen == want) {
            st->items[1] = v_int(want + step);
            return x;
        }
    }
}

static const MethodDef islice_methods[] = {
    {"__init__", islice_init, 0}, {"__next__", islice_next, 0}, {NULL, NULL, 0}};

/* ---- starmap: [function, iterator] -------------------------------------------------- */

static Value starmap_init(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    List *st = init_with_iter(I, "starmap", argc, argv, kwnames, 2, 2, 1);
    if (!st) return V_NULL;
    st->items[0] = argv[1];
    return V_NONE;
}

static Value starmap_next(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    List *st = itertools_state(I, argv[0]);
    if (!st) return V_NULL;
    NEXT_OR_DONE(x, st->items[1]);
    Tuple *args;
    if (is_obj(x) && as_obj(x)->type == I->types[TY_TUPLE]) {
        args = as_tuple(x);
    } else {
        if (!gc_temp_push(I, x)) return V_NULL;
        args = tuple_from_iter(I, x);
        if (!args) {
            if (err_matches(I, TY_TYPE_ERROR)) {
                err_clear(I);
                return err_format(I, TY_TYPE_ERROR, "iterator should return iterables");
            }
            return V_NULL;
        }
    }
    return obj_call(I, st->items[0], (int)args->len, args->items, NULL);
}

static const MethodDef starmap_methods[] = {
    {"__init__", starmap_init, 0}, {"__next__", starmap_next, 0}, {NULL, NULL, 0}};

/* ---- zip_longest: [list of iterators (None once done), fillvalue, active count] ------ */

static Value zip_longest_init(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    Value fill = V_NONE;
    size_t nkw = kwnames ? kwnames->len : 0;
    for (size_t k = 0; k < nkw; k++) {
        if (strcmp(as_str(kwnames->items[k])->data, "fillvalue") != 0)
            return err_format(I, TY_TYPE_ERROR,
                              "zip_longest() got an unexpected keyword argument '%s'",
                              as_str(kwnames->items[k])->data);
        fill = argv[argc + (int)k];
    }
    List *its = list_new(I, (size_t)argc);
    if (!its || !gc_temp_push(I, v_obj(its))) return V_NULL;
    for (int i = 1; i < argc; i++) {
        Value it = obj_iter(I, argv[i]);
        if (is_null(it) || !list_append(I, its, it)) return V_NULL;
    }
    List *st = itertools_new_state(I, argv[0], 3);
    if (!st) return V_NULL;
    st->items[0] = v_obj(its);
    st->items[1] = fill;
    st->items[2] = v_int((int64_t)its->len);
    return V_NONE;
}

static Value zip_longest_next(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    List *st = itertools_state(I, argv[0]);
    if (!st) return V_NULL;
    List *its = as_list(st->items[0]);
    if (its->len == 0 || st->items[2].as.i == 0) return itertools_done(I);
    Tuple *t = tuple_new(I, its->len);
    if (!t) return V_NULL;
    for (size_t i = 0; i < its->len; i++) {
        if (is_none(its->items[i])) {
            t->items[i] = st->items[1];
            continue;
        }
        Value x;
        int got = obj_next_item(I, its->items[i], &x);
        if (got < 0) return V_NULL;
        if (got == 0) {
            its->items[i] = V_NONE;
            st->items[2].as.i--;
            if (st->items[2].as.i == 0) return itertools_done(I);
            x = st->items[1];
        }
        t->items[i] = x;
    }
    return v_obj(t);
}

static const MethodDef zip_longest_methods[] = {
    {"__init__", zip_longest_init, 0}, {"__next__", zip_longest_next, 0}, {NULL, NULL, 0}};

/* ---- pairwise: [iterator, previous item, have previous] ------------------------------ */

static Value pairwise_init(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    List *st = init_with_iter(I, "pairwise", argc, argv, kwnames, 1, 3, 0);
    if (!st) return V_NULL;
    st->items[2] = V_FALSE;
    return V_NONE;
}

static Value pairwise_next(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    List *st = itertools_state(I, argv[0]);
    if (!st) return V_NULL;
    if (is_none(st->items[0])) return itertools_done(I);
    if (!st->items[2].as.i) {
        Value first;
        int got = next_or_close(I, st, 0, &first);
        if (got <= 0) return got < 0 ? V_NULL : itertools_done(I);
        st->items[1] = first;
        st->items[2] = V_TRUE;
    }
    Value x;
    int got = next_or_close(I, st, 0, &x);
    if (got <= 0) return got < 0 ? V_NULL : itertools_done(I);
    Tuple *t = tuple_pack(I, 2, st->items[1], x);
    if (!t) return V_NULL;
    st->items[1] = x;
    return v_obj(t);
}

static const MethodDef pairwise_methods[] = {
    {"__init__", pairwise_init, 0}, {"__next__", pairwise_next, 0}, {NULL, NULL, 0}};

static const ItertoolsClass itertools_classes[] = {
    {"count", count_methods},
    {"cycle", cycle_methods},
    {"repeat", repeat_methods},
    {"accumulate", accumulate_methods},
    {"chain", chain_methods},
    {"compress", compress_methods},
    {"dropwhile", dropwhile_methods},
    {"takewhile", takewhile_methods},
    {"filterfalse", filterfalse_methods},
    {"islice", islice_methods},
    {"starmap", starmap_methods},
    {"zip_longest", zip_longest_methods},
    {"pairwise", pairwise_methods},
    {NULL, NULL},
};

/* groupby and tee: their sub-iterators share the parent's position. */
static const char itertools_frozen_src[] =
    "class groupby:\n"
    "    __module__ = 'itertools'\n"
    "    def __init__(self, iterable, key=None):\n"
    "        self._keyfunc = key\n"
    "        self._it = iter(iterable)\n"
    "        self._tgtkey = self._currkey = self._currvalue = _marker\n"
    "        self._id = None\n"
    "    def __iter__(self):\n"
    "        return self\n"
    "    def __next__(self):\n"
    "        self._id = object()\n"
    "        while True:\n"
    "            if self._currkey is _marker:\n"
    "                self._advance()\n"
    "            if self._tgtkey is not _marker and self._currkey == self._tgtkey:\n"
    "                self._currkey = _marker\n"
    "                continue\n"
    "            break\n"
    "        self._tgtkey = self._currkey\n"
    "        return (self._currkey, _grouper(self, self._tgtkey, self._id))\n"
    "    def _advance(self):\n"
    "        self._currvalue = next(self._it)\n"
    "        self._currkey = (self._currvalue if self._keyfunc is None\n"
    "                         else self._keyfunc(self._currvalue))\n"
    "\n"
    "class _grouper:\n"
    "    __module__ = 'itertools'\n"
    "    def __init__(self, parent, tgtkey, gid):\n"
    "        self._parent = parent\n"
    "        self._tgtkey = tgtkey\n"
    "        self._id = gid\n"
    "    def __iter__(self):\n"
    "        return self\n"
    "    def __next__(self):\n"
    "        p = self._parent\n"
    "        if p._id is not self._id:\n"
    "            raise StopIteration\n"
    "        if p._currkey is _marker:\n"
    "            p._advance()\n"
    "        if not (p._currkey == self._tgtkey):\n"
    "            raise StopIteration\n"
    "        value = p._currvalue\n"
    "        p._currkey = _marker\n"
    "        return value\n"
    "\n"
    "_marker = object()\n"
    "\n"
    "class _tee:\n"
    "    __module__ = 'itertools'\n"
    "    def __init__(self, it, buf, index):\n"
    "        self._it = it\n"
    "        self._buf = buf\n"
    "        self._index = index\n"
    "    def __iter__(self):\n"
    "        return self\n"
    "    def __next__(self):\n"
    "        buf = self._buf\n"
    "        i = self._index\n"
    "        if i - buf[0] >= len(buf) - 1:\n"
    "            buf.append(next(self._it))\n"
    "        value = buf[i - buf[0] + 1]\n"
    "        self._index = i + 1\n"
    "        return value\n"
    "\n"
    "def tee(iterable, n=2):\n"
    "    if n < 0:\n"
    "        raise ValueError('n must be >= 0')\n"
    "    it = iter(iterable)\n"
    "    buf = [0]\n"
    "    return tuple(_tee(it, buf, 0) for _ in range(n))\n";

static bool add_class(Interp *I, Module *m, const ItertoolsClass *c, const MethodDef *iter_def) {
    Dict *ns = dict_new(I);
    Str *name = str_intern_cstr(I, c->name);
    if (!ns || !name || dict_set_str(I, ns, I->names.module, v_obj(m->name)) < 0) return false;
    Tuple *bases = tuple_pack(I, 1, v_obj(I->types[TY_OBJECT]));
    Type *t = bases ? type_new_heap(I, name, bases, ns) : NULL;
    if (!t || !class_add_native_methods(I, t, iter_def) ||
        !class_add_native_methods(I, t, c->methods))
        return false;
    return module_set(I, m, c->name, v_obj(t)) == 0;
}

Module *itertools_module_create(Interp *I) {
    static const MethodDef iter_def[] = {{"__iter__", iter_self, 0}, {NULL, NULL, 0}};
    Module *m = module_new(I, str_intern_cstr(I, "itertools"));
    if (!m) return NULL;
    for (const ItertoolsClass *c = itertools_classes; c->name; c++)
        if (!add_class(I, m, c, iter_def)) return NULL;
    for (const ItertoolsClass *c = itertools_comb_classes; c->name; c++)
        if (!add_class(I, m, c, iter_def)) return NULL;
    Value r = vm_exec_source(I, itertools_frozen_src, sizeof itertools_frozen_src - 1,
                             "<frozen itertools>", m->dict, EXEC_FILE);
    return is_null(r) ? NULL : m;
}
