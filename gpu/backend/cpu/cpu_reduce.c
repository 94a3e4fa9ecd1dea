/* cpu_reduce.c: typed loops for the CPU backend's axis reductions (sum, mean, prod, min, max
 * of float64, float32, int64, int32), tried by arr_reduce (gpu/array/array_reduce.c) before
 * its generic loop. A C-contiguous array whose reduced axes are consecutive is an (outer,
 * reduced, inner) block: with inner 1 each output reduces one contiguous run (eight partial
 * sums, as the generic path's float64 sum); otherwise whole rows of `inner` elements are
 * accumulated into a row of accumulators, which the compiler vectorizes, instead of walking
 * a strided column per output. Floats accumulate in double and ints in int64 with wrap-around,
 * min and max propagate NaN: the generic path's arithmetic. */
#include <math.h>
#include <string.h>

#include "../../../vm/error.h"
#include "../../../vm/gc.h"
#include "../../array/array.h"
#include "cpu_simd.h"

/* The combining step of kind on accumulator acc and element x. */
#define STEP_SUM(acc, x)  (acc) += (x)
#define STEP_PROD(acc, x) (acc) *= (x)
#define STEP_MIN(acc, x)  (acc) = (((x) < (acc)) | ((x) != (x))) ? (x) : (acc)
#define STEP_MAX(acc, x)  (acc) = (((x) > (acc)) | ((x) != (x))) ? (x) : (acc)

/* Reduce n contiguous elements of type T into an accumulator of type A. */
#define RUN(N, T, A)                                                                               \
    SIMD_CLONES static A run_sum_##N(const T *x, int64_t n) {                                      \
        A part[8] = {0, 0, 0, 0, 0, 0, 0, 0};                                                      \
        int64_t k = 0;                                                                             \
        for (; k + 8 <= n; k += 8)                                                                 \
            for (int j = 0; j < 8; j++)                                                            \
                part[j] += (A)x[k + j];                                                            \
        A acc = ((part[0] + part[1]) + (part[2] + part[3])) +                                      \
                ((part[4] + part[5]) + (part[6] + part[7]));                                       \
        for (; k < n; k++)                                                                         \
            acc += (A)x[k];                                                                        \
        return acc;                                                                                \
    }                                                                                              \
    static A run_prod_##N(const T *x, int64_t n) {                                                 \
        A acc = 1;                                                                                 \
        for (int64_t k = 0; k < n; k++)                                                            \
            STEP_PROD(acc, (A)x[k]);                                                               \
        return acc;                                                                                \
    }                                                                                              \
    static A run_min_##N(const T *x, int64_t n) {                                                  \
        A acc = (A)x[0];                                                                           \
        for (int64_t k = 1; k < n; k++)                                                            \
            STEP_MIN(acc, (A)x[k]);                                                                \
        return acc;                                                                                \
    }                                                                                              \
    static A run_max_##N(const T *x, int64_t n) {                                                  \
        A acc = (A)x[0];                                                                           \
        for (int64_t k = 1; k < n; k++)                                                            \
            STEP_MAX(acc, (A)x[k]);                                                                \
        return acc;                                                                                \
    }                                                                                              \
    /* acc[j] = reduction over r < nr of x[r * n + j], j < n */                                    \
    SIMD_CLONES static void rows_##N(int kind, const T *x, int64_t nr, int64_t n, A *acc) {        \
        if (kind == RED_MIN || kind == RED_MAX) {                                                  \
            for (int64_t j = 0; j < n; j++)                                                        \
                acc[j] = (A)x[j];                                                                  \
        } else {                                                                                   \
            A init = kind == RED_PROD ? 1 : 0;                                                     \
            for (int64_t j = 0; j < n; j++)                                                        \
                acc[j] = init;                                                                     \
        }                                                                                          \
        for (int64_t r = kind == RED_MIN || kind == RED_MAX; r < nr; r++) {                        \
            const T *row = x + r * n;                                                              \
            switch (kind) {                                                                        \
            case RED_PROD:                                                                         \
                for (int64_t j = 0; j < n; j++)                                                    \
                    STEP_PROD(acc[j], (A)row[j]);                                                  \
                break;                                                                             \
            case RED_MIN:                                                                          \
                for (int64_t j = 0; j < n; j++)                                                    \
                    STEP_MIN(acc[j], (A)row[j]);                                                   \
                break;                                                                             \
            case RED_MAX:                                                                          \
                for (int64_t j = 0; j < n; j++)                                                    \
                    STEP_MAX(acc[j], (A)row[j]);                                                   \
                break;                                                                             \
            default:                                                                               \
                for (int64_t j = 0; j < n; j++)                                                    \
                    STEP_SUM(acc[j], (A)row[j]);                                                   \
                break;                                                                             \
            }                                                                                      \
        }                                                                                          \
    }                                                                                              \
    static A run_##N(int kind, const T *x, int64_t n) {                                            \
        switch (kind) {                                                                            \
        case RED_PROD: return run_prod_##N(x, n);                                                  \
        case RED_MIN: return run_min_##N(x, n);                                                    \
        case RED_MAX: return run_max_##N(x, n);                                                    \
        default: return run_sum_##N(x, n);                                                         \
        }                                                                                          \
    }

/* Integer sums and products wrap around (uint64 accumulators, the generic path's
 * arithmetic); integer min and max compare signed. */
RUN(f64, double, double)
RUN(f32, float, double)
RUN(i64, int64_t, int64_t)
RUN(i32, int32_t, int64_t)
RUN(u64, int64_t, uint64_t)
RUN(u32, int32_t, uint64_t)
#undef RUN

int arr_fast_reduce(Interp *I, const Array *src, const bool *red, int kind, int rdt, Array *r) {
    int dt = src->dtype;
    bool fl = dt == DT_FLOAT64 || dt == DT_FLOAT32;
    if (!fl && dt != DT_INT64 && dt != DT_INT32) return 0;
    if (kind != RED_SUM && kind != RED_MEAN && kind != RED_PROD && kind != RED_MIN &&
        kind != RED_MAX)
        return 0;
    if (!fl && (kind == RED_MEAN || dt_is_float(rdt))) return 0; /* generic: in double */
    bool wrap = !fl && kind != RED_MIN && kind != RED_MAX;
    if (!arr_is_contiguous(src) || !arr_is_contiguous(r)) return 0;
    int d0 = -1, d1 = -1;
    for (int d = 0; d < src->ndim; d++) {
        if (!red[d]) continue;
        if (d0 < 0)
            d0 = d;
        else if (d1 != d - 1)
            return 0; /* reduced axes not consecutive */
        d1 = d;
    }
    if (d0 < 0) return 0;
    int64_t no = 1, nr = 1, ni = 1;
    for (int d = 0; d < src->ndim; d++)
        *(d < d0 ? &no : d <= d1 ? &nr : &ni) *= src->shape[d];
    if (nr == 0 || no * ni != r->size) return 0;
    int isz = arr_dtypes[dt].size, osz = arr_dtypes[rdt].size;
    bool rfl = dt_is_float(rdt);
    double *dacc = NULL;
    int64_t *iacc = NULL;
    uint64_t *uacc = NULL;
    size_t abytes = sizeof(double) * (size_t)(ni > 1 ? ni : 1);
    if (ni > 1) {
        void *buf = mem_alloc(I, abytes);
        if (!buf) return -1;
        dacc = fl ? buf : NULL;
        iacc = fl ? NULL : buf;
        uacc = fl ? NULL : buf;
    }
    int64_t work = 0;
    char *o = r->data;
    for (int64_t i = 0; i < no; i++) {
        /* one poll per 64K elements, as the generic loop (the run limits count them) */
        for (work += nr * ni; work >= ARR_POLL_CHUNK; work -= ARR_POLL_CHUNK) {
            if (!interp_poll(I)) {
                if (ni > 1) mem_free(I, dacc ? (void *)dacc : (void *)iacc, abytes);
                return -1;
            }
        }
        const char *x = src->data + i * nr * ni * isz;
        for (int64_t j = 0; j < ni; j++, o += osz) {
            double fv = 0;
            int64_t iv = 0;
            if (ni == 1) {
                switch (dt) {
                case DT_FLOAT64: fv = run_f64(kind, (const double *)(const void *)x, nr); break;
                case DT_FLOAT32: fv = run_f32(kind, (const float *)(const void *)x, nr); break;
                case DT_INT64:
                    iv = wrap ? (int64_t)run_u64(kind, (const int64_t *)(const void *)x, nr)
                              : run_i64(kind, (const int64_t *)(const void *)x, nr);
                    break;
                default:
                    iv = wrap ? (int64_t)run_u32(kind, (const int32_t *)(const void *)x, nr)
                              : run_i32(kind, (const int32_t *)(const void *)x, nr);
                    break;
                }
            } else {
                if (j == 0) {
                    switch (dt) {
                    case DT_FLOAT64:
                        rows_f64(kind, (const double *)(const void *)x, nr, ni, dacc);
                        break;
                    case DT_FLOAT32:
                        rows_f32(kind, (const float *)(const void *)x, nr, ni, dacc);
                        break;
                    case DT_INT64:
                        if (wrap)
                            rows_u64(kind, (const int64_t *)(const void *)x, nr, ni, uacc);
                        else
                            rows_i64(kind, (const int64_t *)(const void *)x, nr, ni, iacc);
                        break;
                    default:
                        if (wrap)
                            rows_u32(kind, (const int32_t *)(const void *)x, nr, ni, uacc);
                        else
                            rows_i32(kind, (const int32_t *)(const void *)x, nr, ni, iacc);
                    }
                }
                if (fl)
                    fv = dacc[j];
                else
                    iv = wrap ? (int64_t)uacc[j] : iacc[j];
            }
            if (kind == RED_MEAN) {
                fv = (fl ? fv : (double)iv) / (double)nr;
                arr_store_f(o, rdt, fv);
            } else if (fl || rfl) {
                arr_store_f(o, rdt, fl ? fv : (double)iv);
            } else {
                arr_store_i(o, rdt, iv);
            }
        }
    }
    if (ni > 1) mem_free(I, dacc ? (void *)dacc : (void *)iacc, abytes);
    return 1;
}
