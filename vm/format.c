/* format.c: string formatting: the format-spec mini-language for str (format(s, spec),
 * f-string fields of str values), printf-style `str % args`, and str.format/format_map.
 *
 * Numbers are delegated: %e/%f/%g build the equivalent format spec and call float_format
 * (vm/format_num.c), so both paths print floats identically; %d/%x/%o are done here because
 * %-formatting's precision for ints (minimum digits) has no format-spec equivalent. */
#include <stdio.h>
#include <string.h>

#include "dict.h"
#include "error.h"
#include "gc.h"
#include "number.h"
#include "seq.h"
#include "str.h"

/* ---- the format-spec mini-language, str flavour --------------------------------------- */

typedef struct FormatSpec {
    uint32_t fill;
    char align; /* 0 when not given */
    char sign;
    bool z, alt;
    char grouping;
    int64_t width, precision; /* -1 when absent */
    char type;
} FormatSpec;

static bool is_align(char c) {
    return c == '<' || c == '>' || c == '^' || c == '=';
}

/* Reads a decimal number at *pos; returns false after raising on overflow. */
static bool spec_number(Interp *I, const char *s, size_t len, size_t *pos, int64_t *out) {
    int64_t v = -1;
    while (*pos < len && s[*pos] >= '0' && s[*pos] <= '9') {
        if (v < 0) v = 0;
        if (v > (INT64_MAX - 9) / 10) {
            err_format(I, TY_VALUE_ERROR, "Too many decimal digits in format string");
            return false;
        }
        v = v * 10 + (s[*pos] - '0');
        (*pos)++;
    }
    *out = v;
    return true;
}

static bool parse_spec(Interp *I, const char *s, size_t len, FormatSpec *f, const char *tname) {
    memset(f, 0, sizeof *f);
    f->fill = ' ';
    f->width = f->precision = -1;
    size_t pos = 0;
    bool fill_given = false;
    if (len > 0) {
        size_t p1 = 0;
        uint32_t cp = utf8_decode(s, &p1);
        if (p1 < len && is_align(s[p1])) {
            f->fill = cp;
            f->align = s[p1];
            fill_given = true;
            pos = p1 + 1;
        } else if (is_align(s[0])) {
            f->align = s[0];
            pos = 1;
        }
    }
    if (pos < len && (s[pos] == '+' || s[pos] == '-' || s[pos] == ' ')) f->sign = s[pos++];
    if (pos < len && s[pos] == 'z') f->z = true, pos++;
    if (pos < len && s[pos] == '#') f->alt = true, pos++;
    if (!fill_given && pos < len && s[pos] == '0') {
        f->fill = '0';
        pos++;
    }
    if (!spec_number(I, s, len, &pos, &f->width)) return false;
    if (pos < len && (s[pos] == ',' || s[pos] == '_')) {
        f->grouping = s[pos++];
        if (pos < len && (s[pos] == ',' || s[pos] == '_')) {
            if (s[pos] == f->grouping)
                err_format(I, TY_VALUE_ERROR, "Cannot specify '%c' with '%c'.", s[pos], s[pos]);
            else
                err_format(I, TY_VALUE_ERROR, "Cannot specify both ',' and '_'.");
            return false;
        }
    }
    if (pos < len && s[pos] == '.') {
        pos++;
        if (!spec_number(I, s, len, &pos, &f->precision)) return false;
        if (f->precision < 0) {
            err_format(I, TY_VALUE_ERROR, "Format specifier missing precision");
            return false;
        }
    }
    if (len - pos > 1) {
        err_format(I, TY_VALUE_ERROR, "Invalid format specifier '%.*s' for object of type '%s'",
                   (int)len, s, tname);
        return false;
    }
    if (pos < len) f->type = s[pos];
    return true;
}

/* Pads `text` (nchars code points) to width with the fill, as align says. */
static bool pad_append(Interp *I, StrBuf *b, const char *text, size_t tlen, size_t nchars,
                       int64_t width, char align, uint32_t fill) {
    size_t pad = width > 0 && (size_t)width > nchars ? (size_t)width - nchars : 0;
    size_t left = 0;
    if (align == '>')
        left = pad;
    else if (align == '^')
        left = pad / 2;
    char fb[4];
    int fn = utf8_encode(fill, fb);
    sb_append_repeat(I, b, fb, (size_t)fn, left);
    sb_append(I, b, text, tlen);
    sb_append_repeat(I, b, fb, (size_t)fn, pad - left);
    return !b->failed;
}

Value str_format_spec(Interp *I, Str *s, const char *spec, size_t speclen) {
    if (speclen == 0) return v_obj(s);
    FormatSpec f;
    if (!parse_spec(I, spec, speclen, &f, "str")) return V_NULL;
    if (f.type == 0) f.type = 's';
    if (f.grouping)
        return err_format(I, TY_VALUE_ERROR, "Cannot specify '%c' with 's'.", f.grouping);
    if (f.type != 's') {
        if (f.type > 32 && f.type < 127)
            return err_format(I, TY_VALUE_ERROR,
                              "Unknown format code '%c' for object of type 'str'", f.type);
        return err_format(I, TY_VALUE_ERROR, "Unknown format code '\\x%x' for object of type 'str'",
                          (unsigned)(unsigned char)f.type);
    }
    if (f.sign) return err_format(I, TY_VALUE_ERROR, "Sign not allowed in string format specifier");
    if (f.z)
        return err_format(I, TY_VALUE_ERROR,
                          "Negative zero coercion (z) not allowed in string format specifier");
    if (f.alt)
        return err_format(I, TY_VALUE_ERROR,
                          "Alternate form (#) not allowed in string format specifier");
    if (f.align == '=')
        return err_format(I, TY_VALUE_ERROR,
                          "'=' alignment not allowed in string format specifier");
    size_t nchars = s->nchars, blen = s->len;
    if (f.precision >= 0 && (size_t)f.precision < nchars) {
        nchars = (size_t)f.precision;
        blen = str_byte_offset(s, nchars);
    }
    if (f.width <= (int64_t)nchars && blen == s->len) return v_obj(s);
    StrBuf b;
    sb_init(&b);
    pad_append(I, &b, s->data, blen, nchars, f.width, f.align ? f.align : '<', f.fill);
    Str *r = sb_finish(I, &b);
    return r ? v_obj(r) : V_NULL;
}

/* ---- printf-style formatting: str % args ---------------------------------------------- */

enum { PF_MINUS = 1, PF_PLUS = 2, PF_SPACE = 4, PF_ALT = 8, PF_ZERO = 16 };

typedef struct PercentState {
    Value args; /* the right operand */
    const Value *items;
    int64_t nitems; /* -1: a single non-tuple argument */
    int64_t next;   /* index of the next argument; -2 once the single one is used */
    Value mapping;  /* V_NULL unless args is a mapping */
} PercentState;

static Value next_arg(Interp *I, PercentState *st) {
    if (st->nitems < 0) {
        if (st->next == -2) goto fail;
        st->next = -2;
        return st->args;
    }
    if (st->next < st->nitems) return st->items[st->next++];
fail:
    return err_format(I, TY_TYPE_ERROR, "not enough arguments for format string");
}

/* Integer conversions: sign, optional 0x/0o prefix, precision zeros, then width. */
static bool percent_int(Interp *I, StrBuf *b, Value v, char conv, int flags, int64_t width,
                        int64_t prec) {
    int base = conv == 'x' || conv == 'X' ? 16 : conv == 'o' ? 8 : 10;
    Value digits = int_to_str(I, v, base);
    if (is_null(digits)) return false;
    Str *d = as_str(digits);
    const char *p = d->data;
    size_t n = d->len;
    bool neg = n > 0 && p[0] == '-';
    if (neg) p++, n--;
    char head[4];
    size_t hn = 0;
    if (neg)
        head[hn++] = '-';
    else if (flags & PF_PLUS)
        head[hn++] = '+';
    else if (flags & PF_SPACE)
        head[hn++] = ' ';
    if ((flags & PF_ALT) && base != 10) {
        head[hn++] = '0';
        head[hn++] = conv == 'o' ? 'o' : conv;
    }
    size_t zeros = prec > 0 && (size_t)prec > n ? (size_t)prec - n : 0;
    size_t body = hn + zeros + n;
    size_t pad = width > 0 && (size_t)width > body ? (size_t)width - body : 0;
    if (!(flags & PF_MINUS) && !(flags & PF_ZERO)) sb_append_repeat(I, b, " ", 1, pad);
    sb_append(I, b, head, hn);
    if (!(flags & PF_MINUS) && (flags & PF_ZERO)) sb_append_repeat(I, b, "0", 1, pad);
    sb_append_repeat(I, b, "0", 1, zeros);
    if (conv == 'X') {
        for (size_t k = 0; k < n; k++) {
            char c = p[k];
            sb_append_char(I, b, (c >= 'a' && c <= 'f') ? (char)(c - 32) : c);
        }
    } else
        sb_append(I, b, p, n);
    if (flags & PF_MINUS) sb_append_repeat(I, b, " ", 1, pad);
    return !b->failed;
}

static bool percent_float(Interp *I, StrBuf *b, Value v, char conv, int flags, int64_t width,
                          int64_t prec) {
    double d;
    if (is_float(v))
        d = v.as.f;
    else if (is_int(I, v) || is_bool(v)) {
        if (!num_to_double(I, v, &d)) return false;
    } else {
        Value f = float_from_value(I, v);
        if (is_null(f)) {
            if (err_matches(I, TY_TYPE_ERROR) || err_matches(I, TY_VALUE_ERROR)) {
                err_clear(I);
                err_format(I, TY_TYPE_ERROR, "must be real number, not %s", type_name(I, v));
            }
            return false;
        }
        if (is_str(I, v)) {
            err_format(I, TY_TYPE_ERROR, "must be real number, not %s", type_name(I, v));
            return false;
        }
        d = f.as.f;
    }
    char spec[64];
    int n = 0;
    if (flags & PF_MINUS) spec[n++] = '<';
    if (flags & PF_PLUS)
        spec[n++] = '+';
    else if (flags & PF_SPACE)
        spec[n++] = ' ';
    if (flags & PF_ALT) spec[n++] = '#';
    if ((flags & PF_ZERO) && !(flags & PF_MINUS)) spec[n++] = '0';
    if (width > 0) n += snprintf(spec + n, sizeof spec - (size_t)n, "%lld", (long long)width);
    n += snprintf(spec + n, sizeof spec - (size_t)n, ".%lld%c", (long long)(prec < 0 ? 6 : prec),
                  conv);
    Value r = float_format(I, d, spec, (size_t)n);
    if (is_null(r)) return false;
    return sb_append_str(I, b, as_str(r));
}

static bool percent_text(Interp *I, StrBuf *b, Str *s, int flags, int64_t width, int64_t prec) {
    size_t nchars = s->nchars, blen = s->len;
    if (prec >= 0 && (size_t)prec < nchars) {
        nchars = (size_t)prec;
        blen = str_byte_offset(s, nchars);
    }
    return pad_append(I, b, s->data, blen, nchars, width, (flags & PF_MINUS) ? '<' : '>', ' ');
}

/* Reads '*' (from the arguments) or digits; -1 when absent. */
static bool percent_number(Interp *I, PercentState *st, const char *f, size_t len, size_t *pos,
                           int64_t *out, int *flags, bool is_width) {
    *out = -1;
    if (*pos < len && f[*pos] == '*') {
        (*pos)++;
        Value v = next_arg(I, st);
        if (is_null(v)) return false;
        if (!is_int(I, v)) {
            err_format(I, TY_TYPE_ERROR, "* wants int");
            return false;
        }
        int64_t x;
        if (!int_to_i64(I, v, &x)) return false;
        if (!is_width && (x > INT32_MAX || x < INT32_MIN)) { /* a C int in CPython */
            err_format(I, TY_OVERFLOW_ERROR, "Python int too large to convert to C int");
            return false;
        }
        if (is_width && x < 0) {
            *flags |= PF_MINUS;
            x = -x;
        }
        *out = x < 0 ? 0 : x;
        return true;
    }
    size_t p = *pos;
    if (!spec_number(I, f, len, &p, out)) return false;
    *pos = p;
    return true;
}

/* %s and %b of bytes formatting: the bytes of a bytes-like value or of __bytes__. */
static bool percent_bytes_arg(Interp *I, StrBuf *b, Value arg, int flags, int64_t width,
                              int64_t prec) {
    Value v = arg;
    if (!is_bytes(I, v) && !is_bytearray(I, v)) {
        Str *bn = str_intern_cstr(I, "__bytes__");
        if (!bn) return false;
        /* a special method: looked up on the type, never the instance, as in CPython */
        Value m = is_str(I, v) ? V_NULL : type_lookup(I, type_of(I, v), bn);
        if (is_null(m)) {
            err_format(I, TY_TYPE_ERROR,
                       "%%b requires a bytes-like object, or an object that implements "
                       "__bytes__, not '%s'",
                       type_name(I, arg));
            return false;
        }
        v = obj_call(I, m, 1, &arg, NULL);
        if (is_null(v)) return false;
        if (!is_bytes(I, v)) {
            err_format(I, TY_TYPE_ERROR, "__bytes__ returned non-bytes (type %s)", type_name(I, v));
            return false;
        }
    }
    const char *d =
        is_bytes(I, v) ? (const char *)as_bytes(v)->data : (const char *)as_bytearray(v)->data;
    size_t n = is_bytes(I, v) ? as_bytes(v)->len : as_bytearray(v)->len;
    if (!d) d = "";
    if (prec >= 0 && (size_t)prec < n) n = (size_t)prec;
    return pad_append(I, b, d, n, n, width, (flags & PF_MINUS) ? '<' : '>', ' ');
}

/* The one loop behind str % args and bytes % args (bmode: f and the result are raw bytes). */
static Value percent_core(Interp *I, const char *f, size_t len, Value args, bool bmode) {
    PercentState st = {.args = args, .items = NULL, .nitems = -1, .next = 0, .mapping = V_NULL};
    Type *at = type_of(I, args);
    if (at == I->types[TY_TUPLE] || type_is_subtype(at, I->types[TY_TUPLE])) {
        st.items = as_tuple(args)->items;
        st.nitems = (int64_t)as_tuple(args)->len;
    } else if (at->slots.getitem && !is_str(I, args) && !is_bytes(I, args) &&
               !is_bytearray(I, args))
        st.mapping = args;
    size_t pos = 0;
    StrBuf b;
    sb_init(&b);
    while (pos < len) {
        const char *pct = memchr(f + pos, '%', len - pos);
        size_t end = pct ? (size_t)(pct - f) : len;
        sb_append(I, &b, f + pos, end - pos);
        if (!pct) break;
        pos = end + 1;
        if (pos < len && f[pos] == '%') {
            sb_append_char(I, &b, '%');
            pos++;
            continue;
        }
        Value arg = V_NULL;
        if (pos < len && f[pos] == '(') {
            if (is_null(st.mapping)) {
                err_format(I, TY_TYPE_ERROR, "format requires a mapping");
                goto fail;
            }
            int depth = 1;
            size_t k0 = ++pos;
            while (pos < len && depth > 0) {
                if (f[pos] == '(')
                    depth++;
                else if (f[pos] == ')')
                    depth--;
                pos++;
            }
            if (depth > 0) {
                err_format(I, TY_VALUE_ERROR, "incomplete format key");
                goto fail;
            }
            Value key;
            if (bmode) {
                Bytes *kb = bytes_new(I, f + k0, pos - 1 - k0);
                key = kb ? v_obj(kb) : V_NULL;
            } else {
                Str *ks = str_new(I, f + k0, pos - 1 - k0);
                key = ks ? v_obj(ks) : V_NULL;
            }
            if (is_null(key)) goto fail;
            arg = obj_getitem(I, st.mapping, key);
            if (is_null(arg)) goto fail;
            st.nitems = -1;
            st.next = -2; /* a key means the mapping is the only argument */
        }
        int flags = 0;
        for (; pos < len; pos++) {
            char c = f[pos];
            if (c == '-')
                flags |= PF_MINUS;
            else if (c == '+')
                flags |= PF_PLUS;
            else if (c == ' ')
                flags |= PF_SPACE;
            else if (c == '#')
                flags |= PF_ALT;
            else if (c == '0')
                flags |= PF_ZERO;
            else
                break;
        }
        int64_t width, prec = -1;
        if (!percent_number(I, &st, f, len, &pos, &width, &flags, true)) goto fail;
        if (pos < len && f[pos] == '.') {
            pos++;
            if (!percent_number(I, &st, f, len, &pos, &prec, &flags, false)) goto fail;
            if (prec < 0) prec = 0;
        }
        while (pos < len && (f[pos] == 'h' || f[pos] == 'l' || f[pos] == 'L'))
            pos++;
        if (pos >= len) {
            err_format(I, TY_VALUE_ERROR, "incomplete format");
            goto fail;
        }
        size_t cpos = pos;
        uint32_t conv = bmode ? (unsigned char)f[pos++] : utf8_decode(f, &pos);
        if (is_null(arg)) {
            arg = next_arg(I, &st);
            if (is_null(arg)) goto fail;
        }
        bool ok = true;
        if (bmode && (conv == 's' || conv == 'b')) {
            ok = percent_bytes_arg(I, &b, arg, flags, width, prec);
            if (!ok) goto fail;
            continue;
        }
        if (bmode && (conv == 'r' || conv == 'a')) {
            Value t = obj_ascii(I, arg);
            ok = !is_null(t) && percent_text(I, &b, as_str(t), flags, width, prec);
            if (!ok) goto fail;
            continue;
        }
        if (bmode && conv == 'c') {
            char one;
            if ((is_bytes(I, arg) && as_bytes(arg)->len == 1) ||
                (is_bytearray(I, arg) && as_bytearray(arg)->len == 1)) {
                one =
                    (char)(is_bytes(I, arg) ? as_bytes(arg)->data[0] : as_bytearray(arg)->data[0]);
            } else {
                int64_t x = -1;
                if (is_int(I, arg) || is_bool(arg)) {
                    if (!int_to_i64(I, arg, &x)) {
                        err_clear(I);
                        x = -1;
                    }
                    if (x < 0 || x > 255) {
                        err_format(I, TY_OVERFLOW_ERROR, "%%c arg not in range(256)");
                        goto fail;
                    }
                } else {
                    err_format(I, TY_TYPE_ERROR,
                               "%%c requires an integer in range(256) or a single byte");
                    goto fail;
                }
                one = (char)x;
            }
            if (!pad_append(I, &b, &one, 1, 1, width, (flags & PF_MINUS) ? '<' : '>', ' '))
                goto fail;
            continue;
        }
        switch (conv) {
        case 's':
        case 'r':
        case 'a': {
            Value t = conv == 's'   ? obj_str(I, arg)
                      : conv == 'r' ? obj_repr(I, arg)
                                    : obj_ascii(I, arg);
            ok = !is_null(t) && percent_text(I, &b, as_str(t), flags, width, prec);
            break;
        }
        case 'd':
        case 'i':
        case 'u':
        case 'x':
        case 'X':
        case 'o': {
            Value iv;
            if (is_int(I, arg) || is_bool(arg))
                iv = is_bool(arg) ? v_int(arg.as.i) : arg;
            else if (conv <= 'u' && is_float(arg))
                iv = int_from_double(I, arg.as.f);
            else if (type_of(I, arg)->slots.index)
                iv = obj_index_value(I, arg);
            else if (conv <= 'u' && !is_str(I, arg) &&
                     !is_null(type_lookup(I, type_of(I, arg), str_intern_cstr(I, "__int__"))))
                iv = obj_call(I, v_obj(I->types[TY_INT]), 1, &arg, NULL); /* %d takes __int__ */
            else if (conv <= 'u')
                iv = err_format(I, TY_TYPE_ERROR, "%%%c format: a real number is required, not %s",
                                (char)conv, type_name(I, arg));
            else
                iv = err_format(I, TY_TYPE_ERROR, "%%%c format: an integer is required, not %s",
                                (char)conv, type_name(I, arg));
            ok = !is_null(iv) && percent_int(I, &b, iv, (char)conv, flags, width, prec);
            break;
        }
        case 'e':
        case 'E':
        case 'f':
        case 'F':
        case 'g':
        case 'G': ok = percent_float(I, &b, arg, (char)conv, flags, width, prec); break;
        case 'c': {
            char buf[4];
            size_t n = 0;
            if (is_str(I, arg) && as_str(arg)->nchars == 1) {
                n = as_str(arg)->len;
                memcpy(buf, as_str(arg)->data, n);
            } else if (is_int(I, arg) || is_bool(arg)) {
                int64_t x;
                if (!int_to_i64(I, arg, &x)) {
                    err_clear(I);
                    x = -1;
                }
                if (x < 0 || x > 0x10FFFF) {
                    err_format(I, TY_OVERFLOW_ERROR, "%%c arg not in range(0x110000)");
                    ok = false;
                    break;
                }
                n = (size_t)utf8_encode((uint32_t)x, buf);
            } else {
                err_format(I, TY_TYPE_ERROR, "%%c requires int or char");
                ok = false;
                break;
            }
            ok = pad_append(I, &b, buf, n, 1, width, (flags & PF_MINUS) ? '<' : '>', ' ');
            break;
        }
        default:
            err_format(I, TY_VALUE_ERROR, "unsupported format character '%c' (0x%x) at index %zu",
                       (conv >= 32 && conv <= 126) ? (char)conv : '?', (unsigned)conv,
                       bmode ? cpos : utf8_count(f, cpos));
            ok = false;
        }
        if (!ok) goto fail;
    }
    if (st.nitems >= 0 ? st.next < st.nitems : (st.next != -2 && is_null(st.mapping))) {
        err_format(I, TY_TYPE_ERROR, "not all arguments converted during %s formatting",
                   bmode ? "bytes" : "string");
        goto fail;
    }
    if (bmode) {
        if (b.failed) goto fail;
        Bytes *r = bytes_new(I, b.data ? b.data : "", b.len);
        sb_free(I, &b);
        return r ? v_obj(r) : V_NULL;
    }
    {
        Str *r = sb_finish(I, &b);
        return r ? v_obj(r) : V_NULL;
    }
fail:
    sb_free(I, &b);
    return V_NULL;
}

Value str_percent_format(Interp *I, Str *fmt, Value args) {
    return percent_core(I, fmt->data, fmt->len, args, false);
}

Value bytes_percent_format(Interp *I, const unsigned char *fmt, size_t len, Value args) {
    return percent_core(I, (const char *)fmt, len, args, true);
}

/* ---- str.format ------------------------------------------------------------------------ */

typedef struct FormatCtx {
    int argc; /* positional arguments (without self) */
    Value *argv;
    Tuple *kwnames; /* keyword names; their values follow argv[argc - 1] */
    Value mapping;  /* format_map's mapping, or V_NULL */
    int auto_index; /* next automatic index; -1 once manual numbering is used */
    bool manual;
} FormatCtx;

static bool format_into(Interp *I, FormatCtx *c, const char *f, size_t len, StrBuf *b, int depth);

static Value lookup_keyword(Interp *I, FormatCtx *c, const char *name, size_t n) {
    Str *key = str_new(I, name, n);
    if (!key) return V_NULL;
    if (!is_null(c->mapping)) return obj_getitem(I, c->mapping, v_obj(key));
    if (c->kwnames)
        for (size_t k = 0; k < c->kwnames->len; k++) {
            Str *kn = as_str(c->kwnames->items[k]);
            if (str_eq(kn, key)) return c->argv[c->argc + (int)k];
        }
    return err_keyerror(I, v_obj(key));
}

/* Resolves a field name: arg_name ("" auto, digits manual, else a keyword) followed by any
 * number of .attr and [key] parts. */
static Value resolve_field(Interp *I, FormatCtx *c, const char *s, size_t n) {
    size_t k = 0;
    while (k < n && s[k] != '.' && s[k] != '[')
        k++;
    Value v;
    bool numeric = k > 0;
    for (size_t j = 0; j < k; j++)
        if (s[j] < '0' || s[j] > '9') numeric = false;
    if (k == 0 || numeric) {
        int64_t idx = 0;
        if (k == 0) {
            if (c->manual)
                return err_format(I, TY_VALUE_ERROR,
                                  "cannot switch from manual field "
                                  "specification to automatic field numbering");
            idx = c->auto_index++;
        } else {
            if (c->auto_index > 0)
                return err_format(I, TY_VALUE_ERROR,
                                  "cannot switch from automatic field "
                                  "numbering to manual field specification");
            c->manual = true;
            for (size_t j = 0; j < k; j++) {
                if (idx > (INT64_MAX - 9) / 10)
                    return err_format(I, TY_VALUE_ERROR,
                                      "Too many decimal digits in format string");
                idx = idx * 10 + (s[j] - '0');
            }
        }
        if (!is_null(c->mapping) || idx >= c->argc) {
            if (!is_null(c->mapping))
                return err_format(I, TY_VALUE_ERROR, "Format string contains positional fields");
            return err_format(I, TY_INDEX_ERROR,
                              "Replacement index %lld out of range for positional args tuple",
                              (long long)idx);
        }
        v = c->argv[idx];
    } else {
        v = lookup_keyword(I, c, s, k);
        if (is_null(v)) return V_NULL;
    }
    while (k < n) {
        if (s[k] == '.') {
            size_t a = ++k;
            while (k < n && s[k] != '.' && s[k] != '[')
                k++;
            if (k == a) return err_format(I, TY_VALUE_ERROR, "Empty attribute in format string");
            Str *name = str_intern(I, s + a, k - a); /* attribute names are interned */
            if (!name) return V_NULL;
            v = obj_getattr(I, v, name);
        } else if (s[k] == '[') {
            size_t a = ++k;
            while (k < n && s[k] != ']')
                k++;
            if (k >= n) return err_format(I, TY_VALUE_ERROR, "expected '}' before end of string");
            if (k == a) return err_format(I, TY_VALUE_ERROR, "Empty attribute in format string");
            bool digits = true;
            for (size_t j = a; j < k; j++)
                if (s[j] < '0' || s[j] > '9') digits = false;
            Value key;
            if (digits)
                key = int_from_str(I, s + a, k - a, 10);
            else {
                Str *ks = str_new(I, s + a, k - a);
                key = ks ? v_obj(ks) : V_NULL;
            }
            if (is_null(key)) return V_NULL;
            v = obj_getitem(I, v, key);
            k++;
            if (k < n && s[k] != '.' && s[k] != '[')
                return err_format(I, TY_VALUE_ERROR,
                                  "Only '.' or '[' may follow ']' in format field specifier");
        } else
            return err_format(I, TY_VALUE_ERROR,
                              "Only '.' or '[' may follow ']' in format field specifier");
        if (is_null(v)) return V_NULL;
    }
    return v;
}

/* One replacement field; s..s+n is the text between the braces. */
static bool format_field(Interp *I, FormatCtx *c, const char *s, size_t n, StrBuf *b, int depth) {
    /* split at the first ':' or '!' outside brackets */
    size_t k = 0;
    int bracket = 0;
    while (k < n) {
        if (s[k] == '[')
            bracket = 1;
        else if (s[k] == ']')
            bracket = 0;
        else if (!bracket && (s[k] == ':' || s[k] == '!'))
            break;
        k++;
    }
    char conv = 0;
    size_t spec_at = n;
    if (k < n && s[k] == '!') {
        if (k + 1 >= n) {
            /* CPython reads the closing brace as the conversion, then misses the brace */
            err_format(I, TY_VALUE_ERROR, "unmatched '{' in format spec");
            return false;
        }
        conv = s[k + 1];
        if (k + 2 < n && s[k + 2] != ':') {
            err_format(I, TY_VALUE_ERROR, "expected ':' after conversion specifier");
            return false;
        }
        spec_at = k + 2 < n ? k + 3 : n;
    } else if (k < n)
        spec_at = k + 1;
    Value v = resolve_field(I, c, s, k);
    if (is_null(v)) return false;
    if (conv) {
        if (conv == 'r')
            v = obj_repr(I, v);
        else if (conv == 's')
            v = obj_str(I, v);
        else if (conv == 'a')
            v = obj_ascii(I, v);
        else {
            if (conv > 32 && conv < 127)
                err_format(I, TY_VALUE_ERROR, "Unknown conversion specifier %c", conv);
            else
                err_format(I, TY_VALUE_ERROR, "Unknown conversion specifier \\x%x",
                           (unsigned)(unsigned char)conv);
            return false;
        }
        if (is_null(v)) return false;
    }
    Str *spec;
    const char *sp = s + spec_at;
    size_t sn = spec_at <= n ? n - spec_at : 0;
    if (memchr(sp, '{', sn)) {
        if (depth >= 2) {
            err_format(I, TY_VALUE_ERROR, "Max string recursion exceeded");
            return false;
        }
        StrBuf sb;
        sb_init(&sb);
        if (!format_into(I, c, sp, sn, &sb, depth + 1)) {
            sb_free(I, &sb);
            return false;
        }
        spec = sb_finish(I, &sb);
    } else
        spec = str_new(I, sp, sn);
    if (!spec) return false;
    Value r;
    if (is_str(I, v) && str_is_exact(I, v))
        r = str_format_spec(I, as_str(v), spec->data, spec->len);
    else
        r = obj_format(I, v, spec);
    if (is_null(r)) return false;
    return sb_append_str(I, b, as_str(r));
}

static bool format_into(Interp *I, FormatCtx *c, const char *f, size_t len, StrBuf *b, int depth) {
    size_t pos = 0;
    while (pos < len) {
        char ch = f[pos];
        if (ch == '}') {
            if (pos + 1 < len && f[pos + 1] == '}') {
                sb_append_char(I, b, '}');
                pos += 2;
                continue;
            }
            err_format(I, TY_VALUE_ERROR, "Single '}' encountered in format string");
            return false;
        }
        if (ch != '{') {
            size_t e = pos;
            while (e < len && f[e] != '{' && f[e] != '}')
                e++;
            sb_append(I, b, f + pos, e - pos);
            pos = e;
            continue;
        }
        if (pos + 1 < len && f[pos + 1] == '{') {
            sb_append_char(I, b, '{');
            pos += 2;
            continue;
        }
        /* find the matching '}', counting nested braces in the spec */
        size_t start = ++pos;
        int nest = 1;
        while (pos < len) {
            if (f[pos] == '{')
                nest++;
            else if (f[pos] == '}' && --nest == 0)
                break;
            pos++;
        }
        if (pos >= len) {
            err_format(I, TY_VALUE_ERROR,
                       start < len ? "expected '}' before end of string"
                                   : "Single '{' encountered in format string");
            return false;
        }
        if (!format_field(I, c, f + start, pos - start, b, depth)) return false;
        pos++;
    }
    return !b->failed;
}

Value str_format_method(Interp *I, Str *fmt, int argc, Value *argv, Tuple *kwnames) {
    FormatCtx c = {.argc = argc, .argv = argv, .kwnames = kwnames, .mapping = V_NULL};
    StrBuf b;
    sb_init(&b);
    if (!format_into(I, &c, fmt->data, fmt->len, &b, 0)) {
        sb_free(I, &b);
        return V_NULL;
    }
    Str *r = sb_finish(I, &b);
    return r ? v_obj(r) : V_NULL;
}

/* format_map: keyword fields come from the mapping, positional ones are errors. */
Value str_format_map(Interp *I, Str *fmt, Value mapping) {
    FormatCtx c = {.argc = 0, .argv = NULL, .kwnames = NULL, .mapping = mapping};
    StrBuf b;
    sb_init(&b);
    if (!format_into(I, &c, fmt->data, fmt->len, &b, 0)) {
        sb_free(I, &b);
        return V_NULL;
    }
    Str *r = sb_finish(I, &b);
    return r ? v_obj(r) : V_NULL;
}
