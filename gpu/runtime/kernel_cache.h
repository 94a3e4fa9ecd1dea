/* kernel_cache.h: the map from a kernel's specialization key to its loaded CUfunction,
 * one per GpuState (G->kernels), used by the kernel library (gpu/kernels/kernels*.c).
 *
 * The JIT cache (jit.h) is keyed by SHA-256 of the generated source: right for a disk cache
 * shared across runs, too slow for every launch. This map sits in front of it: the key is
 * a few dozen bytes the launcher builds on the stack (operation, dtypes, layout classes),
 * hashed with FNV-1a and compared with memcmp, so a cached launch formats no string and
 * hashes no source. Entries hold only host memory; the CUfunctions belong to the JIT's
 * modules. */
#ifndef KRAIT_GPU_KERNEL_CACHE_H
#define KRAIT_GPU_KERNEL_CACHE_H

#include <stddef.h>
#include <stdint.h>

#include "cuda.h"

struct GpuState;

typedef struct KernelCacheEntry {
    uint64_t hash; /* 0: empty slot */
    uint8_t *key;
    size_t key_size;
    CUfunction function;
} KernelCacheEntry;

typedef struct KernelCache {
    KernelCacheEntry *slots; /* open addressing, cap a power of two */
    size_t cap, count;
    size_t hits, misses;
    /* cuBLASLt (gpu/kernels/cublaslt.c): the library, its handle and the per-shape plans (matrix
     * descriptors + the heuristic's algorithm), loaded on the first matmul. The plans live
     * beside the CUfunction map, not in it, because a plan is ~600 bytes of state. */
    struct GpuCublasLt *lt;
    int8_t lt_state; /* 0: not tried, 1: loaded, -1: absent (the own kernels run) */
    /* Frees lt and what goes with it; set by the kernel library with lt, called by
     * kcache_free first, so the runtime's teardown never calls up into the library. */
    void (*lt_free)(struct GpuState *G);
    /* numpy.linalg's libraries (gpu/kernels/lapack.c, gpu/kernels/cusolver.c), loaded on first
     * use: host LAPACK/BLAS, the cuSOLVER-shaped table over it (CPU backend, mock device) and
     * cuSOLVER itself; la_free (set with them) frees all three. */
    struct GpuLapack *lapack;
    int8_t lapack_state, solver_state; /* 0: not tried, 1: loaded, -1: absent */
    struct GpuSolver *solver_host, *solver_dev;
    void (*la_free)(struct GpuState *G);
    /* The CPU backend's vectorized key sort (gpu/kernels/host_sort.c: Highway's vqsort) */
    struct GpuHostSort *host_sort;
    int8_t host_sort_state; /* 0: not tried, 1: loaded, -1: absent (the radix sort runs) */
    void (*host_sort_free)(struct GpuState *G);
    /* The graph-interpreting kernel and the specialized compiles in flight on threads
     * (gpu/kernels/kernels_interp.c); interp_free joins the threads and frees them. */
    struct GpuFuseInterp *interp;
    void (*interp_free)(struct GpuState *G);
} KernelCache;

uint64_t kcache_hash(const void *key, size_t size);
/* The cached function for key, or NULL. */
CUfunction kcache_find(struct GpuState *G, const void *key, size_t size, uint64_t hash);
/* Remember f for key (copies the key). 0, or -1 with G's error set. */
int kcache_insert(struct GpuState *G, const void *key, size_t size, uint64_t hash, CUfunction f);
/* Frees the map, and first the cuBLASLt state and the linalg libraries (lt_free, la_free).
 * gpu_state_free calls it. */
void kcache_free(struct GpuState *G);

#endif
