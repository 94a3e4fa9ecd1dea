/* cuda_source.c: what every generator of CUDA C shares (the kernel library, the tile
 * compiler): the growable source buffer, the prelude every generated kernel starts with,
 * and dtype names and conversions for generated code. See cuda_source.h. */
#include "cuda_source.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ksrc_init(KSource *s, GpuState *G) {
    memset(s, 0, sizeof *s);
    s->G = G;
}

void ksrc_free(KSource *s) {
    if (s->buf) gpu_host_free(s->G, s->buf, s->cap);
    s->buf = NULL;
    s->len = s->cap = 0;
}

static bool ksrc_reserve(KSource *s, size_t extra) {
    if (s->failed) return false;
    if (s->len + extra + 1 <= s->cap) return true;
    size_t ncap = s->cap ? s->cap : 4096;
    while (ncap < s->len + extra + 1)
        ncap *= 2;
    char *nb = gpu_host_realloc(s->G, s->buf, s->cap, ncap);
    if (!nb) {
        s->failed = true;
        return false;
    }
    s->buf = nb;
    s->cap = ncap;
    return true;
}

void ksrc_puts(KSource *s, const char *text) {
    size_t n = strlen(text);
    if (!ksrc_reserve(s, n)) return;
    memcpy(s->buf + s->len, text, n + 1);
    s->len += n;
}

void ksrc_printf(KSource *s, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    char small[512];
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) {
        s->failed = true;
        return;
    }
    if ((size_t)n < sizeof small) {
        ksrc_puts(s, small);
        return;
    }
    if (!ksrc_reserve(s, (size_t)n)) return;
    va_start(ap, fmt);
    vsnprintf(s->buf + s->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    s->len += (size_t)n;
}

const char kernels_prelude[] =
    "typedef unsigned long long u64;\n"
    "typedef long long i64;\n"
    "struct __align__(2) kr_half { unsigned short x; };\n"
    "struct __align__(2) kr_bf16 { unsigned short x; };\n"
    "template <class T, int V> struct __align__(sizeof(T) * V) kr_vec { T v[V]; };\n"
    "__device__ __forceinline__ float kr_ld(kr_half h) {\n"
    "    float f; asm(\"cvt.f32.f16 %0, %1;\" : \"=f\"(f) : \"h\"(h.x)); return f; }\n"
    "__device__ __forceinline__ float kr_ld(kr_bf16 h) {\n"
    "    return __uint_as_float(((unsigned)h.x) << 16); }\n"
    "template <class T> __device__ __forceinline__ T kr_ld(T x) { return x; }\n"
    /* int8 into a float through a 32-bit register held by an empty asm: NVRTC (CUDA 13.0)
     * converts lane 0 of each word of a vector-loaded int8 sum or difference without its
     * sign extension (cvt.rn.f64.s16 of the add.s16 result, which still holds the next
     * byte: +256 x that element), so the sign extension is made to happen first. */
    "__device__ __forceinline__ int kr_s8(signed char x) {\n"
    "    int i = x; asm(\"\" : \"+r\"(i)); return i; }\n"
    "__device__ __forceinline__ kr_half kr_to_f16(float f) {\n"
    "    kr_half h; asm(\"cvt.rn.f16.f32 %0, %1;\" : \"=h\"(h.x) : \"f\"(f)); return h; }\n"
    "__device__ __forceinline__ kr_half kr_to_f16(double d) {\n"
    "    kr_half h; asm(\"cvt.rn.f16.f64 %0, %1;\" : \"=h\"(h.x) : \"d\"(d)); return h; }\n"
    "__device__ __forceinline__ kr_bf16 kr_to_bf16(float f) {\n"
    "    kr_bf16 h; asm(\"cvt.rn.bf16.f32 %0, %1;\" : \"=h\"(h.x) : \"f\"(f)); return h; }\n"
    "__device__ __forceinline__ kr_bf16 kr_to_bf16(double d) { return kr_to_bf16((float)d); }\n"
    "__device__ __forceinline__ float kr_rh(float f) { return kr_ld(kr_to_f16(f)); }\n"
    "__device__ __forceinline__ float kr_rb(float f) { return kr_ld(kr_to_bf16(f)); }\n"
    "template <class T> __device__ __forceinline__ bool kr_signed() { return T(-1) < T(0); }\n"
    "template <class T> __device__ __forceinline__ T kr_floordiv(T a, T b) {\n"
    "    if (b == 0) return 0;\n"
    "    if (kr_signed<T>() && b == T(-1)) return (T)(0ull - (u64)a);\n"
    "    T q = a / b;\n"
    "    if ((a % b != 0) && ((a < 0) != (b < 0))) q--;\n"
    "    return q; }\n"
    "template <class T> __device__ __forceinline__ T kr_mod(T a, T b) {\n"
    "    if (b == 0 || (kr_signed<T>() && b == T(-1))) return 0;\n"
    "    T r = a % b;\n"
    "    if (r != 0 && ((r < 0) != (b < 0))) r += b;\n"
    "    return r; }\n"
    "template <class F> __device__ __forceinline__ F kr_fdivmod(F a, F b, F *modp) {\n"
    "    F mod = fmod(a, b);\n"
    "    if (b == 0) { *modp = mod; return a / b; }\n"
    "    F div = (a - mod) / b;\n"
    "    if (mod != 0) { if ((b < 0) != (mod < 0)) { mod += b; div -= F(1); } }\n"
    "    else mod = copysign(F(0), b);\n"
    "    F fd;\n"
    "    if (div != 0) { fd = floor(div); if (div - fd > F(0.5)) fd += F(1); }\n"
    "    else fd = copysign(F(0), a / b);\n"
    "    *modp = mod; return fd; }\n"
    "template <> __device__ __forceinline__ float kr_floordiv(float a, float b) {\n"
    "    float m; return kr_fdivmod<float>(a, b, &m); }\n"
    "template <> __device__ __forceinline__ double kr_floordiv(double a, double b) {\n"
    "    double m; return kr_fdivmod<double>(a, b, &m); }\n"
    "template <> __device__ __forceinline__ float kr_mod(float a, float b) {\n"
    "    float m; kr_fdivmod<float>(a, b, &m); return m; }\n"
    "template <> __device__ __forceinline__ double kr_mod(double a, double b) {\n"
    "    double m; kr_fdivmod<double>(a, b, &m); return m; }\n"
    "template <class T> __device__ __forceinline__ T kr_pow(T a, T b) {\n"
    "    if (b < 0) { if (a == 1) return 1; if (kr_signed<T>() && a == T(-1))\n"
    "        return (b & 1) ? T(-1) : T(1); return 0; }\n"
    "    T r = 1;\n"
    "    while (b) { if (b & 1) r = (T)(r * a); a = (T)(a * a); b >>= 1; }\n"
    "    return r; }\n"
    "template <> __device__ __forceinline__ bool kr_pow(bool a, bool b) { return a || !b; }\n"
    /* exponents 2 and -1 as the host's correctly rounded pow gives them (CUDA's pow is
     * off by an ulp there: 0.25 ** 2.0 = 0.06249999999999999 on the H200) */
    "template <> __device__ __forceinline__ float kr_pow(float a, float b) {\n"
    "    return b == 2.0f ? a * a : b == -1.0f ? 1.0f / a : powf(a, b); }\n"
    "template <> __device__ __forceinline__ double kr_pow(double a, double b) {\n"
    "    return b == 2.0 ? a * a : b == -1.0 ? 1.0 / a : pow(a, b); }\n"
    "template <class T> __device__ __forceinline__ T kr_shl(T a, T b) {\n"
    "    return ((u64)(i64)b < sizeof(T) * 8) ? (T)(a << b) : T(0); }\n"
    "template <class T> __device__ __forceinline__ T kr_shr(T a, T b) {\n"
    "    if ((u64)(i64)b < sizeof(T) * 8) return (T)(a >> b);\n"
    "    return (kr_signed<T>() && a < 0) ? T(-1) : T(0); }\n"
    "template <class T> __device__ __forceinline__ bool kr_isnan(T x) { return x != x; }\n"
    "template <class T> __device__ __forceinline__ bool kr_isinf(T x) { return false; }\n"
    "template <> __device__ __forceinline__ bool kr_isinf(float x) { return isinf(x); }\n"
    "template <> __device__ __forceinline__ bool kr_isinf(double x) { return isinf(x); }\n"
    "template <class T> __device__ __forceinline__ bool kr_isfinite(T x) {\n"
    "    return !kr_isnan(x) && !kr_isinf(x); }\n"
    "template <class T> __device__ __forceinline__ T kr_max(T a, T b) {\n"
    "    return (a >= b || kr_isnan(a)) ? a : b; }\n"
    "template <class T> __device__ __forceinline__ T kr_min(T a, T b) {\n"
    "    return (a <= b || kr_isnan(a)) ? a : b; }\n"
    "template <class T> __device__ __forceinline__ T kr_abs(T a) {\n"
    "    return a < 0 ? (T)(0ull - (u64)(i64)a) : a; }\n"
    "template <> __device__ __forceinline__ bool kr_abs(bool a) { return a; }\n"
    "template <> __device__ __forceinline__ float kr_abs(float a) { return fabsf(a); }\n"
    "template <> __device__ __forceinline__ double kr_abs(double a) { return fabs(a); }\n"
    "template <class T> __device__ __forceinline__ T kr_sign(T a) {\n"
    "    return a > 0 ? T(1) : (a < 0 ? T(-1) : (a == 0 ? T(0) : a)); }\n"
    "template <class T> __device__ __forceinline__ T kr_recip(T a) {\n"
    "    return a == 0 ? T(0) : (T)(T(1) / a); }\n"
    "template <> __device__ __forceinline__ float kr_recip(float a) { return 1.0f / a; }\n"
    "template <> __device__ __forceinline__ double kr_recip(double a) { return 1.0 / a; }\n"
    "#define KR_ROUNDING(name, ff, fd) \\\n"
    "    template <class T> __device__ __forceinline__ T name(T x) { return x; } \\\n"
    "    template <> __device__ __forceinline__ float name(float x) { return ff(x); } \\\n"
    "    template <> __device__ __forceinline__ double name(double x) { return fd(x); }\n"
    "KR_ROUNDING(kr_floor, floorf, floor)\n"
    "KR_ROUNDING(kr_ceil, ceilf, ceil)\n"
    "KR_ROUNDING(kr_rint, rintf, rint)\n"
    "KR_ROUNDING(kr_trunc, truncf, trunc)\n"
    "#define KR_MATH1(name, ff, fd) \\\n"
    "    __device__ __forceinline__ float name(float x) { return ff(x); } \\\n"
    "    __device__ __forceinline__ double name(double x) { return fd(x); }\n"
    "KR_MATH1(kr_exp, expf, exp) KR_MATH1(kr_expm1, expm1f, expm1)\n"
    "KR_MATH1(kr_log, logf, log) KR_MATH1(kr_log1p, log1pf, log1p)\n"
    "KR_MATH1(kr_log2, log2f, log2) KR_MATH1(kr_log10, log10f, log10)\n"
    "KR_MATH1(kr_sqrt, sqrtf, sqrt) KR_MATH1(kr_sin, sinf, sin) KR_MATH1(kr_cos, cosf, cos)\n"
    "KR_MATH1(kr_tan, tanf, tan) KR_MATH1(kr_sinh, sinhf, sinh) KR_MATH1(kr_cosh, coshf, cosh)\n"
    "KR_MATH1(kr_tanh, tanhf, tanh) KR_MATH1(kr_arcsin, asinf, asin)\n"
    "KR_MATH1(kr_arccos, acosf, acos) KR_MATH1(kr_arctan, atanf, atan)\n"
    /* asinhf/acoshf/atanhf are off by an ulp where NumPy's float32 results are rounded
       right (arcsinh(1) 0.88137364 vs 0.8813736 on the H200): float32 goes through double */
    "#define KR_MATH1_VIA_DOUBLE(name, fd) \\\n"
    "    __device__ __forceinline__ float name(float x) { return (float)fd((double)x); } \\\n"
    "    __device__ __forceinline__ double name(double x) { return fd(x); }\n"
    "KR_MATH1_VIA_DOUBLE(kr_arcsinh, asinh) KR_MATH1_VIA_DOUBLE(kr_arccosh, acosh)\n"
    "KR_MATH1_VIA_DOUBLE(kr_arctanh, atanh)\n"
    "__device__ __forceinline__ float kr_arctan2(float a, float b) { return atan2f(a, b); }\n"
    "__device__ __forceinline__ double kr_arctan2(double a, double b) { return atan2(a, b); }\n"
    "__device__ __forceinline__ float kr_hypot(float a, float b) { return hypotf(a, b); }\n"
    "__device__ __forceinline__ double kr_hypot(double a, double b) { return hypot(a, b); }\n"
    "struct KrArgs;\n";

const char *kdtype_storage(DType dt) {
    switch (dt) {
    case DT_FLOAT16: return "kr_half";
    case DT_BFLOAT16: return "kr_bf16";
    default: return kdtype_register(dt);
    }
}

const char *kdtype_register(DType dt) {
    switch (dt) {
    case DT_BOOL: return "bool";
    case DT_INT8: return "signed char";
    case DT_INT16: return "short";
    case DT_INT32: return "int";
    case DT_INT64: return "i64";
    case DT_UINT8: return "unsigned char";
    case DT_UINT16: return "unsigned short";
    case DT_UINT32: return "unsigned int";
    case DT_UINT64: return "u64";
    case DT_FLOAT16:
    case DT_BFLOAT16:
    case DT_FLOAT32: return "float";
    case DT_FLOAT64: return "double";
    default: return "float";
    }
}

void ksrc_convert(KSource *s, DType from, DType to, const char *expr) {
    const char *rf = kdtype_register(from), *rt = kdtype_register(to);
    if (strcmp(rf, rt) == 0 && !(to == DT_FLOAT16 && from != DT_FLOAT16) &&
        !(to == DT_BFLOAT16 && from != DT_BFLOAT16)) {
        ksrc_puts(s, expr);
        return;
    }
    if (from == DT_INT8 && gpu_dtype_kind(to) == 'f') {
        /* through kr_s8 (the prelude says why) */
        KSource w;
        ksrc_init(&w, s->G);
        ksrc_printf(&w, "kr_s8(%s)", expr);
        if (w.failed)
            s->failed = true;
        else
            ksrc_convert(s, DT_INT32, to, w.buf);
        ksrc_free(&w);
        return;
    }
    /* Into float16/bfloat16 the value is rounded to the type, as a NumPy cast would. */
    if (to == DT_FLOAT16) {
        if (from == DT_FLOAT64)
            ksrc_printf(s, "kr_ld(kr_to_f16(%s))", expr);
        else
            ksrc_printf(s, "kr_rh((float)(%s))", expr);
    } else if (to == DT_BFLOAT16) {
        ksrc_printf(s, "kr_rb((float)(%s))", expr);
    } else {
        ksrc_printf(s, "((%s)(%s))", rt, expr);
    }
}

void ksrc_store_expr(KSource *s, DType dt, const char *expr) {
    if (dt == DT_FLOAT16)
        ksrc_printf(s, "kr_to_f16(%s)", expr);
    else if (dt == DT_BFLOAT16)
        ksrc_printf(s, "kr_to_bf16(%s)", expr);
    else
        ksrc_printf(s, "((%s)(%s))", kdtype_storage(dt), expr);
}
