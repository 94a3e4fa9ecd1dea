/* lower_head.c: the text every generated tile kernel starts with (lower.h). */
#include "lower.h"

void tile_lower_head(KSource *s, TileLayout layout, unsigned needs) {
    ksrc_printf(s, "#define KR_NT %d\n#define KR_V %d\n", layout.nt, layout.v);
    static const char *const names[] = {"ATOMIC", "ARG", "SCAN", "MMA", "PRINT"};
    for (int i = 0; i < 5; i++)
        if (needs & (1u << i)) ksrc_printf(s, "#define KR_NEED_%s 1\n", names[i]);
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
