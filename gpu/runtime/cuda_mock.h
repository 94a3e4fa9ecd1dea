/* cuda_mock.h: the mock device (settings.device "mock", the CLI's KRAIT_DEVICE=mock), for
 * running the CUDA backend without a GPU. cuda_mock_load_driver fills the driver half of G->api
 * with host implementations (cuda_mock.c): device memory is host memory (filled with a garbage byte
 * pattern, as fresh device memory would be), copies are memcpy, streams and events are host tokens,
 * host functions run at once, and the work of a "launch" happens during the call. So device.c,
 * memory.c, stream.c and everything above them run their CUDA code unchanged.
 *
 * Kernels: a CUfunction of the mock is a CudaMockFunction, made by the kernel library
 * (gpu/kernels/kernels_host.c) in place of an NVRTC compile, from the same description the
 * CUDA C generator reads (graph, dtypes, layouts, path). The mock cuLaunchKernel calls its
 * run function with the launch's grid and the kernel's argument block, which the host code
 * decodes word by word as the generated kernel would. A launch of such a function passes
 * params[1] = a pointer to the argument block's size in bytes (a real kernel of one parameter
 * never reads params[1]), so a captured launch (CUDA graphs) can keep a copy of the block. */
#ifndef KRAIT_GPU_CUDA_MOCK_H
#define KRAIT_GPU_CUDA_MOCK_H

#include "cuda.h"

#define MOCK_NOT_SUPPORTED 801 /* CUDA_ERROR_NOT_SUPPORTED: what only a GPU runs */

typedef struct CudaMockFunction CudaMockFunction;
struct CudaMockFunction {
    /* Runs the whole launch (grid and block dimensions as given to cuLaunchKernel) on the
     * host; 0, or a CUresult. params[0] is the argument block (the kernel library passes
     * one by-value struct of 8-byte words). */
    CUresult (*run)(const CudaMockFunction *f, const unsigned grid[3], const unsigned block[3],
                    void **params);
    CudaMockFunction *next; /* G->mock_functions, freed with G */
    size_t size;            /* bytes of the object that embeds this header */
};

/* The head of every mock stream (cuda_mock.c's and cuda_mock_async.c's): the graph being
 * captured on it, NULL when none. The mock's copies and allocations read it, so a stream of
 * either mock must start with it. */
struct MockGraph;

/* An event of either mock: ms is the host clock in milliseconds when it was reached
 * (cuEventElapsedTime reads it); done, the asynchronous mock's, the seconds from which it
 * is reached (cuda_mock_async.c; 0, always, for the other). */
typedef struct CudaMockEvent {
    double ms;
    double done;
} CudaMockEvent;
typedef struct CudaMockStreamHead {
    struct MockGraph *capture;
} CudaMockStreamHead;

struct GpuState;

/* Fill the driver half of G->api with the mock's functions (no dlopen). Returns 0. */
int cuda_mock_load_driver(struct GpuState *G);

/* The mock's device count: settings.mock_devices (KRAIT_MOCK_DEVICES) in 1..GPU_MAX_DEVICES,
 * 1 when unset. */
int cuda_mock_device_count(const struct GpuState *G);

/* Free the kernel library's CudaMockFunctions (G->mock_functions), at gpu_state_free. */
void cuda_mock_free_functions(struct GpuState *G);

/* "mock-async" (cuda_mock_async.c): streams, events and host functions with time, over the
 * mock's functions; sets G->mock_async. */
void cuda_mock_async_functions(struct GpuState *G);

/* Whether the device setting (settings.device, the CLI's KRAIT_DEVICE) asks for the mock ("mock" or
 * "mock-async"). */
bool cuda_mock_requested(const struct GpuState *G);

#endif
