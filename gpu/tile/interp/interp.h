/* interp.h: the CPU path of tile kernels -- an interpreter of the tile IR (gpu/tile/ir.h).
 *
 * The front (stdlib/tile) specializes a kernel into a verified TileFunc and, when the CPU
 * backend runs (KRAIT_DEVICE=cpu, or no GPU), calls tile_interp_run with the launch's grid
 * and arguments. The interpreter runs the function once per block, x fastest, exactly as
 * the GPU's blocks would run if they ran one after another; so atomics are trivially
 * atomic and a spin lock taken and released inside one block never waits.
 *
 * Every value is a whole tile in memory, in its dtype's storage format (float16, bfloat16
 * and float8 as their bits; tfloat32 as float32 with 13 low bits zero), and every op is one
 * typed loop over the tile (interp_elementwise.c, interp_shape.c, interp_memory.c,
 * interp_reduce.c), never a per-element dispatch on a tagged value. Arithmetic is the GPU's:
 * float32 math in float32, float16/bfloat16/float8 computed in float32 and rounded to
 * nearest even, integers wrapping, mma accumulating in float32 (float64, int32 for int8).
 *
 * Nothing here knows the VM: arguments are plain pointers and numbers, memory comes from
 * the host's allocator, printed text goes to a callback (the script's sys.stdout). */
#ifndef KRAIT_TILE_INTERP_H
#define KRAIT_TILE_INTERP_H

#include "../ir.h"

/* One launch argument, for f->params[i] (arrays: data, rank, shape, strides in elements,
 * which may be negative or zero; scalars: the value in the param's dtype, kind 'f' in f,
 * 'u' in u, 'i' and 'b' in i). */
typedef struct TileArg {
    void *data;
    int rank;
    int64_t shape[TILE_MAX_RANK];
    int64_t strides[TILE_MAX_RANK];
    TileScalar scalar;
} TileArg;

/* What the interpreter needs from its host. */
typedef struct TileRunEnv {
    TileAllocFn alloc; /* scratch for the launch's tiles (kr_alloc_fn's shape) */
    void *alloc_ud;
    TileWriteFn write; /* ct.printf / ct.print output, in order */
    void *write_ud;
    /* Called before every block and every loop iteration (may be NULL): false stops the
     * launch with TILE_RUN_INTERRUPTED -- the host's Ctrl-C and run limits (interp_poll),
     * so a kernel spinning on a lock that is never released can still be stopped. */
    bool (*poll)(void *ud);
    void *poll_ud;
} TileRunEnv;

/* Outcomes of a launch. On an error the message (in err, NUL-terminated, at most errsize
 * bytes) names the script file and line of the op that failed. */
typedef enum TileRunStatus {
    TILE_RUN_OK = 0,
    TILE_RUN_ERROR = -1,      /* RuntimeError: e.g. a for loop with step 0 */
    TILE_RUN_ASSERT = -2,     /* AssertionError: a ct.assert_ that failed */
    TILE_RUN_NOMEM = -3,      /* MemoryError: scratch allocation failed */
    TILE_RUN_INTERRUPTED = -4 /* env->poll returned false (its exception is already set) */
} TileRunStatus;

/* Runs f over grid[0] x grid[1] x grid[2] blocks (x fastest). args has f->nparams entries,
 * args[i] for f->params[i]. f must have passed tile_ir_verify. A grid with a zero extent
 * runs nothing. */
TileRunStatus tile_interp_run(const TileFunc *f, const TileArg *args, const int64_t grid[3],
                              const TileRunEnv *env, char *err, size_t errsize);

#endif
