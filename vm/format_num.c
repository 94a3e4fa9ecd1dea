/* format_num.c: format(int, spec) and format(float, spec), the format-spec mini-language
 * [[fill]align][sign][z][#][0][width][grouping][.precision][type] with CPython's results and
 * error messages.
 *
 * A number is rendered in three pieces -- sign and prefix, the integer digits, and the rest
 * (fraction, exponent, '%') -- and then laid out: grouping separators go into the integer
 * digits only, and zero padding ('0' flag, or fill '0' with '=' alignment) is produced by the
 * grouping routine itself so that "010," yields '00,001,234' exactly as CPython's
 * _PyUnicode_InsertThousandsGrouping does. Decimal digits for floats come from the C
 * library's correctly rounded "%.*e"/"%.*f" (ties to even on the exact binary value). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "gc.h"
#include "number.h"
#include "overflow.h"
#include "str.h"

typedef struct FormatSpec {
    char fill[5]; /* one code point, UTF-8 */
    size_t fill_len;
    char align; /* '<' '>' '^' '=' or 0 */
    char sign;  /* '+' '-' ' ' or 0 */
    bool no_neg_zero, alternate;
    int64_t width;     /* -1: none */
    char grouping;     /* ',' '_' or 0 */
    int64_t precision; /* -1: none */
    char type;         /* 0: none */
} FormatSpec;

static bool is_align(char c) {
    return c == '<' || c == '>' || c == '^' || c == '=';
}

/* Reads a decimal integer; returns false on overflow ("Too many decimal digits"). */
static bool read_int(const char *s, size_t len, size_t *pos, int64_t *out, bool *any) {
    int64_t v = 0;
    *any = false;
    while (*pos < len && s[*pos] >= '0' && s[*pos] <= '9') {
        if (v > (INT64_MAX - 9) / 10) return false;
        v = v * 10 + (s[*pos] - '0');
        (*pos)++;
        *any = true;
    }
    *out = v;
    return true;
}

static bool parse_spec(Interp *I, const char *s, size_t len, const char *tname, FormatSpec *f) {
    memset(f, 0, sizeof *f);
    f->fill[0] = ' ';
    f->fill_len = 1;
    f->width = -1;
    f->precision = -1;
    size_t pos = 0;
    bool fill_given = false, align_given = false;
    /* the fill is one code point: find its UTF-8 length */
    size_t cl = 1;
    if (len > 0) {
        unsigned char c0 = (unsigned char)s[0];
        cl = c0 < 0x80 ? 1 : c0 < 0xE0 ? 2 : c0 < 0xF0 ? 3 : 4;
    }
    if (len >= cl + 1 && is_align(s[cl])) {
        memcpy(f->fill, s, cl);
        f->fill[cl] = 0;
        f->fill_len = cl;
        f->align = s[cl];
        pos = cl + 1;
        fill_given = align_given = true;
    } else if (len >= 1 && is_align(s[0])) {
        f->align = s[0];
        pos = 1;
        align_given = true;
    }
    if (pos < len && (s[pos] == '+' || s[pos] == '-' || s[pos] == ' ')) f->sign = s[pos++];
    if (pos < len && s[pos] == 'z') {
        f->no_neg_zero = true;
        pos++;
    }
    if (pos < len && s[pos] == '#') {
        f->alternate = true;
        pos++;
    }
    if (!fill_given && pos < len && s[pos] == '0') {
        f->fill[0] = '0';
        f->fill[1] = 0;
        f->fill_len = 1;
        if (!align_given) f->align = '=';
        pos++;
    }
    bool any;
    if (!read_int(s, len, &pos, &f->width, &any)) goto too_many;
    if (!any) f->width = -1;
    if (pos < len && s[pos] == ',') {
        f->grouping = ',';
        pos++;
    }
    if (pos < len && s[pos] == '_') {
        if (f->grouping) goto both;
        f->grouping = '_';
        pos++;
    }
    if (pos < len && s[pos] == ',') {
        if (f->grouping == '_') goto both;
    }
    if (pos < len && s[pos] == '.') {
        pos++;
        if (!read_int(s, len, &pos, &f->precision, &any)) goto too_many;
        if (!any) {
            err_format(I, TY_VALUE_ERROR, "Format specifier missing precision");
            return false;
        }
    }
    if (len - pos > 1) {
        err_format(I, TY_VALUE_ERROR, "Invalid format specifier '%.*s' for object of type '%s'",
                   (int)len, s, tname);
        return false;
    }
    if (len - pos == 1) f->type = s[pos];
    if (f->grouping) {
        switch (f->type) {
        case 0:
        case 'd':
        case 'e':
        case 'f':
        case 'g':
        case 'E':
        case 'G':
        case '%':
        case 'F': break;
        case 'b':
        case 'o':
        case 'x':
        case 'X':
            if (f->grouping == '_') break;
            /* fall through */
        default:
            err_format(I, TY_VALUE_ERROR, "Cannot specify '%c' with '%c'.", f->grouping, f->type);
            return false;
        }
    }
    return true;
too_many:
    err_format(I, TY_VALUE_ERROR, "Too many decimal digits in format string");
    return false;
both:
    err_format(I, TY_VALUE_ERROR, "Cannot specify both ',' and '_'.");
    return false;
}

static bool put(Interp *I, StrBuf *b, const char *s, size_t n) {
    return sb_append(I, b, s, n);
}

static bool put_fill(Interp *I, StrBuf *b, const FormatSpec *f, int64_t n) {
    return n <= 0 || sb_append_repeat(I, b, f->fill, f->fill_len, (size_t)n);
}

/* The integer digits with separators every `group` digits and zero padding up to min_width
 * characters, as CPython's _PyUnicode_InsertThousandsGrouping (written right to left). */
static bool grouped_digits(Interp *I, StrBuf *out, const char *d, size_t nd, int group, char sep,
                           int64_t min_width) {
    if (group == 0 || nd == 0) {
        if (min_width > (int64_t)nd && !sb_append_repeat(I, out, "0", 1, (size_t)min_width - nd))
            return false;
        return put(I, out, d, nd);
    }
    /* upper bound on output size */
    size_t cap;
    if (!size_add(nd, (size_t)(min_width > 0 ? min_width : 0), &cap) || !size_mul(cap, 2, &cap) ||
        !size_add(cap, 4, &cap)) {
        err_nomem(I);
        return false;
    }
    char *tmp = mem_alloc(I, cap);
    if (!tmp) return false;
    char *p = tmp + cap;
    int64_t remaining = (int64_t)nd;
    bool use_sep = false;
    for (;;) {
        int64_t l = remaining > min_width ? remaining : min_width;
        if (l < 1) l = 1;
        if (l > group) l = group;
        int64_t zeros = l - remaining > 0 ? l - remaining : 0;
        int64_t chars = remaining < l ? remaining : l;
        if (chars < 0) chars = 0;
        if (use_sep) *--p = sep;
        for (int64_t i = 0; i < chars; i++)
            *--p = d[--remaining];
        for (int64_t i = 0; i < zeros; i++)
            *--p = '0';
        use_sep = true;
        min_width -= group;
        if (remaining <= 0 && min_width <= 0) break;
        min_width -= 1;
    }
    bool ok = put(I, out, p, (size_t)(tmp + cap - p));
    mem_free(I, tmp, cap);
    return ok;
}

/* Lay out sign+prefix, integer digits and the rest per the spec's width and alignment. */
static Value render(Interp *I, const FormatSpec *f, const char *lead, const char *digits, size_t nd,
                    const char *rest, size_t nrest, int group) {
    size_t nlead = strlen(lead);
    int64_t width = f->width < 0 ? 0 : f->width;
    char align = f->align ? f->align : '>';
    bool zero_pad = f->fill_len == 1 && f->fill[0] == '0' && align == '=';
    int64_t min_width = zero_pad ? width - (int64_t)nlead - (int64_t)nrest : 0;
    StrBuf g;
    sb_init(&g);
    if (!grouped_digits(I, &g, digits, nd, group, f->grouping, min_width)) {
        sb_free(I, &g);
        return V_NULL;
    }
    int64_t body = (int64_t)(nlead + g.len + nrest);
    int64_t pad = width > body ? width - body : 0;
    StrBuf b;
    sb_init(&b);
    bool ok = true;
    int64_t left = 0, right = 0, mid = 0;
    switch (align) {
    case '<': right = pad; break;
    case '^':
        left = pad / 2;
        right = pad - left;
        break;
    case '=': mid = pad; break;
    default: left = pad; break;
    }
    ok = put_fill(I, &b, f, left) && put(I, &b, lead, nlead) && put_fill(I, &b, f, mid) &&
         put(I, &b, g.data ? g.data : "", g.len) && put(I, &b, rest, nrest) &&
         put_fill(I, &b, f, right);
    sb_free(I, &g);
    if (!ok) {
        sb_free(I, &b);
        return V_NULL;
    }
    Str *s = sb_finish(I, &b);
    return s ? v_obj(s) : V_NULL;
}

/* ---- int ------------------------------------------------------------------------------ */

Value int_format(Interp *I, Value v, const char *spec, size_t speclen) {
    if (speclen == 0) return obj_str(I, v);
    FormatSpec f;
    if (!parse_spec(I, spec, speclen, "int", &f)) return V_NULL;
    char type = f.type ? f.type : 'd';
    switch (type) {
    case 'e':
    case 'E':
    case 'f':
    case 'F':
    case 'g':
    case 'G':
    case '%': {
        bool ov;
        double d = int_to_double(I, v, &ov);
        if (ov) return err_format(I, TY_OVERFLOW_ERROR, "int too large to convert to float");
        return float_format(I, d, spec, speclen);
    }
    case 'b':
    case 'c':
    case 'd':
    case 'o':
    case 'x':
    case 'X':
    case 'n': break;
    default:
        return err_format(I, TY_VALUE_ERROR, "Unknown format code '%c' for object of type '%s'",
                          type, "int");
    }
    if (f.precision >= 0)
        return err_format(I, TY_VALUE_ERROR, "Precision not allowed in integer format specifier");
    if (f.no_neg_zero)
        return err_format(I, TY_VALUE_ERROR,
                          "Negative zero coercion (z) not allowed in integer format specifier");
    if (type == 'c') {
        if (f.sign)
            return err_format(I, TY_VALUE_ERROR,
                              "Sign not allowed with integer format specifier 'c'");
        if (f.alternate)
            return err_format(I, TY_VALUE_ERROR,
                              "Alternate form (#) not allowed with integer format specifier 'c'");
        int64_t cp;
        if (!int_to_i64(I, v, &cp)) return V_NULL;
        if (cp < 0 || cp > 0x10FFFF) {
            return err_format(I, TY_OVERFLOW_ERROR, "%%c arg not in range(0x110000)");
        }
        Str *ch = str_from_codepoint(I, (uint32_t)cp);
        if (!ch) return V_NULL;
        /* a one-character string laid out with the number's default alignment */
        FormatSpec g = f;
        g.grouping = 0;
        if (!g.align) g.align = '>';
        if (g.align == '=') g.align = '>';
        int64_t pad = g.width > 1 ? g.width - 1 : 0;
        StrBuf b;
        sb_init(&b);
        int64_t left = g.align == '>' ? pad : g.align == '^' ? pad / 2 : 0;
        bool ok = put_fill(I, &b, &g, left) && sb_append_str(I, &b, ch) &&
                  put_fill(I, &b, &g, pad - left);
        if (!ok) {
            sb_free(I, &b);
            return V_NULL;
        }
        Str *s = sb_finish(I, &b);
        return s ? v_obj(s) : V_NULL;
    }
    int base = type == 'b' ? 2 : type == 'o' ? 8 : (type == 'x' || type == 'X') ? 16 : 10;
    int sgn = int_sign(I, v);
    Value mag = int_abs(I, v);
    if (is_null(mag)) return mag;
    Value ds = int_to_str(I, mag, base);
    if (is_null(ds)) return ds;
    Str *digits = as_str(ds);
    if (type == 'X')
        for (size_t i = 0; i < digits->len; i++)
            if (digits->data[i] >= 'a' && digits->data[i] <= 'f') digits->data[i] -= 32;
    char lead[8];
    size_t k = 0;
    if (sgn < 0)
        lead[k++] = '-';
    else if (f.sign == '+')
        lead[k++] = '+';
    else if (f.sign == ' ')
        lead[k++] = ' ';
    if (f.alternate && base != 10) {
        lead[k++] = '0';
        lead[k++] = type == 'b' ? 'b' : type == 'o' ? 'o' : type;
    }
    lead[k] = 0;
    int group = f.grouping ? (base == 10 ? 3 : 4) : 0;
    return render(I, &f, lead, digits->data, digits->len, "", 0, group);
}

/* ---- float ---------------------------------------------------------------------------- */

/* 'g'-style digits with CPython's add-dot-0 rule (format type '' with a precision): the
 * exponent switch happens at decpt > precision - 1, and an integer result gets ".0". */
static bool format_g_dot0(Interp *I, double x, int prec, bool alt, char *out) {
    if (prec == 0) prec = 1;
    /* all prec digits are kept (glibc prints them exactly), so size both buffers by it */
    size_t tcap = (size_t)prec + 32;
    char *tmp = mem_alloc(I, 2 * tcap);
    if (!tmp) return false;
    char *digits = tmp + tcap;
    snprintf(tmp, tcap, "%.*e", prec - 1, x);
    int n = 0;
    const char *s = tmp;
    for (; *s && *s != 'e'; s++)
        if (*s >= '0' && *s <= '9') digits[n++] = *s;
    int decpt = atoi(s + 1) + 1;
    if (!alt)
        while (n > 1 && digits[n - 1] == '0')
            n--;
    if (x == 0.0) decpt = 1;
    char *p = out;
    if (decpt <= -4 || decpt > prec - 1) {
        *p++ = digits[0];
        if (n > 1 || alt) *p++ = '.';
        memcpy(p, digits + 1, (size_t)n - 1);
        p += n - 1;
        int e = decpt - 1;
        p += sprintf(p, "e%c%02d", e < 0 ? '-' : '+', e < 0 ? -e : e);
    } else if (decpt <= 0) {
        *p++ = '0';
        *p++ = '.';
        for (int i = 0; i < -decpt; i++)
            *p++ = '0';
        memcpy(p, digits, (size_t)n);
        p += n;
    } else if (decpt >= n) {
        memcpy(p, digits, (size_t)n);
        p += n;
        for (int i = n; i < decpt; i++)
            *p++ = '0';
        *p++ = '.';
        *p++ = '0';
    } else {
        memcpy(p, digits, (size_t)decpt);
        p += decpt;
        *p++ = '.';
        memcpy(p, digits + decpt, (size_t)(n - decpt));
        p += n - decpt;
    }
    *p = 0;
    mem_free(I, tmp, 2 * tcap);
    return true;
}

Value float_format(Interp *I, double d, const char *spec, size_t speclen) {
    if (speclen == 0) return float_repr(I, d);
    FormatSpec f;
    if (!parse_spec(I, spec, speclen, "float", &f)) return V_NULL;
    char type = f.type;
    switch (type) {
    case 0:
    case 'e':
    case 'E':
    case 'f':
    case 'F':
    case 'g':
    case 'G':
    case 'n':
    case '%': break;
    default:
        return err_format(I, TY_VALUE_ERROR, "Unknown format code '%c' for object of type '%s'",
                          type, "float");
    }
    if (f.precision > 0x7fffffff) return err_format(I, TY_VALUE_ERROR, "precision too big");
    if (type == 'n') type = 'g';
    bool pct = false;
    if (type == '%') {
        type = 'f';
        d *= 100.0;
        pct = true;
    }
    int prec = (int)f.precision;
    bool neg = signbit(d) && !isnan(d);
    double x = fabs(d);
    /* the number without sign; for big precisions the buffer grows */
    size_t cap = 64 + (size_t)(prec > 0 ? prec : 0) + (type == 'f' || type == 'F' ? 320 : 0);
    char *buf = mem_alloc(I, cap);
    if (!buf) return V_NULL;
    bool upper = type == 'E' || type == 'F' || type == 'G';
    if (isnan(x) || isinf(x)) {
        strcpy(buf, isnan(x) ? (upper ? "NAN" : "nan") : (upper ? "INF" : "inf"));
    } else if (type == 0 && prec < 0) {
        float_repr_buf(x, buf);
        if (f.alternate && !strchr(buf, '.')) {
            char *e = strchr(buf, 'e');
            if (e) {
                memmove(e + 1, e, strlen(e) + 1);
                *e = '.';
            }
        }
    } else if (type == 0) {
        if (!format_g_dot0(I, x, prec, f.alternate, buf)) {
            mem_free(I, buf, cap);
            return V_NULL;
        }
    } else {
        if (prec < 0) prec = 6;
        if ((type == 'g' || type == 'G') && prec == 0) prec = 1;
        char fmt[8] = "%";
        size_t k = 1;
        if (f.alternate) fmt[k++] = '#';
        fmt[k++] = '.';
        fmt[k++] = '*';
        fmt[k++] = type;
        fmt[k] = 0;
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
        snprintf(buf, cap, fmt, prec, x);
#pragma GCC diagnostic pop
    }
    if (pct) strcat(buf, "%");
    if (neg && f.no_neg_zero && isfinite(x)) {
        /* negative zero after rounding: every digit of the mantissa is 0 */
        bool zero = true;
        for (const char *p = buf; *p && *p != 'e' && *p != 'E'; p++)
            if (*p >= '1' && *p <= '9') zero = false;
        if (zero) neg = false;
    }
    char lead[2] = {0, 0};
    if (neg)
        lead[0] = '-';
    else if (f.sign == '+')
        lead[0] = '+';
    else if (f.sign == ' ')
        lead[0] = ' ';
    size_t nd = 0;
    while (buf[nd] >= '0' && buf[nd] <= '9')
        nd++;
    Value r = render(I, &f, lead, buf, nd, buf + nd, strlen(buf + nd), f.grouping ? 3 : 0);
    mem_free(I, buf, cap);
    return r;
}
