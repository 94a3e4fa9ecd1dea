/* range.c: the range type and its iterator.
 *
 * A range keeps start, stop, step and its length as int Values, so ranges over big ints
 * work as in Python; everything that fits int64 (the common case) takes a plain C path.
 * Membership of an int is O(1) arithmetic; other values fall back to equality tests. */
#include "error.h"
#include "gc.h"
#include "number.h"
#include "overflow.h"
#include "seq.h"
#include "str.h"

static inline Range *as_range(Value v) {
    return (Range *)v.as.o;
}

/* len of range(start, stop, step) as an int Value. */
static Value range_compute_len(Interp *I, Value start, Value stop, Value step) {
    if (is_smallint(start) && is_smallint(stop) && is_smallint(step)) {
        int64_t a = start.as.i, b = stop.as.i, s = step.as.i;
        uint64_t n = 0;
        if (s > 0 && a < b) n = ((uint64_t)b - (uint64_t)a - 1) / (uint64_t)s + 1;
        if (s < 0 && a > b) n = ((uint64_t)a - (uint64_t)b - 1) / (0 - (uint64_t)s) + 1;
        return int_from_u64(I, n);
    }
    Value lo = start, hi = stop, st = step;
    if (int_sign(I, step) < 0) {
        lo = stop;
        hi = start;
        st = int_neg(I, step);
        if (is_null(st)) return V_NULL;
    }
    Value diff = int_sub(I, hi, lo);
    if (is_null(diff)) return V_NULL;
    if (int_sign(I, diff) <= 0) return v_int(0);
    Value t = int_sub(I, diff, v_int(1));
    if (is_null(t)) return V_NULL;
    t = int_floordiv(I, t, st);
    if (is_null(t)) return V_NULL;
    return int_add(I, t, v_int(1));
}

static Value int_arg(Interp *I, Value v) {
    if (is_smallint(v)) return v;
    if (is_bool(v)) return v_int(v.as.i);
    return obj_index_value(I, v);
}

Value range_new(Interp *I, Value start, Value stop, Value step) {
    Value len = range_compute_len(I, start, stop, step);
    if (is_null(len)) return V_NULL;
    Range *r = gc_new(I, I->types[TY_RANGE], sizeof(Range));
    if (!r) return V_NULL;
    r->start = start;
    r->stop = stop;
    r->step = step;
    r->length = len;
    return v_obj(r);
}

static Value range_tp_new(Interp *I, Type *type, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "range", kwnames)) return V_NULL;
    if (argc == 0) return err_format(I, TY_TYPE_ERROR, "range expected at least 1 argument, got 0");
    if (argc > 3)
        return err_format(I, TY_TYPE_ERROR, "range expected at most 3 arguments, got %d", argc);
    Value a = v_int(0), b, s = v_int(1);
    if (argc == 1) {
        b = int_arg(I, argv[0]);
        if (is_null(b)) return V_NULL;
    } else {
        a = int_arg(I, argv[0]);
        if (is_null(a)) return V_NULL;
        b = int_arg(I, argv[1]);
        if (is_null(b)) return V_NULL;
        if (argc == 3) {
            s = int_arg(I, argv[2]);
            if (is_null(s)) return V_NULL;
            if (int_sign(I, s) == 0)
                return err_format(I, TY_VALUE_ERROR, "range() arg 3 must not be zero");
        }
    }
    return range_new(I, a, b, s);
}

static void range_trace(Interp *I, Obj *o) {
    Range *r = (Range *)o;
    gc_mark_value(I, r->start);
    gc_mark_value(I, r->stop);
    gc_mark_value(I, r->step);
    gc_mark_value(I, r->length);
}

static Value range_repr(Interp *I, Value self) {
    Range *r = as_range(self);
    StrBuf b;
    sb_init(&b);
    sb_append_cstr(I, &b, "range(");
    sb_append_repr(I, &b, r->start);
    sb_append_cstr(I, &b, ", ");
    sb_append_repr(I, &b, r->stop);
    if (!(is_smallint(r->step) && r->step.as.i == 1)) {
        sb_append_cstr(I, &b, ", ");
        sb_append_repr(I, &b, r->step);
    }
    sb_append_char(I, &b, ')');
    Str *s = sb_finish(I, &b);
    return s ? v_obj(s) : V_NULL;
}

static int64_t range_len(Interp *I, Value self) {
    Range *r = as_range(self);
    if (is_smallint(r->length)) return r->length.as.i;
    err_format(I, TY_OVERFLOW_ERROR, "Python int too large to convert to C ssize_t");
    return -1;
}

static int range_truthy(Interp *I, Value self) {
    return int_sign(I, as_range(self)->length) != 0;
}

/* start + i*step */
static Value range_item(Interp *I, Range *r, Value i) {
    if (is_smallint(i) && is_smallint(r->start) && is_smallint(r->step)) {
        __int128 v = (__int128)r->start.as.i + (__int128)i.as.i * r->step.as.i;
        if (v >= INT64_MIN && v <= INT64_MAX) return v_int((int64_t)v);
    }
    Value t = int_mul(I, i, r->step);
    if (is_null(t)) return V_NULL;
    return int_add(I, r->start, t);
}

/* One bound of a slice over a length too big for int64, clamped to [lower, upper] as
 * CPython's _PySlice_GetLongIndices does. */
static Value range_slice_bound(Interp *I, Value v, Value dflt, Value len, Value lower,
                               Value upper) {
    if (is_none(v)) return dflt;
    Value x = int_arg(I, v);
    if (is_null(x)) return V_NULL;
    if (int_sign(I, x) < 0) {
        x = int_add(I, x, len);
        if (is_null(x)) return V_NULL;
        return int_compare(I, x, lower) < 0 ? lower : x;
    }
    return int_compare(I, x, upper) > 0 ? upper : x;
}

/* r[slice] when len(r) does not fit int64: the same arithmetic on int Values. */
static Value range_big_slice(Interp *I, Range *r, Slice *sl) {
    Value step = v_int(1);
    if (!is_none(sl->step)) {
        step = int_arg(I, sl->step);
        if (is_null(step)) return V_NULL;
        if (int_sign(I, step) == 0)
            return err_format(I, TY_VALUE_ERROR, "slice step cannot be zero");
    }
    bool neg = int_sign(I, step) < 0;
    Value lower = neg ? v_int(-1) : v_int(0);
    Value upper = neg ? int_add(I, r->length, v_int(-1)) : r->length;
    if (is_null(upper)) return V_NULL;
    Value a = range_slice_bound(I, sl->start, neg ? upper : lower, r->length, lower, upper);
    if (is_null(a)) return V_NULL;
    Value b = range_slice_bound(I, sl->stop, neg ? lower : upper, r->length, lower, upper);
    if (is_null(b)) return V_NULL;
    Value ns = int_mul(I, r->step, step);
    if (is_null(ns)) return V_NULL;
    Value na = range_item(I, r, a);
    if (is_null(na)) return V_NULL;
    Value nb = range_item(I, r, b);
    if (is_null(nb)) return V_NULL;
    return range_new(I, na, nb, ns);
}

static Value range_getitem(Interp *I, Value self, Value key) {
    Range *r = as_range(self);
    if (is_obj(key) && as_obj(key)->type == I->types[TY_SLICE]) {
        if (!is_smallint(r->length)) return range_big_slice(I, r, (Slice *)as_obj(key));
        int64_t a, b, st, n;
        if (!slice_indices(I, (Slice *)as_obj(key), r->length.as.i, &a, &b, &st, &n)) return V_NULL;
        Value ns = int_mul(I, r->step, v_int(st));
        if (is_null(ns)) return V_NULL;
        Value na = range_item(I, r, v_int(a));
        if (is_null(na)) return V_NULL;
        Value nb = range_item(I, r, v_int(b));
        if (is_null(nb)) return V_NULL;
        return range_new(I, na, nb, ns);
    }
    Type *kt = type_of(I, key);
    if (!is_int(I, key) && !kt->slots.index)
        return err_format(I, TY_TYPE_ERROR, "range indices must be integers or slices, not %s",
                          type_name(I, key));
    Value i = int_arg(I, key);
    if (is_null(i)) return V_NULL;
    if (int_sign(I, i) < 0) {
        i = int_add(I, i, r->length);
        if (is_null(i)) return V_NULL;
    }
    if (int_sign(I, i) < 0 || int_compare(I, i, r->length) >= 0)
        return err_format(I, TY_INDEX_ERROR, "range object index out of range");
    return range_item(I, r, i);
}

/* For an int value: 1 if in the range, 0 if not. */
static int range_contains_int(Interp *I, Range *r, Value v) {
    if (is_smallint(r->start) && is_smallint(r->stop) && is_smallint(r->step) && is_smallint(v)) {
        int64_t a = r->start.as.i, b = r->stop.as.i, s = r->step.as.i, x = v.as.i;
        if (s > 0 ? (x < a || x >= b) : (x > a || x <= b)) return 0;
        __int128 d = (__int128)x - a;
        return d % s == 0;
    }
    int sg = int_sign(I, r->step);
    if (sg > 0) {
        if (int_compare(I, v, r->start) < 0 || int_compare(I, v, r->stop) >= 0) return 0;
    } else if (int_compare(I, v, r->start) > 0 || int_compare(I, v, r->stop) <= 0) {
        return 0;
    }
    Value d = int_sub(I, v, r->start);
    if (is_null(d)) return -1;
    Value m = int_mod(I, d, r->step);
    if (is_null(m)) return -1;
    return int_sign(I, m) == 0;
}

static bool is_exact_int(Interp *I, Value v) {
    return is_smallint(v) || is_bool(v) || (is_obj(v) && as_obj(v)->type == I->types[TY_INT]);
}

static int range_contains(Interp *I, Value self, Value v) {
    Range *r = as_range(self);
    if (is_exact_int(I, v)) return range_contains_int(I, r, is_bool(v) ? v_int(v.as.i) : v);
    Value it = obj_iter(I, self);
    if (is_null(it) || !gc_temp_push(I, it)) return -1;
    for (;;) {
        Value x;
        int got = obj_next_item(I, it, &x);
        if (got <= 0) return got;
        int k = obj_eq(I, x, v);
        if (k) return k;
    }
}

static Value range_richcompare(Interp *I, Value a, Value b, int op) {
    Type *rt = I->types[TY_RANGE];
    if ((op != CMP_EQ && op != CMP_NE) || !is_obj(a) || !is_obj(b) || as_obj(a)->type != rt ||
        as_obj(b)->type != rt)
        return v_notimpl(I);
    Range *x = as_range(a), *y = as_range(b);
    bool eq;
    if (x == y)
        eq = true;
    else if (int_compare(I, x->length, y->length) != 0)
        eq = false;
    else if (int_sign(I, x->length) == 0)
        eq = true;
    else if (int_compare(I, x->start, y->start) != 0)
        eq = false;
    else if (is_smallint(x->length) && x->length.as.i == 1)
        eq = true;
    else
        eq = int_compare(I, x->step, y->step) == 0;
    return v_bool(op == CMP_EQ ? eq : !eq);
}

static int range_hash(Interp *I, Value self, int64_t *out) {
    Range *r = as_range(self);
    Value t[3] = {r->length, V_NONE, V_NONE};
    if (int_sign(I, r->length) != 0) {
        t[1] = r->start;
        if (!(is_smallint(r->length) && r->length.as.i == 1)) t[2] = r->step;
    }
    return tuple_hash_items(I, t, 3, out);
}

/* ---- iterator ---- */

typedef struct RangeIter {
    Obj hdr;
    Value next, step;
    Value remaining; /* an int */
} RangeIter;

static Value range_iter_make(Interp *I, Value start, Value step, Value len) {
    RangeIter *it = gc_new(I, I->types[TY_RANGE_ITER], sizeof(RangeIter));
    if (!it) return V_NULL;
    it->next = start;
    it->step = step;
    it->remaining = len;
    return v_obj(it);
}

static Value range_iter(Interp *I, Value self) {
    Range *r = as_range(self);
    return range_iter_make(I, r->start, r->step, r->length);
}

static void range_iter_trace(Interp *I, Obj *o) {
    RangeIter *it = (RangeIter *)o;
    gc_mark_value(I, it->next);
    gc_mark_value(I, it->step);
    gc_mark_value(I, it->remaining);
}

static Value range_iter_next(Interp *I, Value self) {
    RangeIter *it = (RangeIter *)as_obj(self);
    if (is_smallint(it->remaining)) {
        if (it->remaining.as.i <= 0) return V_NULL;
        it->remaining.as.i--;
    } else {
        Value rem = int_sub(I, it->remaining, v_int(1));
        if (is_null(rem)) return V_NULL;
        it->remaining = rem;
    }
    Value v = it->next;
    int64_t n;
    if (is_smallint(v) && is_smallint(it->step) && !i64_add_overflow(v.as.i, it->step.as.i, &n)) {
        it->next = v_int(n);
    } else if (!(is_smallint(it->remaining) && it->remaining.as.i == 0)) {
        Value nx = int_add(I, v, it->step);
        if (is_null(nx)) return V_NULL;
        it->next = nx;
    }
    return v;
}

static Value range_iter_self(Interp *I, Value self) {
    return self;
}

static Value range_iter_m_length_hint(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    return ((RangeIter *)as_obj(argv[0]))->remaining;
}

static const MethodDef range_iter_methods[] = {
    {"__next__", seq_m_next, 0},
    {"__iter__", seq_m_iter_self, 0},
    {"__length_hint__", range_iter_m_length_hint, 0},
    {NULL, NULL, 0},
};

const TypeSpec range_iter_spec = {
    .name = "range_iterator",
    .base = TY_OBJECT,
    .instance_size = sizeof(RangeIter),
    .slots = {.trace = range_iter_trace, .iter = range_iter_self, .next = range_iter_next},
    .methods = range_iter_methods,
};

/* ---- methods ---- */

static Value range_m_reversed(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    Range *r = as_range(argv[0]);
    if (int_sign(I, r->length) == 0) return range_iter_make(I, r->start, r->step, v_int(0));
    Value last = int_sub(I, r->length, v_int(1));
    if (is_null(last)) return V_NULL;
    last = range_item(I, r, last);
    if (is_null(last)) return V_NULL;
    Value ns = int_neg(I, r->step);
    if (is_null(ns)) return V_NULL;
    return range_iter_make(I, last, ns, r->length);
}

static Value range_m_count(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "count", kwnames) || !arg_count(I, "count", argc - 1, 1, 1)) return V_NULL;
    if (is_exact_int(I, argv[1])) {
        int r = range_contains_int(I, as_range(argv[0]),
                                   is_bool(argv[1]) ? v_int(argv[1].as.i) : argv[1]);
        return r < 0 ? V_NULL : v_int(r);
    }
    Value it = range_iter(I, argv[0]);
    if (is_null(it)) return V_NULL;
    int64_t c = 0;
    for (;;) {
        Value x = range_iter_next(I, it);
        if (is_null(x)) return err_occurred(I) ? V_NULL : v_int(c);
        int k = obj_eq(I, x, argv[1]);
        if (k < 0) return V_NULL;
        c += k;
    }
}

static Value range_m_index(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "index", kwnames) || !arg_count(I, "index", argc - 1, 1, 1)) return V_NULL;
    Range *r = as_range(argv[0]);
    Value v = argv[1];
    if (is_exact_int(I, v)) {
        if (is_bool(v)) v = v_int(v.as.i);
        int k = range_contains_int(I, r, v);
        if (k < 0) return V_NULL;
        if (k) {
            Value d = int_sub(I, v, r->start);
            if (is_null(d)) return V_NULL;
            return int_floordiv(I, d, r->step);
        }
    } else {
        Value it = range_iter(I, argv[0]);
        if (is_null(it)) return V_NULL;
        for (int64_t i = 0;; i++) {
            Value x = range_iter_next(I, it);
            if (is_null(x)) {
                if (err_occurred(I)) return V_NULL;
                break;
            }
            int k = obj_eq(I, x, v);
            if (k < 0) return V_NULL;
            if (k) return v_int(i);
        }
    }
    Value rs = obj_repr(I, argv[1]);
    if (is_null(rs)) return V_NULL;
    return err_format(I, TY_VALUE_ERROR, "%s is not in range", as_str(rs)->data);
}

static Value range_get_start(Interp *I, Value self) {
    return as_range(self)->start;
}
static Value range_get_stop(Interp *I, Value self) {
    return as_range(self)->stop;
}
static Value range_get_step(Interp *I, Value self) {
    return as_range(self)->step;
}

static Value range_m_getitem(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_count(I, "__getitem__", argc - 1, 1, 1)) return V_NULL;
    return range_getitem(I, argv[0], argv[1]);
}
static Value range_m_len(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    int64_t n = range_len(I, argv[0]);
    return n < 0 ? V_NULL : v_int(n);
}
static Value range_m_iter(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    return range_iter(I, argv[0]);
}

static const MethodDef range_methods[] = {
    {"__reversed__", range_m_reversed, 0},
    {"count", range_m_count, 0},
    {"index", range_m_index, 0},
    {"__getitem__", range_m_getitem, 0},
    {"__len__", range_m_len, 0},
    {"__iter__", range_m_iter, 0},
    {NULL, NULL, 0},
};

static const GetSetDef range_getsets[] = {
    {"start", range_get_start, NULL},
    {"stop", range_get_stop, NULL},
    {"step", range_get_step, NULL},
    {NULL, NULL, NULL},
};

const TypeSpec range_spec = {
    .name = "range",
    .base = TY_OBJECT,
    .instance_size = sizeof(Range),
    .slots =
        {
            .trace = range_trace,
            .repr = range_repr,
            .hash = range_hash,
            .richcompare = range_richcompare,
            .truthy = range_truthy,
            .len = range_len,
            .getitem = range_getitem,
            .contains = range_contains,
            .iter = range_iter,
            .new = range_tp_new,
        },
    .methods = range_methods,
    .getsets = range_getsets,
};
