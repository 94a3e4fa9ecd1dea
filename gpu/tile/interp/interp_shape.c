/* interp_shape.c: the ops that move elements without computing -- BROADCAST, PERMUTE, CAT,
 * EXTRACT, INSERT -- all through one strided box copy (also what LOAD and STORE use).
 *
 * Tiles are row-major and contiguous, so every one of these is "copy a box of the source,
 * walked with some strides, into a box of the destination": a broadcast walks its size-1
 * axes with stride 0, a permute walks the source's strides in the permuted order, a cat
 * writes each half at an offset. The innermost axis is a tight loop in the element's
 * width; when both innermost strides are 1 it is a memcpy. */
#include "interp_internal.h"

void ti_contiguous_strides(const int64_t *shape, int rank, int64_t *strides) {
    int64_t s = 1;
    for (int k = rank - 1; k >= 0; k--) {
        strides[k] = s;
        s *= shape[k];
    }
}

#define TI_ROW(T)                                                                                  \
    {                                                                                              \
        T *d = (T *)dst;                                                                           \
        const T *s = (const T *)src;                                                               \
        for (int64_t i = 0; i < n; i++)                                                            \
            d[i * ds] = s[i * ss];                                                                 \
        return;                                                                                    \
    }

static void copy_row(char *dst, int64_t ds, const char *src, int64_t ss, int64_t n, int esize) {
    if (ds == 1 && ss == 1) {
        memcpy(dst, src, (size_t)n * (size_t)esize);
        return;
    }
    switch (esize) {
    case 1: TI_ROW(uint8_t)
    case 2: TI_ROW(uint16_t)
    case 4: TI_ROW(uint32_t)
    default: TI_ROW(uint64_t)
    }
}

void ti_copy_box(char *dst, const int64_t *dst_strides, const char *src, const int64_t *src_strides,
                 const int64_t *shape, int rank, int esize) {
    for (int k = 0; k < rank; k++)
        if (shape[k] <= 0) return;
    if (rank == 0) {
        memcpy(dst, src, (size_t)esize);
        return;
    }
    int64_t idx[TILE_MAX_RANK] = {0};
    int inner = rank - 1;
    for (;;) {
        int64_t doff = 0, soff = 0;
        for (int k = 0; k < inner; k++) {
            doff += idx[k] * dst_strides[k];
            soff += idx[k] * src_strides[k];
        }
        copy_row(dst + doff * esize, dst_strides[inner], src + soff * esize, src_strides[inner],
                 shape[inner], esize);
        int k = inner - 1;
        while (k >= 0 && ++idx[k] == shape[k])
            idx[k--] = 0;
        if (k < 0) return;
    }
}

TiFlow ti_op_broadcast(TileExec *ex, const TileOp *op) {
    const TileType *rt = ti_type(ex, op->result), *xt = ti_type(ex, op->operands[0]);
    int esize = ti_esize(rt->dtype);
    if (xt->rank == 0) {
        ti_fill(ex->vals[op->result], ex->vals[op->operands[0]], tile_type_numel(rt), esize);
        return TI_NEXT;
    }
    int64_t xs[TILE_MAX_RANK], ds[TILE_MAX_RANK];
    ti_contiguous_strides(xt->shape, xt->rank, xs);
    ti_contiguous_strides(rt->shape, rt->rank, ds);
    for (int k = 0; k < rt->rank; k++)
        if (xt->shape[k] == 1) xs[k] = 0;
    ti_copy_box(ex->vals[op->result], ds, ex->vals[op->operands[0]], xs, rt->shape, rt->rank,
                esize);
    return TI_NEXT;
}

TiFlow ti_op_permute(TileExec *ex, const TileOp *op) {
    const TileType *rt = ti_type(ex, op->result), *xt = ti_type(ex, op->operands[0]);
    int64_t xs[TILE_MAX_RANK], ss[TILE_MAX_RANK], ds[TILE_MAX_RANK];
    ti_contiguous_strides(xt->shape, xt->rank, xs);
    ti_contiguous_strides(rt->shape, rt->rank, ds);
    for (int k = 0; k < rt->rank; k++)
        ss[k] = xs[op->perm[k]];
    ti_copy_box(ex->vals[op->result], ds, ex->vals[op->operands[0]], ss, rt->shape, rt->rank,
                ti_esize(rt->dtype));
    return TI_NEXT;
}

TiFlow ti_op_cat(TileExec *ex, const TileOp *op) {
    const TileType *rt = ti_type(ex, op->result);
    int esize = ti_esize(rt->dtype), axis = op->axis;
    int64_t ds[TILE_MAX_RANK];
    ti_contiguous_strides(rt->shape, rt->rank, ds);
    char *out = ex->vals[op->result];
    for (int half = 0; half < 2; half++) {
        const TileType *t = ti_type(ex, op->operands[half]);
        int64_t ss[TILE_MAX_RANK];
        ti_contiguous_strides(t->shape, t->rank, ss);
        ti_copy_box(out, ds, ex->vals[op->operands[half]], ss, t->shape, t->rank, esize);
        out += t->shape[axis] * ds[axis] * esize;
    }
    return TI_NEXT;
}

/* The element offset of the subtile at the grid index held in operands[first..], or -1
 * (after recording the error) when the index is outside the grid. */
static int64_t subtile_offset(TileExec *ex, const TileOp *op, const TileType *big,
                              const TileType *sub, int first, const int64_t *big_strides) {
    int64_t off = 0;
    for (int k = 0; k < big->rank; k++) {
        int v = op->operands[first + k];
        int64_t i = ti_read_int(ti_type(ex, v)->dtype, ex->vals[v]);
        int64_t s = sub->rank ? sub->shape[k] : 1;
        if (i < 0 || (i + 1) * s > big->shape[k]) {
            ti_fail(ex, op, TILE_RUN_ERROR,
                    "subtile index %lld on axis %d is outside the %lld "
                    "subtiles of the tile",
                    (long long)i, k, (long long)(big->shape[k] / s));
            return -1;
        }
        off += i * s * big_strides[k];
    }
    return off;
}

TiFlow ti_op_extract(TileExec *ex, const TileOp *op) {
    const TileType *rt = ti_type(ex, op->result), *xt = ti_type(ex, op->operands[0]);
    int esize = ti_esize(rt->dtype);
    int64_t xs[TILE_MAX_RANK], ds[TILE_MAX_RANK];
    ti_contiguous_strides(xt->shape, xt->rank, xs);
    ti_contiguous_strides(rt->shape, rt->rank, ds);
    int64_t off = subtile_offset(ex, op, xt, rt, 1, xs);
    if (off < 0) return TI_FAIL;
    ti_copy_box(ex->vals[op->result], ds, ex->vals[op->operands[0]] + off * esize, xs, rt->shape,
                rt->rank, esize);
    return TI_NEXT;
}

TiFlow ti_op_insert(TileExec *ex, const TileOp *op) {
    const TileType *rt = ti_type(ex, op->result), *vt = ti_type(ex, op->operands[1]);
    int esize = ti_esize(rt->dtype);
    int64_t rs[TILE_MAX_RANK], vs[TILE_MAX_RANK], vshape[TILE_MAX_RANK];
    ti_contiguous_strides(rt->shape, rt->rank, rs);
    for (int k = 0; k < rt->rank; k++)
        vshape[k] = vt->rank ? vt->shape[k] : 1;
    ti_contiguous_strides(vshape, rt->rank, vs);
    int64_t off = subtile_offset(ex, op, rt, vt, 2, rs);
    if (off < 0) return TI_FAIL;
    char *out = ex->vals[op->result];
    if (out != ex->vals[op->operands[0]])
        memcpy(out, ex->vals[op->operands[0]], (size_t)tile_type_numel(rt) * (size_t)esize);
    ti_copy_box(out + off * esize, rs, ex->vals[op->operands[1]], vs, vshape, rt->rank, esize);
    return TI_NEXT;
}
