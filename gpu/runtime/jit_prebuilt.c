/* jit_prebuilt.c: looking up and loading the kernels compiled when krait was built
 * (jit_prebuilt.h). The table itself is generated (tools/prebuild/prebuild_kernels.c). */
#include "jit_prebuilt.h"

#include <string.h>
#include <time.h>

#include "gpu.h"
#include "jit.h"
#include "profile.h"

#define JIT_PREBUILT_TAG "krait-prebuilt 1"

void jit_prebuilt_key(const char *name, const char *source, uint8_t key[SHA256_SIZE]) {
    Sha256 h;
    sha256_init(&h);
    sha256_update(&h, JIT_PREBUILT_TAG, sizeof JIT_PREBUILT_TAG);
    sha256_update(&h, name, strlen(name) + 1);
    sha256_update(&h, source, strlen(source));
    sha256_final(&h, key);
}

const JitPrebuilt *jit_prebuilt_find(const uint8_t key[SHA256_SIZE], int major, int minor) {
    const JitPrebuilt *best = NULL;
    for (size_t i = 0; i < jit_prebuilt_count; i++) {
        const JitPrebuilt *e = &jit_prebuilt_table[i];
        if (e->cc_major != major || e->cc_minor > minor) continue;
        if (memcmp(e->key, key, SHA256_SIZE) != 0) continue;
        if (!best || e->cc_minor > best->cc_minor) best = e;
    }
    return best;
}

int jit_prebuilt_function(GpuState *G, const char *name, const char *source,
                          const char *kernel_name, CUfunction *out) {
    *out = NULL;
    if (jit_prebuilt_count == 0 || G->mock) return 0;
    if (gpu_ensure(G) < 0) return -1;
    uint8_t key[SHA256_SIZE];
    jit_prebuilt_key(name, source, key);
    const JitPrebuilt *e = jit_prebuilt_find(key, G->cc_major, G->cc_minor);
    if (!e) return 0;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (jit_load_binary(G, key, e->cubin, kernel_name, out) == 0) {
        clock_gettime(CLOCK_MONOTONIC, &t1);
        if (G->prof)
            gpu_prof_host(G, GPU_PROF_LOAD, "prebuilt", (double)t0.tv_sec * 1e3 + t0.tv_nsec / 1e6,
                          (double)t1.tv_sec * 1e3 + t1.tv_nsec / 1e6);
        return 1;
    }
    /* a driver older than the build's NVRTC refuses its CUBIN: compile here instead */
    if (G->context_faulted) return -1;
    gpu_clear_error(G);
    return 0;
}
