/* bytes.c: bytes (immutable), bytearray (mutable) and their iterator, plus the codecs that
 * connect them to str (utf-8, ascii, latin-1 with the strict/replace/ignore error modes).
 *
 * The two types share every read-only operation through a (pointer, length) view of the
 * data, so each method is written once; results take the type of the receiver as CPython's
 * do (bytearray methods return bytearrays). */
#include <stdio.h>
#include <string.h>

#include "buffer.h"
#include "error.h"
#include "gc.h"
#include "number.h"
#include "seq.h"
#include "overflow.h"
#include "str.h"
#include "bytes_impl.h"

/* ---- construction ------------------------------------------------------------------ */

Bytes *bytes_new(Interp *I, const void *data, size_t len) {
    if (len > SIZE_OBJ_MAX - sizeof(Bytes) - 1) {
        err_nomem(I);
        return NULL;
    }
    Bytes *b = gc_new(I, I->types[TY_BYTES], sizeof(Bytes) + len + 1);
    if (!b) return NULL;
    b->hash = -1;
    b->len = len;
    if (len) memcpy(b->data, data, len);
    b->data[len] = 0;
    return b;
}

ByteArray *bytearray_new(Interp *I, const void *data, size_t len) {
    ByteArray *a = gc_new(I, I->types[TY_BYTEARRAY], sizeof(ByteArray));
    if (!a) return NULL;
    if (len) {
        a->data = mem_alloc(I, len);
        if (!a->data) return NULL;
        memcpy(a->data, data, len);
        a->cap = len;
    }
    a->len = len;
    return a;
}

bool is_bytes(Interp *I, Value v) {
    return is_obj(v) && (as_obj(v)->type == I->types[TY_BYTES] ||
                         type_is_subtype(as_obj(v)->type, I->types[TY_BYTES]));
}

bool is_bytearray(Interp *I, Value v) {
    return is_obj(v) && (as_obj(v)->type == I->types[TY_BYTEARRAY] ||
                         type_is_subtype(as_obj(v)->type, I->types[TY_BYTEARRAY]));
}

/* A read-only view of a bytes-like value; false (no exception) for anything else. */
bool bytes_view(Interp *I, Value v, const unsigned char **p, size_t *n) {
    *p = (const unsigned char *)"";
    *n = 0;
    if (is_bytes(I, v)) {
        *p = as_bytes(v)->data;
        *n = as_bytes(v)->len;
        return true;
    }
    if (is_bytearray(I, v)) {
        *p = as_bytearray(v)->data ? as_bytearray(v)->data : (const unsigned char *)"";
        *n = as_bytearray(v)->len;
        return true;
    }
    BufView bv;
    int r = buf_get(I, v, &bv, false); /* memoryview, array.array */
    if (r < 0) err_clear(I);
    if (r <= 0) return false;
    *p = bv.data;
    *n = bv.len;
    return true;
}

/* bytes or bytearray proper: the operands bytes' own operators take (other exporters,
 * memoryview and array.array, define their operators themselves) */
static bool is_bytes_family(Interp *I, Value v) {
    return is_bytes(I, v) || is_bytearray(I, v);
}

static int bytes_getbuf(Interp *I, Value self, BufView *out) {
    (void)I;
    out->data = as_bytes(self)->data;
    out->len = as_bytes(self)->len;
    out->itemsize = 1;
    out->fmt = 'B';
    out->readonly = true;
    return 0;
}

static int bytearray_getbuf(Interp *I, Value self, BufView *out) {
    (void)I;
    out->data = as_bytearray(self)->data;
    out->len = as_bytearray(self)->len;
    out->itemsize = 1;
    out->fmt = 'B';
    out->readonly = false;
    return 0;
}

Value bytes_make_like(Interp *I, Value self, const void *data, size_t len) {
    if (is_bytearray(I, self)) {
        ByteArray *a = bytearray_new(I, data, len);
        return a ? v_obj(a) : V_NULL;
    }
    Bytes *b = bytes_new(I, data, len);
    return b ? v_obj(b) : V_NULL;
}

bool bytearray_reserve(Interp *I, ByteArray *a, size_t need) {
    if (need <= a->cap) return true;
    size_t cap = size_grow(a->cap, need, 16);
    if (!cap) {
        err_nomem(I);
        return false;
    }
    unsigned char *p = mem_realloc(I, a->data, a->cap, cap);
    if (!p) return false;
    a->data = p;
    a->cap = cap;
    return true;
}

/* ---- repr --------------------------------------------------------------------------- */

/* esc_sq: bytearray's repr escapes every ' even inside double quotes, as CPython's does */
static bool repr_body(Interp *I, StrBuf *b, const unsigned char *d, size_t n, bool esc_sq) {
    bool sq = memchr(d, '\'', n) != NULL, dq = memchr(d, '"', n) != NULL;
    char q = sq && !dq ? '"' : '\'';
    sb_append_char(I, b, 'b');
    sb_append_char(I, b, q);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = d[i];
        if (c == (unsigned char)q || c == '\\' || (esc_sq && c == '\'')) {
            sb_append_char(I, b, '\\');
            sb_append_char(I, b, (char)c);
        } else if (c == '\t')
            sb_append(I, b, "\\t", 2);
        else if (c == '\n')
            sb_append(I, b, "\\n", 2);
        else if (c == '\r')
            sb_append(I, b, "\\r", 2);
        else if (c < 0x20 || c >= 0x7F)
            sb_appendf(I, b, "\\x%02x", c);
        else
            sb_append_char(I, b, (char)c);
    }
    return sb_append_char(I, b, q);
}

Value bytes_repr(Interp *I, const unsigned char *data, size_t len) {
    StrBuf b;
    sb_init(&b);
    repr_body(I, &b, data, len, false);
    Str *s = sb_finish(I, &b);
    return s ? v_obj(s) : V_NULL;
}

static Value bytes_repr_slot(Interp *I, Value self) {
    return bytes_repr(I, as_bytes(self)->data, as_bytes(self)->len);
}

static Value bytearray_repr_slot(Interp *I, Value self) {
    ByteArray *a = as_bytearray(self);
    StrBuf b;
    sb_init(&b);
    sb_append_cstr(I, &b, type_name(I, self));
    sb_append_char(I, &b, '(');
    repr_body(I, &b, a->data ? a->data : (const unsigned char *)"", a->len, true);
    sb_append_char(I, &b, ')');
    Str *s = sb_finish(I, &b);
    return s ? v_obj(s) : V_NULL;
}

/* ---- codecs ------------------------------------------------------------------------- */

enum { CODEC_UTF8, CODEC_ASCII, CODEC_LATIN1 };
enum { ERR_STRICT, ERR_REPLACE, ERR_IGNORE, ERR_BACKSLASH, ERR_XMLCHAR };

static int codec_lookup(Interp *I, const char *name, const char **canon) {
    char norm[32];
    size_t n = 0;
    for (const char *p = name; *p && n < sizeof norm - 1; p++) {
        char c = *p;
        if (c >= 'A' && c <= 'Z') c = (char)(c + 32);
        if (c == '_' || c == ' ') c = '-';
        norm[n++] = c;
    }
    norm[n] = 0;
    if (!strcmp(norm, "utf-8") || !strcmp(norm, "utf8")) {
        *canon = "utf-8";
        return CODEC_UTF8;
    }
    if (!strcmp(norm, "ascii") || !strcmp(norm, "us-ascii")) {
        *canon = "ascii";
        return CODEC_ASCII;
    }
    if (!strcmp(norm, "latin-1") || !strcmp(norm, "latin1") || !strcmp(norm, "iso-8859-1") ||
        !strcmp(norm, "iso8859-1") || !strcmp(norm, "l1")) {
        *canon = "latin-1";
        return CODEC_LATIN1;
    }
    err_format(I, TY_LOOKUP_ERROR, "unknown encoding: %s", name);
    return -1;
}

static int errors_lookup(Interp *I, const char *errors) {
    if (!strcmp(errors, "strict")) return ERR_STRICT;
    if (!strcmp(errors, "replace")) return ERR_REPLACE;
    if (!strcmp(errors, "ignore")) return ERR_IGNORE;
    if (!strcmp(errors, "backslashreplace")) return ERR_BACKSLASH;
    if (!strcmp(errors, "xmlcharrefreplace")) return ERR_XMLCHAR;
    err_format(I, TY_LOOKUP_ERROR, "unknown error handler name '%s'", errors);
    return -1;
}

/* Length of the maximal invalid UTF-8 prefix at d[i] (CPython's choice of what one
 * U+FFFD replaces), and the reason. */
static size_t utf8_bad_run(const unsigned char *d, size_t len, size_t i, const char **why) {
    unsigned char c = d[i];
    size_t n;
    unsigned char lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF)
        n = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        if (c == 0xE0) lo = 0xA0;
        if (c == 0xED) hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        if (c == 0xF0) lo = 0x90;
        if (c == 0xF4) hi = 0x8F;
    } else {
        *why = "invalid start byte";
        return 1;
    }
    size_t k = 1;
    for (; k < n; k++) {
        if (i + k >= len) {
            *why = "unexpected end of data";
            return k;
        }
        unsigned char x = d[i + k];
        bool ok = k == 1 ? (x >= lo && x <= hi) : (x & 0xC0) == 0x80;
        if (!ok) break;
    }
    *why = "invalid continuation byte";
    return k;
}

static Value decode_error(Interp *I, const char *codec, const unsigned char *d, size_t start,
                          size_t end, const char *why) {
    if (end - start == 1)
        return err_format(I, TY_UNICODE_DECODE_ERROR,
                          "'%s' codec can't decode byte 0x%02x in position %zu: %s", codec,
                          d[start], start, why);
    return err_format(I, TY_UNICODE_DECODE_ERROR,
                      "'%s' codec can't decode bytes in position %zu-%zu: %s", codec, start,
                      end - 1, why);
}

Value bytes_decode(Interp *I, const unsigned char *d, size_t len, const char *encoding,
                   const char *errors) {
    const char *codec;
    int c = codec_lookup(I, encoding, &codec);
    if (c < 0) return V_NULL;
    if (c == CODEC_UTF8 && utf8_validate((const char *)d, len) < 0) {
        Str *s = str_new(I, (const char *)d, len);
        return s ? v_obj(s) : V_NULL;
    }
    StrBuf b;
    sb_init(&b);
    size_t i = 0;
    while (i < len) {
        unsigned char x = d[i];
        if (x < 0x80) {
            sb_append_char(I, &b, (char)x);
            i++;
            continue;
        }
        if (c == CODEC_LATIN1) {
            char buf[4];
            sb_append(I, &b, buf, (size_t)utf8_encode(x, buf));
            i++;
            continue;
        }
        size_t run;
        const char *why;
        if (c == CODEC_ASCII) {
            run = 1;
            why = "ordinal not in range(128)";
        } else {
            int64_t bad = utf8_validate((const char *)d + i, len - i);
            if (bad != 0) {
                /* a valid multi-byte sequence: copy it */
                size_t n = (size_t)utf8_char_len(x);
                sb_append(I, &b, (const char *)d + i, n);
                i += n;
                continue;
            }
            run = utf8_bad_run(d, len, i, &why);
        }
        int e = errors_lookup(I, errors); /* only when needed, as CPython */
        if (e < 0 || e == ERR_STRICT) {
            sb_free(I, &b);
            return e < 0 ? V_NULL : decode_error(I, codec, d, i, i + run, why);
        }
        if (e == ERR_REPLACE) sb_append(I, &b, "\xEF\xBF\xBD", 3);
        if (e == ERR_BACKSLASH)
            for (size_t k = 0; k < run; k++)
                sb_appendf(I, &b, "\\x%02x", d[i + k]);
        if (e == ERR_XMLCHAR) {
            sb_free(I, &b);
            return err_format(I, TY_TYPE_ERROR,
                              "don't know how to handle UnicodeDecodeError in error callback");
        }
        i += run;
    }
    Str *s = sb_finish(I, &b);
    return s ? v_obj(s) : V_NULL;
}

static void append_char_escape(char *buf, size_t n, uint32_t cp) {
    if (cp < 0x100)
        snprintf(buf, n, "\\x%02x", (unsigned)cp);
    else if (cp < 0x10000)
        snprintf(buf, n, "\\u%04x", (unsigned)cp);
    else
        snprintf(buf, n, "\\U%08x", (unsigned)cp);
}

Value str_encode(Interp *I, Str *s, const char *encoding, const char *errors) {
    const char *codec;
    int c = codec_lookup(I, encoding, &codec);
    if (c < 0) return V_NULL;
    if (c == CODEC_UTF8 || s->ascii) {
        Bytes *b = bytes_new(I, s->data, s->len);
        return b ? v_obj(b) : V_NULL;
    }
    uint32_t limit = c == CODEC_ASCII ? 0x80 : 0x100;
    StrBuf b;
    sb_init(&b);
    size_t pos = 0, index = 0;
    while (pos < s->len) {
        uint32_t cp = utf8_decode(s->data, &pos);
        int e = cp < limit ? ERR_STRICT : errors_lookup(I, errors); /* only when needed */
        if (e < 0) {
            sb_free(I, &b);
            return V_NULL;
        }
        if (cp < limit)
            sb_append_char(I, &b, (char)cp);
        else if (e == ERR_STRICT) {
            /* CPython reports the whole run of unencodable characters */
            size_t end = index + 1, p = pos;
            while (p < s->len) {
                size_t q = p;
                if (utf8_decode(s->data, &q) < limit) break;
                p = q;
                end++;
            }
            sb_free(I, &b);
            if (end - index == 1) {
                char esc[16];
                append_char_escape(esc, sizeof esc, cp);
                return err_format(I, TY_UNICODE_ENCODE_ERROR,
                                  "'%s' codec can't encode character '%s' in position %zu: "
                                  "ordinal not in range(%u)",
                                  codec, esc, index, (unsigned)limit);
            }
            return err_format(I, TY_UNICODE_ENCODE_ERROR,
                              "'%s' codec can't encode characters in position %zu-%zu: ordinal "
                              "not in range(%u)",
                              codec, index, end - 1, (unsigned)limit);
        } else if (e == ERR_REPLACE)
            sb_append_char(I, &b, '?');
        else if (e == ERR_XMLCHAR)
            sb_appendf(I, &b, "&#%u;", (unsigned)cp);
        else if (e == ERR_BACKSLASH) {
            char esc[16];
            append_char_escape(esc, sizeof esc, cp);
            sb_append_cstr(I, &b, esc);
        }
        index++;
    }
    if (b.failed) {
        sb_free(I, &b);
        return V_NULL;
    }
    Bytes *r = bytes_new(I, b.data ? b.data : "", b.len);
    sb_free(I, &b);
    return r ? v_obj(r) : V_NULL;
}

/* ---- slots shared by bytes and bytearray --------------------------------------- */

static int bytes_hash_slot(Interp *I, Value self, int64_t *out) {
    Bytes *b = as_bytes(self);
    if (b->hash == -1) b->hash = str_hash_bytes((const char *)b->data, b->len);
    *out = b->hash;
    return 0;
}

static Value bytes_richcompare(Interp *I, Value a, Value b, int op) {
    const unsigned char *p, *q;
    size_t n, m;
    if (!is_bytes_family(I, a) || !is_bytes_family(I, b) || !bytes_view(I, a, &p, &n) ||
        !bytes_view(I, b, &q, &m))
        return v_notimpl(I);
    if (op == CMP_EQ || op == CMP_NE) {
        bool eq = n == m && memcmp(p, q, n) == 0;
        return v_bool(op == CMP_EQ ? eq : !eq);
    }
    int c = memcmp(p, q, n < m ? n : m);
    if (c == 0) c = n < m ? -1 : n > m ? 1 : 0;
    switch (op) {
    case CMP_LT: return v_bool(c < 0);
    case CMP_LE: return v_bool(c <= 0);
    case CMP_GT: return v_bool(c > 0);
    default: return v_bool(c >= 0);
    }
}

static Value bytes_binop(Interp *I, Value a, Value b, int op) {
    const unsigned char *p, *q;
    size_t n, m;
    bool ba = is_bytes_family(I, a) && bytes_view(I, a, &p, &n);
    bool bb = bytes_view(I, b, &q, &m);
    if (op == BIN_ADD) {
        if (!ba) return v_notimpl(I);
        if (!bb) {
            if (type_of(I, b)->flags & TF_HEAPTYPE) return v_notimpl(I);
            return err_format(I, TY_TYPE_ERROR, "can't concat %s to %s", type_name(I, b),
                              type_name(I, a));
        }
        StrBuf sb;
        sb_init(&sb);
        sb_append(I, &sb, (const char *)p, n);
        sb_append(I, &sb, (const char *)q, m);
        if (sb.failed) return V_NULL;
        Value r = bytes_make_like(I, a, sb.data ? sb.data : "", sb.len);
        sb_free(I, &sb);
        return r;
    }
    if (op == BIN_MUL) {
        bb = bb && is_bytes_family(I, b);
        Value seq = ba ? a : b, cnt = ba ? b : a;
        if (!ba && !bb) return v_notimpl(I);
        if (!bytes_view(I, seq, &p, &n)) return v_notimpl(I);
        if (!is_int(I, cnt) && !type_of(I, cnt)->slots.index) {
            if (type_of(I, cnt)->flags & TF_HEAPTYPE) return v_notimpl(I);
            return err_format(I, TY_TYPE_ERROR, "can't multiply sequence by non-int of type '%s'",
                              type_name(I, cnt));
        }
        int64_t k;
        if (obj_index(I, cnt, &k) < 0) return V_NULL;
        bytes_view(I, seq, &p, &n); /* __index__ may have resized a bytearray seq */
        if (k < 0) k = 0;
        if (n && (uint64_t)k > (uint64_t)INT64_MAX / n) {
            if (is_bytearray(I, seq)) return err_nomem(I);
            return err_format(I, TY_OVERFLOW_ERROR, "repeated bytes are too long");
        }
        size_t total = n * (size_t)k;
        unsigned char *buf = mem_alloc(I, total + 1);
        if (!buf) return V_NULL;
        for (int64_t j = 0; j < k; j++)
            memcpy(buf + (size_t)j * n, p, n);
        Value r = bytes_make_like(I, seq, buf, total);
        mem_free(I, buf, total + 1);
        return r;
    }
    if (op == BIN_MOD && ba) {
        if (!is_bytearray(I, a)) return bytes_percent_format(I, p, n, b);
        /* a copy: a __bytes__ method may resize the bytearray being read */
        Bytes *fmt = bytes_new(I, p, n);
        if (!fmt) return V_NULL;
        Value r = bytes_percent_format(I, fmt->data, fmt->len, b);
        if (is_null(r)) return r;
        return bytes_make_like(I, a, as_bytes(r)->data, as_bytes(r)->len);
    }
    return v_notimpl(I);
}

static Value bytearray_inplace(Interp *I, Value a, Value b, int op) {
    if (op == BIN_MUL && is_bytearray(I, a)) {
        if (!is_int(I, b) && !type_of(I, b)->slots.index) return v_notimpl(I);
        int64_t k;
        if (obj_index(I, b, &k) < 0) return V_NULL;
        ByteArray *x = as_bytearray(a);
        size_t n = x->len;
        if (k <= 0 || n == 0) {
            x->len = 0;
            return a;
        }
        if ((uint64_t)k > (uint64_t)INT64_MAX / n) return err_nomem(I);
        if (!bytearray_reserve(I, x, n * (size_t)k)) return V_NULL;
        for (int64_t j = 1; j < k; j++)
            memcpy(x->data + (size_t)j * n, x->data, n);
        x->len = n * (size_t)k;
        return a;
    }
    if (op != BIN_ADD || !is_bytearray(I, a)) return v_notimpl(I);
    const unsigned char *q;
    size_t m;
    if (!bytes_view(I, b, &q, &m))
        return err_format(I, TY_TYPE_ERROR, "can't concat %s to bytearray", type_name(I, b));
    ByteArray *x = as_bytearray(a);
    if (!bytearray_reserve(I, x, x->len + m)) return V_NULL;
    bytes_view(I, b, &q, &m); /* b += b: the reserve moved the buffer q pointed into */
    memmove(x->data + x->len, q, m);
    x->len += m;
    return a;
}

static int bytes_contains(Interp *I, Value self, Value item) {
    const unsigned char *p, *q;
    size_t n, m;
    bytes_view(I, self, &p, &n);
    if (bytes_view(I, item, &q, &m))
        return str_find_bytes((const char *)p, n, (const char *)q, m) >= 0;
    p = NULL; /* item's __index__ below may resize self: view it again after */
    if (!is_int(I, item) && !type_of(I, item)->slots.index) {
        err_format(I, TY_TYPE_ERROR, "a bytes-like object is required, not '%s'",
                   type_name(I, item));
        return -1;
    }
    int64_t x;
    if (obj_index(I, item, &x) < 0) return -1;
    if (x < 0 || x > 255) {
        err_format(I, TY_VALUE_ERROR, "byte must be in range(0, 256)");
        return -1;
    }
    bytes_view(I, self, &p, &n);
    return n && memchr(p, (int)x, n) != NULL;
}

static int64_t bytes_len(Interp *I, Value self) {
    const unsigned char *p;
    size_t n;
    bytes_view(I, self, &p, &n);
    return (int64_t)n;
}

static bool is_slice(Interp *I, Value v) {
    return is_obj(v) && as_obj(v)->type == I->types[TY_SLICE];
}

/* A bytearray's buffer moves and its length changes when __index__ resizes it: the view is
 * taken only after the key is converted. */
static Value bytes_getitem(Interp *I, Value self, Value key) {
    const unsigned char *p;
    size_t n;
    if (is_slice(I, key)) {
        int64_t start, stop, step;
        if (!slice_unpack(I, (Slice *)as_obj(key), &start, &stop, &step)) return V_NULL;
        bytes_view(I, self, &p, &n);
        int64_t len = slice_adjust((int64_t)n, &start, &stop, step);
        if (step == 1) return bytes_make_like(I, self, p + start, (size_t)len);
        unsigned char *buf = mem_alloc(I, (size_t)len + 1);
        if (!buf) return V_NULL;
        for (int64_t k = 0, i = start; k < len; k++, i += step)
            buf[k] = p[i];
        Value r = bytes_make_like(I, self, buf, (size_t)len);
        mem_free(I, buf, (size_t)len + 1);
        return r;
    }
    if (!is_int(I, key) && !type_of(I, key)->slots.index)
        return err_format(I, TY_TYPE_ERROR, "%s indices must be integers or slices, not %s",
                          is_bytearray(I, self) ? "bytearray" : "byte", type_name(I, key));
    int64_t i;
    if (obj_index(I, key, &i) < 0) {
        if (!err_matches(I, TY_OVERFLOW_ERROR)) return V_NULL;
        err_clear(I);
        return err_format(I, TY_INDEX_ERROR, "cannot fit 'int' into an index-sized integer");
    }
    bytes_view(I, self, &p, &n);
    if (i < 0) i += (int64_t)n;
    if (i < 0 || i >= (int64_t)n)
        return err_format(I, TY_INDEX_ERROR,
                          is_bytearray(I, self) ? "bytearray index out of range"
                                                : "index out of range");
    return v_int(p[i]);
}

bool bytes_byte_value(Interp *I, Value v, unsigned char *out) {
    if (!is_int(I, v) && !type_of(I, v)->slots.index) {
        err_format(I, TY_TYPE_ERROR, "'%s' object cannot be interpreted as an integer",
                   type_name(I, v));
        return false;
    }
    int64_t x;
    if (obj_index(I, v, &x) < 0) return false;
    if (x < 0 || x > 255) {
        err_format(I, TY_VALUE_ERROR, "byte must be in range(0, 256)");
        return false;
    }
    *out = (unsigned char)x;
    return true;
}

/* Bytes of any iterable of ints (bytes(iterable), bytearray.extend). */
bool bytes_collect(Interp *I, Value src, StrBuf *out) {
    const unsigned char *p;
    size_t n;
    if (bytes_view(I, src, &p, &n)) return sb_append(I, out, (const char *)p, n);
    Value it = obj_iter(I, src);
    if (is_null(it)) return false;
    for (;;) {
        Value v;
        int got = obj_next_item(I, it, &v);
        if (got <= 0) return got == 0;
        unsigned char c;
        if (!bytes_byte_value(I, v, &c)) {
            if (err_matches(I, TY_VALUE_ERROR)) {
                err_clear(I);
                err_format(I, TY_VALUE_ERROR, "bytes must be in range(0, 256)");
            }
            return false;
        }
        if (!sb_append_char(I, out, (char)c)) return false;
    }
}

static int bytearray_setitem(Interp *I, Value self, Value key, Value v) {
    ByteArray *a = as_bytearray(self);
    if (is_slice(I, key)) {
        /* converting the bounds and collecting v may run code that resizes a: the slice is
         * resolved against the length left once both are done */
        int64_t start, stop, step;
        if (!slice_unpack(I, (Slice *)as_obj(key), &start, &stop, &step)) return -1;
        StrBuf src;
        sb_init(&src);
        if (!is_null(v)) {
            if (is_int(I, v) || is_str(I, v)) {
                err_format(I, TY_TYPE_ERROR,
                           "can assign only bytes, buffers, or iterables of ints in range(0, 256)");
                return -1;
            }
            if (!bytes_collect(I, v, &src)) {
                sb_free(I, &src);
                return -1;
            }
        }
        int64_t len = slice_adjust((int64_t)a->len, &start, &stop, step);
        if (step == 1) {
            if (stop < start) stop = start;
            size_t old = (size_t)(stop - start), nw = src.len;
            size_t nlen = a->len - old + nw;
            if (!bytearray_reserve(I, a, nlen)) {
                sb_free(I, &src);
                return -1;
            }
            memmove(a->data + start + nw, a->data + stop, a->len - (size_t)stop);
            if (nw) memcpy(a->data + start, src.data, nw);
            a->len = nlen;
        } else if (is_null(v)) {
            /* delete an extended slice: keep the bytes not selected */
            size_t w = 0;
            for (size_t r = 0; r < a->len; r++) {
                bool hit = false;
                if (step > 0)
                    hit = (int64_t)r >= start && (int64_t)r < stop &&
                          ((int64_t)r - start) % step == 0;
                else
                    hit = (int64_t)r <= start && (int64_t)r > stop &&
                          (start - (int64_t)r) % (-step) == 0;
                if (!hit) a->data[w++] = a->data[r];
            }
            a->len = w;
        } else {
            if ((int64_t)src.len != len) {
                err_format(I, TY_VALUE_ERROR,
                           "attempt to assign bytes of size %zu to extended slice of size %lld",
                           src.len, (long long)len);
                sb_free(I, &src);
                return -1;
            }
            for (int64_t k = 0, i = start; k < len; k++, i += step)
                a->data[i] = (unsigned char)src.data[k];
        }
        sb_free(I, &src);
        return 0;
    }
    int64_t i;
    if (!is_int(I, key) && !type_of(I, key)->slots.index) {
        err_format(I, TY_TYPE_ERROR, "bytearray indices must be integers or slices, not %s",
                   type_name(I, key));
        return -1;
    }
    if (!seq_index_value(I, key, "bytearray", &i)) return -1;
    unsigned char c = 0;
    if (!is_null(v) && !bytes_byte_value(I, v, &c)) return -1;
    if (!seq_index_adjust(I, i, (int64_t)a->len, "bytearray", &i)) return -1;
    if (is_null(v)) {
        memmove(a->data + i, a->data + i + 1, a->len - (size_t)i - 1);
        a->len--;
        return 0;
    }
    a->data[i] = c;
    return 0;
}

/* bytes(x) and bytearray(x) share the argument rules. */
static Value bytes_construct(Interp *I, Type *type, int argc, Value *argv, Tuple *kwnames,
                             bool mutable) {
    static const char *const names[] = {"source", "encoding", "errors"};
    Value a[3];
    const char *fname = mutable ? "bytearray" : "bytes";
    if (!arg_parse(I, fname, argc, argv, kwnames, names, 3, 0, 3, a)) return V_NULL;
    StrBuf b;
    sb_init(&b);
    Value src = a[0];
    if (!mutable && !is_null(src) && is_null(a[1]) && is_null(a[2]) && is_obj(src) &&
        (type_of(I, src)->flags & TF_HEAPTYPE)) {
        /* bytes(obj) asks a class's __bytes__ first, as CPython */
        Str *bn = str_intern_cstr(I, "__bytes__");
        Value f = bn ? type_lookup(I, type_of(I, src), bn) : V_NULL;
        if (!is_null(f)) {
            Value r = descr_call(I, f, src, 0, NULL, NULL);
            if (is_null(r)) return V_NULL;
            if (!is_obj(r) || !type_is_subtype(type_of(I, r), I->types[TY_BYTES]))
                return err_format(I, TY_TYPE_ERROR, "__bytes__ returned non-bytes (type %s)",
                                  type_name(I, r));
            if (type == I->types[TY_BYTES]) return r;
            src = r;
        }
    }
    if (is_null(src)) {
        if (!is_null(a[1]) || !is_null(a[2]))
            return err_format(I, TY_TYPE_ERROR,
                              is_null(a[1]) ? "errors without a string argument"
                                            : "encoding without a string argument");
    } else if (is_str(I, src)) {
        if (is_null(a[1]))
            return err_format(I, TY_TYPE_ERROR, "string argument without an encoding");
        if (!is_str(I, a[1]) || (!is_null(a[2]) && !is_str(I, a[2])))
            return err_format(I, TY_TYPE_ERROR, "%s() argument 'encoding' must be str, not %s",
                              fname, type_name(I, a[1]));
        Value enc = str_encode(I, as_str(src), as_str(a[1])->data,
                               is_null(a[2]) ? "strict" : as_str(a[2])->data);
        if (is_null(enc)) return V_NULL;
        sb_append(I, &b, (const char *)as_bytes(enc)->data, as_bytes(enc)->len);
    } else if (!is_null(a[1]) || !is_null(a[2])) {
        return err_format(I, TY_TYPE_ERROR,
                          is_null(a[1]) ? "errors without a string argument"
                                        : "encoding without a string argument");
    } else if (is_int(I, src) || (!is_obj(src) ? false : type_of(I, src)->slots.index != NULL)) {
        int64_t n;
        if (obj_index(I, src, &n) < 0) return V_NULL;
        if (n < 0) return err_format(I, TY_VALUE_ERROR, "negative count");
        unsigned char *z = mem_alloc(I, (size_t)n + 1);
        if (!z) return V_NULL;
        memset(z, 0, (size_t)n);
        sb_append(I, &b, (const char *)z, (size_t)n);
        mem_free(I, z, (size_t)n + 1);
    } else {
        Type *t = type_of(I, src);
        if (!t->slots.iter && !t->slots.getitem)
            return err_format(I, TY_TYPE_ERROR, "cannot convert '%s' object to %s",
                              type_name(I, src), fname);
        if (!bytes_collect(I, src, &b)) {
            sb_free(I, &b);
            if (mutable && err_matches(I, TY_VALUE_ERROR)) {
                err_clear(I);
                err_format(I, TY_VALUE_ERROR, "byte must be in range(0, 256)");
            }
            return V_NULL;
        }
    }
    if (b.failed) return V_NULL;
    Value r;
    /* a subclass instance is allocated as its own type from the start: the type decides
     * the size (a dict slot) and, for bytes, the hidden dict prefix gc_new adds */
    if (mutable) {
        ByteArray *x = NULL;
        if (type == I->types[TY_BYTEARRAY])
            x = bytearray_new(I, b.data, b.len);
        else {
            size_t size =
                type->instance_size > sizeof(ByteArray) ? type->instance_size : sizeof(ByteArray);
            x = gc_new(I, type, size);
            if (x && b.len) {
                x->data = mem_alloc(I, b.len);
                if (x->data) {
                    memcpy(x->data, b.data, b.len);
                    x->cap = x->len = b.len;
                }
            }
            if (x && b.len && !x->data) x = NULL;
        }
        r = x ? v_obj(x) : V_NULL;
    } else {
        Bytes *x = NULL;
        if (type == I->types[TY_BYTES])
            x = bytes_new(I, b.data ? b.data : "", b.len);
        else {
            x = gc_new(I, type, sizeof(Bytes) + b.len + 1);
            if (x) {
                x->hash = -1;
                x->len = b.len;
                if (b.len) memcpy(x->data, b.data, b.len);
                x->data[b.len] = 0;
            }
        }
        r = x ? v_obj(x) : V_NULL;
    }
    sb_free(I, &b);
    return r;
}

static Value bytes_new_slot(Interp *I, Type *type, int argc, Value *argv, Tuple *kwnames) {
    return bytes_construct(I, type, argc, argv, kwnames, false);
}

static Value bytearray_new_slot(Interp *I, Type *type, int argc, Value *argv, Tuple *kwnames) {
    return bytes_construct(I, type, argc, argv, kwnames, true);
}

static void bytearray_finalize(Interp *I, Obj *o) {
    ByteArray *a = (ByteArray *)o;
    if (a->data) mem_free(I, a->data, a->cap);
    a->data = NULL;
    a->cap = a->len = 0;
}

/* ---- iterator ----------------------------------------------------------------------- */

typedef struct BytesIter {
    Obj hdr;
    Value seq; /* bytes or bytearray; V_NULL when exhausted */
    size_t index;
} BytesIter;

static Value bytes_iter_slot(Interp *I, Value self) {
    BytesIter *it = gc_new(I, I->types[TY_BYTES_ITER], sizeof(BytesIter));
    if (!it) return V_NULL;
    it->seq = self;
    it->index = 0;
    return v_obj(it);
}

static void bytes_iter_trace(Interp *I, Obj *o) {
    gc_mark_value(I, ((BytesIter *)o)->seq);
}

static Value bytes_iter_self(Interp *I, Value self) {
    return self;
}

static Value bytes_iter_next(Interp *I, Value self) {
    BytesIter *it = (BytesIter *)as_obj(self);
    if (is_null(it->seq)) return V_NULL;
    const unsigned char *p;
    size_t n;
    bytes_view(I, it->seq, &p, &n);
    if (it->index >= n) {
        it->seq = V_NULL;
        return V_NULL;
    }
    return v_int(p[it->index++]);
}

const TypeSpec bytes_iter_spec = {
    .name = "bytes_iterator",
    .base = TY_OBJECT,
    .instance_size = sizeof(BytesIter),
    .slots = {.trace = bytes_iter_trace, .iter = bytes_iter_self, .next = bytes_iter_next},
};

/* ---- methods ------------------------------------------------------------------------ */

#define VIEW_SELF                                                                                  \
    const unsigned char *p;                                                                        \
    size_t n;                                                                                      \
    bytes_view(I, argv[0], &p, &n)

bool bytes_need_view(Interp *I, Value v, const unsigned char **q, size_t *m) {
    if (bytes_view(I, v, q, m)) return true;
    err_format(I, TY_TYPE_ERROR, "a bytes-like object is required, not '%s'", type_name(I, v));
    return false;
}

static Value bm_decode(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"encoding", "errors"};
    Value a[2];
    if (!arg_parse(I, "decode", argc - 1, argv + 1, kw, names, 2, 0, 2, a)) return V_NULL;
    const char *opt[2] = {"utf-8", "strict"};
    for (int k = 0; k < 2; k++) {
        if (is_null(a[k])) continue;
        if (!is_str(I, a[k]))
            return err_format(I, TY_TYPE_ERROR, "decode() argument '%s' must be str, not %s",
                              names[k], type_name(I, a[k]));
        opt[k] = as_str(a[k])->data;
    }
    VIEW_SELF;
    return bytes_decode(I, p, n, opt[0], opt[1]);
}

static Value bm_hex(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"sep", "bytes_per_sep"};
    Value a[2];
    if (!arg_parse(I, "hex", argc - 1, argv + 1, kw, names, 2, 0, 2, a)) return V_NULL;
    char sep = 0;
    int64_t per = 1;
    if (!is_null(a[0])) {
        const char *sd;
        size_t sl;
        if (is_str(I, a[0])) {
            sd = as_str(a[0])->data;
            sl = as_str(a[0])->nchars;
        } else if (!bytes_view(I, a[0], (const unsigned char **)&sd, &sl)) {
            return err_format(I, TY_TYPE_ERROR, "object of type '%s' has no len()",
                              type_name(I, a[0]));
        }
        if (sl != 1) return err_format(I, TY_VALUE_ERROR, "sep must be length 1.");
        if ((unsigned char)sd[0] >= 0x80)
            return err_format(I, TY_VALUE_ERROR, "sep must be ASCII.");
        sep = sd[0];
        if (!is_null(a[1]) && obj_index(I, a[1], &per) < 0) return V_NULL;
    }
    VIEW_SELF;
    static const char digits[] = "0123456789abcdef";
    size_t group = per < 0 ? (size_t)(-per) : (size_t)per;
    StrBuf b;
    sb_init(&b);
    for (size_t i = 0; i < n; i++) {
        if (sep && group && i > 0) {
            /* positive: groups counted from the right; negative: from the left */
            bool cut = per > 0 ? (n - i) % group == 0 : i % group == 0;
            if (cut) sb_append_char(I, &b, sep);
        }
        sb_append_char(I, &b, digits[p[i] >> 4]);
        sb_append_char(I, &b, digits[p[i] & 15]);
    }
    Str *s = sb_finish(I, &b);
    return s ? v_obj(s) : V_NULL;
}

/* bytes.fromhex(s), a classmethod: argv[0] is the type. */
static Value bm_fromhex(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "fromhex", argc - 1, 1, 1)) return V_NULL;
    if (!is_str(I, argv[1]))
        return err_format(I, TY_TYPE_ERROR, "fromhex() argument must be str, not %s",
                          type_name(I, argv[1]));
    Str *s = as_str(argv[1]);
    StrBuf b;
    sb_init(&b);
    size_t i = 0;
    while (i < s->len) {
        char ws = s->data[i];
        if (ws == ' ' || ws == '\t' || ws == '\n' || ws == '\r' || ws == '\v' || ws == '\f') {
            i++;
            continue;
        }
        int hi = hex_digit_value(s->data[i]);
        int lo = i + 1 < s->len ? hex_digit_value(s->data[i + 1]) : -1;
        if (hi < 0 || lo < 0) {
            size_t at = hi < 0 ? i : i + 1;
            sb_free(I, &b);
            return err_format(I, TY_VALUE_ERROR,
                              "non-hexadecimal number found in fromhex() arg at position %zu",
                              utf8_count(s->data, at));
        }
        sb_append_char(I, &b, (char)(hi * 16 + lo));
        i += 2;
    }
    if (b.failed) return V_NULL;
    Value r;
    if ((Type *)as_obj(argv[0]) == I->types[TY_BYTEARRAY]) {
        ByteArray *x = bytearray_new(I, b.data, b.len);
        r = x ? v_obj(x) : V_NULL;
    } else {
        Bytes *x = bytes_new(I, b.data ? b.data : "", b.len);
        r = x ? v_obj(x) : V_NULL;
    }
    sb_free(I, &b);
    return r;
}

static Value bm_join(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "join", argc - 1, 1, 1)) return V_NULL;
    List *l = list_from_iter(I, argv[1]);
    if (!l) return V_NULL;
    VIEW_SELF;
    StrBuf b;
    sb_init(&b);
    for (size_t i = 0; i < l->len; i++) {
        const unsigned char *q;
        size_t m;
        if (!bytes_view(I, l->items[i], &q, &m)) {
            sb_free(I, &b);
            return err_format(I, TY_TYPE_ERROR,
                              "sequence item %zu: expected a bytes-like object, %s found", i,
                              type_name(I, l->items[i]));
        }
        if (i) sb_append(I, &b, (const char *)p, n);
        sb_append(I, &b, (const char *)q, m);
    }
    if (b.failed) return V_NULL;
    Value r = bytes_make_like(I, argv[0], b.data ? b.data : "", b.len);
    sb_free(I, &b);
    return r;
}

bool bytes_isspace_c(unsigned char c) {
    return c == ' ' || (c >= '\t' && c <= '\r');
}

static Value bm_split(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"sep", "maxsplit"};
    Value a[2];
    if (!arg_parse(I, "split", argc - 1, argv + 1, kw, names, 2, 0, 2, a)) return V_NULL;
    int64_t maxsplit = -1;
    if (!is_null(a[1]) && obj_index(I, a[1], &maxsplit) < 0) return V_NULL;
    if (maxsplit < 0) maxsplit = INT64_MAX;
    VIEW_SELF;
    List *l = list_new(I, 0);
    if (!l) return V_NULL;
    size_t i = 0;
    if (is_null(a[0]) || is_none(a[0])) {
        while (maxsplit-- > 0) {
            while (i < n && bytes_isspace_c(p[i]))
                i++;
            if (i == n) break;
            size_t j = i;
            while (i < n && !bytes_isspace_c(p[i]))
                i++;
            Value piece = bytes_make_like(I, argv[0], p + j, i - j);
            if (is_null(piece) || !list_append(I, l, piece)) return V_NULL;
        }
        while (i < n && bytes_isspace_c(p[i]))
            i++;
        if (i < n) {
            Value piece = bytes_make_like(I, argv[0], p + i, n - i);
            if (is_null(piece) || !list_append(I, l, piece)) return V_NULL;
        }
        return v_obj(l);
    }
    const unsigned char *q;
    size_t m;
    if (!bytes_need_view(I, a[0], &q, &m)) return V_NULL;
    if (m == 0) return err_format(I, TY_VALUE_ERROR, "empty separator");
    while (maxsplit-- > 0) {
        int64_t off = str_find_bytes((const char *)p + i, n - i, (const char *)q, m);
        if (off < 0) break;
        Value piece = bytes_make_like(I, argv[0], p + i, (size_t)off);
        if (is_null(piece) || !list_append(I, l, piece)) return V_NULL;
        i += (size_t)off + m;
    }
    Value piece = bytes_make_like(I, argv[0], p + i, n - i);
    if (is_null(piece) || !list_append(I, l, piece)) return V_NULL;
    return v_obj(l);
}

static Value strip_impl(Interp *I, int argc, Value *argv, bool left, bool right, const char *name) {
    if (!arg_count(I, name, argc - 1, 0, 1)) return V_NULL;
    VIEW_SELF;
    const unsigned char *q = NULL;
    size_t m = 0;
    if (argc > 1 && !is_none(argv[1]) && !bytes_need_view(I, argv[1], &q, &m)) return V_NULL;
    size_t b0 = 0, b1 = n;
#define STRIPPED(c) (q ? (m && memchr(q, (c), m) != NULL) : bytes_isspace_c(c))
    if (left)
        while (b0 < b1 && STRIPPED(p[b0]))
            b0++;
    if (right)
        while (b1 > b0 && STRIPPED(p[b1 - 1]))
            b1--;
#undef STRIPPED
    /* nothing stripped from an exact bytes: the object itself, as CPython */
    if (b0 == 0 && b1 == n && is_obj(argv[0]) && argv[0].as.o->type == I->types[TY_BYTES])
        return argv[0];
    return bytes_make_like(I, argv[0], p + b0, b1 - b0);
}

static Value bm_strip(Interp *I, int argc, Value *argv, Tuple *kw) {
    return strip_impl(I, argc, argv, true, true, "strip");
}
static Value bm_lstrip(Interp *I, int argc, Value *argv, Tuple *kw) {
    return strip_impl(I, argc, argv, true, false, "lstrip");
}
static Value bm_rstrip(Interp *I, int argc, Value *argv, Tuple *kw) {
    return strip_impl(I, argc, argv, false, true, "rstrip");
}

/* start/end arguments: converted first (may run __index__), clamped as for str against the
 * length read afterwards. */
bool bytes_range_args(Interp *I, int argc, Value *argv, int64_t se[2]) {
    se[0] = 0;
    se[1] = INT64_MAX;
    for (int k = 0; k < 2; k++) {
        if (2 + k >= argc || is_none(argv[2 + k])) continue;
        if (obj_index(I, argv[2 + k], &se[k]) < 0) return false;
    }
    return true;
}

bool bytes_range_clamp(const int64_t se[2], size_t n, size_t *b0, size_t *b1) {
    int64_t st = se[0], en = se[1];
    if (en > (int64_t)n) en = (int64_t)n;
    if (en < 0) en = en + (int64_t)n < 0 ? 0 : en + (int64_t)n;
    if (st < 0) st = st + (int64_t)n < 0 ? 0 : st + (int64_t)n;
    *b0 = (size_t)st;
    *b1 = (size_t)(en < st ? st : en);
    return st <= en;
}

static Value affix_impl(Interp *I, int argc, Value *argv, bool ends, const char *name) {
    if (!arg_count(I, name, argc - 1, 1, 3)) return V_NULL;
    int64_t se[2];
    if (!bytes_range_args(I, argc, argv, se)) return V_NULL;
    VIEW_SELF;
    size_t b0 = 0, b1 = 0;
    bool ok = bytes_range_clamp(se, n, &b0, &b1);
    Value arg = argv[1];
    const Value *c = &arg;
    size_t nc = 1;
    if (is_obj(arg) && type_is_subtype(type_of(I, arg), I->types[TY_TUPLE])) {
        c = as_tuple(arg)->items;
        nc = as_tuple(arg)->len;
    } else if (!bytes_view(I, arg, &p, &n)) {
        return err_format(I, TY_TYPE_ERROR,
                          "%s first arg must be bytes or a tuple of bytes, "
                          "not %s",
                          name, type_name(I, arg));
    }
    bytes_view(I, argv[0], &p, &n);
    for (size_t k = 0; k < nc; k++) {
        const unsigned char *q;
        size_t m;
        if (!bytes_view(I, c[k], &q, &m))
            return err_format(I, TY_TYPE_ERROR, "a bytes-like object is required, not '%s'",
                              type_name(I, c[k]));
        if (!ok || m > b1 - b0) continue;
        if (memcmp(ends ? p + b1 - m : p + b0, q, m) == 0) return V_TRUE;
    }
    return V_FALSE;
}

static Value bm_startswith(Interp *I, int argc, Value *argv, Tuple *kw) {
    return affix_impl(I, argc, argv, false, "startswith");
}
static Value bm_endswith(Interp *I, int argc, Value *argv, Tuple *kw) {
    return affix_impl(I, argc, argv, true, "endswith");
}

/* The needle of find/count/index: bytes-like or an int in range(256). */
bool bytes_needle_of(Interp *I, Value v, const unsigned char **q, size_t *m, unsigned char *one) {
    if (bytes_view(I, v, q, m)) return true;
    if (is_int(I, v) || type_of(I, v)->slots.index) {
        if (!bytes_byte_value(I, v, one)) return false;
        *q = one;
        *m = 1;
        return true;
    }
    err_format(I, TY_TYPE_ERROR, "argument should be integer or bytes-like object, not '%s'",
               type_name(I, v));
    return false;
}

static Value find_impl(Interp *I, int argc, Value *argv, const char *name, bool raise) {
    if (!arg_count(I, name, argc - 1, 1, 3)) return V_NULL;
    /* arguments first: their __index__ may resize self (or a bytearray needle) */
    int64_t se[2];
    if (!bytes_range_args(I, argc, argv, se)) return V_NULL;
    const unsigned char *q;
    size_t m;
    unsigned char one;
    if (!bytes_needle_of(I, argv[1], &q, &m, &one)) return V_NULL;
    VIEW_SELF;
    size_t b0 = 0, b1 = 0;
    bool ok = bytes_range_clamp(se, n, &b0, &b1);
    int64_t r = -1;
    if (ok) {
        int64_t off = str_find_bytes((const char *)p + b0, b1 - b0, (const char *)q, m);
        if (off >= 0) r = (int64_t)b0 + off;
    }
    if (r < 0 && raise) return err_format(I, TY_VALUE_ERROR, "subsection not found");
    return v_int(r);
}

static Value bm_find(Interp *I, int argc, Value *argv, Tuple *kw) {
    return find_impl(I, argc, argv, "find", false);
}
static Value bm_index(Interp *I, int argc, Value *argv, Tuple *kw) {
    return find_impl(I, argc, argv, "index", true);
}

static Value bm_count(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "count", argc - 1, 1, 3)) return V_NULL;
    /* arguments first: their __index__ may resize self (or a bytearray needle) */
    int64_t se[2];
    if (!bytes_range_args(I, argc, argv, se)) return V_NULL;
    const unsigned char *q;
    size_t m;
    unsigned char one;
    if (!bytes_needle_of(I, argv[1], &q, &m, &one)) return V_NULL;
    VIEW_SELF;
    size_t b0 = 0, b1 = 0;
    bool ok = bytes_range_clamp(se, n, &b0, &b1);
    if (!ok) return v_int(0);
    if (m == 0) return v_int((int64_t)(b1 - b0) + 1);
    int64_t cnt = 0;
    size_t pos = b0;
    for (;;) {
        int64_t off = str_find_bytes((const char *)p + pos, b1 - pos, (const char *)q, m);
        if (off < 0) break;
        cnt++;
        pos += (size_t)off + m;
    }
    return v_int(cnt);
}

static Value bm_replace(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "replace", argc - 1, 2, 3)) return V_NULL;
    const unsigned char *o, *r;
    size_t on, rn;
    if (!bytes_need_view(I, argv[1], &o, &on) || !bytes_need_view(I, argv[2], &r, &rn))
        return V_NULL;
    int64_t count = -1;
    if (argc > 3 && obj_index(I, argv[3], &count) < 0) return V_NULL;
    /* the views after the count: its __index__ may resize self or the arguments */
    bytes_need_view(I, argv[1], &o, &on);
    bytes_need_view(I, argv[2], &r, &rn);
    VIEW_SELF;
    if (count < 0) count = INT64_MAX;
    StrBuf b;
    sb_init(&b);
    size_t pos = 0;
    int64_t done = 0;
    if (on == 0) {
        while (done < count) {
            sb_append(I, &b, (const char *)r, rn);
            done++;
            if (pos >= n) break;
            sb_append_char(I, &b, (char)p[pos++]);
        }
    } else
        while (done < count) {
            int64_t off = str_find_bytes((const char *)p + pos, n - pos, (const char *)o, on);
            if (off < 0) break;
            sb_append(I, &b, (const char *)p + pos, (size_t)off);
            sb_append(I, &b, (const char *)r, rn);
            pos += (size_t)off + on;
            done++;
        }
    sb_append(I, &b, (const char *)p + pos, n - pos);
    if (b.failed) return V_NULL;
    Value res = bytes_make_like(I, argv[0], b.data ? b.data : "", b.len);
    sb_free(I, &b);
    return res;
}

static Value case_impl(Interp *I, int argc, Value *argv, bool upper, const char *name) {
    if (!arg_count(I, name, argc - 1, 0, 0)) return V_NULL;
    VIEW_SELF;
    Value res = bytes_make_like(I, argv[0], p, n);
    if (is_null(res)) return V_NULL;
    unsigned char *d;
    size_t m;
    bytes_view(I, res, (const unsigned char **)&d, &m);
    for (size_t i = 0; i < m; i++) {
        if (upper && d[i] >= 'a' && d[i] <= 'z') d[i] = (unsigned char)(d[i] - 32);
        if (!upper && d[i] >= 'A' && d[i] <= 'Z') d[i] = (unsigned char)(d[i] + 32);
    }
    return res;
}

static Value bm_upper(Interp *I, int argc, Value *argv, Tuple *kw) {
    return case_impl(I, argc, argv, true, "upper");
}
static Value bm_lower(Interp *I, int argc, Value *argv, Tuple *kw) {
    return case_impl(I, argc, argv, false, "lower");
}

/* bytearray's mutators */

static Value ba_append(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "append", argc - 1, 1, 1)) return V_NULL;
    ByteArray *a = as_bytearray(argv[0]);
    unsigned char c;
    if (!bytes_byte_value(I, argv[1], &c)) return V_NULL;
    if (!bytearray_reserve(I, a, a->len + 1)) return V_NULL;
    a->data[a->len++] = c;
    return V_NONE;
}

static Value ba_extend(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "extend", argc - 1, 1, 1)) return V_NULL;
    ByteArray *a = as_bytearray(argv[0]);
    if (is_str(I, argv[1]))
        return err_format(I, TY_TYPE_ERROR, "expected iterable of integers; got: 'str'");
    if (!is_obj(argv[1]) || !type_of(I, argv[1])->slots.iter)
        if (!bytes_view(I, argv[1], &(const unsigned char *){NULL}, &(size_t){0}) &&
            !(is_obj(argv[1]) && type_of(I, argv[1])->slots.getitem))
            return err_format(I, TY_TYPE_ERROR, "can't extend bytearray with %s",
                              type_name(I, argv[1]));
    StrBuf b;
    sb_init(&b);
    if (!bytes_collect(I, argv[1], &b)) {
        sb_free(I, &b);
        if (err_matches(I, TY_VALUE_ERROR)) {
            err_clear(I);
            err_format(I, TY_VALUE_ERROR, "byte must be in range(0, 256)");
        }
        return V_NULL;
    }
    if (bytearray_reserve(I, a, a->len + b.len)) {
        if (b.len) memcpy(a->data + a->len, b.data, b.len);
        a->len += b.len;
    }
    sb_free(I, &b);
    return err_occurred(I) ? V_NULL : V_NONE;
}

static Value ba_pop(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "pop", argc - 1, 0, 1)) return V_NULL;
    ByteArray *a = as_bytearray(argv[0]);
    int64_t i = -1;
    if (argc > 1 && obj_index(I, argv[1], &i) < 0) return V_NULL;
    if (a->len == 0) return err_format(I, TY_INDEX_ERROR, "pop from empty bytearray");
    if (i < 0) i += (int64_t)a->len;
    if (i < 0 || i >= (int64_t)a->len)
        return err_format(I, TY_INDEX_ERROR, "pop index out of range");
    unsigned char c = a->data[i];
    memmove(a->data + i, a->data + i + 1, a->len - (size_t)i - 1);
    a->len--;
    return v_int(c);
}

static Value ba_clear(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "clear", argc - 1, 0, 0)) return V_NULL;
    as_bytearray(argv[0])->len = 0;
    return V_NONE;
}

static Value ba_copy(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_count(I, "copy", argc - 1, 0, 0)) return V_NULL;
    VIEW_SELF;
    ByteArray *a = bytearray_new(I, p, n);
    return a ? v_obj(a) : V_NULL;
}

#define COMMON_METHODS                                                                             \
    {"decode", bm_decode, 0}, {"hex", bm_hex, 0}, {"fromhex", bm_fromhex, METH_CLASS},             \
        {"join", bm_join, 0}, {"split", bm_split, 0}, {"strip", bm_strip, 0},                      \
        {"lstrip", bm_lstrip, 0}, {"rstrip", bm_rstrip, 0}, {"startswith", bm_startswith, 0},      \
        {"endswith", bm_endswith, 0}, {"find", bm_find, 0}, {"index", bm_index, 0},                \
        {"count", bm_count, 0}, {"replace", bm_replace, 0}, {"upper", bm_upper, 0},                \
        {"lower", bm_lower, 0}, BYTES_EXTRA_METHODS

static const MethodDef bytes_methods[] = {
    COMMON_METHODS,
    {NULL, NULL, 0},
};

static const MethodDef bytearray_methods[] = {
    COMMON_METHODS,
    {"append", ba_append, 0},
    {"extend", ba_extend, 0},
    {"pop", ba_pop, 0},
    {"clear", ba_clear, 0},
    {"copy", ba_copy, 0},
    {"insert", bytearraym_insert, 0},
    {"remove", bytearraym_remove, 0},
    {"reverse", bytearraym_reverse, 0},
    {NULL, NULL, 0},
};

const TypeSpec bytes_spec = {
    .name = "bytes",
    .base = TY_OBJECT,
    .instance_size = sizeof(Bytes),
    .flags = TF_BASETYPE,
    .slots =
        {
            .repr = bytes_repr_slot,
            .hash = bytes_hash_slot,
            .richcompare = bytes_richcompare,
            .binop = bytes_binop,
            .len = bytes_len,
            .getitem = bytes_getitem,
            .contains = bytes_contains,
            .iter = bytes_iter_slot,
            .new = bytes_new_slot,
            .getbuf = bytes_getbuf,
        },
    .methods = bytes_methods,
};

const TypeSpec bytearray_spec = {
    .name = "bytearray",
    .base = TY_OBJECT,
    .instance_size = sizeof(ByteArray),
    .flags = TF_BASETYPE,
    .slots =
        {
            .finalize = bytearray_finalize,
            .repr = bytearray_repr_slot,
            .richcompare = bytes_richcompare,
            .binop = bytes_binop,
            .inplace = bytearray_inplace,
            .len = bytes_len,
            .getitem = bytes_getitem,
            .setitem = bytearray_setitem,
            .contains = bytes_contains,
            .iter = bytes_iter_slot,
            .new = bytearray_new_slot,
            .getbuf = bytearray_getbuf,
        },
    .methods = bytearray_methods,
};
