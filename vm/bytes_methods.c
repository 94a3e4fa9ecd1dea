/* bytes_methods.c: the rest of the bytes/bytearray methods (split from the right,
 * partition, padding, the ASCII character classes and case changes, translate) and
 * bytearray's insert/remove/reverse. bytes.c holds the types, the codecs and the core
 * methods; both read the data through bytes_view so each method serves both types. */
#include <string.h>

#include "bytes_impl.h"
#include "error.h"
#include "gc.h"
#include "number.h"
#include "seq.h"

#define VIEW_SELF                                                                                  \
    const unsigned char *p;                                                                        \
    size_t n;                                                                                      \
    bytes_view(I, argv[0], &p, &n)

static bool c_lower(unsigned char c) {
    return c >= 'a' && c <= 'z';
}
static bool c_upper(unsigned char c) {
    return c >= 'A' && c <= 'Z';
}
static bool c_digit(unsigned char c) {
    return c >= '0' && c <= '9';
}
static bool c_alpha(unsigned char c) {
    return c_lower(c) || c_upper(c);
}

static bool push_piece(Interp *I, List *l, Value self, const unsigned char *d, size_t len) {
    Value piece = bytes_make_like(I, self, d, len);
    return !is_null(piece) && list_append(I, l, piece);
}

Value bytesm_rsplit(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"sep", "maxsplit"};
    Value a[2];
    if (!arg_parse(I, "rsplit", argc - 1, argv + 1, kw, names, 2, 0, 2, a)) return V_NULL;
    int64_t maxsplit = -1;
    if (!is_null(a[1]) && obj_index(I, a[1], &maxsplit) < 0) return V_NULL;
    if (maxsplit < 0) maxsplit = INT64_MAX;
    VIEW_SELF;
    const unsigned char *q = NULL;
    size_t m = 0;
    bool ws = is_null(a[0]) || is_none(a[0]);
    if (!ws) {
        if (!bytes_need_view(I, a[0], &q, &m)) return V_NULL;
        if (m == 0) return err_format(I, TY_VALUE_ERROR, "empty separator");
    }
    List *l = list_new(I, 0);
    if (!l) return V_NULL;
    size_t i = n;
    if (ws) {
        while (maxsplit-- > 0) {
            while (i > 0 && bytes_isspace_c(p[i - 1]))
                i--;
            if (i == 0) break;
            size_t j = i;
            while (i > 0 && !bytes_isspace_c(p[i - 1]))
                i--;
            if (!push_piece(I, l, argv[0], p + i, j - i)) return V_NULL;
        }
        while (i > 0 && bytes_isspace_c(p[i - 1]))
            i--;
        if (i > 0 && !push_piece(I, l, argv[0], p, i)) return V_NULL;
    } else {
        while (maxsplit-- > 0 && i >= m) {
            size_t k = i - m + 1;
            bool found = false;
            while (k-- > 0) {
                if (memcmp(p + k, q, m) == 0) {
                    found = true;
                    break;
                }
            }
            if (!found) break;
            if (!push_piece(I, l, argv[0], p + k + m, i - k - m)) return V_NULL;
            i = k;
        }
        if (!push_piece(I, l, argv[0], p, i)) return V_NULL;
    }
    for (size_t x = 0, y = l->len ? l->len - 1 : 0; x < y; x++, y--) {
        Value t = l->items[x];
        l->items[x] = l->items[y];
        l->items[y] = t;
    }
    return v_obj(l);
}

static Value partition_impl(Interp *I, int argc, Value *argv, bool right, const char *name) {
    if (!arg_count(I, name, argc - 1, 1, 1)) return V_NULL;
    VIEW_SELF;
    const unsigned char *q;
    size_t m;
    if (!bytes_need_view(I, argv[1], &q, &m)) return V_NULL;
    if (m == 0) return err_format(I, TY_VALUE_ERROR, "empty separator");
    int64_t at = -1;
    if (!right) {
        at = str_find_bytes((const char *)p, n, (const char *)q, m);
    } else if (n >= m) {
        for (size_t k = n - m + 1; k-- > 0;)
            if (memcmp(p + k, q, m) == 0) {
                at = (int64_t)k;
                break;
            }
    }
    Tuple *t = tuple_new(I, 3);
    if (!t) return V_NULL;
    Value parts[3];
    if (at < 0) {
        Value whole = is_bytearray(I, argv[0]) ? bytes_make_like(I, argv[0], p, n) : argv[0];
        if (is_null(whole)) return V_NULL;
        Value empty = bytes_make_like(I, argv[0], "", 0);
        if (is_null(empty)) return V_NULL;
        Value empty2 = is_bytearray(I, argv[0]) ? bytes_make_like(I, argv[0], "", 0) : empty;
        if (is_null(empty2)) return V_NULL;
        parts[right ? 2 : 0] = whole;
        parts[1] = empty;
        parts[right ? 0 : 2] = empty2;
    } else {
        parts[0] = bytes_make_like(I, argv[0], p, (size_t)at);
        if (is_null(parts[0])) return V_NULL;
        t->items[0] = parts[0];
        /* bytes keeps the separator object itself; bytearray makes a new one */
        parts[1] = is_bytearray(I, argv[0]) ? bytes_make_like(I, argv[0], q, m) : argv[1];
        if (is_null(parts[1])) return V_NULL;
        t->items[1] = parts[1];
        parts[2] = bytes_make_like(I, argv[0], p + at + m, n - (size_t)at - m);
        if (is_null(parts[2])) return V_NULL;
    }
    for (int k = 0; k < 3; k++)
        t->items[k] = parts[k];
    return v_obj(t);
}

Value bytesm_partition(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "partition", kw)) return V_NULL;
    return partition_impl(I, argc, argv, false, "partition");
}
Value bytesm_rpartition(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "rpartition", kw)) return V_NULL;
    return partition_impl(I, argc, argv, true, "rpartition");
}

static Value rfind_impl(Interp *I, int argc, Value *argv, Tuple *kw, const char *name, bool raise) {
    if (!arg_no_kw(I, name, kw) || !arg_count(I, name, argc - 1, 1, 3)) return V_NULL;
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
    if (ok && b1 - b0 >= m) {
        for (size_t k = b1 - m + 1; k-- > b0;)
            if (memcmp(p + k, q, m) == 0) {
                r = (int64_t)k;
                break;
            }
    }
    if (r < 0 && raise) return err_format(I, TY_VALUE_ERROR, "subsection not found");
    return v_int(r);
}

Value bytesm_rfind(Interp *I, int argc, Value *argv, Tuple *kw) {
    return rfind_impl(I, argc, argv, kw, "rfind", false);
}
Value bytesm_rindex(Interp *I, int argc, Value *argv, Tuple *kw) {
    return rfind_impl(I, argc, argv, kw, "rindex", true);
}

Value bytesm_splitlines(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"keepends"};
    Value a[1];
    if (!arg_parse(I, "splitlines", argc - 1, argv + 1, kw, names, 1, 0, 1, a)) return V_NULL;
    bool keep = false;
    if (!is_null(a[0])) {
        if (is_float(a[0]))
            return err_format(I, TY_TYPE_ERROR,
                              "'float' object cannot be interpreted as an "
                              "integer");
        int t = obj_truthy(I, a[0]);
        if (t < 0) return V_NULL;
        if (!is_int(I, a[0]) && !is_bool(a[0])) {
            int64_t dummy;
            if (obj_index(I, a[0], &dummy) < 0) return V_NULL;
        }
        keep = t != 0;
    }
    VIEW_SELF;
    List *l = list_new(I, 0);
    if (!l) return V_NULL;
    size_t i = 0;
    while (i < n) {
        size_t j = i;
        while (j < n && p[j] != '\n' && p[j] != '\r')
            j++;
        size_t eol = j;
        if (j < n) j += (p[j] == '\r' && j + 1 < n && p[j + 1] == '\n') ? 2 : 1;
        if (!push_piece(I, l, argv[0], p + i, (keep ? j : eol) - i)) return V_NULL;
        i = j;
    }
    return v_obj(l);
}

static Value pad_impl(Interp *I, int argc, Value *argv, const char *name, char how) {
    if (!arg_count(I, name, argc - 1, 1, 2)) return V_NULL;
    int64_t width;
    if (obj_index(I, argv[1], &width) < 0) return V_NULL;
    unsigned char fill = ' ';
    if (argc > 2) {
        const unsigned char *f;
        size_t fl;
        if (!bytes_view(I, argv[2], &f, &fl) || fl != 1)
            return err_format(I, TY_TYPE_ERROR,
                              "%s() argument 2 must be a byte string of length 1, not %s", name,
                              type_name(I, argv[2]));
        fill = f[0];
    }
    VIEW_SELF;
    if (width <= (int64_t)n) return bytes_make_like(I, argv[0], p, n);
    size_t pad = (size_t)width - n, left = 0;
    if (how == '>')
        left = pad;
    else if (how == '^')
        left = pad / 2 + (pad & (size_t)width & 1);
    unsigned char *buf = mem_alloc(I, (size_t)width);
    if (!buf) return V_NULL;
    memset(buf, fill, (size_t)width);
    memcpy(buf + left, p, n);
    Value r = bytes_make_like(I, argv[0], buf, (size_t)width);
    mem_free(I, buf, (size_t)width);
    return r;
}

Value bytesm_center(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "center", kw)) return V_NULL;
    return pad_impl(I, argc, argv, "center", '^');
}
Value bytesm_ljust(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "ljust", kw)) return V_NULL;
    return pad_impl(I, argc, argv, "ljust", '<');
}
Value bytesm_rjust(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "rjust", kw)) return V_NULL;
    return pad_impl(I, argc, argv, "rjust", '>');
}

Value bytesm_zfill(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "zfill", kw) || !arg_count(I, "zfill", argc - 1, 1, 1)) return V_NULL;
    int64_t width;
    if (obj_index(I, argv[1], &width) < 0) return V_NULL;
    VIEW_SELF;
    if (width <= (int64_t)n) return bytes_make_like(I, argv[0], p, n);
    size_t w = (size_t)width, pad = w - n;
    unsigned char *buf = mem_alloc(I, w);
    if (!buf) return V_NULL;
    memset(buf, '0', w);
    memcpy(buf + pad, p, n);
    if (n && (p[0] == '+' || p[0] == '-')) {
        buf[0] = p[0];
        buf[pad] = '0';
    }
    Value r = bytes_make_like(I, argv[0], buf, w);
    mem_free(I, buf, w);
    return r;
}

Value bytesm_expandtabs(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"tabsize"};
    Value a[1];
    if (!arg_parse(I, "expandtabs", argc - 1, argv + 1, kw, names, 1, 0, 1, a)) return V_NULL;
    int64_t tab = 8;
    if (!is_null(a[0]) && obj_index(I, a[0], &tab) < 0) return V_NULL;
    if (tab > INT32_MAX || tab < INT32_MIN) /* a C int in CPython */
        return err_format(I, TY_OVERFLOW_ERROR, "Python int too large to convert to C int");
    VIEW_SELF;
    StrBuf b;
    sb_init(&b);
    size_t col = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = p[i];
        if (c == '\t') {
            if (tab > 0) {
                size_t sp = (size_t)tab - col % (size_t)tab;
                if (!sb_append_repeat(I, &b, " ", 1, sp)) break;
                col += sp;
            }
        } else {
            if (!sb_append_char(I, &b, (char)c)) break;
            col = (c == '\n' || c == '\r') ? 0 : col + 1;
        }
    }
    if (b.failed) {
        sb_free(I, &b);
        return V_NULL;
    }
    Value r = bytes_make_like(I, argv[0], b.data ? b.data : "", b.len);
    sb_free(I, &b);
    return r;
}

/* ---- ASCII character classes ---- */

typedef bool (*ByteClass)(unsigned char);
static bool c_alnum(unsigned char c) {
    return c_alpha(c) || c_digit(c);
}

static Value class_impl(Interp *I, int argc, Value *argv, Tuple *kw, const char *name,
                        ByteClass cls) {
    if (!arg_no_kw(I, name, kw) || !arg_count(I, name, argc - 1, 0, 0)) return V_NULL;
    VIEW_SELF;
    if (n == 0) return V_FALSE;
    for (size_t i = 0; i < n; i++)
        if (!cls(p[i])) return V_FALSE;
    return V_TRUE;
}

Value bytesm_isalpha(Interp *I, int argc, Value *argv, Tuple *kw) {
    return class_impl(I, argc, argv, kw, "isalpha", c_alpha);
}
Value bytesm_isdigit(Interp *I, int argc, Value *argv, Tuple *kw) {
    return class_impl(I, argc, argv, kw, "isdigit", c_digit);
}
Value bytesm_isalnum(Interp *I, int argc, Value *argv, Tuple *kw) {
    return class_impl(I, argc, argv, kw, "isalnum", c_alnum);
}
Value bytesm_isspace(Interp *I, int argc, Value *argv, Tuple *kw) {
    return class_impl(I, argc, argv, kw, "isspace", bytes_isspace_c);
}

static Value cased_impl(Interp *I, int argc, Value *argv, Tuple *kw, const char *name, bool upper) {
    if (!arg_no_kw(I, name, kw) || !arg_count(I, name, argc - 1, 0, 0)) return V_NULL;
    VIEW_SELF;
    bool cased = false;
    for (size_t i = 0; i < n; i++) {
        if (upper ? c_lower(p[i]) : c_upper(p[i])) return V_FALSE;
        if (upper ? c_upper(p[i]) : c_lower(p[i])) cased = true;
    }
    return v_bool(cased);
}

Value bytesm_isupper(Interp *I, int argc, Value *argv, Tuple *kw) {
    return cased_impl(I, argc, argv, kw, "isupper", true);
}
Value bytesm_islower(Interp *I, int argc, Value *argv, Tuple *kw) {
    return cased_impl(I, argc, argv, kw, "islower", false);
}

Value bytesm_istitle(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "istitle", kw) || !arg_count(I, "istitle", argc - 1, 0, 0)) return V_NULL;
    VIEW_SELF;
    bool cased = false, prev_cased = false;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = p[i];
        if (c_upper(c)) {
            if (prev_cased) return V_FALSE;
            prev_cased = cased = true;
        } else if (c_lower(c)) {
            if (!prev_cased) return V_FALSE;
            prev_cased = cased = true;
        } else
            prev_cased = false;
    }
    return v_bool(cased);
}

Value bytesm_isascii(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "isascii", kw) || !arg_count(I, "isascii", argc - 1, 0, 0)) return V_NULL;
    VIEW_SELF;
    for (size_t i = 0; i < n; i++)
        if (p[i] >= 0x80) return V_FALSE;
    return V_TRUE;
}

/* ---- case changes ---- */

enum { CASE_CAPITALIZE, CASE_TITLE, CASE_SWAP };

static Value recase_impl(Interp *I, int argc, Value *argv, Tuple *kw, const char *name, int how) {
    if (!arg_no_kw(I, name, kw) || !arg_count(I, name, argc - 1, 0, 0)) return V_NULL;
    VIEW_SELF;
    unsigned char *buf = mem_alloc(I, n + 1);
    if (!buf) return V_NULL;
    bool prev_cased = false;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = p[i];
        bool up;
        if (how == CASE_SWAP)
            up = c_lower(c);
        else if (how == CASE_CAPITALIZE)
            up = i == 0;
        else
            up = !prev_cased;
        if (up && c_lower(c))
            c = (unsigned char)(c - 32);
        else if (!up && c_upper(c))
            c = (unsigned char)(c + 32);
        prev_cased = c_alpha(c);
        buf[i] = c;
    }
    Value r = bytes_make_like(I, argv[0], buf, n);
    mem_free(I, buf, n + 1);
    return r;
}

Value bytesm_capitalize(Interp *I, int argc, Value *argv, Tuple *kw) {
    return recase_impl(I, argc, argv, kw, "capitalize", CASE_CAPITALIZE);
}
Value bytesm_title(Interp *I, int argc, Value *argv, Tuple *kw) {
    return recase_impl(I, argc, argv, kw, "title", CASE_TITLE);
}
Value bytesm_swapcase(Interp *I, int argc, Value *argv, Tuple *kw) {
    return recase_impl(I, argc, argv, kw, "swapcase", CASE_SWAP);
}

static Value affix_cut(Interp *I, int argc, Value *argv, Tuple *kw, const char *name, bool end) {
    if (!arg_no_kw(I, name, kw) || !arg_count(I, name, argc - 1, 1, 1)) return V_NULL;
    VIEW_SELF;
    const unsigned char *q;
    size_t m;
    if (!bytes_need_view(I, argv[1], &q, &m)) return V_NULL;
    if (m <= n && memcmp(end ? p + n - m : p, q, m) == 0) {
        if (end) return bytes_make_like(I, argv[0], p, n - m);
        return bytes_make_like(I, argv[0], p + m, n - m);
    }
    if (is_bytes(I, argv[0]) && type_of(I, argv[0]) == I->types[TY_BYTES]) return argv[0];
    return bytes_make_like(I, argv[0], p, n);
}

Value bytesm_removeprefix(Interp *I, int argc, Value *argv, Tuple *kw) {
    return affix_cut(I, argc, argv, kw, "removeprefix", false);
}
Value bytesm_removesuffix(Interp *I, int argc, Value *argv, Tuple *kw) {
    return affix_cut(I, argc, argv, kw, "removesuffix", true);
}

/* bytes.maketrans(frm, to): a static method, argv holds only the arguments. */
Value bytesm_maketrans(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "maketrans", kw) || !arg_count(I, "maketrans", argc, 2, 2)) return V_NULL;
    const unsigned char *f, *t;
    size_t fn, tn;
    if (!bytes_need_view(I, argv[0], &f, &fn) || !bytes_need_view(I, argv[1], &t, &tn))
        return V_NULL;
    if (fn != tn) return err_format(I, TY_VALUE_ERROR, "maketrans arguments must have same length");
    unsigned char table[256];
    for (int k = 0; k < 256; k++)
        table[k] = (unsigned char)k;
    for (size_t k = 0; k < fn; k++)
        table[f[k]] = t[k];
    Bytes *b = bytes_new(I, table, 256);
    return b ? v_obj(b) : V_NULL;
}

Value bytesm_translate(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"table", "delete"};
    Value a[2];
    if (!arg_parse(I, "translate", argc - 1, argv + 1, kw, names, 2, 1, 2, a)) return V_NULL;
    const unsigned char *table = NULL, *del = NULL;
    size_t tn = 0, dn = 0;
    if (!is_none(a[0])) {
        if (!bytes_need_view(I, a[0], &table, &tn)) return V_NULL;
        if (tn != 256)
            return err_format(I, TY_VALUE_ERROR, "translation table must be 256 characters long");
    }
    if (!is_null(a[1]) && !bytes_need_view(I, a[1], &del, &dn)) return V_NULL;
    VIEW_SELF;
    bool drop[256] = {false};
    for (size_t k = 0; k < dn; k++)
        drop[del[k]] = true;
    unsigned char *buf = mem_alloc(I, n + 1);
    if (!buf) return V_NULL;
    size_t w = 0;
    for (size_t i = 0; i < n; i++)
        if (!drop[p[i]]) buf[w++] = table ? table[p[i]] : p[i];
    Value r = bytes_make_like(I, argv[0], buf, w);
    mem_free(I, buf, n + 1);
    return r;
}

/* ---- bytearray mutators ---- */

Value bytearraym_insert(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "insert", kw) || !arg_count(I, "insert", argc - 1, 2, 2)) return V_NULL;
    ByteArray *a = as_bytearray(argv[0]);
    int64_t i;
    if (obj_index(I, argv[1], &i) < 0) return V_NULL;
    unsigned char c;
    if (!bytes_byte_value(I, argv[2], &c)) return V_NULL;
    int64_t len = (int64_t)a->len;
    if (i < 0) i = i + len < 0 ? 0 : i + len;
    if (i > len) i = len;
    if (!bytearray_reserve(I, a, a->len + 1)) return V_NULL;
    memmove(a->data + i + 1, a->data + i, a->len - (size_t)i);
    a->data[i] = c;
    a->len++;
    return V_NONE;
}

Value bytearraym_remove(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "remove", kw) || !arg_count(I, "remove", argc - 1, 1, 1)) return V_NULL;
    ByteArray *a = as_bytearray(argv[0]);
    unsigned char c;
    if (!bytes_byte_value(I, argv[1], &c)) return V_NULL;
    for (size_t i = 0; i < a->len; i++) {
        if (a->data[i] == c) {
            memmove(a->data + i, a->data + i + 1, a->len - i - 1);
            a->len--;
            return V_NONE;
        }
    }
    return err_format(I, TY_VALUE_ERROR, "value not found in bytearray");
}

Value bytearraym_reverse(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "reverse", kw) || !arg_count(I, "reverse", argc - 1, 0, 0)) return V_NULL;
    ByteArray *a = as_bytearray(argv[0]);
    for (size_t x = 0, y = a->len ? a->len - 1 : 0; x < y; x++, y--) {
        unsigned char t = a->data[x];
        a->data[x] = a->data[y];
        a->data[y] = t;
    }
    return V_NONE;
}
