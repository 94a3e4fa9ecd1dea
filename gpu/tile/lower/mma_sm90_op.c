/* mma_sm90_op.c: a single ct.mma on Hopper's warpgroup tensor cores (lower_internal.h's
 * lw_sm90_mma), for the products mma_sm90.c's loop matcher does not take -- the two of the
 * attention sample (Q K^T of a reshaped, transposed 4-D load, P V of a computed tile), or an
 * mma among other work in a loop body. The operands are tiles in the generic register layout:
 * tile_sm90.cuh's kr_wgmma_op stages them in shared memory in the 128-byte swizzled layouts
 * wgmma reads, runs the product as M / 64 row blocks of m64nNk16 spread over the block's
 * warpgroups, and brings the accumulator back to the generic layout. An accumulator that is
 * a constant zero (`ct.mma(a, b, ct.full(.., 0))`) is not staged at all. Emitted under
 * `#if KR_WGMMA`, the mma.sync path (lower_ops.c) in the `#else`. */
#include <stdio.h>

#include "lower_internal.h"

enum { SM90_OP_SMEM_MAX = 232448 /* 227 KB a block */ };

/* whether value v is a constant zero tile */
static bool zero_const(const TileFunc *f, int v) {
    const TileOp *d = f->values[v].def;
    return d && d->kind == TOP_CONST && tile_value_type(f, v)->dtype == TDT_FLOAT32 &&
           d->value.f == 0.0;
}

int lw_sm90_mma(Lower *L, const TileOp *op) {
    const TileFunc *f = L->f;
    if (L->sm90_mode == 1 || L->layout.nt % 128) return 0;
    int a = op->operands[0], b = op->operands[1], acc = op->operands[2];
    const TileType *ta = tile_value_type(f, a), *tb = tile_value_type(f, b),
                   *tc = tile_value_type(f, acc);
    if (ta->rank != 2 || tb->rank != 2 || tc->rank != 2 || tc->dtype != TDT_FLOAT32 ||
        ta->dtype != tb->dtype || (ta->dtype != TDT_FLOAT16 && ta->dtype != TDT_BFLOAT16))
        return 0;
    int64_t M = ta->shape[0], K = ta->shape[1], N = tb->shape[1];
    /* A K-major in 128-byte rows; B N-major when its rows are whole 128-byte rows (staged
     * 16 bytes at a time), else K-major (n a multiple of 8 up to 256) */
    if (M % 64 || K % 64 || N % 8 || N > 256 || M > 1024 || K > 1024) return 0;
    int nwg = L->layout.nt / 128, rb = (int)(M / 64 + nwg - 1) / nwg;
    if (rb * N / 2 > 128) return 0; /* accumulator fragments a thread */
    bool kmaj = N % 64 != 0;
    int occ = f->hints.occupancy > 1 ? f->hints.occupancy : 1;
    size_t smem = 1024 + (size_t)(M * K + K * N) * 2 + (size_t)M * (size_t)(N + 4) * 4;
    if (smem > (size_t)SM90_OP_SMEM_MAX / (size_t)occ - (occ > 1 ? 1024 : 0)) return 0;
    char fn[64];
    lw_sm90_functor(L, ta->dtype, (int)N, kmaj, fn, sizeof fn);
    lw_raw(L, "#if KR_WGMMA\n");
    lw_line(L, op, "kr_wgmma_op<%s, %lld, %lld, %lld, %s, %s, %s>(v%d, v%d, v%d);",
            ta->dtype == TDT_BFLOAT16 ? "kr_bf16" : "kr_half", (long long)M, (long long)N,
            (long long)K, kmaj ? "true" : "false", zero_const(f, acc) ? "true" : "false", fn,
            op->result, a, b);
    lw_raw(L, "#else\n");
    lw_need_smem(L, smem);
    L->sm90 = true;
    return 1;
}
