/* cuda.h: the CUDA Driver API and NVRTC, reached through one table of function pointers.
 *
 * krait never links against libcuda or libnvrtc and never includes the toolkit's headers:
 * the binary must build on a machine without CUDA and run, on the CPU backend, where the
 * driver is absent. So this header declares the handful of driver and NVRTC types and
 * constants krait uses (their values and layouts are the stable C ABI of cuda.h and
 * nvrtc.h), and gpu/runtime/cuda.c fills a CudaApi with dlopen + dlsym at the first GPU use.
 *
 * Symbol versions matter: libcuda exports both the legacy and the current ABI of many
 * functions (cuMemcpyHtoDAsync takes a 32-bit size, cuMemcpyHtoDAsync_v2 a size_t), and
 * cuda.h silently maps the plain name to the versioned one. cuda.c asks dlsym for the exact
 * versioned names cuda.h 13.0 maps to, so the table's signatures below are the right ones.
 * The table's members carry the API's own names so calls read like ordinary CUDA code:
 * G->api.cuLaunchKernel(...). */
#ifndef KRAIT_GPU_CUDA_H
#define KRAIT_GPU_CUDA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- Driver API types (as cuda.h declares them; skipped if cuda.h came first) ---- */
#ifndef __cuda_cuda_h__
typedef int CUresult;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct CUctx_st *CUcontext;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUmemPoolHandle_st *CUmemoryPool;
typedef struct CUgraph_st *CUgraph;
typedef struct CUgraphExec_st *CUgraphExec;
typedef void (*CUhostFn)(void *user_data);

enum {
    CUDA_SUCCESS = 0,
    CUDA_ERROR_INVALID_VALUE = 1,
    CUDA_ERROR_OUT_OF_MEMORY = 2,
    CUDA_ERROR_NOT_INITIALIZED = 3,
    CUDA_ERROR_NO_DEVICE = 100,
    CUDA_ERROR_NOT_FOUND = 500,
    CUDA_ERROR_NOT_READY = 600,
    CUDA_ERROR_NOT_SUPPORTED = 801,
    CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED = 900,
    CUDA_ERROR_STREAM_CAPTURE_INVALIDATED = 901,
};

/* CUstreamCaptureMode: relaxed lets the capturing thread make the calls global mode forbids
 * (module loads, allocations on other streams), which a capture that compiles kernels needs. */
enum { CU_STREAM_CAPTURE_MODE_RELAXED = 2 };

enum {
    CU_STREAM_NON_BLOCKING = 0x1, /* no implicit sync with the legacy NULL stream */
    CU_EVENT_DEFAULT = 0x0,
    CU_EVENT_BLOCKING_SYNC = 0x1,
    CU_EVENT_DISABLE_TIMING = 0x2,
};

/* CUdevice_attribute values krait reads. */
enum {
    CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1,
    CU_DEVICE_ATTRIBUTE_WARP_SIZE = 10,
    CU_DEVICE_ATTRIBUTE_CLOCK_RATE = 13,
    CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
    CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE = 36,
    CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH = 37,
    CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
    CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
    CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97,
    CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED = 115,
};

/* CUmemPool_attribute values krait sets or reads (value type cuuint64_t for these). */
enum {
    CU_MEMPOOL_ATTR_RELEASE_THRESHOLD = 4,
    CU_MEMPOOL_ATTR_RESERVED_MEM_CURRENT = 5,
    CU_MEMPOOL_ATTR_USED_MEM_CURRENT = 7,
};
#endif

/* ---- NVRTC types ---- */
#ifndef __NVRTC_H__
typedef int nvrtcResult;
typedef struct _nvrtcProgram *nvrtcProgram;
enum { NVRTC_SUCCESS = 0, NVRTC_ERROR_OUT_OF_MEMORY = 1, NVRTC_ERROR_COMPILATION = 6 };
#endif

typedef struct CudaApi {
    /* ---- libcuda.so.1 ---- */
    CUresult (*cuInit)(unsigned int flags);
    CUresult (*cuDriverGetVersion)(int *version);
    CUresult (*cuGetErrorName)(CUresult error, const char **str);
    CUresult (*cuGetErrorString)(CUresult error, const char **str);
    CUresult (*cuDeviceGet)(CUdevice *device, int ordinal);
    CUresult (*cuDeviceGetCount)(int *count);
    CUresult (*cuDeviceGetName)(char *name, int len, CUdevice dev);
    CUresult (*cuDeviceGetAttribute)(int *value, int attribute, CUdevice dev);
    CUresult (*cuDeviceTotalMem)(size_t *bytes, CUdevice dev); /* _v2 */
    CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *ctx, CUdevice dev);
    CUresult (*cuDevicePrimaryCtxRelease)(CUdevice dev); /* _v2 */
    CUresult (*cuCtxSetCurrent)(CUcontext ctx);
    CUresult (*cuCtxSynchronize)(void);
    CUresult (*cuStreamCreate)(CUstream *stream, unsigned int flags);
    CUresult (*cuStreamDestroy)(CUstream stream); /* _v2 */
    CUresult (*cuStreamSynchronize)(CUstream stream);
    CUresult (*cuStreamQuery)(CUstream stream);
    CUresult (*cuStreamWaitEvent)(CUstream stream, CUevent event, unsigned int flags);
    CUresult (*cuEventCreate)(CUevent *event, unsigned int flags);
    CUresult (*cuEventRecord)(CUevent event, CUstream stream);
    CUresult (*cuEventSynchronize)(CUevent event);
    CUresult (*cuEventElapsedTime)(float *ms, CUevent start, CUevent end); /* _v2 if any */
    CUresult (*cuEventQuery)(CUevent event);
    CUresult (*cuEventDestroy)(CUevent event); /* _v2 */
    CUresult (*cuMemAllocAsync)(CUdeviceptr *ptr, size_t bytes, CUstream stream);
    CUresult (*cuMemFreeAsync)(CUdeviceptr ptr, CUstream stream);
    CUresult (*cuDeviceGetDefaultMemPool)(CUmemoryPool *pool, CUdevice dev);
    CUresult (*cuMemPoolSetAttribute)(CUmemoryPool pool, int attribute, void *value);
    CUresult (*cuMemPoolGetAttribute)(CUmemoryPool pool, int attribute, void *value);
    CUresult (*cuMemPoolTrimTo)(CUmemoryPool pool, size_t min_bytes_to_keep);
    CUresult (*cuMemcpyHtoDAsync)(CUdeviceptr dst, const void *src, size_t bytes,
                                  CUstream stream); /* _v2 */
    CUresult (*cuMemcpyDtoHAsync)(void *dst, CUdeviceptr src, size_t bytes,
                                  CUstream stream); /* _v2 */
    CUresult (*cuMemcpyDtoDAsync)(CUdeviceptr dst, CUdeviceptr src, size_t bytes,
                                  CUstream stream); /* _v2 */
    CUresult (*cuMemsetD8Async)(CUdeviceptr dst, unsigned char value, size_t n, CUstream s);
    CUresult (*cuMemsetD32Async)(CUdeviceptr dst, unsigned int value, size_t n, CUstream s);
    CUresult (*cuMemGetInfo)(size_t *free_bytes, size_t *total_bytes); /* _v2 */
    CUresult (*cuModuleLoadData)(CUmodule *module, const void *image);
    CUresult (*cuModuleGetFunction)(CUfunction *function, CUmodule module, const char *name);
    CUresult (*cuModuleUnload)(CUmodule module);
    /* CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES (8): over 48 KB of dynamic shared
     * memory needs it raised per function first */
    CUresult (*cuFuncSetAttribute)(CUfunction f, int attribute, int value);
    CUresult (*cuLaunchKernel)(CUfunction f, unsigned int grid_x, unsigned int grid_y,
                               unsigned int grid_z, unsigned int block_x, unsigned int block_y,
                               unsigned int block_z, unsigned int shared_bytes, CUstream stream,
                               void **params, void **extra);
    CUresult (*cuLaunchHostFunc)(CUstream stream, CUhostFn fn, void *user_data);
    /* Optional (CUDA 12 drivers; NULL when missing): a TMA descriptor, CUtensorMap's 128
     * bytes at map. The enums are passed as ints: data type, interleave, swizzle, L2
     * promotion and out-of-bounds fill (tile_sm90's TMA loop uses UINT16 = 1, 0, 128B = 3,
     * 256B = 3, 0). */
    CUresult (*cuTensorMapEncodeTiled)(void *map, int dtype, unsigned rank, void *address,
                                       const unsigned long long *dims,
                                       const unsigned long long *strides, const unsigned *box,
                                       const unsigned *elem_strides, int interleave, int swizzle,
                                       int l2_promotion, int oob_fill);
    /* Optional (NULL when missing; the mock has them): stream capture into a CUDA graph and
     * its replay (gpu/runtime/graph.c). */
    CUresult (*cuStreamBeginCapture)(CUstream stream, int mode); /* _v2 */
    CUresult (*cuStreamEndCapture)(CUstream stream, CUgraph *graph);
    CUresult (*cuGraphInstantiateWithFlags)(CUgraphExec *exec, CUgraph graph,
                                            unsigned long long flags);
    CUresult (*cuGraphLaunch)(CUgraphExec exec, CUstream stream);
    CUresult (*cuGraphExecDestroy)(CUgraphExec exec);
    CUresult (*cuGraphDestroy)(CUgraph graph);
    /* Optional (NULL when missing): a function's attribute, e.g. CU_FUNC_ATTRIBUTE_NUM_REGS
     * (4), the registers a thread the tile launch checks a warp-specialized split against */
    CUresult (*cuFuncGetAttribute)(int *value, int attribute, CUfunction f);
    /* Optional (NULL when missing; the mock has them): copies between two devices' memory
     * and peer access (gpu_copy_peer, memory.c). cuCtxEnablePeerAccess maps the peer's
     * memory into the current context; CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED (704) is no
     * failure. */
    CUresult (*cuMemcpyPeerAsync)(CUdeviceptr dst, CUcontext dst_ctx, CUdeviceptr src,
                                  CUcontext src_ctx, size_t bytes, CUstream stream);
    CUresult (*cuDeviceCanAccessPeer)(int *can, CUdevice dev, CUdevice peer);
    CUresult (*cuCtxEnablePeerAccess)(CUcontext peer, unsigned int flags);

    /* ---- libnvrtc.so ---- */
    const char *(*nvrtcGetErrorString)(nvrtcResult result);
    nvrtcResult (*nvrtcVersion)(int *major, int *minor);
    nvrtcResult (*nvrtcCreateProgram)(nvrtcProgram *prog, const char *src, const char *name,
                                      int num_headers, const char *const *headers,
                                      const char *const *include_names);
    nvrtcResult (*nvrtcCompileProgram)(nvrtcProgram prog, int num_options,
                                       const char *const *options);
    nvrtcResult (*nvrtcGetCUBINSize)(nvrtcProgram prog, size_t *size);
    nvrtcResult (*nvrtcGetCUBIN)(nvrtcProgram prog, char *cubin);
    nvrtcResult (*nvrtcGetProgramLogSize)(nvrtcProgram prog, size_t *size);
    nvrtcResult (*nvrtcGetProgramLog)(nvrtcProgram prog, char *log);
    nvrtcResult (*nvrtcDestroyProgram)(nvrtcProgram *prog);
} CudaApi;

struct GpuState;

/* dlopen libcuda.so.1 and fill the driver half of G->api. Returns 0, or -1 with G's error
 * set (GPU_ERR_NO_DRIVER). Idempotent; does not call cuInit. */
int cuda_load_driver(struct GpuState *G);

/* dlopen NVRTC (settings.nvrtc_path if set, then libnvrtc.so.13, .so.12, .so, then the same
 * under /usr/local/cuda/lib64) and fill the NVRTC half of G->api; records the version.
 * Needs no GPU. Returns 0, or -1 with G's error set (GPU_ERR_NO_NVRTC). Idempotent. */
int cuda_load_nvrtc(struct GpuState *G);
/* Starts NVRTC's dlopen (60 MB: tens of milliseconds) on a thread of its own, so that the
 * first kernel compile, which needs NVRTC even for its cache key, finds it mapped instead of
 * paying for it on the loop thread (issue 13: "NVRTC's start-up paid in the background at
 * the first GPU use"). The library is never unloaded (cuda_unload), so the thread's handle
 * only bumps its reference count; cuda_load_nvrtc joins the thread first. */
void cuda_nvrtc_preload(struct GpuState *G);

/* Forget both libraries (at gpu_state_free); they stay mapped, see cuda.c. */
void cuda_unload(struct GpuState *G);

/* Turn a failed driver call into G's error: "CUDA error CUDA_ERROR_OUT_OF_MEMORY (out of
 * memory) in cuMemAllocAsync". Returns 0 when r is CUDA_SUCCESS, else -1. */
int cuda_check(struct GpuState *G, CUresult r, const char *where);

/* The same for NVRTC: "NVRTC error NVRTC_ERROR_... in nvrtcCompileProgram". */
int nvrtc_check(struct GpuState *G, nvrtcResult r, const char *where);

#endif
