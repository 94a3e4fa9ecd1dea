/* iter.c: the iterator builtins' types (enumerate, zip, map, filter, reversed, the
 * __getitem__ sequence iterator and iter(callable, sentinel)) and the generic sequence
 * helpers seq_richcompare and seq_repr.
 *
 * Each builtin (enumerate, zip, ...) is simply its type: the type's `new` slot is the
 * constructor, so `enumerate(x)` and `isinstance(e, enumerate)` both work as in CPython. */
#include <string.h>

#include "error.h"
#include "gc.h"
#include "number.h"
#include "seq.h"
#include "str.h"

/* ---- generic helpers ---- */

Value seq_richcompare(Interp *I, const Value *a, size_t na, const Value *b, size_t nb, int op) {
    if (na != nb && (op == CMP_EQ || op == CMP_NE)) return v_bool(op == CMP_NE);
    if (!c_recursion_enter(I, " in comparison")) return V_NULL;
    size_t i;
    for (i = 0; i < na && i < nb; i++) {
        int k = obj_eq(I, a[i], b[i]);
        if (k < 0) {
            c_recursion_leave(I);
            return V_NULL;
        }
        if (!k) break;
    }
    Value r;
    if (i >= na || i >= nb) {
        bool res;
        switch (op) {
        case CMP_LT: res = na < nb; break;
        case CMP_LE: res = na <= nb; break;
        case CMP_EQ: res = na == nb; break;
        case CMP_NE: res = na != nb; break;
        case CMP_GT: res = na > nb; break;
        default: res = na >= nb; break;
        }
        r = v_bool(res);
    } else if (op == CMP_EQ) {
        r = V_FALSE;
    } else if (op == CMP_NE) {
        r = V_TRUE;
    } else {
        r = obj_richcompare(I, a[i], b[i], op);
    }
    c_recursion_leave(I);
    return r;
}

Value seq_repr(Interp *I, Value self, const Value *items, size_t n, const char *open,
               const char *close) {
    int r = seq_repr_enter(I, self);
    if (r < 0) return V_NULL;
    if (r > 0) {
        Str *s = str_printf(I, "%s...%s", open, close);
        return s ? v_obj(s) : V_NULL;
    }
    if (!c_recursion_enter(I, " while getting the repr of an object")) {
        seq_repr_leave(I, self);
        return V_NULL;
    }
    StrBuf b;
    sb_init(&b);
    bool ok = sb_append_cstr(I, &b, open);
    for (size_t i = 0; ok && i < n; i++) {
        if (i) ok = sb_append_cstr(I, &b, ", ");
        if (ok) ok = sb_append_repr(I, &b, items[i]);
    }
    if (ok) ok = sb_append_cstr(I, &b, close);
    c_recursion_leave(I);
    seq_repr_leave(I, self);
    if (!ok) {
        sb_free(I, &b);
        return V_NULL;
    }
    Str *s = sb_finish(I, &b);
    return s ? v_obj(s) : V_NULL;
}

static Value iter_self(Interp *I, Value self) {
    return self;
}

static const MethodDef iter_methods[] = {
    {"__next__", seq_m_next, 0},
    {"__iter__", seq_m_iter_self, 0},
    {NULL, NULL, 0},
};

/* ---- iterator over a __getitem__ sequence ---- */

typedef struct SeqIter {
    Obj hdr;
    Value seq; /* V_NULL once exhausted */
    int64_t index;
} SeqIter;

Value seq_iter_new(Interp *I, Value seq) {
    SeqIter *it = gc_new(I, I->types[TY_SEQ_ITER], sizeof(SeqIter));
    if (!it) return V_NULL;
    it->seq = seq;
    return v_obj(it);
}

static void seq_iter_trace(Interp *I, Obj *o) {
    gc_mark_value(I, ((SeqIter *)o)->seq);
}

static Value seq_iter_next(Interp *I, Value self) {
    SeqIter *it = (SeqIter *)as_obj(self);
    if (is_null(it->seq)) return V_NULL;
    Value v = obj_getitem(I, it->seq, v_int(it->index));
    if (is_null(v)) {
        if (err_matches(I, TY_INDEX_ERROR) || err_matches(I, TY_STOP_ITERATION)) {
            err_clear(I);
            it->seq = V_NULL;
        }
        return V_NULL;
    }
    it->index++;
    return v;
}

const TypeSpec seq_iter_spec = {
    .name = "iterator",
    .base = TY_OBJECT,
    .instance_size = sizeof(SeqIter),
    .slots = {.trace = seq_iter_trace, .iter = iter_self, .next = seq_iter_next},
    .methods = iter_methods,
};

/* ---- iter(callable, sentinel) ---- */

typedef struct CallableIter {
    Obj hdr;
    Value callable; /* V_NULL once exhausted */
    Value sentinel;
} CallableIter;

Value callable_iter_new(Interp *I, Value callable, Value sentinel) {
    CallableIter *it = gc_new(I, I->types[TY_CALLABLE_ITER], sizeof(CallableIter));
    if (!it) return V_NULL;
    it->callable = callable;
    it->sentinel = sentinel;
    return v_obj(it);
}

static void callable_iter_trace(Interp *I, Obj *o) {
    gc_mark_value(I, ((CallableIter *)o)->callable);
    gc_mark_value(I, ((CallableIter *)o)->sentinel);
}

static Value callable_iter_next(Interp *I, Value self) {
    CallableIter *it = (CallableIter *)as_obj(self);
    if (is_null(it->callable)) return V_NULL;
    Value v = obj_call(I, it->callable, 0, NULL, NULL);
    if (is_null(v)) {
        if (err_matches(I, TY_STOP_ITERATION)) {
            err_clear(I);
            it->callable = V_NULL;
        }
        return V_NULL;
    }
    if (!gc_temp_push(I, v)) return V_NULL;
    int k = obj_eq(I, v, it->sentinel);
    if (k < 0) return V_NULL;
    if (k) {
        it->callable = V_NULL;
        return V_NULL;
    }
    return v;
}

const TypeSpec callable_iter_spec = {
    .name = "callable_iterator",
    .base = TY_OBJECT,
    .instance_size = sizeof(CallableIter),
    .slots = {.trace = callable_iter_trace, .iter = iter_self, .next = callable_iter_next},
    .methods = iter_methods,
};

/* ---- enumerate ---- */

typedef struct Enumerate {
    Obj hdr;
    Value it;
    Value index; /* an int; small in practice */
} Enumerate;

static void enumerate_trace(Interp *I, Obj *o) {
    gc_mark_value(I, ((Enumerate *)o)->it);
    gc_mark_value(I, ((Enumerate *)o)->index);
}

static Value enumerate_tp_new(Interp *I, Type *type, int argc, Value *argv, Tuple *kwnames) {
    static const char *const names[] = {"iterable", "start"};
    Value out[2];
    if (!arg_parse(I, "enumerate", argc, argv, kwnames, names, 2, 1, 2, out)) return V_NULL;
    Value start = v_int(0);
    if (!is_null(out[1])) {
        start = obj_index_value(I, out[1]);
        if (is_null(start)) return V_NULL;
    }
    Value it = obj_iter(I, out[0]);
    if (is_null(it)) return V_NULL;
    Enumerate *e = gc_new(I, type, type->instance_size);
    if (!e) return V_NULL;
    e->it = it;
    e->index = start;
    return v_obj(e);
}

static Value enumerate_next(Interp *I, Value self) {
    Enumerate *e = (Enumerate *)as_obj(self);
    Value v = obj_next(I, e->it);
    if (is_null(v)) return V_NULL;
    if (!gc_temp_push(I, v)) return V_NULL;
    Value idx = e->index;
    Value next;
    if (is_smallint(idx) && idx.as.i < INT64_MAX)
        next = v_int(idx.as.i + 1);
    else
        next = int_add(I, idx, v_int(1));
    if (is_null(next)) return V_NULL;
    e->index = next;
    Tuple *t = tuple_pack(I, 2, idx, v);
    return t ? v_obj(t) : V_NULL;
}

const TypeSpec enumerate_spec = {
    .name = "enumerate",
    .base = TY_OBJECT,
    .instance_size = sizeof(Enumerate),
    .flags = TF_BASETYPE,
    .slots =
        {
            .trace = enumerate_trace,
            .iter = iter_self,
            .next = enumerate_next,
            .new = enumerate_tp_new,
        },
    .methods = iter_methods,
};

/* ---- zip ---- */

typedef struct Zip {
    Obj hdr;
    Tuple *its; /* NULL once exhausted */
    bool strict;
} Zip;

static void zip_trace(Interp *I, Obj *o) {
    gc_mark_obj(I, (Obj *)((Zip *)o)->its);
}

static Value zip_tp_new(Interp *I, Type *type, int argc, Value *argv, Tuple *kwnames) {
    int nkw = kwnames ? (int)kwnames->len : 0;
    int npos = argc; /* keyword values follow the argc positional ones */
    bool strict = false;
    for (int k = 0; k < nkw; k++) {
        Str *name = as_str(kwnames->items[k]);
        if (strcmp(name->data, "strict") != 0)
            return err_format(I, TY_TYPE_ERROR, "zip() got an unexpected keyword argument '%s'",
                              name->data);
        int t = obj_truthy(I, argv[npos + k]);
        if (t < 0) return V_NULL;
        strict = t;
    }
    Tuple *its = tuple_new(I, (size_t)npos);
    if (!its) return V_NULL;
    for (int i = 0; i < npos; i++) {
        Value it = obj_iter(I, argv[i]);
        if (is_null(it)) return V_NULL;
        its->items[i] = it;
    }
    Zip *z = gc_new(I, type, type->instance_size);
    if (!z) return V_NULL;
    z->its = its;
    z->strict = strict;
    return v_obj(z);
}

static Value zip_next(Interp *I, Value self) {
    Zip *z = (Zip *)as_obj(self);
    Tuple *its = z->its;
    if (!its || its->len == 0) return V_NULL;
    Tuple *res = tuple_new(I, its->len);
    if (!res) return V_NULL;
    for (size_t i = 0; i < its->len; i++) {
        Value v;
        int got = obj_next_item(I, its->items[i], &v);
        if (got > 0) {
            res->items[i] = v;
            continue;
        }
        if (got < 0) return V_NULL;
        z->its = NULL;
        if (!z->strict) return V_NULL;
        if (i > 0) {
            if (i == 1)
                return err_format(I, TY_VALUE_ERROR, "zip() argument 2 is shorter than argument 1");
            return err_format(I, TY_VALUE_ERROR,
                              "zip() argument %zu is shorter than arguments 1-%zu", i + 1, i);
        }
        for (size_t j = 1; j < its->len; j++) {
            Value w;
            got = obj_next_item(I, its->items[j], &w);
            if (got > 0) {
                if (j == 1)
                    return err_format(I, TY_VALUE_ERROR,
                                      "zip() argument 2 is longer than argument 1");
                return err_format(I, TY_VALUE_ERROR,
                                  "zip() argument %zu is longer than arguments 1-%zu", j + 1, j);
            }
            if (got < 0) return V_NULL;
        }
        return V_NULL;
    }
    return v_obj(res);
}

const TypeSpec zip_spec = {
    .name = "zip",
    .base = TY_OBJECT,
    .instance_size = sizeof(Zip),
    .flags = TF_BASETYPE,
    .slots = {.trace = zip_trace, .iter = iter_self, .next = zip_next, .new = zip_tp_new},
    .methods = iter_methods,
};

/* ---- map ---- */

typedef struct Map {
    Obj hdr;
    Value func;
    Tuple *its;
} Map;

static void map_trace(Interp *I, Obj *o) {
    gc_mark_value(I, ((Map *)o)->func);
    gc_mark_obj(I, (Obj *)((Map *)o)->its);
}

static Value map_tp_new(Interp *I, Type *type, int argc, Value *argv, Tuple *kwnames) {
    if (type == I->types[TY_MAP] && !arg_no_kw(I, "map", kwnames)) return V_NULL;
    if (argc < 2) return err_format(I, TY_TYPE_ERROR, "map() must have at least two arguments.");
    Tuple *its = tuple_new(I, (size_t)argc - 1);
    if (!its) return V_NULL;
    for (int i = 1; i < argc; i++) {
        Value it = obj_iter(I, argv[i]);
        if (is_null(it)) return V_NULL;
        its->items[i - 1] = it;
    }
    Map *m = gc_new(I, type, type->instance_size);
    if (!m) return V_NULL;
    m->func = argv[0];
    m->its = its;
    return v_obj(m);
}

static Value map_next(Interp *I, Value self) {
    Map *m = (Map *)as_obj(self);
    size_t n = m->its->len;
    Value small[4];
    Tuple *args = NULL;
    Value *av = small;
    if (n > 4) {
        args = tuple_new(I, n);
        if (!args) return V_NULL;
        av = args->items;
    }
    size_t mark = gc_temp_mark(I);
    for (size_t i = 0; i < n; i++) {
        Value v = obj_next(I, m->its->items[i]);
        if (is_null(v)) return V_NULL;
        if (!gc_temp_push(I, v)) return V_NULL;
        av[i] = v;
    }
    Value r = obj_call(I, m->func, (int)n, av, NULL);
    gc_temp_reset(I, mark);
    return r;
}

const TypeSpec map_spec = {
    .name = "map",
    .base = TY_OBJECT,
    .instance_size = sizeof(Map),
    .flags = TF_BASETYPE,
    .slots = {.trace = map_trace, .iter = iter_self, .next = map_next, .new = map_tp_new},
    .methods = iter_methods,
};

/* ---- filter ---- */

typedef struct Filter {
    Obj hdr;
    Value func; /* None: truthiness */
    Value it;
} Filter;

static void filter_trace(Interp *I, Obj *o) {
    gc_mark_value(I, ((Filter *)o)->func);
    gc_mark_value(I, ((Filter *)o)->it);
}

static Value filter_tp_new(Interp *I, Type *type, int argc, Value *argv, Tuple *kwnames) {
    if (type == I->types[TY_FILTER] && !arg_no_kw(I, "filter", kwnames)) return V_NULL;
    if (argc != 2) return err_format(I, TY_TYPE_ERROR, "filter expected 2 arguments, got %d", argc);
    Value it = obj_iter(I, argv[1]);
    if (is_null(it)) return V_NULL;
    Filter *f = gc_new(I, type, type->instance_size);
    if (!f) return V_NULL;
    f->func = argv[0];
    f->it = it;
    return v_obj(f);
}

static Value filter_next(Interp *I, Value self) {
    Filter *f = (Filter *)as_obj(self);
    for (;;) {
        size_t mark = gc_temp_mark(I);
        Value v = obj_next(I, f->it);
        if (is_null(v)) return V_NULL;
        if (!gc_temp_push(I, v)) return V_NULL;
        int t;
        if (is_none(f->func) || v_is(f->func, v_obj(I->types[TY_BOOL]))) {
            t = obj_truthy(I, v);
        } else {
            Value r = obj_call(I, f->func, 1, &v, NULL);
            if (is_null(r)) return V_NULL;
            t = obj_truthy(I, r);
        }
        if (t < 0) return V_NULL;
        gc_temp_reset(I, mark);
        if (t) return v;
    }
}

const TypeSpec filter_spec = {
    .name = "filter",
    .base = TY_OBJECT,
    .instance_size = sizeof(Filter),
    .flags = TF_BASETYPE,
    .slots = {.trace = filter_trace, .iter = iter_self, .next = filter_next, .new = filter_tp_new},
    .methods = iter_methods,
};

/* ---- reversed ---- */

typedef struct Reversed {
    Obj hdr;
    Value seq; /* V_NULL once exhausted */
    int64_t index;
} Reversed;

static void reversed_trace(Interp *I, Obj *o) {
    gc_mark_value(I, ((Reversed *)o)->seq);
}

static Value reversed_tp_new(Interp *I, Type *type, int argc, Value *argv, Tuple *kwnames) {
    if (type == I->types[TY_REVERSED] && !arg_no_kw(I, "reversed", kwnames)) return V_NULL;
    if (argc != 1)
        return err_format(I, TY_TYPE_ERROR, "reversed expected 1 argument, got %d", argc);
    Value seq = argv[0];
    Type *t = type_of(I, seq);
    Value rev = type_lookup(I, t, I->names.reversed);
    if (!is_null(rev)) {
        if (is_none(rev))
            return err_format(I, TY_TYPE_ERROR, "'%s' object is not reversible", type_name(I, seq));
        return obj_call_method(I, seq, I->names.reversed, 0, NULL);
    }
    bool is_mapping = type_is_subtype(t, I->types[TY_DICT]);
    if (!t->slots.getitem || !t->slots.len || is_mapping)
        return err_format(I, TY_TYPE_ERROR, "'%s' object is not reversible", type_name(I, seq));
    int64_t n = obj_len(I, seq);
    if (n < 0) return V_NULL;
    Reversed *r = gc_new(I, type, type->instance_size);
    if (!r) return V_NULL;
    r->seq = seq;
    r->index = n - 1;
    return v_obj(r);
}

static Value reversed_next(Interp *I, Value self) {
    Reversed *r = (Reversed *)as_obj(self);
    if (is_null(r->seq)) return V_NULL;
    if (r->index >= 0) {
        Value v = obj_getitem(I, r->seq, v_int(r->index));
        if (!is_null(v)) {
            r->index--;
            return v;
        }
        if (!err_matches(I, TY_INDEX_ERROR) && !err_matches(I, TY_STOP_ITERATION)) return v;
        err_clear(I);
    }
    r->seq = V_NULL;
    r->index = -1;
    return V_NULL;
}

const TypeSpec reversed_spec = {
    .name = "reversed",
    .base = TY_OBJECT,
    .instance_size = sizeof(Reversed),
    .flags = TF_BASETYPE,
    .slots = {.trace = reversed_trace,
              .iter = iter_self,
              .next = reversed_next,
              .new = reversed_tp_new},
    .methods = iter_methods,
};
