/* zlib_native.c: _zlib, the native half of zlib (stdlib/py/zlib.py) on the system's zlib
 * (Debian: zlib1g-dev): one-shot deflate and inflate of a whole buffer, crc32 and adler32.
 * zlib's allocations go through the interpreter's counted allocator (mem_realloc_quiet), so
 * they are held to the memory limit; output grows in the interpreter's memory, and a long
 * inflate polls for Ctrl-C and the run limits between output chunks. Built only with
 * KRAIT_HAVE_ZLIB; without it `import zlib` raises ImportError saying why. */
#ifdef KRAIT_HAVE_ZLIB
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <zlib.h>

#include "../vm/buffer.h"
#include "../vm/gc.h"
#include "../vm/seq.h"
#include "builtins.h"
#include "modules.h"

#define ZN_HEADER 16 /* each zlib block's size, kept before it: zfree is not told it */
#define ZN_CHUNK  (256 * 1024)

static voidpf zn_alloc(voidpf opaque, uInt items, uInt size) {
    uint64_t n = (uint64_t)items * size;
    if (n > SIZE_MAX - ZN_HEADER) return Z_NULL;
    char *p = mem_realloc_quiet(opaque, NULL, 0, (size_t)n + ZN_HEADER);
    if (!p) return Z_NULL;
    memcpy(p, &n, sizeof n);
    return p + ZN_HEADER;
}

static void zn_free(voidpf opaque, voidpf q) {
    if (!q) return;
    char *p = (char *)q - ZN_HEADER;
    uint64_t n;
    memcpy(&n, p, sizeof n);
    mem_realloc_quiet(opaque, p, (size_t)n + ZN_HEADER, 0);
}

/* A stream whose allocations are the interpreter's. */
static z_stream zn_stream(Interp *I) {
    z_stream z = {0};
    z.zalloc = zn_alloc;
    z.zfree = zn_free;
    z.opaque = I;
    return z;
}

/* The bytes of a buffer argument (NULL after raising). */
static const unsigned char *zn_bytes(Interp *I, Value v, size_t *len) {
    BufView bv;
    int rb = buf_get(I, v, &bv, false);
    if (rb < 0) return NULL;
    if (rb == 0) {
        err_format(I, TY_TYPE_ERROR, "a bytes-like object is required, not '%s'", type_name(I, v));
        return NULL;
    }
    static const unsigned char empty[1] = {0};
    *len = bv.len;
    return bv.data ? bv.data : empty;
}

static bool zn_int(Interp *I, Value v, const char *what, int64_t *out) {
    if (!is_smallint(v)) {
        err_format(I, TY_TYPE_ERROR, "%s must be an integer", what);
        return false;
    }
    *out = v.as.i;
    return true;
}

/* Every _zlib function's arguments: n positional ones, the data first, then the integers
 * named w1 and w2 (w2 may be NULL). False after raising. */
static bool zn_args(Interp *I, const char *fn, int argc, Value *argv, Tuple *kw, int n,
                    const unsigned char **data, size_t *len, const char *w1, int64_t *i1,
                    const char *w2, int64_t *i2) {
    if (!arg_no_kw(I, fn, kw) || !arg_count(I, fn, argc, n, n)) return false;
    *data = zn_bytes(I, argv[0], len);
    return *data && zn_int(I, argv[1], w1, i1) && (!w2 || zn_int(I, argv[2], w2, i2));
}

/* zlib's own failure, as zlib.py raises it: "Error N while <doing>: <zlib's message>". */
static Value zn_failure(Interp *I, int rc, const z_stream *z, const char *doing) {
    char msg[200];
    const char *why = z->msg                 ? z->msg
                      : rc == Z_BUF_ERROR    ? "incomplete or truncated stream"
                      : rc == Z_STREAM_ERROR ? "inconsistent stream state"
                      : rc == Z_DATA_ERROR   ? "invalid input data"
                                             : "library version mismatch";
    snprintf(msg, sizeof msg, "Error %d while %s: %s", rc, doing, why);
    Str *s = str_from_cstr(I, msg);
    return s ? v_obj(s) : V_NULL;
}

/* Output gathered in the interpreter's memory. */
typedef struct ZnOut {
    unsigned char *p;
    size_t len, cap;
} ZnOut;

static bool zn_grow(Interp *I, ZnOut *o, size_t want) {
    if (o->cap - o->len >= want) return true;
    size_t cap = o->cap ? o->cap : want;
    while (cap - o->len < want)
        cap *= 2;
    unsigned char *p = mem_realloc(I, o->p, o->cap, cap);
    if (!p) return false;
    o->p = p;
    o->cap = cap;
    return true;
}

/* Point z's output at o's free room (at most 4 GiB, zlib's counters being 32-bit); returns
 * the bytes offered, from which the caller counts what zlib wrote. */
static uInt zn_window(ZnOut *o, z_stream *z) {
    size_t room = o->cap - o->len;
    z->next_out = o->p + o->len;
    z->avail_out = room > UINT32_MAX ? UINT32_MAX : (uInt)room;
    return z->avail_out;
}

static Value zn_finish(Interp *I, ZnOut *o) {
    Bytes *b = bytes_new(I, o->p ? o->p : (const unsigned char *)"", o->len);
    mem_free(I, o->p, o->cap);
    return b ? v_obj(b) : V_NULL;
}

/* _zlib.compress(data, level, wbits) -> bytes, or a str: zlib's error message. */
static Value zn_compress(Interp *I, int argc, Value *argv, Tuple *kw) {
    const unsigned char *data;
    size_t len;
    int64_t level, wbits;
    if (!zn_args(I, "compress", argc, argv, kw, 3, &data, &len, "level", &level, "wbits", &wbits))
        return V_NULL;
    z_stream z = zn_stream(I);
    int rc = Z_STREAM_ERROR;
    if (level >= -1 && level <= 9 && wbits >= -15 && wbits <= 31)
        rc = deflateInit2(&z, (int)level, Z_DEFLATED, (int)wbits, 8, Z_DEFAULT_STRATEGY);
    if (rc == Z_MEM_ERROR) return err_nomem(I);
    if (rc != Z_OK) {
        Str *bad = str_from_cstr(I, "Bad compression level"); /* CPython's words for both */
        return bad ? v_obj(bad) : V_NULL;
    }
    ZnOut o = {0};
    Value r = V_NULL;
    size_t bound = deflateBound(&z, len > UINT32_MAX ? UINT32_MAX : (uLong)len);
    if (!zn_grow(I, &o, bound > ZN_CHUNK ? ZN_CHUNK : bound + 16)) goto done;
    z.next_in = (Bytef *)data;
    size_t left = len;
    for (;;) {
        uInt step = left > UINT32_MAX ? UINT32_MAX : (uInt)left;
        z.avail_in = step;
        int flush = left == step ? Z_FINISH : Z_NO_FLUSH;
        do {
            if (o.cap - o.len < 64 && !zn_grow(I, &o, ZN_CHUNK)) goto done;
            uInt before = zn_window(&o, &z);
            rc = deflate(&z, flush);
            o.len += before - z.avail_out;
            if (rc == Z_STREAM_ERROR) {
                r = zn_failure(I, rc, &z, "compressing data");
                goto done;
            }
            if (!interp_poll(I)) goto done;
        } while (z.avail_out == 0 || (flush == Z_FINISH && rc != Z_STREAM_END));
        left -= step;
        if (flush == Z_FINISH) break;
    }
    deflateEnd(&z);
    return zn_finish(I, &o);
done:
    deflateEnd(&z);
    mem_free(I, o.p, o.cap);
    return r;
}

/* _zlib.decompress(data, wbits, bufsize, partial) -> (bytes, eof, bytes of data used), or a
 * str: zlib's error message. partial: a stream that ends early gives what it decoded
 * (eof False) instead of an error (decompressobj). */
static Value zn_decompress(Interp *I, int argc, Value *argv, Tuple *kw) {
    const unsigned char *data;
    size_t len;
    int64_t wbits, bufsize;
    if (!zn_args(I, "decompress", argc, argv, kw, 4, &data, &len, "wbits", &wbits, "bufsize",
                 &bufsize))
        return V_NULL;
    int partial = obj_truthy(I, argv[3]);
    if (partial < 0) return V_NULL;
    if (bufsize < 1) bufsize = 1;
    z_stream z = zn_stream(I);
    int rc = wbits >= -15 && wbits <= 47 ? inflateInit2(&z, (int)wbits) : Z_STREAM_ERROR;
    if (rc == Z_MEM_ERROR) return err_nomem(I);
    if (rc != Z_OK) return zn_failure(I, rc, &z, "preparing to decompress data");
    ZnOut o = {0};
    Value r = V_NULL;
    size_t first = (size_t)bufsize < ZN_CHUNK ? (size_t)bufsize : ZN_CHUNK;
    if (!zn_grow(I, &o, first)) goto done;
    z.next_in = (Bytef *)data;
    size_t left = len;
    rc = Z_OK;
    while (rc != Z_STREAM_END) {
        if (z.avail_in == 0 && left > 0) {
            z.avail_in = left > UINT32_MAX ? UINT32_MAX : (uInt)left;
            left -= z.avail_in;
        }
        if (o.cap == o.len && !zn_grow(I, &o, o.cap < ZN_CHUNK ? o.cap : ZN_CHUNK)) goto done;
        uInt before = zn_window(&o, &z);
        rc = inflate(&z, Z_SYNC_FLUSH);
        o.len += before - z.avail_out;
        if (rc == Z_MEM_ERROR) {
            err_nomem(I);
            goto done;
        }
        if (rc == Z_NEED_DICT || rc == Z_DATA_ERROR || rc == Z_STREAM_ERROR) {
            r = zn_failure(I, rc == Z_NEED_DICT ? Z_DATA_ERROR : rc, &z, "decompressing data");
            goto done;
        }
        if (rc == Z_BUF_ERROR && z.avail_in == 0 && left == 0) {
            /* the input ended before the stream did */
            if (partial) break;
            r = zn_failure(I, Z_BUF_ERROR, &z, "decompressing data");
            goto done;
        }
        if (!interp_poll(I)) goto done;
    }
    bool eof = rc == Z_STREAM_END;
    size_t used = len - left - z.avail_in;
    inflateEnd(&z);
    Value out = zn_finish(I, &o);
    if (is_null(out)) return V_NULL;
    Tuple *t = tuple_pack(I, 3, out, v_bool(eof), v_int((int64_t)used));
    return t ? v_obj(t) : V_NULL;
done:
    inflateEnd(&z);
    mem_free(I, o.p, o.cap);
    return r;
}

/* _zlib.checksum(data, value, adler) -> the running crc32 (or adler32) of data. */
static Value zn_checksum(Interp *I, int argc, Value *argv, Tuple *kw) {
    const unsigned char *data;
    size_t len;
    int64_t value;
    if (!zn_args(I, "checksum", argc, argv, kw, 3, &data, &len, "value", &value, NULL, NULL))
        return V_NULL;
    int adler = obj_truthy(I, argv[2]);
    if (adler < 0) return V_NULL;
    uLong c = (uLong)(uint32_t)value;
    while (len > 0) {
        uInt step = len > (1u << 30) ? (1u << 30) : (uInt)len;
        c = adler ? adler32(c, data, step) : crc32(c, data, step);
        data += step;
        len -= step;
    }
    return v_int((int64_t)(uint32_t)c);
}

static Value zn_version(Interp *I, int argc, Value *argv, Tuple *kw) {
    (void)argv;
    if (!arg_no_kw(I, "version", kw) || !arg_count(I, "version", argc, 0, 0)) return V_NULL;
    Tuple *t = tuple_new(I, 2);
    if (!t) return V_NULL;
    Str *a = str_from_cstr(I, ZLIB_VERSION);
    if (!a) return V_NULL;
    t->items[0] = v_obj(a);
    Str *b = str_from_cstr(I, zlibVersion());
    if (!b) return V_NULL;
    t->items[1] = v_obj(b);
    return v_obj(t);
}

static const MethodDef zlib_functions[] = {
    {"compress", zn_compress, 0},
    {"decompress", zn_decompress, 0},
    {"checksum", zn_checksum, 0},
    {"version", zn_version, 0},
    {NULL, NULL, 0},
};

Module *zlib_native_module_create(Interp *I) {
    Str *name = str_intern_cstr(I, "_zlib");
    Module *m = name ? module_new(I, name) : NULL;
    if (!m || module_add_functions(I, m, zlib_functions) < 0) return NULL;
    return m;
}
#endif
