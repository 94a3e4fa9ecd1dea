/* nvtx.h: NVTX ranges and marks for Nsight Systems (issue 18, item 3). The NVTX library is
 * loaded with dlopen at the first use (libnvtx3interop.so.1, CUDA 12.8+'s shared NVTX 3, or
 * the older libnvToolsExt.so.1); when Nsight runs the process, that library hands the calls
 * to the tool (NVTX_INJECTION64_PATH), otherwise each call returns at once. Without the
 * library every call here is a no-op. The table lives on G, so each interpreter loads its
 * own handle (dlopen counts references). */
#ifndef KRAIT_GPU_NVTX_H
#define KRAIT_GPU_NVTX_H

#include <stdbool.h>

struct GpuState;

typedef struct GpuNvtx {
    int state; /* 0: not tried, 1: loaded, -1: no library */
    void *lib;
    int (*push)(const char *message);
    int (*pop)(void);
    void (*mark)(const char *message);
    int depth;          /* ranges pushed through gpu_nvtx_push and not popped */
    bool record_ranges; /* a range around each profiled record (gpu.profile(nvtx=True)) */
} GpuNvtx;

/* Load the library if not tried yet: true when the calls reach it. */
bool gpu_nvtx_available(struct GpuState *G);
/* Push a range / pop the innermost one / a mark; the depth after the push or pop (-1: the
 * library is absent or refused, or a pop without a push). */
int gpu_nvtx_push(struct GpuState *G, const char *message);
int gpu_nvtx_pop(struct GpuState *G);
void gpu_nvtx_mark(struct GpuState *G, const char *message);
/* Close the library (gpu_state_free). */
void gpu_nvtx_free(struct GpuState *G);

#endif
