/* float_repr.c: Python's repr of a float, the shortest decimal string that reads back as the
 * same double, laid out as CPython does ('0.1', '1e+16', '1e-05', '123.0', 'inf', '-0.0').
 *
 * The shortest digits come from trying 1..17 significant digits with the C library's
 * correctly rounded "%.*e" and keeping the first that strtod maps back to the same double.
 * That is slower than a dedicated algorithm (Ryu, Grisu) but obviously correct, and a
 * float repr is rarely on a hot path. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "number.h"
#include "str.h"

int float_shortest_digits(double d, char *digits, int *exp10) {
    char tmp[40];
    d = fabs(d);
    if (d == 0.0) {
        digits[0] = '0';
        digits[1] = 0;
        *exp10 = 0;
        return 1;
    }
    for (int p = 1; p <= 17; p++) {
        snprintf(tmp, sizeof tmp, "%.*e", p - 1, d);
        if (strtod(tmp, NULL) == d || p == 17) break;
    }
    /* tmp is "D[.DDD]e[+-]XX" */
    int n = 0;
    const char *s = tmp;
    for (; *s && *s != 'e'; s++)
        if (*s != '.') digits[n++] = *s;
    *exp10 = atoi(s + 1);
    while (n > 1 && digits[n - 1] == '0')
        n--;
    digits[n] = 0;
    return n;
}

int float_repr_buf(double d, char *buf) {
    if (isnan(d)) return (int)strlen(strcpy(buf, "nan"));
    if (isinf(d)) return (int)strlen(strcpy(buf, d > 0 ? "inf" : "-inf"));
    char digits[20];
    int e, n = float_shortest_digits(d, digits, &e);
    char *p = buf;
    if (signbit(d)) *p++ = '-';
    if (e >= -4 && e < 16) {
        if (e < 0) {
            *p++ = '0';
            *p++ = '.';
            for (int i = 0; i < -e - 1; i++)
                *p++ = '0';
            memcpy(p, digits, (size_t)n);
            p += n;
        } else if (n <= e + 1) {
            memcpy(p, digits, (size_t)n);
            p += n;
            for (int i = n; i < e + 1; i++)
                *p++ = '0';
            *p++ = '.';
            *p++ = '0';
        } else {
            memcpy(p, digits, (size_t)e + 1);
            p += e + 1;
            *p++ = '.';
            memcpy(p, digits + e + 1, (size_t)(n - e - 1));
            p += n - e - 1;
        }
    } else {
        *p++ = digits[0];
        if (n > 1) {
            *p++ = '.';
            memcpy(p, digits + 1, (size_t)n - 1);
            p += n - 1;
        }
        p += sprintf(p, "e%c%02d", e < 0 ? '-' : '+', e < 0 ? -e : e);
    }
    *p = 0;
    return (int)(p - buf);
}

Value float_repr(Interp *I, double d) {
    char buf[40];
    int n = float_repr_buf(d, buf);
    Str *s = str_new(I, buf, (size_t)n);
    return s ? v_obj(s) : V_NULL;
}
