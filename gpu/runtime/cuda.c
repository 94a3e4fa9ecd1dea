/* cuda.c: loads libcuda.so.1 and NVRTC with dlopen and fills the CudaApi table
 * (gpu/runtime/cuda.h), and turns their result codes into messages. Nothing here runs until the
 * first GPU use.
 *
 * Each table entry lists the exported names to try, newest ABI first: cuda.h 13.0 maps
 * cuMemcpyHtoDAsync to cuMemcpyHtoDAsync_v2, cuEventElapsedTime to cuEventElapsedTime_v2
 * (a 12.8 addition; older drivers only have the first version, with the same signature),
 * and so on. The plain names of those functions are the legacy ABI (32-bit sizes), so
 * asking dlsym for them would be a silent bug.
 *
 * RTLD_LAZY matters for NVRTC: it is a 100 MB library, and binding all its symbols at load
 * (RTLD_NOW) takes 50 ms where lazy binding takes 15. */
#include "gpu.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct CudaSymbol {
    const char *names[3]; /* alternatives, first found wins; NULL-terminated */
    size_t offset;        /* of the function pointer in CudaApi */
} CudaSymbol;

#define SYM(field, ...)                                                                            \
    { {__VA_ARGS__, NULL}, offsetof(CudaApi, field) }

static const CudaSymbol driver_symbols[] = {
    SYM(cuInit, "cuInit"),
    SYM(cuDriverGetVersion, "cuDriverGetVersion"),
    SYM(cuGetErrorName, "cuGetErrorName"),
    SYM(cuGetErrorString, "cuGetErrorString"),
    SYM(cuDeviceGet, "cuDeviceGet"),
    SYM(cuDeviceGetCount, "cuDeviceGetCount"),
    SYM(cuDeviceGetName, "cuDeviceGetName"),
    SYM(cuDeviceGetAttribute, "cuDeviceGetAttribute"),
    SYM(cuDeviceTotalMem, "cuDeviceTotalMem_v2"),
    SYM(cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain"),
    SYM(cuDevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2"),
    SYM(cuCtxSetCurrent, "cuCtxSetCurrent"),
    SYM(cuCtxSynchronize, "cuCtxSynchronize"),
    SYM(cuStreamCreate, "cuStreamCreate"),
    SYM(cuStreamDestroy, "cuStreamDestroy_v2"),
    SYM(cuStreamSynchronize, "cuStreamSynchronize"),
    SYM(cuStreamQuery, "cuStreamQuery"),
    SYM(cuStreamWaitEvent, "cuStreamWaitEvent"),
    SYM(cuEventCreate, "cuEventCreate"),
    SYM(cuEventRecord, "cuEventRecord"),
    SYM(cuEventSynchronize, "cuEventSynchronize"),
    SYM(cuEventElapsedTime, "cuEventElapsedTime_v2", "cuEventElapsedTime"),
    SYM(cuEventQuery, "cuEventQuery"),
    SYM(cuEventDestroy, "cuEventDestroy_v2"),
    SYM(cuMemAllocAsync, "cuMemAllocAsync"),
    SYM(cuMemFreeAsync, "cuMemFreeAsync"),
    SYM(cuDeviceGetDefaultMemPool, "cuDeviceGetDefaultMemPool"),
    SYM(cuMemPoolSetAttribute, "cuMemPoolSetAttribute"),
    SYM(cuMemPoolGetAttribute, "cuMemPoolGetAttribute"),
    SYM(cuMemPoolTrimTo, "cuMemPoolTrimTo"),
    SYM(cuMemcpyHtoDAsync, "cuMemcpyHtoDAsync_v2"),
    SYM(cuMemcpyDtoHAsync, "cuMemcpyDtoHAsync_v2"),
    SYM(cuMemcpyDtoDAsync, "cuMemcpyDtoDAsync_v2"),
    SYM(cuMemsetD8Async, "cuMemsetD8Async"),
    SYM(cuMemsetD32Async, "cuMemsetD32Async"),
    SYM(cuMemGetInfo, "cuMemGetInfo_v2"),
    SYM(cuModuleLoadData, "cuModuleLoadData"),
    SYM(cuModuleGetFunction, "cuModuleGetFunction"),
    SYM(cuModuleUnload, "cuModuleUnload"),
    SYM(cuFuncSetAttribute, "cuFuncSetAttribute"),
    SYM(cuLaunchKernel, "cuLaunchKernel"),
    SYM(cuLaunchHostFunc, "cuLaunchHostFunc"),
};

static const CudaSymbol nvrtc_symbols[] = {
    SYM(nvrtcGetErrorString, "nvrtcGetErrorString"),
    SYM(nvrtcVersion, "nvrtcVersion"),
    SYM(nvrtcCreateProgram, "nvrtcCreateProgram"),
    SYM(nvrtcCompileProgram, "nvrtcCompileProgram"),
    SYM(nvrtcGetCUBINSize, "nvrtcGetCUBINSize"),
    SYM(nvrtcGetCUBIN, "nvrtcGetCUBIN"),
    SYM(nvrtcGetProgramLogSize, "nvrtcGetProgramLogSize"),
    SYM(nvrtcGetProgramLog, "nvrtcGetProgramLog"),
    SYM(nvrtcDestroyProgram, "nvrtcDestroyProgram"),
};

#undef SYM

/* NVRTC's sonames, newest first; the toolkit's default path is tried after the loader's
 * search path because a machine with the toolkit but no ldconfig entry is common. */
static const char *const nvrtc_names[] = {
    "libnvrtc.so.13",
    "libnvrtc.so.12",
    "libnvrtc.so",
    "/usr/local/cuda/lib64/libnvrtc.so.13",
    "/usr/local/cuda/lib64/libnvrtc.so.12",
    "/usr/local/cuda/lib64/libnvrtc.so",
};

/* Fill the table entries from handle; on a missing symbol return its first name. */
static const char *resolve_symbols(void *handle, const CudaSymbol *syms, size_t n, CudaApi *api) {
    for (size_t i = 0; i < n; i++) {
        void *fn = NULL;
        for (int k = 0; k < 3 && syms[i].names[k] && !fn; k++)
            fn = dlsym(handle, syms[i].names[k]);
        if (!fn) return syms[i].names[0];
        /* POSIX guarantees a dlsym'd object pointer converts to a function pointer; memcpy
         * says so without a cast ISO C would warn about. */
        memcpy((char *)api + syms[i].offset, &fn, sizeof fn);
    }
    return NULL;
}

int cuda_load_driver(GpuState *G) {
    if (G->driver_state > 0) return 0;
    if (G->driver_state < 0) return gpu_set_error(G, GPU_ERR_NO_DRIVER, "%s", G->init_error);
    void *handle = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_LOCAL);
    if (!handle) {
        const char *why = dlerror();
        gpu_set_error(G, GPU_ERR_NO_DRIVER, "CUDA driver not found (%s)",
                      why ? why : "libcuda.so.1 not found");
        G->driver_state = -1;
        snprintf(G->init_error, sizeof G->init_error, "%s", G->err);
        return -1;
    }
    const char *missing = resolve_symbols(handle, driver_symbols,
                                          sizeof driver_symbols / sizeof *driver_symbols, &G->api);
    if (missing) {
        dlclose(handle);
        gpu_set_error(G, GPU_ERR_NO_DRIVER,
                      "the CUDA driver is too old: libcuda.so.1 lacks %s (krait needs a "
                      "driver for CUDA 11.4 or newer)",
                      missing);
        G->driver_state = -1;
        snprintf(G->init_error, sizeof G->init_error, "%s", G->err);
        return -1;
    }
    /* optional entry points: a driver without them still runs everything else */
    void *tmap = dlsym(handle, "cuTensorMapEncodeTiled");
    memcpy(&G->api.cuTensorMapEncodeTiled, &tmap, sizeof tmap);
    static const struct {
        const char *name;
        size_t offset;
    } graph_symbols[] = {
        {"cuStreamBeginCapture_v2", offsetof(CudaApi, cuStreamBeginCapture)},
        {"cuStreamEndCapture", offsetof(CudaApi, cuStreamEndCapture)},
        {"cuGraphInstantiateWithFlags", offsetof(CudaApi, cuGraphInstantiateWithFlags)},
        {"cuGraphLaunch", offsetof(CudaApi, cuGraphLaunch)},
        {"cuGraphExecDestroy", offsetof(CudaApi, cuGraphExecDestroy)},
        {"cuGraphDestroy", offsetof(CudaApi, cuGraphDestroy)},
        {"cuFuncGetAttribute", offsetof(CudaApi, cuFuncGetAttribute)},
        {"cuMemcpyPeerAsync", offsetof(CudaApi, cuMemcpyPeerAsync)},
        {"cuDeviceCanAccessPeer", offsetof(CudaApi, cuDeviceCanAccessPeer)},
        {"cuCtxEnablePeerAccess", offsetof(CudaApi, cuCtxEnablePeerAccess)},
    };
    for (size_t i = 0; i < sizeof graph_symbols / sizeof *graph_symbols; i++) {
        void *f = dlsym(handle, graph_symbols[i].name);
        memcpy((char *)&G->api + graph_symbols[i].offset, &f, sizeof f);
    }
    G->libcuda = handle;
    G->driver_state = 1;
    return 0;
}

/* The preload thread: the same search as cuda_load_nvrtc; the handle is dropped (the
 * library stays mapped, never dlclosed: see cuda_unload). */
static void *nvrtc_preload_run(void *arg) {
    const char *override = arg;
    void *handle = *override ? dlopen(override, RTLD_LAZY | RTLD_LOCAL) : NULL;
    for (size_t i = 0; !handle && i < sizeof nvrtc_names / sizeof *nvrtc_names; i++)
        handle = dlopen(nvrtc_names[i], RTLD_LAZY | RTLD_LOCAL);
    return NULL;
}

void cuda_nvrtc_preload(GpuState *G) {
    if (G->nvrtc_state != 0 || G->nvrtc_preload.running) return;
    const char *override = G->settings.nvrtc_path ? G->settings.nvrtc_path : "";
    snprintf(G->nvrtc_preload.path, sizeof G->nvrtc_preload.path, "%s", override);
    G->nvrtc_preload.running = pthread_create(&G->nvrtc_preload.thread, NULL, nvrtc_preload_run,
                                              G->nvrtc_preload.path) == 0;
}

static void nvrtc_preload_join(GpuState *G) {
    if (!G->nvrtc_preload.running) return;
    pthread_join(G->nvrtc_preload.thread, NULL);
    G->nvrtc_preload.running = false;
}

int cuda_load_nvrtc(GpuState *G) {
    if (G->nvrtc_state > 0) return 0;
    nvrtc_preload_join(G); /* what it mapped, the dlopen below finds loaded */
    if (G->nvrtc_state < 0) return gpu_set_error(G, GPU_ERR_NO_NVRTC, "%s", G->nvrtc_error);
    void *handle = NULL;
    const char *override = G->settings.nvrtc_path;
    if (override && *override) handle = dlopen(override, RTLD_LAZY | RTLD_LOCAL);
    for (size_t i = 0; !handle && i < sizeof nvrtc_names / sizeof *nvrtc_names; i++)
        handle = dlopen(nvrtc_names[i], RTLD_LAZY | RTLD_LOCAL);
    const char *missing = NULL;
    if (handle)
        missing = resolve_symbols(handle, nvrtc_symbols,
                                  sizeof nvrtc_symbols / sizeof *nvrtc_symbols, &G->api);
    if (!handle || missing) {
        if (handle) dlclose(handle);
        if (missing)
            gpu_set_error(G, GPU_ERR_NO_NVRTC, "NVRTC is too old: it lacks %s", missing);
        else
            gpu_set_error(G, GPU_ERR_NO_NVRTC,
                          "NVRTC not found (tried libnvrtc.so.13, .so.12 and .so, and "
                          "/usr/local/cuda/lib64; KRAIT_NVRTC_PATH names another)");
        snprintf(G->nvrtc_error, sizeof G->nvrtc_error, "%s", G->err);
        G->nvrtc_state = -1;
        return -1;
    }
    int major = 0, minor = 0;
    nvrtcResult r = G->api.nvrtcVersion(&major, &minor);
    if (r != NVRTC_SUCCESS) {
        nvrtc_check(G, r, "nvrtcVersion");
        dlclose(handle);
        snprintf(G->nvrtc_error, sizeof G->nvrtc_error, "%s", G->err);
        G->nvrtc_state = -1;
        return -1;
    }
    G->nvrtc_major = major;
    G->nvrtc_minor = minor;
    G->libnvrtc = handle;
    G->nvrtc_state = 1;
    return 0;
}

/* The libraries are never dlclosed: after cuInit the driver's own threads run libcuda's
 * code until the process exits, and NVRTC's C++ runtime keeps memory that becomes a leak
 * (and a sanitizer report) once the library is unmapped. They stay mapped, as a linked
 * library would; a later state's dlopen only bumps their reference count. */
void cuda_unload(GpuState *G) {
    nvrtc_preload_join(G);
    G->libnvrtc = G->libcuda = NULL;
    G->nvrtc_state = G->driver_state = 0;
}

/* Results after which the context is unusable: the kernel faulted, so every later call
 * returns the same error until the process exits. */
static bool cuda_is_sticky(CUresult r) {
    switch (r) {
    case 700: /* CUDA_ERROR_ILLEGAL_ADDRESS */
    case 710: /* CUDA_ERROR_ASSERT */
    case 714: /* CUDA_ERROR_HARDWARE_STACK_ERROR */
    case 715: /* CUDA_ERROR_ILLEGAL_INSTRUCTION */
    case 716: /* CUDA_ERROR_MISALIGNED_ADDRESS */
    case 717: /* CUDA_ERROR_INVALID_ADDRESS_SPACE */
    case 718: /* CUDA_ERROR_INVALID_PC */
    case 719: /* CUDA_ERROR_LAUNCH_FAILED */ return true;
    default: return false;
    }
}

/* Names for results a broken setup produces before the driver can describe them itself
 * (the toolkit's stub libcuda answers every call, cuGetErrorName included, with 34). */
static const struct {
    CUresult result;
    const char *name, *text;
} cuda_known_errors[] = {
    {34, "CUDA_ERROR_STUB_LIBRARY", "the CUDA driver loaded is the toolkit's stub library"},
    {35, "CUDA_ERROR_INSUFFICIENT_DRIVER", "the CUDA driver is older than the runtime"},
    {100, "CUDA_ERROR_NO_DEVICE", "no CUDA-capable device is detected"},
};

int cuda_check(GpuState *G, CUresult r, const char *where) {
    if (r == CUDA_SUCCESS) return 0;
    const char *name = NULL, *text = NULL;
    if (G->api.cuGetErrorName && G->api.cuGetErrorName(r, &name) != CUDA_SUCCESS) name = NULL;
    if (G->api.cuGetErrorString && G->api.cuGetErrorString(r, &text) != CUDA_SUCCESS) text = NULL;
    for (size_t i = 0; !name && i < sizeof cuda_known_errors / sizeof *cuda_known_errors; i++) {
        if (cuda_known_errors[i].result == r) {
            name = cuda_known_errors[i].name;
            text = cuda_known_errors[i].text;
        }
    }
    GpuErrorKind kind = GPU_ERR_CUDA;
    if (r == CUDA_ERROR_OUT_OF_MEMORY) kind = GPU_ERR_OUT_OF_MEMORY;
    bool earlier = G->context_faulted;
    if (cuda_is_sticky(r)) {
        kind = GPU_ERR_KERNEL_FAULT;
        G->context_faulted = true;
    }
    /* a fault is reported by whichever call comes next (cuMemAllocAsync, say), and every call
     * after it fails the same way: say so, or the message blames an allocation */
    const char *after = !G->context_faulted ? ""
                        : earlier ? ": the GPU context has been unusable since an earlier kernel "
                                    "fault (restart the process)"
                                  : ": a kernel fault (this launch or an earlier one); the GPU "
                                    "context is unusable until the process restarts";
    if (name)
        gpu_set_error(G, kind, "CUDA error %s (%s) in %s%s", name, text ? text : "no description",
                      where, after);
    else
        gpu_set_error(G, kind, "CUDA error %d in %s%s", (int)r, where, after);
    G->err_cuda = r;
    return -1;
}

int nvrtc_check(GpuState *G, nvrtcResult r, const char *where) {
    if (r == NVRTC_SUCCESS) return 0;
    const char *name = G->api.nvrtcGetErrorString ? G->api.nvrtcGetErrorString(r) : NULL;
    GpuErrorKind kind = r == NVRTC_ERROR_OUT_OF_MEMORY ? GPU_ERR_HOST_MEMORY : GPU_ERR_CUDA;
    if (name)
        gpu_set_error(G, kind, "NVRTC error %s in %s", name, where);
    else
        gpu_set_error(G, kind, "NVRTC error %d in %s", (int)r, where);
    G->err_cuda = r;
    return -1;
}
