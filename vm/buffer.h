/* buffer.h: the buffer protocol (a one-dimensional subset of CPython's): how bytes,
 * bytearray, memoryview and array.array expose their memory to each other, and the
 * conversions between Python values and the native items of struct format characters
 * (vm/buffer.c). memoryview itself is vm/memoryview.c; array.array is stdlib/array.c.
 *
 * A view is only valid until the next call that may run Python code or resize the exporter
 * (a bytearray's buffer moves when it grows): take it again after such a call. Exporters are
 * not locked while a view is held (there is no release under a tracing collector), so a
 * memoryview checks its bounds against the exporter's current size at every access. */
#ifndef KRAIT_BUFFER_H
#define KRAIT_BUFFER_H

#include "interp.h"

struct BufView {
    unsigned char *data; /* never NULL (points at a static "" when empty) */
    size_t len;          /* bytes */
    size_t itemsize;
    char fmt; /* a native struct format character: B for bytes, the typecode for arrays */
    bool readonly;
};

/* The buffer of v: 1 with *out set, 0 when v exports none (no exception), -1 after raising
 * (a released memoryview). writable: refuse (return 0) a read-only one. */
int buf_get(Interp *I, Value v, BufView *out, bool writable);
/* The same, raising TypeError when v exports no buffer: "a bytes-like object is required,
 * not 'int'" (or, with writable, "argument must be read-write bytes-like object, not int"). */
bool buf_need(Interp *I, Value v, BufView *out, bool writable);

/* Native sizes of the single-item struct formats memoryview and array use (b B c ? h H i I
 * l L q Q n N f d P, and u, array's 4-byte character, which memoryview calls w); 0 for any
 * other character. memoryview does not convert w items (NotImplementedError, as CPython). */
size_t buf_fmt_size(char fmt);
/* The item at p as a Python value. u (array's wide character) is a 4-byte code point. */
Value buf_unpack(Interp *I, char fmt, const unsigned char *p);
/* Store v at p. Errors as memoryview's ("memoryview: invalid type for format 'B'"), or, with
 * array_msgs, array.array's (OverflowError "signed char is greater than maximum"...). */
bool buf_pack(Interp *I, char fmt, unsigned char *p, Value v, bool array_msgs);

/* memoryview(obj) (vm/memoryview.c): TypeError when obj exports no buffer. */
Value memoryview_new(Interp *I, Value obj);

#endif
