/* strbuf.c: StrBuf, the growable byte buffer every part of krait uses to build strings.
 *
 * A failed allocation sets `failed` (MemoryError is then pending) and turns every later
 * append into a no-op returning false, so a builder can append many pieces and check once
 * at sb_finish. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "error.h"
#include "gc.h"
#include "overflow.h"
#include "str.h"

void sb_init(StrBuf *b) {
    b->data = NULL;
    b->len = b->cap = 0;
    b->failed = false;
}

static bool sb_reserve(Interp *I, StrBuf *b, size_t extra) {
    if (b->failed) return false;
    size_t need; /* room for the NUL sb_finish does not need */
    if (!size_add(b->len, extra, &need) || !size_add(need, 1, &need)) {
        b->failed = true;
        err_nomem(I);
        return false;
    }
    if (need <= b->cap) return true;
    size_t cap = size_grow(b->cap, need, 32);
    char *p = mem_realloc(I, b->data, b->cap, cap);
    if (!p) {
        b->failed = true;
        return false;
    }
    b->data = p;
    b->cap = cap;
    return true;
}

bool sb_append(Interp *I, StrBuf *b, const char *s, size_t n) {
    if (!sb_reserve(I, b, n)) return false;
    if (n) memcpy(b->data + b->len, s, n);
    b->len += n;
    return true;
}

bool sb_append_repeat(Interp *I, StrBuf *b, const char *s, size_t n, size_t count) {
    size_t total;
    if (b->failed) return false;
    if (!size_mul(n, count, &total)) {
        b->failed = true;
        err_nomem(I);
        return false;
    }
    if (!sb_reserve(I, b, total)) return false;
    if (n == 1) {
        memset(b->data + b->len, s[0], total);
    } else {
        for (size_t k = 0; k < count; k++)
            memcpy(b->data + b->len + k * n, s, n);
    }
    b->len += total;
    return true;
}

bool sb_append_cstr(Interp *I, StrBuf *b, const char *s) {
    return sb_append(I, b, s, strlen(s));
}

bool sb_append_char(Interp *I, StrBuf *b, char c) {
    if (!sb_reserve(I, b, 1)) return false;
    b->data[b->len++] = c;
    return true;
}

bool sb_append_str(Interp *I, StrBuf *b, Str *s) {
    return sb_append(I, b, s->data, s->len);
}

bool sb_appendf(Interp *I, StrBuf *b, const char *fmt, ...) {
    char small[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) return false;
    if ((size_t)n < sizeof small) return sb_append(I, b, small, (size_t)n);
    if (!sb_reserve(I, b, (size_t)n)) return false;
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
    return true;
}

bool sb_append_repr(Interp *I, StrBuf *b, Value v) {
    if (b->failed) return false;
    Value r = obj_repr(I, v);
    if (is_null(r)) return false;
    return sb_append_str(I, b, as_str(r));
}

Str *sb_finish(Interp *I, StrBuf *b) {
    if (b->failed) {
        sb_free(I, b);
        return NULL;
    }
    Str *s = str_new(I, b->data ? b->data : "", b->len);
    sb_free(I, b);
    return s;
}

void sb_free(Interp *I, StrBuf *b) {
    if (b->data) mem_free(I, b->data, b->cap);
    sb_init(b);
}
