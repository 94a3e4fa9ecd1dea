/* front_call_ops.c: the tile module's value intrinsics: elementwise math and comparisons,
 * where, conversions, shape changes (reshape, permute, transpose, broadcast_to,
 * expand_dims, cat, extract, insert), reductions and scans (with builtin combiners or a
 * user's function), mma/matmul, astile and assert_; and tile methods (x.sum(), x.T, ...),
 * which reach the same code with the tile prepended. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "front_internal.h"

static void fe_shape_str(const TileType *t, char *buf, size_t n) {
    size_t k = (size_t)snprintf(buf, n, "(");
    for (int i = 0; i < t->rank && k < n; i++)
        k += (size_t)snprintf(buf + k, n - k, "%s%lld", i ? ", " : "", (long long)t->shape[i]);
    if (k < n) snprintf(buf + k, n - k, t->rank == 1 ? ",)" : ")");
}

/* ---------------------------------------------------------------- elementwise */

static bool fe_float_op(TileUnop op) {
    switch (op) {
    case TU_EXP:
    case TU_EXP2:
    case TU_LOG:
    case TU_LOG2:
    case TU_SQRT:
    case TU_RSQRT:
    case TU_SIN:
    case TU_COS:
    case TU_TAN:
    case TU_SINH:
    case TU_COSH:
    case TU_TANH:
    case TU_ISNAN: return true;
    default: return false;
    }
}

bool fe_elementwise_unary(Front *F, AstPos pos, TileUnop op, FrontValue x, FrontValue *out) {
    int v = fe_materialize(F, pos, x, -1, false);
    if (v < 0) return false;
    TileDType dt = fe_type(F, v)->dtype;
    F->pos = pos;
    if (fe_float_op(op) && !tile_dtype_is_float(dt)) {
        if (op == TU_ISNAN) {
            /* an integer is never NaN */
            TileType bt = *fe_type(F, v);
            bt.dtype = TDT_BOOL;
            TileScalar z;
            z.i = 0;
            int r = fe_const(F, TDT_BOOL, bt.rank, bt.shape, z);
            if (r < 0) return false;
            *out = fv_tile(r);
            return true;
        }
        v = fe_cast(F, v, TDT_FLOAT32);
        if (v < 0) return false;
        dt = TDT_FLOAT32;
    }
    if ((op == TU_FLOOR || op == TU_CEIL) && !tile_dtype_is_float(dt)) {
        *out = fv_tile(v);
        return true;
    }
    if (op == TU_INVERT && tile_dtype_is_float(dt))
        return fe_error(F, pos, TY_TYPE_ERROR,
                        "bitwise_not needs integer or boolean operands, got %s",
                        tile_dtype_name(dt));
    if ((op == TU_NEG || op == TU_ABS) && dt == TDT_BOOL)
        return fe_error(F, pos, TY_TYPE_ERROR, "%s of a bool tile is not supported",
                        op == TU_NEG ? "negation" : "abs");
    TileType t = *fe_type(F, v);
    if (op == TU_ISNAN) t.dtype = TDT_BOOL;
    TileOp *o = fe_op(F, TOP_UNARY, 1, &v, &t);
    if (!o) return false;
    o->sub = op;
    *out = fv_tile(o->result);
    return true;
}

bool fe_elementwise_binary(Front *F, AstPos pos, TileBinop op, FrontValue a, FrontValue b,
                           FrontValue *out) {
    bool force_float = op == TB_TRUEDIV || op == TB_POW || op == TB_ATAN2;
    int va, vb;
    if (!fe_unify(F, pos, a, b, force_float, &va, &vb)) return false;
    TileDType dt = fe_type(F, va)->dtype;
    bool bitwise = op == TB_AND || op == TB_OR || op == TB_XOR || op == TB_SHL || op == TB_SHR;
    if (bitwise && tile_dtype_is_float(dt))
        return fe_error(F, pos, TY_TYPE_ERROR,
                        "Bitwise operations need integer or boolean operands, got %s",
                        tile_dtype_name(dt));
    if ((op == TB_SHL || op == TB_SHR) && dt == TDT_BOOL)
        return fe_error(F, pos, TY_TYPE_ERROR, "shifts need integer operands, got bool");
    if (op == TB_CDIV && !tile_dtype_is_int(dt))
        return fe_error(F, pos, TY_TYPE_ERROR, "cdiv needs integer operands, got %s",
                        tile_dtype_name(dt));
    if (dt == TDT_BOOL && !bitwise && op != TB_MAX && op != TB_MIN) {
        /* arithmetic on bools works on their int32 values, as in NumPy's promotion */
        va = fe_cast(F, va, TDT_INT32);
        vb = fe_cast(F, vb, TDT_INT32);
        if (va < 0 || vb < 0) return false;
    }
    int ops[2] = {va, vb};
    F->pos = pos;
    TileOp *o = fe_op(F, TOP_BINARY, 2, ops, fe_type(F, va));
    if (!o) return false;
    o->sub = op;
    *out = fv_tile(o->result);
    return true;
}

bool fe_elementwise_compare(Front *F, AstPos pos, TileCmpop op, FrontValue a, FrontValue b,
                            FrontValue *out) {
    int va, vb;
    if (!fe_unify(F, pos, a, b, false, &va, &vb)) return false;
    int ops[2] = {va, vb};
    TileType t = *fe_type(F, va);
    t.dtype = TDT_BOOL;
    F->pos = pos;
    TileOp *o = fe_op(F, TOP_COMPARE, 2, ops, &t);
    if (!o) return false;
    o->sub = op;
    *out = fv_tile(o->result);
    return true;
}

static bool fe_where(Front *F, AstPos pos, FrontValue c, FrontValue x, FrontValue y,
                     FrontValue *out) {
    int k = 0;
    if (!fe_truth_const(F, c, &k)) return false;
    int vc;
    if (k >= 0) {
        vc = fe_materialize(F, pos, fv_bool(k > 0), TDT_BOOL, true);
    } else {
        const TileType *ct = fe_type(F, c.u.value);
        if (ct->dtype != TDT_BOOL)
            return fe_error(F, pos, TY_TYPE_ERROR, "Type of condition must be bool, got %s",
                            tile_dtype_name(ct->dtype));
        vc = c.u.value;
    }
    if (vc < 0) return false;
    int vx, vy;
    if (!fe_unify(F, pos, x, y, false, &vx, &vy)) return false;
    TileType s;
    if (!fe_broadcast_shapes(F, pos, fe_type(F, vc), fe_type(F, vx), &s)) return false;
    s.dtype = fe_type(F, vx)->dtype;
    vx = fe_broadcast_to(F, pos, vx, &s);
    vy = vx < 0 ? -1 : fe_broadcast_to(F, pos, vy, &s);
    vc = vy < 0 ? -1 : fe_broadcast_to(F, pos, vc, &s);
    if (vc < 0) return false;
    int ops[3] = {vc, vx, vy};
    F->pos = pos;
    TileOp *o = fe_op(F, TOP_SELECT, 3, ops, &s);
    if (!o) return false;
    *out = fv_tile(o->result);
    return true;
}

/* ---------------------------------------------------------------- conversion */

bool fe_astype(Front *F, AstPos pos, FrontValue x, FrontValue dtv, FrontValue *out) {
    TileDType dt;
    if (!fe_dtype_arg(F, pos, dtv, "dtype", &dt)) return false;
    F->pos = pos;
    int v = fe_materialize(F, pos, x, dt, true);
    if (v < 0) return false;
    *out = fv_tile(v);
    return true;
}

static bool fe_bitcast(Front *F, AstPos pos, FrontValue x, FrontValue dtv, FrontValue *out) {
    TileDType dt;
    if (!fe_dtype_arg(F, pos, dtv, "dtype", &dt)) return false;
    int v = fe_materialize(F, pos, x, -1, false);
    if (v < 0) return false;
    TileType t = *fe_type(F, v);
    if (tile_dtype_size(t.dtype) != tile_dtype_size(dt))
        return fe_error(F, pos, TY_TYPE_ERROR, "Cannot bitcast from %s to %s: the sizes differ",
                        tile_dtype_name(t.dtype), tile_dtype_name(dt));
    if (t.dtype == dt) return (*out = fv_tile(v)), true;
    t.dtype = dt;
    F->pos = pos;
    TileOp *o = fe_op(F, TOP_BITCAST, 1, &v, &t);
    if (!o) return false;
    *out = fv_tile(o->result);
    return true;
}

/* ---------------------------------------------------------------- shape changes */

static int fe_tile_arg(Front *F, AstPos pos, FrontValue x, const char *fname) {
    if (x.kind == FV_TILE || fv_is_number(&x)) return fe_materialize(F, pos, x, -1, false);
    char buf[96];
    fe_error(F, pos, TY_TYPE_ERROR, "%s() expects a tile, got %s", fname,
             fv_describe(F, &x, buf, sizeof buf));
    return -1;
}

static bool fe_reshape_error(Front *F, AstPos pos, const TileType *t, int rank,
                             const int64_t *shape) {
    char a[128], b[128];
    TileType r = tile_type_make(t->dtype, rank, shape);
    fe_shape_str(t, a, sizeof a);
    fe_shape_str(&r, b, sizeof b);
    return fe_error(F, pos, TY_TYPE_ERROR, "cannot reshape a tile of shape %s into shape %s", a, b);
}

bool fe_reshape_call(Front *F, AstPos pos, FrontValue x, FrontValue shapev, FrontValue *out) {
    int v = fe_tile_arg(F, pos, x, "reshape");
    if (v < 0) return false;
    const TileType *t = fe_type(F, v);
    int64_t shape[TILE_MAX_RANK];
    int rank, infer = -1;
    if (shapev.kind == FV_TUPLE && shapev.u.tuple.n == 0) {
        rank = 0;
    } else {
        FrontValue sv = shapev;
        FrontValue items[1];
        if (sv.kind == FV_INT) {
            items[0] = sv;
            sv.kind = FV_TUPLE;
            sv.u.tuple.n = 1;
            sv.u.tuple.items = items;
        }
        if (sv.kind != FV_TUPLE)
            return fe_error(F, pos, TY_TYPE_ERROR, "reshape() shape must be a tuple of constants");
        rank = sv.u.tuple.n;
        if (rank > TILE_MAX_RANK) return fe_error(F, pos, TY_TYPE_ERROR, "too many dimensions");
        for (int i = 0; i < rank; i++) {
            if (!fe_int_const(F, pos, sv.u.tuple.items[i], "shape", &shape[i])) return false;
            if (shape[i] == -1) {
                if (infer >= 0)
                    return fe_error(F, pos, TY_VALUE_ERROR,
                                    "can only specify one unknown dimension");
                infer = i;
            } else if (shape[i] <= 0) {
                return fe_error(F, pos, TY_TYPE_ERROR, "Zero shape at dimension #%d", i);
            }
        }
    }
    int64_t known = 1;
    for (int i = 0; i < rank; i++)
        if (i != infer) known *= shape[i];
    int64_t n = tile_type_numel(t);
    if (infer >= 0) {
        if (known == 0 || n % known) return fe_reshape_error(F, pos, t, rank, shape);
        shape[infer] = n / known;
        known = n;
    }
    if (known != n) return fe_reshape_error(F, pos, t, rank, shape);
    F->pos = pos;
    int r = fe_reshape(F, v, rank, shape);
    if (r < 0) return false;
    *out = fv_tile(r);
    return true;
}

static int fe_permute_value(Front *F, AstPos pos, int v, const int *perm) {
    const TileType *t = fe_type(F, v);
    bool identity = true;
    for (int i = 0; i < t->rank; i++)
        if (perm[i] != i) identity = false;
    if (identity) return v;
    TileType r = *t;
    for (int i = 0; i < t->rank; i++)
        r.shape[i] = t->shape[perm[i]];
    F->pos = pos;
    TileOp *o = fe_op(F, TOP_PERMUTE, 1, &v, &r);
    if (!o) return -1;
    for (int i = 0; i < t->rank; i++)
        o->perm[i] = perm[i];
    return o->result;
}

static bool fe_axis_norm(Front *F, AstPos pos, FrontValue v, int rank, int *axis) {
    int64_t ax;
    if (!fe_int_const(F, pos, v, "axis", &ax)) return false;
    if (ax < 0) ax += rank;
    if (ax < 0 || ax >= rank)
        return fe_error(F, pos, TY_TYPE_ERROR, "axis %lld is out of range for a rank-%d tile",
                        (long long)(ax < 0 ? ax - rank : ax), rank);
    *axis = (int)ax;
    return true;
}

/* permute(x, axes); axes None reverses them (x.T). */
bool fe_permute_call(Front *F, AstPos pos, FrontValue x, FrontValue axes, FrontValue *out) {
    int v = fe_tile_arg(F, pos, x, "permute");
    if (v < 0) return false;
    int rank = fe_type(F, v)->rank, perm[TILE_MAX_RANK];
    if (axes.kind == FV_NONE || axes.kind == FV_UNDEF) {
        for (int i = 0; i < rank; i++)
            perm[i] = rank - 1 - i;
    } else {
        if (axes.kind != FV_TUPLE || axes.u.tuple.n != rank)
            return fe_error(F, pos, TY_TYPE_ERROR, "Num axes must match input's rank: %d vs %d",
                            axes.kind == FV_TUPLE ? axes.u.tuple.n : 1, rank);
        unsigned seen = 0;
        for (int i = 0; i < rank; i++) {
            if (!fe_axis_norm(F, pos, axes.u.tuple.items[i], rank, &perm[i])) return false;
            if ((seen >> perm[i]) & 1)
                return fe_error(F, pos, TY_TYPE_ERROR, "Repeated axis #%d: %d", i, perm[i]);
            seen |= 1u << perm[i];
        }
    }
    int r = fe_permute_value(F, pos, v, perm);
    if (r < 0) return false;
    *out = fv_tile(r);
    return true;
}

static bool fe_transpose(Front *F, AstPos pos, FrontValue x, FrontValue a0, FrontValue a1,
                         FrontValue *out) {
    int v = fe_tile_arg(F, pos, x, "transpose");
    if (v < 0) return false;
    int rank = fe_type(F, v)->rank;
    if (rank < 2)
        return fe_error(F, pos, TY_TYPE_ERROR,
                        "Cannot transpose a tile with fewer than 2 dimensions");
    bool n0 = a0.kind == FV_UNDEF || a0.kind == FV_NONE,
         n1 = a1.kind == FV_UNDEF || a1.kind == FV_NONE;
    if (n0 != n1)
        return fe_error(F, pos, TY_TYPE_ERROR,
                        "transpose axes must either both be specified or both be None");
    int perm[TILE_MAX_RANK];
    for (int i = 0; i < rank; i++)
        perm[i] = i;
    if (n0) {
        if (rank > 2)
            return fe_error(F, pos, TY_TYPE_ERROR,
                            "`axes` must be specified for tile with more than 2 dimensions");
        perm[0] = 1;
        perm[1] = 0;
    } else {
        int x0, x1 = 0;
        if (!fe_axis_norm(F, pos, a0, rank, &x0) || !fe_axis_norm(F, pos, a1, rank, &x1))
            return false;
        perm[x0] = x1;
        perm[x1] = x0;
    }
    int r = fe_permute_value(F, pos, v, perm);
    if (r < 0) return false;
    *out = fv_tile(r);
    return true;
}

static bool fe_broadcast_call(Front *F, AstPos pos, FrontValue x, FrontValue shapev,
                              FrontValue *out) {
    int v = fe_tile_arg(F, pos, x, "broadcast_to");
    if (v < 0) return false;
    int rank;
    int64_t shape[TILE_MAX_RANK];
    if (!fe_shape_arg(F, pos, shapev, "shape", &rank, shape)) return false;
    TileType t = tile_type_make(fe_type(F, v)->dtype, rank, shape);
    F->pos = pos;
    int r = fe_broadcast_to(F, pos, v, &t);
    if (r < 0) return false;
    *out = fv_tile(r);
    return true;
}

static bool fe_expand_dims(Front *F, AstPos pos, FrontValue x, FrontValue axisv, FrontValue *out) {
    int v = fe_tile_arg(F, pos, x, "expand_dims");
    if (v < 0) return false;
    const TileType *t = fe_type(F, v);
    int axis = 0;
    if (!fe_axis_norm(F, pos, axisv, t->rank + 1, &axis)) return false;
    int64_t shape[TILE_MAX_RANK];
    if (t->rank + 1 > TILE_MAX_RANK) return fe_error(F, pos, TY_TYPE_ERROR, "too many dimensions");
    for (int i = 0, k = 0; i <= t->rank; i++)
        shape[i] = i == axis ? 1 : t->shape[k++];
    F->pos = pos;
    int r = fe_reshape(F, v, t->rank + 1, shape);
    if (r < 0) return false;
    *out = fv_tile(r);
    return true;
}

static bool fe_cat(Front *F, AstPos pos, FrontValue tiles, FrontValue axisv, FrontValue *out) {
    if (tiles.kind != FV_TUPLE || tiles.u.tuple.n == 0)
        return fe_error(F, pos, TY_TYPE_ERROR, "cat() received an empty tuple");
    if (tiles.u.tuple.n > 2)
        return fe_error(F, pos, TY_TYPE_ERROR, "cat() supports at most 2 tiles, got %d",
                        tiles.u.tuple.n);
    int a = fe_tile_arg(F, pos, tiles.u.tuple.items[0], "cat");
    if (a < 0) return false;
    if (tiles.u.tuple.n == 1) return (*out = fv_tile(a)), true;
    int b = fe_tile_arg(F, pos, tiles.u.tuple.items[1], "cat");
    if (b < 0) return false;
    const TileType *ta = fe_type(F, a), *tb = fe_type(F, b);
    if (ta->rank != tb->rank)
        return fe_error(F, pos, TY_TYPE_ERROR, "Expected tiles to have the same rank: %d != %d",
                        ta->rank, tb->rank);
    if (ta->dtype != tb->dtype)
        return fe_error(F, pos, TY_TYPE_ERROR, "Expected tiles to have the same dtype: %s != %s",
                        tile_dtype_name(ta->dtype), tile_dtype_name(tb->dtype));
    int axis = 0;
    if (!fe_axis_norm(F, pos, axisv.kind == FV_UNDEF ? fv_int(0) : axisv, ta->rank, &axis))
        return false;
    TileType r = *ta;
    for (int i = 0; i < ta->rank; i++) {
        if (i != axis && ta->shape[i] != tb->shape[i])
            return fe_error(F, pos, TY_TYPE_ERROR,
                            "Expected tiles to have the same shape except on the concatenation "
                            "axis");
        if (i == axis) r.shape[i] = ta->shape[i] + tb->shape[i];
    }
    int ops[2] = {a, b};
    F->pos = pos;
    TileOp *o = fe_op(F, TOP_CAT, 2, ops, &r);
    if (!o) return false;
    o->axis = axis;
    *out = fv_tile(o->result);
    return true;
}

static bool fe_grid_index(Front *F, AstPos pos, FrontValue idx, int rank, int *out) {
    FrontValue one[1] = {idx};
    FrontValue *items = one;
    int n = 1;
    if (idx.kind == FV_TUPLE) {
        items = idx.u.tuple.items;
        n = idx.u.tuple.n;
    }
    if (n != rank)
        return fe_error(F, pos, TY_TYPE_ERROR, "Index size %d does not match the tile rank %d", n,
                        rank);
    for (int i = 0; i < n; i++) {
        out[i] = fe_index_scalar(F, pos, items[i], "a subtile index");
        if (out[i] < 0) return false;
    }
    return true;
}

static bool fe_extract(Front *F, AstPos pos, FrontValue x, FrontValue idx, FrontValue shapev,
                       FrontValue *out) {
    int v = fe_tile_arg(F, pos, x, "extract");
    if (v < 0) return false;
    TileType t = *fe_type(F, v);
    int rank;
    int64_t shape[TILE_MAX_RANK];
    if (!fe_shape_arg(F, pos, shapev, "shape", &rank, shape)) return false;
    if (rank != t.rank)
        return fe_error(F, pos, TY_TYPE_ERROR, "the subtile shape has %d dimensions, the tile %d",
                        rank, t.rank);
    for (int i = 0; i < rank; i++)
        if (t.shape[i] % shape[i])
            return fe_error(F, pos, TY_TYPE_ERROR,
                            "Input shape (%lld in dimension %d) is not divisible by the subtile "
                            "shape (%lld)",
                            (long long)t.shape[i], i, (long long)shape[i]);
    int ops[TILE_MAX_RANK + 1];
    ops[0] = v;
    if (!fe_grid_index(F, pos, idx, rank, ops + 1)) return false;
    TileType r = tile_type_make(t.dtype, rank, shape);
    F->pos = pos;
    TileOp *o = fe_op(F, TOP_EXTRACT, rank + 1, ops, &r);
    if (!o) return false;
    *out = fv_tile(o->result);
    return true;
}

static bool fe_insert(Front *F, AstPos pos, FrontValue x, FrontValue idx, FrontValue value,
                      FrontValue *out) {
    int v = fe_tile_arg(F, pos, x, "insert");
    if (v < 0) return false;
    TileType t = *fe_type(F, v);
    int s = fe_materialize(F, pos, value, t.dtype, false);
    if (s < 0) return false;
    const TileType *st = fe_type(F, s);
    if (st->rank != t.rank)
        return fe_error(F, pos, TY_TYPE_ERROR, "Value rank %d does not match the tile rank %d",
                        st->rank, t.rank);
    for (int i = 0; i < t.rank; i++)
        if (t.shape[i] % st->shape[i])
            return fe_error(F, pos, TY_TYPE_ERROR,
                            "the inserted subtile does not divide the tile in dimension %d", i);
    int ops[TILE_MAX_RANK + 2];
    ops[0] = v;
    ops[1] = s;
    if (!fe_grid_index(F, pos, idx, t.rank, ops + 2)) return false;
    F->pos = pos;
    TileOp *o = fe_op(F, TOP_INSERT, t.rank + 2, ops, &t);
    if (!o) return false;
    *out = fv_tile(o->result);
    return true;
}

/* ---------------------------------------------------------------- reductions */

static int fe_reduce_axis(Front *F, AstPos pos, TileOpKind kind, int sub, int v, int axis,
                          bool keepdims) {
    const TileType *t = fe_type(F, v);
    TileType r = tile_type_scalar(kind == TOP_ARGREDUCE ? TDT_INT32 : t->dtype);
    for (int i = 0; i < t->rank; i++) {
        if (i == axis && !keepdims) continue;
        r.shape[r.rank++] = i == axis ? 1 : t->shape[i];
    }
    F->pos = pos;
    TileOp *o = fe_op(F, kind, 1, &v, &r);
    if (!o) return -1;
    o->sub = sub;
    o->axis = axis;
    o->keepdims = keepdims;
    return o->result;
}

bool fe_reduce(Front *F, AstPos pos, TileRedop op, bool arg, FrontValue x, FrontValue axisv,
               bool keepdims, FrontValue *out) {
    int v = fe_tile_arg(F, pos, x, arg ? "argmax" : "reduce");
    if (v < 0) return false;
    TileType t = *fe_type(F, v);
    if (t.dtype == TDT_BOOL && !arg && (op == TR_SUM || op == TR_PROD)) {
        v = fe_cast(F, v, TDT_INT32);
        if (v < 0) return false;
        t = *fe_type(F, v);
    }
    if (t.rank == 0) {
        /* a scalar reduces to itself (argmax/argmin: index 0) */
        if (arg) {
            int z = fe_const_int(F, TDT_INT32, 0);
            return z >= 0 && ((*out = fv_tile(z)), true);
        }
        *out = fv_tile(v);
        return true;
    }
    bool all = axisv.kind == FV_UNDEF || axisv.kind == FV_NONE;
    if (all) {
        if (arg) {
            TileType r = tile_type_scalar(TDT_INT32);
            if (keepdims) {
                r.rank = t.rank;
                for (int i = 0; i < t.rank; i++)
                    r.shape[i] = 1;
            }
            F->pos = pos;
            TileOp *o = fe_op(F, TOP_ARGREDUCE, 1, &v, &r);
            if (!o) return false;
            o->sub = op;
            o->axis = -1;
            o->keepdims = keepdims;
            *out = fv_tile(o->result);
            return true;
        }
        int64_t n = tile_type_numel(&t);
        int flat = fe_reshape(F, v, 1, &n);
        if (flat < 0) return false;
        int r = fe_reduce_axis(F, pos, TOP_REDUCE, op, flat, 0, false);
        if (r < 0) return false;
        if (keepdims) {
            int64_t ones[TILE_MAX_RANK];
            for (int i = 0; i < t.rank; i++)
                ones[i] = 1;
            r = fe_reshape(F, r, t.rank, ones);
            if (r < 0) return false;
        }
        *out = fv_tile(r);
        return true;
    }
    if (axisv.kind == FV_TUPLE) {
        if (arg) return fe_error(F, pos, TY_TYPE_ERROR, "argmax/argmin take a single axis");
        bool chosen[TILE_MAX_RANK] = {false};
        for (int i = 0; i < axisv.u.tuple.n; i++) {
            int ax = 0;
            if (!fe_axis_norm(F, pos, axisv.u.tuple.items[i], t.rank, &ax)) return false;
            if (chosen[ax])
                return fe_error(F, pos, TY_TYPE_ERROR, "Repeated reduction axis %d", ax);
            chosen[ax] = true;
        }
        int r = v;
        for (int ax = t.rank - 1; ax >= 0; ax--) /* from the last, so indices stay valid */
            if (chosen[ax] && (r = fe_reduce_axis(F, pos, TOP_REDUCE, op, r, ax, keepdims)) < 0)
                return false;
        *out = fv_tile(r);
        return true;
    }
    int ax = 0;
    if (!fe_axis_norm(F, pos, axisv, t.rank, &ax)) return false;
    int r = fe_reduce_axis(F, pos, arg ? TOP_ARGREDUCE : TOP_REDUCE, op, v, ax, keepdims);
    if (r < 0) return false;
    *out = fv_tile(r);
    return true;
}

static bool fe_scan(Front *F, AstPos pos, TileRedop op, FrontValue x, FrontValue axisv,
                    FrontValue reverse, FrontValue *out) {
    int v = fe_tile_arg(F, pos, x, "cumsum");
    if (v < 0) return false;
    TileType t = *fe_type(F, v);
    if (t.dtype == TDT_BOOL) {
        v = fe_cast(F, v, TDT_INT32);
        if (v < 0) return false;
        t = *fe_type(F, v);
    }
    if (t.rank == 0) return (*out = fv_tile(v)), true;
    int ax = 0;
    if (!fe_axis_norm(F, pos, axisv.kind == FV_UNDEF ? fv_int(0) : axisv, t.rank, &ax))
        return false;
    F->pos = pos;
    TileOp *o = fe_op(F, TOP_SCAN, 1, &v, &t);
    if (!o) return false;
    o->sub = op;
    o->axis = ax;
    o->reverse = reverse.kind == FV_BOOL && reverse.u.b;
    *out = fv_tile(o->result);
    return true;
}

/* fe_tile_arg with a scalar made a tile of shape (1,) (what a reduction walks). */
static int fe_tile_arg_1d(Front *F, AstPos pos, FrontValue x, const char *fname) {
    int v = fe_tile_arg(F, pos, x, fname);
    if (v < 0 || fe_type(F, v)->rank > 0) return v;
    int64_t one = 1;
    return fe_reshape(F, v, 1, &one);
}

/* The combining function of ct.reduce/ct.scan applied to nin values (a lambda of the
 * kernel's source, its parameters bound to in[], or a helper inlined): *res. */
static bool fe_combiner_apply(Front *F, AstPos pos, AstExpr *lambda, FrontValue fn, int nin,
                              const FrontValue *in, FrontValue *res) {
    bool ok;
    F->rt_depth++;
    if (lambda) {
        AstArguments *la = lambda->u.lambda.args;
        FrontFrame *fr = F->frame;
        int saved_n = fr->nvars;
        ok = true;
        for (int i = 0; i < nin && ok; i++) {
            const char *pn =
                i < la->nposonly ? la->posonly[i].name : la->args[i - la->nposonly].name;
            /* shadow outer names: a fresh binding appended, dropped afterwards */
            FrontVar *nv;
            if (fr->nvars == fr->cap) {
                int ncap = fr->cap ? fr->cap * 2 : 16;
                FrontVar *vars = fe_alloc(F, sizeof *vars * (size_t)ncap);
                if (!vars) {
                    ok = false;
                    break;
                }
                if (fr->nvars) memcpy(vars, fr->vars, sizeof *vars * (size_t)fr->nvars);
                fr->vars = vars;
                fr->cap = ncap;
            }
            nv = &fr->vars[fr->nvars++];
            memset(nv, 0, sizeof *nv);
            nv->name = pn;
            nv->slot = -1;
            nv->v = in[i];
        }
        if (ok) ok = fe_expr(F, lambda->u.lambda.body, res);
        fr->nvars = saved_n;
    } else {
        int saved_rt = F->rt_depth;
        F->rt_depth = 0;
        ok = fe_inline_call(F, pos, fn.u.host.obj, nin, in, 0, NULL, NULL, res);
        F->rt_depth = saved_rt;
    }
    F->rt_depth--;
    return ok;
}

/* ct.reduce / ct.scan over a tuple of N tiles (broadcast to one shape): one REDUCE/SCAN op
 * per component (ir.h: ncomp, comp, cslots), each with its own copy of the combiner region,
 * all sharing the 2N slots; the result is the tuple of the N components. */
static bool fe_combiner_tuple(Front *F, AstPos pos, bool scan, FrontValue x, FrontValue axisv,
                              FrontValue ident, FrontValue flag, AstExpr *lambda, FrontValue fn,
                              FrontValue *out) {
    const char *fname = scan ? "scan" : "reduce";
    int n = x.u.tuple.n;
    if (n < 1 || n > 16)
        return fe_error(F, pos, TY_TYPE_ERROR, "%s(): a tuple of 1 to 16 tiles, not %d", fname, n);
    if (ident.kind == FV_TUPLE && ident.u.tuple.n != n)
        return fe_error(F, pos, TY_TYPE_ERROR, "%s(): %d identities for %d tiles", fname,
                        ident.u.tuple.n, n);
    int *ops = fe_alloc(F, sizeof(int) * (size_t)(2 * n));
    int *slots = fe_alloc(F, sizeof(int) * (size_t)(2 * n));
    FrontValue *in = fe_alloc(F, sizeof(FrontValue) * (size_t)(2 * n));
    FrontValue *res_items = fe_alloc(F, sizeof(FrontValue) * (size_t)n);
    if (!ops || !slots || !in || !res_items) return false;
    TileType common;
    for (int i = 0; i < n; i++) {
        int v = fe_tile_arg_1d(F, pos, x.u.tuple.items[i], fname);
        if (v < 0) return false;
        TileType t = *fe_type(F, v);
        ops[i] = v;
        TileType both = t;
        if (i > 0 && !fe_broadcast_shapes(F, pos, &common, &t, &both)) return false;
        common = both;
    }
    for (int i = 0; i < n; i++) {
        TileType t = common;
        t.dtype = fe_type(F, ops[i])->dtype;
        if (!tile_type_same_shape(fe_type(F, ops[i]), &t)) {
            ops[i] = fe_broadcast_to(F, pos, ops[i], &t);
            if (ops[i] < 0) return false;
        }
        FrontValue id = ident.kind == FV_TUPLE ? ident.u.tuple.items[i] : ident;
        if (!fv_is_number(&id))
            return fe_error(F, pos, TY_TYPE_ERROR, "%s(): identity must be a constant number",
                            fname);
        ops[n + i] = fe_materialize(F, pos, id, t.dtype, true);
        if (ops[n + i] < 0) return false;
        TileType st = tile_type_scalar(t.dtype);
        slots[i] = tile_var_add(F->f, "acc", st);
        slots[n + i] = tile_var_add(F->f, "x", st);
        if (slots[i] < 0 || slots[n + i] < 0) return fe_nomem(F);
    }
    int ax = 0;
    if (!fe_axis_norm(F, pos, axisv, common.rank, &ax)) return false;
    bool on = flag.kind == FV_BOOL && flag.u.b;
    for (int c = 0; c < n; c++) {
        TileType r = common;
        r.dtype = fe_type(F, ops[c])->dtype;
        if (!scan) {
            r.rank = 0;
            for (int i = 0; i < common.rank; i++) {
                if (i == ax && !on) continue;
                r.shape[r.rank++] = i == ax ? 1 : common.shape[i];
            }
        }
        F->pos = pos;
        TileOp *o = fe_op(F, scan ? TOP_SCAN : TOP_REDUCE, 2 * n, ops, &r);
        if (!o) return false;
        o->sub = TR_CUSTOM;
        o->axis = ax;
        o->ncomp = n;
        o->comp = c;
        o->cslots = slots;
        if (scan)
            o->reverse = on;
        else
            o->keepdims = on;
        TileRegion *saved = F->region;
        F->region = &o->regions[0];
        bool ok = true;
        for (int i = 0; i < 2 * n && ok; i++) {
            TileType st = tile_type_scalar(fe_type(F, ops[i % n])->dtype);
            TileOp *rd = fe_op(F, TOP_VAR_READ, 0, NULL, &st);
            ok = rd != NULL;
            if (ok) {
                rd->var = slots[i];
                in[i] = fv_tile(rd->result);
            }
        }
        FrontValue res;
        if (ok) ok = fe_combiner_apply(F, pos, lambda, fn, 2 * n, in, &res);
        if (ok && (res.kind != FV_TUPLE || res.u.tuple.n != n))
            ok = fe_error(F, pos, TY_TYPE_ERROR,
                          "%s function must return a tuple of %d values (one per tile)", fname, n);
        int *ys = ok ? fe_alloc(F, sizeof(int) * (size_t)n) : NULL;
        if (ok && !ys) ok = false;
        for (int i = 0; i < n && ok; i++) {
            ys[i] = fe_materialize(F, pos, res.u.tuple.items[i], fe_type(F, ops[i])->dtype, true);
            ok = ys[i] >= 0;
            if (ok && fe_type(F, ys[i])->rank != 0)
                ok = fe_error(F, pos, TY_TYPE_ERROR,
                              "%s function returns a tile, but it must return scalars", fname);
        }
        F->pos = pos;
        if (ok) ok = fe_op(F, TOP_YIELD, n, ys, NULL) != NULL;
        F->region = saved;
        if (!ok) return false;
        res_items[c] = fv_tile(o->result);
    }
    out->kind = FV_TUPLE;
    out->u.tuple.n = n;
    out->u.tuple.items = res_items;
    return true;
}

/* ct.reduce(x, axis, func, identity, keepdims=False) / ct.scan(x, axis, func, identity,
 * reverse=False) with func a lambda (in the kernel's source) or a helper function. */
bool fe_call_combiner(Front *F, AstExpr *call, int intr, FrontValue *out) {
    bool scan = intr == TI_SCAN;
    const char *fname = scan ? "scan" : "reduce";
    static const char *const names_r[] = {"x", "axis", "func", "identity", "keepdims", NULL};
    static const char *const names_s[] = {"x", "axis", "func", "identity", "reverse", NULL};
    const char *const *names = scan ? names_s : names_r;
    AstExpr *argx[5] = {NULL, NULL, NULL, NULL, NULL};
    for (int i = 0; i < call->u.call.args.len; i++) {
        if (i >= 5)
            return fe_error(F, call->pos, TY_TYPE_ERROR, "%s() takes at most 5 arguments", fname);
        argx[i] = call->u.call.args.items[i];
    }
    for (int k = 0; k < call->u.call.nkeywords; k++) {
        AstKeyword *kw = &call->u.call.keywords[k];
        int idx = -1;
        for (int i = 0; names[i] && kw->arg; i++)
            if (strcmp(names[i], kw->arg) == 0) idx = i;
        if (idx < 0 || argx[idx])
            return fe_error(F, kw->pos, TY_TYPE_ERROR, "%s() got an unexpected keyword argument",
                            fname);
        argx[idx] = kw->value;
    }
    for (int i = 0; i < 4; i++)
        if (!argx[i])
            return fe_error(F, call->pos, TY_TYPE_ERROR, "%s() missing required argument '%s'",
                            fname, names[i]);
    FrontValue x, axisv, ident, flag = fv_bool(false), fn = fv_bool(false);
    if (!fe_expr(F, argx[0], &x) || !fe_expr(F, argx[1], &axisv) || !fe_expr(F, argx[3], &ident))
        return false;
    if (argx[4] && !fe_expr(F, argx[4], &flag)) return false;
    AstExpr *lambda = argx[2]->kind == EXPR_LAMBDA ? argx[2] : NULL;
    if (!lambda) {
        if (!fe_expr(F, argx[2], &fn)) return false;
        if (fn.kind != FV_HOST || !is_obj(fn.u.host.obj) ||
            as_obj(fn.u.host.obj)->type->id != TY_FUNCTION)
            return fe_error(F, argx[2]->pos, TY_TYPE_ERROR,
                            "%s(): func must be a lambda or a Python function", fname);
    } else {
        AstArguments *la = lambda->u.lambda.args;
        int want = x.kind == FV_TUPLE ? 2 * x.u.tuple.n : 2;
        if (la->nposonly + la->nargs != want || la->vararg || la->kwarg || la->nkwonly)
            return fe_error(F, lambda->pos, TY_TYPE_ERROR,
                            "%s(): the combining function takes %d arguments", fname, want);
    }
    AstPos pos = call->pos;
    if (x.kind == FV_TUPLE)
        return fe_combiner_tuple(F, pos, scan, x, axisv, ident, flag, lambda, fn, out);
    int v = fe_tile_arg_1d(F, pos, x, fname);
    if (v < 0) return false;
    TileType t = *fe_type(F, v);
    int ax = 0;
    if (!fe_axis_norm(F, pos, axisv, t.rank, &ax)) return false;
    if (!fv_is_number(&ident))
        return fe_error(F, pos, TY_TYPE_ERROR, "%s(): identity must be a constant number", fname);
    int id = fe_materialize(F, pos, ident, t.dtype, true);
    if (id < 0) return false;
    TileType st = tile_type_scalar(t.dtype);
    int s0 = tile_var_add(F->f, "acc", st), s1 = tile_var_add(F->f, "x", st);
    if (s0 < 0 || s1 < 0) return fe_nomem(F);
    TileType r = t;
    if (!scan) {
        bool keep = flag.kind == FV_BOOL && flag.u.b;
        r.rank = 0;
        for (int i = 0; i < t.rank; i++) {
            if (i == ax && !keep) continue;
            r.shape[r.rank++] = i == ax ? 1 : t.shape[i];
        }
    }
    int ops[2] = {v, id};
    F->pos = pos;
    TileOp *o = fe_op(F, scan ? TOP_SCAN : TOP_REDUCE, 2, ops, &r);
    if (!o) return false;
    o->sub = TR_CUSTOM;
    o->axis = ax;
    o->vars2[0] = s0;
    o->vars2[1] = s1;
    if (scan)
        o->reverse = flag.kind == FV_BOOL && flag.u.b;
    else
        o->keepdims = flag.kind == FV_BOOL && flag.u.b;
    /* the combiner region */
    TileRegion *saved = F->region;
    F->region = &o->regions[0];
    FrontValue in[2];
    for (int i = 0; i < 2; i++) {
        TileOp *rd = fe_op(F, TOP_VAR_READ, 0, NULL, &st);
        if (!rd) return false;
        rd->var = i ? s1 : s0;
        in[i] = fv_tile(rd->result);
    }
    FrontValue res;
    bool ok = fe_combiner_apply(F, pos, lambda, fn, 2, in, &res);
    if (ok) {
        int y = fe_materialize(F, pos, res, t.dtype, true);
        ok = y >= 0;
        if (ok && fe_type(F, y)->rank != 0) {
            ok = fe_error(F, pos, TY_TYPE_ERROR,
                          "%s function returns a tile, but it must return a scalar", fname);
        }
        F->pos = pos;
        if (ok) ok = fe_op(F, TOP_YIELD, 1, &y, NULL) != NULL;
    }
    F->region = saved;
    if (!ok) return false;
    *out = fv_tile(o->result);
    return true;
}

/* ---------------------------------------------------------------- matrix */

static bool fe_mma_dtypes_ok(TileDType in, TileDType acc) {
    switch (in) {
    case TDT_FLOAT8_E4M3FN:
    case TDT_FLOAT8_E5M2:
    case TDT_FLOAT16: return acc == TDT_FLOAT16 || acc == TDT_FLOAT32;
    case TDT_BFLOAT16:
    case TDT_FLOAT32:
    case TDT_TFLOAT32: return acc == TDT_FLOAT32;
    case TDT_FLOAT64: return acc == TDT_FLOAT64;
    case TDT_INT8:
    case TDT_UINT8: return acc == TDT_INT32;
    default: return false;
    }
}

/* a (.., M, K) @ b (.., K, N) + acc (.., M, N), batch dims broadcast. */
static int fe_mma_values(Front *F, AstPos pos, int a, int b, int acc) {
    TileType ta = *fe_type(F, a), tb = *fe_type(F, b);
    if (ta.rank < 2 || tb.rank < 2 || ta.rank > 3 || tb.rank > 3 ||
        ta.shape[ta.rank - 1] != tb.shape[tb.rank - 2]) {
        char sa[64], sb[64];
        fe_shape_str(&ta, sa, sizeof sa);
        fe_shape_str(&tb, sb, sizeof sb);
        fe_error(F, pos, TY_TYPE_ERROR, "Incompatible shapes for matrix mul on tiles: %s, %s.", sa,
                 sb);
        return -1;
    }
    int rank = ta.rank > tb.rank ? ta.rank : tb.rank;
    int64_t batch = rank == 3 ? (ta.rank == 3 ? ta.shape[0] : tb.shape[0]) : 0;
    if (rank == 3 && ta.rank == 3 && tb.rank == 3 && ta.shape[0] != tb.shape[0]) {
        if (ta.shape[0] != 1 && tb.shape[0] != 1) {
            fe_error(F, pos, TY_TYPE_ERROR, "matmul batch dimensions %lld and %lld differ",
                     (long long)ta.shape[0], (long long)tb.shape[0]);
            return -1;
        }
        batch = ta.shape[0] == 1 ? tb.shape[0] : ta.shape[0];
    }
    int64_t M = ta.shape[ta.rank - 2], K = ta.shape[ta.rank - 1], N = tb.shape[tb.rank - 1];
    if (rank == 3) {
        int64_t sa[3] = {batch, M, K}, sb[3] = {batch, K, N};
        TileType wa = tile_type_make(ta.dtype, 3, sa), wb = tile_type_make(tb.dtype, 3, sb);
        a = fe_broadcast_to(F, pos, a, &wa);
        b = a < 0 ? -1 : fe_broadcast_to(F, pos, b, &wb);
        if (b < 0) return -1;
    }
    int64_t sc[3] = {batch, M, N};
    TileType tc = rank == 3 ? tile_type_make(fe_type(F, acc)->dtype, 3, sc)
                            : tile_type_make(fe_type(F, acc)->dtype, 2, sc + 1);
    acc = fe_broadcast_to(F, pos, acc, &tc);
    if (acc < 0) return -1;
    int ops[3] = {a, b, acc};
    F->pos = pos;
    TileOp *o = fe_op(F, TOP_MMA, 3, ops, &tc);
    return o ? o->result : -1;
}

static bool fe_mma(Front *F, AstPos pos, FrontArgs *args, FrontValue *out) {
    static const char *const names[] = {"x", "y", "acc", "use_fast_acc", NULL};
    FrontValue v[4];
    if (!fe_bind_args(F, pos, "mma", args, names, 3, 3, v)) return false;
    int a = fe_tile_arg(F, pos, v[0], "mma"), b = a < 0 ? -1 : fe_tile_arg(F, pos, v[1], "mma");
    int acc = b < 0 ? -1 : fe_tile_arg(F, pos, v[2], "mma");
    if (acc < 0) return false;
    TileDType da = fe_type(F, a)->dtype, db = fe_type(F, b)->dtype, dc = fe_type(F, acc)->dtype;
    bool bytes = (da == TDT_INT8 || da == TDT_UINT8) && (db == TDT_INT8 || db == TDT_UINT8);
    if (da != db && !bytes)
        return fe_error(F, pos, TY_TYPE_ERROR,
                        "x and y must have the same dtype unless they are int8/uint8, got %s %s",
                        tile_dtype_name(da), tile_dtype_name(db));
    if (!fe_mma_dtypes_ok(da, dc))
        return fe_error(F, pos, TY_TYPE_ERROR, "mma of %s inputs does not support a %s accumulator",
                        tile_dtype_name(da), tile_dtype_name(dc));
    int r = fe_mma_values(F, pos, a, b, acc);
    if (r < 0) return false;
    *out = fv_tile(r);
    return true;
}

bool fe_matmul(Front *F, AstPos pos, FrontValue x, FrontValue y, FrontValue *out) {
    int a = fe_tile_arg(F, pos, x, "matmul"), b = a < 0 ? -1 : fe_tile_arg(F, pos, y, "matmul");
    if (b < 0) return false;
    int dt = fe_promote_dtypes(F, pos, fe_type(F, a)->dtype, fe_type(F, b)->dtype);
    if (dt < 0) return false;
    a = fe_cast(F, a, (TileDType)dt);
    b = a < 0 ? -1 : fe_cast(F, b, (TileDType)dt);
    if (b < 0) return false;
    /* 1-D operands as in NumPy: a vector on the left is a row, on the right a column */
    int ra = fe_type(F, a)->rank, rb = fe_type(F, b)->rank;
    if (ra == 1) {
        int64_t s[2] = {1, fe_type(F, a)->shape[0]};
        a = fe_reshape(F, a, 2, s);
    }
    if (rb == 1) {
        int64_t s[2] = {fe_type(F, b)->shape[0], 1};
        b = fe_reshape(F, b, 2, s);
    }
    if (a < 0 || b < 0) return false;
    TileDType acc_dt = tile_dtype_is_float((TileDType)dt)
                           ? (dt == TDT_FLOAT64 ? TDT_FLOAT64 : TDT_FLOAT32)
                           : TDT_INT32;
    if (!fe_mma_dtypes_ok((TileDType)dt, acc_dt))
        return fe_error(F, pos, TY_TYPE_ERROR, "matmul does not support %s operands",
                        tile_dtype_name((TileDType)dt));
    TileScalar z;
    z.i = 0;
    if (tile_dtype_is_float(acc_dt)) z.f = 0;
    int zero = fe_const(F, acc_dt, 0, NULL, z);
    if (zero < 0) return false;
    int r = fe_mma_values(F, pos, a, b, zero);
    if (r < 0) return false;
    r = fe_cast(F, r, (TileDType)dt);
    if (r < 0) return false;
    /* drop the dims that 1-D operands added */
    const TileType *t = fe_type(F, r);
    if (ra == 1 || rb == 1) {
        int64_t s[TILE_MAX_RANK];
        int n = 0;
        for (int i = 0; i < t->rank; i++) {
            if (ra == 1 && i == t->rank - 2) continue;
            if (rb == 1 && i == t->rank - 1) continue;
            s[n++] = t->shape[i];
        }
        r = fe_reshape(F, r, n, s);
        if (r < 0) return false;
    }
    *out = fv_tile(r);
    return true;
}

/* ---------------------------------------------------------------- astile */

static bool fe_astile_shape(Front *F, AstPos pos, FrontValue v, int depth, int64_t *shape,
                            int *rank) {
    if (v.kind != FV_TUPLE) {
        if (depth == 0) *rank = 0;
        return true;
    }
    if (depth >= TILE_MAX_RANK) return fe_error(F, pos, TY_TYPE_ERROR, "tuple nested too deep");
    if (*rank <= depth) {
        *rank = depth + 1;
        shape[depth] = v.u.tuple.n;
    } else if (shape[depth] != v.u.tuple.n) {
        return fe_error(F, pos, TY_TYPE_ERROR, "Tuple has non-uniform inner shapes");
    }
    for (int i = 0; i < v.u.tuple.n; i++)
        if (!fe_astile_shape(F, pos, v.u.tuple.items[i], depth + 1, shape, rank)) return false;
    return true;
}

static bool fe_astile_fill(Front *F, AstPos pos, FrontValue v, TileDType dt, int *tile,
                           int64_t *index, int depth, int rank) {
    if (depth < rank) {
        if (v.kind != FV_TUPLE)
            return fe_error(F, pos, TY_TYPE_ERROR, "Tuple has non-uniform inner shapes");
        for (int i = 0; i < v.u.tuple.n; i++) {
            index[depth] = i;
            if (!fe_astile_fill(F, pos, v.u.tuple.items[i], dt, tile, index, depth + 1, rank))
                return false;
        }
        return true;
    }
    int x = fe_materialize(F, pos, v, dt, true);
    if (x < 0) return false;
    if (fe_type(F, x)->rank != 0)
        return fe_error(F, pos, TY_TYPE_ERROR, "astile() takes scalars in nested tuples");
    int64_t ones[TILE_MAX_RANK];
    for (int i = 0; i < rank; i++)
        ones[i] = 1;
    x = fe_reshape(F, x, rank, ones);
    int ops[TILE_MAX_RANK + 2] = {*tile, x};
    for (int i = 0; i < rank; i++) {
        ops[2 + i] = fe_const_int(F, TDT_INT32, index[i]);
        if (ops[2 + i] < 0) return false;
    }
    TileOp *o = fe_op(F, TOP_INSERT, rank + 2, ops, fe_type(F, *tile));
    if (!o) return false;
    *tile = o->result;
    return true;
}

static bool fe_astile(Front *F, AstPos pos, FrontArgs *a, FrontValue *out) {
    static const char *const names[] = {"value", "dtype", NULL};
    FrontValue v[2];
    if (!fe_bind_args(F, pos, "astile", a, names, 2, 1, v)) return false;
    TileDType dt;
    if (!fe_dtype_arg(F, pos, v[1], "dtype", &dt)) return false;
    int64_t shape[TILE_MAX_RANK];
    int rank = 0;
    if (!fe_astile_shape(F, pos, v[0], 0, shape, &rank)) return false;
    F->pos = pos;
    if (rank == 0) {
        int x = fe_materialize(F, pos, v[0], dt, true);
        return x >= 0 && ((*out = fv_tile(x)), true);
    }
    TileScalar z;
    z.i = 0;
    int tile = fe_const(F, dt, rank, shape, z);
    int64_t index[TILE_MAX_RANK];
    if (tile < 0 || !fe_astile_fill(F, pos, v[0], dt, &tile, index, 0, rank)) return false;
    *out = fv_tile(tile);
    return true;
}

/* ---------------------------------------------------------------- dispatch */

static bool fe_unary_intrinsic(int intr, TileUnop *op) {
    switch (intr) {
    case TI_EXP: *op = TU_EXP; return true;
    case TI_EXP2: *op = TU_EXP2; return true;
    case TI_LOG: *op = TU_LOG; return true;
    case TI_LOG2: *op = TU_LOG2; return true;
    case TI_SQRT: *op = TU_SQRT; return true;
    case TI_RSQRT: *op = TU_RSQRT; return true;
    case TI_SIN: *op = TU_SIN; return true;
    case TI_COS: *op = TU_COS; return true;
    case TI_TAN: *op = TU_TAN; return true;
    case TI_SINH: *op = TU_SINH; return true;
    case TI_COSH: *op = TU_COSH; return true;
    case TI_TANH: *op = TU_TANH; return true;
    case TI_FLOOR: *op = TU_FLOOR; return true;
    case TI_CEIL: *op = TU_CEIL; return true;
    case TI_ABS: *op = TU_ABS; return true;
    case TI_NEGATIVE: *op = TU_NEG; return true;
    case TI_ISNAN: *op = TU_ISNAN; return true;
    case TI_BITWISE_NOT: *op = TU_INVERT; return true;
    default: return false;
    }
}

static bool fe_binary_intrinsic(int intr, TileBinop *op) {
    switch (intr) {
    case TI_ADD: *op = TB_ADD; return true;
    case TI_SUB: *op = TB_SUB; return true;
    case TI_MUL: *op = TB_MUL; return true;
    case TI_TRUEDIV: *op = TB_TRUEDIV; return true;
    case TI_FLOORDIV: *op = TB_FLOORDIV; return true;
    case TI_MOD: *op = TB_MOD; return true;
    case TI_POW: *op = TB_POW; return true;
    case TI_ATAN2: *op = TB_ATAN2; return true;
    case TI_MAXIMUM: *op = TB_MAX; return true;
    case TI_MINIMUM: *op = TB_MIN; return true;
    case TI_BITWISE_AND: *op = TB_AND; return true;
    case TI_BITWISE_OR: *op = TB_OR; return true;
    case TI_BITWISE_XOR: *op = TB_XOR; return true;
    case TI_BITWISE_LSHIFT: *op = TB_SHL; return true;
    case TI_BITWISE_RSHIFT: *op = TB_SHR; return true;
    case TI_CDIV: *op = TB_CDIV; return true;
    default: return false;
    }
}

static bool fe_compare_intrinsic(int intr, int *op) {
    switch (intr) {
    case TI_GREATER: *op = CMP_GT; return true;
    case TI_GREATER_EQUAL: *op = CMP_GE; return true;
    case TI_LESS: *op = CMP_LT; return true;
    case TI_LESS_EQUAL: *op = CMP_LE; return true;
    case TI_EQUAL: *op = CMP_EQ; return true;
    case TI_NOT_EQUAL: *op = CMP_NE; return true;
    default: return false;
    }
}

static const char *fe_intrinsic_name(int intr) {
    static const char *const names[TI__COUNT] = {
#define X(id, name) name,
        TILE_INTRINSICS(X)
#undef X
    };
    return intr >= 0 && intr < TI__COUNT ? names[intr] : "?";
}

/* rounding_mode= and flush_to_zero= of the math ops: checked, then met by computing with
 * round-to-nearest and keeping subnormals (a result at least as accurate as asked). */
static bool fe_math_flags(Front *F, AstPos pos, FrontValue rounding, FrontValue ftz) {
    if (rounding.kind != FV_UNDEF && rounding.kind != FV_NONE &&
        !(rounding.kind == FV_ENUM && rounding.u.en.kind == FE_ENUM_ROUNDING))
        return fe_error(F, pos, TY_TYPE_ERROR, "rounding_mode must be a ct.RoundingMode member");
    if (ftz.kind != FV_UNDEF && ftz.kind != FV_BOOL)
        return fe_error(F, pos, TY_TYPE_ERROR, "flush_to_zero must be a bool constant");
    return true;
}

/* propagate_nan= of maximum/minimum/max/min: a bool constant (false by default: cuTile
 * ignores NaN operands, as C's fmax does, which is what TB_MAX/TR_MAX mean) */
static bool fe_propagate_nan(Front *F, AstPos pos, FrontValue v, bool *out) {
    *out = false;
    if (v.kind == FV_UNDEF) return true;
    if (v.kind != FV_BOOL)
        return fe_error(F, pos, TY_TYPE_ERROR, "propagate_nan must be a bool constant");
    *out = v.u.b;
    return true;
}

/* where(isnan(x) | isnan(y), x + y, r): the NaN-propagating maximum/minimum, r the
 * NaN-ignoring one; constants are never NaN here (a NaN constant already propagates in
 * x + y, and isnan of it is folded by the select's operand) */
static bool fe_nan_binary(Front *F, AstPos pos, FrontValue x, FrontValue y, FrontValue r,
                          FrontValue *out) {
    if (!fv_is_runtime(&r) || !tile_dtype_is_float(fe_type(F, r.u.value)->dtype)) {
        *out = r;
        return true;
    }
    FrontValue n = fv_bool(false), t, sum;
    const FrontValue *xs[2] = {&x, &y};
    for (int i = 0; i < 2; i++) {
        if (!fv_is_runtime(xs[i])) continue;
        if (!fe_elementwise_unary(F, pos, TU_ISNAN, *xs[i], &t)) return false;
        if (i == 1 && fv_is_runtime(&n)) {
            if (!fe_elementwise_binary(F, pos, TB_OR, n, t, &n)) return false;
        } else {
            n = t;
        }
    }
    if (!fv_is_runtime(&n)) {
        *out = r;
        return true;
    }
    if (!fe_elementwise_binary(F, pos, TB_ADD, x, y, &sum)) return false;
    return fe_where(F, pos, n, sum, r, out);
}

/* ct.max/ct.min(..., propagate_nan=True): where(any(isnan(x)), NaN, r) over the same axes */
static bool fe_nan_reduce(Front *F, AstPos pos, FrontValue x, FrontValue axisv, bool keep,
                          FrontValue r, FrontValue *out) {
    if (!fv_is_runtime(&x) || !tile_dtype_is_float(fe_type(F, x.u.value)->dtype)) {
        *out = r;
        return true;
    }
    FrontValue isn, any;
    if (!fe_elementwise_unary(F, pos, TU_ISNAN, x, &isn) ||
        !fe_reduce(F, pos, TR_OR, false, isn, axisv, keep, &any))
        return false;
    return fe_where(F, pos, any, fv_float(NAN), r, out);
}

bool fe_call_op(Front *F, AstPos pos, int intr, FrontArgs *a, FrontValue *out) {
    const char *fname = fe_intrinsic_name(intr);
    FrontValue v[6];
    TileUnop uop;
    TileBinop bop;
    int cop;
    if (fe_unary_intrinsic(intr, &uop)) {
        static const char *const names[] = {"x", "rounding_mode", "flush_to_zero", NULL};
        if (!fe_bind_args(F, pos, fname, a, names, 1, 1, v)) return false;
        if (!fe_math_flags(F, pos, v[1], v[2])) return false;
        return fe_elementwise_unary(F, pos, uop, v[0], out);
    }
    if (fe_binary_intrinsic(intr, &bop)) {
        static const char *const names[] = {"x", "y", "rounding_mode", "flush_to_zero", NULL};
        static const char *const names_mm[] = {
            "x", "y", "rounding_mode", "flush_to_zero", "propagate_nan", NULL};
        bool minmax = bop == TB_MAX || bop == TB_MIN, nan = false;
        if (!fe_bind_args(F, pos, fname, a, minmax ? names_mm : names, 2, 2, v)) return false;
        if (!fe_math_flags(F, pos, v[2], v[3])) return false;
        if (minmax && !fe_propagate_nan(F, pos, v[4], &nan)) return false;
        if (nan) {
            FrontValue r;
            return fe_elementwise_binary(F, pos, bop, v[0], v[1], &r) &&
                   fe_nan_binary(F, pos, v[0], v[1], r, out);
        }
        if (intr == TI_CDIV && fv_is_number(&v[0]) && fv_is_number(&v[1])) {
            int64_t x, y;
            if (!fe_int_const(F, pos, v[0], "cdiv()'s first argument", &x) ||
                !fe_int_const(F, pos, v[1], "cdiv()'s second argument", &y))
                return false;
            if (y == 0) return fe_error(F, pos, TY_ZERO_DIVISION_ERROR, "cdiv() by zero");
            int64_t q = x / y;
            if ((x % y != 0) && ((x < 0) == (y < 0))) q++;
            *out = fv_int(q);
            return true;
        }
        if (fv_is_number(&v[0]) && fv_is_number(&v[1])) {
            static const int bins[] = {
                [TB_ADD] = BIN_ADD,         [TB_SUB] = BIN_SUB,           [TB_MUL] = BIN_MUL,
                [TB_TRUEDIV] = BIN_TRUEDIV, [TB_FLOORDIV] = BIN_FLOORDIV, [TB_MOD] = BIN_MOD,
                [TB_POW] = BIN_POW,         [TB_AND] = BIN_AND,           [TB_OR] = BIN_OR,
                [TB_XOR] = BIN_XOR,         [TB_SHL] = BIN_LSHIFT,        [TB_SHR] = BIN_RSHIFT};
            if (bop <= TB_SHR && bop != TB_MAX && bop != TB_MIN)
                return fe_binop(F, pos, bins[bop], v[0], v[1], out);
        }
        return fe_elementwise_binary(F, pos, bop, v[0], v[1], out);
    }
    if (fe_compare_intrinsic(intr, &cop)) {
        static const char *const names[] = {"x", "y", NULL};
        if (!fe_bind_args(F, pos, fname, a, names, 2, 2, v)) return false;
        return fe_compare(F, pos, cop, v[0], v[1], out);
    }
    switch (intr) {
    case TI_WHERE: {
        static const char *const names[] = {"cond", "x", "y", NULL};
        if (!fe_bind_args(F, pos, fname, a, names, 3, 3, v)) return false;
        return fe_where(F, pos, v[0], v[1], v[2], out);
    }
    case TI_ASTYPE:
    case TI_BITCAST: {
        static const char *const names[] = {"x", "dtype", NULL};
        if (!fe_bind_args(F, pos, fname, a, names, 2, 2, v)) return false;
        return intr == TI_ASTYPE ? fe_astype(F, pos, v[0], v[1], out)
                                 : fe_bitcast(F, pos, v[0], v[1], out);
    }
    case TI_RESHAPE: {
        static const char *const names[] = {"x", "shape", NULL};
        if (!fe_bind_args(F, pos, fname, a, names, 2, 2, v)) return false;
        return fe_reshape_call(F, pos, v[0], v[1], out);
    }
    case TI_PERMUTE: {
        static const char *const names[] = {"x", "axes", NULL};
        if (!fe_bind_args(F, pos, fname, a, names, 2, 2, v)) return false;
        return fe_permute_call(F, pos, v[0], v[1], out);
    }
    case TI_TRANSPOSE: {
        static const char *const names[] = {"x", "axis0", "axis1", NULL};
        if (!fe_bind_args(F, pos, fname, a, names, 1, 3, v)) return false;
        return fe_transpose(F, pos, v[0], v[1], v[2], out);
    }
    case TI_BROADCAST_TO: {
        static const char *const names[] = {"x", "shape", NULL};
        if (!fe_bind_args(F, pos, fname, a, names, 2, 2, v)) return false;
        return fe_broadcast_call(F, pos, v[0], v[1], out);
    }
    case TI_EXPAND_DIMS: {
        static const char *const names[] = {"x", "axis", NULL};
        if (!fe_bind_args(F, pos, fname, a, names, 2, 2, v)) return false;
        return fe_expand_dims(F, pos, v[0], v[1], out);
    }
    case TI_CAT: {
        static const char *const names[] = {"tiles", "axis", NULL};
        if (!fe_bind_args(F, pos, fname, a, names, 1, 2, v)) return false;
        return fe_cat(F, pos, v[0], v[1], out);
    }
    case TI_EXTRACT: {
        static const char *const names[] = {"x", "index", "shape", NULL};
        if (!fe_bind_args(F, pos, fname, a, names, 3, 3, v)) return false;
        return fe_extract(F, pos, v[0], v[1], v[2], out);
    }
    case TI_INSERT: {
        static const char *const names[] = {"x", "index", "value", NULL};
        if (!fe_bind_args(F, pos, fname, a, names, 3, 3, v)) return false;
        return fe_insert(F, pos, v[0], v[1], v[2], out);
    }
    case TI_SUM:
    case TI_MAX:
    case TI_MIN:
    case TI_PROD:
    case TI_ARGMAX:
    case TI_ARGMIN: {
        static const char *const names[] = {"x", "axis", "keepdims", NULL};
        static const char *const names_mm[] = {
            "x", "axis", "keepdims", "flush_to_zero", "propagate_nan", NULL};
        static const char *const names_arg[] = {"x", "axis", "keepdims", "propagate_nan", NULL};
        bool minmax = intr == TI_MAX || intr == TI_MIN, nan = false;
        bool argmm = intr == TI_ARGMAX || intr == TI_ARGMIN;
        if (!fe_bind_args(F, pos, fname, a, minmax ? names_mm : argmm ? names_arg : names, 1, 2, v))
            return false;
        if (minmax && (!fe_math_flags(F, pos, (FrontValue){.kind = FV_UNDEF}, v[3]) ||
                       !fe_propagate_nan(F, pos, v[4], &nan)))
            return false;
        if (argmm && !fe_propagate_nan(F, pos, v[3], &nan)) return false;
        if (argmm && nan && fv_is_runtime(&v[0]) &&
            tile_dtype_is_float(fe_type(F, v[0].u.value)->dtype)) {
            /* where(any(isnan(x)), argmax(isnan(x)) (the first NaN), argmax(x)) */
            bool keep = v[2].kind == FV_BOOL && v[2].u.b;
            FrontValue r, isn, any, first;
            return fe_reduce(F, pos, intr == TI_ARGMAX ? TR_MAX : TR_MIN, true, v[0], v[1], keep,
                             &r) &&
                   fe_elementwise_unary(F, pos, TU_ISNAN, v[0], &isn) &&
                   fe_reduce(F, pos, TR_OR, false, isn, v[1], keep, &any) &&
                   fe_reduce(F, pos, TR_MAX, true, isn, v[1], keep, &first) &&
                   fe_where(F, pos, any, first, r, out);
        }
        if (nan) {
            FrontValue r;
            bool keep = v[2].kind == FV_BOOL && v[2].u.b;
            return fe_reduce(F, pos, intr == TI_MAX ? TR_MAX : TR_MIN, false, v[0], v[1], keep,
                             &r) &&
                   fe_nan_reduce(F, pos, v[0], v[1], keep, r, out);
        }
        TileRedop op = intr == TI_SUM                          ? TR_SUM
                       : intr == TI_PROD                       ? TR_PROD
                       : (intr == TI_MAX || intr == TI_ARGMAX) ? TR_MAX
                                                               : TR_MIN;
        bool keep = v[2].kind == FV_BOOL && v[2].u.b;
        return fe_reduce(F, pos, op, intr == TI_ARGMAX || intr == TI_ARGMIN, v[0], v[1], keep, out);
    }
    case TI_CUMSUM:
    case TI_CUMPROD: {
        static const char *const names[] = {"x", "axis", "reverse", NULL};
        if (!fe_bind_args(F, pos, fname, a, names, 1, 2, v)) return false;
        return fe_scan(F, pos, intr == TI_CUMSUM ? TR_SUM : TR_PROD, v[0], v[1], v[2], out);
    }
    case TI_MMA: return fe_mma(F, pos, a, out);
    case TI_MATMUL: {
        static const char *const names[] = {"x", "y", NULL};
        if (!fe_bind_args(F, pos, fname, a, names, 2, 2, v)) return false;
        return fe_matmul(F, pos, v[0], v[1], out);
    }
    case TI_ASTILE: return fe_astile(F, pos, a, out);
    case TI_DIVMOD: {
        static const char *const names[] = {"x", "y", NULL};
        if (!fe_bind_args(F, pos, fname, a, names, 2, 2, v)) return false;
        FrontValue q, r;
        if (!fe_binop(F, pos, BIN_FLOORDIV, v[0], v[1], &q) ||
            !fe_binop(F, pos, BIN_MOD, v[0], v[1], &r))
            return false;
        FrontValue *items = fe_alloc(F, sizeof(FrontValue) * 2);
        if (!items) return false;
        items[0] = q;
        items[1] = r;
        memset(out, 0, sizeof *out);
        out->kind = FV_TUPLE;
        out->u.tuple.n = 2;
        out->u.tuple.items = items;
        return true;
    }
    case TI_ASSERT: {
        static const char *const names[] = {"cond", "message", NULL};
        if (!fe_bind_args(F, pos, "assert_", a, names, 1, 2, v)) return false;
        int k = 0;
        if (!fe_truth_const(F, v[0], &k)) return false;
        const char *msg = v[1].kind == FV_STR ? v[1].u.str.s : NULL;
        if (k == 0)
            return fe_error(F, pos, TY_ASSERTION_ERROR, "%s", msg ? msg : "assertion failed");
        if (k == 1) return (*out = fv_none()), true;
        if (fe_type(F, v[0].u.value)->dtype != TDT_BOOL)
            return fe_error(F, pos, TY_TYPE_ERROR, "assert_() needs a bool tile");
        F->pos = pos;
        TileOp *o = fe_op(F, TOP_ASSERT, 1, &v[0].u.value, NULL);
        if (!o) return false;
        o->text = msg;
        *out = fv_none();
        return true;
    }
    default: break;
    }
    return fe_error(F, pos, TY_TYPE_ERROR, "ct.%s() is not supported in krait's tile code yet",
                    fname);
}

/* x.method(...): the same intrinsics with the tile first. */
bool fe_call_method(Front *F, AstPos pos, FrontValue self, const char *name, FrontArgs *a,
                    FrontValue *out) {
    static const struct {
        const char *name;
        int intr;
    } map[] = {{"astype", TI_ASTYPE},
               {"reshape", TI_RESHAPE},
               {"permute", TI_PERMUTE},
               {"transpose", TI_TRANSPOSE},
               {"sum", TI_SUM},
               {"max", TI_MAX},
               {"min", TI_MIN},
               {"prod", TI_PROD},
               {"argmax", TI_ARGMAX},
               {"argmin", TI_ARGMIN},
               {"cumsum", TI_CUMSUM},
               {"cumprod", TI_CUMPROD},
               {"extract", TI_EXTRACT},
               {"broadcast_to", TI_BROADCAST_TO},
               {"expand_dims", TI_EXPAND_DIMS},
               {"bitcast", TI_BITCAST},
               {"insert", TI_INSERT}};
    if ((self.kind == FV_ARRAY || self.kind == FV_AVIEW) && strcmp(name, "tiled_view") == 0)
        return fe_tiled_view_new(F, pos, self, a, out);
    if ((self.kind == FV_ARRAY || self.kind == FV_AVIEW) && strcmp(name, "slice") == 0)
        return fe_array_slice(F, pos, self, a, out);
    if (self.kind == FV_TVIEW) return fe_tiled_view_call(F, pos, self, name, a, out);
    if (strcmp(name, "item") == 0) {
        int v = fe_tile_arg(F, pos, self, "item");
        if (v < 0) return false;
        if (tile_type_numel(fe_type(F, v)) != 1)
            return fe_error(F, pos, TY_VALUE_ERROR, "item() needs a tile of one element");
        F->pos = pos;
        int r = fe_reshape(F, v, 0, NULL);
        return r >= 0 && ((*out = fv_tile(r)), true);
    }
    /* x.reshape(2, 3) as NumPy allows: the dims as separate arguments */
    if (strcmp(name, "reshape") == 0 && a->argc > 1) {
        FrontValue t;
        memset(&t, 0, sizeof t);
        t.kind = FV_TUPLE;
        t.u.tuple.n = a->argc;
        t.u.tuple.items = a->argv;
        return fe_reshape_call(F, pos, self, t, out);
    }
    if (strcmp(name, "permute") == 0 && a->argc > 1) {
        FrontValue t;
        memset(&t, 0, sizeof t);
        t.kind = FV_TUPLE;
        t.u.tuple.n = a->argc;
        t.u.tuple.items = a->argv;
        return fe_permute_call(F, pos, self, t, out);
    }
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++) {
        if (strcmp(map[i].name, name) != 0) continue;
        FrontArgs b = *a;
        b.argc = a->argc + 1;
        b.argv = fe_alloc(F, sizeof(FrontValue) * (size_t)b.argc);
        b.argpos = fe_alloc(F, sizeof(AstPos) * (size_t)b.argc);
        if (!b.argv || !b.argpos) return false;
        b.argv[0] = self;
        b.argpos[0] = pos;
        for (int k = 0; k < a->argc; k++) {
            b.argv[k + 1] = a->argv[k];
            b.argpos[k + 1] = a->argpos[k];
        }
        return fe_call_op(F, pos, map[i].intr, &b, out);
    }
    return fe_error(F, pos, TY_ATTRIBUTE_ERROR, "'Tile' object has no method '%s'", name);
}
