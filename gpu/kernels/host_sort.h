/* host_sort.h: a vectorized sort of unsigned 64-bit keys on the host, Highway's vqsort
 * (Debian's libhwy1: libhwy_contrib.so.1), loaded with dlopen on first use for the CPU
 * backend's np.sort (gpu/backend/cpu/cpu_sort.c). krait neither links against Highway nor
 * needs its headers: the library's C++ entry points are bound by their mangled names (see
 * host_sort.c). */
#ifndef KRAIT_GPU_HOST_SORT_H
#define KRAIT_GPU_HOST_SORT_H

#include <stddef.h>
#include <stdint.h>

#include "../runtime/gpu.h"

typedef struct GpuHostSort {
    void *lib;
    void *sorter[8]; /* a hwy::Sorter (one pointer; room to spare) */
    void (*sort_u64)(const void *sorter, uint64_t *keys, size_t n);
    void (*release)(void *sorter);
} GpuHostSort;

/* The sort, loaded unless tried already; NULL (no error) when the library is absent, and the
 * caller's own sort runs. */
GpuHostSort *gpu_host_sort(GpuState *G);

/* Sort keys[0..n) ascending with hs (the argument order of arr_fast_sort's key sort). */
void gpu_host_sort_u64(void *hs, uint64_t *keys, size_t n);

#endif
