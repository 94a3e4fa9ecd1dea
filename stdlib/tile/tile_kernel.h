/* tile_kernel.h: the Kernel object that @ct.kernel makes (stdlib/tile/tile_kernel.c) and
 * its specializations, shared with the CUDA launch path (stdlib/tile/tile_cuda.c, by the
 * lowering's author).
 *
 * A Kernel keeps its Python function, its hints, the parsed source (gpu/tile/front's
 * TileSources) and a list of specializations; each one holds the key it was built for
 * (per argument: kind, dtype, rank, or a ct.Constant's value), the verified TileFunc, and a
 * slot for the CUDA path's compiled kernel. ct.launch classifies its arguments into a key
 * without allocating, finds the specialization (the last one used is tried first), and runs
 * it on the CPU interpreter or the CUDA path. */
#ifndef KRAIT_TILE_KERNEL_H
#define KRAIT_TILE_KERNEL_H

#include "../../gpu/tile/front/front.h"
#include "../../gpu/runtime/gpu.h"
#include "../../gpu/tile/interp/interp.h"
#include "tile_cuda.h"

enum { TILE_MAX_ARGS = 64 };

/* One argument's part of a specialization key. */
typedef struct TileKeyArg {
    uint8_t kind;   /* TileArgKind */
    uint8_t dtype;  /* TileDType (arrays, scalars) */
    uint8_t rank;   /* arrays */
    Value constant; /* TILE_ARG_CONSTANT */
} TileKeyArg;

typedef struct TileSpec {
    int nargs;
    TileKeyArg key[TILE_MAX_ARGS];
    TileFunc *func;         /* verified IR */
    TileCuda *cuda;         /* the CUDA path's launch record (tile_cuda.h), or NULL */
    /* the launch records of devices 1.. (gpu.Device(i): a device's own CUfunctions), by
     * device; [0] unused (cuda) */
    TileCuda *cuda_dev[GPU_MAX_DEVICES];
    unsigned nvrtc_checked; /* the CPU path's NVRTC check ran (Interp config
                             * tile_check_nvrtc): bit 0 the general variant, bit 1 the exact */
} TileSpec;

typedef struct TileKernel {
    Obj hdr;
    Value fn;       /* the Python function */
    Value hints[4]; /* num_ctas, occupancy, opt_level, num_worker_warps: None, int, ByTarget */
    TileSources sources;
    TileSignature sig;
    bool have_sig;
    TileSpec **specs;
    int nspecs, cap;
    int last; /* the specialization used last */
} TileKernel;

#endif
