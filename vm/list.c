/* list.c: the list type and its iterators.
 *
 * A list is a growable array of Values (object.h's List), over-allocated as CPython does so
 * that append is amortised O(1). Any Python code a list operation calls (__eq__, __repr__,
 * __index__) may mutate the list, so loops re-read len and items after each such call
 * instead of holding a pointer into the array. list.__new__ makes an empty list and
 * list.__init__ fills it, as in CPython, so subclasses that override __init__ behave. */
#include <string.h>

#include "dict.h"
#include "error.h"
#include "gc.h"
#include "number.h"
#include "seq.h"
#include "overflow.h"
#include "str.h"

/* ---- storage ---- */

static bool list_is(Interp *I, Value v) {
    return is_obj(v) && type_is_subtype(as_obj(v)->type, I->types[TY_LIST]);
}

/* A list made with a known small length (`[p]`, `[a, b]`, a short slice) keeps its items in
 * the object itself, after the List: one heap slot and no malloc, where a separate array
 * cost a malloc at creation and a free at the sweep, more than the object (malloc/free were
 * 12% of bench/objects.py, whose grid cells are one-item lists). A list that outgrows the
 * inline room moves its items to a malloc'd array and leaves the room unused; lists made
 * empty and grown (`[]` then append, comprehensions) never have it. */
#define LIST_INLINE_MAX 8

/* Make room for newlen items, over-allocating as list_resize in CPython. */
bool list_reserve(Interp *I, List *l, size_t newlen) {
    if (newlen <= l->cap) return true;
    if (newlen > SIZE_OBJ_MAX / sizeof(Value)) {
        err_nomem(I);
        return false;
    }
    size_t cap = (newlen + (newlen >> 3) + 6) & ~(size_t)3;
    if (newlen - l->len > cap - newlen) cap = (newlen + 3) & ~(size_t)3;
    if (cap > SIZE_OBJ_MAX / sizeof(Value)) cap = newlen;
    Value *p;
    if (list_items_inline(l)) {
        p = mem_alloc_array(I, cap, sizeof(Value));
        if (!p) return false;
        memcpy(p, l->items, l->len * sizeof(Value));
    } else {
        p = mem_realloc_array(I, l->items, l->cap, cap, sizeof(Value));
        if (!p) return false;
    }
    l->items = p;
    l->cap = cap;
    return true;
}

List *list_new(Interp *I, size_t cap) {
    if (cap && cap <= LIST_INLINE_MAX) {
        List *l = gc_new(I, I->types[TY_LIST], sizeof(List) + cap * sizeof(Value));
        if (!l) return NULL;
        l->items = (Value *)(l + 1);
        l->cap = cap;
        return l;
    }
    List *l = gc_new(I, I->types[TY_LIST], sizeof(List));
    if (!l) return NULL;
    if (cap) {
        l->items = mem_alloc_array(I, cap, sizeof(Value));
        if (!l->items) return NULL;
        l->cap = cap;
    }
    return l;
}

List *list_from_array(Interp *I, const Value *items, size_t n) {
    List *l = list_new(I, n);
    if (!l) return NULL;
    if (n) memcpy(l->items, items, n * sizeof(Value));
    l->len = n;
    return l;
}

bool list_append(Interp *I, List *l, Value v) {
    if (l->len == l->cap && !list_reserve(I, l, l->len + 1)) return false;
    l->items[l->len++] = v;
    return true;
}

bool list_insert(Interp *I, List *l, int64_t index, Value v) {
    int64_t n = (int64_t)l->len;
    if (index < 0) {
        index += n;
        if (index < 0) index = 0;
    }
    if (index > n) index = n;
    if (!list_reserve(I, l, l->len + 1)) return false;
    memmove(l->items + index + 1, l->items + index, (size_t)(n - index) * sizeof(Value));
    l->items[index] = v;
    l->len++;
    return true;
}

bool list_extend_iter(Interp *I, List *l, Value iterable) {
    if (is_obj(iterable)) {
        Type *t = as_obj(iterable)->type;
        if (t == I->types[TY_LIST] || t == I->types[TY_TUPLE]) {
            /* l.extend(l) must copy the original length only */
            size_t n = t == I->types[TY_LIST] ? as_list(iterable)->len : as_tuple(iterable)->len;
            if (!list_reserve(I, l, l->len + n)) return false;
            const Value *src =
                t == I->types[TY_LIST] ? as_list(iterable)->items : as_tuple(iterable)->items;
            if (n) memmove(l->items + l->len, src, n * sizeof(Value));
            l->len += n;
            return true;
        }
    }
    /* room for the announced length first, as CPython: a length no memory holds is a
     * MemoryError now, not after filling all the memory there is one item at a time */
    int64_t hint = obj_length_hint(I, iterable, 0);
    if (hint < 0) return false;
    if (hint > 0 &&
        !list_reserve(I, l, (uint64_t)hint > SIZE_OBJ_MAX ? SIZE_MAX : l->len + (size_t)hint))
        return false;
    Value it = obj_iter(I, iterable);
    if (is_null(it)) return false;
    if (!gc_temp_push(I, it)) return false;
    /* each item is kept by l: what an iteration left on the temp-root stack can go */
    size_t mark = gc_temp_mark(I);
    for (;;) {
        gc_temp_reset(I, mark);
        Value v;
        int got = obj_next_item(I, it, &v);
        if (got <= 0) return got == 0;
        if (!list_append(I, l, v)) return false;
    }
}

List *list_from_iter(Interp *I, Value iterable) {
    List *l = list_new(I, 0);
    if (!l) return NULL;
    return list_extend_iter(I, l, iterable) ? l : NULL;
}

static Value list_slice(Interp *I, List *l, int64_t start, int64_t step, int64_t n) {
    List *r = list_new(I, (size_t)n);
    if (!r) return V_NULL;
    for (int64_t i = 0, j = start; i < n; i++, j += step)
        r->items[i] = l->items[j];
    r->len = (size_t)n;
    return v_obj(r);
}

/* ---- slots ---- */

/* Each item's header is fetched 8 items ahead of its mark: a long list's items are spread
 * over the heap, and marking them one cache miss at a time was most of a collection's
 * marking (gc_mark_obj 13% of bench/strings_dicts.py, whose 200,000 words are re-marked at
 * every cycle). */
#define LIST_TRACE_AHEAD 8

static void list_trace(Interp *I, Obj *o) {
    List *l = (List *)o;
    size_t n = l->len;
    const Value *items = l->items;
    for (size_t i = 0; i < n; i++) {
#if defined(__GNUC__) || defined(__clang__)
        if (i + LIST_TRACE_AHEAD < n && items[i + LIST_TRACE_AHEAD].tag == KR_TOBJ)
            __builtin_prefetch(items[i + LIST_TRACE_AHEAD].as.o);
#endif
        gc_mark_value(I, items[i]);
    }
}

static void list_finalize(Interp *I, Obj *o) {
    List *l = (List *)o;
    if (l->items && !list_items_inline(l)) mem_free(I, l->items, l->cap * sizeof(Value));
    l->items = NULL;
    l->len = l->cap = 0;
}

/* Find self on the repr stack (returns 1), or push it (0); -1 on error. */
int seq_repr_enter(Interp *I, Value self) {
    if (!I->repr_stack) {
        I->repr_stack = list_new(I, 8);
        if (!I->repr_stack) return -1;
    }
    List *st = I->repr_stack;
    for (size_t i = 0; i < st->len; i++)
        if (v_is(st->items[i], self)) return 1;
    return list_append(I, st, self) ? 0 : -1;
}

void seq_repr_leave(Interp *I, Value self) {
    List *st = I->repr_stack;
    if (!st) return;
    for (size_t i = st->len; i-- > 0;) {
        if (v_is(st->items[i], self)) {
            memmove(st->items + i, st->items + i + 1, (st->len - i - 1) * sizeof(Value));
            st->len--;
            return;
        }
    }
}

static Value list_repr(Interp *I, Value self) {
    List *l = as_list(self);
    if (l->len == 0) return v_obj(str_from_cstr(I, "[]"));
    int r = seq_repr_enter(I, self);
    if (r < 0) return V_NULL;
    if (r > 0) return v_obj(str_from_cstr(I, "[...]"));
    if (!c_recursion_enter(I, " while getting the repr of an object")) {
        seq_repr_leave(I, self);
        return V_NULL;
    }
    StrBuf b;
    sb_init(&b);
    bool ok = sb_append_char(I, &b, '[');
    for (size_t i = 0; ok && i < l->len; i++) {
        if (i) ok = sb_append_cstr(I, &b, ", ");
        if (ok) ok = sb_append_repr(I, &b, l->items[i]);
    }
    if (ok) ok = sb_append_char(I, &b, ']');
    c_recursion_leave(I);
    seq_repr_leave(I, self);
    if (!ok) {
        sb_free(I, &b);
        return V_NULL;
    }
    Str *s = sb_finish(I, &b);
    return s ? v_obj(s) : V_NULL;
}

static Value list_richcompare(Interp *I, Value a, Value b, int op) {
    if (!list_is(I, a) || !list_is(I, b)) return v_notimpl(I);
    List *x = as_list(a), *y = as_list(b);
    if (x->len != y->len && (op == CMP_EQ || op == CMP_NE)) return v_bool(op == CMP_NE);
    if (!c_recursion_enter(I, " in comparison")) return V_NULL;
    size_t i;
    for (i = 0; i < x->len && i < y->len; i++) {
        int k = obj_eq(I, x->items[i], y->items[i]);
        if (k < 0) {
            c_recursion_leave(I);
            return V_NULL;
        }
        if (!k) break;
    }
    Value r;
    if (i >= x->len || i >= y->len) {
        size_t nx = x->len, ny = y->len;
        bool res;
        switch (op) {
        case CMP_LT: res = nx < ny; break;
        case CMP_LE: res = nx <= ny; break;
        case CMP_EQ: res = nx == ny; break;
        case CMP_NE: res = nx != ny; break;
        case CMP_GT: res = nx > ny; break;
        default: res = nx >= ny; break;
        }
        r = v_bool(res);
    } else if (op == CMP_EQ) {
        r = V_FALSE;
    } else if (op == CMP_NE) {
        r = V_TRUE;
    } else {
        r = obj_richcompare(I, x->items[i], y->items[i], op);
    }
    c_recursion_leave(I);
    return r;
}

/* The repeat count of seq * n; false after raising (or *handled when not an int). */
bool seq_repeat_count(Interp *I, Value n, int64_t *out) {
    if (is_smallint(n) || is_bool(n)) {
        *out = n.as.i;
        return true;
    }
    Value v = obj_index_value(I, n);
    if (is_null(v)) return false;
    if (!is_smallint(v) && !is_bool(v)) {
        if (int_sign(I, v) < 0) {
            *out = 0;
            return true;
        }
        err_format(I, TY_OVERFLOW_ERROR, "cannot fit 'int' into an index-sized integer");
        return false;
    }
    *out = v.as.i;
    return true;
}

/* Whether `other` can be the count of a sequence repeat; if not the caller returns
 * NotImplemented (user classes may define __rmul__) or raises CPython's message. */
bool seq_is_count(Interp *I, Value other) {
    if (is_smallint(other) || is_bool(other) || is_int(I, other)) return true;
    Type *t = type_of(I, other);
    return !(t->flags & TF_HEAPTYPE) && t->slots.index != NULL;
}

Value seq_mul_error(Interp *I, Value other) {
    return err_format(I, TY_TYPE_ERROR, "can't multiply sequence by non-int of type '%s'",
                      type_name(I, other));
}

static Value list_repeat(Interp *I, List *l, int64_t n) {
    if (n < 0 || l->len == 0) n = 0;
    size_t total;
    if (!size_mul_or_raise(I, l->len, (size_t)n, &total)) return V_NULL;
    List *r = list_new(I, total);
    if (!r) return V_NULL;
    for (int64_t k = 0; k < n; k++)
        memcpy(r->items + (size_t)k * l->len, l->items, l->len * sizeof(Value));
    r->len = total;
    return v_obj(r);
}

static Value list_binop(Interp *I, Value a, Value b, int op) {
    if (op == BIN_ADD) {
        if (!list_is(I, a)) return v_notimpl(I);
        if (!list_is(I, b)) {
            if (type_of(I, b)->flags & TF_HEAPTYPE) return v_notimpl(I);
            return err_format(I, TY_TYPE_ERROR, "can only concatenate list (not \"%s\") to list",
                              type_name(I, b));
        }
        List *x = as_list(a), *y = as_list(b);
        size_t total;
        if (!size_add_or_raise(I, x->len, y->len, &total)) return V_NULL;
        List *r = list_new(I, total);
        if (!r) return V_NULL;
        if (x->len) memcpy(r->items, x->items, x->len * sizeof(Value));
        if (y->len) memcpy(r->items + x->len, y->items, y->len * sizeof(Value));
        r->len = x->len + y->len;
        return v_obj(r);
    }
    if (op == BIN_MUL) {
        Value seq = list_is(I, a) ? a : b, other = list_is(I, a) ? b : a;
        if (!seq_is_count(I, other)) {
            if (type_of(I, other)->flags & TF_HEAPTYPE) return v_notimpl(I);
            return seq_mul_error(I, other);
        }
        int64_t n;
        if (!seq_repeat_count(I, other, &n)) return V_NULL;
        return list_repeat(I, as_list(seq), n);
    }
    return v_notimpl(I);
}

static Value list_inplace(Interp *I, Value a, Value b, int op) {
    if (!list_is(I, a)) return v_notimpl(I);
    List *l = as_list(a);
    if (op == BIN_ADD) {
        if (!list_extend_iter(I, l, b)) return V_NULL;
        return a;
    }
    if (op == BIN_MUL) {
        if (!seq_is_count(I, b)) {
            if (type_of(I, b)->flags & TF_HEAPTYPE) return v_notimpl(I);
            return seq_mul_error(I, b);
        }
        int64_t n;
        if (!seq_repeat_count(I, b, &n)) return V_NULL;
        if (n <= 0 || l->len == 0) {
            l->len = 0;
            return a;
        }
        size_t len = l->len, total;
        if (!size_mul_or_raise(I, len, (size_t)n, &total)) return V_NULL;
        if (!list_reserve(I, l, total)) return V_NULL;
        for (int64_t k = 1; k < n; k++)
            memcpy(l->items + (size_t)k * len, l->items, len * sizeof(Value));
        l->len = len * (size_t)n;
        return a;
    }
    return v_notimpl(I);
}

static int64_t list_len(Interp *I, Value self) {
    return (int64_t)as_list(self)->len;
}

static bool is_slice(Interp *I, Value v) {
    return is_obj(v) && as_obj(v)->type == I->types[TY_SLICE];
}

static Value list_getitem(Interp *I, Value self, Value key) {
    List *l = as_list(self);
    if (is_smallint(key)) {
        int64_t i = key.as.i;
        if (i < 0) i += (int64_t)l->len;
        if (i < 0 || i >= (int64_t)l->len)
            return err_format(I, TY_INDEX_ERROR, "list index out of range");
        return l->items[i];
    }
    /* converting the key may run __index__, which may resize l: read len afterwards */
    if (is_slice(I, key)) {
        int64_t a, b, st;
        if (!slice_unpack(I, (Slice *)as_obj(key), &a, &b, &st)) return V_NULL;
        int64_t n = slice_adjust((int64_t)l->len, &a, &b, st);
        return list_slice(I, l, a, st, n);
    }
    int64_t i;
    if (!seq_index_value(I, key, "list", &i) ||
        !seq_index_adjust(I, i, (int64_t)l->len, "list", &i))
        return V_NULL;
    return l->items[i];
}

/* l[a:b] = items (step 1), or delete when items is NULL. */
static bool list_assign_simple(Interp *I, List *l, int64_t a, int64_t b, const Value *items,
                               size_t n) {
    if (b < a) b = a;
    size_t dn = (size_t)(b - a);
    size_t newlen = l->len - dn + n;
    if (n > dn && !list_reserve(I, l, newlen)) return false;
    size_t tail = l->len - (size_t)b;
    /* an empty list may have no items array: memmove of NULL is undefined even for 0 bytes */
    if (tail) memmove(l->items + a + n, l->items + b, tail * sizeof(Value));
    if (n) memcpy(l->items + a, items, n * sizeof(Value));
    l->len = newlen;
    return true;
}

static int list_setslice(Interp *I, List *l, Slice *s, Value v) {
    int64_t a, b, st, n;
    int64_t ua, ub; /* the converted bounds, resolved against l->len once v is materialised */
    if (!slice_unpack(I, s, &ua, &ub, &st)) return -1;
    a = ua, b = ub;
    n = slice_adjust((int64_t)l->len, &a, &b, st);
    int64_t n_before = n; /* CPython checks an extended slice's size against this one */
    if (is_null(v)) {     /* delete */
        if (st == 1) return list_assign_simple(I, l, a, b, NULL, 0) ? 0 : -1;
        if (n == 0) return 0;
        if (st < 0) { /* walk forwards */
            a = a + st * (n - 1);
            st = -st;
        }
        size_t w = (size_t)a;
        for (size_t r = (size_t)a; r < l->len; r++) {
            if ((int64_t)r >= a && ((int64_t)r - a) % st == 0 && ((int64_t)r - a) / st < n)
                continue;
            l->items[w++] = l->items[r];
        }
        l->len = w;
        return 0;
    }
    /* materialise the source; copy when it is the list itself */
    const Value *src;
    size_t m;
    Value seqv = v;
    if (is_obj(v) && (as_obj(v)->type == I->types[TY_TUPLE])) {
        src = as_tuple(v)->items;
        m = as_tuple(v)->len;
    } else if (is_obj(v) && as_obj(v)->type == I->types[TY_LIST] && as_list(v) != l) {
        src = as_list(v)->items;
        m = as_list(v)->len;
    } else {
        Type *t = type_of(I, v);
        if (!t->slots.iter && !t->slots.getitem) {
            err_format(I, TY_TYPE_ERROR,
                       st == 1 ? "can only assign an iterable"
                               : "must assign iterable to extended slice");
            return -1;
        }
        List *tmp = list_from_iter(I, v);
        if (!tmp) return -1;
        seqv = v_obj(tmp);
        src = tmp->items;
        m = tmp->len;
        /* iterating may have mutated l: resolve the slice again */
        a = ua, b = ub;
        n = slice_adjust((int64_t)l->len, &a, &b, st);
    }
    (void)seqv;
    if (st == 1) return list_assign_simple(I, l, a, b, src, m) ? 0 : -1;
    if ((int64_t)m != n_before || (int64_t)m != n) {
        err_format(I, TY_VALUE_ERROR,
                   "attempt to assign sequence of size %zu to extended slice of size %lld", m,
                   (long long)((int64_t)m != n_before ? n_before : n));
        return -1;
    }
    for (int64_t i = 0, j = a; i < n; i++, j += st)
        l->items[j] = src[i];
    return 0;
}

static int list_setitem(Interp *I, Value self, Value key, Value v) {
    List *l = as_list(self);
    if (is_slice(I, key)) return list_setslice(I, l, (Slice *)as_obj(key), v);
    int64_t i;
    if (is_smallint(key)) {
        i = key.as.i;
        if (i < 0) i += (int64_t)l->len;
        if (i < 0 || i >= (int64_t)l->len) {
            err_format(I, TY_INDEX_ERROR, "list assignment index out of range");
            return -1;
        }
    } else if (!seq_index_value(I, key, "list assignment", &i) ||
               !seq_index_adjust(I, i, (int64_t)l->len, "list assignment", &i)) {
        return -1; /* the length is read after __index__ ran: it may have resized l */
    }
    if (is_null(v)) {
        memmove(l->items + i, l->items + i + 1, (l->len - (size_t)i - 1) * sizeof(Value));
        l->len--;
    } else {
        l->items[i] = v;
    }
    return 0;
}

static int list_contains(Interp *I, Value self, Value item) {
    List *l = as_list(self);
    for (size_t i = 0; i < l->len; i++) {
        int k = obj_eq(I, l->items[i], item);
        if (k) return k;
    }
    return 0;
}

typedef struct ListIter {
    Obj hdr;
    List *list; /* NULL once exhausted */
    size_t index;
} ListIter;

static Value list_iter_make(Interp *I, List *l, int id, size_t start) {
    ListIter *it = gc_new(I, I->types[id], sizeof(ListIter));
    if (!it) return V_NULL;
    it->list = l;
    it->index = start;
    return v_obj(it);
}

static Value list_iter(Interp *I, Value self) {
    return list_iter_make(I, as_list(self), TY_LIST_ITER, 0);
}

static Value list_tp_new(Interp *I, Type *type, int argc, Value *argv, Tuple *kwnames) {
    if (type == I->types[TY_LIST] && kwnames && kwnames->len)
        return err_format(I, TY_TYPE_ERROR, "list() takes no keyword arguments");
    List *l = gc_new(I, type, type->instance_size);
    return l ? v_obj(l) : V_NULL;
}

/* ---- methods ---- */

static Value list_m_init(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (kwnames && kwnames->len)
        return err_format(I, TY_TYPE_ERROR, "list() takes no keyword arguments");
    if (argc > 2)
        return err_format(I, TY_TYPE_ERROR, "list expected at most 1 argument, got %d", argc - 1);
    List *l = as_list(argv[0]);
    l->len = 0;
    if (argc == 2 && !list_extend_iter(I, l, argv[1])) return V_NULL;
    return V_NONE;
}

static Value list_m_append(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (argc != 2 || (kwnames && kwnames->len)) {
        if (!arg_no_kw(I, "append", kwnames)) return V_NULL;
        return err_format(I, TY_TYPE_ERROR, "list.append() takes exactly one argument (%d given)",
                          argc - 1);
    }
    if (!list_append(I, as_list(argv[0]), argv[1])) return V_NULL;
    return V_NONE;
}

static Value list_m_extend(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "extend", kwnames)) return V_NULL;
    if (argc != 2)
        return err_format(I, TY_TYPE_ERROR, "list.extend() takes exactly one argument (%d given)",
                          argc - 1);
    if (!list_extend_iter(I, as_list(argv[0]), argv[1])) return V_NULL;
    return V_NONE;
}

static Value list_m_insert(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "insert", kwnames)) return V_NULL;
    if (argc != 3)
        return err_format(I, TY_TYPE_ERROR, "insert expected 2 arguments, got %d", argc - 1);
    int64_t i;
    if (!seq_repeat_count(I, argv[1], &i)) return V_NULL;
    if (!list_insert(I, as_list(argv[0]), i, argv[2])) return V_NULL;
    return V_NONE;
}

static Value list_m_pop(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "pop", kwnames)) return V_NULL;
    if (argc > 2)
        return err_format(I, TY_TYPE_ERROR, "pop expected at most 1 argument, got %d", argc - 1);
    List *l = as_list(argv[0]);
    int64_t i = -1;
    if (argc == 2 && obj_index(I, argv[1], &i) < 0) return V_NULL;
    if (l->len == 0) return err_format(I, TY_INDEX_ERROR, "pop from empty list");
    if (i < 0) i += (int64_t)l->len;
    if (i < 0 || i >= (int64_t)l->len)
        return err_format(I, TY_INDEX_ERROR, "pop index out of range");
    Value v = l->items[i];
    memmove(l->items + i, l->items + i + 1, (l->len - (size_t)i - 1) * sizeof(Value));
    l->len--;
    return v;
}

static Value list_m_remove(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "remove", kwnames)) return V_NULL;
    if (argc != 2)
        return err_format(I, TY_TYPE_ERROR, "list.remove() takes exactly one argument (%d given)",
                          argc - 1);
    List *l = as_list(argv[0]);
    for (size_t i = 0; i < l->len; i++) {
        int k = obj_eq(I, l->items[i], argv[1]);
        if (k < 0) return V_NULL;
        if (k > 0) {
            if (i < l->len) {
                memmove(l->items + i, l->items + i + 1, (l->len - i - 1) * sizeof(Value));
                l->len--;
            }
            return V_NONE;
        }
    }
    return err_format(I, TY_VALUE_ERROR, "list.remove(x): x not in list");
}

/* A start/stop argument of index(): clamped like a slice bound. */
static bool seq_clamp_arg(Interp *I, Value v, int64_t len, int64_t *out) {
    int64_t x;
    if (is_smallint(v) || is_bool(v)) {
        x = v.as.i;
    } else {
        if (!is_int(I, v) && !type_of(I, v)->slots.index) {
            err_format(I, TY_TYPE_ERROR,
                       "slice indices must be integers or have an __index__ method");
            return false;
        }
        Value iv = obj_index_value(I, v);
        if (is_null(iv)) return false;
        if (is_smallint(iv) || is_bool(iv))
            x = iv.as.i;
        else
            x = int_sign(I, iv) < 0 ? -INT64_MAX : INT64_MAX;
    }
    if (x < 0) {
        x += len;
        if (x < 0) x = 0;
    }
    *out = x;
    return true;
}

/* Shared by list.index and tuple.index: argv = self, x[, start[, stop]]. */
Value seq_index_method(Interp *I, int argc, Value *argv, Tuple *kwnames, Value *const *items,
                       const size_t *len, const char *what) {
    if (!arg_no_kw(I, "index", kwnames)) return V_NULL;
    if (argc < 2)
        return err_format(I, TY_TYPE_ERROR, "index expected at least 1 argument, got %d", argc - 1);
    if (argc > 4)
        return err_format(I, TY_TYPE_ERROR, "index expected at most 3 arguments, got %d", argc - 1);
    int64_t start = 0, stop = INT64_MAX;
    if (argc > 2 && !seq_clamp_arg(I, argv[2], (int64_t)*len, &start)) return V_NULL;
    if (argc > 3 && !seq_clamp_arg(I, argv[3], (int64_t)*len, &stop)) return V_NULL;
    for (int64_t i = start; i < stop && i < (int64_t)*len; i++) {
        int k = obj_eq(I, (*items)[i], argv[1]);
        if (k < 0) return V_NULL;
        if (k > 0) return v_int(i);
    }
    if (strcmp(what, "tuple") == 0) /* CPython words the two differently */
        return err_format(I, TY_VALUE_ERROR, "tuple.index(x): x not in tuple");
    Value r = obj_repr(I, argv[1]);
    if (is_null(r)) return V_NULL;
    return err_format(I, TY_VALUE_ERROR, "%s is not in %s", as_str(r)->data, what);
}

static Value list_m_index(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    List *l = as_list(argv[0]);
    return seq_index_method(I, argc, argv, kwnames, &l->items, &l->len, "list");
}

static Value list_m_count(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "count", kwnames)) return V_NULL;
    if (argc != 2)
        return err_format(I, TY_TYPE_ERROR, "list.count() takes exactly one argument (%d given)",
                          argc - 1);
    List *l = as_list(argv[0]);
    int64_t c = 0;
    for (size_t i = 0; i < l->len; i++) {
        int k = obj_eq(I, l->items[i], argv[1]);
        if (k < 0) return V_NULL;
        c += k;
    }
    return v_int(c);
}

static Value list_m_clear(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "clear", kwnames)) return V_NULL;
    if (argc != 1)
        return err_format(I, TY_TYPE_ERROR, "list.clear() takes no arguments (%d given)", argc - 1);
    list_finalize(I, as_obj(argv[0]));
    return V_NONE;
}

static Value list_m_copy(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "copy", kwnames)) return V_NULL;
    if (argc != 1)
        return err_format(I, TY_TYPE_ERROR, "list.copy() takes no arguments (%d given)", argc - 1);
    List *l = as_list(argv[0]);
    List *r = list_from_array(I, l->items, l->len);
    return r ? v_obj(r) : V_NULL;
}

static Value list_m_reverse(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "reverse", kwnames)) return V_NULL;
    if (argc != 1)
        return err_format(I, TY_TYPE_ERROR, "list.reverse() takes no arguments (%d given)",
                          argc - 1);
    List *l = as_list(argv[0]);
    for (size_t i = 0, j = l->len; i + 1 < j; i++, j--) {
        Value t = l->items[i];
        l->items[i] = l->items[j - 1];
        l->items[j - 1] = t;
    }
    return V_NONE;
}

static Value list_m_sort(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (argc > 1) return err_format(I, TY_TYPE_ERROR, "sort() takes no positional arguments");
    static const char *const names[] = {"key", "reverse"};
    Value out[2];
    if (!arg_parse(I, "sort", argc - 1, argv + 1, kwnames, names, 2, 0, 0, out)) return V_NULL;
    bool rev = false;
    if (!is_null(out[1])) {
        /* an int, as CPython's converter for reverse wants ("cannot be interpreted as an
         * integer" for None or a float) */
        Value r = obj_index_value(I, out[1]);
        if (is_null(r)) return V_NULL;
        rev = int_sign(I, r) != 0;
    }
    Value key = is_null(out[0]) ? V_NONE : out[0];
    if (!list_sort(I, as_list(argv[0]), key, rev)) return V_NULL;
    return V_NONE;
}

static Value list_m_reversed(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "__reversed__", kwnames)) return V_NULL;
    List *l = as_list(argv[0]);
    return list_iter_make(I, l, TY_LIST_REVITER, l->len);
}

/* Dunder wrappers so subclasses can call list.__getitem__(self, i) and friends. */
static Value list_m_getitem(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "__getitem__", kwnames) || !arg_count(I, "__getitem__", argc - 1, 1, 1))
        return V_NULL;
    return list_getitem(I, argv[0], argv[1]);
}
static Value list_m_setitem(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "__setitem__", kwnames) || !arg_count(I, "__setitem__", argc - 1, 2, 2))
        return V_NULL;
    return list_setitem(I, argv[0], argv[1], argv[2]) < 0 ? V_NULL : V_NONE;
}
static Value list_m_delitem(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "__delitem__", kwnames) || !arg_count(I, "__delitem__", argc - 1, 1, 1))
        return V_NULL;
    return list_setitem(I, argv[0], argv[1], V_NULL) < 0 ? V_NULL : V_NONE;
}
static Value list_m_contains(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "__contains__", kwnames) || !arg_count(I, "__contains__", argc - 1, 1, 1))
        return V_NULL;
    int r = list_contains(I, argv[0], argv[1]);
    return r < 0 ? V_NULL : v_bool(r);
}
static Value list_m_len(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    return v_int((int64_t)as_list(argv[0])->len);
}
static Value list_m_iter(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    return list_iter(I, argv[0]);
}

static const MethodDef list_methods[] = {
    {"__init__", list_m_init, 0},
    {"append", list_m_append, 0},
    {"extend", list_m_extend, 0},
    {"insert", list_m_insert, 0},
    {"pop", list_m_pop, 0},
    {"remove", list_m_remove, 0},
    {"index", list_m_index, 0},
    {"count", list_m_count, 0},
    {"clear", list_m_clear, 0},
    {"copy", list_m_copy, 0},
    {"reverse", list_m_reverse, 0},
    {"sort", list_m_sort, 0},
    {"__reversed__", list_m_reversed, 0},
    {"__getitem__", list_m_getitem, 0},
    {"__setitem__", list_m_setitem, 0},
    {"__delitem__", list_m_delitem, 0},
    {"__contains__", list_m_contains, 0},
    {"__len__", list_m_len, 0},
    {"__iter__", list_m_iter, 0},
    {NULL, NULL, 0},
};

const TypeSpec list_spec = {
    .name = "list",
    .base = TY_OBJECT,
    .instance_size = sizeof(List),
    .flags = TF_BASETYPE,
    .slots =
        {
            .trace = list_trace,
            .finalize = list_finalize,
            .repr = list_repr,
            .richcompare = list_richcompare,
            .binop = list_binop,
            .inplace = list_inplace,
            .len = list_len,
            .getitem = list_getitem,
            .setitem = list_setitem,
            .contains = list_contains,
            .iter = list_iter,
            .new = list_tp_new,
        },
    .methods = list_methods,
};

/* ---- iterators ---- */

static void list_iter_trace(Interp *I, Obj *o) {
    gc_mark_obj(I, (Obj *)((ListIter *)o)->list);
}

static Value iter_self(Interp *I, Value self) {
    return self;
}

static Value list_iter_next(Interp *I, Value self) {
    ListIter *it = (ListIter *)as_obj(self);
    List *l = it->list;
    if (l && it->index < l->len) return l->items[it->index++];
    it->list = NULL;
    return V_NULL;
}

static Value list_reviter_next(Interp *I, Value self) {
    ListIter *it = (ListIter *)as_obj(self);
    List *l = it->list;
    if (l && it->index > 0 && it->index <= l->len) return l->items[--it->index];
    it->list = NULL;
    return V_NULL;
}

/* __next__ for every iterator type of this family, through the type's next slot. */
Value seq_m_next(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    Value v = type_of(I, argv[0])->slots.next(I, argv[0]);
    if (is_null(v) && !err_occurred(I)) return err_stopiteration(I, V_NULL);
    return v;
}
Value seq_m_iter_self(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    return argv[0];
}

static Value list_iter_m_length_hint(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    ListIter *it = (ListIter *)as_obj(argv[0]);
    if (!it->list) return v_int(0);
    if (as_obj(argv[0])->type == I->types[TY_LIST_REVITER])
        return v_int(it->index <= it->list->len ? (int64_t)it->index : 0);
    return v_int(it->index < it->list->len ? (int64_t)(it->list->len - it->index) : 0);
}

static const MethodDef list_iter_methods[] = {
    {"__next__", seq_m_next, 0},
    {"__iter__", seq_m_iter_self, 0},
    {"__length_hint__", list_iter_m_length_hint, 0},
    {NULL, NULL, 0},
};

const TypeSpec list_iter_spec = {
    .name = "list_iterator",
    .base = TY_OBJECT,
    .instance_size = sizeof(ListIter),
    .slots = {.trace = list_iter_trace, .iter = iter_self, .next = list_iter_next},
    .methods = list_iter_methods,
};

const TypeSpec list_reviter_spec = {
    .name = "list_reverseiterator",
    .base = TY_OBJECT,
    .instance_size = sizeof(ListIter),
    .slots = {.trace = list_iter_trace, .iter = iter_self, .next = list_reviter_next},
    .methods = list_iter_methods,
};
