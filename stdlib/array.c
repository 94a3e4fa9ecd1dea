/* array.c: the array module: array.array, a typed growable sequence of machine numbers
 * (typecodes b B u h H i I l L q Q f d, native sizes and byte order), after CPython 3.11's
 * documented behaviour. The type is a builtin one (TY_PYARRAY, created at start-up like
 * every builtin type) so that memoryview, bytes and struct reach its memory through the
 * buffer protocol (vm/buffer.h); `import array` only builds the module around it. Item
 * conversions and their errors are vm/buffer.c's. */
#include <stdio.h>
#include <string.h>

#include "../vm/buffer.h"
#include "../vm/overflow.h"
#include "builtins.h"

typedef struct PyArray {
    Obj hdr;
    char tc;
    size_t itemsize;
    size_t len, cap; /* items */
    unsigned char *data;
} PyArray;

static const char TYPECODES[] = "bBuhHiIlLqQfd";

static PyArray *as_arr(Value v) {
    return (PyArray *)as_obj(v);
}

static bool is_array(Interp *I, Value v) {
    return is_obj(v) && type_is_subtype(as_obj(v)->type, I->types[TY_PYARRAY]);
}

static void arr_finalize(Interp *I, Obj *o) {
    PyArray *a = (PyArray *)o;
    if (a->data) mem_free(I, a->data, a->cap * a->itemsize);
    a->data = NULL;
    a->len = a->cap = 0;
}

static bool arr_reserve(Interp *I, PyArray *a, size_t need) {
    if (need <= a->cap) return true;
    size_t cap = size_grow(a->cap, need, 8);
    if (!cap || cap > SIZE_MAX / a->itemsize) {
        err_nomem(I);
        return false;
    }
    unsigned char *p = mem_realloc(I, a->data, a->cap * a->itemsize, cap * a->itemsize);
    if (!p) return false;
    a->data = p;
    a->cap = cap;
    return true;
}

static PyArray *arr_alloc(Interp *I, Type *t, char tc) {
    size_t size = t->instance_size > sizeof(PyArray) ? t->instance_size : sizeof(PyArray);
    PyArray *a = gc_new(I, t, size);
    if (!a) return NULL;
    a->tc = tc;
    a->itemsize = buf_fmt_size(tc);
    return a;
}

/* A new array of a's type and typecode holding n items copied from p. */
static PyArray *arr_like(Interp *I, PyArray *a, const unsigned char *p, size_t n) {
    PyArray *r = arr_alloc(I, I->types[TY_PYARRAY], a->tc);
    if (!r || !arr_reserve(I, r, n)) return NULL;
    if (n) memcpy(r->data, p, n * a->itemsize);
    r->len = n;
    return r;
}

static bool arr_append(Interp *I, PyArray *a, Value v) {
    unsigned char item[16];
    if (!buf_pack(I, a->tc, item, v, true)) return false;
    if (!arr_reserve(I, a, a->len + 1)) return false;
    memcpy(a->data + a->len * a->itemsize, item, a->itemsize);
    a->len++;
    return true;
}

static bool arr_frombytes(Interp *I, PyArray *a, const unsigned char *p, size_t n) {
    if (n % a->itemsize) {
        err_format(I, TY_VALUE_ERROR, "bytes length not a multiple of item size");
        return false;
    }
    size_t k = n / a->itemsize;
    if (!arr_reserve(I, a, a->len + k)) return false;
    memmove(a->data + a->len * a->itemsize, p, n);
    a->len += k;
    return true;
}

static bool arr_fromunicode(Interp *I, PyArray *a, Str *s) {
    if (!arr_reserve(I, a, a->len + s->nchars)) return false;
    size_t pos = 0;
    while (pos < s->len) {
        uint32_t c = utf8_decode(s->data, &pos);
        memcpy(a->data + a->len * 4, &c, 4);
        a->len++;
    }
    return true;
}

static bool arr_extend_iter(Interp *I, PyArray *a, Value src) {
    if (is_array(I, src)) {
        PyArray *b = as_arr(src);
        if (b->tc != a->tc) {
            err_format(I, TY_TYPE_ERROR, "can only extend with array of same kind");
            return false;
        }
        /* b may be a itself: reserve first, then copy from the (possibly moved) data */
        size_t n = b->len;
        if (!arr_reserve(I, a, a->len + n)) return false;
        memmove(a->data + a->len * a->itemsize, b->data, n * a->itemsize);
        a->len += n;
        return true;
    }
    Value it = obj_iter(I, src);
    if (is_null(it)) return false;
    for (;;) {
        Value v;
        int r = obj_next_item(I, it, &v);
        if (r < 0) return false;
        if (r == 0) return true;
        if (!arr_append(I, a, v)) return false;
    }
}

static Value arr_new(Interp *I, Type *t, int argc, Value *argv, Tuple *kw) {
    if (kw && kw->len && t == I->types[TY_PYARRAY])
        return err_format(I, TY_TYPE_ERROR, "array.array() takes no keyword arguments");
    if (argc < 1 || argc > 2)
        return err_format(I, TY_TYPE_ERROR, "array() takes at most 2 arguments (%d given)", argc);
    Value tcv = argv[0];
    if (!is_str(I, tcv) || as_str(tcv)->nchars != 1)
        return err_format(I, TY_TYPE_ERROR,
                          "array() argument 1 must be a unicode character, not %s",
                          type_name(I, tcv));
    char tc = as_str(tcv)->data[0];
    if (as_str(tcv)->len != 1 || !strchr(TYPECODES, tc))
        return err_format(I, TY_VALUE_ERROR,
                          "bad typecode (must be b, B, u, h, H, i, I, l, L, q, Q, f or d)");
    PyArray *a = arr_alloc(I, t, tc);
    if (!a) return V_NULL;
    Value av = v_obj(a);
    if (argc == 2) {
        Value src = argv[1];
        if (is_str(I, src)) {
            if (tc != 'u')
                return err_format(I, TY_TYPE_ERROR,
                                  "cannot use a str to initialize an array with typecode '%c'", tc);
            if (!arr_fromunicode(I, a, as_str(src))) return V_NULL;
        } else if (is_bytes(I, src) || is_bytearray(I, src)) {
            BufView b;
            if (!buf_need(I, src, &b, false) || !arr_frombytes(I, a, b.data, b.len)) return V_NULL;
        } else if (is_array(I, src) && as_arr(src)->tc == 'u' && tc != 'u') {
            return err_format(I, TY_TYPE_ERROR,
                              "cannot use a unicode array to initialize an array with typecode "
                              "'%c'",
                              tc);
        } else if (is_array(I, src) && as_arr(src)->tc != tc) {
            PyArray *b = as_arr(src);
            for (size_t k = 0; k < b->len; k++) {
                Value v = buf_unpack(I, b->tc, b->data + k * b->itemsize);
                if (is_null(v) || !arr_append(I, as_arr(av), v)) return V_NULL;
            }
        } else if (!arr_extend_iter(I, a, src)) {
            return V_NULL;
        }
    }
    return av;
}

static int arr_getbuf(Interp *I, Value self, BufView *out) {
    (void)I;
    PyArray *a = as_arr(self);
    out->data = a->data;
    out->len = a->len * a->itemsize;
    out->itemsize = a->itemsize;
    out->fmt = a->tc == 'u' ? 'w' : a->tc; /* CPython's format for a 4-byte wchar_t */
    out->readonly = false;
    return 0;
}

static Value arr_item(Interp *I, PyArray *a, size_t i) {
    return buf_unpack(I, a->tc, a->data + i * a->itemsize);
}

static List *arr_tolist(Interp *I, PyArray *a) {
    List *l = list_new(I, a->len);
    if (!l) return NULL;
    Value lv = v_obj(l);
    for (size_t k = 0; k < a->len; k++) {
        Value v = arr_item(I, a, k);
        if (is_null(v) || !list_append(I, as_list(lv), v)) return NULL;
    }
    return as_list(lv);
}

/* The text of a 'u' array (its items are code points). */
static Str *arr_unicode(Interp *I, PyArray *a) {
    StrBuf b;
    sb_init(&b);
    for (size_t k = 0; k < a->len; k++) {
        uint32_t c;
        memcpy(&c, a->data + k * 4, 4);
        char u[4];
        sb_append(I, &b, u, (size_t)utf8_encode(c, u));
    }
    return sb_finish(I, &b);
}

static Value arr_repr(Interp *I, Value self) {
    PyArray *a = as_arr(self);
    const char *cls = type_of(I, self)->name->data;
    if (a->len == 0) {
        Str *s = str_printf(I, "%s('%c')", cls, a->tc);
        return s ? v_obj(s) : V_NULL;
    }
    Value body;
    if (a->tc == 'u') {
        Str *s = arr_unicode(I, a);
        if (!s) return V_NULL;
        body = obj_repr(I, v_obj(s));
    } else {
        List *l = arr_tolist(I, a);
        body = l ? obj_repr(I, v_obj(l)) : V_NULL;
    }
    if (is_null(body)) return V_NULL;
    Str *s = str_printf(I, "%s('%c', %s)", cls, a->tc, as_str(body)->data);
    return s ? v_obj(s) : V_NULL;
}

static int64_t arr_len(Interp *I, Value self) {
    (void)I;
    return (int64_t)as_arr(self)->len;
}

static bool is_slice(Interp *I, Value v) {
    return is_obj(v) && as_obj(v)->type == I->types[TY_SLICE];
}

static Value arr_getitem(Interp *I, Value self, Value key) {
    PyArray *a = as_arr(self);
    if (is_slice(I, key)) {
        int64_t start, stop, step, len;
        if (!slice_indices(I, (Slice *)as_obj(key), (int64_t)a->len, &start, &stop, &step, &len))
            return V_NULL;
        PyArray *r = arr_like(I, a, NULL, 0);
        if (!r || !arr_reserve(I, r, (size_t)len)) return V_NULL;
        for (int64_t k = 0, i = start; k < len; k++, i += step)
            memcpy(r->data + (size_t)k * a->itemsize, a->data + (size_t)i * a->itemsize,
                   a->itemsize);
        r->len = (size_t)len;
        return v_obj(r);
    }
    if (!is_int(I, key) && !type_of(I, key)->slots.index)
        return err_format(I, TY_TYPE_ERROR, "array indices must be integers");
    int64_t i;
    if (!seq_index(I, key, (int64_t)a->len, "array", &i)) return V_NULL;
    return arr_item(I, a, (size_t)i);
}

static bool arr_del_range(PyArray *a, int64_t start, int64_t step, int64_t len) {
    if (len <= 0) return true;
    if (step < 0) {
        start = start + (len - 1) * step;
        step = -step;
    }
    size_t w = (size_t)start, sz = a->itemsize;
    for (size_t r = (size_t)start; r < a->len; r++) {
        bool del = r >= (size_t)start && (int64_t)(r - (size_t)start) % step == 0 &&
                   (int64_t)(r - (size_t)start) / step < len;
        if (!del) memmove(a->data + w++ * sz, a->data + r * sz, sz);
    }
    a->len = w;
    return true;
}

static int arr_setitem(Interp *I, Value self, Value key, Value v) {
    PyArray *a = as_arr(self);
    if (is_slice(I, key)) {
        int64_t start, stop, step, len;
        if (!slice_indices(I, (Slice *)as_obj(key), (int64_t)a->len, &start, &stop, &step, &len))
            return -1;
        if (is_null(v)) return arr_del_range(a, start, step, len) ? 0 : -1;
        if (!is_array(I, v)) {
            err_format(I, TY_TYPE_ERROR, "can only assign array (not \"%s\") to array slice",
                       type_name(I, v));
            return -1;
        }
        PyArray *b = as_arr(v);
        if (b->tc != a->tc) {
            err_format(I, TY_TYPE_ERROR, "bad argument type for built-in operation");
            return -1;
        }
        size_t sz = a->itemsize, n = b->len;
        unsigned char *tmp = mem_alloc(I, n * sz + 1); /* b may be a */
        if (!tmp) return -1;
        if (n) memcpy(tmp, b->data, n * sz);
        int rc = 0;
        if (step == 1) {
            if (stop < start) stop = start;
            size_t old = (size_t)(stop - start);
            if (n > old && !arr_reserve(I, a, a->len + n - old)) {
                rc = -1;
            } else {
                memmove(a->data + (start + (int64_t)n) * (int64_t)sz, a->data + stop * (int64_t)sz,
                        (a->len - (size_t)stop) * sz);
                memcpy(a->data + start * (int64_t)sz, tmp, n * sz);
                a->len = a->len - old + n;
            }
        } else if ((int64_t)n != len) {
            err_format(I, TY_VALUE_ERROR,
                       "attempt to assign array of size %zu to extended slice of size %lld", n,
                       (long long)len);
            rc = -1;
        } else {
            for (int64_t k = 0, i = start; k < len; k++, i += step)
                memcpy(a->data + i * (int64_t)sz, tmp + k * (int64_t)sz, sz);
        }
        mem_free(I, tmp, n * sz + 1);
        return rc;
    }
    if (!is_int(I, key) && !type_of(I, key)->slots.index) {
        err_format(I, TY_TYPE_ERROR, "array indices must be integers");
        return -1;
    }
    int64_t i;
    if (!seq_index_value(I, key, "array assignment", &i)) return -1;
    if (is_null(v)) {
        if (!seq_index_adjust(I, i, (int64_t)a->len, "array assignment", &i)) return -1;
        return arr_del_range(a, i, 1, 1) ? 0 : -1;
    }
    unsigned char item[16];
    if (!buf_pack(I, a->tc, item, v, true)) return -1;
    if (!seq_index_adjust(I, i, (int64_t)a->len, "array assignment", &i)) return -1;
    memcpy(a->data + (size_t)i * a->itemsize, item, a->itemsize);
    return 0;
}

static int arr_contains(Interp *I, Value self, Value item) {
    PyArray *a = as_arr(self);
    for (size_t k = 0; k < a->len; k++) {
        Value v = arr_item(I, a, k);
        if (is_null(v)) return -1;
        int e = obj_eq(I, v, item);
        if (e) return e;
    }
    return 0;
}

static Value arr_richcompare(Interp *I, Value x, Value y, int op) {
    if (!is_array(I, x) || !is_array(I, y)) return v_notimpl(I);
    PyArray *a = as_arr(x), *b = as_arr(y);
    if ((op == CMP_EQ || op == CMP_NE) && a->len != b->len) return v_bool(op == CMP_NE);
    if (a->tc == b->tc && (op == CMP_EQ || op == CMP_NE) && a->tc != 'f' && a->tc != 'd') {
        bool eq = a->len == 0 || memcmp(a->data, b->data, a->len * a->itemsize) == 0;
        return v_bool(op == CMP_EQ ? eq : !eq);
    }
    /* item by item as values (never by identity: nan != nan), then by length */
    size_t n = a->len < b->len ? a->len : b->len;
    for (size_t k = 0; k < n; k++) {
        Value x = arr_item(I, a, k), y = is_null(x) ? V_NULL : arr_item(I, b, k);
        Value e = is_null(y) ? V_NULL : obj_richcompare(I, x, y, CMP_EQ);
        int t = is_null(e) ? -1 : obj_truthy(I, e);
        if (t < 0) return V_NULL;
        if (!t) {
            if (op == CMP_EQ) return V_FALSE;
            if (op == CMP_NE) return V_TRUE;
            return obj_richcompare(I, x, y, op);
        }
    }
    int64_t c = (int64_t)a->len - (int64_t)b->len;
    switch (op) {
    case CMP_LT: return v_bool(c < 0);
    case CMP_LE: return v_bool(c <= 0);
    case CMP_EQ: return v_bool(c == 0);
    case CMP_NE: return v_bool(c != 0);
    case CMP_GT: return v_bool(c > 0);
    default: return v_bool(c >= 0);
    }
}

static Value arr_repeat(Interp *I, PyArray *a, Value cnt) {
    int64_t k;
    if (!seq_repeat_count(I, cnt, &k)) return V_NULL;
    if (k < 0) k = 0;
    if (a->len && (uint64_t)k > SIZE_MAX / a->itemsize / a->len) return err_nomem(I);
    size_t n = a->len * (size_t)k, sz = a->len * a->itemsize;
    PyArray *r = arr_like(I, a, NULL, 0);
    if (!r || !arr_reserve(I, r, n)) return V_NULL;
    for (int64_t j = 0; j < k; j++)
        memcpy(r->data + (size_t)j * sz, a->data, sz);
    r->len = n;
    return v_obj(r);
}

static Value arr_binop(Interp *I, Value x, Value y, int op) {
    if (op == BIN_ADD) {
        if (!is_array(I, x)) return v_notimpl(I);
        if (!is_array(I, y))
            return err_format(I, TY_TYPE_ERROR, "can only append array (not \"%s\") to array",
                              type_name(I, y));
        PyArray *a = as_arr(x), *b = as_arr(y);
        if (a->tc != b->tc)
            return err_format(I, TY_TYPE_ERROR, "bad argument type for built-in operation");
        PyArray *r = arr_like(I, a, a->data, a->len);
        if (!r || !arr_reserve(I, r, a->len + b->len)) return V_NULL;
        if (b->len) memcpy(r->data + a->len * a->itemsize, b->data, b->len * b->itemsize);
        r->len = a->len + b->len;
        return v_obj(r);
    }
    if (op == BIN_MUL) {
        Value seq = is_array(I, x) ? x : y, cnt = is_array(I, x) ? y : x;
        if (!seq_is_count(I, cnt)) {
            if (is_obj(cnt) && (type_of(I, cnt)->flags & TF_HEAPTYPE)) return v_notimpl(I);
            return seq_mul_error(I, cnt);
        }
        return arr_repeat(I, as_arr(seq), cnt);
    }
    return v_notimpl(I);
}

static Value arr_inplace(Interp *I, Value x, Value y, int op) {
    if (!is_array(I, x)) return v_notimpl(I);
    PyArray *a = as_arr(x);
    if (op == BIN_ADD) {
        if (!is_array(I, y))
            return err_format(I, TY_TYPE_ERROR, "can only extend array with array (not \"%s\")",
                              type_name(I, y));
        return arr_extend_iter(I, a, y) ? x : V_NULL;
    }
    if (op == BIN_MUL) {
        if (!seq_is_count(I, y)) return v_notimpl(I);
        int64_t k;
        if (!seq_repeat_count(I, y, &k)) return V_NULL;
        if (k <= 0 || a->len == 0) {
            a->len = 0;
            return x;
        }
        if ((uint64_t)k > SIZE_MAX / a->itemsize / a->len) return err_nomem(I);
        size_t sz = a->len * a->itemsize;
        if (!arr_reserve(I, a, a->len * (size_t)k)) return V_NULL;
        for (int64_t j = 1; j < k; j++)
            memcpy(a->data + (size_t)j * sz, a->data, sz);
        a->len *= (size_t)k;
        return x;
    }
    return v_notimpl(I);
}

static Value arr_iter(Interp *I, Value self) {
    return seq_iter_new(I, self);
}

/* ---- methods --------------------------------------------------------------------------- */

/* One-argument methods name themselves "array.append()" in CPython's messages. */
static bool pos_args(Interp *I, const char *name, int argc, Tuple *kw, int min, int max) {
    char full[48];
    snprintf(full, sizeof full, "array.%s", name);
    const char *n = min == 1 && max == 1 ? full : name;
    return arg_no_kw(I, n, kw) && arg_count(I, n, argc - 1, min, max);
}

static Value am_append(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!pos_args(I, "append", argc, kw, 1, 1)) return V_NULL;
    return arr_append(I, as_arr(argv[0]), argv[1]) ? V_NONE : V_NULL;
}

static Value am_extend(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!pos_args(I, "extend", argc, kw, 1, 1)) return V_NULL;
    return arr_extend_iter(I, as_arr(argv[0]), argv[1]) ? V_NONE : V_NULL;
}

static Value am_insert(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!pos_args(I, "insert", argc, kw, 2, 2)) return V_NULL;
    PyArray *a = as_arr(argv[0]);
    int64_t i;
    if (obj_index(I, argv[1], &i) < 0) return V_NULL;
    unsigned char item[16];
    if (!buf_pack(I, a->tc, item, argv[2], true) || !arr_reserve(I, a, a->len + 1)) return V_NULL;
    int64_t n = (int64_t)a->len;
    if (i < 0) i = i + n < 0 ? 0 : i + n;
    if (i > n) i = n;
    memmove(a->data + (size_t)(i + 1) * a->itemsize, a->data + (size_t)i * a->itemsize,
            (size_t)(n - i) * a->itemsize);
    memcpy(a->data + (size_t)i * a->itemsize, item, a->itemsize);
    a->len++;
    return V_NONE;
}

static Value am_pop(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!pos_args(I, "pop", argc, kw, 0, 1)) return V_NULL;
    PyArray *a = as_arr(argv[0]);
    int64_t i = -1;
    if (argc > 1 && obj_index(I, argv[1], &i) < 0) return V_NULL;
    if (a->len == 0) return err_format(I, TY_INDEX_ERROR, "pop from empty array");
    if (i < 0) i += (int64_t)a->len;
    if (i < 0 || i >= (int64_t)a->len)
        return err_format(I, TY_INDEX_ERROR, "pop index out of range");
    Value v = arr_item(I, a, (size_t)i);
    if (is_null(v)) return V_NULL;
    arr_del_range(a, i, 1, 1);
    return v;
}

static int64_t arr_find(Interp *I, PyArray *a, Value x, int64_t start, int64_t stop) {
    for (int64_t k = start; k < stop && k < (int64_t)a->len; k++) {
        Value v = arr_item(I, a, (size_t)k);
        if (is_null(v)) return -2;
        int e = obj_eq(I, v, x);
        if (e < 0) return -2;
        if (e) return k;
    }
    return -1;
}

static Value am_remove(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!pos_args(I, "remove", argc, kw, 1, 1)) return V_NULL;
    PyArray *a = as_arr(argv[0]);
    int64_t k = arr_find(I, a, argv[1], 0, INT64_MAX);
    if (k == -2) return V_NULL;
    if (k < 0) return err_format(I, TY_VALUE_ERROR, "array.remove(x): x not in array");
    arr_del_range(a, k, 1, 1);
    return V_NONE;
}

static bool clamp_arg(Interp *I, Value v, int64_t n, int64_t *out) {
    int64_t i;
    if (obj_index(I, v, &i) < 0) return false;
    if (i < 0) i = i + n < 0 ? 0 : i + n;
    *out = i;
    return true;
}

static Value am_index(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!pos_args(I, "index", argc, kw, 1, 3)) return V_NULL;
    PyArray *a = as_arr(argv[0]);
    int64_t start = 0, stop = INT64_MAX;
    if (argc > 2 && !clamp_arg(I, argv[2], (int64_t)a->len, &start)) return V_NULL;
    if (argc > 3 && !clamp_arg(I, argv[3], (int64_t)a->len, &stop)) return V_NULL;
    int64_t k = arr_find(I, a, argv[1], start, stop);
    if (k == -2) return V_NULL;
    if (k < 0) return err_format(I, TY_VALUE_ERROR, "array.index(x): x not in array");
    return v_int(k);
}

static Value am_count(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!pos_args(I, "count", argc, kw, 1, 1)) return V_NULL;
    PyArray *a = as_arr(argv[0]);
    int64_t c = 0;
    for (size_t k = 0; k < a->len; k++) {
        Value v = arr_item(I, a, k);
        int e = is_null(v) ? -1 : obj_eq(I, v, argv[1]);
        if (e < 0) return V_NULL;
        c += e;
    }
    return v_int(c);
}

static Value am_reverse(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!pos_args(I, "reverse", argc, kw, 0, 0)) return V_NULL;
    PyArray *a = as_arr(argv[0]);
    unsigned char t[16];
    size_t sz = a->itemsize;
    for (size_t i = 0, j = a->len; i + 1 < j; i++, j--) {
        memcpy(t, a->data + i * sz, sz);
        memcpy(a->data + i * sz, a->data + (j - 1) * sz, sz);
        memcpy(a->data + (j - 1) * sz, t, sz);
    }
    return V_NONE;
}

static Value am_byteswap(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!pos_args(I, "byteswap", argc, kw, 0, 0)) return V_NULL;
    PyArray *a = as_arr(argv[0]);
    size_t sz = a->itemsize;
    for (size_t k = 0; k < a->len; k++) {
        unsigned char *p = a->data + k * sz;
        for (size_t i = 0, j = sz - 1; i < j; i++, j--) {
            unsigned char c = p[i];
            p[i] = p[j];
            p[j] = c;
        }
    }
    return V_NONE;
}

static Value am_buffer_info(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!pos_args(I, "buffer_info", argc, kw, 0, 0)) return V_NULL;
    PyArray *a = as_arr(argv[0]);
    Value addr = int_from_u64(I, (uint64_t)(uintptr_t)a->data);
    if (is_null(addr)) return V_NULL;
    Tuple *t = tuple_pack(I, 2, addr, v_int((int64_t)a->len));
    return t ? v_obj(t) : V_NULL;
}

static Value am_frombytes(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!pos_args(I, "frombytes", argc, kw, 1, 1)) return V_NULL;
    PyArray *a = as_arr(argv[0]);
    BufView b;
    if (!buf_need(I, argv[1], &b, false)) return V_NULL;
    if (argv[1].as.o == argv[0].as.o) { /* a.frombytes(a): copy before the buffer moves */
        Bytes *c = bytes_new(I, b.data, b.len);
        if (!c) return V_NULL;
        return arr_frombytes(I, a, c->data, c->len) ? V_NONE : V_NULL;
    }
    return arr_frombytes(I, a, b.data, b.len) ? V_NONE : V_NULL;
}

static Value am_tobytes(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!pos_args(I, "tobytes", argc, kw, 0, 0)) return V_NULL;
    PyArray *a = as_arr(argv[0]);
    Bytes *b = bytes_new(I, a->data ? a->data : (unsigned char *)"", a->len * a->itemsize);
    return b ? v_obj(b) : V_NULL;
}

static Value am_fromlist(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!pos_args(I, "fromlist", argc, kw, 1, 1)) return V_NULL;
    PyArray *a = as_arr(argv[0]);
    if (!is_instance(I, argv[1], I->types[TY_LIST]))
        return err_format(I, TY_TYPE_ERROR, "arg must be list");
    size_t old = a->len;
    List *l = as_list(argv[1]);
    for (size_t k = 0; k < l->len; k++) {
        if (!arr_append(I, a, l->items[k])) {
            a->len = old; /* all or nothing, as CPython */
            return V_NULL;
        }
    }
    return V_NONE;
}

static Value am_tolist(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!pos_args(I, "tolist", argc, kw, 0, 0)) return V_NULL;
    List *l = arr_tolist(I, as_arr(argv[0]));
    return l ? v_obj(l) : V_NULL;
}

static Value am_fromunicode(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!pos_args(I, "fromunicode", argc, kw, 1, 1)) return V_NULL;
    PyArray *a = as_arr(argv[0]);
    if (!is_str(I, argv[1]))
        return err_format(I, TY_TYPE_ERROR, "fromunicode() argument must be str, not %s",
                          type_name(I, argv[1]));
    if (a->tc != 'u')
        return err_format(I, TY_VALUE_ERROR,
                          "fromunicode() may only be called on unicode type arrays");
    return arr_fromunicode(I, a, as_str(argv[1])) ? V_NONE : V_NULL;
}

static Value am_tounicode(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!pos_args(I, "tounicode", argc, kw, 0, 0)) return V_NULL;
    PyArray *a = as_arr(argv[0]);
    if (a->tc != 'u')
        return err_format(I, TY_VALUE_ERROR,
                          "tounicode() may only be called on unicode type arrays");
    Str *s = arr_unicode(I, a);
    return s ? v_obj(s) : V_NULL;
}

static Value am_copy(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "__copy__", kw) || !arg_count(I, "__copy__", argc - 1, 0, 1)) return V_NULL;
    PyArray *a = as_arr(argv[0]);
    PyArray *r = arr_like(I, a, a->data, a->len);
    return r ? v_obj(r) : V_NULL;
}

static const MethodDef arr_methods[] = {
    {"append", am_append, 0},
    {"extend", am_extend, 0},
    {"insert", am_insert, 0},
    {"pop", am_pop, 0},
    {"remove", am_remove, 0},
    {"index", am_index, 0},
    {"count", am_count, 0},
    {"reverse", am_reverse, 0},
    {"byteswap", am_byteswap, 0},
    {"buffer_info", am_buffer_info, 0},
    {"frombytes", am_frombytes, 0},
    {"tobytes", am_tobytes, 0},
    {"fromlist", am_fromlist, 0},
    {"tolist", am_tolist, 0},
    {"fromunicode", am_fromunicode, 0},
    {"tounicode", am_tounicode, 0},
    {"__copy__", am_copy, 0},
    {"__deepcopy__", am_copy, 0},
    {NULL, NULL, 0},
};

static Value ag_typecode(Interp *I, Value self) {
    char s[2] = {as_arr(self)->tc, 0};
    Str *r = str_new(I, s, 1);
    return r ? v_obj(r) : V_NULL;
}

static Value ag_itemsize(Interp *I, Value self) {
    (void)I;
    return v_int((int64_t)as_arr(self)->itemsize);
}

static const GetSetDef arr_getsets[] = {
    {"typecode", ag_typecode, NULL},
    {"itemsize", ag_itemsize, NULL},
    {NULL, NULL, NULL},
};

const TypeSpec pyarray_spec = {
    .name = "array",
    .base = TY_OBJECT,
    .instance_size = sizeof(PyArray),
    .flags = TF_BASETYPE,
    .slots =
        {
            .finalize = arr_finalize,
            .repr = arr_repr,
            .richcompare = arr_richcompare,
            .binop = arr_binop,
            .inplace = arr_inplace,
            .len = arr_len,
            .getitem = arr_getitem,
            .setitem = arr_setitem,
            .contains = arr_contains,
            .iter = arr_iter,
            .new = arr_new,
            .getbuf = arr_getbuf,
        },
    .methods = arr_methods,
    .getsets = arr_getsets,
};

Module *array_module_create(Interp *I) {
    Module *m = module_new(I, str_intern_cstr(I, "array"));
    if (!m) return NULL;
    Type *t = I->types[TY_PYARRAY];
    t->module = str_intern_cstr(I, "array");
    if (!t->module) return NULL;
    Str *codes = str_from_cstr(I, TYPECODES);
    if (!codes || module_set(I, m, "array", v_obj(t)) < 0 ||
        module_set(I, m, "ArrayType", v_obj(t)) < 0 ||
        module_set(I, m, "typecodes", v_obj(codes)) < 0)
        return NULL;
    return m;
}
