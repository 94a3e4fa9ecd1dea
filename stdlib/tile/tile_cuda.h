/* tile_cuda.h: the `tile` module's CUDA half (tile_cuda.c, owner: the lowering), called by
 * the module's ct.launch / ct.compile / ct.export (stdlib/tile) with a specialization's
 * verified TileFunc. The launch record (TileCuda, gpu/tile/lower/launch.h) lives in the
 * caller's specialization record: *slot starts NULL, is filled by the first launch, and is
 * freed with tile_module_cuda_free when the specialization goes. */
#ifndef KRAIT_STDLIB_TILE_CUDA_H
#define KRAIT_STDLIB_TILE_CUDA_H

#include "../../gpu/tile/lower/launch.h"
#include "../../vm/interp.h"

/* ct.launch on the CUDA backend: args are the launch's argument tuple (f->params[i] takes
 * args[f->params[i].arg_index]), grid the block counts, stream the ct.launch stream argument
 * (None or gpu.Stream.default: krait's current stream). Evaluates the pending (lazy) arrays
 * the kernel reads or writes, launches, and marks the arrays it writes current on the
 * device and stale on the host. 0, or -1 after raising (RuntimeError for lowering, NVRTC
 * and driver errors, with the script's file and line; AssertionError for ct.assert_). */
int tile_module_launch_cuda(Interp *I, const TileFunc *f, TileCuda **slot, const Value *args,
                            int nargs, const int64_t grid[3], Value stream);

/* The CPU path's NVRTC check (settings.tile_check_nvrtc, KRAIT_TILE_CHECK_NVRTC=1): call
 * before each run of the interpreter with the run's args; it compiles the variant of the
 * kernel a GPU launch with these args would run (general or exact, gpu/tile/lower/launch.h)
 * unless *checked (the specialization's, 0 at first) says it did. 0 (also when the setting
 * is off), or -1 after raising RuntimeError with the mapped NVRTC message. */
int tile_module_check_nvrtc(Interp *I, const TileFunc *f, const TileArg *args, unsigned *checked);

/* ct.compile: the generated CUDA C as a str, or V_NULL after raising. */
Value tile_module_compile(Interp *I, const TileFunc *f);

/* ct.export: the CUBIN at path and its description at path + ".json"; arch NULL: the
 * device's. 0, or -1 after raising. */
int tile_module_export(Interp *I, const TileFunc *f, const char *path, const char *arch);

void tile_module_cuda_free(Interp *I, TileCuda *k);

#endif
