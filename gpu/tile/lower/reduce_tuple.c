/* reduce_tuple.c: the lowering of ct.reduce / ct.scan over a tuple of tiles (a REDUCE or
 * SCAN op with ncomp > 0, gpu/tile/ir.h), called by lower_ops.c's emit_reduce/emit_scan.
 *
 * Correct and compact rather than fast: the N input tiles are staged in shared memory (one
 * buffer each, in the register type), then each thread takes whole lines along the axis
 * (a rolled block loop over outer x inner) and folds them in order with the combiner region
 * on the kernel's scalar slots (cslots), writing component comp of each result (the last
 * accumulator of a line, or every one for a scan) to one more buffer, from which the result
 * tile is read back into the layout. The front emits one op per component, so a tuple of N
 * tiles is folded N times; a line is combined in order, first element first, which also
 * serves a combiner that is not commutative. */
#include <stdio.h>

#include "lower_internal.h"

static const TileType *vtype(const Lower *L, int v) {
    return tile_value_type(L->f, v);
}

static size_t reg_size(TileDType dt) {
    return dt == TDT_FLOAT64 ? 8 : (size_t)(lw_narrow_float(dt) ? 4 : tile_dtype_size(dt));
}

int lw_tuple_fold(Lower *L, const TileOp *op) {
    int n = op->ncomp;
    const TileType *x = vtype(L, op->operands[0]), *rt = vtype(L, op->result);
    int64_t numel = lw_numel(x), len = x->shape[op->axis], inner = 1;
    for (int d = op->axis + 1; d < x->rank; d++)
        inner *= x->shape[d];
    int64_t lines = numel / len;
    const char *RT = lw_reg(rt->dtype);
    bool scan = op->kind == TOP_SCAN;
    /* shared memory: the N inputs, then the result, each 16-byte aligned */
    size_t off = 0, in_off[32];
    if (n > 32) return lw_error(L, op, "a tuple of more than 32 tiles");
    for (int i = 0; i < n; i++) {
        in_off[i] = off;
        off += ((size_t)numel * reg_size(vtype(L, op->operands[i])->dtype) + 15) / 16 * 16;
    }
    size_t out_off = off;
    off += (size_t)(scan ? numel : lines) * reg_size(rt->dtype);
    lw_need_smem(L, off);

    lw_declare(L, op);
    lw_line(L, op, "{ /* %s over a tuple of %d tiles: component %d */", scan ? "scan" : "reduce", n,
            op->comp);
    L->indent++;
    lw_line(L, op, "__syncthreads();");
    for (int i = 0; i < n; i++) {
        int v = op->operands[i];
        const char *T = lw_reg(vtype(L, v)->dtype);
        lw_line(L, op, "%s *kr_t%d = (%s *)(kr_smem + %zu);", T, i, T, in_off[i]);
        lw_line(L, op, "KR_FOR(r, %d) if (kr_valid(r, %lld)) kr_t%d[kr_e(r)] = v%d[r];",
                lw_slots(L, numel), (long long)numel, i, v);
    }
    lw_line(L, op, "%s *kr_o = (%s *)(kr_smem + %zu);", RT, RT, out_off);
    lw_line(L, op, "__syncthreads();");
    lw_line(L, op, "KR_BLOCK_LOOP(kr_w, %lld) {", (long long)lines);
    L->indent++;
    lw_line(L, op, "const i64 kr_o0 = (i64)(kr_w / %lld) * %lld + kr_w %% %lld;", (long long)inner,
            (long long)(len * inner), (long long)inner);
    for (int i = 0; i < n; i++)
        lw_line(L, op, "s%d = v%d;", op->cslots[i], op->operands[n + i]);
    lw_line(L, op, "_Pragma(\"unroll 1\") for (int kr_k = 0; kr_k < %lld; kr_k++) {",
            (long long)len);
    L->indent++;
    if (scan && op->reverse)
        lw_line(L, op, "const i64 kr_i = kr_o0 + (i64)(%lld - kr_k) * %lld;", (long long)(len - 1),
                (long long)inner);
    else
        lw_line(L, op, "const i64 kr_i = kr_o0 + (i64)kr_k * %lld;", (long long)inner);
    for (int i = 0; i < n; i++)
        lw_line(L, op, "s%d = kr_t%d[kr_i];", op->cslots[n + i], i);
    const TileRegion *body = &op->regions[0];
    for (const TileOp *c = body->first; c && c != body->last; c = c->next)
        if (lw_op(L, c) < 0) return -1;
    const TileOp *y = body->last; /* the YIELD of the n combined values */
    for (int i = 0; i < n; i++)
        lw_line(L, y, "s%d = v%d;", op->cslots[i], y->operands[i]);
    if (scan) lw_line(L, op, "kr_o[kr_i] = s%d;", op->cslots[op->comp]);
    L->indent--;
    lw_line(L, op, "}");
    if (!scan) lw_line(L, op, "kr_o[kr_w] = s%d;", op->cslots[op->comp]);
    L->indent--;
    lw_line(L, op, "}");
    lw_line(L, op, "__syncthreads();");
    int64_t rn = lw_numel(rt);
    if (rt->rank == 0)
        lw_line(L, op, "v%d = kr_o[0];", op->result);
    else
        lw_line(L, op, "KR_FOR(r, %d) v%d[r] = kr_valid(r, %lld) ? kr_o[kr_e(r)] : (%s)0;",
                lw_slots(L, rn), op->result, (long long)rn, RT);
    L->indent--;
    lw_line(L, op, "}");
    return 0;
}
