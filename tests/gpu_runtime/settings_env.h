/* settings_env.h: the GPU test programs are hosts of the runtime, so, like the krait command
 * (repl/main.c's config_from_env), they map the KRAIT_* environment variables onto a
 * GpuState's settings: the runtime itself never reads the environment. */
#ifndef KRAIT_TEST_SETTINGS_ENV_H
#define KRAIT_TEST_SETTINGS_ENV_H

#include <stdlib.h>
#include <string.h>

#include "../../gpu/runtime/gpu.h"

static inline void test_settings_from_env(GpuState *G) {
    const char *matmul = getenv("KRAIT_MATMUL");
    G->settings = (GpuSettings){.device = getenv("KRAIT_DEVICE"),
                                .cache_dir = getenv("KRAIT_CACHE_DIR"),
                                .home_dir = getenv("HOME"),
                                .nvrtc_path = getenv("KRAIT_NVRTC_PATH"),
                                .cublaslt_path = getenv("KRAIT_CUBLASLT"),
                                .matmul_own = matmul && strcmp(matmul, "own") == 0};
}

#endif
