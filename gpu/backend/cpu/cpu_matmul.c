/* cpu_matmul.c: the CPU backend's float32/float64 matmul: BLAS's sgemm/dgemm (OpenBLAS or
 * the reference BLAS, dlopen'ed by gpu/kernels/lapack.c) when present, else a blocked loop
 * whose inner loop runs along a row of the result, which the compiler vectorizes. arr_matmul
 * (gpu/array/array_reduce.c) calls it per matrix of a batch before its generic loop, with
 * the BLAS routine (this layer does not reach the kernel library itself).
 *
 * Krait's row-major C = X Y is BLAS's column-major C^T = Y^T X^T: a row-major operand is its
 * own transpose in column-major terms, and a transposed view (unit stride along the rows)
 * becomes a transpose flag, so both are read in place; any other layout is packed first. */
#include <string.h>

#include "../../../vm/error.h"
#include "../../../vm/gc.h"
#include "../../array/array.h"

/* rows x cols with element strides (rs, cs) as BLAS's column-major M^T: *trans false with
 * ld = rs (unit stride along a row), true with ld = cs (unit stride along a column). */
static bool blas_layout(int64_t rows, int64_t cols, int64_t rs, int64_t cs, bool *trans,
                        int64_t *ld) {
    if (cols == 1) cs = 1;
    if (rows == 1) rs = cols;
    if (cs == 1 && rs >= cols && rs >= 1 && rs <= INT32_MAX) {
        *trans = false;
        *ld = rs;
        return true;
    }
    if (rs == 1 && cs >= rows && cs >= 1 && cs <= INT32_MAX) {
        *trans = true;
        *ld = cs;
        return true;
    }
    return false;
}

/* A contiguous row-major copy of rows x cols elements of size isz at p with byte strides. */
static char *pack(Interp *I, const char *p, int64_t rows, int64_t cols, int64_t rs, int64_t cs,
                  int isz) {
    char *d = mem_alloc(I, (size_t)(rows * cols * isz) + 1);
    if (!d) return NULL;
    for (int64_t i = 0; i < rows; i++)
        for (int64_t j = 0; j < cols; j++)
            memcpy(d + (i * cols + j) * isz, p + i * rs + j * cs, (size_t)isz);
    return d;
}

#define BLOCKED(T)                                                                                 \
    static bool blocked_##T(Interp *I, const T *x, const T *y, T *c, int64_t n, int64_t k,         \
                            int64_t m) {                                                           \
        memset(c, 0, sizeof(T) * (size_t)(n * m));                                                 \
        for (int64_t i0 = 0; i0 < n; i0 += 32) {                                                   \
            if (!interp_poll(I)) return false;                                                     \
            int64_t i1 = i0 + 32 < n ? i0 + 32 : n;                                                \
            for (int64_t k0 = 0; k0 < k; k0 += 256) {                                              \
                int64_t k1 = k0 + 256 < k ? k0 + 256 : k;                                          \
                for (int64_t i = i0; i < i1; i++) {                                                \
                    T *ci = c + i * m;                                                             \
                    for (int64_t t = k0; t < k1; t++) {                                            \
                        T a = x[i * k + t];                                                        \
                        const T *yt = y + t * m;                                                   \
                        for (int64_t j = 0; j < m; j++)                                            \
                            ci[j] += a * yt[j];                                                    \
                    }                                                                              \
                }                                                                                  \
            }                                                                                      \
        }                                                                                          \
        return true;                                                                               \
    }
BLOCKED(float)
BLOCKED(double)
#undef BLOCKED

int arr_fast_matmul(Interp *I, ArrGemm gemm, int dt, int64_t n, int64_t k, int64_t m,
                    const char *px, int64_t xs0, int64_t xs1, const char *py, int64_t ys0,
                    int64_t ys1, char *po) {
    if (dt != DT_FLOAT32 && dt != DT_FLOAT64) return 0;
    if (n == 0 || m == 0) return 1;
    int isz = arr_dtypes[dt].size, p = dt == DT_FLOAT64;
    if (k == 0) {
        memset(po, 0, (size_t)(n * m * isz));
        return 1;
    }
    if (gemm && n <= INT32_MAX && m <= INT32_MAX && k <= INT32_MAX) {
        bool tx, ty;
        int64_t ldx, ldy;
        char *cx = NULL, *cy = NULL;
        if (!blas_layout(n, k, xs0 / isz, xs1 / isz, &tx, &ldx) || xs0 % isz || xs1 % isz) {
            if (!(cx = pack(I, px, n, k, xs0, xs1, isz))) return -1;
            tx = false;
            ldx = k;
        }
        if (!blas_layout(k, m, ys0 / isz, ys1 / isz, &ty, &ldy) || ys0 % isz || ys1 % isz) {
            if (!(cy = pack(I, py, k, m, ys0, ys1, isz))) {
                if (cx) mem_free(I, cx, (size_t)(n * k * isz) + 1);
                return -1;
            }
            ty = false;
            ldy = m;
        }
        /* C^T (m x n) = op(A) op(B) with A from y, B from x */
        char ta = ty ? 'T' : 'N', tb = tx ? 'T' : 'N';
        int im = (int)m, in = (int)n, ik = (int)k, lda = (int)ldy, ldb = (int)ldx, ldc = (int)m;
        double one64 = 1, zero64 = 0;
        float one32 = 1, zero32 = 0;
        const void *one = p ? (const void *)&one64 : (const void *)&one32;
        const void *zero = p ? (const void *)&zero64 : (const void *)&zero32;
        /* Row panels of about 2^25 multiply-adds, each charged to the run limits as the
         * polls of the element loops would be (one per 64K of work), with Ctrl-C seen
         * between panels. */
        const char *bx = cx ? cx : px, *by = cy ? cy : py;
        int64_t xrow = cx ? k * isz : xs0, rows = ((int64_t)1 << 25) / (k * m);
        rows = rows < 1 ? 1 : rows;
        bool ok = true;
        for (int64_t i0 = 0; i0 < n && ok; i0 += rows) {
            in = (int)(i0 + rows < n ? rows : n - i0);
            gemm(&ta, &tb, &im, &in, &ik, one, by, &lda, bx + i0 * xrow, &ldb, zero,
                 po + i0 * m * isz, &ldc, 1, 1);
            for (int64_t w = (int64_t)in * k * m / ARR_POLL_CHUNK; w >= 0 && ok; w--)
                ok = interp_poll(I);
        }
        if (cx) mem_free(I, cx, (size_t)(n * k * isz) + 1);
        if (cy) mem_free(I, cy, (size_t)(k * m * isz) + 1);
        return ok ? 1 : -1;
    }
    /* no BLAS: the blocked loop over contiguous operands */
    char *cx = NULL, *cy = NULL;
    if (xs1 != isz || xs0 != k * isz) {
        if (!(cx = pack(I, px, n, k, xs0, xs1, isz))) return -1;
        px = cx;
    }
    if (ys1 != isz || ys0 != m * isz) {
        if (!(cy = pack(I, py, k, m, ys0, ys1, isz))) {
            if (cx) mem_free(I, cx, (size_t)(n * k * isz) + 1);
            return -1;
        }
        py = cy;
    }
    bool ok = p ? blocked_double(I, (const double *)(const void *)px,
                                 (const double *)(const void *)py, (double *)(void *)po, n, k, m)
                : blocked_float(I, (const float *)(const void *)px, (const float *)(const void *)py,
                                (float *)(void *)po, n, k, m);
    if (cx) mem_free(I, cx, (size_t)(n * k * isz) + 1);
    if (cy) mem_free(I, cy, (size_t)(k * m * isz) + 1);
    return ok ? 1 : -1;
}
