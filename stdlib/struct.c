/* struct.c: the struct module: pack, unpack, calcsize, pack_into, unpack_from,
 * iter_unpack and Struct, for the format characters of CPython 3.11 (x c b B ? h H i I l L
 * q Q n N e f d s p P) in native (@, with alignment), standard (=), little (<) and big
 * (>, !) byte orders. Errors are struct.error with CPython's messages. */
#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#include "../vm/buffer.h"
#include "../vm/number.h"
#include "builtins.h"
#include "classes.h"
#include "modules.h"

typedef struct StructItem {
    char code;
    size_t count; /* repeat count, or the length for s and p */
    size_t size;  /* bytes per item */
    size_t offset;
} StructItem;

typedef struct StructFmt {
    bool little, native;
    size_t size, nvalues, nitems;
    StructItem items[64];
} StructFmt;

static Value struct_error(Interp *I, const char *msg) {
    Str *mod = str_intern_cstr(I, "struct");
    Value m = mod ? dict_get_str(I->modules, mod) : V_NULL;
    Value cls = V_NULL;
    if (!is_null(m)) cls = obj_getattr_opt(I, m, str_intern_cstr(I, "error"));
    if (is_null(cls)) return err_format(I, TY_VALUE_ERROR, "%s", msg);
    Str *s = str_from_cstr(I, msg);
    if (!s) return V_NULL;
    Value arg = v_obj(s);
    Value exc = obj_call(I, cls, 1, &arg, NULL);
    return is_null(exc) ? V_NULL : err_set_value(I, exc);
}

static size_t code_size(char c, bool native) {
    switch (c) {
    case 'x':
    case 'c':
    case 'b':
    case 'B':
    case '?':
    case 's':
    case 'p': return 1;
    case 'h':
    case 'H':
    case 'e': return 2;
    case 'i':
    case 'I':
    case 'f': return 4;
    case 'l':
    case 'L': return native ? sizeof(long) : 4;
    case 'q':
    case 'Q':
    case 'd': return 8;
    case 'n':
    case 'N':
    case 'P': return native ? sizeof(size_t) : 0;
    default: return 0;
    }
}

static bool parse_fmt(Interp *I, Value fmtv, StructFmt *f) {
    Str *fs;
    if (is_str(I, fmtv)) {
        fs = as_str(fmtv);
    } else if (is_obj(fmtv) && type_is_subtype(type_of(I, fmtv), I->types[TY_BYTES])) {
        fs = str_new(I, (const char *)as_bytes(fmtv)->data, as_bytes(fmtv)->len);
        if (!fs) return false;
    } else {
        err_format(I, TY_TYPE_ERROR, "Struct() argument 1 must be a str or bytes object, not %s",
                   type_name(I, fmtv));
        return false;
    }
    const char *p = fs->data;
    f->little = true; /* x86-64 and arm64: native order is little-endian */
    f->native = true;
    if (*p == '@' || *p == '=' || *p == '<' || *p == '>' || *p == '!') {
        f->native = *p == '@';
        f->little = *p == '@' || *p == '=' || *p == '<';
        p++;
    }
    f->size = f->nvalues = f->nitems = 0;
    while (*p) {
        if (*p == ' ' || *p == '\t' || *p == '\n') {
            p++;
            continue;
        }
        size_t count = 1;
        bool has_count = false;
        if (*p >= '0' && *p <= '9') {
            count = 0;
            while (*p >= '0' && *p <= '9')
                count = count * 10 + (size_t)(*p++ - '0');
            has_count = true;
            if (!*p) {
                struct_error(I, "repeat count given without format specifier");
                return false;
            }
        }
        char c = *p++;
        size_t sz = code_size(c, f->native);
        if (!sz) {
            struct_error(I, "bad char in struct format");
            return false;
        }
        if (f->native && c != 's' && c != 'p' && c != 'x' && c != 'c' && sz > 1)
            f->size = (f->size + sz - 1) / sz * sz; /* native alignment */
        if (f->nitems == 64) {
            err_format(I, TY_NOT_IMPLEMENTED_ERROR, "krait: struct formats of over 64 items");
            return false;
        }
        StructItem *it = &f->items[f->nitems++];
        it->code = c;
        it->count = count;
        it->size = sz;
        it->offset = f->size;
        if (c == 's' || c == 'p') {
            f->size += count;
            f->nvalues += 1;
        } else {
            f->size += count * sz;
            if (c != 'x') f->nvalues += count;
        }
        (void)has_count;
    }
    return true;
}

static void put_uint(unsigned char *d, uint64_t v, size_t n, bool little) {
    for (size_t i = 0; i < n; i++)
        d[little ? i : n - 1 - i] = (unsigned char)(v >> (8 * i));
}

static uint64_t get_uint(const unsigned char *d, size_t n, bool little) {
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++)
        v |= (uint64_t)d[little ? i : n - 1 - i] << (8 * i);
    return v;
}

/* IEEE half precision from a double, rounding to nearest even. */
static uint16_t to_half(double x) {
    uint16_t sign = signbit(x) ? 0x8000 : 0;
    if (isnan(x)) return sign | 0x7e00;
    double a = fabs(x);
    if (isinf(a) || a >= 65520.0) return sign | 0x7c00;
    if (a < 6.103515625e-05) { /* subnormal */
        double m = a / 5.960464477539063e-08;
        double r = nearbyint(m);
        return sign | (uint16_t)r;
    }
    int e;
    double m = frexp(a, &e); /* a = m * 2^e, 0.5 <= m < 1 */
    double frac = (m * 2.0 - 1.0) * 1024.0;
    double r = nearbyint(frac);
    int exp = e - 1 + 15;
    if (r >= 1024.0) {
        r = 0;
        exp++;
    }
    if (exp >= 31) return sign | 0x7c00;
    return sign | (uint16_t)(exp << 10) | (uint16_t)r;
}

static double from_half(uint16_t h) {
    int e = (h >> 10) & 31, m = h & 1023;
    double v;
    if (e == 0)
        v = ldexp(m, -24);
    else if (e == 31)
        v = m ? NAN : INFINITY;
    else
        v = ldexp(m + 1024, e - 25);
    return (h & 0x8000) ? -v : v;
}

/* v as an int64 (*out), or, for a big positive int that fits 64 unsigned bits, *big_ok with
 * the value in *uout; *overflow for anything larger in magnitude. */
static bool int_arg(Interp *I, Value v, int64_t *out, bool *big_ok, uint64_t *uout,
                    bool *overflow) {
    *overflow = false;
    if (!is_int(I, v)) {
        if (is_obj(v) && type_of(I, v)->slots.index) {
            int64_t n;
            if (obj_index(I, v, &n) < 0) return false;
            *out = n;
            *uout = (uint64_t)n;
            return true;
        }
        struct_error(I, "required argument is not an integer");
        return false;
    }
    if (is_smallint(v) || is_bool(v)) {
        *out = v.as.i;
        *uout = (uint64_t)v.as.i;
        *big_ok = false;
        return true;
    }
    /* a big int: only the unsigned 64-bit range fits (Q) */
    Value lim = int_from_u64(I, UINT64_MAX);
    if (is_null(lim)) return false;
    Value cv = obj_richcompare(I, v, lim, CMP_LE);
    Value pv = is_null(cv) ? V_NULL : obj_richcompare(I, v, v_int(0), CMP_GT);
    if (is_null(pv)) return false;
    int c = obj_truthy(I, cv), pos = obj_truthy(I, pv);
    if (c < 0 || pos < 0) return false;
    if (c && pos) {
        /* beyond int64, so v - 2^63 fits int64 */
        Value half = int_from_u64(I, (uint64_t)1 << 63);
        Value lo = is_null(half) ? V_NULL : obj_binop(I, v, half, BIN_SUB);
        if (is_null(lo)) return false;
        if (!is_smallint(lo)) {
            err_format(I, TY_OVERFLOW_ERROR, "int too large to convert");
            return false;
        }
        *uout = ((uint64_t)1 << 63) + (uint64_t)lo.as.i;
        *out = INT64_MAX;
        *big_ok = true;
        return true;
    }
    *out = pos ? INT64_MAX : INT64_MIN;
    *uout = 0;
    *big_ok = false;
    *overflow = true;
    return true;
}

static bool pack_into_buf(Interp *I, StructFmt *f, unsigned char *buf, Value *args, size_t nargs) {
    if (nargs != f->nvalues) {
        Str *m = str_printf(I, "pack expected %zu items for packing (got %zu)", f->nvalues, nargs);
        if (m) struct_error(I, m->data);
        return false;
    }
    size_t ai = 0;
    for (size_t k = 0; k < f->nitems; k++) {
        StructItem *it = &f->items[k];
        unsigned char *d = buf + it->offset;
        if (it->code == 'x') continue;
        if (it->code == 's' || it->code == 'p') {
            Value v = args[ai++];
            const unsigned char *src;
            size_t len;
            if (is_obj(v) && type_is_subtype(type_of(I, v), I->types[TY_BYTES])) {
                src = as_bytes(v)->data;
                len = as_bytes(v)->len;
            } else if (is_obj(v) && type_is_subtype(type_of(I, v), I->types[TY_BYTEARRAY])) {
                src = ((ByteArray *)as_obj(v))->data;
                len = ((ByteArray *)as_obj(v))->len;
            } else {
                struct_error(I, it->code == 's' ? "argument for 's' must be a bytes object"
                                                : "argument for 'p' must be a bytes object");
                return false;
            }
            size_t room = it->count;
            if (it->code == 'p') {
                if (room == 0) continue;
                size_t n = len < room - 1 ? len : room - 1;
                if (n > 255) n = 255;
                d[0] = (unsigned char)n;
                if (n) memcpy(d + 1, src, n);
            } else {
                size_t n = len < room ? len : room;
                if (n) memcpy(d, src, n);
            }
            continue;
        }
        for (size_t r = 0; r < it->count; r++, d += it->size) {
            Value v = args[ai++];
            char c = it->code;
            if (c == 'c') {
                if (!(is_obj(v) && type_is_subtype(type_of(I, v), I->types[TY_BYTES]) &&
                      as_bytes(v)->len == 1)) {
                    struct_error(I, "char format requires a bytes object of length 1");
                    return false;
                }
                d[0] = as_bytes(v)->data[0];
            } else if (c == '?') {
                int t = obj_truthy(I, v);
                if (t < 0) return false;
                d[0] = (unsigned char)t;
            } else if (c == 'e' || c == 'f' || c == 'd') {
                double x;
                if (is_float(v))
                    x = v.as.f;
                else if (is_int(I, v)) {
                    Value fv = obj_call(I, v_obj(I->types[TY_FLOAT]), 1, &v, NULL);
                    if (is_null(fv)) return false;
                    x = fv.as.f;
                } else {
                    struct_error(I, "required argument is not a float");
                    return false;
                }
                if (c == 'd') {
                    uint64_t u;
                    memcpy(&u, &x, 8);
                    put_uint(d, u, 8, f->little);
                } else if (c == 'f') {
                    float y = (float)x;
                    if (isinf(y) && !isinf(x)) {
                        err_format(I, TY_OVERFLOW_ERROR, "float too large to pack with f format");
                        return false;
                    }
                    uint32_t u;
                    memcpy(&u, &y, 4);
                    put_uint(d, u, 4, f->little);
                } else {
                    if (!isinf(x) && !isnan(x) && fabs(x) >= 65520.0) {
                        err_format(I, TY_OVERFLOW_ERROR, "float too large to pack with e format");
                        return false;
                    }
                    put_uint(d, to_half(x), 2, f->little);
                }
            } else {
                int64_t n;
                uint64_t u;
                bool big = false, overflow = false;
                if (!int_arg(I, v, &n, &big, &u, &overflow)) return false;
                if (overflow || (big && (c == 'q' || c == 'n'))) {
                    /* beyond the 64-bit range: CPython's own message */
                    struct_error(I, "argument out of range");
                    return false;
                }
                bool is_signed =
                    c == 'b' || c == 'h' || c == 'i' || c == 'l' || c == 'q' || c == 'n';
                size_t bits = it->size * 8;
                if (is_signed) {
                    int64_t lo = bits == 64 ? INT64_MIN : -((int64_t)1 << (bits - 1));
                    int64_t hi = bits == 64 ? INT64_MAX : ((int64_t)1 << (bits - 1)) - 1;
                    if (big || overflow || n < lo || n > hi) {
                        char msg[96];
                        if (bits == 8)
                            snprintf(msg, sizeof msg, "byte format requires -128 <= number <= 127");
                        else if (bits == 16)
                            snprintf(msg, sizeof msg,
                                     "'%c' format requires -32768 <= number <= 32767", c);
                        else
                            snprintf(msg, sizeof msg, "'%c' format requires %lld <= number <= %lld",
                                     c, (long long)lo, (long long)hi);
                        struct_error(I, msg);
                        return false;
                    }
                    put_uint(d, (uint64_t)n, it->size, f->little);
                } else {
                    uint64_t hi = bits == 64 ? UINT64_MAX : (((uint64_t)1 << bits) - 1);
                    if (overflow || (!big && n < 0) || (!big && (uint64_t)n > hi) ||
                        (big && bits < 64)) {
                        char msg[96];
                        if (bits == 8)
                            snprintf(msg, sizeof msg, "ubyte format requires 0 <= number <= 255");
                        else if (bits == 16)
                            snprintf(msg, sizeof msg, "'%c' format requires 0 <= number <= 65535",
                                     c);
                        else
                            snprintf(msg, sizeof msg, "'%c' format requires 0 <= number <= %llu", c,
                                     (unsigned long long)hi);
                        struct_error(I, msg);
                        return false;
                    }
                    put_uint(d, big ? u : (uint64_t)n, it->size, f->little);
                }
            }
        }
    }
    return true;
}

static Value unpack_buf(Interp *I, StructFmt *f, const unsigned char *buf) {
    Tuple *t = tuple_new(I, f->nvalues);
    if (!t) return V_NULL;
    size_t vi = 0;
    for (size_t k = 0; k < f->nitems; k++) {
        StructItem *it = &f->items[k];
        const unsigned char *d = buf + it->offset;
        if (it->code == 'x') continue;
        if (it->code == 's' || it->code == 'p') {
            size_t n = it->count;
            const unsigned char *src = d;
            if (it->code == 'p') {
                if (n == 0) {
                    src = d;
                } else {
                    size_t l = d[0];
                    src = d + 1;
                    n = l < n - 1 ? l : n - 1;
                }
            }
            Bytes *b = bytes_new(I, src, n);
            if (!b) return V_NULL;
            t->items[vi++] = v_obj(b);
            continue;
        }
        for (size_t r = 0; r < it->count; r++, d += it->size) {
            char c = it->code;
            Value v;
            if (c == 'c') {
                Bytes *b = bytes_new(I, d, 1);
                if (!b) return V_NULL;
                v = v_obj(b);
            } else if (c == '?') {
                v = v_bool(d[0] != 0);
            } else if (c == 'd') {
                uint64_t u = get_uint(d, 8, f->little);
                double x;
                memcpy(&x, &u, 8);
                v = v_float(x);
            } else if (c == 'f') {
                uint32_t u = (uint32_t)get_uint(d, 4, f->little);
                float x;
                memcpy(&x, &u, 4);
                v = v_float((double)x);
            } else if (c == 'e') {
                v = v_float(from_half((uint16_t)get_uint(d, 2, f->little)));
            } else {
                uint64_t u = get_uint(d, it->size, f->little);
                bool is_signed =
                    c == 'b' || c == 'h' || c == 'i' || c == 'l' || c == 'q' || c == 'n';
                if (is_signed) {
                    size_t bits = it->size * 8;
                    int64_t s =
                        bits == 64 ? (int64_t)u : (int64_t)(u << (64 - bits)) >> (64 - bits);
                    v = v_int(s);
                } else if (u > (uint64_t)INT64_MAX) {
                    v = int_from_u64(I, u);
                    if (is_null(v)) return V_NULL;
                } else {
                    v = v_int((int64_t)u);
                }
            }
            t->items[vi++] = v;
        }
    }
    return v_obj(t);
}

static bool buffer_of(Interp *I, Value v, const unsigned char **data, size_t *len, bool writable) {
    BufView b;
    if (!buf_need(I, v, &b, writable)) return false;
    *data = b.data;
    *len = b.len;
    return true;
}

static Value st_calcsize(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "calcsize", kw) || !arg_count(I, "calcsize", argc, 1, 1)) return V_NULL;
    StructFmt f;
    if (!parse_fmt(I, argv[0], &f)) return V_NULL;
    return v_int((int64_t)f.size);
}

static Value st_pack(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "pack", kw)) return V_NULL;
    if (argc < 1) return err_format(I, TY_TYPE_ERROR, "pack expected at least 1 argument, got 0");
    StructFmt f;
    if (!parse_fmt(I, argv[0], &f)) return V_NULL;
    unsigned char *buf = mem_alloc(I, f.size + 1);
    if (!buf) return V_NULL;
    memset(buf, 0, f.size + 1);
    Value r = V_NULL;
    if (pack_into_buf(I, &f, buf, argv + 1, (size_t)argc - 1)) {
        Bytes *b = bytes_new(I, buf, f.size);
        r = b ? v_obj(b) : V_NULL;
    }
    mem_free(I, buf, f.size + 1);
    return r;
}

static Value st_pack_into(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "pack_into", kw)) return V_NULL;
    if (argc < 3) return err_format(I, TY_TYPE_ERROR, "pack_into expected buffer argument");
    StructFmt f;
    if (!parse_fmt(I, argv[0], &f)) return V_NULL;
    const unsigned char *data;
    size_t len;
    if (!buffer_of(I, argv[1], &data, &len, true)) return V_NULL;
    if (!is_smallint(argv[2])) return err_format(I, TY_TYPE_ERROR, "an integer is required");
    int64_t off = argv[2].as.i;
    if (off < 0) off += (int64_t)len;
    if (off < 0 || (size_t)off + f.size > len) {
        Str *m = str_printf(I,
                            "pack_into requires a buffer of at least %zu bytes for packing %zu "
                            "bytes at offset %lld (actual buffer size is %zu)",
                            f.size + (size_t)(off < 0 ? 0 : off), f.size, (long long)off, len);
        return m ? struct_error(I, m->data) : V_NULL;
    }
    unsigned char *tmp = mem_alloc(I, f.size + 1);
    if (!tmp) return V_NULL;
    memcpy(tmp, data + off, f.size);
    bool ok = pack_into_buf(I, &f, tmp, argv + 3, (size_t)argc - 3);
    if (ok) memcpy((unsigned char *)data + off, tmp, f.size);
    mem_free(I, tmp, f.size + 1);
    return ok ? V_NONE : V_NULL;
}

static Value st_unpack(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "unpack", kw) || !arg_count(I, "unpack", argc, 2, 2)) return V_NULL;
    StructFmt f;
    if (!parse_fmt(I, argv[0], &f)) return V_NULL;
    const unsigned char *data;
    size_t len;
    if (!buffer_of(I, argv[1], &data, &len, false)) return V_NULL;
    if (len != f.size) {
        Str *m = str_printf(I, "unpack requires a buffer of %zu bytes", f.size);
        return m ? struct_error(I, m->data) : V_NULL;
    }
    return unpack_buf(I, &f, data);
}

static Value st_unpack_from(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"format", "buffer", "offset"};
    Value a[3];
    if (!arg_parse(I, "unpack_from", argc, argv, kw, names, 3, 2, 3, a)) return V_NULL;
    StructFmt f;
    if (!parse_fmt(I, a[0], &f)) return V_NULL;
    const unsigned char *data;
    size_t len;
    if (!buffer_of(I, a[1], &data, &len, false)) return V_NULL;
    int64_t off = 0;
    if (!is_null(a[2])) {
        if (!is_smallint(a[2])) return err_format(I, TY_TYPE_ERROR, "an integer is required");
        off = a[2].as.i;
    }
    if (off < 0) off += (int64_t)len;
    if (off < 0 || (size_t)off + f.size > len) {
        Str *m = str_printf(I,
                            "unpack_from requires a buffer of at least %zu bytes for "
                            "unpacking %zu bytes at offset %lld (actual buffer size is %zu)",
                            f.size + (size_t)(off < 0 ? 0 : off), f.size, (long long)off, len);
        return m ? struct_error(I, m->data) : V_NULL;
    }
    return unpack_buf(I, &f, data + off);
}

static const MethodDef struct_functions[] = {
    {"calcsize", st_calcsize, 0},       {"pack", st_pack, 0},
    {"pack_into", st_pack_into, 0},     {"unpack", st_unpack, 0},
    {"unpack_from", st_unpack_from, 0}, {NULL, NULL, 0},
};

Module *struct_native_module_create(Interp *I) {
    Str *name = str_intern_cstr(I, "_struct");
    Module *m = name ? module_new(I, name) : NULL;
    if (!m || module_add_functions(I, m, struct_functions) < 0) return NULL;
    return m;
}
