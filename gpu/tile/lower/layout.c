/* layout.c: the lowering's host-side view of layout-dependent device paths, so the shared
 * memory it sizes matches what the prelude's templates use. lw_rows_smem mirrors
 * tile_prelude.cuh's KrRows (the row reduction by warp shuffles): the same conditions on
 * the tile, KR_NT and KR_V, the same byte count, checked there by a static_assert. */
#include "lower_internal.h"

size_t lw_rows_smem(const Lower *L, const TileType *t, int axis, size_t elem) {
    int64_t len = t->shape[axis], inner = 1, size = tile_type_numel(t);
    for (int k = axis + 1; k < t->rank; k++)
        inner *= t->shape[k];
    int64_t nt = L->layout.nt, v = L->layout.v;
    if (inner != 1 || size <= v || len % v != 0) return 0;
    int64_t cl = len / v, g;
    if (cl % nt == 0)
        g = nt;
    else if (nt % cl == 0 && (cl & (cl - 1)) == 0)
        g = cl;
    else
        return 0;
    int64_t w = g > 32 ? g / 32 : 1;
    return (size_t)(size / len * w) * elem;
}
