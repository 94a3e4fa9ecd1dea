/* device.c: the GpuState's life (creation, the lazy CUDA start, teardown), the backend
 * choice, error reporting and host memory. See gpu.h for the design. */
#include "cuda_mock.h"
#include "gpu.h"
#include "nccl.h"
#include "profile.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- host memory ---- */

void *gpu_host_realloc(GpuState *G, void *p, size_t old_size, size_t new_size) {
    void *q;
    if (G->allocator.fn) {
        q = G->allocator.fn(G->allocator.ud, p, old_size, new_size);
    } else if (new_size == 0) {
        free(p);
        return NULL;
    } else {
        q = realloc(p, new_size);
    }
    if (!q && new_size) gpu_set_error(G, GPU_ERR_HOST_MEMORY, "out of host memory");
    return q;
}

void *gpu_host_alloc(GpuState *G, size_t size) {
    return gpu_host_realloc(G, NULL, 0, size);
}

void gpu_host_free(GpuState *G, void *p, size_t size) {
    if (p) gpu_host_realloc(G, p, size, 0);
}

/* ---- errors ---- */

int gpu_set_error(GpuState *G, GpuErrorKind kind, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(G->err, sizeof G->err, fmt, ap);
    va_end(ap);
    G->err_kind = kind;
    G->err_cuda = 0;
    return -1;
}

void gpu_clear_error(GpuState *G) {
    G->err_kind = GPU_OK;
    G->err_cuda = 0;
    G->err[0] = '\0';
    gpu_host_free(G, G->log, G->log_size);
    G->log = NULL;
    G->log_size = 0;
}

void gpu_set_log(GpuState *G, const char *log, size_t len) {
    gpu_host_free(G, G->log, G->log_size);
    G->log = NULL;
    G->log_size = 0;
    /* The allocator may fail; keep the error message that is already set. */
    GpuErrorKind kind = G->err_kind;
    char saved[GPU_ERROR_SIZE];
    memcpy(saved, G->err, sizeof saved);
    char *copy = gpu_host_alloc(G, len + 1);
    G->err_kind = kind;
    memcpy(G->err, saved, sizeof saved);
    if (!copy) return;
    memcpy(copy, log, len);
    copy[len] = '\0';
    G->log = copy;
    G->log_size = len + 1;
}

/* ---- lifecycle ---- */

GpuState *gpu_state_new(kr_allocator allocator) {
    GpuState probe;
    memset(&probe, 0, sizeof probe);
    probe.allocator = allocator;
    GpuState *G = gpu_host_alloc(&probe, sizeof *G);
    if (!G) return NULL;
    memset(G, 0, sizeof *G);
    G->allocator = allocator;
    G->home = G;
    G->devs[0] = G;
    return G;
}

/* Record why the start failed so later calls fail the same way without retrying. */
static int init_failed(GpuState *G, GpuErrorKind kind) {
    G->err_kind = kind;
    G->init_error_kind = kind;
    memcpy(G->init_error, G->err, sizeof G->init_error);
    G->device_state = -1;
    return -1;
}

/* The architecture NVRTC targets. Hopper gets sm_90a: wgmma and the other arch-specific
 * instructions the tile compiler's matmul uses exist only there, and a CUBIN for sm_90a
 * runs on every sm_90 part. Other devices get plain sm_XY. */
static void device_arch(int major, int minor, char *out, size_t n) {
    if (major == 9 && minor == 0)
        snprintf(out, n, "sm_90a");
    else
        snprintf(out, n, "sm_%d%d", major, minor);
}

static int device_attribute(GpuState *G, int attribute, int *out) {
    return cuda_check(G, G->api.cuDeviceGetAttribute(out, attribute, G->device),
                      "cuDeviceGetAttribute");
}

int gpu_init_cuda(GpuState *G) {
    if (G->device_state > 0) return 0;
    if (G->device_state < 0) return gpu_set_error(G, G->init_error_kind, "%s", G->init_error);
    const char *env = G->settings.device;
    if (env && strcmp(env, "cpu") == 0) {
        gpu_set_error(G, GPU_ERR_NO_DEVICE, "the CUDA backend is disabled (KRAIT_DEVICE=cpu)");
        return init_failed(G, GPU_ERR_NO_DEVICE);
    }
    bool mock = cuda_mock_requested(G);
    int loaded = mock ? cuda_mock_load_driver(G) : cuda_load_driver(G);
    if (loaded < 0) return init_failed(G, GPU_ERR_NO_DRIVER);
    /* NVRTC maps while cuInit runs (the mock's kernels need no NVRTC: not there) */
    if (!mock) cuda_nvrtc_preload(G);
    CudaApi *cu = &G->api;
    if (cuda_check(G, cu->cuInit(0), "cuInit") < 0) return init_failed(G, GPU_ERR_NO_DEVICE);
    int count = 0;
    if (cuda_check(G, cu->cuDeviceGetCount(&count), "cuDeviceGetCount") < 0)
        return init_failed(G, GPU_ERR_NO_DEVICE);
    if (mock) count = cuda_mock_device_count(G);
    if (count < 1) {
        gpu_set_error(G, GPU_ERR_NO_DEVICE, "no CUDA device found");
        return init_failed(G, GPU_ERR_NO_DEVICE);
    }
    if (G->ordinal >= count) {
        gpu_set_error(G, GPU_ERR_NO_DEVICE, "there is no CUDA device %d (%d found)", G->ordinal,
                      count);
        return init_failed(G, GPU_ERR_NO_DEVICE);
    }
    if (cuda_check(G, cu->cuDriverGetVersion(&G->driver_version), "cuDriverGetVersion") < 0 ||
        cuda_check(G, cu->cuDeviceGet(&G->device, G->ordinal), "cuDeviceGet") < 0 ||
        cuda_check(G, cu->cuDeviceGetName(G->device_name, (int)sizeof G->device_name, G->device),
                   "cuDeviceGetName") < 0 ||
        cuda_check(G, cu->cuDeviceTotalMem(&G->total_memory, G->device), "cuDeviceTotalMem") < 0)
        return init_failed(G, GPU_ERR_NO_DEVICE);
    int pools = 0;
    if (device_attribute(G, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, &G->cc_major) < 0 ||
        device_attribute(G, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, &G->cc_minor) < 0 ||
        device_attribute(G, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, &G->sm_count) < 0 ||
        device_attribute(G, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, &G->max_threads_per_block) <
            0 ||
        device_attribute(G, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
                         &G->max_shared_optin) < 0 ||
        device_attribute(G, CU_DEVICE_ATTRIBUTE_WARP_SIZE, &G->warp_size) < 0 ||
        device_attribute(G, CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED, &pools) < 0)
        return init_failed(G, GPU_ERR_NO_DEVICE);
    if (!pools) {
        gpu_set_error(G, GPU_ERR_NO_DEVICE,
                      "the CUDA device %s does not support stream-ordered memory pools",
                      G->device_name);
        return init_failed(G, GPU_ERR_NO_DEVICE);
    }
    device_arch(G->cc_major, G->cc_minor, G->arch, sizeof G->arch);

    if (cuda_check(G, cu->cuDevicePrimaryCtxRetain(&G->context, G->device),
                   "cuDevicePrimaryCtxRetain") < 0)
        return init_failed(G, GPU_ERR_NO_DEVICE);
    if (cuda_check(G, cu->cuCtxSetCurrent(G->context), "cuCtxSetCurrent") < 0 ||
        cuda_check(G, cu->cuStreamCreate(&G->stream, CU_STREAM_NON_BLOCKING), "cuStreamCreate") < 0)
        goto release_context;
    if (cuda_check(G, cu->cuDeviceGetDefaultMemPool(&G->pool, G->device),
                   "cuDeviceGetDefaultMemPool") < 0)
        goto destroy_stream;
    /* Keep freed blocks in the pool instead of returning them to the driver at every
     * synchronize: an array program frees and reallocates the same sizes constantly, and
     * each round trip to the OS costs tens of microseconds. gpu_mem_trim releases them. */
    uint64_t threshold = UINT64_MAX;
    if (cuda_check(
            G, cu->cuMemPoolSetAttribute(G->pool, CU_MEMPOOL_ATTR_RELEASE_THRESHOLD, &threshold),
            "cuMemPoolSetAttribute") < 0)
        goto destroy_stream;
    G->device_state = 1;
    return 0;

destroy_stream:
    if (G->stream) cu->cuStreamDestroy(G->stream);
    G->stream = NULL;
release_context:
    cu->cuDevicePrimaryCtxRelease(G->device);
    G->context = NULL;
    return init_failed(G, GPU_ERR_NO_DEVICE);
}

GpuBackend gpu_backend(GpuState *G) {
    if (G->backend != GPU_BACKEND_UNDECIDED) return G->backend;
    const char *env = G->settings.device;
    if (env && *env && strcmp(env, "cpu") != 0 && strcmp(env, "cuda") != 0 &&
        !cuda_mock_requested(G)) {
        gpu_set_error(G, GPU_ERR_CONFIG,
                      "KRAIT_DEVICE must be 'cpu', 'cuda', 'mock' or 'mock-async', not '%.100s'",
                      env);
        return GPU_BACKEND_UNDECIDED;
    }
    if (env && strcmp(env, "cpu") == 0) return G->backend = GPU_BACKEND_CPU;
    if (gpu_init_cuda(G) == 0) return G->backend = GPU_BACKEND_CUDA;
    if (env && (strcmp(env, "cuda") == 0 || cuda_mock_requested(G)))
        return GPU_BACKEND_UNDECIDED; /* error is set */
    gpu_clear_error(G);
    return G->backend = GPU_BACKEND_CPU;
}

int gpu_make_current(GpuState *G) {
    if (gpu_ensure(G) < 0) return -1;
    return cuda_check(G, G->api.cuCtxSetCurrent(G->context), "cuCtxSetCurrent");
}

int gpu_synchronize(GpuState *G) {
    return gpu_wait_device(G, "cuCtxSynchronize");
}

void gpu_state_free(GpuState *G) {
    if (!G) return;
    if (G->device_state > 0) {
        /* Errors are ignored: after a kernel fault every call fails, and teardown must still
         * release what it can. (After a kernel timeout device_state is -1: nothing waits for
         * the kernel that still runs.) */
        G->api.cuCtxSetCurrent(G->context);
        if (G->settings.kernel_timeout > 0)
            gpu_wait_device(G, "teardown");
        else
            G->api.cuCtxSynchronize();
    }
    gpu_nccl_free(G); /* home only: its communicators, while every device still lives */
    gpu_graphs_free_all(G);
    gpu_mem_cache_release(G, NULL, true);
    gpu_prof_free(G);
    gpu_func_names_free(G);
    gpu_nvtx_free(G);
    kcache_free(G); /* the kernel library's state, through its hook, then the map */
    jit_cache_free(G);
    cuda_mock_free_functions(G);
    if (G->device_state > 0) {
        G->api.cuStreamDestroy(G->stream);
        G->api.cuDevicePrimaryCtxRelease(G->device);
        G->stream = NULL;
        G->context = NULL;
        G->device_state = 0;
    }
    cuda_unload(G);
    gpu_host_free(G, G->log, G->log_size);
    gpu_host_free(G, G->streams, (size_t)G->capstreams * sizeof(CUstream));
    kr_allocator allocator = G->allocator;
    GpuState probe;
    memset(&probe, 0, sizeof probe);
    probe.allocator = allocator;
    gpu_host_free(&probe, G, sizeof *G);
}
