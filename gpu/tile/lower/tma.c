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

/* One map for a 2-D array of esize-byte elements (2 or 4) in boxes of 128 bytes of columns x
 * rows; false when it cannot be encoded. */
static bool encode(GpuState *G, uint64_t *map, const TileArg *a, int rows, int esize) {
    if (!G->api.cuTensorMapEncodeTiled || a->rank != 2 || (esize != 2 && esize != 4)) return false;
    if (a->strides[1] != 1 || (uintptr_t)a->data % 16 || (a->strides[0] * esize) % 16 ||
        a->strides[0] <= 0 || a->shape[0] <= 0 || a->shape[1] <= 0 || a->shape[0] > 0xffffffffll ||
        a->shape[1] > 0xffffffffll)
        return false;
    unsigned long long dims[2] = {(unsigned long long)a->shape[1], (unsigned long long)a->shape[0]};
    unsigned long long strides[1] = {(unsigned long long)a->strides[0] * (unsigned long long)esize};
    unsigned box[2] = {128u / (unsigned)esize, (unsigned)rows}, elem[2] = {1, 1};
    return G->api.cuTensorMapEncodeTiled(map, esize == 2 ? TMA_UINT16 : TMA_UINT32, 2, a->data,
                                         dims, strides, box, elem, 0, TMA_SWIZZLE_128B, TMA_L2_256B,
                                         0) == CUDA_SUCCESS;
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
