/* buffer.c: the buffer protocol's entry points (through each type's getbuf slot) and the
 * native item conversions memoryview and array.array share (see buffer.h). Items are in the
 * machine's byte order and sizes (CPython's '@' formats without alignment questions, since
 * every view holds one kind of item). */
#include <string.h>

#include "buffer.h"
#include "error.h"
#include "number.h"
#include "str.h"

int buf_get(Interp *I, Value v, BufView *out, bool writable) {
    if (!is_obj(v)) return 0;
    Type *t = as_obj(v)->type;
    if (!t->slots.getbuf) return 0;
    if (t->slots.getbuf(I, v, out) < 0) return -1;
    if (!out->data) out->data = (unsigned char *)"";
    if (writable && out->readonly) return 0;
    return 1;
}

bool buf_need(Interp *I, Value v, BufView *out, bool writable) {
    int r = buf_get(I, v, out, writable);
    if (r > 0) return true;
    if (r == 0) {
        if (writable)
            err_format(I, TY_TYPE_ERROR, "argument must be read-write bytes-like object, not %s",
                       type_name(I, v));
        else
            err_format(I, TY_TYPE_ERROR, "a bytes-like object is required, not '%s'",
                       type_name(I, v));
    }
    return false;
}

size_t buf_fmt_size(char fmt) {
    switch (fmt) {
    case 'b':
    case 'B':
    case 'c':
    case '?': return 1;
    case 'h':
    case 'H': return sizeof(short);
    case 'i':
    case 'I': return sizeof(int);
    case 'u':
    case 'w': return 4;
    case 'l':
    case 'L': return sizeof(long);
    case 'q':
    case 'Q': return sizeof(long long);
    case 'n':
    case 'N': return sizeof(size_t);
    case 'P': return sizeof(void *);
    case 'f': return sizeof(float);
    case 'd': return sizeof(double);
    default: return 0;
    }
}

static bool fmt_signed(char fmt) {
    return fmt == 'b' || fmt == 'h' || fmt == 'i' || fmt == 'l' || fmt == 'q' || fmt == 'n';
}

Value buf_unpack(Interp *I, char fmt, const unsigned char *p) {
    switch (fmt) {
    case 'w': return err_format(I, TY_NOT_IMPLEMENTED_ERROR, "memoryview: format w not supported");
    case 'c': {
        Bytes *b = bytes_new(I, p, 1);
        return b ? v_obj(b) : V_NULL;
    }
    case '?': return v_bool(p[0] != 0);
    case 'f': {
        float x;
        memcpy(&x, p, sizeof x);
        return v_float((double)x);
    }
    case 'd': {
        double x;
        memcpy(&x, p, sizeof x);
        return v_float(x);
    }
    case 'u': {
        uint32_t c;
        memcpy(&c, p, 4);
        char buf[4];
        size_t n = utf8_encode(c, buf);
        Str *s = str_new(I, buf, n);
        return s ? v_obj(s) : V_NULL;
    }
    default: break;
    }
    size_t n = buf_fmt_size(fmt);
    uint64_t u = 0;
    memcpy(&u, p, n); /* little-endian hosts: the low bytes (krait's supported platforms) */
    if (fmt_signed(fmt)) {
        int64_t s = n == 8 ? (int64_t)u : (int64_t)(u << (64 - 8 * n)) >> (64 - 8 * n);
        return v_int(s);
    }
    return u > (uint64_t)INT64_MAX ? int_from_u64(I, u) : v_int((int64_t)u);
}

/* An int's sign and magnitude when it fits 64 bits (*big false), else *big. */
static void int_mag(Value iv, int *sign, uint64_t *mag, bool *big) {
    IntView w;
    int_view(iv, &w);
    *sign = w.sign;
    *big = false;
    *mag = 0;
    if (w.n > 3) {
        *big = true;
        return;
    }
    unsigned __int128 m = 0;
    for (size_t k = w.n; k-- > 0;)
        m = (m << INT_SHIFT) | w.d[k];
    if (m > UINT64_MAX) {
        *big = true;
        return;
    }
    *mag = (uint64_t)m;
}

/* array.array's OverflowErrors, which follow CPython's C conversions: most typecodes go
 * through a C long first, and b, H convert through a wider type whose message wins. */
static bool array_range_error(Interp *I, char fmt, int sign, uint64_t mag, bool big) {
    bool neg = sign < 0;
    bool fits_long = !big && (neg ? mag <= (uint64_t)INT64_MAX + 1 : mag <= (uint64_t)INT64_MAX);
    int64_t s = neg ? (int64_t)(0 - mag) : (int64_t)mag;
    const char *m = NULL;
    switch (fmt) {
    case 'q':
        if (!fits_long) m = "int too big to convert";
        break;
    case 'Q':
        if (neg)
            m = "can't convert negative int to unsigned";
        else if (big)
            m = "int too big to convert";
        break;
    case 'I':
    case 'L':
        if (neg)
            m = "can't convert negative value to unsigned int";
        else if (big)
            m = "Python int too large to convert to C unsigned long";
        else if (fmt == 'I' && mag > UINT32_MAX)
            m = "unsigned int is greater than maximum";
        break;
    default:
        if (!fits_long) {
            m = "Python int too large to convert to C long";
            break;
        }
        if (fmt == 'b' || fmt == 'h') {
            if (s < -32768)
                m = "signed short integer is less than minimum";
            else if (s > 32767)
                m = "signed short integer is greater than maximum";
            else if (fmt == 'b' && s < -128)
                m = "signed char is less than minimum";
            else if (fmt == 'b' && s > 127)
                m = "signed char is greater than maximum";
        } else if (fmt == 'B') {
            if (s < 0)
                m = "unsigned byte integer is less than minimum";
            else if (s > 255)
                m = "unsigned byte integer is greater than maximum";
        } else if (fmt == 'H' || fmt == 'i') {
            if (s < INT32_MIN)
                m = "signed integer is less than minimum";
            else if (s > INT32_MAX)
                m = "signed integer is greater than maximum";
            else if (fmt == 'H' && s < 0)
                m = "unsigned short is less than minimum";
            else if (fmt == 'H' && s > 65535)
                m = "unsigned short is greater than maximum";
        }
        break;
    }
    if (m) err_format(I, TY_OVERFLOW_ERROR, "%s", m);
    return m != NULL;
}

static bool mv_bad(Interp *I, int type, char fmt) {
    err_format(I, type, "memoryview: invalid %s for format '%c'",
               type == TY_TYPE_ERROR ? "type" : "value", fmt);
    return false;
}

bool buf_pack(Interp *I, char fmt, unsigned char *p, Value v, bool array_msgs) {
    switch (fmt) {
    case 'w':
        err_format(I, TY_NOT_IMPLEMENTED_ERROR, "memoryview: format w not supported");
        return false;
    case 'c':
        if (!is_bytes(I, v) || as_bytes(v)->len != 1) return mv_bad(I, TY_TYPE_ERROR, fmt);
        p[0] = as_bytes(v)->data[0];
        return true;
    case '?': {
        int t = obj_truthy(I, v);
        if (t < 0) return false;
        p[0] = (unsigned char)t;
        return true;
    }
    case 'u': {
        if (!is_str(I, v) || as_str(v)->nchars != 1) {
            err_format(I, TY_TYPE_ERROR, "array item must be unicode character");
            return false;
        }
        size_t pos = 0;
        uint32_t c = utf8_decode(as_str(v)->data, &pos);
        memcpy(p, &c, 4);
        return true;
    }
    case 'f':
    case 'd': {
        double x;
        if (!array_msgs && !is_float_value(I, v) && !is_int(I, v))
            return mv_bad(I, TY_TYPE_ERROR, fmt);
        if (!num_to_double(I, v, &x)) return false;
        if (fmt == 'f') {
            float y = (float)x;
            memcpy(p, &y, sizeof y);
        } else {
            memcpy(p, &x, sizeof x);
        }
        return true;
    }
    default: break;
    }
    size_t n = buf_fmt_size(fmt);
    if (!array_msgs && !is_int(I, v) && !(is_obj(v) && type_of(I, v)->slots.index))
        return mv_bad(I, TY_TYPE_ERROR, fmt);
    Value iv = obj_index_value(I, v);
    if (is_null(iv)) return false;
    int sign;
    uint64_t mag;
    bool big;
    int_mag(iv, &sign, &mag, &big);
    bool ok;
    if (fmt_signed(fmt)) {
        uint64_t lim = (uint64_t)1 << (8 * n - 1); /* |min| */
        ok = !big && (sign < 0 ? mag <= lim : mag < lim);
    } else {
        ok = !big && sign >= 0 && (n == 8 || mag < ((uint64_t)1 << (8 * n)));
    }
    if (!ok) {
        if (!array_msgs) return mv_bad(I, TY_VALUE_ERROR, fmt);
        if (!array_range_error(I, fmt, sign, mag, big))
            err_format(I, TY_OVERFLOW_ERROR, "int too big to convert");
        return false;
    }
    uint64_t u = sign < 0 ? 0 - mag : mag;
    memcpy(p, &u, n); /* little-endian hosts */
    return true;
}
