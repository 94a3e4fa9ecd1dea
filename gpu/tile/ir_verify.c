/* ir_verify.c: tile_ir_verify, the checker of the promises ir.h's op list makes (operand
 * counts, dtypes, shapes, slot types, where values are visible, region structure).
 *
 * The front runs it on every function it builds, so a front bug is an internal error
 * naming the op and its line instead of a wrong answer or a crash in a back end; the back
 * ends can then index operands and trust shapes without checking again. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ir.h"

typedef struct TileVerifier {
    const TileFunc *f;
    char *err;
    size_t errsize;
    unsigned char *defined; /* per value: 1 while visible */
    int loop_depth;
} TileVerifier;

static int tv_fail(TileVerifier *v, const TileOp *op, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int tv_fail(TileVerifier *v, const TileOp *op, const char *fmt, ...) {
    if (v->errsize) {
        int n = snprintf(v->err, v->errsize,
                         "tile IR: %s at line %d: ", op ? tile_op_name(op->kind) : "function",
                         op ? op->line : v->f->line);
        if (n < 0) n = 0;
        if ((size_t)n < v->errsize) {
            va_list ap;
            va_start(ap, fmt);
            vsnprintf(v->err + n, v->errsize - (size_t)n, fmt, ap);
            va_end(ap);
        }
    }
    return -1;
}

static const TileType *tv_type(TileVerifier *v, const TileOp *op, int i) {
    return &v->f->values[op->operands[i]].type;
}

static bool tv_is_index_scalar(const TileType *t) {
    return t->rank == 0 && tile_dtype_is_int(t->dtype);
}

static int tv_need_operands(TileVerifier *v, const TileOp *op, int n) {
    if (op->noperands != n) return tv_fail(v, op, "%d operands, expected %d", op->noperands, n);
    return 0;
}

static int tv_need_result(TileVerifier *v, const TileOp *op, bool want) {
    if (want && op->result < 0) return tv_fail(v, op, "no result");
    if (!want && op->result >= 0) return tv_fail(v, op, "unexpected result");
    return 0;
}

static int tv_array(TileVerifier *v, const TileOp *op) {
    if (op->array < 0 || op->array >= v->f->nparams ||
        v->f->params[op->array].kind != TILE_PARAM_ARRAY)
        return tv_fail(v, op, "array %d is not an array parameter", op->array);
    return 0;
}

static bool tv_is_perm(const int *perm, int rank) {
    unsigned seen = 0;
    for (int i = 0; i < rank; i++) {
        if (perm[i] < 0 || perm[i] >= rank || (seen >> perm[i]) & 1) return false;
        seen |= 1u << perm[i];
    }
    return true;
}

/* The index tiles of GATHER/SCATTER/atomics: R int tiles of one shape S; returns S's type. */
static int tv_index_tiles(TileVerifier *v, const TileOp *op, int rank, const TileType **shape) {
    if (op->noperands < rank) return tv_fail(v, op, "fewer operands than the array's rank");
    for (int i = 0; i < rank; i++) {
        const TileType *t = tv_type(v, op, i);
        if (!tile_dtype_is_int(t->dtype)) return tv_fail(v, op, "index %d is not an int tile", i);
        if (i && !tile_type_same_shape(t, tv_type(v, op, 0)))
            return tv_fail(v, op, "index tiles of different shapes");
    }
    *shape = rank ? tv_type(v, op, 0) : NULL;
    return 0;
}

static int tv_region(TileVerifier *v, const TileRegion *r, bool yields);
static int tv_tuple_fold(TileVerifier *v, const TileOp *op);

static int tv_op(TileVerifier *v, const TileOp *op) {
    const TileFunc *f = v->f;
    for (int i = 0; i < op->noperands; i++) {
        int id = op->operands[i];
        if (id < 0 || id >= f->nvalues) return tv_fail(v, op, "operand %d: bad value %d", i, id);
        if (!v->defined[id]) return tv_fail(v, op, "operand %%%d used where it is not visible", id);
    }
    if (op->result >= f->nvalues || (op->result >= 0 && f->values[op->result].def != op))
        return tv_fail(v, op, "result %%%d is not defined by this op", op->result);
    const TileType *rt = op->result >= 0 ? &f->values[op->result].type : NULL;
    if (rt && rt->rank > TILE_MAX_RANK) return tv_fail(v, op, "rank too large");
    if (rt)
        for (int i = 0; i < rt->rank; i++)
            if (rt->shape[i] <= 0) return tv_fail(v, op, "non-positive dimension");
    int rank = 0;
    switch (op->kind) {
    case TOP_PARAM:
        if (op->param < 0 || op->param >= f->nparams ||
            f->params[op->param].kind != TILE_PARAM_SCALAR)
            return tv_fail(v, op, "param %d is not a scalar parameter", op->param);
        if (tv_need_result(v, op, true) || rt->rank != 0 || rt->dtype != f->params[op->param].dtype)
            return tv_fail(v, op, "result is not the parameter's scalar type");
        break;
    case TOP_CONST:
        if (tv_need_operands(v, op, 0) || tv_need_result(v, op, true)) return -1;
        break;
    case TOP_IOTA:
        if (tv_need_operands(v, op, 0) || tv_need_result(v, op, true)) return -1;
        if (rt->rank != 1) return tv_fail(v, op, "result must be rank 1");
        break;
    case TOP_BID:
    case TOP_NUM_BLOCKS:
        if (tv_need_operands(v, op, 0) || tv_need_result(v, op, true)) return -1;
        if (op->axis < 0 || op->axis > 2) return tv_fail(v, op, "axis %d not in 0..2", op->axis);
        if (!tv_is_index_scalar(rt)) return tv_fail(v, op, "result must be an int scalar");
        break;
    case TOP_ARRAY_DIM:
    case TOP_ARRAY_STRIDE:
        if (tv_need_operands(v, op, 0) || tv_need_result(v, op, true) || tv_array(v, op)) return -1;
        if (op->axis < 0 || op->axis >= f->params[op->array].rank)
            return tv_fail(v, op, "axis %d out of range", op->axis);
        if (!tv_is_index_scalar(rt)) return tv_fail(v, op, "result must be an int scalar");
        break;
    case TOP_LOAD:
    case TOP_STORE: {
        if (tv_array(v, op)) return -1;
        rank = f->params[op->array].rank;
        bool store = op->kind == TOP_STORE;
        if (op->view >> rank) return tv_fail(v, op, "view axis past the array's rank");
        int nview = 2 * __builtin_popcount(op->view);
        if (tv_need_operands(v, op, rank + nview + store) || tv_need_result(v, op, !store))
            return -1;
        for (int i = 0; i < rank; i++)
            if (!tv_is_index_scalar(tv_type(v, op, i)))
                return tv_fail(v, op, "index %d is not an int scalar", i);
        for (int i = rank; i < rank + nview; i++)
            if (tv_type(v, op, i)->rank != 0 || tv_type(v, op, i)->dtype != TDT_INT64)
                return tv_fail(v, op, "view bound %d is not an int64 scalar", i - rank);
        if (!tv_is_perm(op->perm, rank)) return tv_fail(v, op, "order is not a permutation");
        const TileType *t = store ? tv_type(v, op, rank + nview) : rt;
        if (t->rank != rank) return tv_fail(v, op, "tile rank %d, array rank %d", t->rank, rank);
        if (t->dtype != f->params[op->array].dtype)
            return tv_fail(v, op, "tile dtype is not the array's");
        break;
    }
    case TOP_GATHER:
    case TOP_SCATTER:
    case TOP_ATOMIC_RMW:
    case TOP_ATOMIC_CAS: {
        if (tv_array(v, op)) return -1;
        rank = f->params[op->array].rank;
        const TileType *s = NULL;
        if (tv_index_tiles(v, op, rank, &s)) return -1;
        int data = op->kind == TOP_GATHER ? 1 : op->kind == TOP_ATOMIC_CAS ? 2 : 1;
        if (tv_need_operands(v, op, rank + data + op->has_mask)) return -1;
        if (tv_need_result(v, op, op->kind != TOP_SCATTER)) return -1;
        TileDType adt = f->params[op->array].dtype;
        if (op->kind == TOP_GATHER) {
            const TileType *pad = tv_type(v, op, rank + op->has_mask);
            if (pad->rank != 0 || pad->dtype != adt)
                return tv_fail(v, op, "padding value is not a scalar of the array's dtype");
            if (!rank ? rt->rank != 0 : !tile_type_same_shape(rt, s))
                return tv_fail(v, op, "result shape is not the indices' shape");
            if (op->has_mask && (tv_type(v, op, rank)->dtype != TDT_BOOL ||
                                 (rank && !tile_type_same_shape(tv_type(v, op, rank), s))))
                return tv_fail(v, op, "mask is not a bool tile of the indices' shape");
        } else {
            for (int i = 0; i < data; i++) {
                const TileType *d = tv_type(v, op, rank + i);
                if (d->dtype != adt || (rank && !tile_type_same_shape(d, s)))
                    return tv_fail(v, op, "value %d is not the indices' shape in the array's dtype",
                                   i);
            }
            if (op->has_mask) {
                const TileType *m = tv_type(v, op, rank + data);
                if (m->dtype != TDT_BOOL || (rank && !tile_type_same_shape(m, s)))
                    return tv_fail(v, op, "mask is not a bool tile of the indices' shape");
            }
            if (rt && (rt->dtype != adt || (rank && !tile_type_same_shape(rt, s))))
                return tv_fail(v, op, "result is not the indices' shape in the array's dtype");
        }
        if (op->kind == TOP_ATOMIC_RMW && op->sub != TR_SUM && op->sub != TR_MAX &&
            op->sub != TR_MIN && op->sub != TR_AND && op->sub != TR_OR && op->sub != TR_XOR &&
            op->sub != TR_XCHG)
            return tv_fail(v, op, "bad atomic op %d", op->sub);
        break;
    }
    case TOP_UNARY:
        if (tv_need_operands(v, op, 1) || tv_need_result(v, op, true)) return -1;
        if (op->sub < 0 || op->sub >= TU__COUNT) return tv_fail(v, op, "bad unary op");
        if (op->sub == TU_ISNAN
                ? !tile_type_same_shape(rt, tv_type(v, op, 0)) || rt->dtype != TDT_BOOL
                : !tile_type_equal(rt, tv_type(v, op, 0)))
            return tv_fail(v, op, "result type does not match the operand");
        break;
    case TOP_BINARY:
    case TOP_COMPARE:
        if (tv_need_operands(v, op, 2) || tv_need_result(v, op, true)) return -1;
        if (op->sub < 0 || op->sub >= (op->kind == TOP_BINARY ? TB__COUNT : TC__COUNT))
            return tv_fail(v, op, "bad sub-op");
        if (!tile_type_equal(tv_type(v, op, 0), tv_type(v, op, 1)))
            return tv_fail(v, op, "operands of different types");
        if (op->kind == TOP_BINARY
                ? !tile_type_equal(rt, tv_type(v, op, 0))
                : rt->dtype != TDT_BOOL || !tile_type_same_shape(rt, tv_type(v, op, 0)))
            return tv_fail(v, op, "result type does not match the operands");
        break;
    case TOP_SELECT:
        if (tv_need_operands(v, op, 3) || tv_need_result(v, op, true)) return -1;
        if (tv_type(v, op, 0)->dtype != TDT_BOOL ||
            !tile_type_same_shape(tv_type(v, op, 0), tv_type(v, op, 1)) ||
            !tile_type_equal(tv_type(v, op, 1), tv_type(v, op, 2)) ||
            !tile_type_equal(rt, tv_type(v, op, 1)))
            return tv_fail(v, op, "operand types do not match");
        break;
    case TOP_CAST:
    case TOP_BITCAST:
        if (tv_need_operands(v, op, 1) || tv_need_result(v, op, true)) return -1;
        if (!tile_type_same_shape(rt, tv_type(v, op, 0))) return tv_fail(v, op, "shape changes");
        if (op->kind == TOP_BITCAST &&
            tile_dtype_size(rt->dtype) != tile_dtype_size(tv_type(v, op, 0)->dtype))
            return tv_fail(v, op, "dtypes of different sizes");
        break;
    case TOP_BROADCAST: {
        if (tv_need_operands(v, op, 1) || tv_need_result(v, op, true)) return -1;
        const TileType *x = tv_type(v, op, 0);
        if (x->dtype != rt->dtype) return tv_fail(v, op, "dtype changes");
        if (x->rank != 0) {
            if (x->rank != rt->rank) return tv_fail(v, op, "rank changes");
            for (int i = 0; i < x->rank; i++)
                if (x->shape[i] != 1 && x->shape[i] != rt->shape[i])
                    return tv_fail(v, op, "dim %d: %lld cannot broadcast to %lld", i,
                                   (long long)x->shape[i], (long long)rt->shape[i]);
        }
        break;
    }
    case TOP_RESHAPE:
        if (tv_need_operands(v, op, 1) || tv_need_result(v, op, true)) return -1;
        if (rt->dtype != tv_type(v, op, 0)->dtype ||
            tile_type_numel(rt) != tile_type_numel(tv_type(v, op, 0)))
            return tv_fail(v, op, "size or dtype changes");
        break;
    case TOP_PERMUTE: {
        if (tv_need_operands(v, op, 1) || tv_need_result(v, op, true)) return -1;
        const TileType *x = tv_type(v, op, 0);
        if (x->rank != rt->rank || x->dtype != rt->dtype || !tv_is_perm(op->perm, x->rank))
            return tv_fail(v, op, "not a permutation of the operand");
        for (int i = 0; i < x->rank; i++)
            if (rt->shape[i] != x->shape[op->perm[i]])
                return tv_fail(v, op, "result shape does not follow perm");
        break;
    }
    case TOP_CAT: {
        if (tv_need_operands(v, op, 2) || tv_need_result(v, op, true)) return -1;
        const TileType *a = tv_type(v, op, 0), *b = tv_type(v, op, 1);
        if (a->rank != b->rank || a->rank != rt->rank || a->dtype != b->dtype ||
            rt->dtype != a->dtype || op->axis < 0 || op->axis >= a->rank)
            return tv_fail(v, op, "operands do not concatenate");
        for (int i = 0; i < a->rank; i++) {
            int64_t want = i == op->axis ? a->shape[i] + b->shape[i] : a->shape[i];
            if ((i != op->axis && b->shape[i] != a->shape[i]) || rt->shape[i] != want)
                return tv_fail(v, op, "dims do not match on axis %d", i);
        }
        break;
    }
    case TOP_EXTRACT:
    case TOP_INSERT: {
        if (tv_need_result(v, op, true)) return -1;
        int first = op->kind == TOP_EXTRACT ? 1 : 2;
        if (op->noperands < first) return tv_fail(v, op, "too few operands");
        const TileType *x = tv_type(v, op, 0);
        const TileType *sub = op->kind == TOP_EXTRACT ? rt : tv_type(v, op, 1);
        if (tv_need_operands(v, op, first + x->rank)) return -1;
        if (sub->rank != x->rank || sub->dtype != x->dtype)
            return tv_fail(v, op, "subtile rank or dtype differs");
        for (int i = 0; i < x->rank; i++) {
            if (x->shape[i] % sub->shape[i])
                return tv_fail(v, op, "subtile dim %d does not divide the tile", i);
            if (!tv_is_index_scalar(tv_type(v, op, first + i)))
                return tv_fail(v, op, "index %d is not an int scalar", i);
        }
        if (op->kind == TOP_INSERT && !tile_type_equal(rt, x))
            return tv_fail(v, op, "result is not the tile's type");
        break;
    }
    case TOP_REDUCE:
    case TOP_SCAN:
        if (op->ncomp > 0) return tv_tuple_fold(v, op);
        /* fall through */
    case TOP_ARGREDUCE: {
        bool custom = op->sub == TR_CUSTOM;
        if (op->kind == TOP_ARGREDUCE && custom) return tv_fail(v, op, "custom argreduce");
        if (tv_need_operands(v, op, custom ? 2 : 1) || tv_need_result(v, op, true)) return -1;
        const TileType *x = tv_type(v, op, 0);
        bool flat = op->kind == TOP_ARGREDUCE && op->axis == -1;
        if (!flat && (op->axis < 0 || op->axis >= x->rank))
            return tv_fail(v, op, "axis %d out of range", op->axis);
        TileDType want = op->kind == TOP_ARGREDUCE ? TDT_INT32 : x->dtype;
        if (rt->dtype != want) return tv_fail(v, op, "result dtype");
        if (op->kind == TOP_SCAN) {
            if (!tile_type_same_shape(rt, x)) return tv_fail(v, op, "scan changes the shape");
        } else if (flat) {
            if (rt->rank != (op->keepdims ? x->rank : 0)) return tv_fail(v, op, "result rank");
        } else {
            int k = 0;
            for (int i = 0; i < x->rank; i++) {
                if (i == op->axis) {
                    if (op->keepdims && (k >= rt->rank || rt->shape[k++] != 1))
                        return tv_fail(v, op, "kept axis is not 1");
                    continue;
                }
                if (k >= rt->rank || rt->shape[k++] != x->shape[i])
                    return tv_fail(v, op, "result shape");
            }
            if (k != rt->rank) return tv_fail(v, op, "result rank");
        }
        if (custom) {
            const TileType *id = tv_type(v, op, 1);
            if (id->rank != 0 || id->dtype != x->dtype)
                return tv_fail(v, op, "identity is not a scalar of the tile's dtype");
            for (int i = 0; i < 2; i++) {
                int s = op->vars2[i];
                if (s < 0 || s >= f->nvars || f->vars[s].type.rank != 0 ||
                    f->vars[s].type.dtype != x->dtype)
                    return tv_fail(v, op, "combiner slot %d is not a scalar of the dtype", i);
            }
            if (tv_region(v, &op->regions[0], true)) return -1;
            const TileOp *y = op->regions[0].last;
            const TileType *yt = tv_type(v, y, 0);
            if (yt->rank != 0 || yt->dtype != x->dtype)
                return tv_fail(v, op, "combiner yields another type");
        } else if (op->sub < 0 || op->sub > TR_XOR || op->sub == TR_XCHG) {
            return tv_fail(v, op, "bad combiner %d", op->sub);
        }
        break;
    }
    case TOP_MMA: {
        if (tv_need_operands(v, op, 3) || tv_need_result(v, op, true)) return -1;
        const TileType *a = tv_type(v, op, 0), *b = tv_type(v, op, 1), *c = tv_type(v, op, 2);
        int r = a->rank;
        if ((r != 2 && r != 3) || b->rank != r || c->rank != r || !tile_type_equal(rt, c))
            return tv_fail(v, op, "operands must all be rank 2 or all rank 3");
        if (r == 3 && (a->shape[0] != b->shape[0] || a->shape[0] != c->shape[0]))
            return tv_fail(v, op, "batch dims differ");
        if (a->shape[r - 1] != b->shape[r - 2] || c->shape[r - 2] != a->shape[r - 2] ||
            c->shape[r - 1] != b->shape[r - 1])
            return tv_fail(v, op, "shapes do not multiply");
        break;
    }
    case TOP_PRINTF:
        if (tv_need_result(v, op, false)) return -1;
        if (!op->text) return tv_fail(v, op, "no format");
        break;
    case TOP_ASSERT:
        if (tv_need_operands(v, op, 1) || tv_need_result(v, op, false)) return -1;
        if (tv_type(v, op, 0)->dtype != TDT_BOOL) return tv_fail(v, op, "condition is not bool");
        break;
    case TOP_ASSUME:
        if (tv_need_operands(v, op, 1) || tv_need_result(v, op, true)) return -1;
        if (!tile_type_equal(rt, tv_type(v, op, 0)) || op->divisor <= 0)
            return tv_fail(v, op, "bad assume");
        break;
    case TOP_VAR_READ:
    case TOP_VAR_WRITE: {
        bool read = op->kind == TOP_VAR_READ;
        if (tv_need_operands(v, op, read ? 0 : 1) || tv_need_result(v, op, read)) return -1;
        if (op->var < 0 || op->var >= f->nvars) return tv_fail(v, op, "bad slot %d", op->var);
        const TileType *t = read ? rt : tv_type(v, op, 0);
        if (!tile_type_equal(t, &f->vars[op->var].type))
            return tv_fail(v, op, "value type differs from slot v%d's", op->var);
        break;
    }
    case TOP_FOR: {
        if (tv_need_operands(v, op, 3) || tv_need_result(v, op, false)) return -1;
        if (op->var < 0 || op->var >= f->nvars) return tv_fail(v, op, "bad slot");
        const TileType *it = &f->vars[op->var].type;
        if (!tv_is_index_scalar(it)) return tv_fail(v, op, "induction slot is not an int scalar");
        for (int i = 0; i < 3; i++)
            if (!tile_type_equal(tv_type(v, op, i), it))
                return tv_fail(v, op, "bound %d is not the induction slot's type", i);
        v->loop_depth++;
        int rc = tv_region(v, &op->regions[0], false);
        v->loop_depth--;
        if (rc) return -1;
        break;
    }
    case TOP_IF: {
        if (tv_need_operands(v, op, 1) || tv_need_result(v, op, false)) return -1;
        const TileType *c = tv_type(v, op, 0);
        if (c->rank != 0 || c->dtype != TDT_BOOL)
            return tv_fail(v, op, "condition is not a bool scalar");
        if (tv_region(v, &op->regions[0], false) || tv_region(v, &op->regions[1], false)) return -1;
        break;
    }
    case TOP_WHILE: {
        if (tv_need_operands(v, op, 0) || tv_need_result(v, op, false)) return -1;
        if (tv_region(v, &op->regions[0], true)) return -1;
        const TileType *c = tv_type(v, op->regions[0].last, 0);
        if (c->rank != 0 || c->dtype != TDT_BOOL)
            return tv_fail(v, op, "condition is not a bool scalar");
        v->loop_depth++;
        int rc = tv_region(v, &op->regions[1], false);
        v->loop_depth--;
        if (rc) return -1;
        break;
    }
    case TOP_BREAK:
    case TOP_CONTINUE:
        if (!v->loop_depth) return tv_fail(v, op, "outside a loop");
        break;
    case TOP_YIELD: /* one value; a tuple combiner's count is checked by its REDUCE/SCAN */
        if (op->noperands < 1) return tv_fail(v, op, "yields nothing");
        if (tv_need_result(v, op, false)) return -1;
        break;
    case TOP_RETURN:
        if (tv_need_operands(v, op, 0) || tv_need_result(v, op, false)) return -1;
        break;
    default: return tv_fail(v, op, "unknown op kind %d", (int)op->kind);
    }
    return 0;
}

/* REDUCE/SCAN over a tuple of ncomp tiles (ir.h). */
static int tv_tuple_fold(TileVerifier *v, const TileOp *op) {
    const TileFunc *f = v->f;
    int n = op->ncomp;
    if (op->sub != TR_CUSTOM) return tv_fail(v, op, "a tuple fold without a combiner");
    if (op->comp < 0 || op->comp >= n || !op->cslots)
        return tv_fail(v, op, "component %d of %d", op->comp, n);
    if (tv_need_operands(v, op, 2 * n) || tv_need_result(v, op, true)) return -1;
    const TileType *x = tv_type(v, op, 0), *rt = tile_value_type(f, op->result);
    if (op->axis < 0 || op->axis >= x->rank)
        return tv_fail(v, op, "axis %d out of range", op->axis);
    for (int i = 0; i < n; i++) {
        const TileType *xi = tv_type(v, op, i), *id = tv_type(v, op, n + i);
        if (!tile_type_same_shape(xi, x)) return tv_fail(v, op, "tuple tiles differ in shape");
        if (id->rank != 0 || id->dtype != xi->dtype)
            return tv_fail(v, op, "identity %d is not a scalar of its tile's dtype", i);
        for (int k = 0; k < 2; k++) {
            int s = op->cslots[k * n + i];
            if (s < 0 || s >= f->nvars || f->vars[s].type.rank != 0 ||
                f->vars[s].type.dtype != xi->dtype)
                return tv_fail(v, op, "combiner slot %d is not a scalar of its dtype", k * n + i);
        }
    }
    const TileType *xc = tv_type(v, op, op->comp);
    if (rt->dtype != xc->dtype) return tv_fail(v, op, "result dtype");
    if (op->kind == TOP_SCAN) {
        if (!tile_type_same_shape(rt, x)) return tv_fail(v, op, "scan changes the shape");
    } else {
        int64_t want = tile_type_numel(x) / x->shape[op->axis];
        if (tile_type_numel(rt) != want || rt->rank != x->rank - (op->keepdims ? 0 : 1))
            return tv_fail(v, op, "result shape");
    }
    if (tv_region(v, &op->regions[0], true)) return -1;
    const TileOp *y = op->regions[0].last;
    if (y->noperands != n)
        return tv_fail(v, op, "combiner yields %d values, not %d", y->noperands, n);
    for (int i = 0; i < n; i++) {
        const TileType *yt = tile_value_type(f, y->operands[i]);
        if (yt->rank != 0 || yt->dtype != tv_type(v, op, i)->dtype)
            return tv_fail(v, op, "combiner yields another type for component %d", i);
    }
    return 0;
}

/* Verifies a region; values it defines stop being visible at its end. A yielding region
 * (combiner, while condition) must end with its only YIELD. */
static int tv_region(TileVerifier *v, const TileRegion *r, bool yields) {
    int rc = 0;
    const TileOp *op;
    for (op = r->first; op; op = op->next) {
        if (op->kind == TOP_YIELD && (!yields || op->next)) {
            rc = tv_fail(v, op, "yield is not the last op of a combiner or condition region");
            break;
        }
        if ((rc = tv_op(v, op))) break;
        if (op->result >= 0) v->defined[op->result] = 1;
    }
    if (!rc && yields && (!r->last || r->last->kind != TOP_YIELD))
        rc = tv_fail(v, r->last, "region does not end with yield");
    for (const TileOp *o = r->first; o && o != op; o = o->next)
        if (o->result >= 0) v->defined[o->result] = 0;
    return rc;
}

int tile_ir_verify(const TileFunc *f, char *err, size_t errsize) {
    TileVerifier v = {f, err, errsize, NULL, 0};
    if (errsize) err[0] = 0;
    if (f->failed) return tv_fail(&v, NULL, "incomplete (an allocation failed)");
    size_t n = (size_t)f->nvalues + 1;
    v.defined = f->arena.alloc(f->arena.alloc_ud, NULL, 0, n);
    if (!v.defined) return tv_fail(&v, NULL, "out of memory");
    memset(v.defined, 0, n);
    int rc = tv_region(&v, &f->body, false);
    f->arena.alloc(f->arena.alloc_ud, v.defined, n, 0);
    return rc;
}
