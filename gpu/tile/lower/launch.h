/* launch.h: the CUDA side of tile kernels, below the `tile` module: compiling a lowered
 * specialization through the JIT's memory and disk caches, the per-specialization launch
 * record (CUfunction, block, shared memory, a reused argument buffer: a cached launch
 * hashes nothing and allocates nothing), the NVRTC check the CPU path runs in CI
 * (settings.tile_check_nvrtc), the dump of generated kernels (settings.tile_dump), and the
 * text and files behind ct.compile and ct.export. NVRTC errors come back as
 * "script.py:LINE: NVRTC: error: ..." through the #line directives of the lowering. */
#ifndef KRAIT_GPU_TILE_LAUNCH_H
#define KRAIT_GPU_TILE_LAUNCH_H

#include "../interp/interp.h"
#include "lower.h"

/* out = the first error of an NVRTC log as "FILE:LINE: NVRTC: error: ...", or fallback
 * when the log names no position. */
void tile_nvrtc_message(const char *log, const char *fallback, char *out, size_t size);

/* Whether a launch's args (args[i] for f->params[i]: shapes and strides in elements, data
 * the address) meet the exact variant's conditions (lower.h's TileLowered.exact*, layout
 * chunk v): a few integer tests per array. */
bool tile_exact_ok(const TileFunc *f, int v, int nexact, const TileExactDim *exact,
                   uint64_t exact_vec, const TileArg *args);

/* Compile l (lowered from f) for arch to a CUBIN, loading nothing; *cubin_size gets its
 * size, *regs (when not NULL) ptxas's registers a thread (-1: the CUBIN does not say). 0, or
 * -1 with the mapped NVRTC message in err, or when a warp-specialized kernel's consumers ask
 * more registers than its launch will have (tile_ws_pool_check). Goes through the disk cache. */
int tile_check_source(GpuState *G, const TileLowered *l, const TileFunc *f, const char *arch,
                      size_t *cubin_size, int *regs, char *err, size_t errsize);
/* Whether the register pool of a launch of l (its block's threads x regs, ptxas's count)
 * holds the warp-specialized split's setmaxnreg counts: 0, or -1 with the message in err
 * (such a launch would spin in setmaxnreg.inc for ever). regs <= 0: unknown, 0. */
int tile_ws_pool_check(const TileLowered *l, int regs, char *err, size_t errsize);

/* Lower f and compile it for sm_90a (what settings.tile_check_nvrtc asks of every kernel
 * the CPU path runs): the variant a launch with args would run (args NULL: both), unless
 * *checked has its bit (1: general, 2: exact); sets the bit. 0, or -1 with the message in
 * err. */
int tile_check_nvrtc(GpuState *G, const TileFunc *f, const TileArg *args, unsigned *checked,
                     char *err, size_t errsize);

/* One specialization ready to launch on the device. f must outlive it (the failed-assert
 * message is read from f's ops). */
typedef struct TileCuda {
    const TileFunc *f;
    CUfunction fn;       /* the general variant, NULL until a launch needs it */
    CUfunction fn_exact; /* the exact variant (lower.h), NULL until a launch needs it */
    bool has_exact;
    int v, nexact; /* the exact variant's conditions (lower.h's TileLowered) */
    TileExactDim exact[TILE_MAX_EXACT];
    uint64_t exact_vec;
    unsigned block, shared;
    int nwords;
    uint64_t *words;      /* the argument buffer, reused by every launch */
    bool has_assert;      /* the kernel reports failed ct.assert_ through err_word */
    bool has_printf;      /* the launch waits, so device printf text comes out in order */
    CUdeviceptr err_word; /* 4 ints: the failed assert's number (0: none), its block */
    void *host_key;       /* the caller's to cache a lookup key in (stdlib/tile: the interned
                           * name of a gpu.Stream's handle attribute), NULL at first */
    uint64_t written;     /* bit i: the kernel may write f->params[i] (store, scatter, atomic) */
    size_t size;          /* bytes of this record and its buffer, for the free */
    int ntmaps, tma_word; /* TMA descriptors (lower.h's TileLowered), packed by tma.c */
    int tmap_param[TILE_MAX_TMAPS], tmap_rows[TILE_MAX_TMAPS], tmap_esize[TILE_MAX_TMAPS];
} TileCuda;

/* Whether k's kernel may write its param i (params past 63 count as written). */
static inline bool tile_cuda_writes(const TileCuda *k, int i) {
    return i >= 64 || (k->written >> i & 1);
}

/* Lower f for the device; each variant is compiled (or found in the caches) and loaded at
 * the first launch that needs it (arguments that meet the exact conditions run the exact
 * variant). NULL with err set. */
TileCuda *tile_cuda_prepare(GpuState *G, const TileFunc *f, char *err, size_t errsize);

/* The NVRTC compiles of f's first launches as jobs for another thread (gpu/runtime/jit.h):
 * lowers f's general variant, and its exact one when it has one (which one a launch takes
 * depends on its arguments), and asks the JIT for their CUBINs. The number of jobs put in
 * jobs (0: nothing to compile: in the caches, or the mock device without NVRTC), each to
 * run and end, after which the launches find their CUBIN loaded (on the mock: in the disk
 * cache, compiled for sm_90a); -1 with err set. tile_cuda_job_error words a failed
 * jit_job_end the same way. */
int tile_cuda_compile_job(GpuState *G, const TileFunc *f, JitJob *jobs[2], char *err,
                          size_t errsize);
void tile_cuda_job_error(GpuState *G, char *err, size_t errsize);

/* Launch k on grid with args (args[i] for f->params[i]; arrays: data is the DEVICE address)
 * on stream (NULL: krait's default). Asynchronous, except for kernels with ct.assert_
 * (which wait for the launch to read the failure word) or ct.printf (which wait so their
 * text comes out before the script's next print). Returns TILE_RUN_OK, TILE_RUN_ASSERT
 * (err: "file:line: message") or TILE_RUN_ERROR (err: the driver's message). */
TileRunStatus tile_cuda_launch(GpuState *G, TileCuda *k, const TileArg *args, const int64_t grid[3],
                               CUstream stream, char *err, size_t errsize);
void tile_cuda_free(GpuState *G, TileCuda *k);

/* The flag word and the TMA descriptors of k's argument buffer from this launch's args
 * (tma.c); a no-op for kernels without them. */
void tile_tma_pack(GpuState *G, const TileCuda *k, const TileArg *args);

/* ct.compile: the CUDA C of f, in *out (free with gpu_host_free(G, *out, *size)). */
int tile_compile_source(GpuState *G, const TileFunc *f, char **out, size_t *size, char *err,
                        size_t errsize);

/* ct.export: writes path (the CUBIN for arch, NULL: the device's) and path + ".json", the
 * description a C host needs to load and launch it (docs/TILES.md, "Exported kernels").
 * 0, or -1 with err set. */
int tile_export(GpuState *G, const TileFunc *f, const char *arch, const char *path, char *err,
                size_t errsize);

#endif
