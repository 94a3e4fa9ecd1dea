/* lapack.c: finding and binding host LAPACK and BLAS (see lapack.h). The first library of
 * the list that has every routine wins; OpenBLAS comes first because it is both and fast.
 * The library stays mapped after gpu_state_free: OpenBLAS keeps worker threads running. */
#include "lapack.h"
#include "cusolver.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

static const char *const lapack_names[] = {
    "libopenblas.so.0",
    "liblapack.so.3",
    "libopenblas.so",
    "liblapack.so",
};

static void *la_sym(void *lib, const char *name, bool *ok) {
    void *p = dlsym(lib, name);
    if (!p) *ok = false;
    return p;
}

static bool la_bind(void *lib, GpuLapack *L) {
    bool ok = true;
    /* dlsym returns void *; a function pointer is assigned through memcpy to stay ISO C. */
#define BIND(field, sname, dname)                                                                  \
    do {                                                                                           \
        void *ps_ = la_sym(lib, sname, &ok), *pd_ = la_sym(lib, dname, &ok);                       \
        memcpy(&L->field[0], &ps_, sizeof ps_);                                                    \
        memcpy(&L->field[1], &pd_, sizeof pd_);                                                    \
    } while (0)
    BIND(getrf, "sgetrf_", "dgetrf_");
    BIND(getrs, "sgetrs_", "dgetrs_");
    BIND(potrf, "spotrf_", "dpotrf_");
    BIND(syevd, "ssyevd_", "dsyevd_");
    BIND(gesvd, "sgesvd_", "dgesvd_");
    BIND(geqrf, "sgeqrf_", "dgeqrf_");
    BIND(orgqr, "sorgqr_", "dorgqr_");
    BIND(gemm, "sgemm_", "dgemm_");
#undef BIND
    return ok;
}

static void lapack_free_all(GpuState *G) {
    KernelCache *kc = &G->kernels;
    gpu_solver_free(G);
    if (kc->lapack) gpu_host_free(G, kc->lapack, sizeof *kc->lapack);
    kc->lapack = NULL;
    kc->lapack_state = 0;
}

void gpu_lapack_free(GpuState *G) {
    lapack_free_all(G);
}

static GpuLapack *lapack_load(GpuState *G) {
    KernelCache *kc = &G->kernels;
    if (kc->lapack_state) return kc->lapack;
    kc->lapack_state = -1;
    kc->la_free = gpu_lapack_free;
    GpuLapack *L = gpu_host_alloc(G, sizeof *L);
    if (!L) return NULL;
    memset(L, 0, sizeof *L);
    for (size_t i = 0; i < sizeof lapack_names / sizeof *lapack_names; i++) {
        void *lib = dlopen(lapack_names[i], RTLD_NOW | RTLD_LOCAL);
        if (!lib) continue;
        if (!la_bind(lib, L)) {
            dlclose(lib);
            continue;
        }
        L->lib = lib;
        snprintf(L->path, sizeof L->path, "%s", lapack_names[i]);
        kc->lapack = L;
        kc->lapack_state = 1;
        return L;
    }
    gpu_host_free(G, L, sizeof *L);
    return NULL;
}

GpuLapack *gpu_lapack(GpuState *G) {
    GpuLapack *L = lapack_load(G);
    if (!L)
        gpu_set_error(G, GPU_ERR_CONFIG,
                      "numpy.linalg needs LAPACK, which was not found (tried libopenblas.so.0, "
                      "liblapack.so.3): install Debian's libopenblas0 or liblapack3");
    return L;
}

GpuLapack *gpu_blas(GpuState *G) {
    return lapack_load(G);
}
