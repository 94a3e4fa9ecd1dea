/* lower.h: the tile lowering, tile IR -> CUDA C for NVRTC (gpu/tile/lower/). The device
 * side of every primitive the lowering emits lives in tile_prelude.cuh (embedded as the
 * string tile_prelude); this header is the host side: the source head every tile kernel
 * starts with, and (lower.c) the lowering of a specialized TileFunc. */
#ifndef KRAIT_GPU_TILE_LOWER_H
#define KRAIT_GPU_TILE_LOWER_H

#include "../../codegen/cuda_source.h"

/* tile_prelude.cuh's text (generated/tile_prelude.c, by cmake/embed_text.cmake). */
extern const char tile_prelude[];

/* Threads per block and elements per chunk of the layout (tile_prelude.cuh's header). */
typedef struct TileLayout {
    int nt; /* KR_NT: threads per block, a multiple of 32 */
    int v;  /* KR_V: consecutive elements per thread and chunk, a power of two <= 16 */
} TileLayout;

/* Append the head of a tile kernel: the layout's defines, the kernel library's prelude and
 * the tile prelude, each under a #line naming it, so an NVRTC message about the prelude
 * names the prelude's file and line. */
void tile_lower_head(KSource *s, TileLayout layout);

#endif
