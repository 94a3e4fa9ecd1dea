/* str.c: the str type's core: construction, hashing, comparison, repr, the operators
 * (+, *, %, in), indexing and slicing, iteration, and the str iterator type.
 *
 * A Str holds UTF-8 bytes plus the code point count. ASCII strings (the common case) index
 * in O(1); others walk the bytes, so s[i] is O(n) for them (iteration keeps a byte cursor
 * and stays linear). UTF-8 byte order equals code point order, so comparison is memcmp.
 * The methods live in str_methods.c and formatting in format.c. */
#include <stdarg.h>
#include <stdio.h>
#include <stddef.h>
#include <string.h>

#include "buffer.h"
#include "error.h"
#include "gc.h"
#include "number.h"
#include "seq.h"
#include "overflow.h"
#include "str.h"

/* ---- construction ------------------------------------------------------------------ */

Str *str_alloc(Interp *I, Type *type, size_t len) {
    if (len > SIZE_OBJ_MAX - sizeof(Str) - 1) {
        err_nomem(I);
        return NULL;
    }
    /* The text starts inside sizeof(Str)'s tail padding: sizing from offsetof puts the many
     * short strs (up to 6 bytes) in the 48-byte class rather than 64. */
    Str *s = gc_new(I, type, offsetof(Str, data) + len + 1);
    if (!s) return NULL;
    s->hash = -1;
    s->len = len;
    s->data[len] = '\0';
    return s;
}

Str *str_new_known(Interp *I, const char *utf8, size_t len, size_t nchars) {
    if (len == 0 && I->empty_str) return I->empty_str;
    /* one-character ASCII strings are made at their first use, then shared */
    Str **cached =
        len == 1 && (unsigned char)utf8[0] < 0x80 ? &I->char_cache[(unsigned char)utf8[0]] : NULL;
    if (cached && *cached) return *cached;
    Str *s = str_alloc(I, I->types[TY_STR], len);
    if (!s) return NULL;
    if (len) memcpy(s->data, utf8, len);
    s->nchars = nchars;
    s->ascii = nchars == len;
    if (cached) *cached = s;
    return s;
}

Str *str_new(Interp *I, const char *utf8, size_t len) {
    return str_new_known(I, utf8, len, utf8_count(utf8, len));
}

Str *str_from_cstr(Interp *I, const char *s) {
    return str_new(I, s, strlen(s));
}

Str *str_from_codepoint(Interp *I, uint32_t cp) {
    char buf[4];
    int n = utf8_encode(cp, buf);
    return str_new_known(I, buf, (size_t)n, 1);
}

Str *str_printf(Interp *I, const char *fmt, ...) {
    char small[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) n = 0;
    if ((size_t)n < sizeof small) return str_new(I, small, (size_t)n);
    char *big = mem_alloc(I, (size_t)n + 1);
    if (!big) return NULL;
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    Str *s = str_new(I, big, (size_t)n);
    mem_free(I, big, (size_t)n + 1);
    return s;
}

Str *str_concat(Interp *I, Str *a, Str *b) {
    if (b->len == 0 && a->hdr.type == I->types[TY_STR]) return a;
    if (a->len == 0 && b->hdr.type == I->types[TY_STR]) return b;
    Str *s = str_alloc(I, I->types[TY_STR], a->len + b->len);
    if (!s) return NULL;
    memcpy(s->data, a->data, a->len);
    memcpy(s->data + a->len, b->data, b->len);
    s->nchars = a->nchars + b->nchars;
    s->ascii = a->ascii && b->ascii;
    return s;
}

bool is_str(Interp *I, Value v) {
    if (!is_obj(v)) return false;
    Type *t = as_obj(v)->type;
    return t == I->types[TY_STR] || type_is_subtype(t, I->types[TY_STR]);
}

bool str_is_exact(Interp *I, Value v) {
    return is_obj(v) && as_obj(v)->type == I->types[TY_STR];
}

/* ---- hashing and comparison --------------------------------------------------------- */

/* FNV-1a over the bytes with a final avalanche (splitmix64's), fixed and unkeyed: krait's
 * hashes are reproducible run to run, which CPython's are not, so scripts never see them
 * printed in the tests. */
int64_t str_hash_bytes(const char *s, size_t len) {
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < len; i++) {
        h ^= (unsigned char)s[i];
        h *= 0x100000001b3ULL;
    }
    h ^= h >> 30;
    h *= 0xbf58476d1ce4e5b9ULL;
    h ^= h >> 27;
    h *= 0x94d049bb133111ebULL;
    h ^= h >> 31;
    int64_t r = (int64_t)h;
    return r == -1 ? -2 : r;
}

int64_t str_hash(Str *s) {
    if (s->hash == -1) s->hash = str_hash_bytes(s->data, s->len);
    return s->hash;
}

bool str_eq(Str *a, Str *b) {
    if (a == b) return true;
    if (a->len != b->len) return false;
    if (a->hash != -1 && b->hash != -1 && a->hash != b->hash) return false;
    return memcmp(a->data, b->data, a->len) == 0;
}

int str_compare(Str *a, Str *b) {
    size_t n = a->len < b->len ? a->len : b->len;
    int c = memcmp(a->data, b->data, n);
    if (c) return c < 0 ? -1 : 1;
    return a->len < b->len ? -1 : a->len > b->len ? 1 : 0;
}

/* ---- positions ---------------------------------------------------------------------- */

size_t str_byte_offset(Str *s, size_t index) {
    if (s->ascii) return index;
    if (index >= s->nchars) return s->len;
    size_t pos = 0;
    while (index > 0) {
        pos += (size_t)utf8_char_len((unsigned char)s->data[pos]);
        index--;
    }
    return pos;
}

uint32_t str_char_at(Str *s, size_t index) {
    if (s->ascii) return (unsigned char)s->data[index];
    size_t pos = str_byte_offset(s, index);
    return utf8_decode(s->data, &pos);
}

/* ---- repr --------------------------------------------------------------------------- */

static bool repr_escape(Interp *I, StrBuf *b, uint32_t cp, bool only_ascii) {
    switch (cp) {
    case '\\': return sb_append(I, b, "\\\\", 2);
    case '\n': return sb_append(I, b, "\\n", 2);
    case '\r': return sb_append(I, b, "\\r", 2);
    case '\t': return sb_append(I, b, "\\t", 2);
    default: break;
    }
    if (cp < 0x20 || cp == 0x7F) return sb_appendf(I, b, "\\x%02x", (unsigned)cp);
    if (cp < 0x7F) return sb_append_char(I, b, (char)cp);
    if (!only_ascii && uni_isprintable(cp)) {
        char buf[4];
        return sb_append(I, b, buf, (size_t)utf8_encode(cp, buf));
    }
    if (cp < 0x100) return sb_appendf(I, b, "\\x%02x", (unsigned)cp);
    if (cp < 0x10000) return sb_appendf(I, b, "\\u%04x", (unsigned)cp);
    return sb_appendf(I, b, "\\U%08x", (unsigned)cp);
}

static Value repr_impl(Interp *I, Str *s, bool only_ascii) {
    bool has_sq = memchr(s->data, '\'', s->len) != NULL;
    bool has_dq = memchr(s->data, '"', s->len) != NULL;
    char quote = (has_sq && !has_dq) ? '"' : '\'';
    StrBuf b;
    sb_init(&b);
    sb_append_char(I, &b, quote);
    size_t pos = 0;
    while (pos < s->len) {
        uint32_t cp = utf8_decode(s->data, &pos);
        if (cp == (uint32_t)quote) {
            sb_append_char(I, &b, '\\');
            sb_append_char(I, &b, quote);
        } else if (!repr_escape(I, &b, cp, only_ascii))
            break;
    }
    sb_append_char(I, &b, quote);
    Str *r = sb_finish(I, &b);
    return r ? v_obj(r) : V_NULL;
}

Value str_repr(Interp *I, Str *s) {
    return repr_impl(I, s, false);
}

Value str_ascii(Interp *I, Str *s) {
    return repr_impl(I, s, true);
}

Str *str_escape_nonascii(Interp *I, Str *s) {
    if (s->ascii) return s;
    StrBuf b;
    sb_init(&b);
    size_t pos = 0;
    while (pos < s->len) {
        uint32_t cp = utf8_decode(s->data, &pos);
        if (cp < 0x80)
            sb_append_char(I, &b, (char)cp);
        else if (cp < 0x100)
            sb_appendf(I, &b, "\\x%02x", (unsigned)cp);
        else if (cp < 0x10000)
            sb_appendf(I, &b, "\\u%04x", (unsigned)cp);
        else
            sb_appendf(I, &b, "\\U%08x", (unsigned)cp);
    }
    return sb_finish(I, &b);
}

/* ---- join --------------------------------------------------------------------------- */

Str *str_join_values(Interp *I, Str *sep, const Value *items, size_t n) {
    size_t total = 0, nchars = 0;
    for (size_t i = 0; i < n; i++) {
        if (!is_str(I, items[i])) {
            err_format(I, TY_TYPE_ERROR, "sequence item %zu: expected str instance, %s found", i,
                       type_name(I, items[i]));
            return NULL;
        }
        Str *s = as_str(items[i]);
        total += s->len;
        nchars += s->nchars;
    }
    if (n == 1 && str_is_exact(I, items[0])) return as_str(items[0]);
    if (n > 1) {
        total += sep->len * (n - 1);
        nchars += sep->nchars * (n - 1);
    }
    Str *r = str_alloc(I, I->types[TY_STR], total);
    if (!r) return NULL;
    char *p = r->data;
    for (size_t i = 0; i < n; i++) {
        if (i && sep->len) {
            memcpy(p, sep->data, sep->len);
            p += sep->len;
        }
        Str *s = as_str(items[i]);
        memcpy(p, s->data, s->len);
        p += s->len;
    }
    r->nchars = nchars;
    r->ascii = nchars == total;
    return r;
}

/* ---- slots -------------------------------------------------------------------------- */

static Value str_repr_slot(Interp *I, Value self) {
    return str_repr(I, as_str(self));
}

/* str(s) of a subclass instance is a plain str with the same text. */
static Value str_str_slot(Interp *I, Value self) {
    if (str_is_exact(I, self)) return self;
    Str *s = as_str(self);
    Str *r = str_new_known(I, s->data, s->len, s->nchars);
    return r ? v_obj(r) : V_NULL;
}

static int str_hash_slot(Interp *I, Value self, int64_t *out) {
    *out = str_hash(as_str(self));
    return 0;
}

static Value str_richcompare(Interp *I, Value a, Value b, int op) {
    if (!is_str(I, a) || !is_str(I, b)) return v_notimpl(I);
    Str *x = as_str(a), *y = as_str(b);
    if (op == CMP_EQ) return v_bool(str_eq(x, y));
    if (op == CMP_NE) return v_bool(!str_eq(x, y));
    int c = str_compare(x, y);
    switch (op) {
    case CMP_LT: return v_bool(c < 0);
    case CMP_LE: return v_bool(c <= 0);
    case CMP_GT: return v_bool(c > 0);
    default: return v_bool(c >= 0);
    }
}

/* A user class may still answer through its reflected method; builtins never do. */
static bool other_may_handle(Interp *I, Value other, int op) {
    Type *t = type_of(I, other);
    if (!(t->flags & TF_HEAPTYPE)) return false;
    return !is_null(type_lookup(I, t, I->binop_names.rop[op])) ||
           !is_null(type_lookup(I, t, I->binop_names.op[op]));
}

static bool has_index(Interp *I, Value v) {
    if (is_smallint(v) || is_bool(v)) return true;
    return type_of(I, v)->slots.index != NULL || is_int(I, v);
}

Value str_repeat(Interp *I, Str *s, Value count) {
    int64_t n;
    if (obj_index(I, count, &n) < 0) return V_NULL;
    if (n <= 0 || s->len == 0) return v_obj(I->empty_str ? I->empty_str : str_new(I, "", 0));
    if (n == 1 && s->hdr.type == I->types[TY_STR]) return v_obj(s);
    if ((uint64_t)n > (uint64_t)INT64_MAX / s->len)
        return err_format(I, TY_OVERFLOW_ERROR, "repeated string is too long");
    size_t total = s->len * (size_t)n;
    Str *r = str_alloc(I, I->types[TY_STR], total);
    if (!r) return V_NULL;
    /* doubling copy: log(n) memcpy calls */
    memcpy(r->data, s->data, s->len);
    size_t done = s->len;
    while (done < total) {
        size_t chunk = done <= total - done ? done : total - done;
        memcpy(r->data + done, r->data, chunk);
        done += chunk;
    }
    r->nchars = s->nchars * (size_t)n;
    r->ascii = s->ascii;
    return v_obj(r);
}

static Value str_binop(Interp *I, Value a, Value b, int op) {
    bool sa = is_str(I, a), sb = is_str(I, b);
    switch (op) {
    case BIN_ADD:
        if (sa && sb) {
            Str *r = str_concat(I, as_str(a), as_str(b));
            return r ? v_obj(r) : V_NULL;
        }
        if (sa && !other_may_handle(I, b, op))
            return err_format(I, TY_TYPE_ERROR, "can only concatenate str (not \"%s\") to str",
                              type_name(I, b));
        return v_notimpl(I);
    case BIN_MUL: {
        Value s = sa ? a : b, n = sa ? b : a;
        if (!sa && !sb) return v_notimpl(I);
        if (sa && sb) n = b;
        if (!has_index(I, n) || (sa && sb)) {
            if (other_may_handle(I, n, op)) return v_notimpl(I);
            return err_format(I, TY_TYPE_ERROR, "can't multiply sequence by non-int of type '%s'",
                              type_name(I, n));
        }
        return str_repeat(I, as_str(s), n);
    }
    case BIN_MOD:
        if (sa) return str_percent_format(I, as_str(a), b);
        return v_notimpl(I);
    default: return v_notimpl(I);
    }
}

/* Byte-level substring search, used by `in`, find, count, split, replace. Returns the byte
 * offset or -1. memmem is linear on glibc (two-way). */
int64_t str_find_bytes(const char *hay, size_t hlen, const char *needle, size_t nlen) {
    if (nlen == 0) return 0;
    if (nlen > hlen) return -1;
    if (nlen == 1) {
        const char *p = memchr(hay, needle[0], hlen);
        return p ? p - hay : -1;
    }
    const char *p = memmem(hay, hlen, needle, nlen);
    return p ? p - hay : -1;
}

static int str_contains(Interp *I, Value self, Value item) {
    if (!is_str(I, item)) {
        err_format(I, TY_TYPE_ERROR, "'in <string>' requires string as left operand, not %s",
                   type_name(I, item));
        return -1;
    }
    Str *s = as_str(self), *n = as_str(item);
    return str_find_bytes(s->data, s->len, n->data, n->len) >= 0;
}

static int64_t str_len(Interp *I, Value self) {
    return (int64_t)as_str(self)->nchars;
}

static int str_truthy(Interp *I, Value self) {
    return as_str(self)->len != 0;
}

Value str_getitem_index(Interp *I, Str *s, int64_t i) {
    if (i < 0) i += (int64_t)s->nchars;
    if (i < 0 || i >= (int64_t)s->nchars)
        return err_format(I, TY_INDEX_ERROR, "string index out of range");
    if (s->ascii) {
        Str *r = str_new_known(I, s->data + i, 1, 1);
        return r ? v_obj(r) : V_NULL;
    }
    size_t pos = str_byte_offset(s, (size_t)i);
    size_t n = (size_t)utf8_char_len((unsigned char)s->data[pos]);
    Str *r = str_new_known(I, s->data + pos, n, 1);
    return r ? v_obj(r) : V_NULL;
}

Value str_slice(Interp *I, Str *s, int64_t start, int64_t step, int64_t slicelen) {
    if (slicelen <= 0) return v_obj(I->empty_str ? I->empty_str : str_new(I, "", 0));
    if (step == 1) {
        if (slicelen == (int64_t)s->nchars && s->hdr.type == I->types[TY_STR]) return v_obj(s);
        size_t b0 = str_byte_offset(s, (size_t)start);
        size_t b1;
        if (s->ascii)
            b1 = (size_t)(start + slicelen);
        else {
            b1 = b0;
            for (int64_t k = 0; k < slicelen; k++)
                b1 += (size_t)utf8_char_len((unsigned char)s->data[b1]);
        }
        Str *r = str_new_known(I, s->data + b0, b1 - b0, (size_t)slicelen);
        return r ? v_obj(r) : V_NULL;
    }
    if (s->ascii) {
        Str *r = str_alloc(I, I->types[TY_STR], (size_t)slicelen);
        if (!r) return V_NULL;
        for (int64_t k = 0, i = start; k < slicelen; k++, i += step)
            r->data[k] = s->data[i];
        r->nchars = (size_t)slicelen;
        r->ascii = true;
        return v_obj(r);
    }
    /* Non-ASCII with a step: record each code point's offset once, then pick. */
    size_t *offs = mem_alloc(I, (s->nchars + 1) * sizeof(size_t));
    if (!offs) return V_NULL;
    size_t pos = 0;
    for (size_t k = 0; k < s->nchars; k++) {
        offs[k] = pos;
        pos += (size_t)utf8_char_len((unsigned char)s->data[pos]);
    }
    offs[s->nchars] = pos;
    StrBuf b;
    sb_init(&b);
    for (int64_t k = 0, i = start; k < slicelen; k++, i += step)
        sb_append(I, &b, s->data + offs[i], offs[i + 1] - offs[i]);
    mem_free(I, offs, (s->nchars + 1) * sizeof(size_t));
    Str *r = sb_finish(I, &b);
    return r ? v_obj(r) : V_NULL;
}

static Value str_getitem(Interp *I, Value self, Value key) {
    Str *s = as_str(self);
    if (is_obj(key) && as_obj(key)->type == I->types[TY_SLICE]) {
        int64_t start, stop, step, n;
        if (!slice_indices(I, (Slice *)as_obj(key), (int64_t)s->nchars, &start, &stop, &step, &n))
            return V_NULL;
        return str_slice(I, s, start, step, n);
    }
    if (!has_index(I, key))
        return err_format(I, TY_TYPE_ERROR, "string indices must be integers, not '%s'",
                          type_name(I, key));
    int64_t i;
    if (is_smallint(key) || is_bool(key))
        i = key.as.i;
    else if (obj_index(I, key, &i) < 0) {
        if (!err_matches(I, TY_OVERFLOW_ERROR)) return V_NULL;
        err_clear(I);
        return err_format(I, TY_INDEX_ERROR, "cannot fit 'int' into an index-sized integer");
    }
    return str_getitem_index(I, s, i);
}

/* str(object='') and str(bytes, encoding='utf-8', errors='strict') */
static Value str_new_slot(Interp *I, Type *type, int argc, Value *argv, Tuple *kwnames) {
    static const char *const names[] = {"object", "encoding", "errors"};
    Value a[3];
    if (!arg_parse(I, "str", argc, argv, kwnames, names, 3, 0, 3, a)) return V_NULL;
    Value r;
    if (is_null(a[0]))
        r = v_obj(I->empty_str ? I->empty_str : str_new(I, "", 0));
    else if (is_null(a[1]) && is_null(a[2]))
        r = obj_str(I, a[0]);
    else {
        const char *enc = "utf-8", *errs = "strict";
        for (int k = 1; k < 3; k++) {
            if (is_null(a[k])) continue;
            if (!is_str(I, a[k]))
                return err_format(I, TY_TYPE_ERROR, "str() argument '%s' must be str, not %s",
                                  names[k], type_name(I, a[k]));
            if (k == 1)
                enc = as_str(a[1])->data;
            else
                errs = as_str(a[2])->data;
        }
        if (is_str(I, a[0])) return err_format(I, TY_TYPE_ERROR, "decoding str is not supported");
        BufView bv;
        int rb = buf_get(I, a[0], &bv, false);
        if (rb < 0) return V_NULL;
        if (rb > 0)
            r = bytes_decode(I, bv.data, bv.len, enc, errs);
        else
            return err_format(I, TY_TYPE_ERROR,
                              "decoding to str: need a bytes-like object, %s found",
                              type_name(I, a[0]));
    }
    if (is_null(r) || type == I->types[TY_STR]) return r;
    /* a subclass: same text, the subclass's type */
    Str *src = as_str(r);
    Str *s = str_alloc(I, type, src->len);
    if (!s) return V_NULL;
    memcpy(s->data, src->data, src->len);
    s->nchars = src->nchars;
    s->ascii = src->ascii;
    return v_obj(s);
}

static void str_finalize(Interp *I, Obj *o) {
    if (o->obj_flags & STR_INTERNED) str_intern_forget(I, (Str *)o);
}

/* ---- iterator ----------------------------------------------------------------------- */

typedef struct StrIter {
    Obj hdr;
    Str *s;
    size_t pos; /* byte offset of the next code point */
} StrIter;

Value str_iter_new(Interp *I, Str *s) {
    StrIter *it = gc_new(I, I->types[TY_STR_ITER], sizeof(StrIter));
    if (!it) return V_NULL;
    it->s = s;
    it->pos = 0;
    return v_obj(it);
}

static Value str_iter_slot(Interp *I, Value self) {
    return str_iter_new(I, as_str(self));
}

static void str_iter_trace(Interp *I, Obj *o) {
    gc_mark_obj(I, (Obj *)((StrIter *)o)->s);
}

static Value str_iter_self(Interp *I, Value self) {
    return self;
}

static Value str_iter_next(Interp *I, Value self) {
    StrIter *it = (StrIter *)as_obj(self);
    Str *s = it->s;
    if (!s || it->pos >= s->len) {
        it->s = NULL;
        return V_NULL;
    }
    size_t n = (size_t)utf8_char_len((unsigned char)s->data[it->pos]);
    Str *r = str_new_known(I, s->data + it->pos, n, 1);
    if (!r) return V_NULL;
    it->pos += n;
    return v_obj(r);
}

static Value str_iter_length_hint(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    StrIter *it = (StrIter *)as_obj(argv[0]);
    if (!it->s) return v_int(0);
    return v_int((int64_t)utf8_count(it->s->data + it->pos, it->s->len - it->pos));
}

static const MethodDef str_iter_methods[] = {
    {"__length_hint__", str_iter_length_hint, 0},
    {NULL, NULL, 0},
};

const TypeSpec str_iter_spec = {
    .name = "str_ascii_iterator",
    .base = TY_OBJECT,
    .instance_size = sizeof(StrIter),
    .flags = 0,
    .slots =
        {
            .trace = str_iter_trace,
            .iter = str_iter_self,
            .next = str_iter_next,
        },
    .methods = str_iter_methods,
};

/* The methods table is in str_methods.c. */
extern const MethodDef str_methods[];

const TypeSpec str_spec = {
    .name = "str",
    .base = TY_OBJECT,
    .instance_size = sizeof(Str),
    .flags = TF_BASETYPE,
    .slots =
        {
            .finalize = str_finalize,
            .repr = str_repr_slot,
            .str = str_str_slot,
            .hash = str_hash_slot,
            .richcompare = str_richcompare,
            .binop = str_binop,
            .truthy = str_truthy,
            .len = str_len,
            .getitem = str_getitem,
            .contains = str_contains,
            .iter = str_iter_slot,
            .new = str_new_slot,
        },
    .methods = str_methods,
};
