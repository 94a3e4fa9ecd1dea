/* host_sort.c: Highway's vqsort bound by dlopen (see host_sort.h). The entry points, from the
 * Itanium C++ ABI that Debian's g++ builds the library with (checked against libhwy1
 * 1.0.3's dynamic symbols):
 *   hwy::Sorter::Sorter()                                  _ZN3hwy6SorterC1Ev
 *   hwy::Sorter::operator()(uint64_t *, size_t, SortAscending) const
 *                                                          _ZNK3hwy6SorterclEPmmNS_13SortAscendingE
 *   hwy::Sorter::Delete()                                  _ZN3hwy6Sorter6DeleteEv
 * A member function takes the object's address first; the trailing empty SortAscending tag is
 * never read by the callee, so it is left out (on x86-64 an empty class is passed in no
 * register, and a stack slot would be the caller's to pop). The Sorter holds one pointer to
 * its scratch; the object lives in GpuHostSort.sorter. The library stays mapped after
 * gpu_state_free (its dispatch tables are process-wide). */
#include "host_sort.h"

#include <dlfcn.h>
#include <string.h>

static void host_sort_free(GpuState *G) {
    KernelCache *kc = &G->kernels;
    GpuHostSort *hs = kc->host_sort;
    if (hs) {
        hs->release(hs->sorter);
        gpu_host_free(G, hs, sizeof *hs);
    }
    kc->host_sort = NULL;
    kc->host_sort_state = 0;
}

static bool bind(void *lib, const char *name, void *fn, size_t size) {
    void *p = dlsym(lib, name);
    if (p) memcpy(fn, &p, size); /* a function pointer from void *, as ISO C allows */
    return p != NULL;
}

GpuHostSort *gpu_host_sort(GpuState *G) {
    KernelCache *kc = &G->kernels;
    if (kc->host_sort_state) return kc->host_sort;
    kc->host_sort_state = -1;
    void *lib = dlopen("libhwy_contrib.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) return NULL;
    GpuHostSort *hs = gpu_host_alloc(G, sizeof *hs);
    if (!hs) {
        gpu_clear_error(G);
        return NULL;
    }
    memset(hs, 0, sizeof *hs);
    void (*make)(void *) = NULL;
    if (!bind(lib, "_ZN3hwy6SorterC1Ev", &make, sizeof make) ||
        !bind(lib, "_ZNK3hwy6SorterclEPmmNS_13SortAscendingE", &hs->sort_u64,
              sizeof hs->sort_u64) ||
        !bind(lib, "_ZN3hwy6Sorter6DeleteEv", &hs->release, sizeof hs->release)) {
        gpu_host_free(G, hs, sizeof *hs);
        return NULL;
    }
    make(hs->sorter);
    hs->lib = lib;
    kc->host_sort = hs;
    kc->host_sort_free = host_sort_free;
    kc->host_sort_state = 1;
    return hs;
}

void gpu_host_sort_u64(void *hs, uint64_t *keys, size_t n) {
    GpuHostSort *s = hs;
    s->sort_u64(s->sorter, keys, n);
}
