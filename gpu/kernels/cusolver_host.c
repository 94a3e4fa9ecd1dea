/* cusolver_host.c: cuSOLVER's dense functions (the SolverApi table of cusolver.h) on the host,
 * over LAPACK: the handle is the GpuLapack, "device" pointers are host memory. Used by the CPU
 * backend and by the mock device, so the CUDA backend's linalg driver runs in CI unchanged.
 *
 * cuSOLVER's workspace sizes are element counts of the matrix type; LAPACK's are found with
 * its lwork = -1 query. syevd needs an integer workspace that cuSOLVER's API has no argument
 * for: its size query adds room for it, and the call finds it after the floating-point part. */
#include "cusolver.h"
#include "lapack.h"

#include <string.h>

static int host_create(void **handle) {
    *handle = NULL; /* the host table's handle is set by gpu_solver_host */
    return 0;
}
static int host_destroy(void *handle) {
    (void)handle;
    return 0;
}
static int host_set_stream(void *handle, CUstream stream) {
    (void)handle;
    (void)stream; /* every call completes before it returns */
    return 0;
}

static int lwork_of(double w) {
    return w < 1 ? 1 : w > 2147483647.0 ? 2147483647 : (int)w;
}

/* The syevd query: LAPACK's lwork and liwork for n. */
static void syevd_query(GpuLapack *L, int p, int jobz, int uplo, int n, int *lwork, int *liwork) {
    char jz = jobz == SOLVER_EIG_VECTOR ? 'V' : 'N', ul = uplo == SOLVER_FILL_UPPER ? 'U' : 'L';
    int lda = n > 1 ? n : 1, q = -1, info = 0, iw = 0;
    double wd[2] = {0, 0}, dummy = 0;
    float wf[2] = {0, 0};
    void *work = p ? (void *)wd : (void *)wf;
    L->syevd[p](&jz, &ul, &n, &dummy, &lda, &dummy, work, &q, &iw, &q, &info, 1, 1);
    *lwork = lwork_of(p ? wd[0] : wf[0]);
    *liwork = iw < 1 ? 1 : iw;
}

#define HOST_FUNCTIONS(P, T)                                                                       \
    static int getrf_size_##P(void *h, int m, int n, void *a, int lda, int *lwork) {               \
        (void)h, (void)m, (void)n, (void)a, (void)lda;                                             \
        *lwork = 1; /* LAPACK's getrf needs none */                                                \
        return 0;                                                                                  \
    }                                                                                              \
    static int getrf_##P(void *h, int m, int n, void *a, int lda, void *work, int *ipiv,           \
                         int *info) {                                                              \
        (void)work;                                                                                \
        ((GpuLapack *)h)->getrf[P](&m, &n, a, &lda, ipiv, info);                                   \
        return 0;                                                                                  \
    }                                                                                              \
    static int getrs_##P(void *h, int trans, int n, int nrhs, const void *a, int lda,              \
                         const int *ipiv, void *b, int ldb, int *info) {                           \
        char t = trans == SOLVER_OP_T ? 'T' : 'N';                                                 \
        ((GpuLapack *)h)->getrs[P](&t, &n, &nrhs, a, &lda, ipiv, b, &ldb, info, 1);                \
        return 0;                                                                                  \
    }                                                                                              \
    static int potrf_size_##P(void *h, int uplo, int n, void *a, int lda, int *lwork) {            \
        (void)h, (void)uplo, (void)n, (void)a, (void)lda;                                          \
        *lwork = 1;                                                                                \
        return 0;                                                                                  \
    }                                                                                              \
    static int potrf_##P(void *h, int uplo, int n, void *a, int lda, void *work, int lwork,        \
                         int *info) {                                                              \
        (void)work, (void)lwork;                                                                   \
        char u = uplo == SOLVER_FILL_UPPER ? 'U' : 'L';                                            \
        ((GpuLapack *)h)->potrf[P](&u, &n, a, &lda, info, 1);                                      \
        return 0;                                                                                  \
    }                                                                                              \
    static int syevd_size_##P(void *h, int jobz, int uplo, int n, const void *a, int lda,          \
                              const void *w, int *lwork) {                                         \
        (void)a, (void)lda, (void)w;                                                               \
        int lw, liw;                                                                               \
        syevd_query(h, P, jobz, uplo, n, &lw, &liw);                                               \
        *lwork = lw + (int)((sizeof(int) * (size_t)liw + sizeof(T) - 1) / sizeof(T));              \
        return 0;                                                                                  \
    }                                                                                              \
    static int syevd_##P(void *h, int jobz, int uplo, int n, void *a, int lda, void *w,            \
                         void *work, int lwork, int *info) {                                       \
        int lw, liw;                                                                               \
        syevd_query(h, P, jobz, uplo, n, &lw, &liw);                                               \
        if (lwork < lw + (int)((sizeof(int) * (size_t)liw + sizeof(T) - 1) / sizeof(T)))           \
            return 3; /* CUSOLVER_STATUS_INVALID_VALUE */                                          \
        char jz = jobz == SOLVER_EIG_VECTOR ? 'V' : 'N',                                           \
             ul = uplo == SOLVER_FILL_UPPER ? 'U' : 'L';                                           \
        int *iwork = (int *)(void *)((T *)work + lw);                                              \
        ((GpuLapack *)h)->syevd[P](&jz, &ul, &n, a, &lda, w, work, &lw, iwork, &liw, info, 1, 1);  \
        return 0;                                                                                  \
    }                                                                                              \
    static int gesvd_size_##P(void *h, int m, int n, int *lwork) {                                 \
        char j = 'A';                                                                              \
        int lda = m > 1 ? m : 1, ldv = n > 1 ? n : 1, q = -1, info = 0;                            \
        T wk[2] = {0, 0}, dummy = 0;                                                               \
        ((GpuLapack *)h)                                                                           \
            ->gesvd[P](&j, &j, &m, &n, &dummy, &lda, &dummy, &dummy, &lda, &dummy, &ldv, wk, &q,   \
                       &info, 1, 1);                                                               \
        *lwork = lwork_of((double)wk[0]);                                                          \
        return 0;                                                                                  \
    }                                                                                              \
    static int gesvd_##P(void *h, signed char jobu, signed char jobvt, int m, int n, void *a,      \
                         int lda, void *s, void *u, int ldu, void *vt, int ldvt, void *work,       \
                         int lwork, void *rwork, int *info) {                                      \
        (void)rwork;                                                                               \
        char ju = (char)jobu, jv = (char)jobvt;                                                    \
        ((GpuLapack *)h)                                                                           \
            ->gesvd[P](&ju, &jv, &m, &n, a, &lda, s, u, &ldu, vt, &ldvt, work, &lwork, info, 1,    \
                       1);                                                                         \
        return 0;                                                                                  \
    }                                                                                              \
    static int geqrf_size_##P(void *h, int m, int n, void *a, int lda, int *lwork) {               \
        int q = -1, info = 0;                                                                      \
        T wk[2] = {0, 0}, dummy = 0;                                                               \
        ((GpuLapack *)h)->geqrf[P](&m, &n, a, &lda, &dummy, wk, &q, &info);                        \
        *lwork = lwork_of((double)wk[0]);                                                          \
        return 0;                                                                                  \
    }                                                                                              \
    static int geqrf_##P(void *h, int m, int n, void *a, int lda, void *tau, void *work,           \
                         int lwork, int *info) {                                                   \
        ((GpuLapack *)h)->geqrf[P](&m, &n, a, &lda, tau, work, &lwork, info);                      \
        return 0;                                                                                  \
    }                                                                                              \
    static int orgqr_size_##P(void *h, int m, int n, int k, const void *a, int lda,                \
                              const void *tau, int *lwork) {                                       \
        int q = -1, info = 0;                                                                      \
        T wk[2] = {0, 0};                                                                          \
        ((GpuLapack *)h)->orgqr[P](&m, &n, &k, (void *)a, &lda, tau, wk, &q, &info);               \
        *lwork = lwork_of((double)wk[0]);                                                          \
        return 0;                                                                                  \
    }                                                                                              \
    static int orgqr_##P(void *h, int m, int n, int k, void *a, int lda, const void *tau,          \
                         void *work, int lwork, int *info) {                                       \
        ((GpuLapack *)h)->orgqr[P](&m, &n, &k, a, &lda, tau, work, &lwork, info);                  \
        return 0;                                                                                  \
    }

HOST_FUNCTIONS(0, float)
HOST_FUNCTIONS(1, double)
#undef HOST_FUNCTIONS

void gpu_solver_host_api(SolverApi *api) {
    memset(api, 0, sizeof *api);
    api->create = host_create;
    api->destroy = host_destroy;
    api->set_stream = host_set_stream;
#define SET(name)                                                                                  \
    api->name[0] = name##_0;                                                                       \
    api->name[1] = name##_1
    SET(getrf_size);
    SET(getrf);
    SET(getrs);
    SET(potrf_size);
    SET(potrf);
    SET(syevd_size);
    SET(syevd);
    SET(gesvd_size);
    SET(gesvd);
    SET(geqrf_size);
    SET(geqrf);
    SET(orgqr_size);
    SET(orgqr);
#undef SET
}
