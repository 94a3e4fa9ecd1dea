/* jit.h: CUDA C -> CUBIN with NVRTC, and the two caches in front of it (see gpu.h's header
 * comment for the layout). Kernels must be declared extern "C" __global__ so that
 * jit_get_function finds them by their plain name.
 *
 * jit_compile_to_cubin needs no GPU (give req->arch): CI compiles every generated kernel to
 * a CUBIN for sm_90a on machines without one. jit_get_function needs the device: it compiles
 * (or finds) the CUBIN for the device's arch and loads it into krait's context. */
#ifndef KRAIT_GPU_JIT_H
#define KRAIT_GPU_JIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cuda.h"
#include "hash.h"

struct GpuState;

enum {
    JIT_FAST_MATH = 1,     /* --use_fast_math */
    JIT_LINEINFO = 2,      /* -lineinfo, for profilers and fault reports */
    JIT_NO_DISK_CACHE = 4, /* neither read nor write the disk cache */
};

typedef struct JitRequest {
    const char *source;         /* NUL-terminated CUDA C */
    const char *name;           /* NVRTC's name for it in messages; NULL: "krait_kernel.cu" */
    const char *arch;           /* "sm_90a"...; NULL: the device's (starts CUDA) */
    unsigned flags;             /* JIT_* */
    const char *const *options; /* extra NVRTC options, part of the cache key */
    int noptions;
} JitRequest;

/* A compiled CUBIN in host memory (from the state's allocator). */
typedef struct JitBinary {
    uint8_t *data;
    size_t size;
    bool from_disk; /* found in the disk cache, not compiled */
} JitBinary;

typedef struct JitFunction {
    char *name; /* allocated, NUL-terminated */
    size_t name_size;
    CUfunction function;
} JitFunction;

/* One loaded module; slot empty when module is NULL. */
typedef struct JitModule {
    uint8_t key[SHA256_SIZE];
    CUmodule module;
    JitFunction *functions;
    size_t nfunctions, capfunctions;
} JitModule;

typedef struct JitStats {
    size_t memory_hits;   /* jit_get_function found the module loaded */
    size_t disk_hits;     /* a valid CUBIN read from the disk cache */
    size_t disk_rejected; /* a cache file failed its checks and was recompiled */
    size_t disk_writes;   /* CUBINs written to the disk cache */
    size_t disk_errors;   /* cache files that could not be written (never fatal) */
    size_t compiles;      /* NVRTC compilations */
    double compile_ms;    /* total time spent in NVRTC */
} JitStats;

typedef struct JitCache {
    JitModule *slots; /* open addressing on the key's first 8 bytes; cap a power of two */
    size_t cap, count;
    char *dir; /* the disk cache's root; NULL: no disk cache */
    size_t dir_size;
    bool dir_resolved;     /* the settings' cache root has been taken */
    unsigned temp_counter; /* makes temporary file names unique within the process */
    JitStats stats;
} JitCache;

/* Compile req->source to a CUBIN, through the disk cache. 0 with *out filled (free it with
 * jit_binary_free), or -1 with G's error set: GPU_ERR_COMPILE with NVRTC's log in G->log
 * when the source does not compile. */
int jit_compile_to_cubin(struct GpuState *G, const JitRequest *req, JitBinary *out);
void jit_binary_free(struct GpuState *G, JitBinary *binary);
/* The registers a thread ptxas gave kernel in a CUBIN (jit_cubin.c), -1 when the CUBIN does
 * not say (not an ELF CUBIN, no such kernel). */
int jit_cubin_regs(const uint8_t *cubin, size_t size, const char *kernel);

/* The kernel kernel_name of req's source, compiled for the device and loaded (req->arch
 * must be NULL or the device's). Cached in memory: a second call with the same source and
 * options hashes the source once and loads nothing. Callers keep the CUfunction; it stays
 * valid until gpu_state_free. */
int jit_get_function(struct GpuState *G, const JitRequest *req, const char *kernel_name,
                     CUfunction *out);

/* Load a CUBIN image from elsewhere (the prebuilt table, jit_prebuilt.h) into the memory
 * cache under key, unless it is there, and get kernel_name from it. 0, or -1 with G's error
 * set (the driver refused the image). */
int jit_load_binary(struct GpuState *G, const uint8_t key[SHA256_SIZE], const void *image,
                    const char *kernel_name, CUfunction *out);

/* A compile split in three so that NVRTC can run on another thread (asyncio's thread pool:
 * ct.compile_async, ct.launch_async). jit_job_begin, on the interpreter's thread: 1 when
 * req's CUBIN is ready (loaded into the memory cache if load, else at least in the disk
 * cache or memory), 0 with *job to compile, -1 with G's error set. jit_job_run, on any
 * thread: NVRTC only (no state, no allocator, no error of G's). jit_job_end, on the
 * interpreter's thread again: the outcome into G (error and log, or disk cache and, if
 * load, the memory cache, as jit_get_function would leave them); frees the job. A job that
 * will not be ended is freed with jit_job_free. */
typedef struct JitJob JitJob;
int jit_job_begin(struct GpuState *G, const JitRequest *req, bool load, JitJob **job);
void jit_job_run(JitJob *job);
int jit_job_end(struct GpuState *G, JitJob *job);
void jit_job_free(JitJob *job);

/* Override the disk cache's root (NULL or "": no disk cache). Default: settings.cache_dir if
 * set (empty disables it), else <settings.home_dir>/.cache/krait, else none. */
int jit_set_cache_dir(struct GpuState *G, const char *dir);

/* The disk cache's root directory (as jit_set_cache_dir or the settings gave it), or NULL
 * when there is none; other caches keyed on the device's code (ct.tune's results) live
 * beside the CUBINs under it. */
const char *jit_cache_root(struct GpuState *G);

/* The cache key of req (what the memory and disk caches file its CUBIN under), for dumps
 * and diagnostics. 0, or -1 if NVRTC cannot be loaded (its version is part of the key). */
int jit_request_key(struct GpuState *G, const JitRequest *req, uint8_t key[SHA256_SIZE]);

/* The cache file path for req (to inspect or damage it in tests). 0, or -1 if there is no
 * disk cache or NVRTC cannot be loaded. */
int jit_cache_path(struct GpuState *G, const JitRequest *req, char *out, size_t size);

/* Unload every module and free the caches' memory (gpu_state_free calls it). */
void jit_cache_free(struct GpuState *G);

#endif
