/* fold.c: tile_pass_fold (passes.h). A splat constant keeps its value whatever its shape,
 * so BROADCAST and RESHAPE of a CONST are the CONST at the result's shape: the op is turned
 * into a CONST in place (same result value, same position). CAST is not folded: its
 * rounding is the back ends' to define (float16, bfloat16, float8). */
#include "passes.h"

static int fold_region(TileFunc *f, TileRegion *r) {
    int n = 0;
    for (TileOp *op = r->first; op; op = op->next) {
        for (int k = 0; k < 2; k++)
            n += fold_region(f, &op->regions[k]);
        if ((op->kind != TOP_BROADCAST && op->kind != TOP_RESHAPE) || op->noperands != 1) continue;
        TileOp *def = f->values[op->operands[0]].def;
        if (!def || def->kind != TOP_CONST) continue;
        op->kind = TOP_CONST;
        op->value = def->value;
        op->noperands = 0;
        n++;
    }
    return n;
}

int tile_pass_fold(TileFunc *f) {
    return fold_region(f, &f->body);
}
