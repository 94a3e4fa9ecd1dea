/* interp_memory.c: the ops that touch arrays -- LOAD and STORE of tiles in tile-space
 * coordinates, GATHER and SCATTER by index tiles, and the atomics.
 *
 * LOAD/STORE: the tile's box is clipped against the array (the partial tiles at the edges);
 * a load fills the tile with the padding value first when the box is cut, then copies the
 * part inside the array with the array's own strides (any: negative, zero, transposed by
 * `order`). GATHER/SCATTER/atomics convert their index tiles to int64 once, then walk the
 * elements; every element is bounds-checked whatever check_bounds says, because on the CPU
 * an out-of-bounds access would corrupt the host, not just give an undefined value (an
 * element out of bounds is treated as masked off). Atomics run element by element in
 * row-major order, which is one of the orders the GPU may pick. */
#include <math.h>

#include "interp_internal.h"

static void padding_bytes(TilePadding pad, TileDType dt, void *out) {
    double v = 0.0;
    switch (pad) {
    case TP_NEG_ZERO: v = -0.0; break;
    case TP_NAN: v = NAN; break;
    case TP_POS_INF: v = INFINITY; break;
    case TP_NEG_INF: v = -INFINITY; break;
    default: memset(out, 0, 8); return;
    }
    ti_from_f64(dt, &v, 1, out);
}

/* The part of the tile at tile-space index op->operands[0..R) that lies inside the array:
 * per tile axis, the first element inside (lo) and one past the last (hi), and where the
 * box starts in the array. Returns false when nothing of the tile is inside. */
typedef struct TiBox {
    int rank;
    int64_t tshape[TILE_MAX_RANK], lo[TILE_MAX_RANK], hi[TILE_MAX_RANK];
    int64_t astrides[TILE_MAX_RANK]; /* array strides in tile-axis order */
    int64_t aoff;                    /* element offset of the box's first element */
    bool partial;
} TiBox;

static bool tile_box(TileExec *ex, const TileOp *op, const TileType *tt, TiBox *b) {
    const TileArg *a = &ex->args[op->array];
    b->rank = a->rank;
    b->aoff = 0;
    b->partial = false;
    bool empty = false;
    for (int k = 0; k < a->rank; k++) {
        int ax = op->perm[k];
        int v = op->operands[k];
        int64_t t = tt->rank ? tt->shape[k] : 1;
        int64_t start = ti_read_int(ti_type(ex, v)->dtype, ex->vals[v]) * t;
        int64_t n = a->shape[ax];
        int vo = tile_op_view_operand(op, a->rank, ax);
        if (vo >= 0) { /* an Array.slice along ax: its start and extent */
            int64_t vs = ti_read_int(TDT_INT64, ex->vals[op->operands[vo]]);
            n = ti_read_int(TDT_INT64, ex->vals[op->operands[vo + 1]]);
            b->aoff += vs * a->strides[ax];
        }
        int64_t lo = start < 0 ? -start : 0, hi = n - start < t ? n - start : t;
        if (hi <= lo) empty = true;
        if (lo > 0 || hi < t) b->partial = true;
        b->tshape[k] = t;
        b->lo[k] = lo;
        b->hi[k] = hi;
        b->astrides[k] = a->strides[ax];
        b->aoff += (start + lo) * a->strides[ax];
    }
    return !empty;
}

TiFlow ti_op_load(TileExec *ex, const TileOp *op) {
    const TileParam *p = &ex->f->params[op->array];
    const TileType *rt = ti_type(ex, op->result);
    int esize = ti_esize(p->dtype);
    char *out = ex->vals[op->result];
    TiBox b;
    bool any = tile_box(ex, op, rt, &b);
    if (b.partial) {
        char pad[8];
        padding_bytes(op->padding, p->dtype, pad);
        ti_fill(out, pad, tile_type_numel(rt), esize);
    }
    if (!any) return TI_NEXT;
    int64_t ds[TILE_MAX_RANK], box[TILE_MAX_RANK], doff = 0;
    ti_contiguous_strides(b.tshape, b.rank, ds);
    for (int k = 0; k < b.rank; k++) {
        box[k] = b.hi[k] - b.lo[k];
        doff += b.lo[k] * ds[k];
    }
    const char *src = (const char *)ex->args[op->array].data + b.aoff * esize;
    ti_copy_box(out + doff * esize, ds, src, b.astrides, box, b.rank, esize);
    return TI_NEXT;
}

TiFlow ti_op_store(TileExec *ex, const TileOp *op) {
    const TileParam *p = &ex->f->params[op->array];
    int tv = op->operands[op->noperands - 1];
    const TileType *tt = ti_type(ex, tv);
    int esize = ti_esize(p->dtype);
    TiBox b;
    if (!tile_box(ex, op, tt, &b)) return TI_NEXT;
    int64_t ss[TILE_MAX_RANK], box[TILE_MAX_RANK], soff = 0;
    ti_contiguous_strides(b.tshape, b.rank, ss);
    for (int k = 0; k < b.rank; k++) {
        box[k] = b.hi[k] - b.lo[k];
        soff += b.lo[k] * ss[k];
    }
    char *dst = (char *)ex->args[op->array].data + b.aoff * esize;
    ti_copy_box(dst, b.astrides, ex->vals[tv] + soff * esize, ss, box, b.rank, esize);
    return TI_NEXT;
}

/* Element offsets of an index-tile access: off[e] is the element's offset in the array, or
 * -1 when it is out of bounds or masked off. The R index tiles are operands[0..R); mask is
 * the mask tile's buffer or NULL. Uses the scratch (2 int64 per element). */
static int64_t *element_offsets(TileExec *ex, const TileOp *op, int64_t n, const uint8_t *mask) {
    const TileArg *a = &ex->args[op->array];
    int64_t *off = (int64_t *)ex->scratch, *tmp = off + n;
    for (int64_t e = 0; e < n; e++)
        off[e] = mask && !mask[e] ? -1 : 0;
    for (int k = 0; k < a->rank; k++) {
        int v = op->operands[k];
        ti_to_i64(ti_type(ex, v)->dtype, ex->vals[v], n, tmp);
        for (int64_t e = 0; e < n; e++) {
            if (off[e] < 0) continue;
            if (tmp[e] < 0 || tmp[e] >= a->shape[k])
                off[e] = -1;
            else
                off[e] += tmp[e] * a->strides[k];
        }
    }
    return off;
}

static bool has_negative_stride(const TileArg *a) {
    for (int k = 0; k < a->rank; k++)
        if (a->strides[k] < 0) return true;
    return false;
}

/* -1 marks a skipped element, so offsets must be non-negative: index-tile accesses refuse
 * arrays with negative strides (views such as a[::-1]); loads and stores take them. */
static const uint8_t *mask_operand(TileExec *ex, const TileOp *op, int index) {
    return op->has_mask ? (const uint8_t *)ex->vals[op->operands[index]] : NULL;
}

TiFlow ti_op_gather(TileExec *ex, const TileOp *op) {
    const TileParam *p = &ex->f->params[op->array];
    const TileArg *a = &ex->args[op->array];
    int R = a->rank, esize = ti_esize(p->dtype);
    int64_t n = ti_numel(ex, op->result);
    const uint8_t *mask = mask_operand(ex, op, R);
    const char *pad = ex->vals[op->operands[R + (op->has_mask ? 1 : 0)]];
    if (has_negative_stride(a))
        return ti_fail(ex, op, TILE_RUN_ERROR,
                       "gather from an array with negative strides is "
                       "not supported by the CPU path");
    int64_t *off = element_offsets(ex, op, n, mask);
    const char *base = a->data;
    char *out = ex->vals[op->result];
    for (int64_t e = 0; e < n; e++)
        memcpy(out + e * esize, off[e] < 0 ? pad : base + off[e] * esize, (size_t)esize);
    return TI_NEXT;
}

TiFlow ti_op_scatter(TileExec *ex, const TileOp *op) {
    const TileParam *p = &ex->f->params[op->array];
    const TileArg *a = &ex->args[op->array];
    int R = a->rank, esize = ti_esize(p->dtype);
    int vv = op->operands[R];
    int64_t n = ti_numel(ex, vv);
    const uint8_t *mask = mask_operand(ex, op, R + 1);
    if (has_negative_stride(a))
        return ti_fail(ex, op, TILE_RUN_ERROR,
                       "scatter into an array with negative strides is "
                       "not supported by the CPU path");
    int64_t *off = element_offsets(ex, op, n, mask);
    char *base = a->data;
    const char *val = ex->vals[vv];
    for (int64_t e = 0; e < n; e++)
        if (off[e] >= 0) memcpy(base + off[e] * esize, val + e * esize, (size_t)esize);
    return TI_NEXT;
}

static TileBinop rmw_binop(int sub) {
    switch (sub) {
    case TR_MAX: return TB_MAX;
    case TR_MIN: return TB_MIN;
    case TR_AND: return TB_AND;
    case TR_OR: return TB_OR;
    case TR_XOR: return TB_XOR;
    default: return TB_ADD;
    }
}

TiFlow ti_op_atomic(TileExec *ex, const TileOp *op) {
    const TileParam *p = &ex->f->params[op->array];
    const TileArg *a = &ex->args[op->array];
    int R = a->rank, esize = ti_esize(p->dtype);
    bool cas = op->kind == TOP_ATOMIC_CAS;
    int64_t n = ti_numel(ex, op->result);
    const char *upd = ex->vals[op->operands[R + (cas ? 1 : 0)]];
    const char *expected = cas ? ex->vals[op->operands[R]] : NULL;
    const uint8_t *mask = mask_operand(ex, op, R + (cas ? 2 : 1));
    if (has_negative_stride(a))
        return ti_fail(ex, op, TILE_RUN_ERROR,
                       "atomics on an array with negative strides are "
                       "not supported by the CPU path");
    int64_t *off = element_offsets(ex, op, n, mask);
    char *base = a->data, *old = ex->vals[op->result];
    TileBinop bop = rmw_binop(op->sub);
    for (int64_t e = 0; e < n; e++) {
        const char *u = upd + e * esize;
        if (off[e] < 0) {
            memcpy(old + e * esize, cas ? expected + e * esize : u, (size_t)esize);
            continue;
        }
        char *m = base + off[e] * esize;
        memcpy(old + e * esize, m, (size_t)esize);
        if (cas) {
            if (memcmp(m, expected + e * esize, (size_t)esize) == 0) memcpy(m, u, (size_t)esize);
        } else if (op->sub == TR_XCHG) {
            memcpy(m, u, (size_t)esize);
        } else {
            ti_binary(bop, p->dtype, m, u, m, 1);
        }
    }
    return TI_NEXT;
}
