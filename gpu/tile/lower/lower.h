/* lower.h: the tile lowering, tile IR -> CUDA C for NVRTC (gpu/tile/lower/). The device
 * side of every primitive the lowering emits lives in tile_prelude.cuh (embedded as the
 * string tile_prelude); this header is the host side: the source head every tile kernel
 * starts with, and (lower.c) the lowering of a specialized TileFunc. */
#ifndef KRAIT_GPU_TILE_LOWER_H
#define KRAIT_GPU_TILE_LOWER_H

#include "../../codegen/cuda_source.h"
#include "../ir.h"

/* tile_prelude.cuh's text (generated/tile_prelude.c, by cmake/embed_text.cmake). */
extern const char tile_prelude[];
/* tile_sm90.cuh's text (generated/tile_sm90.c): the wgmma loop's device side. */
extern const char tile_sm90_prelude[];
/* tile_attn_sm90.cuh's text: the attention loop's device side (attention_sm90.c). */
extern const char tile_attn_sm90_prelude[];

/* Threads per block and elements per chunk of the layout (tile_prelude.cuh's header). */
typedef struct TileLayout {
    int nt; /* KR_NT: threads per block, a multiple of 32 */
    int v;  /* KR_V: consecutive elements per thread and chunk, a power of two <= 16 */
} TileLayout;

/* The optional parts of the prelude a kernel uses (tile_prelude.cuh's KR_NEED_*). */
enum {
    TILE_NEED_ATOMIC = 1,
    TILE_NEED_ARG = 2,
    TILE_NEED_SCAN = 4,
    TILE_NEED_MMA = 8,
    TILE_NEED_PRINT = 16,
    TILE_NEED_SM90 = 32, /* tile_sm90.cuh: wgmma loops (mma_sm90.c) */
    TILE_NEED_ATTN = 64, /* tile_attn_sm90.cuh (after tile_sm90.cuh): attention_sm90.c */
    TILE_NEED_WS = 128,  /* a warp-specialized matmul loop (mma_sm90_ws.c): on sm_90a a
                          * producer warpgroup after KR_NT threads, __syncthreads theirs */
    TILE_NEED_ALL = 255,
};

/* Append the head of a tile kernel: the layout's and the needs' defines, the kernel
 * library's prelude and the tile prelude, each under a #line naming it, so an NVRTC
 * message about the prelude names the prelude's file and line. */
void tile_lower_head(KSource *s, TileLayout layout, unsigned needs);

/* A lowered specialization. The kernel is one extern "C" __global__ named `name` taking one
 * by-value struct of 8-byte words, in f->params order: an array param is its data pointer
 * (device address), shape[max(rank, 1)] and strides[max(rank, 1)] in elements; a scalar
 * param one word, int64 for bool and int dtypes (uint64 as its bits), double for floats.
 * When has_assert, one more word: a device pointer to 4 ints the kernel sets to the number
 * of the first failed ct.assert_ (1-based, in program order; 0: none) and its block. */
enum { TILE_MAX_TMAPS = 4, TILE_MAX_EXACT = 32 };

/* A condition of the exact variant: dim `axis` of array param `param` is a multiple of div
 * (the extents of the tiles loaded from or stored to it along that axis). */
typedef struct TileExactDim {
    int param, axis;
    int64_t div;
} TileExactDim;

/* the registers a thread a warp-specialized kernel's producer warpgroup keeps (setmaxnreg) */
enum { TILE_WS_PRODUCER_REGS = 40 };

typedef struct TileLowered {
    KSource src;           /* the CUDA C, NUL-terminated in src.buf */
    char name[96];         /* the __global__'s name */
    TileLayout layout;     /* block = layout.nt threads */
    unsigned shared_bytes; /* dynamic shared memory the launch must give */
    int nwords;            /* argument words */
    bool has_assert;
    bool has_printf; /* the launch waits for the kernel, so its output comes in order */
    /* TMA descriptors (mma_sm90.c; all but KRAIT_TILE_SM90=off/cpasync): word tma_word is a
     * flag the launch sets to 1 when it encoded every map (else the kernel's loops copy with
     * cp.async); the maps follow from the next multiple of 8 words, 16 words each: map i
     * describes array param tmap_param[i] in boxes of 128 bytes (64 16-bit or 32 32-bit
     * elements: tmap_esize[i] bytes each) x tmap_rows[i] rows, 128-byte swizzle. */
    int ntmaps, tma_word;
    int tmap_param[TILE_MAX_TMAPS], tmap_rows[TILE_MAX_TMAPS], tmap_esize[TILE_MAX_TMAPS];
    /* The exact variant (tile_lower_variant with exact): its loads and stores test each tile
     * once instead of each element, which is valid only for arguments that meet the
     * conditions (tile_exact_ok). has_exact: f has such loads/stores and the conditions fit
     * (in the general variant too, which is what tells a launch whether to look). */
    bool is_exact; /* this is the exact variant */
    bool has_exact;
    int nexact;
    TileExactDim exact[TILE_MAX_EXACT];
    uint64_t exact_vec; /* bit i: param i goes by KR_V-element chunks (unit last stride and
                         * chunk alignment needed); params past 63 never do */
    /* shared_bytes on sm_90a, where the generic loops under the wgmma loops' #else are not
     * compiled (their mma.sync staging is larger: 234 KB for a 256x128x64 tf32 step) */
    unsigned shared_bytes_sm90a;
    /* on sm_90a the block is layout.nt + 128 threads: a producer warpgroup after the
     * layout's threads feeds a warp-specialized matmul loop (mma_sm90_ws.c) */
    bool ws;
    /* the consumers' setmaxnreg.inc count (0: no register split): the launch's register
     * pool must hold it (ws_check / tile_lower_test read ptxas's count from the CUBIN) */
    int ws_regs;
} TileLowered;

/* Lower f (verified: tile_ir_verify) to CUDA C. 0, or -1 with a message in err naming the
 * script file and line ("kernel.py:12: ...") when f uses something the lowering cannot
 * express, or when memory runs out (err says so). */
int tile_lower(GpuState *G, const TileFunc *f, TileLowered *out, char *err, size_t errsize);
/* The same with the Hopper matmul loop given (GpuSettings.tile_sm90's values) instead of
 * taken from the settings: ct.export asks for loops without TMA descriptors. */
int tile_lower_sm90(GpuState *G, const TileFunc *f, int sm90_mode, TileLowered *out, char *err,
                    size_t errsize);
/* The same with the variant chosen: exact lowers the loads/stores that trust the exact
 * conditions (the source starts with #define KR_EXACT 1); the general one is tile_lower's. */
int tile_lower_variant(GpuState *G, const TileFunc *f, bool exact, TileLowered *out, char *err,
                       size_t errsize);
void tile_lowered_free(TileLowered *l);

/* The argument words of f->params[i]'s kind: 1 for a scalar, 1 + 2 * max(rank, 1) for an
 * array (the launch packs them in this order). */
int tile_param_words(const TileParam *p);

#endif
