/* bytes_impl.h: helpers shared by bytes.c and bytes_methods.c (the bytes/bytearray family
 * only; other families use str.h). */
#ifndef KRAIT_BYTES_IMPL_H
#define KRAIT_BYTES_IMPL_H

#include "str.h"

/* A read-only view of a bytes-like value; false (no exception) for anything else. */
bool bytes_view(Interp *I, Value v, const unsigned char **p, size_t *n);
/* The same, raising "a bytes-like object is required" when v is not one. */
bool bytes_need_view(Interp *I, Value v, const unsigned char **q, size_t *m);
/* A new bytes, or a bytearray when self is one: results take the receiver's type. */
Value bytes_make_like(Interp *I, Value self, const void *data, size_t len);
bool bytearray_reserve(Interp *I, ByteArray *a, size_t need);
bool bytes_byte_value(Interp *I, Value v, unsigned char *out); /* an int in range(256) */
bool bytes_collect(Interp *I, Value src, StrBuf *out);         /* bytes of an iterable */
bool bytes_isspace_c(unsigned char c);
/* start/end at argv[2], argv[3]: converted (may run __index__, which may resize a
 * bytearray, so views are taken afterwards), then clamped as for str against the length of
 * such a view; the clamp returns false when the range is empty */
bool bytes_range_args(Interp *I, int argc, Value *argv, int64_t se[2]);
bool bytes_range_clamp(const int64_t se[2], size_t n, size_t *b0, size_t *b1);
/* the needle of find/count/index: bytes-like or an int in range(256) */
bool bytes_needle_of(Interp *I, Value v, const unsigned char **q, size_t *m, unsigned char *one);

/* methods in bytes_methods.c (NativeFn convention, self in argv[0]) */
#define BYTES_EXTRA_DECL(name) Value name(Interp *I, int argc, Value *argv, Tuple *kw);
BYTES_EXTRA_DECL(bytesm_rsplit)
BYTES_EXTRA_DECL(bytesm_partition)
BYTES_EXTRA_DECL(bytesm_rpartition)
BYTES_EXTRA_DECL(bytesm_rfind)
BYTES_EXTRA_DECL(bytesm_rindex)
BYTES_EXTRA_DECL(bytesm_splitlines)
BYTES_EXTRA_DECL(bytesm_center)
BYTES_EXTRA_DECL(bytesm_ljust)
BYTES_EXTRA_DECL(bytesm_rjust)
BYTES_EXTRA_DECL(bytesm_zfill)
BYTES_EXTRA_DECL(bytesm_expandtabs)
BYTES_EXTRA_DECL(bytesm_isalpha)
BYTES_EXTRA_DECL(bytesm_isdigit)
BYTES_EXTRA_DECL(bytesm_isalnum)
BYTES_EXTRA_DECL(bytesm_isspace)
BYTES_EXTRA_DECL(bytesm_isupper)
BYTES_EXTRA_DECL(bytesm_islower)
BYTES_EXTRA_DECL(bytesm_istitle)
BYTES_EXTRA_DECL(bytesm_isascii)
BYTES_EXTRA_DECL(bytesm_capitalize)
BYTES_EXTRA_DECL(bytesm_title)
BYTES_EXTRA_DECL(bytesm_swapcase)
BYTES_EXTRA_DECL(bytesm_removeprefix)
BYTES_EXTRA_DECL(bytesm_removesuffix)
BYTES_EXTRA_DECL(bytesm_maketrans)
BYTES_EXTRA_DECL(bytesm_translate)
BYTES_EXTRA_DECL(bytearraym_insert)
BYTES_EXTRA_DECL(bytearraym_remove)
BYTES_EXTRA_DECL(bytearraym_reverse)
#undef BYTES_EXTRA_DECL

#define BYTES_EXTRA_METHODS                                                                        \
    {"rsplit", bytesm_rsplit, 0}, {"partition", bytesm_partition, 0},                              \
        {"rpartition", bytesm_rpartition, 0}, {"rfind", bytesm_rfind, 0},                          \
        {"rindex", bytesm_rindex, 0}, {"splitlines", bytesm_splitlines, 0},                        \
        {"center", bytesm_center, 0}, {"ljust", bytesm_ljust, 0}, {"rjust", bytesm_rjust, 0},      \
        {"zfill", bytesm_zfill, 0}, {"expandtabs", bytesm_expandtabs, 0},                          \
        {"isalpha", bytesm_isalpha, 0}, {"isdigit", bytesm_isdigit, 0},                            \
        {"isalnum", bytesm_isalnum, 0}, {"isspace", bytesm_isspace, 0},                            \
        {"isupper", bytesm_isupper, 0}, {"islower", bytesm_islower, 0},                            \
        {"istitle", bytesm_istitle, 0}, {"isascii", bytesm_isascii, 0},                            \
        {"capitalize", bytesm_capitalize, 0}, {"title", bytesm_title, 0},                          \
        {"swapcase", bytesm_swapcase, 0}, {"removeprefix", bytesm_removeprefix, 0},                \
        {"removesuffix", bytesm_removesuffix, 0}, {"maketrans", bytesm_maketrans, METH_STATIC}, {  \
        "translate", bytesm_translate, 0                                                           \
    }

#endif
