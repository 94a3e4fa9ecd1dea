/* json_encode.c: json.dumps's encoder, written to produce byte for byte the text of
 * CPython's json module (both its C encoder and, with indent, its Python one): the same
 * separators, float reprs, escapes and key conversions, and the same errors. */
#include <math.h>
#include <string.h>

#include "json_codec.h"

static const char hex_digits[] = "0123456789abcdef";

static bool append_u_escape(Interp *I, StrBuf *b, uint32_t cp) {
    char buf[6] = {'\\',
                   'u',
                   hex_digits[(cp >> 12) & 15],
                   hex_digits[(cp >> 8) & 15],
                   hex_digits[(cp >> 4) & 15],
                   hex_digits[cp & 15]};
    return sb_append(I, b, buf, 6);
}

/* A JSON string literal. With ensure_ascii every non-ASCII code point becomes \uXXXX (a
 * surrogate pair beyond the BMP); without it only quotes, backslashes and control
 * characters are escaped, as CPython does. */
static bool encode_string(Interp *I, JsonEncoder *e, StrBuf *b, Str *s) {
    if (!sb_append_char(I, b, '"')) return false;
    size_t i = 0, run = 0; /* run: start of the pending unescaped bytes */
    while (i < s->len) {
        unsigned char c = (unsigned char)s->data[i];
        const char *esc = NULL;
        switch (c) {
        case '"': esc = "\\\""; break;
        case '\\': esc = "\\\\"; break;
        case '\n': esc = "\\n"; break;
        case '\r': esc = "\\r"; break;
        case '\t': esc = "\\t"; break;
        case '\b': esc = "\\b"; break;
        case '\f': esc = "\\f"; break;
        default: break;
        }
        bool plain = !esc && c >= 0x20 && (c < 0x7f || !e->ensure_ascii);
        if (plain) {
            i++;
            continue;
        }
        if (!sb_append(I, b, s->data + run, i - run)) return false;
        if (esc) {
            if (!sb_append_cstr(I, b, esc)) return false;
            i++;
        } else if (c < 0x80) {
            if (!append_u_escape(I, b, c)) return false;
            i++;
        } else {
            uint32_t cp = utf8_decode(s->data, &i);
            if (cp >= 0x10000) {
                cp -= 0x10000;
                if (!append_u_escape(I, b, 0xd800 | (cp >> 10)) ||
                    !append_u_escape(I, b, 0xdc00 | (cp & 0x3ff)))
                    return false;
            } else if (!append_u_escape(I, b, cp)) {
                return false;
            }
        }
        run = i;
    }
    return sb_append(I, b, s->data + run, i - run) && sb_append_char(I, b, '"');
}

static bool encode_float(Interp *I, JsonEncoder *e, StrBuf *b, double d) {
    if (isnan(d) || isinf(d)) {
        if (!e->allow_nan) {
            err_format(I, TY_VALUE_ERROR, "Out of range float values are not JSON compliant");
            return false;
        }
        return sb_append_cstr(I, b, isnan(d) ? "NaN" : d > 0 ? "Infinity" : "-Infinity");
    }
    char buf[40];
    int n = float_repr_buf(d, buf);
    return sb_append(I, b, buf, (size_t)n);
}

static bool encode_int(Interp *I, StrBuf *b, Value v) {
    if (is_smallint(v)) return sb_appendf(I, b, "%lld", (long long)v.as.i);
    if (is_bool(v)) return sb_append_cstr(I, b, v.as.i ? "1" : "0");
    Value s = int_to_str(I, v, 10);
    return !is_null(s) && sb_append_str(I, b, as_str(s));
}

/* Circular-reference bookkeeping: markers holds the containers on the current path. */
static bool marker_push(Interp *I, JsonEncoder *e, Value v) {
    if (!e->check_circular) return true;
    for (size_t i = 0; i < e->markers->len; i++)
        if (v_is(e->markers->items[i], v)) {
            err_format(I, TY_VALUE_ERROR, "Circular reference detected");
            return false;
        }
    return list_append(I, e->markers, v);
}

static void marker_pop(JsonEncoder *e) {
    if (e->check_circular && e->markers->len) e->markers->len--;
}

static bool newline_indent(Interp *I, JsonEncoder *e, StrBuf *b, int level) {
    if (!sb_append_char(I, b, '\n')) return false;
    for (int i = 0; i < level; i++)
        if (!sb_append_str(I, b, e->indent)) return false;
    return true;
}

static bool encode_array(Interp *I, JsonEncoder *e, StrBuf *b, Value v, int level) {
    /* list or tuple (subclasses too): read items each time round, the list may change */
    bool is_list = is_instance(I, v, I->types[TY_LIST]);
    size_t n = is_list ? as_list(v)->len : as_tuple(v)->len;
    if (n == 0) return sb_append_cstr(I, b, "[]");
    if (!marker_push(I, e, v)) return false;
    bool ok = sb_append_char(I, b, '[');
    if (ok && e->indent) ok = newline_indent(I, e, b, level + 1);
    for (size_t i = 0; ok; i++) {
        size_t len = is_list ? as_list(v)->len : as_tuple(v)->len;
        if (i >= len) break;
        if (i > 0) {
            ok = sb_append_str(I, b, e->item_sep);
            if (ok && e->indent) ok = newline_indent(I, e, b, level + 1);
            if (!ok) break;
        }
        Value item = is_list ? as_list(v)->items[i] : as_tuple(v)->items[i];
        ok = json_encode_value(I, e, b, item, level + 1);
    }
    if (ok && e->indent) ok = newline_indent(I, e, b, level);
    if (ok) ok = sb_append_char(I, b, ']');
    marker_pop(e);
    return ok;
}

/* A dict key as JSON text (without quotes for the non-str kinds, which get quoted by the
 * caller). Returns 0 to skip the key (skipkeys), 1 when *out is set, -1 after raising. */
static int key_string(Interp *I, JsonEncoder *e, Value k, Value *out) {
    if (is_str(I, k)) {
        *out = k;
        return 1;
    }
    StrBuf kb;
    sb_init(&kb);
    bool ok;
    if (is_float_value(I, k))
        ok = encode_float(I, e, &kb, float_value(k));
    else if (is_bool(k))
        ok = sb_append_cstr(I, &kb, k.as.i ? "true" : "false");
    else if (is_none(k))
        ok = sb_append_cstr(I, &kb, "null");
    else if (is_int(I, k))
        ok = encode_int(I, &kb, k);
    else {
        sb_free(I, &kb);
        if (e->skipkeys) return 0;
        err_format(I, TY_TYPE_ERROR, "keys must be str, int, float, bool or None, not %s",
                   type_name(I, k));
        return -1;
    }
    if (!ok) {
        sb_free(I, &kb);
        return -1;
    }
    Str *s = sb_finish(I, &kb);
    if (!s) return -1;
    *out = v_obj(s);
    return 1;
}

static bool encode_dict(Interp *I, JsonEncoder *e, StrBuf *b, Value v, int level) {
    Dict *d = as_dict(v);
    if (d->len == 0) return sb_append_cstr(I, b, "{}");
    if (!marker_push(I, e, v)) return false;
    /* Snapshot the items as (key, value) tuples, as PyMapping_Items does, so that sorting
     * compares what CPython compares and a mutating default() cannot break the walk. */
    List *items = list_new(I, d->len);
    bool ok = items && gc_temp_push(I, v_obj(items));
    size_t pos = 0;
    Value k, val;
    while (ok && dict_next(d, &pos, &k, &val)) {
        Tuple *t = tuple_pack(I, 2, k, val);
        ok = t && list_append(I, items, v_obj(t));
    }
    if (ok && e->sort_keys) ok = list_sort(I, items, V_NONE, false);
    if (ok) ok = sb_append_char(I, b, '{');
    if (ok && e->indent) ok = newline_indent(I, e, b, level + 1);
    bool first = true;
    for (size_t i = 0; ok && i < items->len; i++) {
        Tuple *t = as_tuple(items->items[i]);
        Value ks;
        int r = key_string(I, e, t->items[0], &ks);
        if (r < 0) ok = false;
        if (r <= 0) continue;
        if (!first) {
            ok = sb_append_str(I, b, e->item_sep);
            if (ok && e->indent) ok = newline_indent(I, e, b, level + 1);
        }
        first = false;
        ok = ok && encode_string(I, e, b, as_str(ks)) && sb_append_str(I, b, e->key_sep) &&
             json_encode_value(I, e, b, t->items[1], level + 1);
    }
    if (ok && e->indent) ok = newline_indent(I, e, b, level);
    if (ok) ok = sb_append_char(I, b, '}');
    marker_pop(e);
    return ok;
}

bool json_encode_value(Interp *I, JsonEncoder *e, StrBuf *b, Value v, int level) {
    if (is_none(v)) return sb_append_cstr(I, b, "null");
    if (is_bool(v)) return sb_append_cstr(I, b, v.as.i ? "true" : "false");
    if (is_str(I, v)) return encode_string(I, e, b, as_str(v));
    if (is_int(I, v)) return encode_int(I, b, v);
    if (is_float_value(I, v)) return encode_float(I, e, b, float_value(v));
    if (!c_recursion_enter(I, " while encoding a JSON object")) return false;
    bool ok;
    if (is_instance(I, v, I->types[TY_LIST]) || is_instance(I, v, I->types[TY_TUPLE])) {
        ok = encode_array(I, e, b, v, level);
    } else if (is_dict(I, v)) {
        ok = encode_dict(I, e, b, v, level);
    } else if (is_none(e->default_fn)) {
        err_format(I, TY_TYPE_ERROR, "Object of type %s is not JSON serializable", type_name(I, v));
        ok = false;
    } else {
        ok = marker_push(I, e, v);
        if (ok) {
            Value r = obj_call(I, e->default_fn, 1, &v, NULL);
            ok = !is_null(r) && gc_temp_push(I, r) && json_encode_value(I, e, b, r, level);
            marker_pop(e);
        }
    }
    c_recursion_leave(I);
    return ok;
}
