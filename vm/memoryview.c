/* memoryview.c: the builtin memoryview, a one-dimensional view of any object that exports a
 * buffer (vm/buffer.h: bytes, bytearray, array.array, another memoryview).
 *
 * A view keeps the exporter, a byte offset, an item count and a stride (negative or larger
 * than the item size after a stepped slice), and takes the exporter's buffer again at every
 * access: a bytearray's memory moves when it grows, and exporters are not locked while views
 * exist (CPython raises BufferError when a bytearray with live views is resized; krait lets
 * it happen and a view whose items no longer fit raises IndexError instead). */
#include <stdio.h>
#include <string.h>

#include "buffer.h"
#include "error.h"
#include "gc.h"
#include "number.h"
#include "seq.h"
#include "str.h"

typedef struct MemView {
    Obj hdr;
    Value obj;      /* the exporter, never itself a memoryview */
    size_t offset;  /* of item 0, in bytes, in the exporter's buffer */
    size_t count;   /* items */
    int64_t stride; /* bytes from one item to the next */
    size_t itemsize;
    char fmt;
    bool readonly, released;
} MemView;

static MemView *as_mv(Value v) {
    return (MemView *)as_obj(v);
}

static bool is_memoryview(Interp *I, Value v) {
    return is_obj(v) && type_is_subtype(as_obj(v)->type, I->types[TY_MEMORYVIEW]);
}

static void mv_trace(Interp *I, Obj *o) {
    gc_mark_value(I, ((MemView *)o)->obj);
}

static bool mv_contiguous(MemView *m) {
    return m->count <= 1 || m->stride == (int64_t)m->itemsize;
}

/* The address of item 0 now (NULL after raising): released, or the exporter shrank. */
static unsigned char *mv_base(Interp *I, MemView *m) {
    if (m->released) {
        err_format(I, TY_VALUE_ERROR, "operation forbidden on released memoryview object");
        return NULL;
    }
    BufView b;
    if (buf_get(I, m->obj, &b, false) <= 0) {
        if (!I->exc) err_format(I, TY_VALUE_ERROR, "memoryview: underlying buffer is gone");
        return NULL;
    }
    if (m->count) {
        int64_t first = (int64_t)m->offset, last = first + (int64_t)(m->count - 1) * m->stride;
        int64_t lo = first < last ? first : last, hi = first < last ? last : first;
        if (lo < 0 || (size_t)hi + m->itemsize > b.len) {
            err_format(I, TY_INDEX_ERROR, "memoryview: underlying buffer was resized");
            return NULL;
        }
    }
    return b.data + m->offset;
}

static MemView *mv_alloc(Interp *I, Type *t) {
    MemView *m =
        gc_new(I, t, t->instance_size > sizeof(MemView) ? t->instance_size : sizeof(MemView));
    if (m) m->obj = V_NONE;
    return m;
}

/* memoryview(obj) for an exporter or another view. */
static Value mv_from(Interp *I, Type *t, Value obj) {
    if (is_memoryview(I, obj)) {
        MemView *src = as_mv(obj);
        if (!mv_base(I, src)) return V_NULL;
        MemView *m = mv_alloc(I, t);
        if (!m) return V_NULL;
        Obj hdr = m->hdr;
        *m = *src;
        m->hdr = hdr;
        return v_obj(m);
    }
    BufView b;
    int r = buf_get(I, obj, &b, false);
    if (r < 0) return V_NULL;
    if (r == 0)
        return err_format(I, TY_TYPE_ERROR, "memoryview: a bytes-like object is required, not '%s'",
                          type_name(I, obj));
    MemView *m = mv_alloc(I, t);
    if (!m) return V_NULL;
    m->obj = obj;
    m->offset = 0;
    m->itemsize = b.itemsize ? b.itemsize : 1;
    m->count = b.len / m->itemsize;
    m->stride = (int64_t)m->itemsize;
    m->fmt = b.fmt;
    m->readonly = b.readonly;
    return v_obj(m);
}

Value memoryview_new(Interp *I, Value obj) {
    return mv_from(I, I->types[TY_MEMORYVIEW], obj);
}

static Value mv_new(Interp *I, Type *t, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"object"};
    Value a[1];
    if (argc > 1)
        return err_format(I, TY_TYPE_ERROR, "memoryview() takes at most 1 argument (%d given)",
                          argc);
    if (!arg_parse(I, "memoryview", argc, argv, kw, names, 1, 1, 1, a)) return V_NULL;
    return mv_from(I, t, a[0]);
}

static int mv_getbuf(Interp *I, Value self, BufView *out) {
    MemView *m = as_mv(self);
    unsigned char *p = mv_base(I, m);
    if (!p) return -1;
    if (!mv_contiguous(m)) {
        err_format(I, TY_BUFFER_ERROR, "memoryview: underlying buffer is not C-contiguous");
        return -1;
    }
    out->data = p;
    out->len = m->count * m->itemsize;
    out->itemsize = m->itemsize;
    out->fmt = m->fmt;
    out->readonly = m->readonly;
    return 0;
}

/* The view's bytes, gathered in order (a strided view is copied item by item). */
static Bytes *mv_tobytes_obj(Interp *I, MemView *m) {
    unsigned char *p = mv_base(I, m);
    if (!p) return NULL;
    size_t n = m->count * m->itemsize;
    if (mv_contiguous(m)) return bytes_new(I, p, n);
    unsigned char *tmp = mem_alloc(I, n + 1);
    if (!tmp) return NULL;
    for (size_t k = 0; k < m->count; k++)
        memcpy(tmp + k * m->itemsize, p + (int64_t)k * m->stride, m->itemsize);
    Bytes *b = bytes_new(I, tmp, n);
    mem_free(I, tmp, n + 1);
    return b;
}

static int64_t mv_len(Interp *I, Value self) {
    MemView *m = as_mv(self);
    if (m->released) {
        err_format(I, TY_VALUE_ERROR, "operation forbidden on released memoryview object");
        return -1;
    }
    return (int64_t)m->count;
}

static bool is_slice(Interp *I, Value v) {
    return is_obj(v) && as_obj(v)->type == I->types[TY_SLICE];
}

static Value mv_getitem(Interp *I, Value self, Value key) {
    MemView *m = as_mv(self);
    if (!mv_base(I, m)) return V_NULL;
    if (is_slice(I, key)) {
        int64_t start, stop, step, len;
        if (!slice_indices(I, (Slice *)as_obj(key), (int64_t)m->count, &start, &stop, &step, &len))
            return V_NULL;
        MemView *r = mv_alloc(I, I->types[TY_MEMORYVIEW]);
        if (!r) return V_NULL;
        Obj hdr = r->hdr;
        *r = *m;
        r->hdr = hdr;
        r->offset = (size_t)((int64_t)m->offset + start * m->stride);
        r->count = (size_t)len;
        r->stride = m->stride * step;
        return v_obj(r);
    }
    if (!is_int(I, key) && !type_of(I, key)->slots.index)
        return err_format(I, TY_TYPE_ERROR, "memoryview: invalid slice key");
    int64_t i;
    if (!seq_index_value(I, key, "index", &i)) return V_NULL;
    if (i < 0) i += (int64_t)m->count;
    if (i < 0 || i >= (int64_t)m->count)
        return err_format(I, TY_INDEX_ERROR, "index out of bounds on dimension 1");
    unsigned char *p = mv_base(I, m); /* __index__ may have resized the exporter */
    if (!p) return V_NULL;
    return buf_unpack(I, m->fmt, p + i * m->stride);
}

static int mv_setitem(Interp *I, Value self, Value key, Value v) {
    MemView *m = as_mv(self);
    if (!mv_base(I, m)) return -1;
    if (m->readonly) {
        err_format(I, TY_TYPE_ERROR, "cannot modify read-only memory");
        return -1;
    }
    if (is_null(v)) {
        err_format(I, TY_TYPE_ERROR, "cannot delete memory");
        return -1;
    }
    if (is_slice(I, key)) {
        int64_t start, stop, step, len;
        if (!slice_indices(I, (Slice *)as_obj(key), (int64_t)m->count, &start, &stop, &step, &len))
            return -1;
        BufView src;
        if (!buf_need(I, v, &src, false)) return -1;
        if (src.fmt != m->fmt || src.itemsize != m->itemsize ||
            src.len != (size_t)len * m->itemsize) {
            err_format(I, TY_VALUE_ERROR,
                       "memoryview assignment: lvalue and rvalue have different structures");
            return -1;
        }
        unsigned char *p = mv_base(I, m);
        if (!p) return -1;
        int64_t stride = m->stride * step;
        if (stride == (int64_t)m->itemsize) {
            memmove(p + start * m->stride, src.data, src.len); /* may overlap: mv[1:] = mv[:-1] */
            return 0;
        }
        unsigned char *tmp = mem_alloc(I, src.len + 1);
        if (!tmp) return -1;
        memcpy(tmp, src.data, src.len);
        for (int64_t k = 0; k < len; k++)
            memcpy(p + (start * m->stride) + k * stride, tmp + k * (int64_t)m->itemsize,
                   m->itemsize);
        mem_free(I, tmp, src.len + 1);
        return 0;
    }
    if (!is_int(I, key) && !type_of(I, key)->slots.index) {
        err_format(I, TY_TYPE_ERROR, "memoryview: invalid slice key");
        return -1;
    }
    int64_t i;
    if (!seq_index_value(I, key, "index", &i)) return -1;
    if (i < 0) i += (int64_t)m->count;
    if (i < 0 || i >= (int64_t)m->count) {
        err_format(I, TY_INDEX_ERROR, "index out of bounds on dimension 1");
        return -1;
    }
    unsigned char item[16];
    if (!buf_pack(I, m->fmt, item, v, false)) return -1; /* may run __index__: pack first */
    unsigned char *p = mv_base(I, m);
    if (!p) return -1;
    memcpy(p + i * m->stride, item, m->itemsize);
    return 0;
}

static bool byte_fmt(char f) {
    return f == 'B' || f == 'b' || f == 'c';
}

/* == and != only, as CPython: the same number of items, equal item by item as values
 * (so formats may differ); anything that exports no buffer is NotImplemented. */
static Value mv_richcompare(Interp *I, Value a, Value b, int op) {
    if (op != CMP_EQ && op != CMP_NE) return v_notimpl(I);
    if (!is_memoryview(I, a)) {
        Value t = a;
        a = b;
        b = t;
    }
    MemView *m = as_mv(a);
    if (m->released || (is_memoryview(I, b) && as_mv(b)->released))
        return v_bool((a.as.o == b.as.o) == (op == CMP_EQ));
    Value other = b;
    if (!is_memoryview(I, b)) {
        BufView tmp;
        int r = buf_get(I, b, &tmp, false);
        if (r < 0) return V_NULL;
        if (r == 0) return v_notimpl(I);
        other = mv_from(I, I->types[TY_MEMORYVIEW], b);
        if (is_null(other)) return V_NULL;
    }
    MemView *o = as_mv(other);
    bool eq = m->count == o->count;
    if (eq && m->fmt == o->fmt && byte_fmt(m->fmt)) {
        Bytes *x = mv_tobytes_obj(I, m), *y = x ? mv_tobytes_obj(I, o) : NULL;
        if (!y) return V_NULL;
        eq = x->len == y->len && memcmp(x->data, y->data, x->len) == 0;
    } else {
        for (size_t k = 0; eq && k < m->count; k++) {
            unsigned char *p = mv_base(I, m), *q = p ? mv_base(I, o) : NULL;
            if (!q) return V_NULL;
            Value x = buf_unpack(I, m->fmt, p + (int64_t)k * m->stride);
            Value y = is_null(x) ? V_NULL : buf_unpack(I, o->fmt, q + (int64_t)k * o->stride);
            if (is_null(y)) return V_NULL;
            int e = obj_eq(I, x, y);
            if (e < 0) return V_NULL;
            eq = e;
        }
    }
    return v_bool(op == CMP_EQ ? eq : !eq);
}

static int mv_hash(Interp *I, Value self, int64_t *out) {
    MemView *m = as_mv(self);
    if (!mv_base(I, m)) return -1;
    if (!m->readonly) {
        err_format(I, TY_VALUE_ERROR, "cannot hash writable memoryview object");
        return -1;
    }
    if (!byte_fmt(m->fmt)) {
        err_format(I, TY_VALUE_ERROR,
                   "memoryview: hashing is restricted to formats 'B', 'b' or 'c'");
        return -1;
    }
    Bytes *b = mv_tobytes_obj(I, m);
    if (!b) return -1;
    return obj_hash(I, v_obj(b), out);
}

static Value mv_repr(Interp *I, Value self) {
    MemView *m = as_mv(self);
    Str *s = str_printf(I, m->released ? "<released memory at %p>" : "<memory at %p>", (void *)m);
    return s ? v_obj(s) : V_NULL;
}

static Value mv_iter(Interp *I, Value self) {
    if (!mv_base(I, as_mv(self))) return V_NULL;
    return seq_iter_new(I, self);
}

/* ---- methods --------------------------------------------------------------------------- */

static MemView *mv_self(Interp *I, int argc, Value *argv, Tuple *kw, const char *name, int max) {
    if (!arg_no_kw(I, name, kw) || !arg_count(I, name, argc - 1, 0, max)) return NULL;
    MemView *m = as_mv(argv[0]);
    return mv_base(I, m) ? m : NULL;
}

static Value mvm_tobytes(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"self", "order"};
    Value a[2];
    if (!arg_parse(I, "tobytes", argc, argv, kw, names, 2, 1, 2, a)) return V_NULL;
    Bytes *b = mv_tobytes_obj(I, as_mv(argv[0]));
    return b ? v_obj(b) : V_NULL;
}

static Value mvm_tolist(Interp *I, int argc, Value *argv, Tuple *kw) {
    MemView *m = mv_self(I, argc, argv, kw, "tolist", 0);
    if (!m) return V_NULL;
    List *l = list_new(I, m->count);
    if (!l) return V_NULL;
    Value lv = v_obj(l);
    for (size_t k = 0; k < m->count; k++) {
        unsigned char *p = mv_base(I, m);
        Value x = p ? buf_unpack(I, m->fmt, p + (int64_t)k * m->stride) : V_NULL;
        if (is_null(x) || !list_append(I, as_list(lv), x)) return V_NULL;
    }
    return lv;
}

static Value mvm_hex(Interp *I, int argc, Value *argv, Tuple *kw) {
    Bytes *b = mv_tobytes_obj(I, as_mv(argv[0]));
    if (!b) return V_NULL;
    Str *name = str_intern_cstr(I, "hex");
    Value f = name ? obj_getattr(I, v_obj(b), name) : V_NULL;
    return is_null(f) ? V_NULL : obj_call(I, f, argc - 1, argv + 1, kw);
}

static Value mvm_release(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "release", kw) || !arg_count(I, "release", argc - 1, 0, 0)) return V_NULL;
    as_mv(argv[0])->released = true;
    return V_NONE;
}

static Value mvm_enter(Interp *I, int argc, Value *argv, Tuple *kw) {
    return mv_self(I, argc, argv, kw, "__enter__", 0) ? argv[0] : V_NULL;
}

static Value mvm_exit(Interp *I, int argc, Value *argv, Tuple *kw) {
    (void)argc;
    (void)kw;
    as_mv(argv[0])->released = true;
    return V_NONE;
}

static Value mvm_toreadonly(Interp *I, int argc, Value *argv, Tuple *kw) {
    MemView *m = mv_self(I, argc, argv, kw, "toreadonly", 0);
    if (!m) return V_NULL;
    MemView *r = mv_alloc(I, I->types[TY_MEMORYVIEW]);
    if (!r) return V_NULL;
    Obj hdr = r->hdr;
    *r = *m;
    r->hdr = hdr;
    r->readonly = true;
    return v_obj(r);
}

/* cast(format[, shape]): one-dimensional casts (a shape, if given, of one item count). */
static Value mvm_cast(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"self", "format", "shape"};
    Value a[3];
    if (!arg_parse(I, "cast", argc, argv, kw, names, 3, 2, 3, a)) return V_NULL;
    MemView *m = as_mv(argv[0]);
    if (!mv_base(I, m)) return V_NULL;
    if (!is_str(I, a[1]))
        return err_format(I, TY_TYPE_ERROR, "cast() argument 'format' must be str, not %s",
                          type_name(I, a[1]));
    const char *f = as_str(a[1])->data;
    if (f[0] == '@' && f[1]) f++;
    size_t isz = strlen(f) == 1 ? buf_fmt_size(f[0]) : 0;
    if (!isz || f[0] == 'u' || f[0] == 'w')
        return err_format(I, TY_VALUE_ERROR,
                          "memoryview: destination format must be a native single character "
                          "format prefixed with an optional '@'");
    if (!mv_contiguous(m))
        return err_format(I, TY_TYPE_ERROR,
                          "memoryview: casts are restricted to C-contiguous views");
    if (!byte_fmt(m->fmt) && !byte_fmt(f[0]))
        return err_format(I, TY_TYPE_ERROR, "memoryview: cannot cast between two non-byte formats");
    size_t nbytes = m->count * m->itemsize;
    if (nbytes % isz)
        return err_format(I, TY_TYPE_ERROR, "memoryview: length is not a multiple of itemsize");
    size_t count = nbytes / isz;
    if (!is_null(a[2])) {
        Value shape = a[2];
        if (!is_obj(shape) ||
            (as_obj(shape)->type != I->types[TY_LIST] && as_obj(shape)->type != I->types[TY_TUPLE]))
            return err_format(I, TY_TYPE_ERROR, "shape must be a list or a tuple");
        size_t n =
            as_obj(shape)->type == I->types[TY_LIST] ? as_list(shape)->len : as_tuple(shape)->len;
        Value *items = as_obj(shape)->type == I->types[TY_LIST] ? as_list(shape)->items
                                                                : as_tuple(shape)->items;
        if (n != 1)
            return err_format(I, TY_NOT_IMPLEMENTED_ERROR,
                              "krait: memoryview.cast to %zu dimensions is not supported", n);
        if (!is_smallint(items[0]) || items[0].as.i != (int64_t)count)
            return err_format(I, TY_TYPE_ERROR,
                              "memoryview: product(shape) * itemsize != buffer size");
    }
    MemView *r = mv_alloc(I, I->types[TY_MEMORYVIEW]);
    if (!r) return V_NULL;
    Obj hdr = r->hdr;
    *r = *m;
    r->hdr = hdr;
    r->fmt = f[0];
    r->itemsize = isz;
    r->count = count;
    r->stride = (int64_t)isz;
    return v_obj(r);
}

static const MethodDef mv_methods[] = {
    {"tobytes", mvm_tobytes, 0}, {"tolist", mvm_tolist, 0},         {"hex", mvm_hex, 0},
    {"release", mvm_release, 0}, {"toreadonly", mvm_toreadonly, 0}, {"cast", mvm_cast, 0},
    {"__enter__", mvm_enter, 0}, {"__exit__", mvm_exit, 0},         {NULL, NULL, 0},
};

/* ---- attributes ------------------------------------------------------------------------ */

static Value mvg_checked(Interp *I, Value self, int what) {
    MemView *m = as_mv(self);
    if (!mv_base(I, m)) return V_NULL;
    switch (what) {
    case 0: return v_int((int64_t)(m->count * m->itemsize));
    case 1: return v_bool(m->readonly);
    case 2: return v_int((int64_t)m->itemsize);
    case 3: {
        char f[2] = {m->fmt, 0};
        Str *s = str_new(I, f, 1);
        return s ? v_obj(s) : V_NULL;
    }
    case 4: return v_int(1);
    case 5: {
        Tuple *t = tuple_pack(I, 1, v_int((int64_t)m->count));
        return t ? v_obj(t) : V_NULL;
    }
    case 6: {
        Tuple *t = tuple_pack(I, 1, v_int(m->stride));
        return t ? v_obj(t) : V_NULL;
    }
    case 7: return v_obj(I->empty_tuple);
    default: return v_bool(mv_contiguous(m));
    }
}

#define MV_GETTER(name, what)                                                                      \
    static Value name(Interp *I, Value self) {                                                     \
        return mvg_checked(I, self, what);                                                         \
    }
MV_GETTER(mvg_nbytes, 0)
MV_GETTER(mvg_readonly, 1)
MV_GETTER(mvg_itemsize, 2)
MV_GETTER(mvg_format, 3)
MV_GETTER(mvg_ndim, 4)
MV_GETTER(mvg_shape, 5)
MV_GETTER(mvg_strides, 6)
MV_GETTER(mvg_suboffsets, 7)
MV_GETTER(mvg_contiguous, 8)
#undef MV_GETTER

static Value mvg_obj(Interp *I, Value self) {
    MemView *m = as_mv(self);
    return mv_base(I, m) ? m->obj : V_NULL;
}

static const GetSetDef mv_getsets[] = {
    {"obj", mvg_obj, NULL},
    {"nbytes", mvg_nbytes, NULL},
    {"readonly", mvg_readonly, NULL},
    {"itemsize", mvg_itemsize, NULL},
    {"format", mvg_format, NULL},
    {"ndim", mvg_ndim, NULL},
    {"shape", mvg_shape, NULL},
    {"strides", mvg_strides, NULL},
    {"suboffsets", mvg_suboffsets, NULL},
    {"c_contiguous", mvg_contiguous, NULL},
    {"f_contiguous", mvg_contiguous, NULL},
    {"contiguous", mvg_contiguous, NULL},
    {NULL, NULL, NULL},
};

const TypeSpec memoryview_spec = {
    .name = "memoryview",
    .base = TY_OBJECT,
    .instance_size = sizeof(MemView),
    .slots =
        {
            .trace = mv_trace,
            .repr = mv_repr,
            .hash = mv_hash,
            .richcompare = mv_richcompare,
            .len = mv_len,
            .getitem = mv_getitem,
            .setitem = mv_setitem,
            .iter = mv_iter,
            .new = mv_new,
            .getbuf = mv_getbuf,
        },
    .methods = mv_methods,
    .getsets = mv_getsets,
};
