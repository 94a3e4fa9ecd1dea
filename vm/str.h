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
static inline Str *as_str(Value v) {
    return (Str *)v.as.o;
}

/* The value of hexadecimal digit c (either case), or -1: the one copy, for bytes.fromhex,
 * float.fromhex, string escapes and JSON's \u escapes. */
static inline int hex_digit_value(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* UTF-8 helpers. utf8_validate returns the offset of the first bad byte or -1 if valid. */
int64_t utf8_validate(const char *s, size_t len);
int utf8_encode(uint32_t cp, char *out);          /* returns bytes written (1..4) */
uint32_t utf8_decode(const char *s, size_t *pos); /* advances *pos */

int64_t str_hash(Str *s); /* cached; deterministic (not randomized) */
bool str_eq(Str *a, Str *b);
int str_compare(Str *a, Str *b);   /* code point order */
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
/* count copies of s[0..n): the room is reserved first (size-checked), so a width of 10**12
 * is a MemoryError at once rather than a loop that fills the machine's memory */
bool sb_append_repeat(Interp *I, StrBuf *b, const char *s, size_t n, size_t count);
bool sb_append_str(Interp *I, StrBuf *b, Str *s);
bool sb_appendf(Interp *I, StrBuf *b, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
bool sb_append_repr(Interp *I, StrBuf *b, Value v); /* repr(v) */
Str *sb_finish(Interp *I, StrBuf *b);               /* frees the buffer; NULL on failure */
void sb_free(Interp *I, StrBuf *b);

/* ---- formatting ---- */
Value str_format_spec(Interp *I, Str *s, const char *spec, size_t speclen); /* format(str, spec) */
Value str_percent_format(Interp *I, Str *fmt, Value args);                  /* fmt % args */
Value bytes_percent_format(Interp *I, const unsigned char *fmt, size_t len, Value args);
/* fmt.format(*args, **kw): argv holds argc positional values, then one per kwnames name */
Value str_format_method(Interp *I, Str *fmt, int argc, Value *argv, Tuple *kwnames);

/* ---- bytes ---- */
Bytes *bytes_new(Interp *I, const void *data, size_t len);
bool is_bytes(Interp *I, Value v);
Value bytes_repr(Interp *I, const unsigned char *data, size_t len);
ByteArray *bytearray_new(Interp *I, const void *data, size_t len);
bool is_bytearray(Interp *I, Value v);
static inline Bytes *as_bytes(Value v) {
    return (Bytes *)v.as.o;
}
static inline ByteArray *as_bytearray(Value v) {
    return (ByteArray *)v.as.o;
}
/* str.encode / bytes.decode with the codecs krait knows (utf-8, ascii, latin-1) and the
 * errors 'strict', 'replace', 'ignore'; LookupError for other encodings. */
Value str_encode(Interp *I, Str *s, const char *encoding, const char *errors);
Value bytes_decode(Interp *I, const unsigned char *data, size_t len, const char *encoding,
                   const char *errors);

/* ---- more str helpers, for other families ---- */
Str *str_join_values(Interp *I, Str *sep, const Value *items, size_t n); /* sep.join(items) */
Value str_ascii(Interp *I, Str *s);           /* repr(s) with non-ASCII escaped: ascii(s) */
Str *str_escape_nonascii(Interp *I, Str *s);  /* \xhh \uXXXX \UXXXXXXXX for non-ASCII */
size_t str_byte_offset(Str *s, size_t index); /* byte offset of code point `index` */
uint32_t str_char_at(Str *s, size_t index);   /* code point at index (< nchars) */
Value str_getitem_index(Interp *I, Str *s, int64_t index); /* s[i], IndexError */
Value str_iter_new(Interp *I, Str *s);
void str_intern_table_free(Interp *I); /* at teardown, after the sweep */

/* ---- internal to the str family's files ---- */
Str *str_new_known(Interp *I, const char *utf8, size_t len, size_t nchars); /* nchars known */
Str *str_alloc(Interp *I, Type *type, size_t len); /* data to fill; nchars/ascii to set */
int64_t str_hash_bytes(const char *s, size_t len); /* str_hash of a Str holding them */
void str_intern_forget(Interp *I, Str *s);         /* the finalizer's removal (intern.c) */
bool str_is_exact(Interp *I, Value v);             /* type is str itself */
Value str_format_map(Interp *I, Str *fmt, Value mapping);
Value str_repeat(Interp *I, Str *s, Value count);
Value str_slice(Interp *I, Str *s, int64_t start, int64_t step, int64_t slicelen);
/* byte offset of needle in hay, or -1 (linear time) */
int64_t str_find_bytes(const char *hay, size_t hlen, const char *needle, size_t nlen);

/* ---- character classes and case mapping (unicode.c) ----
 * All of Unicode (the version of the CPython that generated vm/unicode_db.c). */
int utf8_char_len(unsigned char lead);        /* 1..4 from the lead byte */
size_t utf8_count(const char *s, size_t len); /* code points in valid UTF-8 */
bool uni_isspace(uint32_t cp);
bool uni_isalpha(uint32_t cp);
bool uni_isdecimal(uint32_t cp);
bool uni_isdigit(uint32_t cp);
bool uni_isnumeric(uint32_t cp);
bool uni_isalnum(uint32_t cp);
bool uni_isprintable(uint32_t cp);
bool uni_islower(uint32_t cp);
bool uni_isupper(uint32_t cp);
bool uni_istitle(uint32_t cp); /* titlecase letters (the DZ digraphs) */
bool uni_iscased(uint32_t cp);
bool uni_iscase_ignorable(uint32_t cp);
bool uni_isid_start(uint32_t cp);
bool uni_isid_continue(uint32_t cp);
int uni_decimal_value(uint32_t cp); /* 0..9, or -1 when not a decimal digit */
/* the generated class table behind the above (unicode_db.c, from vm/unicode_db_gen.py) */
extern const size_t uni_db_runs, uni_db_nzeros;
extern const uint32_t uni_db_start[], uni_db_zeros[];
extern const uint16_t uni_db_flags[];
extern const size_t uni_db_ncase;
extern const uint32_t uni_db_case_cp[], uni_db_case_pool[];
extern const uint16_t uni_db_case_idx[][4];
uint32_t uni_tolower(uint32_t cp); /* simple mappings */
uint32_t uni_toupper(uint32_t cp);
uint32_t uni_totitle(uint32_t cp);
/* Full mappings: write up to 3 code points into out, return how many. */
int uni_full_lower(uint32_t cp, uint32_t *out);
int uni_full_upper(uint32_t cp, uint32_t *out);
int uni_full_title(uint32_t cp, uint32_t *out);
int uni_full_fold(uint32_t cp, uint32_t *out);

#endif
