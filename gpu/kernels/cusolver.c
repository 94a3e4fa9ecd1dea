/* cusolver.c: the two fillings of the SolverApi table (see cusolver.h): cuSOLVER found with
 * dlopen, and the host one over LAPACK. Both live in G->kernels and go with gpu_lapack_free. */
#include "cusolver.h"
#include "lapack.h"

#include <dlfcn.h>
#include <glob.h>
#include <stdio.h>
#include <string.h>

GpuSolver *gpu_solver_host(GpuState *G) {
    KernelCache *kc = &G->kernels;
    if (kc->solver_host) return kc->solver_host;
    GpuLapack *L = gpu_lapack(G);
    if (!L) return NULL;
    GpuSolver *S = gpu_host_alloc(G, sizeof *S);
    if (!S) return NULL;
    memset(S, 0, sizeof *S);
    gpu_solver_host_api(&S->api);
    S->handle = L;
    S->host = true;
    snprintf(S->path, sizeof S->path, "%s", L->path);
    kc->solver_host = S;
    return S;
}

static void *sv_sym(void *lib, const char *name, bool *ok) {
    void *p = dlsym(lib, name);
    if (!p) *ok = false;
    return p;
}

static bool sv_bind(void *lib, SolverApi *api) {
    bool ok = true;
    void *p;
#define BIND1(field, name)                                                                         \
    p = sv_sym(lib, name, &ok);                                                                    \
    memcpy(&api->field, &p, sizeof p)
#define BIND(field, base)                                                                          \
    BIND1(field[0], "cusolverDnS" base);                                                           \
    BIND1(field[1], "cusolverDnD" base)
    BIND1(create, "cusolverDnCreate");
    BIND1(destroy, "cusolverDnDestroy");
    BIND1(set_stream, "cusolverDnSetStream");
    BIND(getrf_size, "getrf_bufferSize");
    BIND(getrf, "getrf");
    BIND(getrs, "getrs");
    BIND(potrf_size, "potrf_bufferSize");
    BIND(potrf, "potrf");
    BIND(syevd_size, "syevd_bufferSize");
    BIND(syevd, "syevd");
    BIND(gesvd_size, "gesvd_bufferSize");
    BIND(gesvd, "gesvd");
    BIND(geqrf_size, "geqrf_bufferSize");
    BIND(geqrf, "geqrf");
    BIND(orgqr_size, "orgqr_bufferSize");
    BIND(orgqr, "orgqr");
#undef BIND
#undef BIND1
    return ok;
}

/* Load the libraries cuSOLVER links against from its own folder first (a toolkit folder is
 * not on the loader's path), newest version first; failures are left to the final dlopen. */
static void sv_load_deps(const char *path) {
    static const char *const deps[] = {"libcublasLt.so.*", "libcublas.so.*", "libnvJitLink.so.*",
                                       "libcusparse.so.*"};
    const char *slash = strrchr(path, '/');
    if (!slash) return;
    for (size_t d = 0; d < sizeof deps / sizeof *deps; d++) {
        char pattern[SOLVER_PATH_SIZE];
        int len = snprintf(pattern, sizeof pattern, "%.*s/%s", (int)(slash - path), path, deps[d]);
        glob_t g;
        if (len <= 0 || (size_t)len >= sizeof pattern || glob(pattern, 0, NULL, &g) != 0) continue;
        bool loaded = false;
        for (size_t i = g.gl_pathc; i-- > 0 && !loaded;)
            loaded = dlopen(g.gl_pathv[i], RTLD_NOW | RTLD_GLOBAL) != NULL;
        globfree(&g);
    }
}

static bool sv_try(GpuSolver *S, const char *path) {
    void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!lib && strchr(path, '/')) {
        sv_load_deps(path);
        lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    }
    if (!lib) return false;
    if (!sv_bind(lib, &S->api)) {
        dlclose(lib);
        return false;
    }
    S->lib = lib;
    snprintf(S->path, sizeof S->path, "%s", path);
    return true;
}

static bool sv_try_glob(GpuSolver *S, const char *pattern) {
    glob_t g;
    if (glob(pattern, 0, NULL, &g) != 0) return false;
    bool ok = false;
    for (size_t i = g.gl_pathc; i-- > 0 && !ok;) /* the newest version first */
        ok = sv_try(S, g.gl_pathv[i]);
    globfree(&g);
    return ok;
}

static bool sv_open(GpuSolver *S) {
    static const char *const names[] = {
        "libcusolver.so.12",
        "libcusolver.so.11",
        "libcusolver.so",
    };
    static const char *const globs[] = {
        "/usr/local/cuda/lib64/libcusolver.so.*",
        "/usr/local/cuda/targets/*/lib/libcusolver.so.*",
        "/usr/local/lib/python3*/dist-packages/nvidia/cusolver/lib/libcusolver.so.*",
        "/usr/local/lib/python3*/site-packages/nvidia/cusolver/lib/libcusolver.so.*",
        "/usr/lib/python3*/dist-packages/nvidia/cusolver/lib/libcusolver.so.*",
        "/usr/local/lib/python3*/dist-packages/nvidia/cu13/lib/libcusolver.so.*",
    };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (sv_try(S, names[i])) return true;
    for (size_t i = 0; i < sizeof globs / sizeof *globs; i++)
        if (sv_try_glob(S, globs[i])) return true;
    return false;
}

GpuSolver *gpu_solver_device(GpuState *G) {
    KernelCache *kc = &G->kernels;
    if (kc->solver_dev) return kc->solver_dev;
    if (gpu_ensure(G) < 0) return NULL;
    if (G->mock) {
        /* the mock's device memory is host memory: the host table is its cuSOLVER */
        GpuSolver *H = gpu_solver_host(G);
        if (H) kc->solver_dev = H;
        return H;
    }
    if (kc->solver_state < 0) {
        gpu_set_error(G, GPU_ERR_CONFIG,
                      "numpy.linalg on CUDA needs cuSOLVER (libcusolver.so), which was not "
                      "found in the loader's path, /usr/local/cuda/lib64 or a pip nvidia wheel");
        return NULL;
    }
    kc->solver_state = -1;
    kc->la_free = gpu_lapack_free;
    GpuSolver *S = gpu_host_alloc(G, sizeof *S);
    if (!S) return NULL;
    memset(S, 0, sizeof *S);
    if (!sv_open(S)) {
        gpu_host_free(G, S, sizeof *S);
        return gpu_solver_device(G); /* the error above */
    }
    int st = S->api.create(&S->handle);
    if (st != 0) {
        gpu_host_free(G, S, sizeof *S); /* the library stays mapped */
        gpu_set_error(G, GPU_ERR_CUDA, "cuSOLVER error %d in cusolverDnCreate", st);
        return NULL;
    }
    kc->solver_dev = S;
    kc->solver_state = 1;
    return S;
}

void gpu_solver_free(GpuState *G) {
    KernelCache *kc = &G->kernels;
    GpuSolver *d = kc->solver_dev, *h = kc->solver_host;
    if (d && d != h) {
        if (d->handle) d->api.destroy(d->handle);
        gpu_host_free(G, d, sizeof *d);
    }
    if (h) gpu_host_free(G, h, sizeof *h);
    kc->solver_dev = kc->solver_host = NULL;
    kc->solver_state = 0;
}
