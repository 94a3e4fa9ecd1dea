/* hoist.c: loop-invariant broadcasts of one-element tiles emitted once before their loop
 * (lw_hoist_invariants; opt-in: settings.tile_hoist, KRAIT_TILE_HOIST=1). A one-element tile
 * lives in thread 0's first slot, so broadcasting it (kr_broadcast) goes through shared
 * memory between two block barriers; the layer norm sample broadcasts the row's mean (and
 * rstd) inside its second and third loops over the row, two and four barriers an iteration
 * that also keep the compiler from overlapping one iteration's loads with the last's
 * arithmetic. Taken: pure ops of the loop body (no regions, no memory, no variables) whose
 * operands are all defined outside the loop or by ops already taken, and whose result is
 * one element or a broadcast of one (one register kept across the loop, or the broadcast's
 * registers). The loop's bounds are block-uniform, so every thread runs the hoisted
 * barriers once even when the loop runs zero times. */
#include "lower_internal.h"

static bool in_region(const TileRegion *r, const TileOp *d) {
    for (const TileOp *op = r->first; op; op = op->next)
        if (op == d || in_region(&op->regions[0], d) || in_region(&op->regions[1], d)) return true;
    return false;
}

bool lw_hoisted(const Lower *L, const TileOp *op) {
    for (int i = 0; i < L->nhoisted; i++)
        if (L->hoisted[i] == op) return true;
    return false;
}

static bool pure_kind(TileOpKind k) {
    switch (k) {
    case TOP_CONST:
    case TOP_UNARY:
    case TOP_BINARY:
    case TOP_COMPARE:
    case TOP_SELECT:
    case TOP_CAST:
    case TOP_RESHAPE:
    case TOP_BROADCAST: return true;
    default: return false;
    }
}

static bool takes(const Lower *L, const TileRegion *body, const TileOp *op) {
    const TileFunc *f = L->f;
    if (!pure_kind(op->kind) || op->result < 0 || op->regions[0].first || op->regions[1].first)
        return false;
    for (int i = 0; i < op->noperands; i++) {
        const TileOp *d = f->values[op->operands[i]].def;
        if (d && in_region(body, d) && !lw_hoisted(L, d)) return false;
    }
    if (tile_type_numel(tile_value_type(f, op->result)) == 1) return true;
    /* a broadcast of a one-element tile (a scalar's is a register copy: left in place) */
    const TileType *in = op->noperands ? tile_value_type(f, op->operands[0]) : NULL;
    return op->kind == TOP_BROADCAST && in && in->rank > 0 && tile_type_numel(in) == 1;
}

int lw_hoist_invariants(Lower *L, const TileOp *loop) {
    if (!L->s->G->settings.tile_hoist) return 0;
    const TileRegion *body = &loop->regions[0];
    /* one pass in program order: an op's operands come before it */
    for (const TileOp *op = body->first; op; op = op->next) {
        if (L->nhoisted == LW_MAX_HOISTED) break;
        if (!takes(L, body, op)) continue;
        lw_line(L, op, "/* hoisted out of the loop below: invariant */");
        if (lw_op(L, op) < 0) return -1;
        L->hoisted[L->nhoisted++] = op;
    }
    return 0;
}
