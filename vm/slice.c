/* slice.c: the slice type and the index helpers every sequence shares.
 *
 * slice_indices resolves a slice against a length exactly as CPython's PySlice_Unpack +
 * PySlice_AdjustIndices do (huge bounds are clamped, never an error), so every sequence type
 * (list, tuple, str, bytes, range, arrays) slices alike. seq_index is the matching helper for
 * a single integer subscript.
 *
 * Converting a bound may run __index__, which may resize the container: mutable sequences
 * call the two halves (slice_unpack / seq_index_value, then slice_adjust / seq_index_adjust
 * against the length read afterwards) instead of passing a length read before. */
#include <string.h>

#include "error.h"
#include "gc.h"
#include "number.h"
#include "seq.h"
#include "str.h"

#define SLICE_MAX INT64_MAX

Value slice_new(Interp *I, Value start, Value stop, Value step) {
    Slice *s = gc_new(I, I->types[TY_SLICE], sizeof(Slice));
    if (!s) return V_NULL;
    s->start = start;
    s->stop = stop;
    s->step = step;
    return v_obj(s);
}

/* A slice bound as int64, clamping huge ints as _PyEval_SliceIndex does. */
static bool slice_bound(Interp *I, Value v, int64_t *out) {
    if (is_smallint(v) || is_bool(v)) {
        *out = v.as.i;
        return true;
    }
    if (!is_int(I, v)) {
        Type *t = type_of(I, v);
        if (!t->slots.index) {
            err_format(I, TY_TYPE_ERROR,
                       "slice indices must be integers or None or have an __index__ method");
            return false;
        }
        v = obj_index_value(I, v);
        if (is_null(v)) return false;
        if (is_smallint(v) || is_bool(v)) {
            *out = v.as.i;
            return true;
        }
    }
    *out = int_sign(I, v) < 0 ? -SLICE_MAX : SLICE_MAX;
    return true;
}

bool slice_unpack(Interp *I, Slice *s, int64_t *start, int64_t *stop, int64_t *step) {
    int64_t st = 1, a, b;
    if (!is_none(s->step)) {
        if (!slice_bound(I, s->step, &st)) return false;
        if (st == 0) {
            err_format(I, TY_VALUE_ERROR, "slice step cannot be zero");
            return false;
        }
        if (st < -SLICE_MAX) st = -SLICE_MAX;
    }
    if (is_none(s->start)) {
        a = st < 0 ? SLICE_MAX : 0;
    } else if (!slice_bound(I, s->start, &a)) {
        return false;
    }
    if (is_none(s->stop)) {
        b = st < 0 ? -SLICE_MAX - 1 : SLICE_MAX;
    } else if (!slice_bound(I, s->stop, &b)) {
        return false;
    }
    *start = a;
    *stop = b;
    *step = st;
    return true;
}

int64_t slice_adjust(int64_t length, int64_t *start, int64_t *stop, int64_t st) {
    int64_t a = *start, b = *stop;
    if (a < 0) {
        a += length;
        if (a < 0) a = st < 0 ? -1 : 0;
    } else if (a >= length) {
        a = st < 0 ? length - 1 : length;
    }
    if (b < 0) {
        b += length;
        if (b < 0) b = st < 0 ? -1 : 0;
    } else if (b >= length) {
        b = st < 0 ? length - 1 : length;
    }
    int64_t n = 0;
    if (st < 0) {
        if (b < a) n = (int64_t)(((uint64_t)a - (uint64_t)b - 1) / (uint64_t)(-st) + 1);
    } else if (a < b) {
        n = (int64_t)(((uint64_t)b - (uint64_t)a - 1) / (uint64_t)st + 1);
    }
    *start = a;
    *stop = b;
    return n;
}

bool slice_indices(Interp *I, Slice *s, int64_t length, int64_t *start, int64_t *stop,
                   int64_t *step, int64_t *slicelen) {
    if (!slice_unpack(I, s, start, stop, step)) return false;
    *slicelen = slice_adjust(length, start, stop, *step);
    return true;
}

bool seq_index_value(Interp *I, Value key, const char *what, int64_t *out) {
    if (is_smallint(key) || is_bool(key)) {
        *out = key.as.i;
        return true;
    }
    Type *t = type_of(I, key);
    if (!is_int(I, key) && !t->slots.index) {
        /* the type word of `what` ("list assignment" -> "list") */
        int wlen = (int)strcspn(what, " ");
        err_format(I, TY_TYPE_ERROR, "%.*s indices must be integers or slices, not %s", wlen, what,
                   type_name(I, key));
        return false;
    }
    Value v = obj_index_value(I, key);
    if (is_null(v)) return false;
    if (!is_smallint(v) && !is_bool(v)) {
        err_format(I, TY_INDEX_ERROR, "cannot fit '%s' into an index-sized integer",
                   type_name(I, key));
        return false;
    }
    *out = v.as.i;
    return true;
}

bool seq_index_adjust(Interp *I, int64_t i, int64_t n, const char *what, int64_t *out) {
    if (i < 0) i += n;
    if (i < 0 || i >= n) {
        err_format(I, TY_INDEX_ERROR, "%s index out of range", what);
        return false;
    }
    *out = i;
    return true;
}

bool seq_index(Interp *I, Value key, int64_t n, const char *what, int64_t *out) {
    int64_t i;
    return seq_index_value(I, key, what, &i) && seq_index_adjust(I, i, n, what, out);
}

/* ---- the slice type ---- */

static void slice_trace(Interp *I, Obj *o) {
    Slice *s = (Slice *)o;
    gc_mark_value(I, s->start);
    gc_mark_value(I, s->stop);
    gc_mark_value(I, s->step);
}

static Value slice_tp_new(Interp *I, Type *type, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "slice", kwnames)) return V_NULL;
    if (argc < 1) return err_format(I, TY_TYPE_ERROR, "slice expected at least 1 argument, got 0");
    if (argc > 3)
        return err_format(I, TY_TYPE_ERROR, "slice expected at most 3 arguments, got %d", argc);
    if (argc == 1) return slice_new(I, V_NONE, argv[0], V_NONE);
    return slice_new(I, argv[0], argv[1], argc == 3 ? argv[2] : V_NONE);
}

static Value slice_repr(Interp *I, Value self) {
    Slice *s = (Slice *)as_obj(self);
    StrBuf b;
    sb_init(&b);
    sb_append_cstr(I, &b, "slice(");
    sb_append_repr(I, &b, s->start);
    sb_append_cstr(I, &b, ", ");
    sb_append_repr(I, &b, s->stop);
    sb_append_cstr(I, &b, ", ");
    sb_append_repr(I, &b, s->step);
    sb_append_char(I, &b, ')');
    Str *r = sb_finish(I, &b);
    return r ? v_obj(r) : V_NULL;
}

static Value slice_richcompare(Interp *I, Value a, Value b, int op) {
    Type *st = I->types[TY_SLICE];
    if (!is_obj(a) || !is_obj(b) || as_obj(a)->type != st || as_obj(b)->type != st)
        return v_notimpl(I);
    Slice *x = (Slice *)as_obj(a), *y = (Slice *)as_obj(b);
    Value xa[3] = {x->start, x->stop, x->step}, ya[3] = {y->start, y->stop, y->step};
    return seq_richcompare(I, xa, 3, ya, 3, op);
}

static Value slice_m_indices(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "indices", kwnames) || !arg_count(I, "indices", argc - 1, 1, 1))
        return V_NULL;
    int64_t len, a, b, st, n;
    if (obj_index(I, argv[1], &len) < 0) return V_NULL;
    if (len < 0) return err_format(I, TY_VALUE_ERROR, "length should not be negative");
    if (!slice_indices(I, (Slice *)as_obj(argv[0]), len, &a, &b, &st, &n)) return V_NULL;
    /* PySlice_AdjustIndices leaves -1 for an empty negative stop; indices() reports the
     * un-normalised bound the same way CPython's long-based version does. */
    Tuple *t = tuple_pack(I, 3, v_int(a), v_int(b), v_int(st));
    return t ? v_obj(t) : V_NULL;
}

static Value slice_get_start(Interp *I, Value self) {
    return ((Slice *)as_obj(self))->start;
}
static Value slice_get_stop(Interp *I, Value self) {
    return ((Slice *)as_obj(self))->stop;
}
static Value slice_get_step(Interp *I, Value self) {
    return ((Slice *)as_obj(self))->step;
}

static const MethodDef slice_methods[] = {
    {"indices", slice_m_indices, 0},
    {NULL, NULL, 0},
};

static const GetSetDef slice_getsets[] = {
    {"start", slice_get_start, NULL},
    {"stop", slice_get_stop, NULL},
    {"step", slice_get_step, NULL},
    {NULL, NULL, NULL},
};

const TypeSpec slice_spec = {
    .name = "slice",
    .base = TY_OBJECT,
    .instance_size = sizeof(Slice),
    .flags = 0,
    .slots =
        {
            .trace = slice_trace,
            .repr = slice_repr,
            .richcompare = slice_richcompare,
            .new = slice_tp_new,
        },
    .methods = slice_methods,
    .getsets = slice_getsets,
};
