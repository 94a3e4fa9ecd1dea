/* io_bytesio.c: io.BytesIO, the in-memory binary stream, beside io.c's StringIO.
 *
 * A heap class with native methods (io.c registers it); its state lives in the instance
 * dict as StringIO's does: _buf (a bytearray holding the bytes), _pos (int). close() drops
 * the buffer; every method then raises CPython's "I/O operation on closed file.". */
#include <string.h>

#include "../vm/buffer.h"
#include "builtins.h"
#include "io.h"

static ByteArray *bio_buf(Interp *I, Value self, int64_t *pos) {
    Value b = io_dget(I, self, "_buf"), p = io_dget(I, self, "_pos");
    if (is_null(b) || !is_bytearray(I, b) || !is_smallint(p)) {
        err_format(I, TY_VALUE_ERROR, "I/O operation on closed file.");
        return NULL;
    }
    *pos = p.as.i;
    return as_bytearray(b);
}

static bool bio_reserve(Interp *I, ByteArray *b, size_t need) {
    if (need <= b->cap) return true;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < need)
        cap *= 2;
    unsigned char *d = mem_realloc(I, b->data, b->cap, cap);
    if (!d) return false;
    b->data = d;
    b->cap = cap;
    return true;
}

/* The bytes of a bytes-like argument (bytes, bytearray, memoryview, array.array). */
static bool bio_data(Interp *I, Value v, const unsigned char **p, size_t *n) {
    BufView b;
    if (!buf_need(I, v, &b, false)) return false;
    *p = b.data;
    *n = b.len;
    return true;
}

static Value bio_write_value(Interp *I, Value self, Value v) {
    int64_t pos;
    ByteArray *b = bio_buf(I, self, &pos);
    const unsigned char *p;
    size_t n;
    if (!b || !bio_data(I, v, &p, &n)) return V_NULL;
    size_t end = (size_t)pos + n;
    if (!bio_reserve(I, b, end)) return V_NULL;
    if ((size_t)pos > b->len) memset(b->data + b->len, 0, (size_t)pos - b->len);
    if (n) memmove(b->data + pos, p, n); /* p may be b itself: b.write(b.getbuffer()) */
    if (end > b->len) b->len = end;
    if (!io_dset(I, self, "_pos", v_int((int64_t)end))) return V_NULL;
    return v_int((int64_t)n);
}

static Value bio_init(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"self", "initial_bytes"};
    Value a[2];
    if (!arg_parse(I, "BytesIO", argc, argv, kw, names, 2, 1, 2, a)) return V_NULL;
    ByteArray *b = bytearray_new(I, NULL, 0);
    if (!b || !io_dset(I, argv[0], "_buf", v_obj(b)) || !io_dset(I, argv[0], "_pos", v_int(0)) ||
        !io_dset(I, argv[0], "closed", V_FALSE))
        return V_NULL;
    if (!is_null(a[1]) && !is_none(a[1]) &&
        (is_null(bio_write_value(I, argv[0], a[1])) || !io_dset(I, argv[0], "_pos", v_int(0))))
        return V_NULL;
    return V_NONE;
}

static Value bio_write(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "write", kw) || !arg_count(I, "write", argc - 1, 1, 1)) return V_NULL;
    return bio_write_value(I, argv[0], argv[1]);
}

static Value bio_writelines(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "writelines", kw) || !arg_count(I, "writelines", argc - 1, 1, 1))
        return V_NULL;
    Value it = obj_iter(I, argv[1]);
    if (is_null(it) || !gc_temp_push(I, it)) return V_NULL;
    for (;;) {
        Value x;
        int got = obj_next_item(I, it, &x);
        if (got <= 0) return got < 0 ? V_NULL : V_NONE;
        if (!gc_temp_push(I, x) || is_null(bio_write_value(I, argv[0], x))) return V_NULL;
    }
}

/* n bytes from the position on (fewer at the end), advancing it. */
static Value bio_take(Interp *I, Value self, ByteArray *b, int64_t pos, int64_t n) {
    int64_t len = (int64_t)b->len;
    if (pos >= len || n <= 0) return v_obj(bytes_new(I, NULL, 0));
    if (n > len - pos) n = len - pos;
    Bytes *r = bytes_new(I, b->data + pos, (size_t)n);
    if (!r || !io_dset(I, self, "_pos", v_int(pos + n))) return V_NULL;
    return v_obj(r);
}

static Value bio_read(Interp *I, int argc, Value *argv, Tuple *kw) {
    int64_t pos, size;
    if (!arg_no_kw(I, "read", kw) || !arg_count(I, "read", argc - 1, 0, 1)) return V_NULL;
    ByteArray *b = bio_buf(I, argv[0], &pos);
    if (!b || !io_size_arg(I, argc, argv, &size)) return V_NULL;
    return bio_take(I, argv[0], b, pos, size < 0 ? (int64_t)b->len : size);
}

static Value bio_readline_impl(Interp *I, Value self, int64_t size) {
    int64_t pos;
    ByteArray *b = bio_buf(I, self, &pos);
    if (!b) return V_NULL;
    int64_t len = (int64_t)b->len, e = pos;
    while (e < len && (size < 0 || e - pos < size))
        if (b->data[e++] == '\n') break;
    return bio_take(I, self, b, pos, e - pos);
}

static Value bio_readline(Interp *I, int argc, Value *argv, Tuple *kw) {
    int64_t size;
    if (!arg_no_kw(I, "readline", kw) || !arg_count(I, "readline", argc - 1, 0, 1) ||
        !io_size_arg(I, argc, argv, &size))
        return V_NULL;
    return bio_readline_impl(I, argv[0], size);
}

static Value bio_readlines(Interp *I, int argc, Value *argv, Tuple *kw) {
    List *l = list_new(I, 0);
    if (!l) return V_NULL;
    for (;;) {
        Value line = bio_readline_impl(I, argv[0], -1);
        if (is_null(line)) return V_NULL;
        if (as_bytes(line)->len == 0) return v_obj(l);
        if (!list_append(I, l, line)) return V_NULL;
    }
}

static Value bio_readinto(Interp *I, int argc, Value *argv, Tuple *kw) {
    int64_t pos;
    if (!arg_no_kw(I, "readinto", kw) || !arg_count(I, "readinto", argc - 1, 1, 1)) return V_NULL;
    ByteArray *b = bio_buf(I, argv[0], &pos);
    if (!b) return V_NULL;
    BufView dst;
    int r = buf_get(I, argv[1], &dst, true);
    if (r < 0) return V_NULL;
    if (r == 0)
        return err_format(I, TY_TYPE_ERROR,
                          "readinto() argument must be read-write bytes-like "
                          "object, not %s",
                          type_name(I, argv[1]));
    int64_t n = (int64_t)b->len - pos;
    if (n < 0) n = 0;
    if ((size_t)n > dst.len) n = (int64_t)dst.len;
    if (n) memmove(dst.data, b->data + pos, (size_t)n);
    return io_dset(I, argv[0], "_pos", v_int(pos + n)) ? v_int(n) : V_NULL;
}

static Value bio_next(Interp *I, int argc, Value *argv, Tuple *kw) {
    Value line = bio_readline_impl(I, argv[0], -1);
    if (is_null(line) || as_bytes(line)->len) return line;
    return V_NULL; /* exhausted: no exception set */
}

static Value bio_iter(Interp *I, int argc, Value *argv, Tuple *kw) {
    int64_t pos;
    return bio_buf(I, argv[0], &pos) ? argv[0] : V_NULL;
}

/* A view of the buffer itself: writes through it change the stream's bytes. */
static Value bio_getbuffer(Interp *I, int argc, Value *argv, Tuple *kw) {
    int64_t pos;
    if (!arg_no_kw(I, "getbuffer", kw) || !arg_count(I, "getbuffer", argc - 1, 0, 0)) return V_NULL;
    ByteArray *b = bio_buf(I, argv[0], &pos);
    return b ? memoryview_new(I, v_obj(b)) : V_NULL;
}

static Value bio_getvalue(Interp *I, int argc, Value *argv, Tuple *kw) {
    int64_t pos;
    if (!arg_no_kw(I, "getvalue", kw) || !arg_count(I, "getvalue", argc - 1, 0, 0)) return V_NULL;
    ByteArray *b = bio_buf(I, argv[0], &pos);
    Bytes *r = b ? bytes_new(I, b->data, b->len) : NULL;
    return r ? v_obj(r) : V_NULL;
}

static Value bio_tell(Interp *I, int argc, Value *argv, Tuple *kw) {
    int64_t pos;
    return bio_buf(I, argv[0], &pos) ? v_int(pos) : V_NULL;
}

static Value bio_seek(Interp *I, int argc, Value *argv, Tuple *kw) {
    int64_t pos, off, whence = 0;
    if (!arg_no_kw(I, "seek", kw) || !arg_count(I, "seek", argc - 1, 1, 2)) return V_NULL;
    ByteArray *b = bio_buf(I, argv[0], &pos);
    if (!b || obj_index(I, argv[1], &off) < 0 || (argc > 2 && obj_index(I, argv[2], &whence) < 0))
        return V_NULL;
    if (whence < 0 || whence > 2)
        return err_format(I, TY_VALUE_ERROR, "invalid whence (%lld, should be 0, 1 or 2)",
                          (long long)whence);
    if (whence == 0 && off < 0)
        return err_format(I, TY_VALUE_ERROR, "negative seek value %lld", (long long)off);
    if (whence == 1) off += pos;
    if (whence == 2) off += (int64_t)b->len;
    if (off < 0) off = 0;
    return io_dset(I, argv[0], "_pos", v_int(off)) ? v_int(off) : V_NULL;
}

static Value bio_truncate(Interp *I, int argc, Value *argv, Tuple *kw) {
    int64_t pos, size;
    if (!arg_no_kw(I, "truncate", kw) || !arg_count(I, "truncate", argc - 1, 0, 1)) return V_NULL;
    ByteArray *b = bio_buf(I, argv[0], &pos);
    if (!b || !io_size_arg(I, argc, argv, &size)) return V_NULL;
    if (argc < 2 || is_none(argv[1])) size = pos;
    if (size < 0) return err_format(I, TY_VALUE_ERROR, "negative size value %lld", (long long)size);
    if ((size_t)size < b->len) b->len = (size_t)size;
    return v_int(size);
}

static Value bio_close(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!io_dset(I, argv[0], "_buf", V_NONE) || !io_dset(I, argv[0], "closed", V_TRUE))
        return V_NULL;
    return V_NONE;
}

static Value bio_false(Interp *I, int argc, Value *argv, Tuple *kw) {
    int64_t pos;
    return bio_buf(I, argv[0], &pos) ? V_FALSE : V_NULL;
}

const MethodDef bytesio_methods[] = {
    {"__init__", bio_init, 0},
    {"write", bio_write, 0},
    {"writelines", bio_writelines, 0},
    {"read", bio_read, 0},
    {"read1", bio_read, 0},
    {"readline", bio_readline, 0},
    {"readlines", bio_readlines, 0},
    {"readinto", bio_readinto, 0},
    {"getvalue", bio_getvalue, 0},
    {"getbuffer", bio_getbuffer, 0},
    {"tell", bio_tell, 0},
    {"seek", bio_seek, 0},
    {"truncate", bio_truncate, 0},
    {"close", bio_close, 0},
    {"isatty", bio_false, 0},
    {"__iter__", bio_iter, 0},
    {"__next__", bio_next, 0},
    {"__enter__", io_return_self, 0},
    {"__exit__", io_exit, 0},
    {"readable", io_return_true, 0},
    {"writable", io_return_true, 0},
    {"seekable", io_return_true, 0},
    {"flush", io_return_true, 0},
    {NULL, NULL, 0},
};
