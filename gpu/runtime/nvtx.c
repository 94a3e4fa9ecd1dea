/* nvtx.c: the NVTX library by dlopen (nvtx.h). Only the three ASCII entry points are used:
 * nvtxRangePushA, nvtxRangePop and nvtxMarkA, which every NVTX since version 1 exports. */
#include <dlfcn.h>
#include <stddef.h>
#include <string.h>

#include "gpu.h"
#include "nvtx.h"

static const char *const nvtx_names[] = {
    "libnvtx3interop.so.1",
    "/usr/local/cuda/lib64/libnvtx3interop.so.1",
    "libnvToolsExt.so.1",
    "/usr/local/cuda/lib64/libnvToolsExt.so.1",
};

bool gpu_nvtx_available(GpuState *G) {
    GpuNvtx *n = &G->nvtx;
    if (n->state) return n->state > 0;
    n->state = -1;
    for (size_t i = 0; i < sizeof nvtx_names / sizeof *nvtx_names && !n->lib; i++)
        n->lib = dlopen(nvtx_names[i], RTLD_LAZY | RTLD_LOCAL);
    if (!n->lib) return false;
    /* a dlsym'd object pointer converts to a function pointer (POSIX): memcpy, as cuda.c */
    void *push = dlsym(n->lib, "nvtxRangePushA"), *pop = dlsym(n->lib, "nvtxRangePop");
    void *mark = dlsym(n->lib, "nvtxMarkA");
    if (push) memcpy(&n->push, &push, sizeof push);
    if (pop) memcpy(&n->pop, &pop, sizeof pop);
    if (mark) memcpy(&n->mark, &mark, sizeof mark);
    if (!push || !pop || !mark) {
        dlclose(n->lib);
        n->lib = NULL;
        return false;
    }
    n->state = 1;
    return true;
}

int gpu_nvtx_push(GpuState *G, const char *message) {
    if (!gpu_nvtx_available(G)) return -1;
    G->nvtx.push(message);
    return ++G->nvtx.depth;
}

int gpu_nvtx_pop(GpuState *G) {
    if (!gpu_nvtx_available(G) || G->nvtx.depth == 0) return -1;
    G->nvtx.pop();
    return --G->nvtx.depth;
}

void gpu_nvtx_mark(GpuState *G, const char *message) {
    if (gpu_nvtx_available(G)) G->nvtx.mark(message);
}

void gpu_nvtx_free(GpuState *G) {
    GpuNvtx *n = &G->nvtx;
    /* ranges a script left open are closed, so a tool sees them end */
    while (n->state > 0 && n->depth > 0) {
        n->pop();
        n->depth--;
    }
    if (n->lib) dlclose(n->lib);
    n->lib = NULL;
    n->state = 0;
}
