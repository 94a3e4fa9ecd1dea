/* dce.c: tile_pass_dce (passes.h). Counts the uses of every value over the whole function,
 * then drops ops that have a result, no side effect and no use, repeating while that frees
 * more (a dropped op's operands lose a use). Loads and gathers have no side effect (an
 * unused load reads nothing); stores, atomics, printf, assert, slot writes and control flow
 * always stay. */
#include <string.h>

#include "passes.h"

static bool dce_pure(const TileOp *op) {
    switch (op->kind) {
    case TOP_STORE:
    case TOP_SCATTER:
    case TOP_ATOMIC_RMW:
    case TOP_ATOMIC_CAS:
    case TOP_PRINTF:
    case TOP_ASSERT:
    case TOP_VAR_WRITE:
    case TOP_FOR:
    case TOP_IF:
    case TOP_WHILE:
    case TOP_BREAK:
    case TOP_CONTINUE:
    case TOP_YIELD:
    case TOP_RETURN:
    case TOP_PARAM: return false;
    default: return op->result >= 0;
    }
}

static void dce_count(const TileRegion *r, int *uses) {
    for (const TileOp *op = r->first; op; op = op->next) {
        for (int i = 0; i < op->noperands; i++)
            uses[op->operands[i]]++;
        for (int k = 0; k < 2; k++)
            dce_count(&op->regions[k], uses);
    }
}

static int dce_region(TileRegion *r, int *uses) {
    int n = 0;
    TileOp *prev = NULL;
    for (TileOp *op = r->first; op;) {
        TileOp *next = op->next;
        for (int k = 0; k < 2; k++)
            n += dce_region(&op->regions[k], uses);
        if (dce_pure(op) && uses[op->result] == 0) {
            for (int i = 0; i < op->noperands; i++)
                uses[op->operands[i]]--;
            if (prev)
                prev->next = next;
            else
                r->first = next;
            if (r->last == op) r->last = prev;
            op->next = NULL;
            n++;
        } else {
            prev = op;
        }
        op = next;
    }
    return n;
}

int tile_pass_dce(TileFunc *f) {
    if (f->nvalues == 0) return 0;
    size_t size = sizeof(int) * (size_t)f->nvalues;
    int *uses = f->arena.alloc(f->arena.alloc_ud, NULL, 0, size);
    if (!uses) return 0; /* keeping dead ops is always correct */
    memset(uses, 0, size);
    dce_count(&f->body, uses);
    int total = 0, n;
    /* a pass removes an op after its users (they come later), so one pass per level of
     * dead chains; a backward walk would need doubly linked regions */
    while ((n = dce_region(&f->body, uses)) > 0)
        total += n;
    f->arena.alloc(f->arena.alloc_ud, uses, size, 0);
    return total;
}
