/* print.c: str() and repr() of arrays, NumPy 2's array2string: one formatter per array
 * (IntegerFormat, BoolFormat, FloatingFormat in 'maxprec' mode with precision 8) fitted to
 * every printed element, then _formatArray's recursive layout with line wrapping at 75
 * columns and summarisation ("...") of arrays with more than 1000 elements, 3 edge items. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../vm/dict.h"
#include "../../vm/error.h"
#include "../../vm/gc.h"
#include "../../vm/number.h"
#include "../../vm/seq.h"
#include "../../vm/str.h"
#include "array.h"

/* np.set_printoptions' settings (precision, threshold, edgeitems, linewidth): NumPy's
 * defaults until the module stores others as the tuple "_printoptions" in ndarray's dict. */
typedef struct PrintOpts {
    int precision;
    int64_t threshold;
    int64_t edge;
    int64_t width;
} PrintOpts;

static PrintOpts print_opts(Interp *I) {
    PrintOpts o = {8, 1000, 3, 75};
    Str *k = str_intern_cstr(I, "_printoptions");
    Value t = k ? type_dict_get(I, I->types[TY_ARRAY], k) : V_NULL;
    if (!is_obj(t) || t.as.o->type != I->types[TY_TUPLE] || as_tuple(t)->len != 4) return o;
    Value *v = as_tuple(t)->items;
    if (is_smallint(v[0])) o.precision = (int)v[0].as.i;
    if (is_smallint(v[1])) o.threshold = v[1].as.i;
    if (is_smallint(v[2])) o.edge = v[2].as.i;
    if (is_smallint(v[3])) o.width = v[3].as.i;
    return o;
}

typedef struct Fmt {
    int dt;
    int width; /* ints and bools */
    bool exp_format;
    int pad_left, pad_right, precision, exp_size;
    bool any_finite;
} Fmt;

/* Shortest round-trip digits of x in its dtype: digits (no dot) and the exponent of the
 * first one. Returns the digit count. */
static int shortest(double x, int dt, char *digits, int *exp10) {
    if (dt == DT_FLOAT64) return float_shortest_digits(x, digits, exp10);
    x = fabs(x);
    if (x == 0) {
        strcpy(digits, "0");
        *exp10 = 0;
        return 1;
    }
    char buf[64];
    for (int p = 1; p <= 17; p++) {
        snprintf(buf, sizeof buf, "%.*e", p - 1, x);
        double y = strtod(buf, NULL);
        char tmp[8];
        arr_store_f(tmp, dt, y);
        if (arr_load_f(tmp, dt) == x) break;
    }
    int n = 0;
    char *e = strchr(buf, 'e');
    for (char *c = buf; c < e; c++)
        if (*c != '.') digits[n++] = *c;
    while (n > 1 && digits[n - 1] == '0')
        n--;
    digits[n] = 0;
    *exp10 = atoi(e + 1);
    return n;
}

/* Positional text of finite x: integer part and fraction part (no trailing zeros) for
 * unique digits cut at `precision` fractional digits. */
static void positional(double x, int dt, int precision, char *ip, char *fp) {
    char d[40];
    int e;
    int n = shortest(x, dt, d, &e);
    int nfrac = n - 1 - e; /* fractional digits of the shortest form */
    char buf[400];
    if (nfrac > precision) {
        snprintf(buf, sizeof buf, "%.*f", precision, fabs(x));
    } else {
        /* lay out the shortest digits */
        int k = 0;
        if (e < 0) {
            buf[k++] = '0';
            buf[k++] = '.';
            for (int i = 0; i < -e - 1; i++)
                buf[k++] = '0';
            for (int i = 0; i < n; i++)
                buf[k++] = d[i];
        } else {
            for (int i = 0; i <= e; i++)
                buf[k++] = i < n ? d[i] : '0';
            buf[k++] = '.';
            for (int i = e + 1; i < n; i++)
                buf[k++] = d[i];
        }
        buf[k] = 0;
    }
    char *dot = strchr(buf, '.');
    const char *sign = signbit(x) ? "-" : "";
    if (!dot) {
        sprintf(ip, "%s%s", sign, buf);
        fp[0] = 0;
        return;
    }
    *dot = 0;
    sprintf(ip, "%s%s", sign, buf);
    strcpy(fp, dot + 1);
    size_t l = strlen(fp);
    while (l > 0 && fp[l - 1] == '0')
        fp[--l] = 0;
}

/* Scientific: mantissa integer digit, fraction (trailing zeros trimmed) and exponent. */
static void scientific(double x, int dt, int precision, char *ip, char *fp, int *exp10) {
    char d[40];
    int e;
    int n = shortest(x, dt, d, &e);
    if (n - 1 > precision) {
        char buf[64];
        snprintf(buf, sizeof buf, "%.*e", precision, fabs(x));
        char *ep = strchr(buf, 'e');
        e = atoi(ep + 1);
        n = 0;
        for (char *c = buf; c < ep; c++)
            if (*c != '.') d[n++] = *c;
        while (n > 1 && d[n - 1] == '0')
            n--;
        d[n] = 0;
    }
    sprintf(ip, "%s%c", signbit(x) ? "-" : "", d[0]);
    strcpy(fp, d + 1);
    *exp10 = e;
}

static int exp_len(int e) {
    int a = abs(e), k = 0;
    do {
        k++;
        a /= 10;
    } while (a);
    return k < 2 ? 2 : k;
}

static void fmt_fit(Fmt *f, const double *vals, int64_t n, int precision) {
    f->pad_left = f->pad_right = 0;
    f->exp_format = false;
    f->precision = precision;
    f->exp_size = -1;
    f->any_finite = false;
    double maxv = 0, minv = INFINITY;
    bool nonfinite = false, neginf = false;
    for (int64_t i = 0; i < n; i++) {
        double x = vals[i];
        if (!isfinite(x)) {
            nonfinite = true;
            if (isinf(x) && x < 0) neginf = true;
            continue;
        }
        f->any_finite = true;
        double a = fabs(x);
        if (a == 0) continue;
        if (a > maxv) maxv = a;
        if (a < minv) minv = a;
    }
    double cutoff = f->dt == DT_FLOAT16    ? 1e3
                    : f->dt == DT_BFLOAT16 ? 1e2
                    : f->dt == DT_FLOAT32  ? 1e6
                                           : 1e8; /* 10**min(8, finfo.precision) */
    if (maxv > 0 && (maxv >= cutoff || minv < 0.0001 || maxv / minv > 1000.0)) f->exp_format = true;
    char ip[400], fp[400];
    if (!f->any_finite) {
        f->pad_left = f->pad_right = 0;
    } else if (f->exp_format) {
        int prec = 0, pl = 0, es = 0;
        for (int64_t i = 0; i < n; i++) {
            if (!isfinite(vals[i])) continue;
            int e;
            scientific(vals[i], f->dt, precision, ip, fp, &e);
            if ((int)strlen(fp) > prec) prec = (int)strlen(fp);
            if ((int)strlen(ip) > pl) pl = (int)strlen(ip);
            if (exp_len(e) > es) es = exp_len(e);
        }
        f->precision = prec;
        f->pad_left = pl;
        f->exp_size = es;
        f->pad_right = es + 2 + prec;
    } else {
        int pl = 0, pr = 0;
        for (int64_t i = 0; i < n; i++) {
            if (!isfinite(vals[i])) continue;
            positional(vals[i], f->dt, precision, ip, fp);
            if ((int)strlen(ip) > pl) pl = (int)strlen(ip);
            if ((int)strlen(fp) > pr) pr = (int)strlen(fp);
        }
        f->pad_left = pl;
        f->pad_right = pr;
    }
    if (nonfinite) {
        int off = f->pad_right + 1;
        if (3 - off > f->pad_left) f->pad_left = 3 - off;
        if (3 + (neginf ? 1 : 0) - off > f->pad_left) f->pad_left = 3 + neginf - off;
    }
}

static int clampn(int n) {
    return n < 0 ? 0 : n > 511 ? 511 : n;
}

static int fmt_float(const Fmt *f, double x, char *out) {
    if (!isfinite(x)) {
        const char *s = isnan(x) ? "nan" : x < 0 ? "-inf" : "inf";
        int w = f->pad_left + f->pad_right + 1 - (int)strlen(s);
        if (w < 0) w = 0;
        return clampn(snprintf(out, 512, "%*s%s", w, "", s));
    }
    char ip[400], fp[400];
    if (f->exp_format) {
        int e;
        scientific(x, f->dt, f->precision, ip, fp, &e);
        if ((int)strlen(fp) < f->precision) {
            /* Dragon4 with min_digits goes on with the exact value's digits, not zeros */
            char buf[64];
            snprintf(buf, sizeof buf, "%.*e", f->precision, fabs(x));
            char *ep = strchr(buf, 'e');
            e = atoi(ep + 1);
            *ep = 0;
            sprintf(ip, "%s%c", signbit(x) ? "-" : "", buf[0]);
            strcpy(fp, buf + 2);
        }
        return clampn(snprintf(out, 512, "%*s.%se%c%0*d", f->pad_left, ip, fp, e < 0 ? '-' : '+',
                               f->exp_size, abs(e)));
    }
    positional(x, f->dt, f->precision, ip, fp);
    return clampn(snprintf(out, 512, "%*s.%-*s", f->pad_left, ip, f->pad_right, fp));
}

static int fmt_elem(const Fmt *f, const char *p, char *out) {
    if (f->dt == DT_BOOL) return clampn(snprintf(out, 512, "%*s", f->width, *p ? "True" : "False"));
    if (dt_is_float(f->dt)) return fmt_float(f, arr_load_f(p, f->dt), out);
    if (f->dt == DT_UINT64)
        return clampn(
            snprintf(out, 512, "%*llu", f->width, (unsigned long long)arr_load_i(p, f->dt)));
    return clampn(snprintf(out, 512, "%*lld", f->width, (long long)arr_load_i(p, f->dt)));
}

/* ---- gathering the printed elements ---- */

typedef struct Printer {
    Interp *I;
    Array *a;
    bool summary;
    int64_t edge; /* edgeitems of a summary */
    Fmt fmt;
    double *vals;
    int64_t nvals, capvals;
    int64_t maxw; /* widest int text */
    StrBuf out;
    const char *sep;
    bool failed;
} Printer;

static void gather(Printer *P, int axis, const char *p) {
    Array *a = P->a;
    if (axis == a->ndim) {
        if (P->nvals == P->capvals) {
            int64_t nc = P->capvals ? P->capvals * 2 : 64;
            double *nv = mem_realloc(P->I, P->vals, sizeof(double) * (size_t)P->capvals,
                                     sizeof(double) * (size_t)nc);
            if (!nv) {
                P->failed = true;
                return;
            }
            P->vals = nv;
            P->capvals = nc;
        }
        P->vals[P->nvals++] = arr_load_f(p, a->dtype);
        if (dt_is_int(a->dtype)) {
            char b[32];
            int64_t x = arr_load_i(p, a->dtype);
            int w = a->dtype == DT_UINT64 ? snprintf(b, sizeof b, "%llu", (unsigned long long)x)
                                          : snprintf(b, sizeof b, "%lld", (long long)x);
            if (w > P->maxw) P->maxw = w;
        }
        return;
    }
    int64_t n = a->shape[axis];
    bool sum = P->summary && 2 * P->edge < n;
    for (int64_t i = 0; i < n && !P->failed; i++) {
        if (sum && i == P->edge) i = n - P->edge;
        gather(P, axis + 1, p + i * a->strides[axis]);
    }
}

/* ---- layout: NumPy's _formatArray ---- */

typedef struct Line {
    char *s;
    size_t len, cap;
} Line;

static bool ln_add(Interp *I, Line *l, const char *s, size_t n) {
    if (l->len + n + 1 > l->cap) {
        size_t nc = (l->len + n + 1) * 2;
        char *ns = mem_realloc(I, l->s, l->cap, nc);
        if (!ns) return false;
        l->s = ns;
        l->cap = nc;
    }
    memcpy(l->s + l->len, s, n);
    l->len += n;
    l->s[l->len] = 0;
    return true;
}

static void ln_free(Interp *I, Line *l) {
    if (l->s) mem_free(I, l->s, l->cap);
    l->s = NULL;
    l->len = l->cap = 0;
}

static bool extend_line(Printer *P, Line *s, Line *line, const char *word, size_t wlen,
                        int64_t width, const char *indent) {
    bool wrap = (int64_t)(line->len + wlen) > width;
    if ((int64_t)line->len <= (int64_t)strlen(indent)) wrap = false;
    if (wrap) {
        size_t l = line->len;
        while (l > 0 && line->s[l - 1] == ' ')
            l--;
        if (!ln_add(P->I, s, line->s, l) || !ln_add(P->I, s, "\n", 1)) return false;
        line->len = 0;
        if (!ln_add(P->I, line, indent, strlen(indent))) return false;
    }
    return ln_add(P->I, line, word, wlen);
}

static bool recurse(Printer *P, int axis, const char *p, const char *indent, int64_t width,
                    Line *res) {
    Interp *I = P->I;
    Array *a = P->a;
    char word[512];
    if (axis == a->ndim) {
        int n = fmt_elem(&P->fmt, p, word);
        return ln_add(I, res, word, (size_t)n);
    }
    size_t il = strlen(indent);
    char *next_indent = mem_alloc(I, il + 2);
    if (!next_indent) return false;
    memcpy(next_indent, indent, il);
    next_indent[il] = ' ';
    next_indent[il + 1] = 0;
    int64_t next_width = width - 1;
    int64_t n = a->shape[axis];
    bool sum = P->summary && 2 * P->edge < n;
    int64_t lead = sum ? P->edge : 0, trail = sum ? P->edge : n;
    int axes_left = a->ndim - axis;
    Line s = {0}, line = {0}, w = {0};
    bool ok = true;
    const char *sep = P->sep;
    size_t seplen = strlen(sep);
    size_t sep_rstrip = seplen;
    while (sep_rstrip > 0 && sep[sep_rstrip - 1] == ' ')
        sep_rstrip--;
    if (axes_left == 1) {
        int64_t elem_width = width - (int64_t)(sep_rstrip > 1 ? sep_rstrip : 1);
        ok = ln_add(I, &line, indent, il);
        for (int64_t i = 0; ok && i < lead; i++) {
            w.len = 0;
            ok = ln_add(I, &w, "", 0) &&
                 recurse(P, axis + 1, p + i * a->strides[axis], next_indent, next_width, &w) &&
                 extend_line(P, &s, &line, w.s, w.len, elem_width, indent) &&
                 ln_add(I, &line, sep, seplen);
        }
        if (ok && sum)
            ok = extend_line(P, &s, &line, "...", 3, elem_width, indent) &&
                 ln_add(I, &line, sep, seplen);
        for (int64_t i = trail; ok && i > 1; i--) {
            w.len = 0;
            ok =
                ln_add(I, &w, "", 0) &&
                recurse(P, axis + 1, p + (n - i) * a->strides[axis], next_indent, next_width, &w) &&
                extend_line(P, &s, &line, w.s, w.len, elem_width, indent) &&
                ln_add(I, &line, sep, seplen);
        }
        if (ok && n > 0) {
            w.len = 0;
            ok =
                ln_add(I, &w, "", 0) &&
                recurse(P, axis + 1, p + (n - 1) * a->strides[axis], next_indent, next_width, &w) &&
                extend_line(P, &s, &line, w.s, w.len, elem_width, indent);
        }
        if (ok) ok = ln_add(I, &s, line.s, line.len);
    } else {
        char line_sep[64];
        size_t lsl = sep_rstrip;
        memcpy(line_sep, sep, sep_rstrip);
        for (int k = 0; k < axes_left - 1 && lsl < 60; k++)
            line_sep[lsl++] = '\n';
        line_sep[lsl] = 0;
        for (int64_t i = 0; ok && i < lead; i++) {
            ok = ln_add(I, &s, indent, il) &&
                 recurse(P, axis + 1, p + i * a->strides[axis], next_indent, next_width, &s) &&
                 ln_add(I, &s, line_sep, lsl);
        }
        if (ok && sum)
            ok = ln_add(I, &s, indent, il) && ln_add(I, &s, "...", 3) &&
                 ln_add(I, &s, line_sep, lsl);
        for (int64_t i = trail; ok && i > 1; i--) {
            ok =
                ln_add(I, &s, indent, il) &&
                recurse(P, axis + 1, p + (n - i) * a->strides[axis], next_indent, next_width, &s) &&
                ln_add(I, &s, line_sep, lsl);
        }
        if (ok && n > 0)
            ok = ln_add(I, &s, indent, il) &&
                 recurse(P, axis + 1, p + (n - 1) * a->strides[axis], next_indent, next_width, &s);
    }
    if (ok) {
        ok = ln_add(I, res, "[", 1);
        if (ok && s.len >= il) ok = ln_add(I, res, s.s + il, s.len - il);
        if (ok) ok = ln_add(I, res, "]", 1);
    }
    ln_free(I, &s);
    ln_free(I, &line);
    ln_free(I, &w);
    mem_free(I, next_indent, il + 2);
    return ok;
}

/* array2string(a, separator, prefix) into res. */
static bool array2string(Interp *I, Array *a, const char *sep, const char *prefix, int64_t width,
                         Line *res) {
    Printer P = {0};
    P.I = I;
    P.a = a;
    P.sep = sep;
    PrintOpts o = print_opts(I);
    P.summary = a->size > o.threshold;
    P.edge = o.edge;
    P.fmt.dt = a->dtype;
    gather(&P, 0, a->data);
    if (P.failed) return false;
    if (a->dtype == DT_BOOL) {
        P.fmt.width = 5;
        if (a->ndim == 0)
            P.fmt.width = 0;
        else {
            bool any_false = false;
            for (int64_t i = 0; i < P.nvals; i++)
                any_false |= P.vals[i] == 0;
            (void)any_false;
        }
    } else if (dt_is_int(a->dtype)) {
        P.fmt.width = (int)P.maxw;
    } else {
        fmt_fit(&P.fmt, P.vals, P.nvals, o.precision);
    }
    if (P.vals) mem_free(I, P.vals, sizeof(double) * (size_t)P.capvals);
    char indent[32];
    snprintf(indent, sizeof indent, " %*s", (int)strlen(prefix), "");
    return recurse(&P, 0, a->data, indent, width, res);
}

static void shape_text(char *buf, size_t n, Array *a) {
    size_t k = (size_t)snprintf(buf, n, "(");
    for (int i = 0; i < a->ndim && k < n; i++)
        k += (size_t)snprintf(buf + k, n - k, i ? ", %lld" : "%lld", (long long)a->shape[i]);
    if (k < n) snprintf(buf + k, n - k, a->ndim == 1 ? ",)" : ")");
}

/* Printing reads the host mirror: bring it up to date here, where a failure (a device fault,
 * the kernel watchdog) can still be raised, rather than in as_array, which cannot report one
 * and would let the error surface at a later, unrelated line. */
Value arr_repr(Interp *I, Value self) {
    Array *a = arr_raw(self);
    if (arr_host(I, a) < 0) return V_NULL;
    PrintOpts o = print_opts(I);
    Line l = {0};
    bool ok = ln_add(I, &l, "array(", 6);
    if (ok && a->size == 0 && a->ndim > 0)
        ok = ln_add(I, &l, "[]", 2);
    else if (ok)
        ok = array2string(I, a, ", ", "array(", o.width - 1, &l);
    char extra[300];
    size_t k = 0;
    extra[0] = 0;
    bool is0 = a->size == 0 && !(a->ndim == 1);
    if (is0 || a->size > o.threshold) {
        char s[200];
        shape_text(s, sizeof s, a);
        k += (size_t)snprintf(extra + k, sizeof extra - k, "shape=%s", s);
    }
    bool implied = a->dtype == DT_FLOAT64 || a->dtype == DT_INT64 || a->dtype == DT_BOOL;
    if (!implied || a->size == 0)
        k += (size_t)snprintf(extra + k, sizeof extra - k, "%sdtype=%s", k ? ", " : "",
                              arr_dtypes[a->dtype].name);
    if (ok && k) {
        ok = ln_add(I, &l, ",", 1);
        size_t nl = 0;
        for (size_t i = 0; i < l.len; i++)
            if (l.s[i] == '\n') nl = i + 1;
        size_t last = l.len - nl;
        if (ok)
            ok = ((int64_t)(last + k + 2) > o.width) ? ln_add(I, &l, "\n      ", 7)
                                                     : ln_add(I, &l, " ", 1);
        if (ok) ok = ln_add(I, &l, extra, k);
    }
    if (ok) ok = ln_add(I, &l, ")", 1);
    Str *s = ok ? str_new(I, l.s, l.len) : NULL;
    ln_free(I, &l);
    if (!ok && !err_occurred(I)) err_nomem(I);
    return s ? v_obj(s) : V_NULL;
}

void arr_scalar_text(char *buf, size_t n, const char *p, int dt) {
    if (dt == DT_BOOL) {
        snprintf(buf, n, "%s", *p ? "True" : "False");
        return;
    }
    if (dt_is_int(dt)) {
        if (dt == DT_UINT64)
            snprintf(buf, n, "%llu", (unsigned long long)arr_load_i(p, dt));
        else
            snprintf(buf, n, "%lld", (long long)arr_load_i(p, dt));
        return;
    }
    double x = arr_load_f(p, dt);
    if (!isfinite(x)) {
        snprintf(buf, n, "%s", x != x ? "nan" : x > 0 ? "inf" : "-inf");
        return;
    }
    /* NumPy's scalar format: positional inside [1e-4, cutoff), the cutoff by precision */
    double cutoff = dt == DT_FLOAT64 ? 1e16 : dt == DT_FLOAT32 ? 1e6 : 1e3;
    char d[40];
    int e, nd = shortest(x, dt, d, &e);
    double ax = fabs(x);
    const char *sign = signbit(x) ? "-" : "";
    size_t k = 0;
    if (ax == 0 || (ax >= 1e-4 && ax < cutoff)) {
        k += (size_t)snprintf(buf + k, n - k, "%s", sign);
        if (ax == 0) {
            snprintf(buf + k, n - k, "0.0");
            return;
        }
        if (e < 0) {
            k += (size_t)snprintf(buf + k, n - k, "0.");
            for (int i = 0; i < -e - 1 && k + 1 < n; i++)
                buf[k++] = '0';
            snprintf(buf + k, n - k, "%s", d);
            return;
        }
        for (int i = 0; i <= e && k + 1 < n; i++)
            buf[k++] = i < nd ? d[i] : '0';
        buf[k++] = '.';
        if (nd > e + 1)
            snprintf(buf + k, n - k, "%s", d + e + 1);
        else
            snprintf(buf + k, n - k, "0");
        return;
    }
    k += (size_t)snprintf(buf + k, n - k, "%s%c", sign, d[0]);
    if (nd > 1) k += (size_t)snprintf(buf + k, n - k, ".%s", d + 1);
    snprintf(buf + k, n - k, "e%c%02d", e < 0 ? '-' : '+', e < 0 ? -e : e);
}

/* The str of a 0-d array: the scalar's own text. */
static Value scalar_str(Interp *I, Array *a) {
    char buf[64];
    arr_scalar_text(buf, sizeof buf, a->data, a->dtype);
    Str *s = str_from_cstr(I, buf);
    return s ? v_obj(s) : V_NULL;
}

Value arr_str(Interp *I, Value self) {
    Array *a = arr_raw(self);
    if (arr_host(I, a) < 0) return V_NULL;
    if (a->ndim == 0) return scalar_str(I, a);
    if (a->size == 0) {
        /* NumPy prints the nested brackets of the shape */
        return v_obj(str_from_cstr(I, "[]"));
    }
    Line l = {0};
    bool ok = array2string(I, a, " ", "", print_opts(I).width, &l);
    Str *s = ok ? str_new(I, l.s, l.len) : NULL;
    ln_free(I, &l);
    if (!ok && !err_occurred(I)) err_nomem(I);
    return s ? v_obj(s) : V_NULL;
}
