/* io_base.c: io's abstract classes, IOBase, RawIOBase, BufferedIOBase and TextIOBase, and
 * io.UnsupportedOperation (a subclass of OSError and ValueError, as CPython's).
 *
 * They hold the methods CPython's _io._IOBase family gives every stream, written on the
 * other methods as CPython's _pyio does (readline on read(1), tell on seek, close on
 * flush), so a user class that defines write() or read() gets the rest; the concrete
 * streams (StringIO, BytesIO, the file objects of io.c, sys.stdout) derive from them and
 * override what they do natively. IOBase and TextIOBase are made at start-up with the sys
 * streams (sys.c), which derive from TextIOBase; io_module_create finds them through
 * sys.stdout's class. `closed` is a class attribute (False) that close() shadows in the
 * instance dict, where CPython has a read-only property. */
#include <string.h>

#include "../vm/buffer.h"
#include "../vm/bytes_impl.h"
#include "../vm/gc.h"
#include "builtins.h"
#include "classes.h"
#include "io.h"
#include "modules.h"

/* io.UnsupportedOperation(what): the class lives in the io module, imported here only when
 * the error is raised (the base classes exist before io is imported). */
Value io_unsupported(Interp *I, const char *what) {
    Str *name = str_intern_cstr(I, "io");
    Value m = name ? vm_import(I, name, V_NONE, V_NONE, 0) : V_NULL;
    if (is_null(m)) return V_NULL;
    Str *cname = str_intern_cstr(I, "UnsupportedOperation");
    Value cls = cname ? obj_getattr(I, m, cname) : V_NULL;
    Str *msg = is_null(cls) ? NULL : str_from_cstr(I, what);
    if (!msg) return V_NULL;
    Value arg = v_obj(msg);
    Value e = obj_call(I, cls, 1, &arg, NULL);
    return is_null(e) ? V_NULL : err_set_value(I, e);
}

/* self.closed is true: raise CPython's ValueError. False after raising. */
static bool check_open(Interp *I, Value self) {
    Str *n = str_intern_cstr(I, "closed");
    Value c = n ? obj_getattr(I, self, n) : V_NULL;
    if (is_null(c)) return false;
    int t = obj_truthy(I, c);
    if (t < 0) return false;
    if (t) return err_format(I, TY_VALUE_ERROR, "I/O operation on closed file."), false;
    return true;
}

static Value call0(Interp *I, Value self, const char *meth) {
    Str *n = str_intern_cstr(I, meth);
    return n ? obj_call_method(I, self, n, 0, NULL) : V_NULL;
}

static bool append(Interp *I, ByteArray *acc, const void *p, size_t n) {
    if (!bytearray_reserve(I, acc, acc->len + n)) return false;
    memmove(acc->data + acc->len, p, n);
    acc->len += n;
    return true;
}

#define UNSUPPORTED(fn, what)                                                                      \
    static Value fn(Interp *I, int argc, Value *argv, Tuple *kw) {                                 \
        (void)argc, (void)argv, (void)kw;                                                          \
        return io_unsupported(I, what);                                                            \
    }
UNSUPPORTED(iob_seek, "seek")
UNSUPPORTED(iob_truncate, "truncate")
UNSUPPORTED(iob_fileno, "fileno")
UNSUPPORTED(any_read, "read")
UNSUPPORTED(any_read1, "read1")
UNSUPPORTED(any_write, "write")
UNSUPPORTED(any_detach, "detach")
UNSUPPORTED(any_readline, "readline")

static Value iob_false(Interp *I, int argc, Value *argv, Tuple *kw) {
    (void)I, (void)argc, (void)argv, (void)kw;
    return V_FALSE;
}

static Value iob_tell(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "tell", kw) || !arg_count(I, "tell", argc - 1, 0, 0)) return V_NULL;
    Str *n = str_intern_cstr(I, "seek");
    Value a[2] = {v_int(0), v_int(1)};
    return n ? obj_call_method(I, argv[0], n, 2, a) : V_NULL;
}

static Value iob_flush(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "flush", kw) || !arg_count(I, "flush", argc - 1, 0, 0)) return V_NULL;
    return check_open(I, argv[0]) ? V_NONE : V_NULL;
}

/* close(): flush, then closed even when the flush failed (its exception still raises). */
static Value iob_close(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "close", kw) || !arg_count(I, "close", argc - 1, 0, 0)) return V_NULL;
    Str *n = str_intern_cstr(I, "closed");
    Value c = n ? obj_getattr(I, argv[0], n) : V_NULL;
    int t = is_null(c) ? -1 : obj_truthy(I, c);
    if (t < 0) return V_NULL;
    if (t) return V_NONE;
    Value r = call0(I, argv[0], "flush");
    Obj *pending = is_null(r) ? err_fetch(I) : NULL;
    /* held across io_dset's allocation: a collection there must not free it */
    if (pending && !gc_temp_push(I, v_obj(pending))) return V_NULL;
    if (!io_dset(I, argv[0], "closed", V_TRUE)) return V_NULL;
    if (pending) {
        err_restore(I, pending);
        return V_NULL;
    }
    return V_NONE;
}

static Value iob_isatty(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "isatty", kw) || !arg_count(I, "isatty", argc - 1, 0, 0)) return V_NULL;
    return check_open(I, argv[0]) ? V_FALSE : V_NULL;
}

static Value iob_enter(Interp *I, int argc, Value *argv, Tuple *kw) {
    (void)argc, (void)kw;
    return check_open(I, argv[0]) ? argv[0] : V_NULL;
}

static Value iob_next(Interp *I, int argc, Value *argv, Tuple *kw) {
    (void)argc, (void)kw;
    Value line = call0(I, argv[0], "readline");
    if (is_null(line)) return V_NULL;
    int64_t n = obj_len(I, line);
    if (n < 0) return V_NULL;
    return n == 0 ? err_stopiteration(I, V_NULL) : line;
}

/* readline(size=-1) of a byte stream, one read(1) at a time (CPython's fallback when the
 * stream has no peek()). */
static Value iob_readline(Interp *I, int argc, Value *argv, Tuple *kw) {
    int64_t size;
    if (!arg_no_kw(I, "readline", kw) || !arg_count(I, "readline", argc - 1, 0, 1) ||
        !io_size_arg(I, argc, argv, &size))
        return V_NULL;
    ByteArray *acc = bytearray_new(I, NULL, 0);
    Str *rn = str_intern_cstr(I, "read");
    if (!acc || !rn) return V_NULL;
    Value one = v_int(1);
    while (size < 0 || (int64_t)acc->len < size) {
        Value b = obj_call_method(I, argv[0], rn, 1, &one);
        if (is_null(b)) return V_NULL;
        if (is_none(b)) break;
        BufView v;
        if (!buf_need(I, b, &v, false)) return V_NULL;
        if (v.len == 0) break;
        if (!append(I, acc, v.data, v.len)) return V_NULL;
        if (acc->data[acc->len - 1] == '\n') break;
    }
    Bytes *r = bytes_new(I, acc->data, acc->len);
    return r ? v_obj(r) : V_NULL;
}

static Value iob_readlines(Interp *I, int argc, Value *argv, Tuple *kw) {
    int64_t hint;
    if (!arg_no_kw(I, "readlines", kw) || !arg_count(I, "readlines", argc - 1, 0, 1) ||
        !io_size_arg(I, argc, argv, &hint))
        return V_NULL;
    List *out = list_new(I, 0);
    Value it = out ? obj_iter(I, argv[0]) : V_NULL;
    if (is_null(it)) return V_NULL;
    int64_t total = 0;
    for (;;) {
        Value line;
        int got = obj_next_item(I, it, &line);
        if (got < 0) return V_NULL;
        if (got == 0 || !list_append(I, out, line)) break;
        int64_t n = obj_len(I, line);
        if (n < 0) return V_NULL;
        total += n;
        if (hint > 0 && total >= hint) break;
    }
    return err_occurred(I) ? V_NULL : v_obj(out);
}

static Value iob_writelines(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "writelines", kw) || !arg_count(I, "writelines", argc - 1, 1, 1) ||
        !check_open(I, argv[0]))
        return V_NULL;
    Value it = obj_iter(I, argv[1]);
    Str *wn = str_intern_cstr(I, "write");
    if (is_null(it) || !wn) return V_NULL;
    for (;;) {
        Value line;
        int got = obj_next_item(I, it, &line);
        if (got <= 0) return got == 0 ? V_NONE : V_NULL;
        if (is_null(obj_call_method(I, argv[0], wn, 1, &line))) return V_NULL;
    }
}

static const MethodDef iobase_methods[] = {
    {"seek", iob_seek, 0},
    {"tell", iob_tell, 0},
    {"truncate", iob_truncate, 0},
    {"fileno", iob_fileno, 0},
    {"flush", iob_flush, 0},
    {"close", iob_close, 0},
    {"readable", iob_false, 0},
    {"writable", iob_false, 0},
    {"seekable", iob_false, 0},
    {"isatty", iob_isatty, 0},
    {"__enter__", iob_enter, 0},
    {"__exit__", io_exit, 0},
    {"__iter__", iob_enter, 0},
    {"__next__", iob_next, 0},
    {"readline", iob_readline, 0},
    {"readlines", iob_readlines, 0},
    {"writelines", iob_writelines, 0},
    {NULL, NULL, 0},
};

/* RawIOBase.read(size=-1): readall() for a negative size, else readinto a new buffer. */
static Value raw_read(Interp *I, int argc, Value *argv, Tuple *kw) {
    int64_t size;
    if (!arg_no_kw(I, "read", kw) || !arg_count(I, "read", argc - 1, 0, 1) ||
        !io_size_arg(I, argc, argv, &size))
        return V_NULL;
    if (size < 0) return call0(I, argv[0], "readall");
    ByteArray *b = bytearray_new(I, NULL, 0);
    Str *rn = str_intern_cstr(I, "readinto");
    if (!b || !rn) return V_NULL;
    if (size > 0) {
        unsigned char *d = mem_alloc(I, (size_t)size);
        if (!d) return V_NULL;
        memset(d, 0, (size_t)size); /* b owns d from here: the collector frees it with b */
        b->data = d;
        b->cap = b->len = (size_t)size;
    }
    Value bv = v_obj(b);
    Value n = obj_call_method(I, argv[0], rn, 1, &bv);
    if (is_null(n) || is_none(n)) return n;
    int64_t got;
    if (obj_index(I, n, &got) < 0) return V_NULL;
    if (got < 0 || got > (int64_t)b->len)
        return err_format(I, TY_VALUE_ERROR, "readinto returned %lld outside buffer size %zu",
                          (long long)got, b->len);
    Bytes *r = bytes_new(I, b->data, (size_t)got);
    return r ? v_obj(r) : V_NULL;
}

static Value raw_readall(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "readall", kw) || !arg_count(I, "readall", argc - 1, 0, 0)) return V_NULL;
    ByteArray *acc = bytearray_new(I, NULL, 0);
    Str *rn = str_intern_cstr(I, "read");
    if (!acc || !rn) return V_NULL;
    Value chunk = v_int(8192);
    for (;;) {
        Value b = obj_call_method(I, argv[0], rn, 1, &chunk);
        if (is_null(b)) return V_NULL;
        if (is_none(b)) {
            if (acc->len == 0) return V_NONE;
            break;
        }
        BufView v;
        if (!buf_need(I, b, &v, false)) return V_NULL;
        if (v.len == 0) break;
        if (!append(I, acc, v.data, v.len)) return V_NULL;
    }
    Bytes *r = bytes_new(I, acc->data, acc->len);
    return r ? v_obj(r) : V_NULL;
}

static Value raw_readinto(Interp *I, int argc, Value *argv, Tuple *kw) {
    (void)argc, (void)argv, (void)kw;
    return err_format(I, TY_NOT_IMPLEMENTED_ERROR, "%s", "");
}

static const MethodDef rawiobase_methods[] = {
    {"read", raw_read, 0},
    {"readall", raw_readall, 0},
    {"readinto", raw_readinto, 0},
    {"write", raw_readinto, 0},
    {NULL, NULL, 0},
};

/* BufferedIOBase.readinto(b): copy read(len(b)) into b. */
static Value buf_readinto(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "readinto", kw) || !arg_count(I, "readinto", argc - 1, 1, 1)) return V_NULL;
    BufView dst;
    if (!buf_need(I, argv[1], &dst, true)) return V_NULL;
    Str *rn = str_intern_cstr(I, "read");
    Value want = v_int((int64_t)dst.len);
    Value data = rn ? obj_call_method(I, argv[0], rn, 1, &want) : V_NULL;
    BufView src;
    if (is_null(data) || !buf_need(I, data, &src, false)) return V_NULL;
    /* the buffer may have moved while read() ran */
    if (!buf_need(I, argv[1], &dst, true)) return V_NULL;
    size_t n = src.len < dst.len ? src.len : dst.len;
    if (n) memmove(dst.data, src.data, n);
    return v_int((int64_t)n);
}

static const MethodDef bufferediobase_methods[] = {
    {"read", any_read, 0},     {"read1", any_read1, 0},       {"write", any_write, 0},
    {"detach", any_detach, 0}, {"readinto", buf_readinto, 0}, {"readinto1", buf_readinto, 0},
    {NULL, NULL, 0},
};

static const MethodDef textiobase_methods[] = {
    {"read", any_read, 0},     {"write", any_write, 0}, {"readline", any_readline, 0},
    {"detach", any_detach, 0}, {NULL, NULL, 0},
};

static Type *make(Interp *I, const char *name, Type *base, const MethodDef *defs) {
    Tuple *bases = tuple_pack(I, 1, v_obj(base));
    return bases ? stdlib_make_subclass(I, name, "io", bases, defs) : NULL;
}

static bool set_none(Interp *I, Type *t, const char *name) {
    Str *n = str_intern_cstr(I, name);
    return n && dict_set_str(I, t->tdict, n, V_NONE) >= 0;
}

Type *io_make_text_base(Interp *I) {
    Type *iob = make(I, "IOBase", I->types[TY_OBJECT], iobase_methods);
    Str *closed = str_intern_cstr(I, "closed");
    if (!iob || !closed || dict_set_str(I, iob->tdict, closed, V_FALSE) < 0) return NULL;
    Type *text = make(I, "TextIOBase", iob, textiobase_methods);
    if (!text || !set_none(I, text, "encoding") || !set_none(I, text, "newlines") ||
        !set_none(I, text, "errors"))
        return NULL;
    return text;
}

bool io_add_base_classes(Interp *I, Module *m, Type **text_out, Type **buffered_out) {
    /* the TextIOBase the sys streams derive from; a fresh one if a host replaced them */
    Type *text = NULL;
    if (!sys_streams_ensure(I)) return false;
    if (is_obj(I->sys_stdout)) {
        Tuple *mro = as_obj(I->sys_stdout)->type->mro;
        if (mro && mro->len >= 3) text = (Type *)as_obj(mro->items[1]);
    }
    if (!text || !text->mro || text->mro->len < 3) text = io_make_text_base(I);
    if (!text) return false;
    Type *iob = (Type *)as_obj(text->mro->items[1]);
    Type *raw = make(I, "RawIOBase", iob, rawiobase_methods);
    Type *buffered = make(I, "BufferedIOBase", iob, bufferediobase_methods);
    Type *ose = exc_type(I, TY_OS_ERROR), *ve = ose ? exc_type(I, TY_VALUE_ERROR) : NULL;
    Tuple *ebases = ve ? tuple_pack(I, 2, v_obj(ose), v_obj(ve)) : NULL;
    Type *unsup =
        ebases ? stdlib_make_subclass(I, "UnsupportedOperation", "io", ebases, NULL) : NULL;
    if (!raw || !buffered || !unsup || module_set(I, m, "IOBase", v_obj(iob)) < 0 ||
        module_set(I, m, "RawIOBase", v_obj(raw)) < 0 ||
        module_set(I, m, "BufferedIOBase", v_obj(buffered)) < 0 ||
        module_set(I, m, "TextIOBase", v_obj(text)) < 0 ||
        module_set(I, m, "UnsupportedOperation", v_obj(unsup)) < 0)
        return false;
    *text_out = text;
    *buffered_out = buffered;
    return true;
}
