/* lower_head.c: the text every generated tile kernel starts with (lower.h). */
#include "lower.h"

void tile_lower_head(KSource *s, TileLayout layout, unsigned needs) {
    ksrc_printf(s, "#define KR_NT %d\n#define KR_V %d\n", layout.nt, layout.v);
    static const char *const names[] = {"ATOMIC", "ARG", "SCAN", "MMA", "PRINT"};
    for (int i = 0; i < 5; i++)
        if (needs & (1u << i)) ksrc_printf(s, "#define KR_NEED_%s 1\n", names[i]);
    /* KR_BLOCK: the launch's block. A warp-specialized kernel's producer warpgroup (the
     * 128 threads after KR_NT, sm_90a only) runs its own program and leaves: every other
     * block barrier is the KR_NT threads' named barrier 1 */
    if (needs & TILE_NEED_WS)
        ksrc_puts(s, "#define KR_WS 1\n#if defined(__CUDA_ARCH_FEAT_SM90_ALL)\n#define KR_BLOCK "
                     "(KR_NT + 128)\n#define __syncthreads() asm volatile(\"bar.sync 1, %0;\" "
                     "::\"n\"(KR_NT) : \"memory\")\n#else\n#define KR_BLOCK KR_NT\n#endif\n");
    else
        ksrc_puts(s, "#define KR_BLOCK KR_NT\n");
    ksrc_puts(s, "#line 1 \"krait_kernels_prelude.cuh\"\n");
    ksrc_puts(s, kernels_prelude);
    ksrc_puts(s, "#line 1 \"krait_tile_prelude.cuh\"\n");
    ksrc_puts(s, tile_prelude);
    if (needs & (TILE_NEED_SM90 | TILE_NEED_ATTN)) {
        ksrc_puts(s, "#line 1 \"krait_tile_sm90.cuh\"\n");
        ksrc_puts(s, tile_sm90_prelude);
    }
    if (needs & TILE_NEED_ATTN) {
        ksrc_puts(s, "#line 1 \"krait_tile_attn_sm90.cuh\"\n");
        ksrc_puts(s, tile_attn_sm90_prelude);
    }
}
