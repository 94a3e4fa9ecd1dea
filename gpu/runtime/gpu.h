/* gpu.h: the GPU layer's state and its runtime API (device, memory, streams, events,
 * launches). The array module, the fusion engine and the tile compiler build on this.
 *
 * Design, for the next engineer:
 *
 * - One GpuState per interpreter (Interp.gpu), nothing global: two interpreters in one
 *   process each own a state; they share the process's primary context on the device, which
 *   is what the driver wants (the runtime API does the same).
 *
 * - Nothing here depends on the interpreter. Every call returns 0 (or a handle) on success
 *   and -1 on failure, with G->err_kind saying what went wrong and G->err the message
 *   ("CUDA error CUDA_ERROR_OUT_OF_MEMORY (out of memory) in cuMemAllocAsync"); compile
 *   errors also leave NVRTC's log in G->log. The interpreter's bindings turn that into a
 *   Python exception: GPU_ERR_OUT_OF_MEMORY -> MemoryError (G->oom_requested/oom_free say
 *   how much was asked and was free), GPU_ERR_KERNEL_FAULT -> RuntimeError naming the
 *   kernel, the rest -> RuntimeError. Host memory comes from the kr_allocator given to
 *   gpu_state_new (the interpreter passes one that routes to mem_alloc's accounting).
 *
 * - Lazy start. gpu_state_new only zeroes a struct: `krait -c pass` never touches the driver.
 *   The first call that needs the device (gpu_backend, gpu_init_cuda, any allocation) loads
 *   libcuda.so.1 with dlopen, calls cuInit, retains the device's (G->ordinal) primary context,
 * creates krait's default stream and configures the memory pool (100+ ms, once). NVRTC is loaded
 *   separately, by the first compile (gpu/runtime/jit.c), and needs no device, so CI can compile
 *   kernels to CUBIN on a machine without a GPU. A failed start is remembered: the driver is
 *   not probed again, and every later call fails at once with the same message.
 *
 * - Backend choice (settings.device, the CLI's KRAIT_DEVICE): "cpu" never loads the driver;
 *   "cuda" makes a failed CUDA start an error; unset, krait uses CUDA when it starts and the
 *   CPU backend otherwise (G->init_error keeps the reason, for gpu.device() to show).
 *
 * - Memory: the driver's stream-ordered pool (cuMemAllocAsync / cuMemFreeAsync on the
 *   device's default pool). The pool's release threshold is set to "keep everything", so
 *   freed blocks are reused without going back to the OS; gpu_mem_trim gives them back (the
 *   bindings call it before raising MemoryError, after the collector has run). Small blocks
 *   (up to 1 MiB, in power-of-two classes from 256 bytes) freed on a stream are kept in a
 *   per-class cache (G->memcache) and handed to the next allocation of that class on the
 *   same stream without a driver call (stream order makes the reuse safe, as the pool's
 *   own reuse is); a trim, an allocation failure and the stream's destruction give them
 *   back to the pool. G->device_bytes counts live bytes so the collector can count
 *   device memory toward its trigger. An allocation that fails first synchronizes the
 *   device (so frees still queued on other streams complete) and retries once.
 *
 * - Streams: krait's default stream (G->stream) is a non-blocking stream created at start,
 *   not the legacy NULL stream, which would serialize with every other stream. Every call
 *   that takes a CUstream accepts NULL for "krait's default stream". gpu.Stream objects
 *   wrap gpu_stream_create. Work is asynchronous: copies to the host are only complete
 *   after a synchronize (or an event/host callback says so).
 *
 * - Host callbacks: cuLaunchHostFunc runs the callback on a driver thread. It must not touch
 *   the interpreter or the GpuState; the asyncio integration pushes a completion record on
 *   a lock-free queue and calls uv_async_send, and the loop thread does the rest.
 *
 * - JIT (gpu/runtime/jit.h): CUDA C -> NVRTC -> CUBIN for the device's arch (sm_90a on Hopper so
 *   wgmma is available, sm_XY elsewhere) -> cuModuleLoadData. Two caches: in memory, keyed
 *   by SHA-256(source, arch, NVRTC version, options) -> loaded CUmodule and its CUfunctions;
 *   on disk under G->settings.cache_dir (default <home>/.cache/krait; empty: none) as
 *   jit-v1/<2 hex>/<64 hex>.cubin, each file a header (magic, format version, key, payload
 *   length, payload SHA-256) then the CUBIN; written to a temporary file and renamed, and
 *   verified on every read, so a torn or corrupted file is recompiled and rewritten, never
 *   loaded. The launch path must not hash: callers keep the CUfunction that
 *   jit_get_function returns in their own specialization record.
 */
#ifndef KRAIT_GPU_GPU_H
#define KRAIT_GPU_GPU_H

/* The small-block cache: classes of 256 << c bytes (256 B .. 1 MiB), depth blocks each. */
#define GPU_MEMCACHE_CLASSES 13
#define GPU_MEMCACHE_DEPTH   32

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../include/krait.h"
#include "cuda.h"
#include "jit.h"
#include "kernel_cache.h"
#include "nvtx.h"

#define GPU_ERROR_SIZE 512

/* The most devices one interpreter drives (gpu.Device(i), communicators). */
#define GPU_MAX_DEVICES 16

typedef enum GpuBackend {
    GPU_BACKEND_UNDECIDED = 0,
    GPU_BACKEND_CPU,
    GPU_BACKEND_CUDA,
} GpuBackend;

typedef enum GpuErrorKind {
    GPU_OK = 0,
    GPU_ERR_NO_DRIVER,     /* libcuda.so.1 could not be loaded or lacks a symbol */
    GPU_ERR_NO_DEVICE,     /* cuInit or device start failed, or the CPU backend was forced */
    GPU_ERR_NO_NVRTC,      /* libnvrtc could not be loaded */
    GPU_ERR_OUT_OF_MEMORY, /* device memory exhausted: MemoryError */
    GPU_ERR_HOST_MEMORY,   /* the host allocator failed: MemoryError */
    GPU_ERR_COMPILE,       /* NVRTC rejected the source; G->log holds its log */
    GPU_ERR_KERNEL_FAULT,  /* a kernel faulted; the context is unusable from now on */
    GPU_ERR_CUDA,          /* any other driver or NVRTC failure */
    GPU_ERR_CONFIG,        /* a bad setting (settings.device, KRAIT_DEVICE=...) */
    GPU_ERR_IO,            /* (internal) a cache file could not be read or written */
} GpuErrorKind;

/* The host's GPU settings: kr_config's gpu_* fields, which the krait command fills from its
 * KRAIT_* environment variables (repl/main.c). The runtime never reads the environment, so
 * two interpreters in one process can differ. Strings are borrowed (the interpreter keeps
 * its copies for the state's life); all-zero is the default. */
typedef struct GpuSettings {
    const char
        *device; /* "cpu", "cuda", "mock", "mock-async" (cuda_mock.h); NULL/"": CUDA if it starts */
    const char *cache_dir;     /* JIT disk cache root; "": none; NULL: <home_dir>/.cache/krait */
    const char *home_dir;      /* the user's home: cache_dir's default, the cuBLASLt search */
    const char *nvrtc_path;    /* an NVRTC library tried before the standard names */
    const char *cublaslt_path; /* the one cuBLASLt library to try; NULL: search for it */
    bool matmul_own;           /* never cuBLASLt: krait's own matmul kernels */
    const char *tile_dump;     /* tile kernels' CUDA C and cache keys: "1" stderr, else a folder */
    int tile_check_nvrtc;      /* CPU-path tile launches also lower + compile for sm_90a:
                                * 1 the variant the arguments select, 2 both variants */
    int tile_sm90; /* Hopper matmul loops: 0, 2 wgmma + TMA (cp.async where TMA can't), 1 off,
                    * 3 wgmma + cp.async only, 4 warp-specialized where it can (mma_sm90_ws.c),
                    * 5 the attention loop unpipelined, 6 ping-pong, 7 its pipeline before the
                    * occupancy hint (attention_sm90.c fa_plan) */
    double kernel_timeout;  /* seconds a wait for the device may last; 0: no limit */
    bool tile_general_only; /* tile kernels never run their exact variant (a kill switch) */
    int fuse_interp;        /* GPU_FUSE_INTERP_*: a fused key's first launches interpreted */
    bool rows_kernel;       /* row programs as one kernel per row on a GPU (kernels_rows.c) */
    int mock_devices;       /* devices of the mock and of the CPU backend (0: 1) */
    const char *nccl_path;  /* an NCCL library tried before libnccl.so.2 (nccl.c) */
    bool tile_hoist;        /* tile loops' invariant one-element broadcasts hoisted (opt-in) */
} GpuSettings;

/* settings.fuse_interp (gpu/kernels/kernels_interp.c): OFF, a new fused expression compiles
 * first; AUTO (kr_config's default), it runs on the graph-interpreting kernel while its own
 * compiles on a thread (CUDA; the mock's kernels need no compile); ALWAYS, every graph the
 * interpreter takes runs on it (tests); FIRST, AUTO on the mock too (tests of the switch). */
enum { GPU_FUSE_INTERP_OFF, GPU_FUSE_INTERP_AUTO, GPU_FUSE_INTERP_ALWAYS, GPU_FUSE_INTERP_FIRST };

/* CUfunction -> kernel name, for the profiler (profile.c). */
typedef struct GpuFuncName {
    CUfunction f;
    const char *name;
} GpuFuncName;
typedef struct GpuFuncNames {
    GpuFuncName *slots;
    size_t n, cap;
} GpuFuncNames;

typedef struct GpuState {
    kr_allocator allocator; /* host memory; fn NULL: the C library's */
    GpuSettings settings;   /* set by the creator after gpu_state_new */
    /* Several devices: one GpuState per device (its context, stream, pool, JIT and kernel
     * caches), made by the creator of the first (device 0's, the home) when a program first
     * uses device i; home->devs[i] is device i's state, every state's home points at
     * device 0's. The states share nothing but the process's driver. */
    int ordinal;                            /* the device's ordinal (cuDeviceGet) */
    struct GpuState *home;                  /* device 0's state (itself for device 0) */
    struct GpuState *devs[GPU_MAX_DEVICES]; /* home only: the states made so far */
    uint32_t peer_tried;                    /* bit j: peer access to device j's memory asked for */
    uint64_t bytes_peer;  /* bytes copied here from other devices (gpu_copy_peer) */
    struct GpuNccl *nccl; /* home only: NCCL and its communicators (nccl.h), or NULL */
    CudaApi api;
    void *libcuda, *libnvrtc;     /* dlopen handles */
    int8_t driver_state;          /* 0: not tried, 1: loaded, -1: failed */
    int8_t nvrtc_state;           /* the same for NVRTC */
    int8_t device_state;          /* the same for cuInit + context + stream + pool */
    GpuBackend backend;           /* decided by gpu_backend */
    GpuErrorKind init_error_kind; /* why the CUDA start failed (device_state -1) */
    char init_error[GPU_ERROR_SIZE];
    char nvrtc_error[GPU_ERROR_SIZE]; /* why NVRTC failed to load (nvrtc_state -1) */
    /* NVRTC's dlopen started on a thread of its own at the CUDA start (cuda_nvrtc_preload),
     * joined by cuda_load_nvrtc and cuda_unload; path: settings.nvrtc_path, copied */
    struct {
        pthread_t thread;
        bool running;
        char path[512];
    } nvrtc_preload;

    /* ---- the device, valid when device_state is 1 ---- */
    CUdevice device;
    CUcontext context; /* the device's primary context, retained */
    CUstream stream;   /* krait's default stream (non-blocking) */
    CUmemoryPool pool; /* the device's default memory pool */
    int cc_major, cc_minor;
    char arch[16]; /* NVRTC's -arch value: "sm_90a" on Hopper, "sm_86", ... */
    char device_name[128];
    size_t total_memory;
    int sm_count, max_threads_per_block, max_shared_optin, warp_size;
    int driver_version; /* 13000 for CUDA 13.0 */
    int nvrtc_major, nvrtc_minor;

    /* ---- accounting ---- */
    size_t device_bytes; /* live bytes allocated through gpu_mem_alloc */
    /* the most device_bytes has been since the start or the last trim: about what the pool
     * holds (its release threshold keeps freed blocks), so a request past it makes the pool
     * map new memory, which a request it can serve from freed blocks does not */
    size_t device_high;
    size_t oom_requested; /* the last failed allocation's size */
    size_t oom_free;      /* and the device's free bytes then */
    /* bytes copied by gpu_copy_to_host / gpu_copy_to_device since the start (gpu.memory_info
     * reports them: the tests check that a scalar read or write moves one element) */
    uint64_t bytes_to_host, bytes_to_device;
    bool context_faulted;     /* a sticky kernel fault: every later call will fail */
    bool timed_out;           /* a wait passed settings.kernel_timeout (watchdog.c) */
    CUstream *streams;        /* the streams gpu_stream_create made: what a device-wide wait */
    int nstreams, capstreams; /* polls under the watchdog */
    bool cuinit_called;       /* after cuInit libcuda stays loaded: its threads run its code */

    /* ---- the last error ---- */
    GpuErrorKind err_kind;
    CUresult err_cuda; /* the CUresult, or the nvrtcResult, behind it; 0 if none */
    char err[GPU_ERROR_SIZE];
    char *log; /* NVRTC's log of the last failed compile, NUL-terminated; NULL if none */
    size_t log_size;

    JitCache jit;
    KernelCache kernels; /* specialization key -> CUfunction (gpu/runtime/kernel_cache.c) */

    /* ---- the mock device (KRAIT_DEVICE=mock, gpu/runtime/cuda_mock.h) ---- */
    bool mock;                               /* G->api is the mock's; kernels run on the host */
    struct CudaMockFunction *mock_functions; /* the host kernels made so far, freed with G */
    bool mock_async; /* "mock-async": work finishes later (cuda_mock_async.c) */

    /* ---- matmul (gpu/kernels/kernels_matmul.c, gpu/kernels/cublaslt.c) ---- */
    bool matmul_tf32;             /* float32 matmul may round inputs to TF32 (default off) */
    int8_t matmul_own;            /* 1: never use cuBLASLt; 0: from settings.matmul_own at load */
    const char *matmul_path;      /* which path ran last: "cublaslt", "own" or "simple" */
    CUdeviceptr matmul_workspace; /* cuBLASLt's workspace (32 MB), on krait's stream */
    size_t matmul_workspace_size;
    char matmul_tune[128];    /* cublaslt.c: what the last autotuning of a plan found, "" */
    char matmul_declined[64]; /* why the last product with an epilogue was composed, "" */
    int64_t matmul_ep_calls;  /* products offered to cuBLASLt with an epilogue (gpu_matmul_ep) */
    int64_t matmul_ep_fused;  /* ... and run as one call */

    /* ---- small device blocks freed and kept for reuse (memory.c) ---- */
    struct {
        CUdeviceptr ptr[GPU_MEMCACHE_DEPTH];
        CUstream stream[GPU_MEMCACHE_DEPTH];
        int n;
    } memcache[GPU_MEMCACHE_CLASSES];

    /* ---- CUDA graphs (graph.c): the capture under way, and the live graphs ---- */
    struct GpuGraph *capture;         /* the graph being captured, NULL when none */
    CUstream capture_stream;          /* the stream it captures (G->stream or a user stream) */
    CUstream capture_side;            /* allocations during a capture happen here (made once) */
    struct GpuProfiler *capture_prof; /* the profiler paused for the capture */
    struct GpuGraph *graphs;          /* instantiated graphs, freed with G at the latest */

    /* ---- the profiler (profile.h) ---- */
    struct GpuProfiler *prof;       /* set while recording: the hot paths test only this */
    struct GpuProfiler *prof_state; /* the last profile's records; NULL before the first */
    GpuFuncNames fnames;            /* kernel names, filled where CUfunctions are made */
    GpuNvtx nvtx;                   /* NVTX ranges for Nsight (nvtx.c), loaded at first use */
} GpuState;

/* ---- lifecycle (device.c) ---- */

/* A new state with default settings (the caller may fill G->settings before the first GPU
 * use); touches neither the driver nor the disk. NULL if the allocator fails. */
GpuState *gpu_state_new(kr_allocator allocator);
/* Unloads kernels, destroys the default stream, releases the context, closes libraries.
 * Waits for queued work first. Accepts NULL. */
void gpu_state_free(GpuState *G);

/* Decide the backend (once) from settings.device and whether CUDA starts. Returns the
 * backend, or GPU_BACKEND_UNDECIDED with G's error set when the device is "cuda" and CUDA
 * fails to start, or the setting holds something other than cpu or cuda. */
GpuBackend gpu_backend(GpuState *G);

/* Start CUDA if not yet started. 0, or -1 with G's error set (the same error every time
 * once a start has failed). Also fails when settings.device is "cpu". */
int gpu_init_cuda(GpuState *G);

/* The number of devices: settings.mock_devices on the mock (1 unset), cuDeviceGetCount
 * on CUDA (at most GPU_MAX_DEVICES; starts the driver); -1 with G's error set. The CPU
 * backend's count is the backend's business (settings.mock_devices as well). */
int gpu_device_count(GpuState *G);

/* Make krait's context current on the calling thread (the start does it for the thread
 * that started it; a host embedding krait across threads calls this after a switch). */
int gpu_make_current(GpuState *G);

/* Wait for all work on the device (cuCtxSynchronize). */
int gpu_synchronize(GpuState *G);

/* ---- the kernel watchdog (watchdog.c) ----
 * With settings.kernel_timeout set, every wait for the device (stream, event and device
 * synchronizes, copies to the host) polls instead of blocking, and a wait longer than the
 * timeout fails with GPU_ERR_KERNEL_FAULT: "a GPU kernel ran longer than...". CUDA cannot
 * stop one kernel, and resetting the primary context would destroy every other
 * interpreter's memory in the process, so the kernel keeps the device: this state is marked
 * dead (device_state -1, init_error says why) and every later call fails at once with that
 * message, without touching the driver again. Without a timeout the waits block as the
 * driver's synchronize calls do. */
/* Wait for the work queued on stream (NULL: krait's default stream) to finish. */
int gpu_wait_stream(GpuState *G, CUstream stream, const char *where);
/* Wait for event (recorded on some stream) to be reached. */
int gpu_wait_event(GpuState *G, CUevent event, const char *where);
/* Wait for all work of the device (every stream this state made, then the context). */
int gpu_wait_device(GpuState *G, const char *where);

/* ---- errors (device.c) ---- */

/* Set G's error; returns -1 so callers can `return gpu_set_error(...)`. */
int gpu_set_error(GpuState *G, GpuErrorKind kind, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void gpu_clear_error(GpuState *G);
/* Keep a copy of NVRTC's log (the string need not be NUL-terminated); on allocation
 * failure the log is dropped, the error stays. */
void gpu_set_log(GpuState *G, const char *log, size_t len);

/* ---- host memory through the state's allocator (device.c) ---- */
void *gpu_host_alloc(GpuState *G, size_t size); /* NULL with GPU_ERR_HOST_MEMORY set */
void *gpu_host_realloc(GpuState *G, void *p, size_t old_size, size_t new_size);
void gpu_host_free(GpuState *G, void *p, size_t size);

/* ---- device memory and copies (memory.c); stream NULL means G->stream ---- */
int gpu_mem_alloc(GpuState *G, size_t bytes, CUstream stream, CUdeviceptr *out);
int gpu_mem_free(GpuState *G, CUdeviceptr ptr, size_t bytes, CUstream stream);
int gpu_mem_trim(GpuState *G, size_t keep_bytes); /* return pooled memory to the driver */
/* Give the cached small blocks of stream (NULL: every stream) back to the pool. */
void gpu_mem_cache_release(GpuState *G, CUstream stream, bool all);
int gpu_mem_info(GpuState *G, size_t *free_bytes, size_t *total_bytes);
int gpu_pool_usage(GpuState *G, uint64_t *used_bytes, uint64_t *reserved_bytes);
int gpu_copy_to_device(GpuState *G, CUdeviceptr dst, const void *src, size_t bytes,
                       CUstream stream);
int gpu_copy_to_host(GpuState *G, void *dst, CUdeviceptr src, size_t bytes, CUstream stream);
int gpu_copy_on_device(GpuState *G, CUdeviceptr dst, CUdeviceptr src, size_t bytes,
                       CUstream stream);
/* Copy bytes from src's device memory (state S, on its stream sstream) to dst's (state D,
 * on dstream): the copy waits for the work queued on sstream before it, and work queued on
 * sstream after it (a free of the source) waits for the copy. Peer access is enabled the
 * first time a pair copies, where the hardware allows; the driver stages the copy
 * otherwise. Leaves D's context current. The same device: gpu_copy_on_device. */
int gpu_copy_peer(GpuState *D, CUdeviceptr dst, CUstream dstream, GpuState *S, CUdeviceptr src,
                  CUstream sstream, size_t bytes);
int gpu_memset8(GpuState *G, CUdeviceptr dst, uint8_t value, size_t count, CUstream stream);
int gpu_memset32(GpuState *G, CUdeviceptr dst, uint32_t value, size_t count, CUstream stream);

/* ---- CUDA graphs (graph.c) ----
 * gpu_graph_begin starts capturing stream (NULL: krait's default) into a new graph: until
 * gpu_graph_end, work queued there is recorded instead of run, allocations come from a side
 * stream (so they exist at replay) and belong to the graph until it is freed, and anything
 * that would wait for the captured stream or copy host memory fails with a clear error.
 * gpu_graph_end(keep) stops it and, with keep, instantiates the graph (*out; NULL with keep
 * false). gpu_graph_launch replays a graph on the stream it captured. */
typedef struct GpuGraph GpuGraph;
int gpu_graph_begin(GpuState *G, CUstream stream);
int gpu_graph_end(GpuState *G, bool keep, GpuGraph **out);
int gpu_graph_launch(GpuState *G, GpuGraph *g);
int gpu_graph_nodes(const GpuGraph *g); /* work items captured (launches, copies, memsets) */
void gpu_graph_free(GpuState *G, GpuGraph *g);
void gpu_graphs_free_all(GpuState *G); /* at gpu_state_free */
/* Whether work on stream s is being captured now. */
static inline bool gpu_capturing(const GpuState *G, CUstream s) {
    return G->capture && (s ? s : G->stream) == G->capture_stream;
}
/* The error for an operation a capture cannot hold (a wait, a host copy): -1. */
int gpu_capture_refuse(GpuState *G, const char *what);
/* memory.c's side of a capture: an allocation made during it, a free deferred by a graph. */
void gpu_graph_note_alloc(GpuState *G, CUdeviceptr ptr, size_t bytes, CUstream s);
bool gpu_graph_defer_free(GpuState *G, CUdeviceptr ptr, size_t bytes, CUstream s);
void gpu_graph_note_node(GpuState *G, CUstream s); /* a launch, copy or memset queued */

/* ---- streams, events, launches (stream.c) ---- */
int gpu_stream_create(GpuState *G, CUstream *out); /* non-blocking */
int gpu_stream_destroy(GpuState *G, CUstream stream);
int gpu_stream_synchronize(GpuState *G, CUstream stream);
int gpu_stream_query(GpuState *G, CUstream stream); /* 1: idle, 0: busy, -1: error */
int gpu_stream_wait_event(GpuState *G, CUstream stream, CUevent event);

int gpu_event_create(GpuState *G, bool timing, CUevent *out);
int gpu_event_destroy(GpuState *G, CUevent event);
int gpu_event_record(GpuState *G, CUevent event, CUstream stream);
int gpu_event_synchronize(GpuState *G, CUevent event);
int gpu_event_query(GpuState *G, CUevent event); /* 1: reached, 0: pending, -1: error */
int gpu_event_elapsed_ms(GpuState *G, CUevent start, CUevent end, float *ms);

/* Launch f on grid x block threads; params points at one pointer per kernel argument, each
 * pointing at the argument's value (cuLaunchKernel's convention). */
int gpu_launch(GpuState *G, CUfunction f, const unsigned grid[3], const unsigned block[3],
               unsigned shared_bytes, CUstream stream, void **params);

/* Run fn(user_data) on a driver thread once the work queued on stream before it is done.
 * fn must not call CUDA or touch interpreter state (see the header comment). */
int gpu_launch_host_func(GpuState *G, CUstream stream, CUhostFn fn, void *user_data);

static inline CUstream gpu_stream_or_default(GpuState *G, CUstream s) {
    return s ? s : G->stream;
}

/* Start CUDA unless it has started: one compare on the hot path. */
static inline int gpu_ensure(GpuState *G) {
    return G->device_state > 0 ? 0 : gpu_init_cuda(G);
}

#endif
