/* bigint.c: arbitrary-precision integer arithmetic for Python's int.
 *
 * Ints that fit int64 are KR_TINT immediates; everything here works on sign-magnitude
 * digit arrays (base 2^30, as CPython) reached through an IntView, so the same code serves
 * small ints, BigInts and int-subclass instances. Intermediate digit buffers come from
 * mem_alloc and are freed before returning; only the final result becomes a heap BigInt
 * (int_from_digits), and it is demoted back to an immediate whenever it fits int64, which
 * keeps the "every int64 is an immediate" invariant in one place.
 *
 * Algorithms: schoolbook multiplication below KARATSUBA_CUTOFF digits and Karatsuba above;
 * Knuth's algorithm D for division; two's-complement emulation for bitwise operators on
 * negative numbers; correctly rounded conversions to double. The small-int fast paths live
 * in the public entry points (int_add, ...) so the common case never builds a view. */
#include <math.h>
#include <string.h>

#include "error.h"
#include "gc.h"
#include "number.h"
#include "str.h"

#define BASE             ((uint64_t)1 << INT_SHIFT)
#define KARATSUBA_CUTOFF 48

/* ---- digit buffers ---------------------------------------------------------------- */

static uint32_t *dig_alloc(Interp *I, size_t n) {
    uint32_t *p = mem_alloc(I, (n ? n : 1) * sizeof(uint32_t));
    if (p) memset(p, 0, (n ? n : 1) * sizeof(uint32_t));
    return p;
}
static void dig_free(Interp *I, uint32_t *p, size_t n) {
    if (p) mem_free(I, p, (n ? n : 1) * sizeof(uint32_t));
}

uint32_t *bigint_digits(BigInt *b) {
    if (b->hdr.obj_flags & INT_DIGITS_AFTER)
        return (uint32_t *)((char *)b + b->hdr.type->instance_size);
    return b->digits;
}

static size_t norm_len(const uint32_t *d, size_t n) {
    while (n && d[n - 1] == 0)
        n--;
    return n;
}

void int_view(Value v, IntView *w) {
    if (v.tag == KR_TINT || v.tag == KR_TBOOL) {
        int64_t i = v.as.i;
        uint64_t u = i < 0 ? (uint64_t)(-(i + 1)) + 1 : (uint64_t)i;
        w->sign = i < 0 ? -1 : (i > 0);
        w->small[0] = (uint32_t)(u & INT_MASK);
        w->small[1] = (uint32_t)((u >> 30) & INT_MASK);
        w->small[2] = (uint32_t)(u >> 60);
        w->d = w->small;
        w->n = norm_len(w->small, 3);
        return;
    }
    BigInt *b = (BigInt *)v.as.o;
    w->d = bigint_digits(b);
    w->n = norm_len(w->d, b->ndigits);
    w->sign = w->n ? b->sign : 0;
}

/* The immediate for sign * d[0..n) (n normalized), V_NULL when it does not fit int64. */
static Value small_from_digits(int sign, const uint32_t *d, size_t n) {
    if (n == 0) return v_int(0);
    if (n < 3 || (n == 3 && d[2] <= 8)) {
        uint64_t u = d[0];
        if (n > 1) u |= (uint64_t)d[1] << 30;
        if (n > 2) u |= (uint64_t)d[2] << 60;
        if (u <= (uint64_t)INT64_MAX) return v_int(sign < 0 ? -(int64_t)u : (int64_t)u);
        if (sign < 0 && u == (uint64_t)1 << 63) return v_int(INT64_MIN);
    }
    return V_NULL;
}

/* A result computed in place: a fresh BigInt with room for n digits, all zero (gc_new
 * zeroes), then big_finish. This saves the scratch buffer, its clearing and the copy that
 * int_from_digits makes: three passes over the digits of every add, sub and mul. */
static BigInt *big_alloc(Interp *I, size_t n) {
    return gc_new(I, I->types[TY_INT], sizeof(BigInt) + (n ? n : 1) * sizeof(uint32_t));
}

/* sign * b's first n digits: an immediate when it fits int64 (b is then garbage), else b
 * with ndigits trimmed to the normalized length (its slot keeps the spare room). */
static Value big_finish(BigInt *b, int sign, size_t n) {
    n = norm_len(b->digits, n);
    Value v = small_from_digits(sign, b->digits, n);
    if (!is_null(v)) return v;
    b->sign = sign < 0 ? -1 : 1;
    b->ndigits = (uint32_t)n;
    return v_obj(b);
}

Value int_from_digits(Interp *I, int sign, const uint32_t *d, size_t n) {
    n = norm_len(d, n);
    Value v = small_from_digits(sign, d, n);
    if (!is_null(v)) return v;
    BigInt *b = gc_new(I, I->types[TY_INT], sizeof(BigInt) + n * sizeof(uint32_t));
    if (!b) return V_NULL;
    b->sign = sign < 0 ? -1 : 1;
    b->ndigits = (uint32_t)n;
    memcpy(b->digits, d, n * sizeof(uint32_t));
    return v_obj(b);
}

/* Takes ownership of buf (allocated with cap digits) and frees it. */
static Value finish(Interp *I, int sign, uint32_t *buf, size_t n, size_t cap) {
    Value r = int_from_digits(I, sign, buf, n);
    dig_free(I, buf, cap);
    return r;
}

bool is_int(Interp *I, Value v) {
    if (v.tag == KR_TINT || v.tag == KR_TBOOL) return true;
    return v.tag == KR_TOBJ && type_is_subtype(v.as.o->type, I->types[TY_INT]);
}

bool is_bigint(Interp *I, Value v) {
    return v.tag == KR_TOBJ && type_is_subtype(v.as.o->type, I->types[TY_INT]);
}

Value int_from_i64(Interp *I, int64_t x) {
    (void)I;
    return v_int(x);
}

Value int_from_u64(Interp *I, uint64_t x) {
    if (x <= (uint64_t)INT64_MAX) return v_int((int64_t)x);
    uint32_t d[3] = {(uint32_t)(x & INT_MASK), (uint32_t)((x >> 30) & INT_MASK),
                     (uint32_t)(x >> 60)};
    return int_from_digits(I, 1, d, 3);
}

Value int_to_exact(Interp *I, Value v) {
    if (v.tag == KR_TINT) return v;
    if (v.tag == KR_TBOOL) return v_int(v.as.i);
    if (v.as.o->type == I->types[TY_INT]) return v;
    IntView w;
    int_view(v, &w);
    return int_from_digits(I, w.sign, w.d, w.n);
}

/* ---- magnitude primitives (lengths are taken literally; no normalization) ------------- */

/* Two digits d[0], d[1] as one 60-bit number, and back (the low 60 bits of t). The hot
 * loops step two digits at a time this way: half the iterations, with 64-bit adds and
 * 64 x 64 -> 128-bit products doing the work of 30-bit limbs. */
#define PAIR_MASK (((uint64_t)1 << 2 * INT_SHIFT) - 1)
static inline uint64_t pair(const uint32_t *d) {
    return d[0] | (uint64_t)d[1] << INT_SHIFT;
}
static inline void put_pair(uint32_t *d, uint64_t t) {
    d[0] = (uint32_t)(t & INT_MASK);
    d[1] = (uint32_t)((t >> INT_SHIFT) & INT_MASK);
}

static int mag_cmp(const uint32_t *a, size_t na, const uint32_t *b, size_t nb) {
    na = norm_len(a, na);
    nb = norm_len(b, nb);
    if (na != nb) return na < nb ? -1 : 1;
    while (na--)
        if (a[na] != b[na]) return a[na] < b[na] ? -1 : 1;
    return 0;
}

/* r = a + b; r has room for max(na, nb) + 1 digits. Returns that length. */
static size_t mag_add(uint32_t *r, const uint32_t *a, size_t na, const uint32_t *b, size_t nb) {
    if (na < nb) {
        const uint32_t *t = a;
        a = b;
        b = t;
        size_t tn = na;
        na = nb;
        nb = tn;
    }
    /* Two digits at a time as one 60-bit number: half the iterations of the carry chain. */
    uint64_t carry = 0;
    size_t i = 0;
    for (; i + 1 < nb; i += 2) {
        carry += pair(a + i) + pair(b + i);
        put_pair(r + i, carry);
        carry >>= 2 * INT_SHIFT;
    }
    for (; i + 1 < na; i += 2) {
        if (i < nb) { /* nb odd: its last digit */
            carry += pair(a + i) + b[i];
        } else {
            carry += pair(a + i);
        }
        put_pair(r + i, carry);
        carry >>= 2 * INT_SHIFT;
    }
    for (; i < na; i++) {
        carry += a[i] + (i < nb ? b[i] : 0);
        r[i] = (uint32_t)(carry & INT_MASK);
        carry >>= INT_SHIFT;
    }
    r[na] = (uint32_t)carry;
    return na + 1;
}

/* r = a - b with a >= b; r has room for na digits. */
static size_t mag_sub(uint32_t *r, const uint32_t *a, size_t na, const uint32_t *b, size_t nb) {
    uint64_t wide = 0; /* the borrow of the two-digit steps: 0 or 1 */
    size_t i = 0;
    for (; i + 1 < nb; i += 2) {
        uint64_t t = pair(a + i) - pair(b + i) - wide;
        put_pair(r + i, t);
        wide = t >> 63;
    }
    uint32_t borrow = (uint32_t)wide;
    for (; i < nb; i++) {
        borrow = a[i] - b[i] - borrow;
        r[i] = borrow & INT_MASK;
        borrow = (borrow >> INT_SHIFT) & 1;
    }
    for (; i < na; i++) {
        borrow = a[i] - borrow;
        r[i] = borrow & INT_MASK;
        borrow = (borrow >> INT_SHIFT) & 1;
    }
    return na;
}

/* x += y (ny <= nx); returns the carry out of x. */
static uint32_t mag_iadd(uint32_t *x, size_t nx, const uint32_t *y, size_t ny) {
    uint32_t carry = 0;
    size_t i = 0;
    for (; i < ny; i++) {
        carry += x[i] + y[i];
        x[i] = carry & INT_MASK;
        carry >>= INT_SHIFT;
    }
    for (; carry && i < nx; i++) {
        carry += x[i];
        x[i] = carry & INT_MASK;
        carry >>= INT_SHIFT;
    }
    return carry;
}

/* x -= y (ny <= nx); returns the borrow out of x. */
static uint32_t mag_isub(uint32_t *x, size_t nx, const uint32_t *y, size_t ny) {
    uint32_t borrow = 0;
    size_t i = 0;
    for (; i < ny; i++) {
        borrow = x[i] - y[i] - borrow;
        x[i] = borrow & INT_MASK;
        borrow = (borrow >> INT_SHIFT) & 1;
    }
    for (; borrow && i < nx; i++) {
        borrow = x[i] - borrow;
        x[i] = borrow & INT_MASK;
        borrow = (borrow >> INT_SHIFT) & 1;
    }
    return borrow;
}

/* r[0..na] = a * b for one digit b: every digit of r written (pidigits' hot product). */
static void mag_mul1(uint32_t *r, const uint32_t *a, size_t na, uint64_t b) {
    uint64_t c = 0;
    size_t j = 0;
    for (; j + 1 < na; j += 2) {
        /* The product's halves are split before the carry joins, so the carry chain is an
         * add, a shift and an add (a 128-bit add and shift would put adc and shrd on it). */
        unsigned __int128 p = (unsigned __int128)b * pair(a + j);
        uint64_t t = ((uint64_t)p & PAIR_MASK) + c;
        put_pair(r + j, t);
        c = (uint64_t)(p >> 2 * INT_SHIFT) + (t >> 2 * INT_SHIFT);
    }
    for (; j < na; j++) {
        c += b * a[j];
        r[j] = (uint32_t)(c & INT_MASK);
        c >>= INT_SHIFT;
    }
    r[na] = (uint32_t)c;
}

/* The long loops below poll for run limits and interrupts (interp_poll) so that 7 ** 10 ** 8
 * stops at a time limit; false after raising. */
static bool mag_mul_school(Interp *I, uint32_t *r, const uint32_t *a, size_t na, const uint32_t *b,
                           size_t nb) {
    /* mag_mul passes the longer operand as a. The outer loop runs over the shorter one so
     * that the inner loop is long: a big int times a one-digit int (pidigits' hot product)
     * is one pass, not na tiny passes. */
    mag_mul1(r, a, na, b[0]); /* the first row writes r[0..na], so no clearing */
    memset(r + na + 1, 0, (nb - 1) * sizeof(uint32_t));
    for (size_t i = 1; i < nb; i++) {
        if ((i & 1023) == 1023 && !interp_poll(I)) return false;
        uint64_t bi = b[i];
        if (!bi) continue;
        uint32_t *ri = r + i;
        uint64_t c = 0; /* < 2^31 between steps (as in mag_mul1) */
        size_t j = 0;
        for (; j + 1 < na; j += 2) {
            unsigned __int128 p = (unsigned __int128)bi * pair(a + j);
            uint64_t t = ((uint64_t)p & PAIR_MASK) + pair(ri + j) + c;
            put_pair(ri + j, t);
            c = (uint64_t)(p >> 2 * INT_SHIFT) + (t >> 2 * INT_SHIFT);
        }
        for (; j < na; j++) {
            c += bi * a[j] + ri[j];
            ri[j] = (uint32_t)(c & INT_MASK);
            c >>= INT_SHIFT;
        }
        ri[na] = (uint32_t)c;
    }
    return true;
}

/* r = a * b, writing all na + nb digits of r. Karatsuba splits the longer operand in half;
 * a very lopsided product is cut into slices of the shorter operand's size so each slice
 * is a balanced product. Returns false after raising (MemoryError, a run limit). */
static bool mag_mul(Interp *I, uint32_t *r, const uint32_t *a, size_t na, const uint32_t *b,
                    size_t nb) {
    if (na < nb) {
        const uint32_t *t = a;
        a = b;
        b = t;
        size_t tn = na;
        na = nb;
        nb = tn;
    }
    if (!interp_poll(I)) return false;
    if (nb < KARATSUBA_CUTOFF) {
        if (nb == 0) {
            memset(r, 0, na * sizeof(uint32_t));
            return true;
        }
        return mag_mul_school(I, r, a, na, b, nb);
    }
    if (2 * nb <= na) {
        uint32_t *tmp = dig_alloc(I, 2 * nb);
        if (!tmp) return false;
        memset(r, 0, (na + nb) * sizeof(uint32_t));
        for (size_t off = 0; off < na; off += nb) {
            size_t chunk = na - off < nb ? na - off : nb;
            if (!mag_mul(I, tmp, a + off, chunk, b, nb)) {
                dig_free(I, tmp, 2 * nb);
                return false;
            }
            mag_iadd(r + off, na + nb - off, tmp, chunk + nb);
        }
        dig_free(I, tmp, 2 * nb);
        return true;
    }
    size_t h = na / 2; /* nb > h here */
    size_t la = (h > na - h ? h : na - h) + 1, lb = (h > nb - h ? h : nb - h) + 1;
    uint32_t *sa = dig_alloc(I, la), *sb = dig_alloc(I, lb), *z1 = dig_alloc(I, la + lb);
    bool ok = sa && sb && z1;
    if (ok) {
        mag_add(sa, a, h, a + h, na - h);
        mag_add(sb, b, h, b + h, nb - h);
        ok = mag_mul(I, z1, sa, la, sb, lb) && mag_mul(I, r, a, h, b, h) &&
             mag_mul(I, r + 2 * h, a + h, na - h, b + h, nb - h);
    }
    if (ok) {
        mag_isub(z1, la + lb, r, 2 * h);
        mag_isub(z1, la + lb, r + 2 * h, na + nb - 2 * h);
        size_t lz = norm_len(z1, la + lb);
        mag_iadd(r + h, na + nb - h, z1, lz);
    }
    dig_free(I, sa, la);
    dig_free(I, sb, lb);
    dig_free(I, z1, la + lb);
    return ok;
}

/* q = a / d, returns a % d; q has na digits (may alias a). */
static uint32_t mag_divrem1(uint32_t *q, const uint32_t *a, size_t na, uint32_t d) {
    uint64_t rem = 0;
    for (size_t i = na; i-- > 0;) {
        rem = (rem << INT_SHIFT) | a[i];
        q[i] = (uint32_t)(rem / d);
        rem %= d;
    }
    return (uint32_t)rem;
}

static int digit_bits(uint32_t d) {
    return d ? 32 - __builtin_clz(d) : 0;
}

/* Knuth's algorithm D. a and b normalized, nb >= 2, na >= nb. q gets na - nb + 1 digits,
 * r gets nb digits (r NULL: the remainder is not wanted). */
static bool mag_divrem(Interp *I, const uint32_t *a, size_t na, const uint32_t *b, size_t nb,
                       uint32_t *q, uint32_t *r) {
    int s = INT_SHIFT - digit_bits(b[nb - 1]);
    uint32_t *v = mem_alloc(I, nb * sizeof(uint32_t)),
             *u = mem_alloc(I, (na + 1) * sizeof(uint32_t));
    if (!v || !u) {
        dig_free(I, v, nb);
        dig_free(I, u, na + 1);
        return false;
    }
    uint32_t carry = 0;
    for (size_t i = 0; i < nb; i++) {
        uint64_t t = ((uint64_t)b[i] << s) | carry;
        v[i] = (uint32_t)(t & INT_MASK);
        carry = (uint32_t)(t >> INT_SHIFT);
    }
    carry = 0;
    for (size_t i = 0; i < na; i++) {
        uint64_t t = ((uint64_t)a[i] << s) | carry;
        u[i] = (uint32_t)(t & INT_MASK);
        carry = (uint32_t)(t >> INT_SHIFT);
    }
    u[na] = carry;
    uint64_t vtop = v[nb - 1], vnext = v[nb - 2];
    for (size_t j = na - nb + 1; j-- > 0;) {
        if ((j & 1023) == 1023 && !interp_poll(I)) {
            dig_free(I, v, nb);
            dig_free(I, u, na + 1);
            return false;
        }
        uint64_t num = ((uint64_t)u[j + nb] << INT_SHIFT) | u[j + nb - 1];
        uint64_t qhat = num / vtop, rhat = num % vtop;
        while (qhat >= BASE || qhat * vnext > ((rhat << INT_SHIFT) | u[j + nb - 2])) {
            qhat--;
            rhat += vtop;
            if (rhat >= BASE) break;
        }
        /* u[j..j+nb] -= qhat * v, two digits at a time as in mag_mul1 (bw: the borrow) */
        uint64_t mc = 0, bw = 0;
        size_t i = 0;
        for (; i + 1 < nb; i += 2) {
            unsigned __int128 p = (unsigned __int128)qhat * pair(v + i);
            uint64_t lo = ((uint64_t)p & PAIR_MASK) + mc;
            mc = (uint64_t)(p >> 2 * INT_SHIFT) + (lo >> 2 * INT_SHIFT);
            uint64_t t = pair(u + i + j) - (lo & PAIR_MASK) - bw;
            bw = t >> 63;
            put_pair(u + i + j, t);
        }
        int64_t borrow = -(int64_t)bw;
        for (; i < nb; i++) {
            uint64_t p = qhat * v[i] + mc;
            mc = p >> INT_SHIFT;
            int64_t t = (int64_t)u[i + j] - (int64_t)(p & INT_MASK) + borrow;
            u[i + j] = (uint32_t)(t & INT_MASK);
            borrow = t >> INT_SHIFT;
        }
        int64_t t = (int64_t)u[j + nb] - (int64_t)mc + borrow;
        u[j + nb] = (uint32_t)(t & INT_MASK);
        if (t < 0) {
            qhat--;
            uint32_t c = 0;
            for (size_t i = 0; i < nb; i++) {
                c += u[i + j] + v[i];
                u[i + j] = c & INT_MASK;
                c >>= INT_SHIFT;
            }
            u[j + nb] = (u[j + nb] + c) & INT_MASK;
        }
        q[j] = (uint32_t)qhat;
    }
    for (size_t i = 0; r && i < nb; i++) {
        uint64_t t = u[i] | ((uint64_t)(i + 1 < nb ? u[i + 1] : u[nb]) << INT_SHIFT);
        r[i] = (uint32_t)((t >> s) & INT_MASK);
    }
    dig_free(I, v, nb);
    dig_free(I, u, na + 1);
    return true;
}

/* Truncating division of magnitudes: *q (nq digits, one more than the quotient can need, for
 * the floor's increment) and *r (nr = nb digits), both freshly allocated; with r NULL only
 * the quotient (a floor division of same-signed operands needs no remainder). */
static bool mag_divmod(Interp *I, const uint32_t *a, size_t na, const uint32_t *b, size_t nb,
                       uint32_t **q, size_t *nq, uint32_t **r, size_t *nr) {
    *nq = na >= nb ? na - nb + 2 : 1;
    *q = dig_alloc(I, *nq);
    if (!r) {
        if (!*q) return false;
        if (na < nb) return true;
        if (nb > 1) return mag_divrem(I, a, na, b, nb, *q, NULL);
        mag_divrem1(*q, a, na, b[0]);
        return true;
    }
    *nr = nb;
    *r = dig_alloc(I, *nr);
    if (!*q || !*r) {
        dig_free(I, *q, *nq);
        dig_free(I, *r, *nr);
        return false;
    }
    if (na < nb) {
        memcpy(*r, a, na * sizeof(uint32_t));
        return true;
    }
    if (nb == 1) {
        (*r)[0] = mag_divrem1(*q, a, na, b[0]);
        return true;
    }
    if (!mag_divrem(I, a, na, b, nb, *q, *r)) {
        dig_free(I, *q, *nq);
        dig_free(I, *r, *nr);
        return false;
    }
    return true;
}

/* ---- add, sub, mul ------------------------------------------------------------------ */

static Value add_views(Interp *I, const IntView *a, const IntView *b, int bsign) {
    if (a->sign == 0) return int_from_digits(I, bsign, b->d, b->n);
    if (bsign == 0) return int_from_digits(I, a->sign, a->d, a->n);
    if (a->sign == bsign) {
        size_t cap = (a->n > b->n ? a->n : b->n) + 1;
        BigInt *r = big_alloc(I, cap);
        if (!r) return V_NULL;
        mag_add(r->digits, a->d, a->n, b->d, b->n);
        return big_finish(r, a->sign, cap);
    }
    int c = mag_cmp(a->d, a->n, b->d, b->n);
    if (c == 0) return v_int(0);
    if (c < 0) {
        const IntView *t = a;
        a = b;
        b = t; /* bsign is the result's sign */
    } else {
        bsign = a->sign;
    }
    BigInt *r = big_alloc(I, a->n);
    if (!r) return V_NULL;
    mag_sub(r->digits, a->d, a->n, b->d, b->n);
    return big_finish(r, bsign, a->n);
}

Value int_add(Interp *I, Value a, Value b) {
    int64_t r;
    if (a.tag != KR_TOBJ && b.tag != KR_TOBJ && !__builtin_add_overflow(a.as.i, b.as.i, &r))
        return v_int(r);
    IntView x, y;
    int_view(a, &x);
    int_view(b, &y);
    return add_views(I, &x, &y, y.sign);
}

Value int_sub(Interp *I, Value a, Value b) {
    int64_t r;
    if (a.tag != KR_TOBJ && b.tag != KR_TOBJ && !__builtin_sub_overflow(a.as.i, b.as.i, &r))
        return v_int(r);
    IntView x, y;
    int_view(a, &x);
    int_view(b, &y);
    return add_views(I, &x, &y, -y.sign);
}

Value int_mul(Interp *I, Value a, Value b) {
    int64_t r;
    if (a.tag != KR_TOBJ && b.tag != KR_TOBJ && !__builtin_mul_overflow(a.as.i, b.as.i, &r))
        return v_int(r);
    IntView x, y;
    int_view(a, &x);
    int_view(b, &y);
    if (x.sign == 0 || y.sign == 0) return v_int(0);
    size_t cap = x.n + y.n;
    BigInt *res = big_alloc(I, cap);
    if (!res || !mag_mul(I, res->digits, x.d, x.n, y.d, y.n)) return V_NULL;
    return big_finish(res, x.sign * y.sign, cap);
}

Value int_neg(Interp *I, Value a) {
    if (a.tag != KR_TOBJ && a.as.i != INT64_MIN) return v_int(-a.as.i);
    IntView x;
    int_view(a, &x);
    return int_from_digits(I, -x.sign, x.d, x.n);
}

Value int_abs(Interp *I, Value a) {
    if (a.tag != KR_TOBJ && a.as.i != INT64_MIN) return v_int(a.as.i < 0 ? -a.as.i : a.as.i);
    IntView x;
    int_view(a, &x);
    return int_from_digits(I, 1, x.d, x.n);
}

/* ---- division ---------------------------------------------------------------------- */

static int64_t floordiv64(int64_t a, int64_t b) {
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
    return q;
}

/* Floor division and modulo together; either output may be NULL. */
static bool divmod_values(Interp *I, Value a, Value b, Value *qout, Value *rout) {
    if (a.tag != KR_TOBJ && b.tag != KR_TOBJ) {
        int64_t x = a.as.i, y = b.as.i;
        if (y == 0) {
            err_format(I, TY_ZERO_DIVISION_ERROR, "integer division or modulo by zero");
            return false;
        }
        if (!(x == INT64_MIN && y == -1)) {
            int64_t q = floordiv64(x, y);
            if (qout) *qout = v_int(q);
            int64_t r = x % y; /* not x - q * y: that product can overflow */
            if (r != 0 && ((r < 0) != (y < 0))) r += y;
            if (rout) *rout = v_int(r);
            return true;
        }
    }
    IntView x, y;
    int_view(a, &x);
    int_view(b, &y);
    if (y.sign == 0) {
        err_format(I, TY_ZERO_DIVISION_ERROR, "integer division or modulo by zero");
        return false;
    }
    int qsign = x.sign * y.sign, rsign = x.sign;
    uint32_t *q, *r = NULL;
    size_t nq, nr = 0;
    if (!rout && qsign > 0) { /* a // b of same signs: truncation is the floor */
        if (!mag_divmod(I, x.d, x.n, y.d, y.n, &q, &nq, NULL, NULL)) {
            dig_free(I, q, nq);
            return false;
        }
        *qout = int_from_digits(I, qsign, q, nq);
        dig_free(I, q, nq);
        return !is_null(*qout);
    }
    if (!mag_divmod(I, x.d, x.n, y.d, y.n, &q, &nq, &r, &nr)) return false;
    bool rzero = norm_len(r, nr) == 0;
    if (qsign < 0 && !rzero) {
        /* floor: q = q + 1 (magnitude, negated), r = |b| - r with b's sign */
        uint32_t one = 1;
        mag_iadd(q, nq, &one, 1);
        mag_sub(r, y.d, y.n, r, nr);
        rsign = y.sign;
    }
    bool ok = true;
    if (qout) {
        *qout = int_from_digits(I, qsign, q, nq);
        ok = !is_null(*qout);
    }
    if (ok && rout) {
        if (qout) gc_temp_push(I, *qout);
        *rout = int_from_digits(I, rsign, r, nr);
        ok = !is_null(*rout);
    }
    dig_free(I, q, nq);
    dig_free(I, r, nr);
    return ok;
}

Value int_floordiv(Interp *I, Value a, Value b) {
    Value q;
    return divmod_values(I, a, b, &q, NULL) ? q : V_NULL;
}

Value int_mod(Interp *I, Value a, Value b) {
    if (int_sign(I, b) == 0) return err_format(I, TY_ZERO_DIVISION_ERROR, "integer modulo by zero");
    Value r;
    return divmod_values(I, a, b, NULL, &r) ? r : V_NULL;
}

Value int_divmod(Interp *I, Value a, Value b, Value *mod_out) {
    Value q;
    return divmod_values(I, a, b, &q, mod_out) ? q : V_NULL;
}

/* ---- bits, shifts, bitwise ---------------------------------------------------------- */

size_t int_bit_length(Interp *I, Value v) {
    (void)I;
    IntView x;
    int_view(v, &x);
    if (x.n == 0) return 0;
    return (x.n - 1) * INT_SHIFT + (size_t)digit_bits(x.d[x.n - 1]);
}

size_t int_bit_count(Interp *I, Value v) {
    (void)I;
    IntView x;
    int_view(v, &x);
    size_t c = 0;
    for (size_t i = 0; i < x.n; i++)
        c += (size_t)__builtin_popcount(x.d[i]);
    return c;
}

static bool shift_count(Interp *I, Value b, int64_t *out) {
    if (int_sign(I, b) < 0) {
        err_format(I, TY_VALUE_ERROR, "negative shift count");
        return false;
    }
    if (b.tag == KR_TOBJ) {
        *out = INT64_MAX;
        return true;
    }
    *out = b.as.i;
    return true;
}

Value int_lshift(Interp *I, Value a, Value b) {
    int64_t k;
    if (!shift_count(I, b, &k)) return V_NULL;
    IntView x;
    int_view(a, &x);
    if (x.sign == 0) return v_int(0);
    if (a.tag != KR_TOBJ && k < 63) {
        int64_t v = a.as.i;
        int64_t r = (int64_t)((uint64_t)v << k);
        if ((r >> k) == v) return v_int(r);
    }
    if (k > (int64_t)1 << 40) return err_format(I, TY_OVERFLOW_ERROR, "too many digits in integer");
    size_t ds = (size_t)k / INT_SHIFT;
    int bs = (int)(k % INT_SHIFT);
    size_t cap = x.n + ds + 1;
    uint32_t *r = dig_alloc(I, cap);
    if (!r) return V_NULL;
    uint32_t carry = 0;
    for (size_t i = 0; i < x.n; i++) {
        uint64_t t = ((uint64_t)x.d[i] << bs) | carry;
        r[i + ds] = (uint32_t)(t & INT_MASK);
        carry = (uint32_t)(t >> INT_SHIFT);
    }
    r[x.n + ds] = carry;
    return finish(I, x.sign, r, cap, cap);
}

Value int_rshift(Interp *I, Value a, Value b) {
    int64_t k;
    if (!shift_count(I, b, &k)) return V_NULL;
    if (a.tag != KR_TOBJ) return v_int(k >= 63 ? (a.as.i < 0 ? -1 : 0) : a.as.i >> k);
    IntView x;
    int_view(a, &x);
    size_t ds = (size_t)k / INT_SHIFT;
    if ((uint64_t)k >= (uint64_t)x.n * INT_SHIFT) return v_int(x.sign < 0 ? -1 : 0);
    int bs = (int)(k % INT_SHIFT);
    size_t cap = x.n - ds + 1;
    uint32_t *r = dig_alloc(I, cap);
    if (!r) return V_NULL;
    bool lost = false;
    for (size_t i = 0; i < ds; i++)
        lost |= x.d[i] != 0;
    lost |= (x.d[ds] & ((1u << bs) - 1)) != 0;
    for (size_t i = ds; i < x.n; i++) {
        uint64_t t = x.d[i] | (i + 1 < x.n ? (uint64_t)x.d[i + 1] << INT_SHIFT : 0);
        r[i - ds] = (uint32_t)((t >> bs) & INT_MASK);
    }
    if (x.sign < 0 && lost) {
        uint32_t one = 1;
        mag_iadd(r, cap, &one, 1);
    }
    return finish(I, x.sign, r, cap, cap);
}

/* Two's complement of a view over n digits, into out. */
static void twos(const IntView *x, uint32_t *out, size_t n) {
    for (size_t i = 0; i < n; i++)
        out[i] = i < x->n ? x->d[i] : 0;
    if (x->sign < 0) {
        uint32_t carry = 1;
        for (size_t i = 0; i < n; i++) {
            carry += (~out[i]) & INT_MASK;
            out[i] = carry & INT_MASK;
            carry >>= INT_SHIFT;
        }
    }
}

Value int_bitop(Interp *I, Value a, Value b, int op) {
    if (a.tag != KR_TOBJ && b.tag != KR_TOBJ) {
        int64_t x = a.as.i, y = b.as.i;
        return v_int(op == BIN_AND ? (x & y) : op == BIN_OR ? (x | y) : (x ^ y));
    }
    IntView x, y;
    int_view(a, &x);
    int_view(b, &y);
    size_t n = (x.n > y.n ? x.n : y.n) + 1;
    uint32_t *p = dig_alloc(I, n), *q = dig_alloc(I, n);
    if (!p || !q) {
        dig_free(I, p, n);
        dig_free(I, q, n);
        return V_NULL;
    }
    twos(&x, p, n);
    twos(&y, q, n);
    bool nx = x.sign < 0, ny = y.sign < 0, neg;
    for (size_t i = 0; i < n; i++) {
        if (op == BIN_AND)
            p[i] &= q[i];
        else if (op == BIN_OR)
            p[i] |= q[i];
        else
            p[i] ^= q[i];
    }
    neg = op == BIN_AND ? (nx && ny) : op == BIN_OR ? (nx || ny) : (nx != ny);
    if (neg) {
        IntView t = {.sign = -1, .n = n, .d = p};
        twos(&t, q, n);
        memcpy(p, q, n * sizeof(uint32_t));
    }
    dig_free(I, q, n);
    return finish(I, neg ? -1 : 1, p, n, n);
}

Value int_invert(Interp *I, Value a) {
    if (a.tag != KR_TOBJ) return v_int(~a.as.i);
    Value r = int_add(I, a, v_int(1));
    return is_null(r) ? r : int_neg(I, r);
}

/* ---- comparison, hash, sign ---------------------------------------------------------- */

int int_sign(Interp *I, Value v) {
    (void)I;
    if (v.tag != KR_TOBJ) return v.as.i < 0 ? -1 : v.as.i > 0;
    IntView x;
    int_view(v, &x);
    return x.sign;
}

int int_compare(Interp *I, Value a, Value b) {
    (void)I;
    if (a.tag != KR_TOBJ && b.tag != KR_TOBJ) return a.as.i < b.as.i ? -1 : a.as.i > b.as.i;
    IntView x, y;
    int_view(a, &x);
    int_view(b, &y);
    if (x.sign != y.sign) return x.sign < y.sign ? -1 : 1;
    int c = mag_cmp(x.d, x.n, y.d, y.n);
    return x.sign < 0 ? -c : c;
}

int64_t int_hash(Interp *I, Value v) {
    (void)I;
    uint64_t x;
    int sign;
    if (v.tag != KR_TOBJ) {
        int64_t i = v.as.i;
        sign = i < 0 ? -1 : 1;
        uint64_t u = i < 0 ? (uint64_t)(-(i + 1)) + 1 : (uint64_t)i;
        x = u % (uint64_t)HASH_MODULUS;
    } else {
        IntView w;
        int_view(v, &w);
        sign = w.sign;
        x = 0;
        for (size_t i = w.n; i-- > 0;) {
            x = ((x << INT_SHIFT) & (uint64_t)HASH_MODULUS) | (x >> (61 - INT_SHIFT));
            x += w.d[i];
            if (x >= (uint64_t)HASH_MODULUS) x -= (uint64_t)HASH_MODULUS;
        }
    }
    int64_t h = sign < 0 ? -(int64_t)x : (int64_t)x;
    return h == -1 ? -2 : h;
}

bool int_to_i64(Interp *I, Value v, int64_t *out) {
    if (v.tag != KR_TOBJ) {
        *out = v.as.i;
        return true;
    }
    IntView w;
    int_view(v, &w);
    Value r = int_from_digits(I, w.sign, w.d, w.n <= 3 ? w.n : 0);
    if (w.n <= 3 && r.tag == KR_TINT) {
        *out = r.as.i;
        return true;
    }
    err_format(I, TY_OVERFLOW_ERROR, "Python int too large to convert to C long");
    return false;
}

/* ---- double conversions -------------------------------------------------------------- */

/* The top 55 bits of a magnitude with a sticky bit for anything below, and the shift that
 * scales them back: enough for (double) to round correctly (half-even) in one step. */
static uint64_t top_bits(const uint32_t *d, size_t n, size_t nbits, int64_t *shift) {
    if (nbits <= 64) {
        uint64_t u = 0;
        for (size_t i = n; i-- > 0;)
            u = (u << INT_SHIFT) | d[i];
        *shift = 0;
        if (nbits <= 55) return u;
        int s = (int)nbits - 55;
        uint64_t lost = u & (((uint64_t)1 << s) - 1);
        *shift = s;
        return (u >> s) | (lost != 0);
    }
    size_t s = nbits - 55;
    uint64_t u = 0;
    /* gather bits [s, nbits) */
    for (size_t bit = nbits; bit-- > s;) {
        uint32_t dg = d[bit / INT_SHIFT];
        u = (u << 1) | ((dg >> (bit % INT_SHIFT)) & 1);
    }
    bool lost = false;
    for (size_t i = 0; i < s / INT_SHIFT && !lost; i++)
        lost = d[i] != 0;
    if (!lost && s % INT_SHIFT) lost = (d[s / INT_SHIFT] & ((1u << (s % INT_SHIFT)) - 1)) != 0;
    *shift = (int64_t)s;
    return u | lost;
}

double int_to_double(Interp *I, Value v, bool *overflow) {
    *overflow = false;
    if (v.tag != KR_TOBJ) return (double)v.as.i;
    IntView w;
    int_view(v, &w);
    if (w.n == 0) return 0.0;
    size_t nbits = int_bit_length(I, v);
    if (nbits > 1024) {
        *overflow = true;
        return 0.0;
    }
    int64_t shift;
    uint64_t top = top_bits(w.d, w.n, nbits, &shift);
    double r = ldexp((double)top, (int)shift);
    if (isinf(r)) {
        *overflow = true;
        return 0.0;
    }
    return w.sign < 0 ? -r : r;
}

Value int_from_double(Interp *I, double d) {
    if (isinf(d))
        return err_format(I, TY_OVERFLOW_ERROR, "cannot convert float infinity to integer");
    if (isnan(d)) return err_format(I, TY_VALUE_ERROR, "cannot convert float NaN to integer");
    d = trunc(d);
    if (d >= -9223372036854775808.0 && d < 9223372036854775808.0) return v_int((int64_t)d);
    int sign = d < 0 ? -1 : 1;
    int e;
    double m = frexp(fabs(d), &e); /* m in [0.5, 1), e > 63 */
    uint64_t mant = (uint64_t)ldexp(m, 53);
    int sh = e - 53;
    size_t n = (size_t)(e / INT_SHIFT) + 2;
    uint32_t *r = dig_alloc(I, n);
    if (!r) return V_NULL;
    size_t ds = (size_t)sh / INT_SHIFT;
    int bs = sh % INT_SHIFT;
    unsigned __int128 t = (unsigned __int128)mant << bs;
    for (size_t i = ds; t; i++) {
        r[i] = (uint32_t)(t & INT_MASK);
        t >>= INT_SHIFT;
    }
    return finish(I, sign, r, n, n);
}

/* a / b for ints, correctly rounded (CPython's long_true_divide approach: scale so that the
 * quotient keeps DBL_MANT_DIG + 2 bits, with a sticky bit for the remainder). */
Value int_truediv(Interp *I, Value a, Value b) {
    if (int_sign(I, b) == 0) return err_format(I, TY_ZERO_DIVISION_ERROR, "division by zero");
    const int64_t lim = (int64_t)1 << 53;
    if (a.tag != KR_TOBJ && b.tag != KR_TOBJ && a.as.i <= lim && a.as.i >= -lim && b.as.i <= lim &&
        b.as.i >= -lim)
        return v_float((double)a.as.i / (double)b.as.i);
    IntView x, y;
    int_view(a, &x);
    int_view(b, &y);
    int neg = (x.sign < 0) != (y.sign < 0);
    if (x.sign == 0) return v_float(neg ? -0.0 : 0.0);
    int64_t abits = (int64_t)int_bit_length(I, a), bbits = (int64_t)int_bit_length(I, b);
    int64_t diff = abits - bbits;
    if (diff > 1024)
        return err_format(I, TY_OVERFLOW_ERROR, "integer division result too large for a float");
    if (diff < 1 - 1024 - 53) return v_float(neg ? -0.0 : 0.0);
    int64_t shift = (diff > -1021 ? diff : -1021) - 53 - 2;
    /* num = |a| scaled by 2^-shift, den = |b| */
    Value an = int_abs(I, a);
    if (is_null(an)) return an;
    gc_temp_push(I, an);
    bool inexact = false;
    Value num;
    if (shift < 0) {
        num = int_lshift(I, an, v_int(-shift));
    } else {
        num = int_rshift(I, an, v_int(shift));
        if (!is_null(num)) {
            IntView w;
            int_view(an, &w);
            for (int64_t bit = 0; bit < shift && !inexact; bit++)
                inexact = (w.d[bit / INT_SHIFT] >> (bit % INT_SHIFT)) & 1;
        }
    }
    if (is_null(num)) return num;
    gc_temp_push(I, num);
    Value bn = int_abs(I, b);
    if (is_null(bn)) return bn;
    gc_temp_push(I, bn);
    Value rem;
    Value q = int_divmod(I, num, bn, &rem);
    if (is_null(q)) return q;
    if (int_sign(I, rem) != 0) inexact = true;
    /* q < 2^57 */
    uint64_t xq = (uint64_t)q.as.i;
    int xbits = 64 - __builtin_clzll(xq);
    int64_t extra = (xbits > -1021 - shift ? xbits : -1021 - shift) - 53;
    if (extra > 0) {
        uint64_t mask = (uint64_t)1 << (extra - 1);
        uint64_t low = xq | inexact;
        if ((low & mask) && (low & (3 * mask - 1))) low += mask;
        xq = low & ~(2 * mask - 1);
    }
    double dx = (double)xq;
    if (shift + xbits >= 1024 && (shift + xbits > 1024 || dx == ldexp(1.0, xbits)))
        return err_format(I, TY_OVERFLOW_ERROR, "integer division result too large for a float");
    double r = ldexp(dx, (int)shift);
    return v_float(neg ? -r : r);
}

/* ---- pow ----------------------------------------------------------------------------- */

/* Modular inverse by the extended Euclidean algorithm; V_NULL without error if none. */
static Value mod_inverse(Interp *I, Value a, Value m) {
    Value r0 = m, r1 = a, t0 = v_int(0), t1 = v_int(1);
    while (int_sign(I, r1) != 0) {
        Value rem;
        Value q = int_divmod(I, r0, r1, &rem);
        if (is_null(q)) return q;
        gc_temp_push(I, q);
        gc_temp_push(I, rem);
        Value qt = int_mul(I, q, t1);
        if (is_null(qt)) return qt;
        gc_temp_push(I, qt);
        Value nt = int_sub(I, t0, qt);
        if (is_null(nt)) return nt;
        gc_temp_push(I, nt);
        r0 = r1;
        r1 = rem;
        t0 = t1;
        t1 = nt;
    }
    if (int_compare(I, r0, v_int(1)) != 0) {
        err_format(I, TY_VALUE_ERROR, "base is not invertible for the given modulus");
        return V_NULL;
    }
    return int_mod(I, t0, m);
}

static Value pow_small(int64_t base, int64_t exp, bool *ok) {
    int64_t r = 1;
    *ok = true;
    while (exp) {
        if (exp & 1) {
            if (__builtin_mul_overflow(r, base, &r)) {
                *ok = false;
                return V_NULL;
            }
        }
        exp >>= 1;
        if (exp && __builtin_mul_overflow(base, base, &base)) {
            *ok = false;
            return V_NULL;
        }
    }
    return v_int(r);
}

Value int_pow(Interp *I, Value a, Value b, Value mod) {
    bool has_mod = !is_null(mod) && !is_none(mod);
    /* Below, an object operand means a big one: unbox int subclass instances first (an
     * I(0) exponent is not huge). */
    a = int_to_exact(I, a);
    if (is_null(a) || !gc_temp_push(I, a)) return V_NULL;
    b = int_to_exact(I, b);
    if (is_null(b) || !gc_temp_push(I, b)) return V_NULL;
    if (has_mod) {
        mod = int_to_exact(I, mod);
        if (is_null(mod) || !gc_temp_push(I, mod)) return V_NULL;
    }
    if (!has_mod && int_sign(I, b) < 0) {
        bool ov;
        double x = int_to_double(I, a, &ov);
        if (ov) return err_format(I, TY_OVERFLOW_ERROR, "int too large to convert to float");
        double y = int_to_double(I, b, &ov);
        if (ov) return err_format(I, TY_OVERFLOW_ERROR, "int too large to convert to float");
        return float_pow(I, x, y);
    }
    Value m = v_int(0);
    bool negative_out = false;
    if (has_mod) {
        int ms = int_sign(I, mod);
        if (ms == 0) return err_format(I, TY_VALUE_ERROR, "pow() 3rd argument cannot be 0");
        negative_out = ms < 0;
        m = int_abs(I, mod);
        if (is_null(m)) return m;
        gc_temp_push(I, m);
        if (int_compare(I, m, v_int(1)) == 0) return v_int(0);
        if (int_sign(I, b) < 0) {
            Value base = int_mod(I, a, m);
            if (is_null(base)) return base;
            gc_temp_push(I, base);
            a = mod_inverse(I, base, m);
            if (is_null(a)) return a;
            gc_temp_push(I, a);
            b = int_neg(I, b);
            if (is_null(b)) return b;
            gc_temp_push(I, b);
        }
        a = int_mod(I, a, m);
        if (is_null(a)) return a;
        gc_temp_push(I, a);
    } else if (a.tag != KR_TOBJ && b.tag != KR_TOBJ) {
        bool ok;
        Value r = pow_small(a.as.i, b.as.i, &ok);
        if (ok) return r;
    }
    if (!has_mod && b.tag == KR_TOBJ) {
        /* Huge exponent: only 0, 1 and -1 give an answer that fits in memory. */
        int64_t ai;
        if (a.tag != KR_TOBJ && (ai = a.as.i) >= -1 && ai <= 1) {
            IntView w;
            int_view(b, &w);
            return v_int(ai == -1 ? ((w.d[0] & 1) ? -1 : 1) : ai);
        }
        return err_nomem(I);
    }
    IntView e;
    int_view(b, &e);
    size_t nbits = int_bit_length(I, b);
    uint32_t ecopy[3];
    const uint32_t *ed = e.d;
    if (ed == e.small) {
        memcpy(ecopy, e.small, sizeof ecopy);
        ed = ecopy;
    }
    Value r = v_int(1);
    size_t mark = gc_temp_mark(I);
    gc_temp_push(I, b);
    size_t inner = gc_temp_mark(I);
    for (size_t bit = nbits; bit-- > 0;) {
        r = int_mul(I, r, r);
        if (is_null(r)) return r;
        gc_temp_push(I, r);
        if (has_mod) {
            r = int_mod(I, r, m);
            if (is_null(r)) return r;
        }
        if ((ed[bit / INT_SHIFT] >> (bit % INT_SHIFT)) & 1) {
            gc_temp_push(I, r);
            r = int_mul(I, r, a);
            if (is_null(r)) return r;
            if (has_mod) {
                gc_temp_push(I, r);
                r = int_mod(I, r, m);
                if (is_null(r)) return r;
            }
        }
        /* Keep the temp-root stack from growing with the exponent's length. */
        gc_temp_reset(I, inner);
        gc_temp_push(I, r);
    }
    gc_temp_reset(I, mark);
    gc_temp_push(I, r);
    if (negative_out && int_sign(I, r) != 0) r = int_sub(I, r, m);
    return r;
}

/* ---- string conversions -------------------------------------------------------------- */

static const char digit_chars[] = "0123456789abcdefghijklmnopqrstuvwxyz";

static Value str_from_buf(Interp *I, const char *p, size_t n) {
    Str *s = str_new(I, p, n);
    return s ? v_obj(s) : V_NULL;
}

Value int_to_str(Interp *I, Value v, int base) {
    if (v.tag != KR_TOBJ) {
        char buf[72], *p = buf + sizeof buf;
        int64_t i = v.as.i;
        uint64_t u = i < 0 ? (uint64_t)(-(i + 1)) + 1 : (uint64_t)i;
        do {
            *--p = digit_chars[u % (unsigned)base];
            u /= (unsigned)base;
        } while (u);
        if (i < 0) *--p = '-';
        return str_from_buf(I, p, (size_t)(buf + sizeof buf - p));
    }
    IntView w;
    int_view(v, &w);
    if (w.n == 0) return str_from_buf(I, "0", 1); /* an int subclass instance holding 0 */
    size_t nbits = (w.n - 1) * INT_SHIFT + (size_t)digit_bits(w.d[w.n - 1]);
    char *buf;
    size_t cap, len;
    if (base == 10) {
        if (w.n >= 10 * INT_MAX_STR_DIGITS / (3 * INT_SHIFT) + 2) goto too_long;
        uint32_t *t = dig_alloc(I, w.n);
        if (!t) return V_NULL;
        memcpy(t, w.d, w.n * sizeof(uint32_t));
        cap = w.n * 10 + 2;
        buf = mem_alloc(I, cap);
        if (!buf) {
            dig_free(I, t, w.n);
            return V_NULL;
        }
        char *p = buf + cap;
        size_t n = w.n;
        while (n) {
            uint32_t r = mag_divrem1(t, t, n, 1000000000u);
            n = norm_len(t, n);
            for (int k = 0; k < 9 && (n || r); k++) {
                *--p = (char)('0' + r % 10);
                r /= 10;
            }
        }
        dig_free(I, t, w.n);
        len = (size_t)(buf + cap - p);
        if (len > INT_MAX_STR_DIGITS) {
            mem_free(I, buf, cap);
            goto too_long;
        }
        if (w.sign < 0) {
            *--p = '-';
            len++;
        }
        Value r = str_from_buf(I, p, len);
        mem_free(I, buf, cap);
        return r;
    }
    int bits = base == 2 ? 1 : base == 8 ? 3 : 4;
    size_t nch = (nbits + (size_t)bits - 1) / (size_t)bits;
    cap = nch + 1;
    buf = mem_alloc(I, cap);
    if (!buf) return V_NULL;
    char *p = buf + cap;
    for (size_t c = 0; c < nch; c++) {
        unsigned val = 0;
        for (int k = bits - 1; k >= 0; k--) {
            size_t bit = c * (size_t)bits + (size_t)k;
            val <<= 1;
            if (bit < nbits) val |= (w.d[bit / INT_SHIFT] >> (bit % INT_SHIFT)) & 1;
        }
        *--p = digit_chars[val];
    }
    if (w.sign < 0) *--p = '-';
    len = (size_t)(buf + cap - p);
    Value r = str_from_buf(I, p, len);
    mem_free(I, buf, cap);
    return r;
too_long:
    return err_format(I, TY_VALUE_ERROR,
                      "Exceeds the limit (%d digits) for integer string conversion; use "
                      "sys.set_int_max_str_digits() to increase the limit",
                      INT_MAX_STR_DIGITS);
}

static bool is_space(char c) {
    return c == ' ' || (c >= '\t' && c <= '\r') || c == '\x1c' || c == '\x1d' || c == '\x1e' ||
           c == '\x1f';
}

static int digit_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'z') return c - 'a' + 10;
    if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
    return 99;
}

static Value invalid_literal(Interp *I, const char *s, size_t len, int base, bool bytes) {
    Value r;
    if (bytes) {
        r = bytes_repr(I, (const unsigned char *)s, len < 200 ? len : 200);
    } else {
        size_t cut = 0, chars = 0;
        while (cut < len && chars < 200) {
            cut++;
            while (cut < len && ((unsigned char)s[cut] & 0xC0) == 0x80)
                cut++;
            chars++;
        }
        Str *t = utf8_validate(s, cut) < 0 ? str_new(I, s, cut) : NULL;
        if (!t) {
            if (err_occurred(I)) return V_NULL;
            r = bytes_repr(I, (const unsigned char *)s, cut);
        } else {
            r = str_repr(I, t);
        }
    }
    if (is_null(r)) return r;
    return err_format(I, TY_VALUE_ERROR, "invalid literal for int() with base %d: %s", base,
                      as_str(r)->data);
}

/* Parse into digit values, then build the magnitude: bit packing for power-of-two bases,
 * multiply-add by chunks of base^k (k digits at a time, k * log2(base) <= 30) otherwise. */
/* int('٣') is 3: Unicode decimal digits and spaces become their ASCII forms. Returns a
 * mem_alloc'd copy, or NULL when the text has other non-ASCII characters (then the caller
 * parses the original and reports it as CPython does). */
static char *int_text_to_ascii(Interp *I, const char *s, size_t len, size_t *outlen) {
    char *buf = mem_alloc(I, len + 1);
    if (!buf) {
        err_clear(I);
        return NULL;
    }
    size_t pos = 0, n = 0;
    while (pos < len) {
        unsigned char c = (unsigned char)s[pos];
        if (c < 0x80) {
            buf[n++] = (char)c;
            pos++;
            continue;
        }
        uint32_t cp = utf8_decode(s, &pos);
        int d = uni_decimal_value(cp);
        if (d >= 0)
            buf[n++] = (char)('0' + d);
        else if (uni_isspace(cp))
            buf[n++] = ' ';
        else {
            mem_free(I, buf, len + 1);
            return NULL;
        }
    }
    *outlen = n;
    return buf;
}

Value int_from_text(Interp *I, const char *s, size_t len, int base, bool bytes) {
    if (!bytes) {
        size_t i = 0;
        while (i < len && (unsigned char)s[i] < 0x80)
            i++;
        if (i < len) {
            size_t n;
            char *ascii = int_text_to_ascii(I, s, len, &n);
            if (ascii) {
                Value r = int_from_text(I, ascii, n, base, true);
                mem_free(I, ascii, len + 1);
                if (!is_null(r) || !err_matches(I, TY_VALUE_ERROR)) return r;
                err_clear(I); /* report the original text */
            }
        }
    }
    if (base != 0 && (base < 2 || base > 36))
        return err_format(I, TY_VALUE_ERROR, "int() base must be >= 2 and <= 36, or 0");
    const char *p = s, *end = s + len;
    int ebase = base;
    while (p < end && is_space(*p))
        p++;
    while (end > p && is_space(end[-1]))
        end--;
    int sign = 1;
    if (p < end && (*p == '+' || *p == '-')) sign = *p++ == '-' ? -1 : 1;
    bool prefixed = false;
    if (p + 1 < end && p[0] == '0') {
        char c = (char)(p[1] | 0x20);
        int pb = c == 'x' ? 16 : c == 'o' ? 8 : c == 'b' ? 2 : 0;
        if (pb && (base == 0 || base == pb)) {
            ebase = pb;
            p += 2;
            prefixed = true;
        }
    }
    if (ebase == 0) ebase = 10;
    size_t cap = (size_t)(end - p) + 1;
    unsigned char *dv = mem_alloc(I, cap);
    if (!dv) return V_NULL;
    size_t nd = 0;
    bool ok = true, last_us = prefixed; /* an underscore may follow the prefix */
    bool allow_us = prefixed;
    for (const char *q = p; q < end; q++) {
        if (*q == '_') {
            if (!allow_us) {
                ok = false;
                break;
            }
            allow_us = false;
            last_us = true;
            continue;
        }
        int d = digit_value(*q);
        if (d >= ebase) {
            ok = false;
            break;
        }
        dv[nd++] = (unsigned char)d;
        allow_us = true;
        last_us = false;
    }
    if (ok && (nd == 0 || last_us)) ok = false;
    if (ok && base == 0 && !prefixed && dv[0] == 0) {
        for (size_t i = 0; i < nd; i++)
            if (dv[i]) ok = false;
    }
    if (ok && (ebase & (ebase - 1)) != 0 && nd > INT_MAX_STR_DIGITS) {
        mem_free(I, dv, cap);
        return err_format(I, TY_VALUE_ERROR,
                          "Exceeds the limit (%d digits) for integer string conversion: value "
                          "has %zu digits; use sys.set_int_max_str_digits() to increase the "
                          "limit",
                          INT_MAX_STR_DIGITS, nd);
    }
    if (!ok) {
        mem_free(I, dv, cap);
        return invalid_literal(I, s, len, base, bytes);
    }
    if (nd <= 18 && ebase <= 10) {
        int64_t x = 0;
        for (size_t i = 0; i < nd; i++)
            x = x * ebase + dv[i];
        mem_free(I, dv, cap);
        return v_int(sign * x);
    }
    size_t n;
    uint32_t *r;
    if ((ebase & (ebase - 1)) == 0) {
        int bits = __builtin_ctz((unsigned)ebase);
        n = (nd * (size_t)bits) / INT_SHIFT + 1;
        r = dig_alloc(I, n);
        if (!r) {
            mem_free(I, dv, cap);
            return V_NULL;
        }
        size_t bit = 0;
        for (size_t i = nd; i-- > 0; bit += (size_t)bits) {
            for (int k = 0; k < bits; k++)
                if ((dv[i] >> k) & 1) r[(bit + k) / INT_SHIFT] |= 1u << ((bit + k) % INT_SHIFT);
        }
    } else {
        int k = 1;
        uint32_t chunk_base = (uint32_t)ebase;
        while ((uint64_t)chunk_base * (uint64_t)ebase < BASE) {
            chunk_base *= (uint32_t)ebase;
            k++;
        }
        n = nd / (size_t)k + 2;
        r = dig_alloc(I, n);
        if (!r) {
            mem_free(I, dv, cap);
            return V_NULL;
        }
        size_t used = 0, i = 0;
        while (i < nd) {
            uint32_t mul = 1, add = 0;
            for (int j = 0; j < k && i < nd; j++, i++) {
                add = add * (uint32_t)ebase + dv[i];
                mul *= (uint32_t)ebase;
            }
            uint64_t carry = add;
            for (size_t j = 0; j < used; j++) {
                carry += (uint64_t)r[j] * mul;
                r[j] = (uint32_t)(carry & INT_MASK);
                carry >>= INT_SHIFT;
            }
            while (carry) {
                r[used++] = (uint32_t)(carry & INT_MASK);
                carry >>= INT_SHIFT;
            }
        }
    }
    mem_free(I, dv, cap);
    return finish(I, sign, r, n, n);
}

Value int_from_str(Interp *I, const char *s, size_t len, int base) {
    return int_from_text(I, s, len, base, false);
}
