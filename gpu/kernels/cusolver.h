/* cusolver.h: dense linear algebra for numpy.linalg through one cuSOLVER-shaped table.
 *
 * The table (SolverApi) has the signatures of cuSOLVER's dense API (cusolverDn*: getrf,
 * getrs, potrf, syevd, gesvd, geqrf, orgqr and their _bufferSize queries), index 0 float32,
 * 1 float64, matrices column-major, every pointer a device address. Two fillings:
 *
 * - the CUDA backend: NVIDIA's libcusolver.so, dlopen'ed like cuBLASLt (its name, then
 *   /usr/local/cuda/lib64 and the pip wheel's nvidia/cusolver/lib, with the libraries it
 *   needs from the same folder loaded first); results stay on the device.
 * - the host (cusolver_host.c): the same functions over host LAPACK (lapack.h), where a
 *   "device address" is host memory. The CPU backend and the mock device (KRAIT_DEVICE=mock,
 *   whose device memory is host memory) use it, so the code that drives the table (stdlib/gpu/
 *   gpu_linalg.c: workspace queries, per-matrix info words, the stream) is the CUDA backend's
 *   in CI too.
 *
 * As in cublaslt.c, krait declares the few types and values it uses itself (cublasOperation_t,
 * cublasFillMode_t, cusolverEigMode_t are C enums: int). A status of 0 is success. */
#ifndef KRAIT_GPU_CUSOLVER_H
#define KRAIT_GPU_CUSOLVER_H

#include <stdbool.h>

#include "../runtime/gpu.h"

enum {
    SOLVER_OP_N = 0, /* cublasOperation_t */
    SOLVER_OP_T = 1,
    SOLVER_FILL_LOWER = 0, /* cublasFillMode_t */
    SOLVER_FILL_UPPER = 1,
    SOLVER_EIG_NOVECTOR = 0, /* cusolverEigMode_t */
    SOLVER_EIG_VECTOR = 1,
};

typedef struct SolverApi {
    int (*create)(void **handle);
    int (*destroy)(void *handle);
    int (*set_stream)(void *handle, CUstream stream);
    int (*getrf_size[2])(void *h, int m, int n, void *a, int lda, int *lwork);
    int (*getrf[2])(void *h, int m, int n, void *a, int lda, void *work, int *ipiv, int *info);
    int (*getrs[2])(void *h, int trans, int n, int nrhs, const void *a, int lda, const int *ipiv,
                    void *b, int ldb, int *info);
    int (*potrf_size[2])(void *h, int uplo, int n, void *a, int lda, int *lwork);
    int (*potrf[2])(void *h, int uplo, int n, void *a, int lda, void *work, int lwork, int *info);
    int (*syevd_size[2])(void *h, int jobz, int uplo, int n, const void *a, int lda, const void *w,
                         int *lwork);
    int (*syevd[2])(void *h, int jobz, int uplo, int n, void *a, int lda, void *w, void *work,
                    int lwork, int *info);
    int (*gesvd_size[2])(void *h, int m, int n, int *lwork);
    int (*gesvd[2])(void *h, signed char jobu, signed char jobvt, int m, int n, void *a, int lda,
                    void *s, void *u, int ldu, void *vt, int ldvt, void *work, int lwork,
                    void *rwork, int *info);
    int (*geqrf_size[2])(void *h, int m, int n, void *a, int lda, int *lwork);
    int (*geqrf[2])(void *h, int m, int n, void *a, int lda, void *tau, void *work, int lwork,
                    int *info);
    int (*orgqr_size[2])(void *h, int m, int n, int k, const void *a, int lda, const void *tau,
                         int *lwork);
    int (*orgqr[2])(void *h, int m, int n, int k, void *a, int lda, const void *tau, void *work,
                    int lwork, int *info);
} SolverApi;

#define SOLVER_PATH_SIZE 512

typedef struct GpuSolver {
    SolverApi api;
    void *handle; /* cusolverDnHandle_t; the host table's is its GpuLapack */
    bool host;    /* the host table: pointers are host memory */
    void *lib;    /* libcusolver's dlopen handle (NULL for the host table) */
    char path[SOLVER_PATH_SIZE];
} GpuSolver;

/* The host table over LAPACK; NULL with G's error set when LAPACK is absent. */
GpuSolver *gpu_solver_host(GpuState *G);

/* The CUDA backend's table: cuSOLVER with its handle on the device's context, or the host
 * table on the mock device. NULL with G's error set when cuSOLVER cannot be loaded. The caller
 * sets the stream (api.set_stream) before queuing work. */
GpuSolver *gpu_solver_device(GpuState *G);

/* Destroy cuSOLVER's handle and free both tables (from gpu_lapack_free). */
void gpu_solver_free(GpuState *G);

/* Fill api with the host implementation (cusolver_host.c). */
void gpu_solver_host_api(SolverApi *api);

#endif
