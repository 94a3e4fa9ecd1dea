/* tuple.c: the tuple type and its iterator.
 *
 * A tuple is one allocation: header, length and the items inline. Its hash is CPython's
 * xxHash-based tuplehash, so hash((1, 2)) and therefore the iteration order of sets of
 * tuples match CPython. The empty tuple is the interpreter's singleton I->empty_tuple. */
#include <stdarg.h>
#include <string.h>

#include "error.h"
#include "gc.h"
#include "number.h"
#include "seq.h"
#include "overflow.h"
#include "str.h"

static bool tuple_is(Interp *I, Value v) {
    return is_obj(v) && type_is_subtype(as_obj(v)->type, I->types[TY_TUPLE]);
}

static Tuple *tuple_alloc(Interp *I, Type *t, size_t len) {
    if (len == 0 && t == I->types[TY_TUPLE] && I->empty_tuple) return I->empty_tuple;
    size_t bytes;
    if (!size_array(t->instance_size, len, sizeof(Value), &bytes)) {
        err_nomem(I);
        return NULL;
    }
    Tuple *tp = gc_new(I, t, bytes);
    if (!tp) return NULL;
    tp->len = len;
    return tp;
}

Tuple *tuple_new(Interp *I, size_t len) {
    Tuple *t = tuple_alloc(I, I->types[TY_TUPLE], len);
    if (!t) return NULL;
    for (size_t i = 0; i < len; i++)
        t->items[i] = V_NONE;
    return t;
}

Tuple *tuple_from_array(Interp *I, const Value *items, size_t n) {
    Tuple *t = tuple_alloc(I, I->types[TY_TUPLE], n);
    if (!t) return NULL;
    if (n) memcpy(t->items, items, n * sizeof(Value));
    return t;
}

Tuple *tuple_pack(Interp *I, size_t n, ...) {
    Tuple *t = tuple_alloc(I, I->types[TY_TUPLE], n);
    if (!t) return NULL;
    va_list ap;
    va_start(ap, n);
    for (size_t i = 0; i < n; i++)
        t->items[i] = va_arg(ap, Value);
    va_end(ap);
    return t;
}

Tuple *tuple_from_iter(Interp *I, Value iterable) {
    if (is_obj(iterable) && as_obj(iterable)->type == I->types[TY_TUPLE]) return as_tuple(iterable);
    List *l = list_from_iter(I, iterable);
    if (!l) return NULL;
    return tuple_from_array(I, l->items, l->len);
}

/* ---- slots ---- */

static void tuple_trace(Interp *I, Obj *o) {
    Tuple *t = (Tuple *)o;
    for (size_t i = 0; i < t->len; i++)
        gc_mark_value(I, t->items[i]);
}

static Value tuple_repr(Interp *I, Value self) {
    Tuple *t = as_tuple(self);
    if (t->len == 0) return v_obj(str_from_cstr(I, "()"));
    if (t->len == 1) {
        int r = seq_repr_enter(I, self);
        if (r < 0) return V_NULL;
        if (r > 0) return v_obj(str_from_cstr(I, "(...)"));
        seq_repr_leave(I, self);
        if (!c_recursion_enter(I, " while getting the repr of an object")) return V_NULL;
        Value s = obj_repr(I, t->items[0]);
        c_recursion_leave(I);
        if (is_null(s)) return V_NULL;
        Str *out = str_printf(I, "(%s,)", as_str(s)->data);
        return out ? v_obj(out) : V_NULL;
    }
    return seq_repr(I, self, t->items, t->len, "(", ")");
}

#define XXPRIME_1   11400714785074694791ULL
#define XXPRIME_2   14029467366897019727ULL
#define XXPRIME_5   2870177450012600261ULL
#define XXROTATE(x) (((x) << 31) | ((x) >> 33))

/* CPython's tuplehash (Objects/tupleobject.c, 3.8+). */
/* Small ints and exact strs, the usual items of a tuple used as a key (bench/objects.py's
 * grid cells), are hashed here without a call: int_hash's value for |i| < HASH_MODULUS is i
 * itself (-1 becomes -2), and a str's hash is cached. The recursion guard is entered at the
 * first other item only (a nested tuple or a __hash__ can recurse; these cannot). */
int tuple_hash_items(Interp *I, const Value *items, size_t n, int64_t *out) {
    bool guarded = false;
    uint64_t acc = XXPRIME_5;
    for (size_t i = 0; i < n; i++) {
        Value v = items[i];
        int64_t h;
        if (v.tag == KR_TINT && v.as.i < HASH_MODULUS && v.as.i > -HASH_MODULUS) {
            h = v.as.i == -1 ? -2 : v.as.i;
        } else if (v.tag == KR_TOBJ && v.as.o->type == I->types[TY_STR]) {
            h = str_hash(as_str(v));
        } else {
            if (!guarded && !c_recursion_enter(I, " while calling a Python object")) return -1;
            guarded = true;
            if (obj_hash(I, v, &h) < 0) {
                c_recursion_leave(I);
                return -1;
            }
        }
        acc += (uint64_t)h * XXPRIME_2;
        acc = XXROTATE(acc);
        acc *= XXPRIME_1;
    }
    if (guarded) c_recursion_leave(I);
    acc += (uint64_t)n ^ (XXPRIME_5 ^ 3527539UL);
    if (acc == (uint64_t)-1) acc = 1546275796;
    *out = (int64_t)acc;
    return 0;
}

int tuple_eq_simple(Interp *I, const Tuple *a, const Tuple *b) {
    if (a->len != b->len) return 0;
    for (size_t i = 0; i < a->len; i++) {
        Value x = a->items[i], y = b->items[i];
        if (v_is(x, y)) continue;
        if (x.tag == KR_TINT && y.tag == KR_TINT) return 0; /* two small ints, not equal */
        if (x.tag == KR_TOBJ && y.tag == KR_TOBJ && x.as.o->type == I->types[TY_STR] &&
            y.as.o->type == I->types[TY_STR]) {
            if (!str_eq(as_str(x), as_str(y))) return 0;
            continue;
        }
        return -2;
    }
    return 1;
}

static int tuple_hash(Interp *I, Value self, int64_t *out) {
    Tuple *t = as_tuple(self);
    return tuple_hash_items(I, t->items, t->len, out);
}

static Value tuple_richcompare(Interp *I, Value a, Value b, int op) {
    if (!tuple_is(I, a) || !tuple_is(I, b)) return v_notimpl(I);
    Tuple *x = as_tuple(a), *y = as_tuple(b);
    return seq_richcompare(I, x->items, x->len, y->items, y->len, op);
}

static Value tuple_binop(Interp *I, Value a, Value b, int op) {
    if (op == BIN_ADD) {
        if (!tuple_is(I, a)) return v_notimpl(I);
        if (!tuple_is(I, b)) {
            if (type_of(I, b)->flags & TF_HEAPTYPE) return v_notimpl(I);
            return err_format(I, TY_TYPE_ERROR, "can only concatenate tuple (not \"%s\") to tuple",
                              type_name(I, b));
        }
        Tuple *x = as_tuple(a), *y = as_tuple(b);
        if (y->len == 0 && as_obj(a)->type == I->types[TY_TUPLE]) return a;
        if (x->len == 0 && as_obj(b)->type == I->types[TY_TUPLE]) return b;
        Tuple *r = tuple_alloc(I, I->types[TY_TUPLE], x->len + y->len);
        if (!r) return V_NULL;
        memcpy(r->items, x->items, x->len * sizeof(Value));
        memcpy(r->items + x->len, y->items, y->len * sizeof(Value));
        return v_obj(r);
    }
    if (op == BIN_MUL) {
        Value seq = tuple_is(I, a) ? a : b, other = tuple_is(I, a) ? b : a;
        if (!seq_is_count(I, other)) {
            if (type_of(I, other)->flags & TF_HEAPTYPE) return v_notimpl(I);
            return seq_mul_error(I, other);
        }
        int64_t n;
        if (!seq_repeat_count(I, other, &n)) return V_NULL;
        Tuple *t = as_tuple(seq);
        if (n == 1 && as_obj(seq)->type == I->types[TY_TUPLE]) return seq;
        if (n <= 0 || t->len == 0) return v_obj(tuple_new(I, 0));
        if ((uint64_t)n > (SIZE_MAX / sizeof(Value) / 4) / t->len) return err_nomem(I);
        Tuple *r = tuple_alloc(I, I->types[TY_TUPLE], t->len * (size_t)n);
        if (!r) return V_NULL;
        for (int64_t k = 0; k < n; k++)
            memcpy(r->items + (size_t)k * t->len, t->items, t->len * sizeof(Value));
        return v_obj(r);
    }
    return v_notimpl(I);
}

static int64_t tuple_len(Interp *I, Value self) {
    return (int64_t)as_tuple(self)->len;
}

static Value tuple_getitem(Interp *I, Value self, Value key) {
    Tuple *t = as_tuple(self);
    if (is_smallint(key)) {
        int64_t i = key.as.i;
        if (i < 0) i += (int64_t)t->len;
        if (i < 0 || i >= (int64_t)t->len)
            return err_format(I, TY_INDEX_ERROR, "tuple index out of range");
        return t->items[i];
    }
    if (is_obj(key) && as_obj(key)->type == I->types[TY_SLICE]) {
        int64_t a, b, st, n;
        if (!slice_indices(I, (Slice *)as_obj(key), (int64_t)t->len, &a, &b, &st, &n))
            return V_NULL;
        if (n == (int64_t)t->len && st == 1 && as_obj(self)->type == I->types[TY_TUPLE])
            return self;
        Tuple *r = tuple_alloc(I, I->types[TY_TUPLE], (size_t)n);
        if (!r) return V_NULL;
        for (int64_t i = 0, j = a; i < n; i++, j += st)
            r->items[i] = t->items[j];
        return v_obj(r);
    }
    int64_t i;
    if (!seq_index(I, key, (int64_t)t->len, "tuple", &i)) return V_NULL;
    return t->items[i];
}

static int tuple_contains(Interp *I, Value self, Value item) {
    Tuple *t = as_tuple(self);
    for (size_t i = 0; i < t->len; i++) {
        int k = obj_eq(I, t->items[i], item);
        if (k) return k;
    }
    return 0;
}

typedef struct TupleIter {
    Obj hdr;
    Tuple *tuple; /* NULL once exhausted */
    size_t index;
} TupleIter;

static Value tuple_iter(Interp *I, Value self) {
    TupleIter *it = gc_new(I, I->types[TY_TUPLE_ITER], sizeof(TupleIter));
    if (!it) return V_NULL;
    it->tuple = as_tuple(self);
    return v_obj(it);
}

static Value tuple_tp_new(Interp *I, Type *type, int argc, Value *argv, Tuple *kwnames) {
    if (type == I->types[TY_TUPLE] && kwnames && kwnames->len)
        return err_format(I, TY_TYPE_ERROR, "tuple() takes no keyword arguments");
    int npos = argc; /* keyword values follow the argc positional ones */
    if (npos > 1)
        return err_format(I, TY_TYPE_ERROR, "tuple expected at most 1 argument, got %d", npos);
    Tuple *src = npos == 0 ? tuple_new(I, 0) : tuple_from_iter(I, argv[0]);
    if (!src || type == I->types[TY_TUPLE]) return src ? v_obj(src) : V_NULL;
    Tuple *r = tuple_alloc(I, type, src->len);
    if (!r) return V_NULL;
    memcpy(r->items, src->items, src->len * sizeof(Value));
    return v_obj(r);
}

/* ---- methods ---- */

static Value tuple_m_index(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    Tuple *t = as_tuple(argv[0]);
    Value *items = t->items;
    return seq_index_method(I, argc, argv, kwnames, &items, &t->len, "tuple");
}

static Value tuple_m_count(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "count", kwnames)) return V_NULL;
    if (argc != 2)
        return err_format(I, TY_TYPE_ERROR, "tuple.count() takes exactly one argument (%d given)",
                          argc - 1);
    Tuple *t = as_tuple(argv[0]);
    int64_t c = 0;
    for (size_t i = 0; i < t->len; i++) {
        int k = obj_eq(I, t->items[i], argv[1]);
        if (k < 0) return V_NULL;
        c += k;
    }
    return v_int(c);
}

static Value tuple_m_getitem(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "__getitem__", kwnames) || !arg_count(I, "__getitem__", argc - 1, 1, 1))
        return V_NULL;
    return tuple_getitem(I, argv[0], argv[1]);
}
static Value tuple_m_len(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    return v_int((int64_t)as_tuple(argv[0])->len);
}
static Value tuple_m_contains(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "__contains__", kwnames) || !arg_count(I, "__contains__", argc - 1, 1, 1))
        return V_NULL;
    int r = tuple_contains(I, argv[0], argv[1]);
    return r < 0 ? V_NULL : v_bool(r);
}
static Value tuple_m_iter(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    return tuple_iter(I, argv[0]);
}

static const MethodDef tuple_methods[] = {
    {"index", tuple_m_index, 0},
    {"count", tuple_m_count, 0},
    {"__getitem__", tuple_m_getitem, 0},
    {"__len__", tuple_m_len, 0},
    {"__contains__", tuple_m_contains, 0},
    {"__iter__", tuple_m_iter, 0},
    {NULL, NULL, 0},
};

const TypeSpec tuple_spec = {
    .name = "tuple",
    .base = TY_OBJECT,
    .instance_size = sizeof(Tuple),
    .flags = TF_BASETYPE,
    .slots =
        {
            .trace = tuple_trace,
            .repr = tuple_repr,
            .hash = tuple_hash,
            .richcompare = tuple_richcompare,
            .binop = tuple_binop,
            .len = tuple_len,
            .getitem = tuple_getitem,
            .contains = tuple_contains,
            .iter = tuple_iter,
            .new = tuple_tp_new,
        },
    .methods = tuple_methods,
};

/* ---- iterator ---- */

static void tuple_iter_trace(Interp *I, Obj *o) {
    gc_mark_obj(I, (Obj *)((TupleIter *)o)->tuple);
}

static Value tuple_iter_self(Interp *I, Value self) {
    return self;
}

static Value tuple_iter_next(Interp *I, Value self) {
    TupleIter *it = (TupleIter *)as_obj(self);
    Tuple *t = it->tuple;
    if (t && it->index < t->len) return t->items[it->index++];
    it->tuple = NULL;
    return V_NULL;
}

static Value tuple_iter_m_length_hint(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    TupleIter *it = (TupleIter *)as_obj(argv[0]);
    if (!it->tuple || it->index >= it->tuple->len) return v_int(0);
    return v_int((int64_t)(it->tuple->len - it->index));
}

static const MethodDef tuple_iter_methods[] = {
    {"__next__", seq_m_next, 0},
    {"__iter__", seq_m_iter_self, 0},
    {"__length_hint__", tuple_iter_m_length_hint, 0},
    {NULL, NULL, 0},
};

const TypeSpec tuple_iter_spec = {
    .name = "tuple_iterator",
    .base = TY_OBJECT,
    .instance_size = sizeof(TupleIter),
    .slots = {.trace = tuple_iter_trace, .iter = tuple_iter_self, .next = tuple_iter_next},
    .methods = tuple_iter_methods,
};
