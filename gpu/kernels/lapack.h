/* lapack.h: LAPACK and BLAS on the host, loaded with dlopen on first use (OpenBLAS's
 * libopenblas.so.0, else Debian's reference liblapack.so.3 with its libblas.so.3), for
 * numpy.linalg on the CPU backend and on the mock device (gpu/kernels/cusolver_host.c), and
 * for the CPU backend's matmul (dgemm/sgemm).
 *
 * krait neither links against LAPACK nor needs its headers: the Fortran entry points
 * (dgetrf_, ...) take every argument by reference, 32-bit integers (the LP64 builds Debian
 * ships), column-major matrices, and one hidden length argument per character argument
 * after the others (gfortran's convention; passing them is harmless where unused). Each
 * routine is declared once for both precisions: index 0 is float32 (s*), 1 float64 (d*). */
#ifndef KRAIT_GPU_LAPACK_H
#define KRAIT_GPU_LAPACK_H

#include <stdbool.h>
#include <stddef.h>

#include "../runtime/gpu.h"

#define LAPACK_PATH_SIZE 256

typedef struct GpuLapack {
    void *lib;
    char path[LAPACK_PATH_SIZE];
    void (*getrf[2])(const int *m, const int *n, void *a, const int *lda, int *ipiv, int *info);
    void (*getrs[2])(const char *trans, const int *n, const int *nrhs, const void *a,
                     const int *lda, const int *ipiv, void *b, const int *ldb, int *info,
                     size_t trans_len);
    void (*potrf[2])(const char *uplo, const int *n, void *a, const int *lda, int *info,
                     size_t uplo_len);
    void (*syevd[2])(const char *jobz, const char *uplo, const int *n, void *a, const int *lda,
                     void *w, void *work, const int *lwork, int *iwork, const int *liwork,
                     int *info, size_t jobz_len, size_t uplo_len);
    void (*gesvd[2])(const char *jobu, const char *jobvt, const int *m, const int *n, void *a,
                     const int *lda, void *s, void *u, const int *ldu, void *vt, const int *ldvt,
                     void *work, const int *lwork, int *info, size_t jobu_len, size_t jobvt_len);
    void (*geqrf[2])(const int *m, const int *n, void *a, const int *lda, void *tau, void *work,
                     const int *lwork, int *info);
    void (*orgqr[2])(const int *m, const int *n, const int *k, void *a, const int *lda,
                     const void *tau, void *work, const int *lwork, int *info);
    void (*gemm[2])(const char *transa, const char *transb, const int *m, const int *n,
                    const int *k, const void *alpha, const void *a, const int *lda, const void *b,
                    const int *ldb, const void *beta, void *c, const int *ldc, size_t ta_len,
                    size_t tb_len);
} GpuLapack;

/* LAPACK, loaded unless tried already; NULL when absent, with G's error saying what was
 * tried and which Debian packages provide it (GPU_ERR_CONFIG). */
GpuLapack *gpu_lapack(GpuState *G);

/* BLAS's gemm alone: the same library, or NULL without an error (the caller's own loop runs). */
GpuLapack *gpu_blas(GpuState *G);

/* Forget the library (at gpu_state_free through KernelCache.la_free; it stays mapped). */
void gpu_lapack_free(GpuState *G);

#endif
