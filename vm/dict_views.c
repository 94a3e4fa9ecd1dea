/* dict_views.c: dict.keys(), .values(), .items() and the three dict iterators.
 *
 * A view is a live window on its dict. keys and items views are set-like: they compare with
 * sets and other views, and & | - ^ build a new set (through set.c's update helpers, so the
 * result's order is the one CPython prints). Iterators detect a change of size ("dictionary
 * changed size during iteration") exactly as CPython: by comparing the dict's length with
 * the length seen at creation, and by counting down the items they still expect. */
#include <string.h>

#include "dict.h"
#include "error.h"
#include "gc.h"
#include "seq.h"
#include "str.h"

typedef struct DictView {
    Obj hdr;
    Dict *dict;
} DictView;

typedef struct DictIter {
    Obj hdr;
    Dict *dict; /* NULL once exhausted */
    size_t pos;
    size_t used;      /* dict length when created */
    size_t remaining; /* items still expected */
} DictIter;

Value dict_view_new(Interp *I, Dict *d, int type_id) {
    DictView *v = gc_new(I, I->types[type_id], sizeof(DictView));
    if (!v) return V_NULL;
    v->dict = d;
    return v_obj(v);
}

Value dict_iter_new(Interp *I, Dict *d, int type_id) {
    DictIter *it = gc_new(I, I->types[type_id], sizeof(DictIter));
    if (!it) return V_NULL;
    it->dict = d;
    it->used = d->len;
    it->remaining = d->len;
    return v_obj(it);
}

static void view_trace(Interp *I, Obj *o) {
    gc_mark_obj(I, (Obj *)((DictView *)o)->dict);
}
static void dict_iter_trace(Interp *I, Obj *o) {
    gc_mark_obj(I, (Obj *)((DictIter *)o)->dict);
}

static inline Dict *view_dict(Value v) {
    return ((DictView *)as_obj(v))->dict;
}

static bool is_view(Interp *I, Value v, int id) {
    return is_obj(v) && as_obj(v)->type == I->types[id];
}
static bool is_setlike_view(Interp *I, Value v) {
    return is_view(I, v, TY_DICT_KEYS) || is_view(I, v, TY_DICT_ITEMS);
}

/* ---- iteration ---- */

/* The next live entry, or NULL at the end or after raising. */
static DictEntry *dict_iter_step(Interp *I, DictIter *it) {
    Dict *d = it->dict;
    if (!d) return NULL;
    if (it->used != d->len) {
        err_format(I, TY_RUNTIME_ERROR, "dictionary changed size during iteration");
        it->used = (size_t)-1; /* sticky */
        return NULL;
    }
    while (it->pos < d->nentries && is_null(d->entries[it->pos].key))
        it->pos++;
    if (it->pos >= d->nentries) {
        it->dict = NULL;
        return NULL;
    }
    if (it->remaining == 0) {
        err_format(I, TY_RUNTIME_ERROR, "dictionary keys changed during iteration");
        it->dict = NULL;
        return NULL;
    }
    it->remaining--;
    return &d->entries[it->pos++];
}

static Value dict_keyiter_next(Interp *I, Value self) {
    DictEntry *e = dict_iter_step(I, (DictIter *)as_obj(self));
    return e ? e->key : V_NULL;
}
static Value dict_valueiter_next(Interp *I, Value self) {
    DictEntry *e = dict_iter_step(I, (DictIter *)as_obj(self));
    return e ? e->value : V_NULL;
}
static Value dict_itemiter_next(Interp *I, Value self) {
    DictEntry *e = dict_iter_step(I, (DictIter *)as_obj(self));
    if (!e) return V_NULL;
    Tuple *t = tuple_pack(I, 2, e->key, e->value);
    return t ? v_obj(t) : V_NULL;
}
static Value dict_iter_self(Interp *I, Value self) {
    return self;
}

static Value dict_iter_m_length_hint(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    DictIter *it = (DictIter *)as_obj(argv[0]);
    if (!it->dict || it->used != it->dict->len) return v_int(0);
    return v_int((int64_t)it->remaining);
}

static const MethodDef dict_iter_methods[] = {
    {"__next__", seq_m_next, 0},
    {"__iter__", seq_m_iter_self, 0},
    {"__length_hint__", dict_iter_m_length_hint, 0},
    {NULL, NULL, 0},
};

const TypeSpec dict_keyiter_spec = {
    .name = "dict_keyiterator",
    .base = TY_OBJECT,
    .instance_size = sizeof(DictIter),
    .slots = {.trace = dict_iter_trace, .iter = dict_iter_self, .next = dict_keyiter_next},
    .methods = dict_iter_methods,
};
const TypeSpec dict_valueiter_spec = {
    .name = "dict_valueiterator",
    .base = TY_OBJECT,
    .instance_size = sizeof(DictIter),
    .slots = {.trace = dict_iter_trace, .iter = dict_iter_self, .next = dict_valueiter_next},
    .methods = dict_iter_methods,
};
const TypeSpec dict_itemiter_spec = {
    .name = "dict_itemiterator",
    .base = TY_OBJECT,
    .instance_size = sizeof(DictIter),
    .slots = {.trace = dict_iter_trace, .iter = dict_iter_self, .next = dict_itemiter_next},
    .methods = dict_iter_methods,
};

/* ---- views ---- */

static int64_t view_len(Interp *I, Value self) {
    return (int64_t)view_dict(self)->len;
}

static Value keys_iter(Interp *I, Value self) {
    return dict_iter_new(I, view_dict(self), TY_DICT_KEYITER);
}
static Value values_iter(Interp *I, Value self) {
    return dict_iter_new(I, view_dict(self), TY_DICT_VALUEITER);
}
static Value items_iter(Interp *I, Value self) {
    return dict_iter_new(I, view_dict(self), TY_DICT_ITEMITER);
}

static int keys_contains(Interp *I, Value self, Value key) {
    Value v;
    return dict_get(I, view_dict(self), key, &v);
}

static int items_contains(Interp *I, Value self, Value item) {
    if (!is_obj(item) || as_obj(item)->type != I->types[TY_TUPLE] || as_tuple(item)->len != 2)
        return 0;
    Value v;
    int r = dict_get(I, view_dict(self), as_tuple(item)->items[0], &v);
    if (r <= 0) return r;
    return obj_eq(I, v, as_tuple(item)->items[1]);
}

static Value view_repr(Interp *I, Value self) {
    int r = seq_repr_enter(I, self);
    if (r < 0) return V_NULL;
    if (r > 0) return v_obj(str_from_cstr(I, "..."));
    Value lst = v_obj(list_from_iter(I, self));
    Value s = V_NULL;
    if (!is_null(lst) && as_obj(lst)) {
        Value inner = obj_repr(I, lst);
        if (!is_null(inner)) {
            Str *out = str_printf(I, "%s(%s)", type_name(I, self), as_str(inner)->data);
            if (out) s = v_obj(out);
        }
    }
    seq_repr_leave(I, self);
    return s;
}

/* Every element of a is in b (a, b: sets or set-like views). */
static int view_all_in(Interp *I, Value a, Value b) {
    Value it = obj_iter(I, a);
    if (is_null(it) || !gc_temp_push(I, it)) return -1;
    for (;;) {
        Value x;
        int got = obj_next_item(I, it, &x);
        if (got <= 0) return got < 0 ? -1 : 1;
        if (!gc_temp_push(I, x)) return -1;
        int r = obj_contains(I, b, x);
        if (r <= 0) return r;
    }
}

static Value view_richcompare(Interp *I, Value a, Value b, int op) {
    if (!is_setlike_view(I, a) || !(is_anyset(I, b) || is_setlike_view(I, b))) return v_notimpl(I);
    int64_t la = obj_len(I, a), lb = obj_len(I, b);
    if (la < 0 || lb < 0) return V_NULL;
    int r;
    switch (op) {
    case CMP_EQ:
    case CMP_NE:
        r = la == lb ? view_all_in(I, a, b) : 0;
        if (r < 0) return V_NULL;
        return v_bool(op == CMP_EQ ? r : !r);
    case CMP_LT: r = la < lb ? view_all_in(I, a, b) : 0; break;
    case CMP_LE: r = la <= lb ? view_all_in(I, a, b) : 0; break;
    case CMP_GT: r = la > lb ? view_all_in(I, b, a) : 0; break;
    default: r = la >= lb ? view_all_in(I, b, a) : 0; break;
    }
    return r < 0 ? V_NULL : v_bool(r);
}

/* a & b where one side is a set-like view (CPython's _PyDictView_Intersect). */
static Value view_and(Interp *I, Value self, Value other) {
    if (!is_setlike_view(I, self)) {
        Value t = self;
        self = other;
        other = t;
    }
    int64_t lself = obj_len(I, self);
    if (is_obj(other) && as_obj(other)->type == I->types[TY_SET]) {
        int64_t lo = obj_len(I, other);
        if (lself <= lo) return set_intersection_value(I, (Set *)as_obj(other), self);
    }
    if (is_setlike_view(I, other) && obj_len(I, other) > lself) {
        Value t = self;
        self = other;
        other = t;
    }
    Set *res = set_new(I, false);
    if (!res) return V_NULL;
    Value it = obj_iter(I, other);
    if (is_null(it) || !gc_temp_push(I, it)) return V_NULL;
    for (;;) {
        Value x;
        int got = obj_next_item(I, it, &x);
        if (got <= 0) return got < 0 ? V_NULL : v_obj(res);
        if (!gc_temp_push(I, x)) return V_NULL;
        int r =
            is_view(I, self, TY_DICT_KEYS) ? keys_contains(I, self, x) : items_contains(I, self, x);
        if (r < 0) return V_NULL;
        if (r && set_add(I, res, x) < 0) return V_NULL;
    }
}

static Value view_binop(Interp *I, Value a, Value b, int op) {
    if (op != BIN_AND && op != BIN_OR && op != BIN_SUB && op != BIN_XOR) return v_notimpl(I);
    if (op == BIN_AND) return view_and(I, a, b);
    /* the result starts as set(a); a may be any iterable when the view is on the right */
    Type *bt = type_of(I, b);
    if (!bt->slots.iter && !bt->slots.getitem) return v_notimpl(I);
    Set *res = set_from_iter(I, a, false);
    if (!res) return V_NULL;
    int r;
    if (op == BIN_OR)
        r = set_update_value(I, res, b);
    else if (op == BIN_SUB)
        r = set_difference_update_value(I, res, b);
    else
        r = set_symmetric_difference_update_value(I, res, b);
    return r < 0 ? V_NULL : v_obj(res);
}

static Value view_m_isdisjoint(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "isdisjoint", kwnames) || !arg_count(I, "isdisjoint", argc - 1, 1, 1))
        return V_NULL;
    Value it = obj_iter(I, argv[1]);
    if (is_null(it) || !gc_temp_push(I, it)) return V_NULL;
    for (;;) {
        Value x;
        int got = obj_next_item(I, it, &x);
        if (got <= 0) return got < 0 ? V_NULL : V_TRUE;
        if (!gc_temp_push(I, x)) return V_NULL;
        int r = obj_contains(I, argv[0], x);
        if (r < 0) return V_NULL;
        if (r) return V_FALSE;
    }
}

static Value view_m_reversed(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    List *l = list_from_iter(I, argv[0]);
    if (!l) return V_NULL;
    for (size_t i = 0, j = l->len; i + 1 < j; i++, j--) {
        Value t = l->items[i];
        l->items[i] = l->items[j - 1];
        l->items[j - 1] = t;
    }
    return obj_iter(I, v_obj(l));
}

static Value view_get_mapping(Interp *I, Value self) {
    return v_obj(view_dict(self));
}

static const MethodDef setlike_view_methods[] = {
    {"isdisjoint", view_m_isdisjoint, 0},
    {"__reversed__", view_m_reversed, 0},
    {NULL, NULL, 0},
};
static const MethodDef values_view_methods[] = {
    {"__reversed__", view_m_reversed, 0},
    {NULL, NULL, 0},
};
static const GetSetDef view_getsets[] = {
    {"mapping", view_get_mapping, NULL},
    {NULL, NULL, NULL},
};

const TypeSpec dict_keys_spec = {
    .name = "dict_keys",
    .base = TY_OBJECT,
    .instance_size = sizeof(DictView),
    .slots =
        {
            .trace = view_trace,
            .repr = view_repr,
            .richcompare = view_richcompare,
            .binop = view_binop,
            .len = view_len,
            .contains = keys_contains,
            .iter = keys_iter,
        },
    .methods = setlike_view_methods,
    .getsets = view_getsets,
};

const TypeSpec dict_items_spec = {
    .name = "dict_items",
    .base = TY_OBJECT,
    .instance_size = sizeof(DictView),
    .slots =
        {
            .trace = view_trace,
            .repr = view_repr,
            .richcompare = view_richcompare,
            .binop = view_binop,
            .len = view_len,
            .contains = items_contains,
            .iter = items_iter,
        },
    .methods = setlike_view_methods,
    .getsets = view_getsets,
};

const TypeSpec dict_values_spec = {
    .name = "dict_values",
    .base = TY_OBJECT,
    .instance_size = sizeof(DictView),
    .slots =
        {
            .trace = view_trace,
            .repr = view_repr,
            .len = view_len,
            .iter = values_iter,
        },
    .methods = values_view_methods,
    .getsets = view_getsets,
};
