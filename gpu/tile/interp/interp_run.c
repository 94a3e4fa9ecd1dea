/* interp_run.c: tile_interp_run -- the launch (buffers, the block loop) and the op
 * dispatch with structured control flow.
 *
 * Before the first block, every value and every slot gets its buffer (types are static,
 * so sizes are known), and one scratch area as large as the most any op needs; blocks then
 * run with no allocation at all. Control flow follows the IR's regions: ti_exec_region
 * returns how the region ended (fell through, break, continue, return, failure), so FOR
 * and WHILE handle break/continue and RETURN ends the block. A region value's buffer is
 * reused on every iteration, which is safe because values are visible only inside their
 * region and later in it. */
#include <stdarg.h>
#include <stdio.h>

#include "interp_internal.h"

TiFlow ti_fail(TileExec *ex, const TileOp *op, TileRunStatus st, const char *fmt, ...) {
    if (ex->status != TILE_RUN_OK) return TI_FAIL;
    ex->status = st;
    if (ex->err && ex->errsize) {
        int n = snprintf(ex->err, ex->errsize, "%s:%d: ", ex->f->filename ? ex->f->filename : "?",
                         op ? op->line : ex->f->line);
        if (n >= 0 && (size_t)n < ex->errsize) {
            va_list ap;
            va_start(ap, fmt);
            vsnprintf(ex->err + n, ex->errsize - (size_t)n, fmt, ap);
            va_end(ap);
        }
    }
    return TI_FAIL;
}

size_t ti_scratch_need(const TileExec *ex, const TileOp *op) {
    int64_t n = op->result >= 0 ? ti_numel(ex, op->result) : 0;
    switch (op->kind) {
    case TOP_CAST:
    case TOP_IOTA: return (size_t)n * 8;
    case TOP_GATHER:
    case TOP_ATOMIC_RMW:
    case TOP_ATOMIC_CAS: return (size_t)n * 16;
    case TOP_SCATTER: {
        const TileArg *a = &ex->args[op->array];
        return (size_t)ti_numel(ex, op->operands[a->rank]) * 16;
    }
    case TOP_REDUCE:
    case TOP_SCAN:
    case TOP_ARGREDUCE: return (size_t)ti_numel(ex, op->operands[0]) * 8;
    case TOP_MMA:
        return (size_t)(ti_numel(ex, op->operands[0]) + ti_numel(ex, op->operands[1]) +
                        ti_numel(ex, op->operands[2])) *
               8;
    default: return 0;
    }
}

static void scratch_walk(const TileExec *ex, const TileRegion *r, size_t *need) {
    for (const TileOp *op = r->first; op; op = op->next) {
        size_t n = ti_scratch_need(ex, op);
        if (n > *need) *need = n;
        scratch_walk(ex, &op->regions[0], need);
        scratch_walk(ex, &op->regions[1], need);
    }
}

/* Writes int64 v as the scalar of the value or slot buffer p of dtype dt. */
static void store_int(TileDType dt, int64_t v, void *p) {
    if (tile_dtype_is_float(dt)) {
        double d = (double)v;
        ti_from_f64(dt, &d, 1, p);
    } else {
        ti_from_i64(dt, &v, 1, p);
    }
}

/* The host's poll, once per block and loop iteration. */
static bool keep_going(TileExec *ex) {
    if (!ex->env->poll || ex->env->poll(ex->env->poll_ud)) return true;
    if (ex->status == TILE_RUN_OK) ex->status = TILE_RUN_INTERRUPTED;
    return false;
}

static TiFlow op_for(TileExec *ex, const TileOp *op) {
    TileDType dt = ti_type(ex, op->operands[0])->dtype;
    int64_t lo = ti_read_int(dt, ex->vals[op->operands[0]]);
    int64_t hi = ti_read_int(dt, ex->vals[op->operands[1]]);
    int64_t step = ti_read_int(dt, ex->vals[op->operands[2]]);
    if (step == 0) return ti_fail(ex, op, TILE_RUN_ERROR, "range() arg 3 must not be zero");
    TileDType vdt = ex->f->vars[op->var].type.dtype;
    for (int64_t i = lo; step > 0 ? i < hi : i > hi; i += step) {
        if (!keep_going(ex)) return TI_FAIL;
        store_int(vdt, i, ex->slots[op->var]);
        TiFlow fl = ti_exec_region(ex, &op->regions[0]);
        if (fl == TI_BREAK) break;
        if (fl == TI_RETURN || fl == TI_FAIL) return fl;
        if ((step > 0 && i > INT64_MAX - step) || (step < 0 && i < INT64_MIN - step)) break;
    }
    return TI_NEXT;
}

static TiFlow op_while(TileExec *ex, const TileOp *op) {
    for (;;) {
        if (!keep_going(ex)) return TI_FAIL;
        TiFlow fl = ti_exec_region(ex, &op->regions[0]);
        if (fl != TI_NEXT) return fl == TI_BREAK || fl == TI_CONTINUE ? TI_NEXT : fl;
        if (!ex->vals[ex->yielded][0]) return TI_NEXT;
        fl = ti_exec_region(ex, &op->regions[1]);
        if (fl == TI_BREAK) return TI_NEXT;
        if (fl == TI_RETURN || fl == TI_FAIL) return fl;
    }
}

static TiFlow op_assert(TileExec *ex, const TileOp *op) {
    const uint8_t *c = (const uint8_t *)ex->vals[op->operands[0]];
    int64_t n = ti_numel(ex, op->operands[0]);
    for (int64_t i = 0; i < n; i++)
        if (!c[i])
            return ti_fail(ex, op, TILE_RUN_ASSERT, "%s (block (%lld, %lld, %lld))",
                           op->text ? op->text : "ct.assert_ failed", (long long)ex->bid[0],
                           (long long)ex->bid[1], (long long)ex->bid[2]);
    return TI_NEXT;
}

static TiFlow exec_op(TileExec *ex, const TileOp *op) {
    const TileFunc *f = ex->f;
    char *r = op->result >= 0 ? ex->vals[op->result] : NULL;
    const TileType *rt = op->result >= 0 ? ti_type(ex, op->result) : NULL;
    int64_t n = rt ? tile_type_numel(rt) : 0;
    const int *o = op->operands;
    switch (op->kind) {
    case TOP_PARAM: ti_scalar_bytes(rt->dtype, ex->args[op->param].scalar, r); return TI_NEXT;
    case TOP_CONST: {
        char one[8];
        ti_scalar_bytes(rt->dtype, op->value, one);
        ti_fill(r, one, n, ti_esize(rt->dtype));
        return TI_NEXT;
    }
    case TOP_IOTA:
        if (tile_dtype_is_float(rt->dtype)) {
            double *w = (double *)ex->scratch;
            for (int64_t k = 0; k < n; k++)
                w[k] = op->value.f + (double)(k * op->step);
            ti_from_f64(rt->dtype, w, n, r);
        } else {
            int64_t *w = (int64_t *)ex->scratch;
            for (int64_t k = 0; k < n; k++)
                w[k] = (int64_t)((uint64_t)op->value.i + (uint64_t)k * (uint64_t)op->step);
            ti_from_i64(rt->dtype, w, n, r);
        }
        return TI_NEXT;
    case TOP_BID: store_int(rt->dtype, ex->bid[op->axis], r); return TI_NEXT;
    case TOP_NUM_BLOCKS: store_int(rt->dtype, ex->grid[op->axis], r); return TI_NEXT;
    case TOP_ARRAY_DIM:
        store_int(rt->dtype, ex->args[op->array].shape[op->axis], r);
        return TI_NEXT;
    case TOP_ARRAY_STRIDE:
        store_int(rt->dtype, ex->args[op->array].strides[op->axis], r);
        return TI_NEXT;
    case TOP_LOAD: return ti_op_load(ex, op);
    case TOP_STORE: return ti_op_store(ex, op);
    case TOP_GATHER: return ti_op_gather(ex, op);
    case TOP_SCATTER: return ti_op_scatter(ex, op);
    case TOP_ATOMIC_RMW:
    case TOP_ATOMIC_CAS: return ti_op_atomic(ex, op);
    case TOP_UNARY:
        ti_unary((TileUnop)op->sub, ti_type(ex, o[0])->dtype, ex->vals[o[0]], r, n);
        return TI_NEXT;
    case TOP_BINARY:
        ti_binary((TileBinop)op->sub, rt->dtype, ex->vals[o[0]], ex->vals[o[1]], r, n);
        return TI_NEXT;
    case TOP_COMPARE:
        ti_compare((TileCmpop)op->sub, ti_type(ex, o[0])->dtype, ex->vals[o[0]], ex->vals[o[1]],
                   (uint8_t *)r, n);
        return TI_NEXT;
    case TOP_SELECT:
        ti_select((const uint8_t *)ex->vals[o[0]], ex->vals[o[1]], ex->vals[o[2]], r, n,
                  ti_esize(rt->dtype));
        return TI_NEXT;
    case TOP_CAST:
        ti_cast(ti_type(ex, o[0])->dtype, ex->vals[o[0]], rt->dtype, r, n, ex->scratch);
        return TI_NEXT;
    case TOP_BITCAST:
    case TOP_RESHAPE:
    case TOP_ASSUME:
        memcpy(r, ex->vals[o[0]], (size_t)n * (size_t)ti_esize(rt->dtype));
        return TI_NEXT;
    case TOP_BROADCAST: return ti_op_broadcast(ex, op);
    case TOP_PERMUTE: return ti_op_permute(ex, op);
    case TOP_CAT: return ti_op_cat(ex, op);
    case TOP_EXTRACT: return ti_op_extract(ex, op);
    case TOP_INSERT: return ti_op_insert(ex, op);
    case TOP_REDUCE: return ti_op_reduce(ex, op);
    case TOP_ARGREDUCE: return ti_op_argreduce(ex, op);
    case TOP_SCAN: return ti_op_scan(ex, op);
    case TOP_MMA: return ti_op_mma(ex, op);
    case TOP_PRINTF: return ti_op_printf(ex, op);
    case TOP_ASSERT: return op_assert(ex, op);
    case TOP_VAR_READ:
        memcpy(r, ex->slots[op->var], (size_t)n * (size_t)ti_esize(rt->dtype));
        return TI_NEXT;
    case TOP_VAR_WRITE: {
        const TileType *vt = &f->vars[op->var].type;
        memcpy(ex->slots[op->var], ex->vals[o[0]],
               (size_t)tile_type_numel(vt) * (size_t)ti_esize(vt->dtype));
        return TI_NEXT;
    }
    case TOP_FOR: return op_for(ex, op);
    case TOP_IF: {
        bool c = ex->vals[o[0]][0] != 0;
        return ti_exec_region(ex, &op->regions[c ? 0 : 1]);
    }
    case TOP_WHILE: return op_while(ex, op);
    case TOP_BREAK: return TI_BREAK;
    case TOP_CONTINUE: return TI_CONTINUE;
    case TOP_YIELD: ex->yielded = o[0]; return TI_NEXT;
    case TOP_RETURN: return TI_RETURN;
    default:
        return ti_fail(ex, op, TILE_RUN_ERROR, "the CPU path cannot run the tile op '%s'",
                       tile_op_name(op->kind));
    }
}

TiFlow ti_exec_region(TileExec *ex, const TileRegion *r) {
    for (const TileOp *op = r->first; op; op = op->next) {
        TiFlow fl = exec_op(ex, op);
        if (fl != TI_NEXT) return fl;
    }
    return TI_NEXT;
}

static size_t align16(size_t n) {
    return (n + 15) & ~(size_t)15;
}

TileRunStatus tile_interp_run(const TileFunc *f, const TileArg *args, const int64_t grid[3],
                              const TileRunEnv *env, char *err, size_t errsize) {
    TileExec ex;
    memset(&ex, 0, sizeof ex);
    ex.f = f;
    ex.args = args;
    ex.env = env;
    ex.err = err;
    ex.errsize = errsize;
    if (err && errsize) err[0] = 0;
    for (int k = 0; k < 3; k++) {
        ex.grid[k] = grid[k];
        if (grid[k] <= 0) return TILE_RUN_OK;
    }
    /* one block: the pointer tables, then every value's and slot's buffer, then scratch */
    size_t scratch = 0;
    scratch_walk(&ex, &f->body, &scratch);
    size_t total = align16(sizeof(char *) * (size_t)(f->nvalues + f->nvars + 1));
    for (int v = 0; v < f->nvalues; v++)
        total += align16((size_t)tile_type_numel(&f->values[v].type) *
                         (size_t)ti_esize(f->values[v].type.dtype));
    for (int v = 0; v < f->nvars; v++)
        total += align16((size_t)tile_type_numel(&f->vars[v].type) *
                         (size_t)ti_esize(f->vars[v].type.dtype));
    total += align16(scratch) + 16;
    char *block = env->alloc(env->alloc_ud, NULL, 0, total);
    if (!block) {
        ti_fail(&ex, NULL, TILE_RUN_NOMEM,
                "out of memory: the CPU path needs %zu bytes for the "
                "tiles of kernel %s",
                total, f->name ? f->name : "?");
        return ex.status;
    }
    memset(block, 0, total);
    ex.vals = (char **)block;
    ex.slots = ex.vals + f->nvalues;
    char *p = block + align16(sizeof(char *) * (size_t)(f->nvalues + f->nvars + 1));
    for (int v = 0; v < f->nvalues; v++) {
        ex.vals[v] = p;
        p += align16((size_t)tile_type_numel(&f->values[v].type) *
                     (size_t)ti_esize(f->values[v].type.dtype));
    }
    for (int v = 0; v < f->nvars; v++) {
        ex.slots[v] = p;
        p += align16((size_t)tile_type_numel(&f->vars[v].type) *
                     (size_t)ti_esize(f->vars[v].type.dtype));
    }
    ex.scratch = p;
    ex.scratch_size = scratch;
    for (int64_t z = 0; z < grid[2] && ex.status == TILE_RUN_OK; z++)
        for (int64_t y = 0; y < grid[1] && ex.status == TILE_RUN_OK; y++)
            for (int64_t x = 0; x < grid[0]; x++) {
                if (!keep_going(&ex)) break;
                ex.bid[0] = x;
                ex.bid[1] = y;
                ex.bid[2] = z;
                if (ti_exec_region(&ex, &f->body) == TI_FAIL) break;
            }
    env->alloc(env->alloc_ud, block, total, 0);
    return ex.status;
}
