/* json_decode.c: json.loads's parser, a recursive descent over the document's UTF-8 bytes
 * that follows CPython's scanner (json/scanner.py and _json.c): the same accepted grammar
 * (NaN, Infinity, -Infinity included), the same hooks, and JSONDecodeError raised with the
 * same message and position. Positions are kept as byte offsets and turned into code point
 * indexes only when an error is raised. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "json_codec.h"

typedef struct Parser {
    JsonDecoder *d;
    const char *s;
    size_t len;
} Parser;

/* Raise JSONDecodeError(msg, doc, pos) through the class made by json.c. */
static Value decode_error(Interp *I, Parser *p, const char *msg, size_t byte_pos) {
    size_t pos = p->d->doc->ascii ? byte_pos : utf8_count(p->s, byte_pos);
    Str *m = str_from_cstr(I, msg);
    if (!m) return V_NULL;
    Value args[3] = {v_obj(m), v_obj(p->d->doc), int_from_u64(I, pos)};
    Value exc = obj_call(I, p->d->error_type, 3, args, NULL);
    if (is_null(exc)) return V_NULL;
    return err_set_value(I, exc);
}

static size_t skip_ws(Parser *p, size_t i) {
    while (i < p->len && (p->s[i] == ' ' || p->s[i] == '\t' || p->s[i] == '\n' || p->s[i] == '\r'))
        i++;
    return i;
}

/* Four hex digits at i, or -1. */
static int32_t hex4(Parser *p, size_t i) {
    if (i + 4 > p->len) return -1;
    int32_t v = 0;
    for (int k = 0; k < 4; k++) {
        int h = hex_digit_value(p->s[i + k]);
        if (h < 0) return -1;
        v = v * 16 + h;
    }
    return v;
}

/* A string whose opening quote is at start; *end gets the index after the closing one. */
static Value parse_string(Interp *I, Parser *p, size_t start, size_t *end) {
    size_t i = start + 1, run = i;
    StrBuf b;
    sb_init(&b);
    for (;;) {
        if (i >= p->len) {
            sb_free(I, &b);
            return decode_error(I, p, "Unterminated string starting at", start);
        }
        unsigned char c = (unsigned char)p->s[i];
        if (c == '"') break;
        if (c < 0x20) {
            sb_free(I, &b);
            return decode_error(I, p, "Invalid control character at", i);
        }
        if (c != '\\') {
            i++;
            continue;
        }
        if (!sb_append(I, &b, p->s + run, i - run)) return V_NULL;
        if (i + 1 >= p->len) {
            sb_free(I, &b);
            return decode_error(I, p, "Unterminated string starting at", start);
        }
        char e = p->s[i + 1];
        const char *rep = NULL;
        switch (e) {
        case '"': rep = "\""; break;
        case '\\': rep = "\\"; break;
        case '/': rep = "/"; break;
        case 'b': rep = "\b"; break;
        case 'f': rep = "\f"; break;
        case 'n': rep = "\n"; break;
        case 'r': rep = "\r"; break;
        case 't': rep = "\t"; break;
        case 'u': break;
        default: sb_free(I, &b); return decode_error(I, p, "Invalid \\escape", i);
        }
        if (rep) {
            if (!sb_append_char(I, &b, rep[0])) return V_NULL;
            i += 2;
        } else {
            int32_t cp = hex4(p, i + 2);
            if (cp < 0) {
                sb_free(I, &b);
                return decode_error(I, p, "Invalid \\uXXXX escape", i + 1);
            }
            i += 6;
            if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < p->len && p->s[i] == '\\' &&
                p->s[i + 1] == 'u') {
                int32_t lo = hex4(p, i + 2);
                if (lo < 0) {
                    sb_free(I, &b);
                    return decode_error(I, p, "Invalid \\uXXXX escape", i + 1);
                }
                if (lo >= 0xdc00 && lo <= 0xdfff) {
                    cp = 0x10000 + (((cp - 0xd800) << 10) | (lo - 0xdc00));
                    i += 6;
                }
            }
            /* krait's str is UTF-8 and cannot hold a lone surrogate: it becomes U+FFFD */
            if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd;
            char u[4];
            if (!sb_append(I, &b, u, (size_t)utf8_encode((uint32_t)cp, u))) return V_NULL;
        }
        run = i;
    }
    *end = i + 1;
    if (!b.data) return v_obj(str_new(I, p->s + run, i - run));
    if (!sb_append(I, &b, p->s + run, i - run)) return V_NULL;
    Str *s = sb_finish(I, &b);
    return s ? v_obj(s) : V_NULL;
}

static bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

static bool match_word(Parser *p, size_t i, const char *w) {
    size_t n = strlen(w);
    return i + n <= p->len && memcmp(p->s + i, w, n) == 0;
}

static Value call_hook_text(Interp *I, Value hook, const char *s, size_t n) {
    Str *t = str_new(I, s, n);
    if (!t) return V_NULL;
    Value a = v_obj(t);
    return obj_call(I, hook, 1, &a, NULL);
}

/* The constants NaN, Infinity and -Infinity (through parse_constant when given). */
static Value parse_constant(Interp *I, Parser *p, const char *name, double v) {
    if (!is_none(p->d->parse_constant))
        return call_hook_text(I, p->d->parse_constant, name, strlen(name));
    return v_float(v);
}

/* Number per CPython's NUMBER_RE: -?(0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?. Returns V_NULL
 * without an exception when no number starts at i (the caller reports "Expecting value"). */
static Value parse_number(Interp *I, Parser *p, size_t i, size_t *end) {
    size_t start = i;
    if (i < p->len && p->s[i] == '-') i++;
    if (i >= p->len || !is_digit(p->s[i])) return V_NULL;
    if (p->s[i] == '0')
        i++;
    else
        while (i < p->len && is_digit(p->s[i]))
            i++;
    bool is_float_num = false;
    if (i + 1 < p->len && p->s[i] == '.' && is_digit(p->s[i + 1])) {
        i += 2;
        while (i < p->len && is_digit(p->s[i]))
            i++;
        is_float_num = true;
    }
    if (i < p->len && (p->s[i] == 'e' || p->s[i] == 'E')) {
        size_t j = i + 1;
        if (j < p->len && (p->s[j] == '+' || p->s[j] == '-')) j++;
        if (j < p->len && is_digit(p->s[j])) {
            while (j < p->len && is_digit(p->s[j]))
                j++;
            i = j;
            is_float_num = true;
        }
    }
    *end = i;
    size_t n = i - start;
    if (is_float_num) {
        if (!is_none(p->d->parse_float))
            return call_hook_text(I, p->d->parse_float, p->s + start, n);
        char small[64];
        char *buf = n < sizeof small ? small : mem_alloc(I, n + 1);
        if (!buf) return V_NULL;
        memcpy(buf, p->s + start, n);
        buf[n] = 0;
        double d = strtod(buf, NULL);
        if (buf != small) mem_free(I, buf, n + 1);
        return v_float(d);
    }
    if (!is_none(p->d->parse_int)) return call_hook_text(I, p->d->parse_int, p->s + start, n);
    if (n <= 18) {
        int64_t v = 0;
        for (size_t k = p->s[start] == '-' ? start + 1 : start; k < i; k++)
            v = v * 10 + (p->s[k] - '0');
        return v_int(p->s[start] == '-' ? -v : v);
    }
    return int_from_str(I, p->s + start, n, 10);
}

static Value parse_value(Interp *I, Parser *p, size_t i, size_t *end);

static Value parse_object(Interp *I, Parser *p, size_t i, size_t *end) {
    /* i is just after '{' */
    bool pairs = !is_none(p->d->object_pairs_hook);
    Value result = pairs ? v_obj(list_new(I, 0)) : v_obj(dict_new(I));
    if (!result.as.o || !gc_temp_push(I, result)) return V_NULL;
    i = skip_ws(p, i);
    if (i < p->len && p->s[i] == '}') {
        i++;
    } else {
        for (;;) {
            if (i >= p->len || p->s[i] != '"')
                return decode_error(I, p, "Expecting property name enclosed in double quotes", i);
            Value key = parse_string(I, p, i, &i);
            if (is_null(key) || !gc_temp_push(I, key)) return V_NULL;
            i = skip_ws(p, i);
            if (i >= p->len || p->s[i] != ':')
                return decode_error(I, p, "Expecting ':' delimiter", i);
            i = skip_ws(p, i + 1);
            Value v = parse_value(I, p, i, &i);
            if (is_null(v)) return V_NULL;
            if (pairs) {
                Tuple *t = tuple_pack(I, 2, key, v);
                if (!t || !list_append(I, as_list(result), v_obj(t))) return V_NULL;
            } else if (dict_set(I, as_dict(result), key, v) < 0) {
                return V_NULL;
            }
            i = skip_ws(p, i);
            if (i < p->len && p->s[i] == '}') {
                i++;
                break;
            }
            if (i >= p->len || p->s[i] != ',')
                return decode_error(I, p, "Expecting ',' delimiter", i);
            i = skip_ws(p, i + 1);
        }
    }
    *end = i;
    if (pairs) return obj_call(I, p->d->object_pairs_hook, 1, &result, NULL);
    if (!is_none(p->d->object_hook)) return obj_call(I, p->d->object_hook, 1, &result, NULL);
    return result;
}

static Value parse_array(Interp *I, Parser *p, size_t i, size_t *end) {
    List *l = list_new(I, 0);
    if (!l || !gc_temp_push(I, v_obj(l))) return V_NULL;
    i = skip_ws(p, i);
    if (i < p->len && p->s[i] == ']') {
        *end = i + 1;
        return v_obj(l);
    }
    for (;;) {
        Value v = parse_value(I, p, i, &i);
        if (is_null(v) || !list_append(I, l, v)) return V_NULL;
        i = skip_ws(p, i);
        if (i < p->len && p->s[i] == ']') break;
        if (i >= p->len || p->s[i] != ',') return decode_error(I, p, "Expecting ',' delimiter", i);
        i = skip_ws(p, i + 1);
    }
    *end = i + 1;
    return v_obj(l);
}

/* A value starting exactly at i (no leading whitespace, as in CPython's scan_once). */
static Value parse_value(Interp *I, Parser *p, size_t i, size_t *end) {
    if (i >= p->len) return decode_error(I, p, "Expecting value", i);
    char c = p->s[i];
    Value r;
    switch (c) {
    case '"': return parse_string(I, p, i, end);
    case '{':
    case '[':
        if (!c_recursion_enter(I, " while decoding a JSON document")) return V_NULL;
        r = c == '{' ? parse_object(I, p, i + 1, end) : parse_array(I, p, i + 1, end);
        c_recursion_leave(I);
        return r;
    case 'n':
        if (match_word(p, i, "null")) {
            *end = i + 4;
            return V_NONE;
        }
        break;
    case 't':
        if (match_word(p, i, "true")) {
            *end = i + 4;
            return V_TRUE;
        }
        break;
    case 'f':
        if (match_word(p, i, "false")) {
            *end = i + 5;
            return V_FALSE;
        }
        break;
    case 'N':
        if (match_word(p, i, "NaN")) {
            *end = i + 3;
            return parse_constant(I, p, "NaN", (double)NAN);
        }
        break;
    case 'I':
        if (match_word(p, i, "Infinity")) {
            *end = i + 8;
            return parse_constant(I, p, "Infinity", (double)INFINITY);
        }
        break;
    case '-':
        if (match_word(p, i, "-Infinity")) {
            *end = i + 9;
            return parse_constant(I, p, "-Infinity", -(double)INFINITY);
        }
        break;
    default: break;
    }
    r = parse_number(I, p, i, end);
    if (is_null(r) && !err_occurred(I)) return decode_error(I, p, "Expecting value", i);
    return r;
}

Value json_decode_document(Interp *I, JsonDecoder *d) {
    Parser p = {d, d->doc->data, d->doc->len};
    size_t i = skip_ws(&p, 0), end = i;
    Value v = parse_value(I, &p, i, &end);
    if (is_null(v) || !gc_temp_push(I, v)) return V_NULL;
    end = skip_ws(&p, end);
    if (end != p.len) return decode_error(I, &p, "Extra data", end);
    return v;
}
