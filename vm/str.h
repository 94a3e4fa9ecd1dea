/* str.h: Unicode strings (UTF-8 inside), bytes and bytearray, interning, and the
 * formatting helpers (%, str.format, format specs for str). (vm/str.c, vm/str_methods.c,
 * vm/unicode.c, vm/bytes.c, vm/format.c, vm/intern.c, vm/strbuf.c) */
#ifndef KRAIT_STR_H
#define KRAIT_STR_H

#include "interp.h"

/* ---- construction ---- */
Str *str_new(Interp *I, const char *utf8, size_t len); /* bytes must be valid UTF-8 */
Str *str_from_cstr(Interp *I, const char *s);
Str *str_intern(Interp *I, const char *utf8, size_t len); /* the one interned Str */
Str *str_intern_cstr(Interp *I, const char *s);
Str *str_intern_str(Interp *I, Str *s); /* s itself once interned, or the existing one */
Str *str_from_codepoint(Interp *I, uint32_t cp);
Str *str_printf(Interp *I, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
Str *str_concat(Interp *I, Str *a, Str *b);
bool is_str(Interp *I, Value v); /* str or a subclass */
static inline Str *as_str(Value v) { return (Str *)v.as.o; }

/* UTF-8 helpers. utf8_validate returns the offset of the first bad byte or -1 if valid. */
int64_t utf8_validate(const char *s, size_t len);
int utf8_encode(uint32_t cp, char *out); /* returns bytes written (1..4) */
uint32_t utf8_decode(const char *s, size_t *pos); /* advances *pos */

int64_t str_hash(Str *s); /* cached; deterministic (not randomized) */
bool str_eq(Str *a, Str *b);
int str_compare(Str *a, Str *b); /* code point order */
Value str_repr(Interp *I, Str *s); /* Python's repr: quotes chosen as CPython does */

/* A growable byte buffer for building strings (strbuf.c). sb_finish makes a Str. */
typedef struct StrBuf {
    char *data;
    size_t len, cap;
    bool failed; /* an allocation failed; MemoryError is pending */
} StrBuf;
void sb_init(StrBuf *b);
bool sb_append(Interp *I, StrBuf *b, const char *s, size_t n);
bool sb_append_cstr(Interp *I, StrBuf *b, const char *s);
bool sb_append_char(Interp *I, StrBuf *b, char c);
bool sb_append_str(Interp *I, StrBuf *b, Str *s);
bool sb_appendf(Interp *I, StrBuf *b, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
bool sb_append_repr(Interp *I, StrBuf *b, Value v); /* repr(v) */
Str *sb_finish(Interp *I, StrBuf *b);               /* frees the buffer; NULL on failure */
void sb_free(Interp *I, StrBuf *b);

/* ---- formatting ---- */
Value str_format_spec(Interp *I, Str *s, const char *spec, size_t speclen); /* format(str, spec) */
Value str_percent_format(Interp *I, Str *fmt, Value args);                   /* fmt % args */
Value str_format_method(Interp *I, Str *fmt, int argc, Value *argv, Tuple *kwnames);

/* ---- bytes ---- */
Bytes *bytes_new(Interp *I, const void *data, size_t len);
bool is_bytes(Interp *I, Value v);
Value bytes_repr(Interp *I, const unsigned char *data, size_t len);

#endif
