/* tma.c: the TMA descriptors of a tile launch (launch.h's tile_tma_pack). A kernel whose
 * matmul loops copy with TMA (mma_sm90.c; the default) takes, after its argument
 * words, a flag word and one CUtensorMap per (array, box) it asked for (TileLowered's
 * tmap_*). Each launch encodes them from the arrays it is given through the driver's
 * cuTensorMapEncodeTiled (the mock's checks the arguments the same way); when an array
 * cannot be described (rows not 16-byte aligned, a non-unit inner stride, a driver
 * without the entry point) the flag stays 0 and the kernel copies with cp.async instead. */
#include <string.h>

#include "launch.h"

enum { TMA_UINT16 = 1, TMA_UINT32 = 2, TMA_SWIZZLE_128B = 3, TMA_L2_256B = 3 };

/* One map for an array of esize-byte elements (2 or 4) of rank 2 to 5 in boxes of 128 bytes of
 * the last axis x rows of the one before (1 along the outer axes: the attention loop's 4-D K
 * and V, attention_sm90.c); false when it cannot be encoded. */
static bool encode(GpuState *G, uint64_t *map, const TileArg *a, int rows, int esize) {
    int R = a->rank;
    if (!G->api.cuTensorMapEncodeTiled || R < 2 || R > 5 || (esize != 2 && esize != 4))
        return false;
    if (a->strides[R - 1] != 1 || (uintptr_t)a->data % 16) return false;
    unsigned long long dims[5], strides[4];
    unsigned box[5], elem[5];
    for (int d = 0; d < R; d++) { /* TMA's dims innermost first */
        int axis = R - 1 - d;
        if (a->shape[axis] <= 0 || a->shape[axis] > 0xffffffffll) return false;
        dims[d] = (unsigned long long)a->shape[axis];
        box[d] = d == 0 ? 128u / (unsigned)esize : d == 1 ? (unsigned)rows : 1u;
        elem[d] = 1;
        if (d > 0) {
            int64_t st = a->strides[axis];
            if (st <= 0 || (st * esize) % 16 || st >= ((int64_t)1 << 40) / esize) return false;
            strides[d - 1] = (unsigned long long)st * (unsigned long long)esize;
        }
    }
    return G->api.cuTensorMapEncodeTiled(map, esize == 2 ? TMA_UINT16 : TMA_UINT32, (unsigned)R,
                                         a->data, dims, strides, box, elem, 0, TMA_SWIZZLE_128B,
                                         TMA_L2_256B, 0) == CUDA_SUCCESS;
}

void tile_tma_pack(GpuState *G, const TileCuda *k, const TileArg *args) {
    uint64_t *w = k->words;
    int first = (k->tma_word + 1 + 7) / 8 * 8;
    bool ok = true;
    for (int i = 0; i < k->ntmaps; i++) {
        uint64_t *map = w + first + 16 * i;
        memset(map, 0, 128);
        ok = ok && encode(G, map, &args[k->tmap_param[i]], k->tmap_rows[i], k->tmap_esize[i]);
    }
    w[k->tma_word] = ok ? 1 : 0;
}
