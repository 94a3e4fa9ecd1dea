/* io.c: io.StringIO and the file objects behind the builtin open().
 *
 * Both are heap classes with native methods (stdlib_make_class). Their C-side state lives
 * in the instance dict under private names, as ordinary GC-managed values, so the classes
 * need no builtin type id and no trace slot:
 *   StringIO: _buf (bytearray of UCS-4 code points, so positions are O(1)), _pos (int);
 *   files:    _fd (int, -1 once closed), _rbuf (bytearray of bytes read ahead), _flags.
 * Files are unbuffered on write (each write() is a system call), so output is never lost
 * when a script forgets close(). Text files are UTF-8; reading turns "\r\n" into "\n". */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../vm/overflow.h"
#include "builtins.h"
#include "classes.h"
#include "os.h"
#include "io.h"

/* FILE_RAW_NL: open(newline=...) not None: reading keeps "\r\n" as it is */
enum { FILE_READ = 1, FILE_WRITE = 2, FILE_BINARY = 4, FILE_APPEND = 8, FILE_RAW_NL = 16 };

Value io_dget(Interp *I, Value self, const char *name) {
    Dict **dp = obj_dict_ptr(I, self);
    Str *n = str_intern_cstr(I, name);
    if (!dp || !*dp || !n) return V_NULL;
    return dict_get_str(*dp, n);
}

bool io_dset(Interp *I, Value self, const char *name, Value v) {
    Str *n = str_intern_cstr(I, name);
    return n && obj_setattr(I, self, n, v) == 0;
}

static Value closed_error(Interp *I) {
    return err_format(I, TY_VALUE_ERROR, "I/O operation on closed file.");
}

static Value sio_closed_error(Interp *I) { /* StringIO's message has no period */
    return err_format(I, TY_VALUE_ERROR, "I/O operation on closed file");
}

Value io_return_self(Interp *I, int argc, Value *argv, Tuple *kw) {
    return argv[0];
}
Value io_return_true(Interp *I, int argc, Value *argv, Tuple *kw) {
    return V_TRUE;
}

/* ---- StringIO -------------------------------------------------------------------------- */

/* The state lives in the instance dict, where a script can reach it (s._pos = -1,
 * s.__dict__['_buf'] = bytearray(b'x')): it is checked at every use, so a changed state is
 * an error, never a read or write outside the buffer. */
static ByteArray *sio_buf(Interp *I, Value self, int64_t *pos) {
    Value b = io_dget(I, self, "_buf"), p = io_dget(I, self, "_pos");
    if (is_null(b) || !is_bytearray(I, b) || !is_smallint(p)) {
        sio_closed_error(I);
        return NULL;
    }
    if (p.as.i < 0 || (uint64_t)p.as.i > SIZE_OBJ_MAX / 8 || as_bytearray(b)->len % 4 != 0) {
        err_format(I, TY_VALUE_ERROR, "StringIO: its private state (_buf, _pos) was changed");
        return NULL;
    }
    *pos = p.as.i;
    return as_bytearray(b);
}

static size_t sio_len(ByteArray *b) {
    return b->len / 4;
}
static uint32_t *sio_chars(ByteArray *b) {
    return (uint32_t *)b->data;
}

static bool sio_reserve(Interp *I, ByteArray *b, size_t nchars) {
    size_t need = nchars * 4;
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

static Value sio_make_str(Interp *I, const uint32_t *cp, size_t n) {
    StrBuf sb;
    sb_init(&sb);
    char tmp[4];
    for (size_t i = 0; i < n; i++) {
        if (cp[i] > 0x10FFFF) { /* only a changed _buf holds one */
            sb_free(I, &sb);
            return err_format(I, TY_VALUE_ERROR, "StringIO: its private state (_buf) was changed");
        }
        sb_append(I, &sb, tmp, (size_t)utf8_encode(cp[i], tmp));
    }
    if (sb.len == 0) {
        sb_free(I, &sb);
        return v_obj(I->empty_str);
    }
    Str *s = sb_finish(I, &sb);
    return s ? v_obj(s) : V_NULL;
}

static Value sio_write_str(Interp *I, Value self, Value sv) {
    int64_t pos;
    ByteArray *b = sio_buf(I, self, &pos);
    if (!b) return V_NULL;
    if (!is_str(I, sv))
        return err_format(I, TY_TYPE_ERROR, "string argument expected, got '%s'", type_name(I, sv));
    Str *s = as_str(sv);
    size_t len = sio_len(b), end = (size_t)pos + s->nchars;
    if (!sio_reserve(I, b, end)) return V_NULL;
    uint32_t *c = sio_chars(b);
    for (size_t i = len; i < (size_t)pos; i++)
        c[i] = 0; /* a write past the end pads */
    size_t at = 0, i = (size_t)pos;
    while (at < s->len)
        c[i++] = utf8_decode(s->data, &at);
    if (end > len) b->len = end * 4;
    if (!io_dset(I, self, "_pos", v_int((int64_t)end))) return V_NULL;
    return v_int((int64_t)s->nchars);
}

static Value sio_init(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"self", "initial_value", "newline"};
    Value a[3];
    if (!arg_parse(I, "StringIO", argc, argv, kw, names, 3, 1, 3, a)) return V_NULL;
    ByteArray *b = bytearray_new(I, NULL, 0);
    if (!b || !io_dset(I, argv[0], "_buf", v_obj(b)) || !io_dset(I, argv[0], "_pos", v_int(0)) ||
        !io_dset(I, argv[0], "closed", V_FALSE))
        return V_NULL;
    if (!is_null(a[1]) && !is_none(a[1])) {
        if (!is_str(I, a[1]))
            return err_format(I, TY_TYPE_ERROR, "initial_value must be str or None, not %s",
                              type_name(I, a[1]));
        if (is_null(sio_write_str(I, argv[0], a[1])) || !io_dset(I, argv[0], "_pos", v_int(0)))
            return V_NULL;
    }
    return V_NONE;
}

static Value sio_write(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "write", kw) || !arg_count(I, "write", argc - 1, 1, 1)) return V_NULL;
    return sio_write_str(I, argv[0], argv[1]);
}

static Value sio_writelines(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "writelines", kw) || !arg_count(I, "writelines", argc - 1, 1, 1))
        return V_NULL;
    Value it = obj_iter(I, argv[1]);
    if (is_null(it) || !gc_temp_push(I, it)) return V_NULL;
    for (;;) {
        Value x;
        int got = obj_next_item(I, it, &x);
        if (got <= 0) return got < 0 ? V_NULL : V_NONE;
        if (!gc_temp_push(I, x) || is_null(sio_write_str(I, argv[0], x))) return V_NULL;
    }
}

bool io_size_arg(Interp *I, int argc, Value *argv, int64_t *size) {
    *size = -1;
    if (argc > 1 && !is_none(argv[1])) {
        if (!is_int(I, argv[1]))
            return err_format(I, TY_TYPE_ERROR, "argument should be integer or None, not '%s'",
                              type_name(I, argv[1])),
                   false;
        if (obj_index(I, argv[1], size) < 0) return false;
    }
    return true;
}

static Value sio_read(Interp *I, int argc, Value *argv, Tuple *kw) {
    int64_t pos, size;
    if (!arg_no_kw(I, "read", kw) || !arg_count(I, "read", argc - 1, 0, 1)) return V_NULL;
    ByteArray *b = sio_buf(I, argv[0], &pos);
    if (!b || !io_size_arg(I, argc, argv, &size)) return V_NULL;
    int64_t len = (int64_t)sio_len(b);
    if (pos >= len) return v_obj(I->empty_str);
    int64_t n = len - pos;
    if (size >= 0 && size < n) n = size;
    Value r = sio_make_str(I, sio_chars(b) + pos, (size_t)n);
    if (is_null(r) || !io_dset(I, argv[0], "_pos", v_int(pos + n))) return V_NULL;
    return r;
}

static Value sio_readline_impl(Interp *I, Value self, int64_t size) {
    int64_t pos;
    ByteArray *b = sio_buf(I, self, &pos);
    if (!b) return V_NULL;
    int64_t len = (int64_t)sio_len(b), e = pos;
    uint32_t *c = sio_chars(b);
    while (e < len && (size < 0 || e - pos < size)) {
        if (c[e++] == '\n') break;
    }
    if (e <= pos) return v_obj(I->empty_str);
    Value r = sio_make_str(I, c + pos, (size_t)(e - pos));
    if (is_null(r) || !io_dset(I, self, "_pos", v_int(e))) return V_NULL;
    return r;
}

static Value sio_readline(Interp *I, int argc, Value *argv, Tuple *kw) {
    int64_t size;
    if (!arg_no_kw(I, "readline", kw) || !arg_count(I, "readline", argc - 1, 0, 1) ||
        !io_size_arg(I, argc, argv, &size))
        return V_NULL;
    return sio_readline_impl(I, argv[0], size);
}

static Value sio_readlines(Interp *I, int argc, Value *argv, Tuple *kw) {
    List *l = list_new(I, 0);
    if (!l) return V_NULL;
    for (;;) {
        Value line = sio_readline_impl(I, argv[0], -1);
        if (is_null(line)) return V_NULL;
        if (as_str(line)->len == 0) return v_obj(l);
        if (!list_append(I, l, line)) return V_NULL;
    }
}

static Value sio_next(Interp *I, int argc, Value *argv, Tuple *kw) {
    Value line = sio_readline_impl(I, argv[0], -1);
    if (is_null(line) || as_str(line)->len) return line;
    return V_NULL; /* exhausted: no exception set */
}

static Value sio_iter(Interp *I, int argc, Value *argv, Tuple *kw) {
    int64_t pos;
    return sio_buf(I, argv[0], &pos) ? argv[0] : V_NULL;
}

static Value sio_getvalue(Interp *I, int argc, Value *argv, Tuple *kw) {
    int64_t pos;
    if (!arg_no_kw(I, "getvalue", kw) || !arg_count(I, "getvalue", argc - 1, 0, 0)) return V_NULL;
    ByteArray *b = sio_buf(I, argv[0], &pos);
    return b ? sio_make_str(I, sio_chars(b), sio_len(b)) : V_NULL;
}

static Value sio_tell(Interp *I, int argc, Value *argv, Tuple *kw) {
    int64_t pos;
    return sio_buf(I, argv[0], &pos) ? v_int(pos) : V_NULL;
}

static Value sio_seek(Interp *I, int argc, Value *argv, Tuple *kw) {
    int64_t pos, off, whence = 0;
    if (!arg_no_kw(I, "seek", kw) || !arg_count(I, "seek", argc - 1, 1, 2)) return V_NULL;
    ByteArray *b = sio_buf(I, argv[0], &pos);
    if (!b || obj_index(I, argv[1], &off) < 0 || (argc > 2 && obj_index(I, argv[2], &whence) < 0))
        return V_NULL;
    if (whence < 0 || whence > 2)
        return err_format(I, TY_VALUE_ERROR, "Invalid whence (%lld, should be 0, 1 or 2)",
                          (long long)whence);
    if (whence == 0 && off < 0)
        return err_format(I, TY_VALUE_ERROR, "Negative seek position %lld", (long long)off);
    if (whence != 0 && off != 0)
        return err_format(I, TY_OS_ERROR, "Can't do nonzero cur-relative seeks");
    if (whence == 1) off = pos;
    if (whence == 2) off = (int64_t)sio_len(b);
    return io_dset(I, argv[0], "_pos", v_int(off)) ? v_int(off) : V_NULL;
}

static Value sio_truncate(Interp *I, int argc, Value *argv, Tuple *kw) {
    int64_t pos, size;
    if (!arg_no_kw(I, "truncate", kw) || !arg_count(I, "truncate", argc - 1, 0, 1)) return V_NULL;
    ByteArray *b = sio_buf(I, argv[0], &pos);
    if (!b || !io_size_arg(I, argc, argv, &size)) return V_NULL;
    if (size < 0) size = pos;
    if ((size_t)size < sio_len(b)) b->len = (size_t)size * 4;
    return v_int(size);
}

static Value sio_close(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!io_dset(I, argv[0], "_buf", V_NONE) || !io_dset(I, argv[0], "closed", V_TRUE))
        return V_NULL;
    return V_NONE;
}

Value io_exit(Interp *I, int argc, Value *argv, Tuple *kw) {
    Value r = obj_call_method(I, argv[0], I->names.close, 0, NULL);
    return is_null(r) ? V_NULL : V_NONE;
}

static const MethodDef stringio_methods[] = {
    {"__init__", sio_init, 0},
    {"write", sio_write, 0},
    {"writelines", sio_writelines, 0},
    {"read", sio_read, 0},
    {"readline", sio_readline, 0},
    {"readlines", sio_readlines, 0},
    {"getvalue", sio_getvalue, 0},
    {"tell", sio_tell, 0},
    {"seek", sio_seek, 0},
    {"truncate", sio_truncate, 0},
    {"close", sio_close, 0},
    {"__iter__", sio_iter, 0},
    {"__next__", sio_next, 0},
    {"__enter__", io_return_self, 0},
    {"__exit__", io_exit, 0},
    {"readable", io_return_true, 0},
    {"writable", io_return_true, 0},
    {"seekable", io_return_true, 0},
    {"flush", io_return_true, 0},
    {NULL, NULL, 0},
};

/* ---- files ----------------------------------------------------------------------------- */

typedef struct FileState {
    int fd;
    int flags;
    ByteArray *rbuf;
} FileState;

static bool file_state(Interp *I, Value self, FileState *st) {
    /* no file can be opened in the sandbox; one forged from the class (a _fd set by hand on
     * a TextIOWrapper) must not reach the host's descriptors either */
    if (I->sandbox) {
        err_format(I, TY_PERMISSION_ERROR, "file objects are not available in the sandbox");
        return false;
    }
    Value fd = io_dget(I, self, "_fd"), fl = io_dget(I, self, "_flags"),
          rb = io_dget(I, self, "_rbuf");
    if (!is_smallint(fd) || !is_smallint(fl) || is_null(rb) || !is_bytearray(I, rb) ||
        fd.as.i < 0) {
        closed_error(I);
        return false;
    }
    st->fd = (int)fd.as.i;
    st->flags = (int)fl.as.i;
    st->rbuf = as_bytearray(rb);
    return true;
}

/* Read up to n more bytes into rbuf; 0 at end of file, -1 after raising. */
static int64_t file_fill(Interp *I, FileState *st, size_t n, Value name) {
    ByteArray *b = st->rbuf;
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n)
            cap *= 2;
        unsigned char *d = mem_realloc(I, b->data, b->cap, cap);
        if (!d) return -1;
        b->data = d;
        b->cap = cap;
    }
    for (;;) {
        ssize_t r = read(st->fd, b->data + b->len, n);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) return os_raise_errno(I, errno, V_NULL, V_NULL), -1;
        b->len += (size_t)r;
        return r;
    }
}

/* Take the first n bytes of rbuf as the result (bytes, or decoded text). */
static Value file_take(Interp *I, FileState *st, size_t n) {
    ByteArray *b = st->rbuf;
    Value r;
    if (st->flags & FILE_BINARY) {
        Bytes *o = bytes_new(I, b->data, n);
        r = o ? v_obj(o) : V_NULL;
    } else {
        /* universal newlines for "\r\n" */
        size_t w = 0;
        char *tmp = mem_alloc(I, n + 1);
        if (!tmp) return V_NULL;
        for (size_t i = 0; i < n; i++) {
            if (!(st->flags & FILE_RAW_NL) && b->data[i] == '\r' && i + 1 < n &&
                b->data[i + 1] == '\n')
                continue;
            tmp[w++] = (char)b->data[i];
        }
        int64_t bad = utf8_validate(tmp, w);
        if (bad >= 0) {
            mem_free(I, tmp, n + 1);
            return err_format(I, TY_UNICODE_DECODE_ERROR,
                              "'utf-8' codec can't decode byte 0x%02x in position %lld: "
                              "invalid start byte",
                              (unsigned char)b->data[bad], (long long)bad);
        }
        Str *s = w ? str_new(I, tmp, w) : I->empty_str;
        mem_free(I, tmp, n + 1);
        r = s ? v_obj(s) : V_NULL;
    }
    if (is_null(r)) return r;
    memmove(b->data, b->data + n, b->len - n);
    b->len -= n;
    return r;
}

static Value file_read(Interp *I, int argc, Value *argv, Tuple *kw) {
    FileState st;
    int64_t size;
    if (!arg_no_kw(I, "read", kw) || !arg_count(I, "read", argc - 1, 0, 1) ||
        !file_state(I, argv[0], &st) || !io_size_arg(I, argc, argv, &size))
        return V_NULL;
    if (!(st.flags & FILE_READ)) return io_unsupported(I, "not readable");
    for (;;) {
        if (size >= 0 && (st.flags & FILE_BINARY) && st.rbuf->len >= (size_t)size) break;
        int64_t r = file_fill(I, &st, 65536, V_NULL);
        if (r < 0) return V_NULL;
        if (r == 0) break;
    }
    size_t n = st.rbuf->len;
    if (size >= 0 && (size_t)size < n) {
        if (st.flags & FILE_BINARY) {
            n = (size_t)size;
        } else { /* size counts characters: find the byte end of `size` code points */
            size_t chars = 0, at = 0;
            while (at < n && chars < (size_t)size) {
                if (!(st.flags & FILE_RAW_NL) && st.rbuf->data[at] == '\r' && at + 1 < n &&
                    st.rbuf->data[at + 1] == '\n')
                    at++;
                at += (size_t)utf8_char_len(st.rbuf->data[at]);
                chars++;
            }
            n = at < n ? at : n;
        }
    }
    return file_take(I, &st, n);
}

static Value file_readline_impl(Interp *I, Value self, int64_t size) {
    FileState st;
    if (!file_state(I, self, &st)) return V_NULL;
    if (!(st.flags & FILE_READ)) return io_unsupported(I, "not readable");
    size_t scanned = 0;
    for (;;) {
        ByteArray *b = st.rbuf;
        while (scanned < b->len && b->data[scanned] != '\n')
            scanned++;
        if (scanned < b->len) {
            scanned++;
            break;
        }
        if (size >= 0 && b->len >= (size_t)size) break;
        int64_t r = file_fill(I, &st, 65536, V_NULL);
        if (r < 0) return V_NULL;
        if (r == 0) break;
    }
    if (size >= 0 && scanned > (size_t)size) scanned = (size_t)size;
    return file_take(I, &st, scanned);
}

static Value file_readline(Interp *I, int argc, Value *argv, Tuple *kw) {
    int64_t size;
    if (!arg_no_kw(I, "readline", kw) || !arg_count(I, "readline", argc - 1, 0, 1) ||
        !io_size_arg(I, argc, argv, &size))
        return V_NULL;
    return file_readline_impl(I, argv[0], size);
}

static bool line_empty(Interp *I, Value line) {
    if (is_str(I, line)) return as_str(line)->len == 0;
    return as_bytes(line)->len == 0;
}

static Value file_readlines(Interp *I, int argc, Value *argv, Tuple *kw) {
    List *l = list_new(I, 0);
    if (!l) return V_NULL;
    for (;;) {
        Value line = file_readline_impl(I, argv[0], -1);
        if (is_null(line)) return V_NULL;
        if (line_empty(I, line)) return v_obj(l);
        if (!list_append(I, l, line)) return V_NULL;
    }
}

static Value file_next(Interp *I, int argc, Value *argv, Tuple *kw) {
    Value line = file_readline_impl(I, argv[0], -1);
    if (is_null(line) || !line_empty(I, line)) return line;
    return V_NULL;
}

static Value file_iter(Interp *I, int argc, Value *argv, Tuple *kw) {
    FileState st;
    return file_state(I, argv[0], &st) ? argv[0] : V_NULL;
}

static Value file_write(Interp *I, int argc, Value *argv, Tuple *kw) {
    FileState st;
    if (!arg_no_kw(I, "write", kw) || !arg_count(I, "write", argc - 1, 1, 1) ||
        !file_state(I, argv[0], &st))
        return V_NULL;
    if (!(st.flags & FILE_WRITE)) return io_unsupported(I, "not writable");
    Value v = argv[1];
    const unsigned char *data;
    size_t len;
    int64_t result;
    if (st.flags & FILE_BINARY) {
        if (is_bytes(I, v))
            data = as_bytes(v)->data, len = as_bytes(v)->len;
        else if (is_bytearray(I, v))
            data = as_bytearray(v)->data, len = as_bytearray(v)->len;
        else
            return err_format(I, TY_TYPE_ERROR, "a bytes-like object is required, not '%s'",
                              type_name(I, v));
        result = (int64_t)len;
    } else {
        if (!is_str(I, v))
            return err_format(I, TY_TYPE_ERROR, "write() argument must be str, not %s",
                              type_name(I, v));
        data = (const unsigned char *)as_str(v)->data;
        len = as_str(v)->len;
        result = (int64_t)as_str(v)->nchars;
    }
    /* a pending read-ahead belongs before the write position: seek back over it */
    if (st.rbuf->len) {
        lseek(st.fd, -(off_t)st.rbuf->len, SEEK_CUR);
        st.rbuf->len = 0;
    }
    size_t done = 0;
    while (done < len) {
        ssize_t w = write(st.fd, data + done, len - done);
        if (w < 0 && errno == EINTR) continue;
        if (w < 0) return os_raise_errno(I, errno, V_NULL, V_NULL);
        done += (size_t)w;
    }
    return v_int(result);
}

static Value file_close(Interp *I, int argc, Value *argv, Tuple *kw) {
    Value fd = io_dget(I, argv[0], "_fd");
    if (is_smallint(fd) && fd.as.i >= 0) {
        close((int)fd.as.i);
        if (!io_dset(I, argv[0], "_fd", v_int(-1)) || !io_dset(I, argv[0], "closed", V_TRUE))
            return V_NULL;
    }
    return V_NONE;
}

static Value file_flush(Interp *I, int argc, Value *argv, Tuple *kw) {
    FileState st;
    return file_state(I, argv[0], &st) ? V_NONE : V_NULL;
}

static Value file_fileno(Interp *I, int argc, Value *argv, Tuple *kw) {
    FileState st;
    return file_state(I, argv[0], &st) ? v_int(st.fd) : V_NULL;
}

static Value file_tell(Interp *I, int argc, Value *argv, Tuple *kw) {
    FileState st;
    if (!file_state(I, argv[0], &st)) return V_NULL;
    off_t p = lseek(st.fd, 0, SEEK_CUR);
    if (p < 0) return os_raise_errno(I, errno, V_NULL, V_NULL);
    return v_int((int64_t)p - (int64_t)st.rbuf->len);
}

static Value file_seek(Interp *I, int argc, Value *argv, Tuple *kw) {
    FileState st;
    int64_t off, whence = 0;
    if (!arg_no_kw(I, "seek", kw) || !arg_count(I, "seek", argc - 1, 1, 2) ||
        !file_state(I, argv[0], &st) || obj_index(I, argv[1], &off) < 0 ||
        (argc > 2 && obj_index(I, argv[2], &whence) < 0))
        return V_NULL;
    if (whence == 1) off -= (int64_t)st.rbuf->len;
    st.rbuf->len = 0;
    off_t p = lseek(st.fd, (off_t)off, (int)whence);
    if (p < 0) return os_raise_errno(I, errno, V_NULL, V_NULL);
    return v_int((int64_t)p);
}

static Value file_readable(Interp *I, int argc, Value *argv, Tuple *kw) {
    FileState st;
    return file_state(I, argv[0], &st) ? v_bool(st.flags & FILE_READ) : V_NULL;
}

static Value file_writable(Interp *I, int argc, Value *argv, Tuple *kw) {
    FileState st;
    return file_state(I, argv[0], &st) ? v_bool(st.flags & FILE_WRITE) : V_NULL;
}

static const MethodDef file_methods[] = {
    {"read", file_read, 0},
    {"readline", file_readline, 0},
    {"readlines", file_readlines, 0},
    {"write", file_write, 0},
    {"close", file_close, 0},
    {"flush", file_flush, 0},
    {"fileno", file_fileno, 0},
    {"tell", file_tell, 0},
    {"seek", file_seek, 0},
    {"readable", file_readable, 0},
    {"writable", file_writable, 0},
    {"seekable", io_return_true, 0},
    {"__iter__", file_iter, 0},
    {"__next__", file_next, 0},
    {"__enter__", io_return_self, 0},
    {"__exit__", io_exit, 0},
    {NULL, NULL, 0},
};

static Module *io_module(Interp *I) {
    Str *name = str_intern_cstr(I, "io");
    Value m;
    if (!name) return NULL;
    if (dict_get(I, I->modules, v_obj(name), &m) > 0 && is_obj(m) &&
        as_obj(m)->type == I->types[TY_MODULE])
        return (Module *)as_obj(m);
    Module *mod = io_module_create(I);
    if (!mod || dict_set(I, I->modules, v_obj(name), v_obj(mod)) < 0) return NULL;
    return mod;
}

Value io_open(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    static const char *const names[] = {"file",   "mode",    "buffering", "encoding",
                                        "errors", "newline", "closefd",   "opener"};
    Value a[8];
    if (!arg_parse(I, "open", argc, argv, kwnames, names, 8, 1, 8, a)) return V_NULL;
    const char *path;
    if (is_int(I, a[0]))
        return err_format(I, TY_NOT_IMPLEMENTED_ERROR, "open() of a file descriptor");
    if (!is_str(I, a[0]))
        return err_format(I, TY_TYPE_ERROR, "expected str, bytes or os.PathLike object, not %s",
                          type_name(I, a[0]));
    if (!os_path_arg(I, "open", "file", a[0], &path)) return V_NULL;
    const char *mode = "r";
    if (!is_null(a[1])) {
        if (!is_str(I, a[1]))
            return err_format(I, TY_TYPE_ERROR, "open() argument 'mode' must be str, not %s",
                              type_name(I, a[1]));
        mode = as_str(a[1])->data;
    }
    int flags = 0, nrw = 0, oflags = 0;
    bool plus = false, text = false, bad = false;
    for (const char *c = mode; *c; c++) {
        switch (*c) {
        case 'r': nrw++, flags |= FILE_READ; break;
        case 'w': nrw++, flags |= FILE_WRITE, oflags |= O_CREAT | O_TRUNC; break;
        case 'a': nrw++, flags |= FILE_WRITE | FILE_APPEND, oflags |= O_CREAT | O_APPEND; break;
        case 'x': nrw++, flags |= FILE_WRITE, oflags |= O_CREAT | O_EXCL; break;
        case '+': bad |= plus, plus = true; break;
        case 'b': bad |= (flags & FILE_BINARY) != 0, flags |= FILE_BINARY; break;
        case 't': bad |= text, text = true; break;
        default: bad = true;
        }
    }
    if (bad || nrw > 1 || (text && (flags & FILE_BINARY)))
        return err_format(I, TY_VALUE_ERROR, "invalid mode: '%s'", mode);
    if (nrw == 0)
        return err_format(I, TY_VALUE_ERROR,
                          "Must have exactly one of create/read/write/append "
                          "mode and at most one plus");
    if (plus) flags |= FILE_READ | FILE_WRITE;
    if (!is_null(a[5]) && !is_none(a[5])) {
        if (!is_str(I, a[5]))
            return err_format(I, TY_TYPE_ERROR,
                              "open() argument 'newline' must be str or None, not %s",
                              type_name(I, a[5]));
        const char *nl = as_str(a[5])->data;
        if (strcmp(nl, "") != 0 && strcmp(nl, "\n") != 0 && strcmp(nl, "\r") != 0 &&
            strcmp(nl, "\r\n") != 0)
            return err_format(I, TY_VALUE_ERROR, "illegal newline value: %s", nl);
        if (flags & FILE_BINARY)
            return err_format(I, TY_VALUE_ERROR, "binary mode doesn't take a newline argument");
        flags |= FILE_RAW_NL;
    }
    if ((flags & FILE_BINARY) && !is_null(a[3]) && !is_none(a[3]))
        return err_format(I, TY_VALUE_ERROR, "binary mode doesn't take an encoding argument");
    int acc = (flags & FILE_READ) && (flags & FILE_WRITE) ? O_RDWR
              : (flags & FILE_WRITE)                      ? O_WRONLY
                                                          : O_RDONLY;
    int fd = open(path, acc | oflags | O_CLOEXEC, 0666);
    if (fd < 0) return os_raise_errno(I, errno, a[0], V_NULL);
    struct stat sst;
    if (fstat(fd, &sst) == 0 && S_ISDIR(sst.st_mode)) {
        close(fd);
        return os_raise_errno(I, EISDIR, a[0], V_NULL);
    }
    Module *io = io_module(I);
    Value cls =
        io ? dict_get_str(io->dict, str_intern_cstr(I, (flags & FILE_BINARY) ? "BufferedReader"
                                                                             : "TextIOWrapper"))
           : V_NULL;
    Value f = is_null(cls) ? V_NULL : object_alloc(I, (Type *)as_obj(cls));
    ByteArray *rb = is_null(f) ? NULL : bytearray_new(I, NULL, 0);
    Str *mstr = rb ? str_from_cstr(I, mode) : NULL;
    if (!mstr || !io_dset(I, f, "_fd", v_int(fd)) || !io_dset(I, f, "_flags", v_int(flags)) ||
        !io_dset(I, f, "_rbuf", v_obj(rb)) || !io_dset(I, f, "name", a[0]) ||
        !io_dset(I, f, "mode", v_obj(mstr)) || !io_dset(I, f, "closed", V_FALSE)) {
        close(fd);
        return V_NULL;
    }
    if (!(flags & FILE_BINARY)) {
        Str *enc = str_from_cstr(I, "UTF-8");
        if (!enc || !io_dset(I, f, "encoding", v_obj(enc))) return V_NULL;
    }
    return f;
}

Module *io_module_create(Interp *I) {
    Str *name = str_intern_cstr(I, "io");
    Module *m = name ? module_new(I, name) : NULL;
    if (!m) return NULL;
    Type *tbase, *bbase;
    if (!io_add_base_classes(I, m, &tbase, &bbase)) return NULL;
    Tuple *tb = tuple_pack(I, 1, v_obj(tbase)), *bb = tuple_pack(I, 1, v_obj(bbase));
    if (!tb || !bb) return NULL;
    Type *sio = stdlib_make_subclass(I, "StringIO", "io", tb, stringio_methods);
    Type *bio = stdlib_make_subclass(I, "BytesIO", "io", bb, bytesio_methods);
    if (!bio || module_set(I, m, "BytesIO", v_obj(bio)) < 0) return NULL;
    Type *text = stdlib_make_subclass(I, "TextIOWrapper", "io", tb, file_methods);
    Type *bin = stdlib_make_subclass(I, "BufferedReader", "io", bb, file_methods);
    if (!sio || !text || !bin || module_set(I, m, "StringIO", v_obj(sio)) < 0 ||
        module_set(I, m, "TextIOWrapper", v_obj(text)) < 0 ||
        module_set(I, m, "BufferedReader", v_obj(bin)) < 0)
        return NULL;
    Value open = native_func_new(I, "open", io_open, 0, m);
    if (is_null(open) || module_set(I, m, "open", open) < 0) return NULL;
    return m;
}
