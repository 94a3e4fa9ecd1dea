/* math.c: the math module. Float functions follow CPython 3.11's mathmodule.c: the same
 * argument conversion (float, int, __float__, __index__), the same special-value handling and
 * the same "math domain error" / "math range error" decisions, so results and exceptions
 * match. The integer functions (factorial, comb, perm, gcd, lcm, isqrt) are exact on big
 * ints through the int API of vm/number.h; the float sums (fsum, hypot, dist) use CPython's
 * exact algorithms so they round identically. */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtins.h"

/* ---- argument conversion ---------------------------------------------------------- */

static bool math_to_double(Interp *I, Value v, double *out) {
    if (is_float(v)) {
        *out = v.as.f;
        return true;
    }
    if (is_smallint(v) || is_bool(v)) {
        *out = (double)v.as.i;
        return true;
    }
    if (is_int(I, v)) {
        bool overflow = false;
        double d = int_to_double(I, v, &overflow);
        if (overflow) {
            err_format(I, TY_OVERFLOW_ERROR, "int too large to convert to float");
            return false;
        }
        *out = d;
        return true;
    }
    if (is_float_value(I, v)) {
        *out = float_value(v);
        return true;
    }
    Type *t = type_of(I, v);
    if (!is_null(type_lookup(I, t, I->names.float_))) {
        Value r = obj_call_method(I, v, I->names.float_, 0, NULL);
        if (is_null(r)) return false;
        if (!is_float_value(I, r)) {
            err_format(I, TY_TYPE_ERROR, "%s.__float__ returned non-float (type %s)",
                       type_name(I, v), type_name(I, r));
            return false;
        }
        *out = float_value(r);
        return true;
    }
    if (!is_null(type_lookup(I, t, I->names.index))) {
        Value r = obj_index_value(I, v);
        if (is_null(r)) return false;
        return math_to_double(I, r, out);
    }
    err_format(I, TY_TYPE_ERROR, "must be real number, not %s", type_name(I, v));
    return false;
}

static Value math_domain_error(Interp *I) {
    return err_format(I, TY_VALUE_ERROR, "math domain error");
}
static Value math_range_error(Interp *I) {
    return err_format(I, TY_OVERFLOW_ERROR, "math range error");
}

/* One-argument functions are METH_O in CPython, whose arity message names the module. */
static bool check_one(Interp *I, const char *name, int argc, Tuple *kw) {
    if (argc == 1 && (!kw || kw->len == 0)) return true; /* no name formatting on the hot path */
    char full[32];
    snprintf(full, sizeof full, "math.%s", name);
    return arg_no_kw(I, full, kw) && arg_count(I, full, argc, 1, 1);
}

static bool one_arg(Interp *I, const char *name, int argc, Value *argv, Tuple *kw, double *x) {
    if (!check_one(I, name, argc, kw)) return false;
    return math_to_double(I, argv[0], x);
}

static bool two_args(Interp *I, const char *name, int argc, Value *argv, Tuple *kw, double *x,
                     double *y) {
    if (!arg_no_kw(I, name, kw) || !arg_count(I, name, argc, 2, 2)) return false;
    return math_to_double(I, argv[0], x) && math_to_double(I, argv[1], y);
}

/* CPython's math_1: a nan from a non-nan argument is a domain error; an infinity from a
 * finite argument is an overflow for functions that can overflow, else a domain error (a
 * pole such as atanh(1)). */
static Value math_1(Interp *I, const char *name, int argc, Value *argv, Tuple *kw,
                    double (*fn)(double), bool can_overflow) {
    double x;
    if (!one_arg(I, name, argc, argv, kw, &x)) return V_NULL;
    double r = fn(x);
    if (isnan(r) && !isnan(x)) return math_domain_error(I);
    if (isinf(r) && isfinite(x)) return can_overflow ? math_range_error(I) : math_domain_error(I);
    return v_float(r);
}

#define MATH_FUNC1(pyname, cfn, ovf)                                                               \
    static Value math_##pyname(Interp *I, int argc, Value *argv, Tuple *kw) {                      \
        return math_1(I, #pyname, argc, argv, kw, cfn, ovf);                                       \
    }

MATH_FUNC1(acos, acos, false)
MATH_FUNC1(acosh, acosh, false)
MATH_FUNC1(asin, asin, false)
MATH_FUNC1(asinh, asinh, false)
MATH_FUNC1(atan, atan, false)
MATH_FUNC1(atanh, atanh, false)
MATH_FUNC1(cbrt, cbrt, false)
MATH_FUNC1(cos, cos, false)
MATH_FUNC1(cosh, cosh, true)
MATH_FUNC1(erf, erf, false)
MATH_FUNC1(erfc, erfc, false)
MATH_FUNC1(exp, exp, true)
MATH_FUNC1(exp2, exp2, true)
MATH_FUNC1(expm1, expm1, true)
MATH_FUNC1(fabs, fabs, false)
MATH_FUNC1(sin, sin, false)
MATH_FUNC1(sinh, sinh, true)
MATH_FUNC1(sqrt, sqrt, false)
MATH_FUNC1(tan, tan, false)
MATH_FUNC1(tanh, tanh, false)

static double m_log1p(double x) {
    return x == 0.0 ? x : log1p(x);
}
MATH_FUNC1(log1p, m_log1p, false)

/* gamma and lgamma: CPython's own Lanczos approximation (Modules/mathmodule.c), not the C
 * library's, so that the last digits agree with CPython's. */
#define LANCZOS_N 13
static const double lanczos_g = 6.024680040776729583740234375;
static const double lanczos_g_minus_half = 5.524680040776729583740234375;
static const double lanczos_num_coeffs[LANCZOS_N] = {
    23531376880.410759688572007674451636754734846804940,
    42919803642.649098768957899047001988850926355848959,
    35711959237.355668049440185451547166705960488635843,
    17921034426.037209699919755754458931112671403265390,
    6039542586.3520280050642916443072979210699388420708,
    1439720407.3117216736632230727949123939715485786772,
    248874557.86205415651146038641322942321632125127801,
    31426415.585400194380614231628318205362874684987640,
    2876370.6289353724412254090516208496135991145378768,
    186056.26539522349504029498971604569928220784236328,
    8071.6720023658162106380029022722506138218516325024,
    210.82427775157934587250973392071336271166969580291,
    2.5066282746310002701649081771338373386264310793408};
static const double lanczos_den_coeffs[LANCZOS_N] = {
    0.0,       39916800.0, 120543840.0, 150917976.0, 105258076.0, 45995730.0, 13339535.0,
    2637558.0, 357423.0,   32670.0,     1925.0,      66.0,        1.0};
#define NGAMMA_INTEGRAL 23
static const double gamma_integral[NGAMMA_INTEGRAL] = {
    1.0,
    1.0,
    2.0,
    6.0,
    24.0,
    120.0,
    720.0,
    5040.0,
    40320.0,
    362880.0,
    3628800.0,
    39916800.0,
    479001600.0,
    6227020800.0,
    87178291200.0,
    1307674368000.0,
    20922789888000.0,
    355687428096000.0,
    6402373705728000.0,
    121645100408832000.0,
    2432902008176640000.0,
    51090942171709440000.0,
    1124000727777607680000.0,
};
static const double m_pi = 3.141592653589793238462643383279502884197;
static const double m_logpi = 1.144729885849400174143427351353058711647;

static double lanczos_sum(double x) {
    double num = 0.0, den = 0.0;
    if (x < 5.0) {
        for (int i = LANCZOS_N; --i >= 0;) {
            num = num * x + lanczos_num_coeffs[i];
            den = den * x + lanczos_den_coeffs[i];
        }
    } else {
        for (int i = 0; i < LANCZOS_N; i++) {
            num = num / x + lanczos_num_coeffs[i];
            den = den / x + lanczos_den_coeffs[i];
        }
    }
    return num / den;
}

static double m_sinpi(double x) {
    double y = fmod(fabs(x), 2.0), r;
    int n = (int)round(2.0 * y);
    switch (n) {
    case 0: r = sin(m_pi * y); break;
    case 1: r = cos(m_pi * (y - 0.5)); break;
    case 2: r = sin(m_pi * (1.0 - y)); break;
    case 3: r = -cos(m_pi * (y - 1.5)); break;
    default: r = sin(m_pi * (y - 2.0)); break;
    }
    return copysign(1.0, x) * r;
}

/* *err: 1 domain error, 2 range error */
static double m_tgamma(double x, int *err) {
    if (!isfinite(x)) {
        if (isnan(x) || x > 0.0) return x;
        *err = 1;
        return NAN;
    }
    if (x == 0.0) {
        *err = 1;
        return copysign(HUGE_VAL, x);
    }
    if (x == floor(x)) {
        if (x < 0.0) {
            *err = 1;
            return NAN;
        }
        if (x <= NGAMMA_INTEGRAL) return gamma_integral[(int)x - 1];
    }
    double absx = fabs(x), r, z, sqrtpow;
    if (absx < 1e-20) {
        r = 1.0 / x;
        if (isinf(r)) *err = 2;
        return r;
    }
    if (absx > 200.0) {
        if (x < 0.0) return 0.0 / m_sinpi(x);
        *err = 2;
        return HUGE_VAL;
    }
    volatile double y = absx + lanczos_g_minus_half;
    if (absx > lanczos_g_minus_half) {
        volatile double q = y - absx;
        z = q - lanczos_g_minus_half;
    } else {
        volatile double q = y - lanczos_g_minus_half;
        z = q - absx;
    }
    z = z * lanczos_g / y;
    if (x < 0.0) {
        r = -m_pi / m_sinpi(absx) / absx * exp(y) / lanczos_sum(absx);
        r -= z * r;
        if (absx < 140.0) {
            r /= pow(y, absx - 0.5);
        } else {
            sqrtpow = pow(y, absx / 2.0 - 0.25);
            r /= sqrtpow;
            r /= sqrtpow;
        }
    } else {
        r = lanczos_sum(absx) / exp(y);
        r += z * r;
        if (absx < 140.0) {
            r *= pow(y, absx - 0.5);
        } else {
            sqrtpow = pow(y, absx / 2.0 - 0.25);
            r *= sqrtpow;
            r *= sqrtpow;
        }
    }
    if (isinf(r)) *err = 2;
    return r;
}

static double m_lgamma(double x, int *err) {
    if (!isfinite(x)) return isnan(x) ? x : HUGE_VAL;
    if (x == floor(x) && x <= 2.0) {
        if (x <= 0.0) {
            *err = 1;
            return HUGE_VAL;
        }
        return 0.0;
    }
    double absx = fabs(x);
    if (absx < 1e-20) return -log(absx);
    double r = log(lanczos_sum(absx)) - lanczos_g;
    r += (absx - 0.5) * (log(absx + lanczos_g - 0.5) - 1);
    if (x < 0.0) r = m_logpi - log(fabs(m_sinpi(absx))) - log(absx) - r;
    if (isinf(r)) *err = 2;
    return r;
}

static Value gamma_result(Interp *I, double x, double r, int err) {
    if (isnan(r) && !isnan(x)) err = 1;
    if (err == 1) return math_domain_error(I);
    if (err == 2 && fabs(r) >= 1.5) return math_range_error(I);
    return v_float(r);
}

static Value math_gamma(Interp *I, int argc, Value *argv, Tuple *kw) {
    double x;
    if (!one_arg(I, "gamma", argc, argv, kw, &x)) return V_NULL;
    int err = 0;
    double r = m_tgamma(x, &err);
    return gamma_result(I, x, r, err);
}

static Value math_lgamma(Interp *I, int argc, Value *argv, Tuple *kw) {
    double x;
    if (!one_arg(I, "lgamma", argc, argv, kw, &x)) return V_NULL;
    int err = 0;
    double r = m_lgamma(x, &err);
    return gamma_result(I, x, r, err);
}

/* ---- logarithms: ints of any size (log(10**400)) are split as mantissa * 2**e ---------- */

/* The int v (> 0, too big for a double) as x * 2**e with x in [0.5, 1), x correctly
 * rounded as CPython's _PyLong_Frexp does. */
static double bigint_frexp(Value v, int64_t *e) {
    IntView w;
    int_view(v, &w);
    int64_t nbits = (int64_t)(w.n - 1) * INT_SHIFT;
    for (uint32_t top = w.d[w.n - 1]; top; top >>= 1)
        nbits++;
    /* the top 60 bits, with a sticky bit for the rest, round correctly to 53 */
    uint64_t m = 0;
    int64_t lo = nbits - 60;
    for (int64_t b = nbits - 1; b >= lo && b >= 0; b--)
        m = (m << 1) | ((w.d[b / INT_SHIFT] >> (b % INT_SHIFT)) & 1u);
    bool sticky = false;
    for (int64_t b = 0; b < lo && !sticky; b++) {
        if (b % INT_SHIFT == 0 && lo - b >= INT_SHIFT && w.d[b / INT_SHIFT] == 0) {
            b += INT_SHIFT - 1;
            continue;
        }
        if ((w.d[b / INT_SHIFT] >> (b % INT_SHIFT)) & 1u) sticky = true;
    }
    if (sticky) m |= 1;
    double d = (double)m; /* exact to 53 bits, rounded half-even */
    if (d == 0x1p60) {
        *e = nbits + 1;
        return 0.5;
    }
    *e = nbits;
    return ldexp(d, -60);
}

static double m_log(double x) {
    if (isfinite(x)) {
        if (x > 0.0) return log(x);
        if (x == 0.0) return -INFINITY;
        return NAN;
    }
    if (isnan(x) || x > 0) return x;
    return NAN;
}
static double m_log2(double x) {
    if (!isfinite(x)) return (isnan(x) || x > 0) ? x : NAN;
    if (x > 0.0) return log2(x);
    return x == 0.0 ? -INFINITY : NAN;
}
static double m_log10(double x) {
    if (!isfinite(x)) return (isnan(x) || x > 0) ? x : NAN;
    if (x > 0.0) return log10(x);
    return x == 0.0 ? -INFINITY : NAN;
}

static bool loghelper(Interp *I, Value arg, double (*fn)(double), double *out) {
    if (is_int(I, arg)) {
        if (int_sign(I, arg) <= 0) {
            math_domain_error(I);
            return false;
        }
        bool overflow = false;
        double x = int_to_double(I, arg, &overflow);
        if (overflow) {
            int64_t e;
            x = bigint_frexp(arg, &e);
            *out = fn(x) + fn(2.0) * (double)e;
        } else {
            *out = fn(x);
        }
        return true;
    }
    double x;
    if (!math_to_double(I, arg, &x)) return false;
    double r = fn(x);
    if (isnan(r) && !isnan(x)) {
        math_domain_error(I);
        return false;
    }
    if (isinf(r) && isfinite(x)) {
        math_domain_error(I);
        return false;
    }
    *out = r;
    return true;
}

static Value math_log(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "log", kw) || !arg_count(I, "log", argc, 1, 2)) return V_NULL;
    double num, den;
    if (!loghelper(I, argv[0], m_log, &num)) return V_NULL;
    if (argc == 1) return v_float(num);
    if (!loghelper(I, argv[1], m_log, &den)) return V_NULL;
    if (den == 0.0) return err_format(I, TY_ZERO_DIVISION_ERROR, "float division by zero");
    return v_float(num / den);
}

static Value math_log2(Interp *I, int argc, Value *argv, Tuple *kw) {
    double r;
    if (!check_one(I, "log2", argc, kw)) return V_NULL;
    return loghelper(I, argv[0], m_log2, &r) ? v_float(r) : V_NULL;
}

static Value math_log10(Interp *I, int argc, Value *argv, Tuple *kw) {
    double r;
    if (!check_one(I, "log10", argc, kw)) return V_NULL;
    return loghelper(I, argv[0], m_log10, &r) ? v_float(r) : V_NULL;
}

/* ---- rounding to int ---------------------------------------------------------------- */

/* floor/ceil/trunc: ints are returned as they are; other types may define the dunder;
 * else the float value is rounded. */
static Value round_to_int(Interp *I, const char *name, const char *dunder, int argc, Value *argv,
                          Tuple *kw, double (*fn)(double), bool need_dunder) {
    if (!check_one(I, name, argc, kw)) return V_NULL;
    Value v = argv[0];
    if (is_float(v)) return int_from_double(I, fn(v.as.f));
    if (is_smallint(v)) return v;
    if (is_bool(v) || is_int(I, v)) return int_to_exact(I, v);
    Str *dn = str_intern_cstr(I, dunder);
    if (!dn) return V_NULL;
    if (!is_null(type_lookup(I, type_of(I, v), dn))) return obj_call_method(I, v, dn, 0, NULL);
    if (need_dunder)
        return err_format(I, TY_TYPE_ERROR, "type %s doesn't define %s method", type_name(I, v),
                          dunder);
    double x;
    if (!math_to_double(I, v, &x)) return V_NULL;
    return int_from_double(I, fn(x));
}

static Value math_floor(Interp *I, int argc, Value *argv, Tuple *kw) {
    return round_to_int(I, "floor", "__floor__", argc, argv, kw, floor, false);
}
static Value math_ceil(Interp *I, int argc, Value *argv, Tuple *kw) {
    return round_to_int(I, "ceil", "__ceil__", argc, argv, kw, ceil, false);
}
static Value math_trunc(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (argc == 1 && is_float_value(I, argv[0]) && !is_float(argv[0]))
        return int_from_double(I, trunc(float_value(argv[0])));
    return round_to_int(I, "trunc", "__trunc__", argc, argv, kw, trunc, true);
}

/* ---- two-argument float functions ---------------------------------------------------- */

static Value math_atan2(Interp *I, int argc, Value *argv, Tuple *kw) {
    double y, x;
    if (!two_args(I, "atan2", argc, argv, kw, &y, &x)) return V_NULL;
    return v_float(atan2(y, x));
}

static Value math_copysign(Interp *I, int argc, Value *argv, Tuple *kw) {
    double x, y;
    if (!two_args(I, "copysign", argc, argv, kw, &x, &y)) return V_NULL;
    return v_float(copysign(x, y));
}

static Value math_fmod(Interp *I, int argc, Value *argv, Tuple *kw) {
    double x, y;
    if (!two_args(I, "fmod", argc, argv, kw, &x, &y)) return V_NULL;
    if (isinf(y) && isfinite(x)) return v_float(x);
    double r = fmod(x, y);
    if (isnan(r) && !isnan(x) && !isnan(y)) return math_domain_error(I);
    return v_float(r);
}

static Value math_remainder(Interp *I, int argc, Value *argv, Tuple *kw) {
    double x, y;
    if (!two_args(I, "remainder", argc, argv, kw, &x, &y)) return V_NULL;
    if (isnan(x)) return v_float(x);
    if (isnan(y)) return v_float(y);
    if (isinf(x) || y == 0.0) return math_domain_error(I);
    if (isinf(y)) return v_float(x);
    return v_float(remainder(x, y));
}

static Value math_pow(Interp *I, int argc, Value *argv, Tuple *kw) {
    double x, y, r;
    if (!two_args(I, "pow", argc, argv, kw, &x, &y)) return V_NULL;
    if (!isfinite(x) || !isfinite(y)) {
        if (isnan(x))
            r = y == 0. ? 1. : x;
        else if (isnan(y))
            r = x == 1. ? 1. : y;
        else if (isinf(x)) {
            bool odd_y = isfinite(y) && fmod(fabs(y), 2.0) == 1.0;
            if (y > 0.)
                r = odd_y ? x : fabs(x);
            else if (y == 0.)
                r = 1.;
            else
                r = odd_y ? copysign(0., x) : 0.;
        } else {
            if (fabs(x) == 1.0)
                r = 1.;
            else if (y > 0. && fabs(x) > 1.0)
                r = y;
            else if (y < 0. && fabs(x) < 1.0)
                r = -y;
            else
                r = 0.;
        }
        return v_float(r);
    }
    r = pow(x, y);
    if (isnan(r)) return math_domain_error(I);
    if (isinf(r)) return x == 0. ? math_domain_error(I) : math_range_error(I);
    return v_float(r);
}

static Value math_degrees(Interp *I, int argc, Value *argv, Tuple *kw) {
    double x;
    if (!one_arg(I, "degrees", argc, argv, kw, &x)) return V_NULL;
    return v_float(x * (180.0 / M_PI));
}

static Value math_radians(Interp *I, int argc, Value *argv, Tuple *kw) {
    double x;
    if (!one_arg(I, "radians", argc, argv, kw, &x)) return V_NULL;
    return v_float(x * (M_PI / 180.0));
}

static Value math_modf(Interp *I, int argc, Value *argv, Tuple *kw) {
    double x, ip, fp;
    if (!one_arg(I, "modf", argc, argv, kw, &x)) return V_NULL;
    if (isinf(x)) {
        ip = x;
        fp = copysign(0.0, x);
    } else {
        fp = modf(x, &ip);
    }
    Tuple *t = tuple_pack(I, 2, v_float(fp), v_float(ip));
    return t ? v_obj(t) : V_NULL;
}

static Value math_frexp(Interp *I, int argc, Value *argv, Tuple *kw) {
    double x;
    int e = 0;
    if (!one_arg(I, "frexp", argc, argv, kw, &x)) return V_NULL;
    if (!isnan(x) && !isinf(x) && x != 0.0) x = frexp(x, &e);
    Tuple *t = tuple_pack(I, 2, v_float(x), v_int(e));
    return t ? v_obj(t) : V_NULL;
}

static Value math_ldexp(Interp *I, int argc, Value *argv, Tuple *kw) {
    double x;
    if (!arg_no_kw(I, "ldexp", kw) || !arg_count(I, "ldexp", argc, 2, 2)) return V_NULL;
    if (!math_to_double(I, argv[0], &x)) return V_NULL;
    if (!is_int(I, argv[1]))
        return err_format(I, TY_TYPE_ERROR, "Expected an int as second argument to ldexp.");
    if (x == 0.0 || !isfinite(x)) return v_float(x);
    int64_t e;
    if (is_bigint(I, argv[1]))
        e = int_sign(I, argv[1]) > 0 ? INT64_MAX : INT64_MIN;
    else
        e = argv[1].as.i;
    if (e > INT32_MAX) return math_range_error(I);
    if (e < INT32_MIN) return v_float(copysign(0.0, x));
    double r = ldexp(x, (int)e);
    if (isinf(r)) return math_range_error(I);
    return v_float(r);
}

static Value math_nextafter(Interp *I, int argc, Value *argv, Tuple *kw) {
    double x, y;
    if (!two_args(I, "nextafter", argc, argv, kw, &x, &y)) return V_NULL;
    return v_float(nextafter(x, y));
}

static Value math_ulp(Interp *I, int argc, Value *argv, Tuple *kw) {
    double x;
    if (!one_arg(I, "ulp", argc, argv, kw, &x)) return V_NULL;
    if (isnan(x)) return v_float(x);
    x = fabs(x);
    if (isinf(x)) return v_float(x);
    double x2 = nextafter(x, INFINITY);
    if (isinf(x2)) {
        x2 = nextafter(x, -INFINITY);
        return v_float(x - x2);
    }
    return v_float(x2 - x);
}

static Value bool_fn(Interp *I, const char *name, int argc, Value *argv, Tuple *kw, int which) {
    double x;
    if (!one_arg(I, name, argc, argv, kw, &x)) return V_NULL;
    if (which == 0) return v_bool(isfinite(x));
    if (which == 1) return v_bool(isinf(x));
    return v_bool(isnan(x));
}
static Value math_isfinite(Interp *I, int argc, Value *argv, Tuple *kw) {
    return bool_fn(I, "isfinite", argc, argv, kw, 0);
}
static Value math_isinf(Interp *I, int argc, Value *argv, Tuple *kw) {
    return bool_fn(I, "isinf", argc, argv, kw, 1);
}
static Value math_isnan(Interp *I, int argc, Value *argv, Tuple *kw) {
    return bool_fn(I, "isnan", argc, argv, kw, 2);
}

static Value math_isclose(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"a", "b", "rel_tol", "abs_tol"};
    Value a[4];
    if (!arg_parse(I, "isclose", argc, argv, kw, names, 4, 2, 2, a)) return V_NULL;
    double x, y, rel_tol = 1e-09, abs_tol = 0.0;
    if (!math_to_double(I, a[0], &x) || !math_to_double(I, a[1], &y)) return V_NULL;
    if (!is_null(a[2]) && !math_to_double(I, a[2], &rel_tol)) return V_NULL;
    if (!is_null(a[3]) && !math_to_double(I, a[3], &abs_tol)) return V_NULL;
    if (rel_tol < 0.0 || abs_tol < 0.0)
        return err_format(I, TY_VALUE_ERROR, "tolerances must be non-negative");
    if (x == y) return V_TRUE;
    if (isinf(x) || isinf(y)) return V_FALSE;
    double diff = fabs(y - x);
    return v_bool(((diff <= fabs(rel_tol * y)) || (diff <= fabs(rel_tol * x))) ||
                  (diff <= abs_tol));
}

/* ---- exact sums and norms ------------------------------------------------------------ */

/* fsum: Shewchuk's exact partials with CPython's final correct rounding (msum). */
static Value math_fsum(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!check_one(I, "fsum", argc, kw)) return V_NULL;
    Value it = obj_iter(I, argv[0]);
    if (is_null(it)) return V_NULL;
    size_t n = 0, cap = 32;
    double *p = mem_alloc(I, cap * sizeof(double));
    if (!p) return V_NULL;
    double special_sum = 0.0, inf_sum = 0.0, x, y, t, hi, yr, lo = 0.0;
    Value result = V_NULL;
    for (;;) {
        Value item;
        int got = obj_next_item(I, it, &item);
        if (got < 0) goto done;
        if (got == 0) break;
        if (!math_to_double(I, item, &x)) goto done;
        double xsave = x;
        size_t i = 0;
        for (size_t j = 0; j < n; j++) {
            y = p[j];
            if (fabs(x) < fabs(y)) {
                t = x;
                x = y;
                y = t;
            }
            hi = x + y;
            yr = hi - x;
            lo = y - yr;
            if (lo != 0.0) p[i++] = lo;
            x = hi;
        }
        n = i;
        if (x != 0.0) {
            if (!isfinite(x)) {
                /* a nonfinite x could arise from an overflow or from a special input */
                if (isfinite(xsave)) {
                    err_format(I, TY_OVERFLOW_ERROR, "intermediate overflow in fsum");
                    goto done;
                }
                if (isinf(xsave)) inf_sum += xsave;
                special_sum += xsave;
                n = 0;
            } else {
                if (n >= cap) {
                    double *np = mem_realloc(I, p, cap * sizeof(double), 2 * cap * sizeof(double));
                    if (!np) goto done;
                    p = np;
                    cap *= 2;
                }
                p[n++] = x;
            }
        }
    }
    if (special_sum != 0.0) {
        if (isnan(inf_sum))
            err_format(I, TY_VALUE_ERROR, "-inf + inf in fsum");
        else
            result = v_float(special_sum);
        goto done;
    }
    hi = 0.0;
    if (n > 0) {
        hi = p[--n];
        /* sum_exact(ps, hi) from the top, stop when the sum becomes inexact */
        while (n > 0) {
            x = hi;
            y = p[--n];
            hi = x + y;
            yr = hi - x;
            lo = y - yr;
            if (lo != 0.0) break;
        }
        /* round-half-even across the remaining partials, as CPython does */
        if (n > 0 && ((lo < 0.0 && p[n - 1] < 0.0) || (lo > 0.0 && p[n - 1] > 0.0))) {
            y = lo * 2.0;
            x = hi + y;
            yr = x - hi;
            if (y == yr) hi = x;
        }
    }
    result = v_float(hi);
done:
    mem_free(I, p, cap * sizeof(double));
    return result;
}

/* Double-length arithmetic for vector_norm: exact products and sums. */
typedef struct {
    double hi, lo;
} DoubleLength;

static DoubleLength dl_fast_sum(double a, double b) {
    double x = a + b;
    double z = x - a;
    double y = b - z;
    return (DoubleLength){x, y};
}

static DoubleLength dl_mul(double x, double y) {
    double z = x * y;
    double zz = fma(x, y, -z);
    return (DoubleLength){z, zz};
}

/* CPython 3.11's vector_norm: the scaled sum of squares kept exact in a double-length
 * accumulator, a square root and one differential correction; correctly rounded in nearly
 * every case and identical to CPython's result. */
static double vector_norm(size_t n, double *vec, double max, bool found_nan) {
    double x, h, scale, csum = 1.0, frac1 = 0.0, frac2 = 0.0;
    DoubleLength pr, sm;
    int max_e;
    if (isinf(max)) return max;
    if (found_nan) return NAN;
    if (max == 0.0 || n <= 1) return max;
    frexp(max, &max_e);
    if (max_e < -1023) {
        for (size_t i = 0; i < n; i++)
            vec[i] /= DBL_MIN;
        return DBL_MIN * vector_norm(n, vec, max / DBL_MIN, found_nan);
    }
    scale = ldexp(1.0, -max_e);
    for (size_t i = 0; i < n; i++) {
        x = vec[i] * scale;
        pr = dl_mul(x, x);
        sm = dl_fast_sum(csum, pr.hi);
        csum = sm.hi;
        frac1 += pr.lo;
        frac2 += sm.lo;
    }
    h = sqrt(csum - 1.0 + (frac1 + frac2));
    pr = dl_mul(-h, h);
    sm = dl_fast_sum(csum, pr.hi);
    csum = sm.hi;
    frac1 += pr.lo;
    frac2 += sm.lo;
    x = csum - 1.0 + (frac1 + frac2);
    h += x / (2.0 * h);
    return h / scale;
}

static Value math_hypot(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "hypot", kw)) return V_NULL;
    double small[16], *vec = small, max = 0.0;
    bool found_nan = false;
    if (argc > 16 && !(vec = mem_alloc(I, (size_t)argc * sizeof(double)))) return V_NULL;
    Value r = V_NULL;
    for (int i = 0; i < argc; i++) {
        double x;
        if (!math_to_double(I, argv[i], &x)) goto done;
        x = fabs(x);
        vec[i] = x;
        found_nan |= isnan(x);
        if (x > max) max = x;
    }
    r = v_float(vector_norm((size_t)argc, vec, max, found_nan));
done:
    if (vec != small) mem_free(I, vec, (size_t)argc * sizeof(double));
    return r;
}

static Value math_dist(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "dist", kw) || !arg_count(I, "dist", argc, 2, 2)) return V_NULL;
    Tuple *p = NULL, *q = NULL;
    for (int k = 0; k < 2; k++) {
        Value v = argv[k];
        Tuple *t;
        if (is_obj(v) && type_of(I, v) == I->types[TY_TUPLE]) {
            t = as_tuple(v);
        } else {
            if (!is_obj(v) ||
                !(type_of(I, v) == I->types[TY_LIST] || is_instance(I, v, I->types[TY_TUPLE]) ||
                  is_instance(I, v, I->types[TY_LIST])))
                return err_format(I, TY_TYPE_ERROR, "dist() argument %d must be tuple, not %s",
                                  k + 1, type_name(I, v));
            t = tuple_from_iter(I, v);
            if (!t) return V_NULL;
        }
        if (k == 0)
            p = t;
        else
            q = t;
    }
    if (p->len != q->len)
        return err_format(I, TY_VALUE_ERROR, "both points must have the same number of dimensions");
    size_t n = p->len;
    double small[16], *vec = small, max = 0.0;
    bool found_nan = false;
    if (n > 16 && !(vec = mem_alloc(I, n * sizeof(double)))) return V_NULL;
    Value r = V_NULL;
    for (size_t i = 0; i < n; i++) {
        double a, b;
        if (!math_to_double(I, p->items[i], &a) || !math_to_double(I, q->items[i], &b)) goto done;
        double x = fabs(a - b);
        vec[i] = x;
        found_nan |= isnan(x);
        if (x > max) max = x;
    }
    r = v_float(vector_norm(n, vec, max, found_nan));
done:
    if (vec != small) mem_free(I, vec, n * sizeof(double));
    return r;
}

static Value math_prod(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"iterable", "start"};
    Value a[2];
    if (!arg_parse(I, "prod", argc, argv, kw, names, 2, 1, 1, a)) return V_NULL;
    Value acc = is_null(a[1]) ? v_int(1) : a[1];
    Value it = obj_iter(I, a[0]);
    if (is_null(it)) return V_NULL;
    size_t mark = gc_temp_mark(I);
    for (;;) {
        Value item;
        int got = obj_next_item(I, it, &item);
        if (got < 0) return V_NULL;
        if (got == 0) break;
        acc = obj_binop(I, acc, item, BIN_MUL);
        if (is_null(acc)) return V_NULL;
        /* drop the intermediates of long products; keep the iterator and the total */
        gc_temp_reset(I, mark);
        if (!gc_temp_push(I, it) || !gc_temp_push(I, acc)) return V_NULL;
    }
    return acc;
}

/* ---- exact integer functions ---------------------------------------------------------- */

/* The product acc * n * (n-1) * ... * (n-k+1) (k terms), multiplying small factors together
 * in int64 before touching the big accumulator, and dropping intermediates as it goes. */
static Value mul_falling(Interp *I, Value n, int64_t k) {
    Value acc = v_int(1);
    size_t mark = gc_temp_mark(I);
    int64_t nsmall;
    bool small = is_smallint(n) && n.as.i < (INT64_C(1) << 31);
    nsmall = small ? n.as.i : 0;
    int64_t i = 0;
    while (i < k) {
        Value f;
        if (small) {
            int64_t chunk = 1;
            while (i < k && chunk <= INT64_MAX / (INT64_C(1) << 31))
                chunk *= nsmall - i++;
            f = v_int(chunk);
        } else {
            f = int_sub(I, n, v_int(i++));
            if (is_null(f)) return V_NULL;
        }
        acc = int_mul(I, acc, f);
        if (is_null(acc)) return V_NULL;
        gc_temp_reset(I, mark);
        if (!gc_temp_push(I, acc) || !gc_temp_push(I, n)) return V_NULL;
    }
    return acc;
}

static Value math_factorial(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!check_one(I, "factorial", argc, kw)) return V_NULL;
    Value n = obj_index_value(I, argv[0]);
    if (is_null(n)) return V_NULL;
    if (int_sign(I, n) < 0)
        return err_format(I, TY_VALUE_ERROR, "factorial() not defined for negative values");
    if (!is_smallint(n))
        return err_format(I, TY_OVERFLOW_ERROR, "factorial() argument should not exceed %lld",
                          (long long)INT64_MAX);
    return mul_falling(I, n, n.as.i);
}

static bool nonneg_index(Interp *I, Value v, const char *what, Value *out) {
    *out = obj_index_value(I, v);
    if (is_null(*out)) return false;
    if (int_sign(I, *out) < 0) {
        err_format(I, TY_VALUE_ERROR, "%s must be a non-negative integer", what);
        return false;
    }
    return true;
}

static Value math_perm(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "perm", kw) || !arg_count(I, "perm", argc, 1, 2)) return V_NULL;
    Value n, k;
    if (!nonneg_index(I, argv[0], "n", &n)) return V_NULL;
    if (argc == 1 || is_none(argv[1])) {
        if (!is_smallint(n))
            return err_format(I, TY_OVERFLOW_ERROR, "n must not exceed %lld", (long long)INT64_MAX);
        return mul_falling(I, n, n.as.i);
    }
    if (!nonneg_index(I, argv[1], "k", &k)) return V_NULL;
    if (int_compare(I, k, n) > 0) return v_int(0);
    if (!is_smallint(k))
        return err_format(I, TY_OVERFLOW_ERROR, "k must not exceed %lld", (long long)INT64_MAX);
    return mul_falling(I, n, k.as.i);
}

static Value math_comb(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "comb", kw) || !arg_count(I, "comb", argc, 2, 2)) return V_NULL;
    Value n, k;
    if (!nonneg_index(I, argv[0], "n", &n) || !nonneg_index(I, argv[1], "k", &k)) return V_NULL;
    if (int_compare(I, k, n) > 0) return v_int(0);
    Value d = int_sub(I, n, k);
    if (is_null(d)) return V_NULL;
    if (int_compare(I, d, k) < 0) k = d;
    if (!is_smallint(k))
        return err_format(I, TY_OVERFLOW_ERROR, "min(n - k, k) must not exceed %lld",
                          (long long)INT64_MAX);
    /* result = result * (n - i) // (i + 1): every prefix is itself a binomial, so exact */
    Value acc = v_int(1);
    size_t mark = gc_temp_mark(I);
    for (int64_t i = 0; i < k.as.i; i++) {
        Value f = int_sub(I, n, v_int(i));
        if (is_null(f) || is_null(acc = int_mul(I, acc, f))) return V_NULL;
        if (is_null(acc = int_floordiv(I, acc, v_int(i + 1)))) return V_NULL;
        gc_temp_reset(I, mark);
        if (!gc_temp_push(I, acc) || !gc_temp_push(I, n)) return V_NULL;
    }
    return acc;
}

static Value gcd2(Interp *I, Value a, Value b) {
    if (is_smallint(a) && is_smallint(b) && a.as.i != INT64_MIN && b.as.i != INT64_MIN) {
        uint64_t x = (uint64_t)llabs(a.as.i), y = (uint64_t)llabs(b.as.i);
        while (y) {
            uint64_t t = x % y;
            x = y;
            y = t;
        }
        return int_from_u64(I, x);
    }
    a = int_abs(I, a);
    if (is_null(a) || is_null(b = int_abs(I, b))) return V_NULL;
    while (int_sign(I, b) != 0) {
        Value t = int_mod(I, a, b);
        if (is_null(t)) return V_NULL;
        a = b;
        b = t;
    }
    return a;
}

static Value math_gcd(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "gcd", kw)) return V_NULL;
    Value g = v_int(0);
    for (int i = 0; i < argc; i++) {
        Value x = obj_index_value(I, argv[i]);
        if (is_null(x) || is_null(g = gcd2(I, g, x))) return V_NULL;
    }
    return g;
}

static Value math_lcm(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "lcm", kw)) return V_NULL;
    Value acc = v_int(1);
    for (int i = 0; i < argc; i++) {
        Value x = obj_index_value(I, argv[i]);
        if (is_null(x)) return V_NULL;
        if (int_sign(I, acc) == 0 || int_sign(I, x) == 0) {
            acc = v_int(0);
            continue;
        }
        Value g = gcd2(I, acc, x);
        if (is_null(g) || is_null(acc = int_floordiv(I, acc, g)) ||
            is_null(acc = int_mul(I, acc, x)) || is_null(acc = int_abs(I, acc)))
            return V_NULL;
    }
    return acc;
}

static Value math_isqrt(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!check_one(I, "isqrt", argc, kw)) return V_NULL;
    Value n = obj_index_value(I, argv[0]);
    if (is_null(n)) return V_NULL;
    if (int_sign(I, n) < 0)
        return err_format(I, TY_VALUE_ERROR, "isqrt() argument must be nonnegative");
    if (is_smallint(n)) {
        uint64_t v = (uint64_t)n.as.i, s = (uint64_t)sqrt((double)v);
        while (s > 0 && (unsigned __int128)s * s > v)
            s--;
        while ((unsigned __int128)(s + 1) * (s + 1) <= v)
            s++;
        return int_from_u64(I, s);
    }
    /* Newton's iteration from above converges to the floor of the root */
    size_t bits = int_bit_length(I, n);
    Value x = int_lshift(I, v_int(1), v_int((int64_t)(bits + 1) / 2));
    if (is_null(x)) return V_NULL;
    size_t mark = gc_temp_mark(I);
    for (;;) {
        Value q = int_floordiv(I, n, x);
        if (is_null(q)) return V_NULL;
        Value y = int_add(I, x, q);
        if (is_null(y) || is_null(y = int_rshift(I, y, v_int(1)))) return V_NULL;
        if (int_compare(I, y, x) >= 0) break;
        x = y;
        gc_temp_reset(I, mark);
        if (!gc_temp_push(I, x) || !gc_temp_push(I, n)) return V_NULL;
    }
    return x;
}

static const MethodDef math_functions[] = {
    {"acos", math_acos, 0},
    {"acosh", math_acosh, 0},
    {"asin", math_asin, 0},
    {"asinh", math_asinh, 0},
    {"atan", math_atan, 0},
    {"atan2", math_atan2, 0},
    {"atanh", math_atanh, 0},
    {"cbrt", math_cbrt, 0},
    {"ceil", math_ceil, 0},
    {"comb", math_comb, 0},
    {"copysign", math_copysign, 0},
    {"cos", math_cos, 0},
    {"cosh", math_cosh, 0},
    {"degrees", math_degrees, 0},
    {"dist", math_dist, 0},
    {"erf", math_erf, 0},
    {"erfc", math_erfc, 0},
    {"exp", math_exp, 0},
    {"exp2", math_exp2, 0},
    {"expm1", math_expm1, 0},
    {"fabs", math_fabs, 0},
    {"factorial", math_factorial, 0},
    {"floor", math_floor, 0},
    {"fmod", math_fmod, 0},
    {"frexp", math_frexp, 0},
    {"fsum", math_fsum, 0},
    {"gamma", math_gamma, 0},
    {"gcd", math_gcd, 0},
    {"hypot", math_hypot, 0},
    {"isclose", math_isclose, 0},
    {"isfinite", math_isfinite, 0},
    {"isinf", math_isinf, 0},
    {"isnan", math_isnan, 0},
    {"isqrt", math_isqrt, 0},
    {"lcm", math_lcm, 0},
    {"ldexp", math_ldexp, 0},
    {"lgamma", math_lgamma, 0},
    {"log", math_log, 0},
    {"log10", math_log10, 0},
    {"log1p", math_log1p, 0},
    {"log2", math_log2, 0},
    {"modf", math_modf, 0},
    {"nextafter", math_nextafter, 0},
    {"perm", math_perm, 0},
    {"pow", math_pow, 0},
    {"prod", math_prod, 0},
    {"radians", math_radians, 0},
    {"remainder", math_remainder, 0},
    {"sin", math_sin, 0},
    {"sinh", math_sinh, 0},
    {"sqrt", math_sqrt, 0},
    {"tan", math_tan, 0},
    {"tanh", math_tanh, 0},
    {"trunc", math_trunc, 0},
    {"ulp", math_ulp, 0},
    {NULL, NULL, 0},
};

Module *math_module_create(Interp *I) {
    Str *name = str_intern_cstr(I, "math");
    Module *m = name ? module_new(I, name) : NULL;
    if (!m || module_add_functions(I, m, math_functions) < 0) return NULL;
    if (module_set(I, m, "pi", v_float(M_PI)) < 0 || module_set(I, m, "e", v_float(M_E)) < 0 ||
        module_set(I, m, "tau", v_float(2 * M_PI)) < 0 ||
        module_set(I, m, "inf", v_float(INFINITY)) < 0 || module_set(I, m, "nan", v_float(NAN)) < 0)
        return NULL;
    return m;
}
