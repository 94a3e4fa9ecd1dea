/* str_methods.c: the methods of str (str.split, str.find, str.upper, ...), with CPython's
 * semantics and error messages.
 *
 * Searching works on UTF-8 bytes (a code point sequence matches exactly where its bytes do)
 * and converts to code point indices only at the edges, so ASCII text pays nothing. Case
 * mapping and character classes come from unicode.c, whose coverage of non-ASCII scripts is
 * described there. Every method takes self in argv[0]. */
#include <string.h>

#include "dict.h"
#include "error.h"
#include "gc.h"
#include "number.h"
#include "seq.h"
#include "str.h"

#define SELF as_str(argv[0])

static Value str_value(Str *s) {
    return s ? v_obj(s) : V_NULL;
}

static Value empty(Interp *I) {
    return str_value(I->empty_str ? I->empty_str : str_new(I, "", 0));
}

/* Argument count checks in the two styles CPython's methods use. */
static bool args_clinic(Interp *I, const char *name, int argc, Tuple *kw, int min, int max) {
    int n = argc - 1;
    if (kw && kw->len) {
        err_format(I, TY_TYPE_ERROR, "str.%s() takes no keyword arguments", name);
        return false;
    }
    if (n < min) {
        if (min == max && min == 1)
            err_format(I, TY_TYPE_ERROR, "str.%s() takes exactly one argument (%d given)", name, n);
        else
            err_format(I, TY_TYPE_ERROR, "%s expected at least %d argument%s, got %d", name, min,
                       min == 1 ? "" : "s", n);
        return false;
    }
    if (n > max) {
        if (max == 0)
            err_format(I, TY_TYPE_ERROR, "str.%s() takes no arguments (%d given)", name, n);
        else if (min == max && min == 1)
            err_format(I, TY_TYPE_ERROR, "str.%s() takes exactly one argument (%d given)", name, n);
        else
            err_format(I, TY_TYPE_ERROR, "%s expected at most %d argument%s, got %d", name, max,
                       max == 1 ? "" : "s", n);
        return false;
    }
    return true;
}

static bool args_tuple(Interp *I, const char *name, int argc, Tuple *kw, int min, int max) {
    int n = argc - 1;
    if (kw && kw->len) {
        err_format(I, TY_TYPE_ERROR, "str.%s() takes no keyword arguments", name);
        return false;
    }
    if (n < min || n > max) {
        err_format(I, TY_TYPE_ERROR, "%s() takes at %s %d argument%s (%d given)", name,
                   n < min ? "least" : "most", n < min ? min : max,
                   (n < min ? min : max) == 1 ? "" : "s", n);
        return false;
    }
    return true;
}

static Str *need_str(Interp *I, Value v, const char *fmt_prefix) {
    if (is_str(I, v)) return as_str(v);
    if (fmt_prefix)
        err_format(I, TY_TYPE_ERROR, "%s must be str, not %s", fmt_prefix, type_name(I, v));
    else
        err_format(I, TY_TYPE_ERROR, "must be str, not %s", type_name(I, v));
    return NULL;
}

static bool get_int(Interp *I, Value v, int64_t *out) {
    return obj_index(I, v, out) == 0;
}

/* Optional start/end as CPython's find family takes them (None allowed, clamped), turned
 * into a byte range of s. *cstart receives the code point index of the start. */
static bool get_range(Interp *I, Str *s, int argc, Value *argv, int first, size_t *b0, size_t *b1,
                      int64_t *cstart, int64_t *cend) {
    int64_t n = (int64_t)s->nchars, st = 0, en = n;
    for (int k = 0; k < 2; k++) {
        if (first + k >= argc || is_none(argv[first + k])) continue;
        Value v = argv[first + k];
        int64_t x;
        if (!is_int(I, v) && !is_bool(v) && !type_of(I, v)->slots.index) {
            err_format(I, TY_TYPE_ERROR,
                       "slice indices must be integers or None or have an __index__ method");
            return false;
        }
        if (obj_index(I, v, &x) < 0) {
            if (!err_matches(I, TY_OVERFLOW_ERROR)) return false;
            err_clear(I);
            x = int_sign(I, v) < 0 ? INT64_MIN / 2 : INT64_MAX / 2;
        }
        if (k == 0)
            st = x;
        else
            en = x;
    }
    if (en > n)
        en = n;
    else if (en < 0) {
        en += n;
        if (en < 0) en = 0;
    }
    if (st < 0) {
        st += n;
        if (st < 0) st = 0;
    }
    *cstart = st;
    *cend = en;
    if (st > en) {
        *b0 = *b1 = 0;
        return true;
    }
    *b0 = str_byte_offset(s, (size_t)st);
    *b1 = str_byte_offset(s, (size_t)en);
    return true;
}

static int64_t cp_index(Str *s, size_t byte_off) {
    return s->ascii ? (int64_t)byte_off : (int64_t)utf8_count(s->data, byte_off);
}

/* Reverse search: last byte offset of needle in hay, or -1. */
static int64_t rfind_bytes(const char *hay, size_t hlen, const char *nd, size_t nlen) {
    if (nlen > hlen) return -1;
    if (nlen == 0) return (int64_t)hlen;
    for (size_t i = hlen - nlen + 1; i-- > 0;)
        if (hay[i] == nd[0] && memcmp(hay + i, nd, nlen) == 0) return (int64_t)i;
    return -1;
}

/* find, rfind, index, rindex */
static Value find_impl(Interp *I, int argc, Value *argv, Tuple *kw, const char *name, bool reverse,
                       bool raise) {
    if (!args_tuple(I, name, argc, kw, 1, 3)) return V_NULL;
    Str *s = SELF, *sub = need_str(I, argv[1], NULL);
    if (!sub) return V_NULL;
    size_t b0, b1;
    int64_t cs, ce;
    if (!get_range(I, s, argc, argv, 2, &b0, &b1, &cs, &ce)) return V_NULL;
    int64_t r = -1;
    if (cs <= ce) {
        int64_t off = reverse ? rfind_bytes(s->data + b0, b1 - b0, sub->data, sub->len)
                              : str_find_bytes(s->data + b0, b1 - b0, sub->data, sub->len);
        if (off >= 0) r = cp_index(s, b0 + (size_t)off);
    }
    if (r < 0 && raise) return err_format(I, TY_VALUE_ERROR, "substring not found");
    return v_int(r);
}

static Value m_find(Interp *I, int argc, Value *argv, Tuple *kw) {
    return find_impl(I, argc, argv, kw, "find", false, false);
}
static Value m_rfind(Interp *I, int argc, Value *argv, Tuple *kw) {
    return find_impl(I, argc, argv, kw, "rfind", true, false);
}
static Value m_index(Interp *I, int argc, Value *argv, Tuple *kw) {
    return find_impl(I, argc, argv, kw, "index", false, true);
}
static Value m_rindex(Interp *I, int argc, Value *argv, Tuple *kw) {
    return find_impl(I, argc, argv, kw, "rindex", true, true);
}

static Value m_count(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!args_tuple(I, "count", argc, kw, 1, 3)) return V_NULL;
    Str *s = SELF, *sub = need_str(I, argv[1], NULL);
    if (!sub) return V_NULL;
    size_t b0, b1;
    int64_t cs, ce;
    if (!get_range(I, s, argc, argv, 2, &b0, &b1, &cs, &ce)) return V_NULL;
    if (cs > ce) return v_int(0);
    if (sub->len == 0) return v_int(ce - cs + 1);
    int64_t n = 0;
    size_t pos = b0;
    for (;;) {
        int64_t off = str_find_bytes(s->data + pos, b1 - pos, sub->data, sub->len);
        if (off < 0) break;
        n++;
        pos += (size_t)off + sub->len;
    }
    return v_int(n);
}

static Value starts_ends(Interp *I, int argc, Value *argv, Tuple *kw, const char *name, bool ends) {
    if (!args_tuple(I, name, argc, kw, 1, 3)) return V_NULL;
    Str *s = SELF;
    size_t b0, b1;
    int64_t cs, ce;
    if (!get_range(I, s, argc, argv, 2, &b0, &b1, &cs, &ce)) return V_NULL;
    Value arg = argv[1];
    const Value *cands = &arg;
    size_t nc = 1;
    bool tuple = is_obj(arg) && type_is_subtype(type_of(I, arg), I->types[TY_TUPLE]);
    if (tuple) {
        cands = as_tuple(arg)->items;
        nc = as_tuple(arg)->len;
    } else if (!is_str(I, arg))
        return err_format(I, TY_TYPE_ERROR, "%s first arg must be str or a tuple of str, not %s",
                          name, type_name(I, arg));
    for (size_t k = 0; k < nc; k++) {
        if (!is_str(I, cands[k]))
            return err_format(I, TY_TYPE_ERROR, "tuple for %s must only contain str, not %s", name,
                              type_name(I, cands[k]));
        Str *p = as_str(cands[k]);
        if (cs > ce || (cs > (int64_t)s->nchars)) continue;
        size_t span = b1 - b0;
        if (p->len > span) continue;
        const char *at = ends ? s->data + b1 - p->len : s->data + b0;
        if (memcmp(at, p->data, p->len) == 0) return V_TRUE;
    }
    return V_FALSE;
}

static Value m_startswith(Interp *I, int argc, Value *argv, Tuple *kw) {
    return starts_ends(I, argc, argv, kw, "startswith", false);
}
static Value m_endswith(Interp *I, int argc, Value *argv, Tuple *kw) {
    return starts_ends(I, argc, argv, kw, "endswith", true);
}

/* ---- case mapping ------------------------------------------------------------------- */

/* The code points of s, for the transformations that look around a character. */
static uint32_t *decode_all(Interp *I, Str *s) {
    uint32_t *cps = mem_alloc(I, (s->nchars + 1) * sizeof(uint32_t));
    if (!cps) return NULL;
    size_t pos = 0;
    for (size_t k = 0; k < s->nchars; k++)
        cps[k] = utf8_decode(s->data, &pos);
    return cps;
}

static void append_cp(Interp *I, StrBuf *b, uint32_t cp) {
    char buf[4];
    sb_append(I, b, buf, (size_t)utf8_encode(cp, buf));
}

/* Capital sigma lowercases to final sigma at the end of a word (Unicode's Final_Sigma). */
static uint32_t lower_sigma(const uint32_t *cps, size_t n, size_t i) {
    size_t j = i;
    bool before = false, after = false;
    while (j > 0) {
        uint32_t c = cps[--j];
        if (uni_iscase_ignorable(c)) continue;
        before = uni_iscased(c);
        break;
    }
    for (j = i + 1; j < n; j++) {
        if (uni_iscase_ignorable(cps[j])) continue;
        after = uni_iscased(cps[j]);
        break;
    }
    return before && !after ? 0x3C2 : 0x3C3;
}

static void append_lower(Interp *I, StrBuf *b, const uint32_t *cps, size_t n, size_t i) {
    if (cps[i] == 0x3A3) {
        append_cp(I, b, lower_sigma(cps, n, i));
        return;
    }
    uint32_t out[3];
    int k = uni_full_lower(cps[i], out);
    for (int j = 0; j < k; j++)
        append_cp(I, b, out[j]);
}

static void append_full(Interp *I, StrBuf *b, uint32_t cp, int (*fn)(uint32_t, uint32_t *)) {
    uint32_t out[3];
    int k = fn(cp, out);
    for (int j = 0; j < k; j++)
        append_cp(I, b, out[j]);
}

enum { CASE_LOWER, CASE_UPPER, CASE_SWAP, CASE_TITLE, CASE_CAPITALIZE, CASE_FOLD };

static Value case_map(Interp *I, int argc, Value *argv, Tuple *kw, const char *name, int mode) {
    if (!args_clinic(I, name, argc, kw, 0, 0)) return V_NULL;
    Str *s = SELF;
    if (s->ascii) {
        Str *r = str_alloc(I, I->types[TY_STR], s->len);
        if (!r) return V_NULL;
        bool prev_cased = false;
        for (size_t i = 0; i < s->len; i++) {
            char c = s->data[i];
            bool up = c >= 'A' && c <= 'Z', lo = c >= 'a' && c <= 'z';
            bool to_up;
            switch (mode) {
            case CASE_UPPER: to_up = true; break;
            case CASE_SWAP: to_up = lo; break;
            case CASE_TITLE: to_up = !prev_cased; break;
            case CASE_CAPITALIZE: to_up = i == 0; break;
            default: to_up = false;
            }
            if (to_up && lo)
                c = (char)(c - 32);
            else if (!to_up && up)
                c = (char)(c + 32);
            r->data[i] = c;
            prev_cased = up || lo;
        }
        r->nchars = s->len;
        r->ascii = true;
        return v_obj(r);
    }
    uint32_t *cps = decode_all(I, s);
    if (!cps) return V_NULL;
    size_t n = s->nchars;
    StrBuf b;
    sb_init(&b);
    bool prev_cased = false;
    for (size_t i = 0; i < n; i++) {
        uint32_t c = cps[i];
        switch (mode) {
        case CASE_LOWER: append_lower(I, &b, cps, n, i); break;
        case CASE_UPPER: append_full(I, &b, c, uni_full_upper); break;
        case CASE_FOLD: append_full(I, &b, c, uni_full_fold); break;
        case CASE_SWAP:
            if (uni_isupper(c))
                append_lower(I, &b, cps, n, i);
            else if (uni_islower(c))
                append_full(I, &b, c, uni_full_upper);
            else
                append_cp(I, &b, c);
            break;
        case CASE_TITLE:
            if (prev_cased)
                append_lower(I, &b, cps, n, i);
            else
                append_full(I, &b, c, uni_full_title);
            prev_cased = uni_iscased(c);
            break;
        case CASE_CAPITALIZE:
            if (i == 0)
                append_full(I, &b, c, uni_full_title);
            else
                append_lower(I, &b, cps, n, i);
            break;
        }
    }
    mem_free(I, cps, (n + 1) * sizeof(uint32_t));
    return str_value(sb_finish(I, &b));
}

static Value m_lower(Interp *I, int argc, Value *argv, Tuple *kw) {
    return case_map(I, argc, argv, kw, "lower", CASE_LOWER);
}
static Value m_upper(Interp *I, int argc, Value *argv, Tuple *kw) {
    return case_map(I, argc, argv, kw, "upper", CASE_UPPER);
}
static Value m_swapcase(Interp *I, int argc, Value *argv, Tuple *kw) {
    return case_map(I, argc, argv, kw, "swapcase", CASE_SWAP);
}
static Value m_title(Interp *I, int argc, Value *argv, Tuple *kw) {
    return case_map(I, argc, argv, kw, "title", CASE_TITLE);
}
static Value m_capitalize(Interp *I, int argc, Value *argv, Tuple *kw) {
    return case_map(I, argc, argv, kw, "capitalize", CASE_CAPITALIZE);
}
static Value m_casefold(Interp *I, int argc, Value *argv, Tuple *kw) {
    return case_map(I, argc, argv, kw, "casefold", CASE_FOLD);
}

/* ---- predicates ------------------------------------------------------------------- */

typedef bool (*CharClass)(uint32_t);

static Value all_of(Interp *I, int argc, Value *argv, Tuple *kw, const char *name, CharClass f,
                    bool empty_result) {
    if (!args_clinic(I, name, argc, kw, 0, 0)) return V_NULL;
    Str *s = SELF;
    if (s->len == 0) return v_bool(empty_result);
    size_t pos = 0;
    while (pos < s->len)
        if (!f(utf8_decode(s->data, &pos))) return V_FALSE;
    return V_TRUE;
}

static bool is_ascii_cp(uint32_t c) {
    return c < 0x80;
}

#define PREDICATE(fn, name, cls, empty_result)                                                     \
    static Value fn(Interp *I, int argc, Value *argv, Tuple *kw) {                                 \
        return all_of(I, argc, argv, kw, name, cls, empty_result);                                 \
    }
PREDICATE(m_isalnum, "isalnum", uni_isalnum, false)
PREDICATE(m_isalpha, "isalpha", uni_isalpha, false)
PREDICATE(m_isdecimal, "isdecimal", uni_isdecimal, false)
PREDICATE(m_isdigit, "isdigit", uni_isdigit, false)
PREDICATE(m_isnumeric, "isnumeric", uni_isnumeric, false)
PREDICATE(m_isspace, "isspace", uni_isspace, false)
PREDICATE(m_isprintable, "isprintable", uni_isprintable, true)
PREDICATE(m_isascii, "isascii", is_ascii_cp, true)

static Value cased_check(Interp *I, int argc, Value *argv, Tuple *kw, const char *name,
                         bool want_upper) {
    if (!args_clinic(I, name, argc, kw, 0, 0)) return V_NULL;
    Str *s = SELF;
    bool cased = false;
    size_t pos = 0;
    while (pos < s->len) {
        uint32_t c = utf8_decode(s->data, &pos);
        bool up = uni_isupper(c), lo = uni_islower(c);
        if (uni_istitle(c) || (want_upper ? lo : up)) return V_FALSE;
        if (want_upper ? up : lo) cased = true;
    }
    return v_bool(cased);
}

static Value m_islower(Interp *I, int argc, Value *argv, Tuple *kw) {
    return cased_check(I, argc, argv, kw, "islower", false);
}
static Value m_isupper(Interp *I, int argc, Value *argv, Tuple *kw) {
    return cased_check(I, argc, argv, kw, "isupper", true);
}

static Value m_istitle(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!args_clinic(I, "istitle", argc, kw, 0, 0)) return V_NULL;
    Str *s = SELF;
    bool cased = false, prev = false;
    size_t pos = 0;
    while (pos < s->len) {
        uint32_t c = utf8_decode(s->data, &pos);
        if (uni_isupper(c) || uni_istitle(c)) {
            if (prev) return V_FALSE;
            prev = cased = true;
        } else if (uni_islower(c)) {
            if (!prev) return V_FALSE;
            prev = cased = true;
        } else
            prev = false;
    }
    return v_bool(cased);
}

static Value m_isidentifier(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!args_clinic(I, "isidentifier", argc, kw, 0, 0)) return V_NULL;
    Str *s = SELF;
    if (s->len == 0) return V_FALSE;
    size_t pos = 0;
    if (!uni_isid_start(utf8_decode(s->data, &pos))) return V_FALSE;
    while (pos < s->len)
        if (!uni_isid_continue(utf8_decode(s->data, &pos))) return V_FALSE;
    return V_TRUE;
}

/* ---- padding ------------------------------------------------------------------------ */

static bool get_fill(Interp *I, int argc, Value *argv, int at, const char *name, char *fb,
                     size_t *fn) {
    fb[0] = ' ';
    *fn = 1;
    if (argc <= at) return true;
    Value f = argv[at];
    if (!is_str(I, f)) {
        err_format(I, TY_TYPE_ERROR, "The fill character must be a unicode character, not %s",
                   type_name(I, f));
        return false;
    }
    if (as_str(f)->nchars != 1) {
        err_format(I, TY_TYPE_ERROR, "The fill character must be exactly one character long");
        return false;
    }
    *fn = as_str(f)->len;
    memcpy(fb, as_str(f)->data, *fn);
    return true;
}

static Value pad(Interp *I, Str *s, int64_t left, int64_t right, const char *fb, size_t fn) {
    if (left < 0) left = 0;
    if (right < 0) right = 0;
    if (left == 0 && right == 0 && s->hdr.type == I->types[TY_STR]) return v_obj(s);
    size_t total = s->len + (size_t)(left + right) * fn;
    Str *r = str_alloc(I, I->types[TY_STR], total);
    if (!r) return V_NULL;
    char *p = r->data;
    for (int64_t k = 0; k < left; k++, p += fn)
        memcpy(p, fb, fn);
    memcpy(p, s->data, s->len);
    p += s->len;
    for (int64_t k = 0; k < right; k++, p += fn)
        memcpy(p, fb, fn);
    r->nchars = s->nchars + (size_t)(left + right);
    r->ascii = r->nchars == total;
    return v_obj(r);
}

static Value justify(Interp *I, int argc, Value *argv, Tuple *kw, const char *name, int how) {
    if (!args_clinic(I, name, argc, kw, 1, 2)) return V_NULL;
    int64_t width;
    if (!get_int(I, argv[1], &width)) return V_NULL;
    char fb[4];
    size_t fn;
    if (!get_fill(I, argc, argv, 2, name, fb, &fn)) return V_NULL;
    Str *s = SELF;
    int64_t extra = width - (int64_t)s->nchars;
    if (extra <= 0) return pad(I, s, 0, 0, fb, fn);
    if (how < 0) return pad(I, s, 0, extra, fb, fn);
    if (how > 0) return pad(I, s, extra, 0, fb, fn);
    int64_t left = extra / 2 + (extra & width & 1);
    return pad(I, s, left, extra - left, fb, fn);
}

static Value m_ljust(Interp *I, int argc, Value *argv, Tuple *kw) {
    return justify(I, argc, argv, kw, "ljust", -1);
}
static Value m_rjust(Interp *I, int argc, Value *argv, Tuple *kw) {
    return justify(I, argc, argv, kw, "rjust", 1);
}
static Value m_center(Interp *I, int argc, Value *argv, Tuple *kw) {
    return justify(I, argc, argv, kw, "center", 0);
}

static Value m_zfill(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!args_clinic(I, "zfill", argc, kw, 1, 1)) return V_NULL;
    int64_t width;
    if (!get_int(I, argv[1], &width)) return V_NULL;
    Str *s = SELF;
    int64_t fill = width - (int64_t)s->nchars;
    Value r = pad(I, s, fill, 0, "0", 1);
    if (is_null(r) || fill <= 0) return r;
    Str *t = as_str(r);
    if (s->len && (s->data[0] == '+' || s->data[0] == '-')) {
        t->data[0] = s->data[0];
        t->data[fill] = '0';
    }
    return r;
}

static Value m_expandtabs(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"tabsize"};
    Value a[1];
    if (!arg_parse(I, "expandtabs", argc - 1, argv + 1, kw, names, 1, 0, 1, a)) return V_NULL;
    int64_t tab = 8;
    if (!is_null(a[0]) && !get_int(I, a[0], &tab)) return V_NULL;
    if (tab > INT32_MAX || tab < INT32_MIN) /* a C int in CPython */
        return err_format(I, TY_OVERFLOW_ERROR, "Python int too large to convert to C int");
    Str *s = SELF;
    StrBuf b;
    sb_init(&b);
    int64_t col = 0;
    size_t pos = 0;
    while (pos < s->len) {
        size_t p0 = pos;
        uint32_t c = utf8_decode(s->data, &pos);
        if (c == '\t') {
            if (tab > 0) {
                int64_t n = tab - col % tab;
                sb_append_repeat(I, &b, " ", 1, (size_t)n);
                col += n;
            }
        } else {
            sb_append(I, &b, s->data + p0, pos - p0);
            col = (c == '\n' || c == '\r') ? 0 : col + 1;
        }
        if (b.failed) break;
    }
    return str_value(sb_finish(I, &b));
}

/* ---- strip ---------------------------------------------------------------------------- */

static bool in_chars(Str *chars, uint32_t c) {
    if (!chars) return uni_isspace(c);
    size_t pos = 0;
    while (pos < chars->len)
        if (utf8_decode(chars->data, &pos) == c) return true;
    return false;
}

static Value strip_impl(Interp *I, int argc, Value *argv, Tuple *kw, const char *name, bool left,
                        bool right) {
    if (!args_clinic(I, name, argc, kw, 0, 1)) return V_NULL;
    Str *chars = NULL;
    if (argc > 1 && !is_none(argv[1])) {
        if (!is_str(I, argv[1]))
            return err_format(I, TY_TYPE_ERROR, "%s arg must be None or str", name);
        chars = as_str(argv[1]);
    }
    Str *s = SELF;
    size_t b0 = 0, b1 = s->len;
    if (left)
        while (b0 < b1) {
            size_t p = b0;
            if (!in_chars(chars, utf8_decode(s->data, &p))) break;
            b0 = p;
        }
    if (right)
        while (b1 > b0) {
            size_t p = b1 - 1;
            while (p > b0 && ((unsigned char)s->data[p] & 0xC0) == 0x80)
                p--;
            size_t q = p;
            if (!in_chars(chars, utf8_decode(s->data, &q))) break;
            b1 = p;
        }
    if (b0 == 0 && b1 == s->len && s->hdr.type == I->types[TY_STR]) return v_obj(s);
    return str_value(str_new(I, s->data + b0, b1 - b0));
}

static Value m_strip(Interp *I, int argc, Value *argv, Tuple *kw) {
    return strip_impl(I, argc, argv, kw, "strip", true, true);
}
static Value m_lstrip(Interp *I, int argc, Value *argv, Tuple *kw) {
    return strip_impl(I, argc, argv, kw, "lstrip", true, false);
}
static Value m_rstrip(Interp *I, int argc, Value *argv, Tuple *kw) {
    return strip_impl(I, argc, argv, kw, "rstrip", false, true);
}

static Value remove_affix(Interp *I, int argc, Value *argv, Tuple *kw, const char *name,
                          bool suffix) {
    if (!args_clinic(I, name, argc, kw, 1, 1)) return V_NULL;
    if (!is_str(I, argv[1]))
        return err_format(I, TY_TYPE_ERROR, "%s() argument must be str, not %s", name,
                          type_name(I, argv[1]));
    Str *s = SELF, *a = as_str(argv[1]);
    if (a->len && a->len <= s->len &&
        memcmp(suffix ? s->data + s->len - a->len : s->data, a->data, a->len) == 0)
        return str_value(str_new_known(I, suffix ? s->data : s->data + a->len, s->len - a->len,
                                       s->nchars - a->nchars));
    if (s->hdr.type == I->types[TY_STR]) return v_obj(s);
    return str_value(str_new_known(I, s->data, s->len, s->nchars));
}

static Value m_removeprefix(Interp *I, int argc, Value *argv, Tuple *kw) {
    return remove_affix(I, argc, argv, kw, "removeprefix", false);
}
static Value m_removesuffix(Interp *I, int argc, Value *argv, Tuple *kw) {
    return remove_affix(I, argc, argv, kw, "removesuffix", true);
}

/* ---- split and friends ----------------------------------------------------------- */

static bool push_piece(Interp *I, List *l, const char *p, size_t n) {
    Str *s = str_new(I, p, n);
    return s && list_append(I, l, v_obj(s));
}

static bool split_args(Interp *I, const char *name, int argc, Value *argv, Tuple *kw, Str **sep,
                       int64_t *maxsplit) {
    static const char *const names[] = {"sep", "maxsplit"};
    Value a[2];
    if (!arg_parse(I, name, argc - 1, argv + 1, kw, names, 2, 0, 2, a)) return false;
    *sep = NULL;
    *maxsplit = -1;
    if (!is_null(a[0]) && !is_none(a[0])) {
        if (!is_str(I, a[0])) {
            err_format(I, TY_TYPE_ERROR, "must be str or None, not %s", type_name(I, a[0]));
            return false;
        }
        *sep = as_str(a[0]);
        if ((*sep)->len == 0) {
            err_format(I, TY_VALUE_ERROR, "empty separator");
            return false;
        }
    }
    if (!is_null(a[1]) && !get_int(I, a[1], maxsplit)) return false;
    if (*maxsplit < 0) *maxsplit = INT64_MAX;
    return true;
}

static bool is_space_at(Str *s, size_t pos, size_t *next) {
    *next = pos;
    return uni_isspace(utf8_decode(s->data, next));
}

static Value m_split(Interp *I, int argc, Value *argv, Tuple *kw) {
    Str *s = SELF, *sep;
    int64_t maxsplit;
    if (!split_args(I, "split", argc, argv, kw, &sep, &maxsplit)) return V_NULL;
    List *l = list_new(I, 0);
    if (!l) return V_NULL;
    size_t i = 0, n = s->len, nx;
    if (!sep) {
        while (maxsplit-- > 0) {
            while (i < n && is_space_at(s, i, &nx))
                i = nx;
            if (i == n) break;
            size_t j = i;
            while (i < n && !is_space_at(s, i, &nx))
                i = nx;
            if (!push_piece(I, l, s->data + j, i - j)) return V_NULL;
        }
        if (i < n) {
            while (i < n && is_space_at(s, i, &nx))
                i = nx;
            if (i < n && !push_piece(I, l, s->data + i, n - i)) return V_NULL;
        }
        return v_obj(l);
    }
    while (maxsplit-- > 0) {
        int64_t off = str_find_bytes(s->data + i, n - i, sep->data, sep->len);
        if (off < 0) break;
        if (!push_piece(I, l, s->data + i, (size_t)off)) return V_NULL;
        i += (size_t)off + sep->len;
    }
    if (!push_piece(I, l, s->data + i, n - i)) return V_NULL;
    return v_obj(l);
}

static bool list_reverse_inplace(List *l) {
    for (size_t a = 0, b = l->len; a + 1 < b; a++, b--) {
        Value t = l->items[a];
        l->items[a] = l->items[b - 1];
        l->items[b - 1] = t;
    }
    return true;
}

/* The start of the code point that ends right before byte offset `end`. */
static size_t prev_cp(Str *s, size_t end) {
    size_t p = end - 1;
    while (p > 0 && ((unsigned char)s->data[p] & 0xC0) == 0x80)
        p--;
    return p;
}

static Value m_rsplit(Interp *I, int argc, Value *argv, Tuple *kw) {
    Str *s = SELF, *sep;
    int64_t maxsplit;
    if (!split_args(I, "rsplit", argc, argv, kw, &sep, &maxsplit)) return V_NULL;
    List *l = list_new(I, 0);
    if (!l) return V_NULL;
    size_t j = s->len, nx;
    if (!sep) {
        while (maxsplit-- > 0) {
            while (j > 0 && is_space_at(s, prev_cp(s, j), &nx))
                j = prev_cp(s, j);
            if (j == 0) break;
            size_t e = j;
            while (j > 0 && !is_space_at(s, prev_cp(s, j), &nx))
                j = prev_cp(s, j);
            if (!push_piece(I, l, s->data + j, e - j)) return V_NULL;
        }
        if (j > 0) {
            while (j > 0 && is_space_at(s, prev_cp(s, j), &nx))
                j = prev_cp(s, j);
            if (j > 0 && !push_piece(I, l, s->data, j)) return V_NULL;
        }
        list_reverse_inplace(l);
        return v_obj(l);
    }
    while (maxsplit-- > 0) {
        int64_t off = rfind_bytes(s->data, j, sep->data, sep->len);
        if (off < 0) break;
        size_t e = (size_t)off + sep->len;
        if (!push_piece(I, l, s->data + e, j - e)) return V_NULL;
        j = (size_t)off;
    }
    if (!push_piece(I, l, s->data, j)) return V_NULL;
    list_reverse_inplace(l);
    return v_obj(l);
}

static bool is_linebreak(uint32_t c) {
    return c == '\n' || c == '\r' || c == 0x0B || c == 0x0C || c == 0x1C || c == 0x1D ||
           c == 0x1E || c == 0x85 || c == 0x2028 || c == 0x2029;
}

static Value m_splitlines(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"keepends"};
    Value a[1];
    if (!arg_parse(I, "splitlines", argc - 1, argv + 1, kw, names, 1, 0, 1, a)) return V_NULL;
    int keep = 0;
    if (!is_null(a[0])) {
        if (is_float(a[0]))
            return err_format(I, TY_TYPE_ERROR,
                              "'float' object cannot be interpreted as an "
                              "integer");
        keep = obj_truthy(I, a[0]);
        if (keep < 0) return V_NULL;
    }
    Str *s = SELF;
    List *l = list_new(I, 0);
    if (!l) return V_NULL;
    size_t i = 0, n = s->len;
    while (i < n) {
        size_t j = i, eol = n, next = n;
        while (j < n) {
            size_t p = j;
            uint32_t c = utf8_decode(s->data, &p);
            if (is_linebreak(c)) {
                eol = j;
                next = p;
                if (c == '\r' && p < n && s->data[p] == '\n') next = p + 1;
                break;
            }
            j = p;
        }
        if (!push_piece(I, l, s->data + i, (keep ? next : eol) - i)) return V_NULL;
        i = next;
    }
    return v_obj(l);
}

static Value partition_impl(Interp *I, int argc, Value *argv, Tuple *kw, const char *name,
                            bool reverse) {
    if (!args_clinic(I, name, argc, kw, 1, 1)) return V_NULL;
    Str *s = SELF, *sep = need_str(I, argv[1], NULL);
    if (!sep) return V_NULL;
    if (sep->len == 0) return err_format(I, TY_VALUE_ERROR, "empty separator");
    int64_t off = reverse ? rfind_bytes(s->data, s->len, sep->data, sep->len)
                          : str_find_bytes(s->data, s->len, sep->data, sep->len);
    Value e = empty(I);
    if (is_null(e)) return V_NULL;
    Tuple *t;
    if (off < 0) {
        Value whole = s->hdr.type == I->types[TY_STR]
                          ? v_obj(s)
                          : str_value(str_new_known(I, s->data, s->len, s->nchars));
        if (is_null(whole)) return V_NULL;
        t = reverse ? tuple_pack(I, 3, e, e, whole) : tuple_pack(I, 3, whole, e, e);
    } else {
        Str *a = str_new(I, s->data, (size_t)off);
        if (!a) return V_NULL;
        size_t rest = (size_t)off + sep->len;
        Str *c = str_new(I, s->data + rest, s->len - rest);
        if (!c) return V_NULL;
        t = tuple_pack(I, 3, v_obj(a), v_obj(sep), v_obj(c));
    }
    return t ? v_obj(t) : V_NULL;
}

static Value m_partition(Interp *I, int argc, Value *argv, Tuple *kw) {
    return partition_impl(I, argc, argv, kw, "partition", false);
}
static Value m_rpartition(Interp *I, int argc, Value *argv, Tuple *kw) {
    return partition_impl(I, argc, argv, kw, "rpartition", true);
}

static Value m_join(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!args_clinic(I, "join", argc, kw, 1, 1)) return V_NULL;
    Value it = argv[1];
    Type *t = type_of(I, it);
    const Value *items;
    size_t n;
    if (t == I->types[TY_LIST]) {
        items = as_list(it)->items;
        n = as_list(it)->len;
    } else if (t == I->types[TY_TUPLE]) {
        items = as_tuple(it)->items;
        n = as_tuple(it)->len;
    } else {
        if (!t->slots.iter && !t->slots.getitem)
            return err_format(I, TY_TYPE_ERROR, "can only join an iterable");
        List *l = list_from_iter(I, it);
        if (!l) return V_NULL;
        items = l->items;
        n = l->len;
    }
    return str_value(str_join_values(I, SELF, items, n));
}

static Value m_replace(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!args_clinic(I, "replace", argc, kw, 2, 3)) return V_NULL;
    for (int k = 1; k <= 2; k++)
        if (!is_str(I, argv[k]))
            return err_format(I, TY_TYPE_ERROR, "replace() argument %d must be str, not %s", k,
                              type_name(I, argv[k]));
    int64_t count = -1;
    if (argc > 3 && !get_int(I, argv[3], &count)) return V_NULL;
    if (count < 0) count = INT64_MAX;
    Str *s = SELF, *old = as_str(argv[1]), *rep = as_str(argv[2]);
    StrBuf b;
    sb_init(&b);
    if (old->len == 0) {
        size_t pos = 0;
        int64_t done = 0;
        while (done < count && !b.failed) {
            sb_append_str(I, &b, rep);
            done++;
            if (pos >= s->len) break;
            size_t nx = pos + (size_t)utf8_char_len((unsigned char)s->data[pos]);
            sb_append(I, &b, s->data + pos, nx - pos);
            pos = nx;
        }
        sb_append(I, &b, s->data + pos, s->len - pos);
        return str_value(sb_finish(I, &b));
    }
    size_t pos = 0;
    int64_t done = 0;
    while (done < count) {
        int64_t off = str_find_bytes(s->data + pos, s->len - pos, old->data, old->len);
        if (off < 0) break;
        sb_append(I, &b, s->data + pos, (size_t)off);
        sb_append_str(I, &b, rep);
        pos += (size_t)off + old->len;
        done++;
    }
    if (done == 0 && s->hdr.type == I->types[TY_STR]) {
        sb_free(I, &b);
        return v_obj(s);
    }
    sb_append(I, &b, s->data + pos, s->len - pos);
    return str_value(sb_finish(I, &b));
}

/* ---- translate and maketrans ------------------------------------------------------ */

static Value m_translate(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!args_clinic(I, "translate", argc, kw, 1, 1)) return V_NULL;
    Str *s = SELF;
    Value table = argv[1];
    StrBuf b;
    sb_init(&b);
    size_t pos = 0;
    while (pos < s->len) {
        size_t p0 = pos;
        uint32_t c = utf8_decode(s->data, &pos);
        Value r = obj_getitem(I, table, v_int(c));
        if (is_null(r)) {
            if (!err_matches(I, TY_LOOKUP_ERROR)) goto fail;
            err_clear(I);
            sb_append(I, &b, s->data + p0, pos - p0);
            continue;
        }
        if (is_none(r)) continue;
        if (is_str(I, r))
            sb_append_str(I, &b, as_str(r));
        else if (is_int(I, r) && !is_bool(r)) {
            int64_t x;
            if (!int_to_i64(I, r, &x) || x < 0 || x > 0x10FFFF) {
                err_clear(I);
                err_format(I, TY_VALUE_ERROR, "character mapping must be in range(0x110000)");
                goto fail;
            }
            append_cp(I, &b, (uint32_t)x);
        } else {
            err_format(I, TY_TYPE_ERROR, "character mapping must return integer, None or str");
            goto fail;
        }
        if (b.failed) return V_NULL;
    }
    return str_value(sb_finish(I, &b));
fail:
    sb_free(I, &b);
    return V_NULL;
}

static Value m_maketrans(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (kw && kw->len)
        return err_format(I, TY_TYPE_ERROR, "maketrans() takes no keyword arguments");
    if (argc < 1 || argc > 3)
        return err_format(I, TY_TYPE_ERROR, "maketrans expected %s %d argument%s, got %d",
                          argc < 1 ? "at least" : "at most", argc < 1 ? 1 : 3, argc < 1 ? "" : "s",
                          argc);
    Dict *d = dict_new(I);
    if (!d) return V_NULL;
    if (argc == 1) {
        if (!is_dict(I, argv[0]))
            return err_format(I, TY_TYPE_ERROR,
                              "if you give only one argument to maketrans it must be a dict");
        size_t it = 0;
        Value k, v;
        while (dict_next(as_dict(argv[0]), &it, &k, &v)) {
            if (is_str(I, k)) {
                if (as_str(k)->nchars != 1)
                    return err_format(I, TY_VALUE_ERROR,
                                      "string keys in translate table must be of length 1");
                k = v_int(str_char_at(as_str(k), 0));
            } else if (!is_int(I, k))
                return err_format(I, TY_TYPE_ERROR,
                                  "keys in translate table must be strings or integers");
            if (dict_set(I, d, k, v) < 0) return V_NULL;
        }
        return v_obj(d);
    }
    for (int k = 0; k < argc; k++)
        if (!is_str(I, argv[k]))
            return err_format(I, TY_TYPE_ERROR, "maketrans() argument %d must be str, not %s",
                              k + 1, type_name(I, argv[k]));
    Str *x = as_str(argv[0]), *y = as_str(argv[1]);
    if (x->nchars != y->nchars)
        return err_format(I, TY_VALUE_ERROR,
                          "the first two maketrans arguments must have equal length");
    size_t px = 0, py = 0;
    while (px < x->len) {
        uint32_t a = utf8_decode(x->data, &px), c = utf8_decode(y->data, &py);
        if (dict_set(I, d, v_int(a), v_int(c)) < 0) return V_NULL;
    }
    if (argc == 3) {
        Str *z = as_str(argv[2]);
        size_t pz = 0;
        while (pz < z->len)
            if (dict_set(I, d, v_int(utf8_decode(z->data, &pz)), V_NONE) < 0) return V_NULL;
    }
    return v_obj(d);
}

/* ---- formatting and encoding ------------------------------------------------------ */

static Value m_format(Interp *I, int argc, Value *argv, Tuple *kw) {
    return str_format_method(I, SELF, argc - 1, argv + 1, kw);
}

static Value m_format_map(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!args_clinic(I, "format_map", argc, kw, 1, 1)) return V_NULL;
    return str_format_map(I, SELF, argv[1]);
}

static Value m_dunder_format(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!args_clinic(I, "__format__", argc, kw, 1, 1)) return V_NULL;
    if (!is_str(I, argv[1]))
        return err_format(I, TY_TYPE_ERROR, "__format__() argument must be str, not %s",
                          type_name(I, argv[1]));
    Str *spec = as_str(argv[1]);
    return str_format_spec(I, SELF, spec->data, spec->len);
}

static Value m_encode(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"encoding", "errors"};
    Value a[2];
    if (!arg_parse(I, "encode", argc - 1, argv + 1, kw, names, 2, 0, 2, a)) return V_NULL;
    const char *opt[2] = {"utf-8", "strict"};
    for (int k = 0; k < 2; k++) {
        if (is_null(a[k])) continue;
        if (!is_str(I, a[k]))
            return err_format(I, TY_TYPE_ERROR, "encode() argument '%s' must be str, not %s",
                              names[k], is_none(a[k]) ? "None" : type_name(I, a[k]));
        opt[k] = as_str(a[k])->data;
    }
    return str_encode(I, SELF, opt[0], opt[1]);
}

static Value m_mod(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!args_clinic(I, "__mod__", argc, kw, 1, 1)) return V_NULL;
    return str_percent_format(I, SELF, argv[1]);
}

const MethodDef str_methods[] = {
    {"capitalize", m_capitalize, 0},
    {"casefold", m_casefold, 0},
    {"center", m_center, 0},
    {"count", m_count, 0},
    {"encode", m_encode, 0},
    {"endswith", m_endswith, 0},
    {"expandtabs", m_expandtabs, 0},
    {"find", m_find, 0},
    {"format", m_format, 0},
    {"format_map", m_format_map, 0},
    {"index", m_index, 0},
    {"isalnum", m_isalnum, 0},
    {"isalpha", m_isalpha, 0},
    {"isascii", m_isascii, 0},
    {"isdecimal", m_isdecimal, 0},
    {"isdigit", m_isdigit, 0},
    {"isidentifier", m_isidentifier, 0},
    {"islower", m_islower, 0},
    {"isnumeric", m_isnumeric, 0},
    {"isprintable", m_isprintable, 0},
    {"isspace", m_isspace, 0},
    {"istitle", m_istitle, 0},
    {"isupper", m_isupper, 0},
    {"join", m_join, 0},
    {"ljust", m_ljust, 0},
    {"lower", m_lower, 0},
    {"lstrip", m_lstrip, 0},
    {"maketrans", m_maketrans, METH_STATIC},
    {"partition", m_partition, 0},
    {"removeprefix", m_removeprefix, 0},
    {"removesuffix", m_removesuffix, 0},
    {"replace", m_replace, 0},
    {"rfind", m_rfind, 0},
    {"rindex", m_rindex, 0},
    {"rjust", m_rjust, 0},
    {"rpartition", m_rpartition, 0},
    {"rsplit", m_rsplit, 0},
    {"rstrip", m_rstrip, 0},
    {"split", m_split, 0},
    {"splitlines", m_splitlines, 0},
    {"startswith", m_startswith, 0},
    {"strip", m_strip, 0},
    {"swapcase", m_swapcase, 0},
    {"title", m_title, 0},
    {"translate", m_translate, 0},
    {"upper", m_upper, 0},
    {"zfill", m_zfill, 0},
    {"__format__", m_dunder_format, 0},
    {"__mod__", m_mod, 0},
    {NULL, NULL, 0},
};
