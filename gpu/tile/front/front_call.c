/* front_call.c: calls in tile code: argument evaluation and binding, dispatch (tile-module
 * intrinsics, helper functions, builtins, dtype constructors, tile methods), and the
 * intrinsics about the grid, memory, tile creation and debugging. The elementwise, shape,
 * reduction and matrix intrinsics are in front_call_ops.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../../vm/dict.h"
#include "front_internal.h"

/* ---------------------------------------------------------------- arguments */

bool fe_bind_args(Front *F, AstPos pos, const char *fname, FrontArgs *a, const char *const *names,
                  int nreq, int npos, FrontValue *out) {
    int n = 0;
    while (names[n])
        n++;
    for (int i = 0; i < n; i++)
        out[i].kind = FV_UNDEF;
    if (a->argc > npos)
        return fe_error(F, pos, TY_TYPE_ERROR,
                        "%s() takes at most %d positional arguments (%d given)", fname, npos,
                        a->argc);
    for (int i = 0; i < a->argc; i++)
        out[i] = a->argv[i];
    for (int k = 0; k < a->nkw; k++) {
        int idx = -1;
        for (int i = 0; i < n; i++)
            if (strcmp(names[i], a->kwnames[k]) == 0) idx = i;
        if (idx < 0)
            return fe_error(F, a->kwpos[k], TY_TYPE_ERROR,
                            "%s() got an unexpected keyword argument '%s'", fname, a->kwnames[k]);
        if (out[idx].kind != FV_UNDEF)
            return fe_error(F, a->kwpos[k], TY_TYPE_ERROR,
                            "%s() got multiple values for argument '%s'", fname, a->kwnames[k]);
        out[idx] = a->kwv[k];
    }
    for (int i = 0; i < nreq; i++)
        if (out[i].kind == FV_UNDEF)
            return fe_error(F, pos, TY_TYPE_ERROR, "%s() missing required argument '%s'", fname,
                            names[i]);
    return true;
}

static bool fe_eval_args(Front *F, AstExpr *e, FrontArgs *a) {
    memset(a, 0, sizeof *a);
    int n = e->u.call.args.len, k = e->u.call.nkeywords;
    a->argv = n ? fe_alloc(F, sizeof(FrontValue) * (size_t)n) : NULL;
    a->argpos = n ? fe_alloc(F, sizeof(AstPos) * (size_t)n) : NULL;
    a->kwnames = k ? fe_alloc(F, sizeof(char *) * (size_t)k) : NULL;
    a->kwv = k ? fe_alloc(F, sizeof(FrontValue) * (size_t)k) : NULL;
    a->kwpos = k ? fe_alloc(F, sizeof(AstPos) * (size_t)k) : NULL;
    if ((n && (!a->argv || !a->argpos)) || (k && (!a->kwnames || !a->kwv || !a->kwpos)))
        return false;
    for (int i = 0; i < n; i++) {
        AstExpr *x = e->u.call.args.items[i];
        if (x->kind == EXPR_STARRED) {
            /* f(*t) with a compile-time tuple t */
            FrontValue t;
            if (!fe_expr(F, x->u.starred.value, &t)) return false;
            if (t.kind != FV_TUPLE)
                return fe_error(F, x->pos, TY_TYPE_ERROR,
                                "*args in tile code needs a compile-time tuple");
            FrontValue *nv = fe_alloc(F, sizeof(FrontValue) * (size_t)(n + t.u.tuple.n));
            AstPos *np = fe_alloc(F, sizeof(AstPos) * (size_t)(n + t.u.tuple.n));
            if (!nv || !np) return false;
            memcpy(nv, a->argv, sizeof(FrontValue) * (size_t)a->argc);
            memcpy(np, a->argpos, sizeof(AstPos) * (size_t)a->argc);
            for (int j = 0; j < t.u.tuple.n; j++) {
                nv[a->argc] = t.u.tuple.items[j];
                np[a->argc++] = x->pos;
            }
            a->argv = nv;
            a->argpos = np;
            continue;
        }
        if (!fe_expr(F, x, &a->argv[a->argc])) return false;
        a->argpos[a->argc++] = x->pos;
    }
    for (int i = 0; i < k; i++) {
        AstKeyword *kw = &e->u.call.keywords[i];
        if (!kw->arg)
            return fe_error(F, kw->pos, TY_SYNTAX_ERROR, "**kwargs is not supported in tile code");
        a->kwnames[i] = kw->arg;
        a->kwpos[i] = kw->pos;
        if (!fe_expr(F, kw->value, &a->kwv[i])) return false;
    }
    a->nkw = k;
    return true;
}

/* ---------------------------------------------------------------- grid and arrays */

static bool fe_axis_arg(Front *F, AstPos pos, const char *fname, FrontValue v, int *axis) {
    int64_t ax;
    if (!fe_int_const(F, pos, v, "axis", &ax)) return false;
    if (ax < 0 || ax > 2)
        return fe_error(F, pos, TY_TYPE_ERROR, "%s: axis must be 0, 1 or 2, got %lld", fname,
                        (long long)ax);
    *axis = (int)ax;
    return true;
}

static bool fe_require_array(Front *F, AstPos pos, FrontValue v, const char *fname) {
    if (v.kind == FV_ARRAY) return true;
    char buf[96];
    return fe_error(F, pos, TY_TYPE_ERROR, "%s() expects an array as its first argument, got %s",
                    fname, fv_describe(F, &v, buf, sizeof buf));
}

/* cuTile's `order`: "C" (identity), "F" (reversed) or a permutation tuple. */
bool fe_order_arg(Front *F, AstPos pos, FrontValue v, int rank, int *perm) {
    for (int i = 0; i < rank; i++)
        perm[i] = i;
    if (v.kind == FV_UNDEF) return true;
    if (v.kind == FV_STR && strcmp(v.u.str.s, "C") == 0) return true;
    if (v.kind == FV_STR && strcmp(v.u.str.s, "F") == 0) {
        for (int i = 0; i < rank; i++)
            perm[i] = rank - 1 - i;
        return true;
    }
    if (v.kind == FV_TUPLE && v.u.tuple.n == rank) {
        unsigned seen = 0;
        for (int i = 0; i < rank; i++) {
            int64_t p;
            if (!fe_int_const(F, pos, v.u.tuple.items[i], "order", &p)) return false;
            if (p < 0 || p >= rank || (seen >> p) & 1)
                return fe_error(F, pos, TY_TYPE_ERROR, "order must be a permutation of 0..%d",
                                rank - 1);
            seen |= 1u << p;
            perm[i] = (int)p;
        }
        return true;
    }
    return fe_error(F, pos, TY_TYPE_ERROR,
                    "order must be \"C\", \"F\" or a permutation tuple of length %d", rank);
}

/* The index argument of load/store: a tuple of R integer scalars (a bare scalar for R=1). */
static bool fe_index_arg(Front *F, AstPos pos, FrontValue v, int rank, int *out) {
    FrontValue one[1] = {v};
    FrontValue *items = one;
    int n = 1;
    if (v.kind == FV_TUPLE) {
        items = v.u.tuple.items;
        n = v.u.tuple.n;
    }
    if (n != rank)
        return fe_error(F, pos, TY_TYPE_ERROR, "Index size %d does not match the array rank %d", n,
                        rank);
    for (int i = 0; i < n; i++) {
        out[i] = fe_index_scalar(F, pos, items[i], "a tile index");
        if (out[i] < 0) return false;
    }
    return true;
}

bool fe_enum_arg(Front *F, AstPos pos, FrontValue v, int kind, const char *what, int dflt,
                 int *out) {
    if (v.kind == FV_UNDEF || v.kind == FV_NONE) return (*out = dflt), true;
    if (v.kind == FV_ENUM && v.u.en.kind == kind) return (*out = v.u.en.value), true;
    char buf[96];
    return fe_error(F, pos, TY_TYPE_ERROR, "%s must be a ct.%s member, got %s", what,
                    kind == FE_ENUM_PADDING    ? "PaddingMode"
                    : kind == FE_ENUM_MEMORDER ? "MemoryOrder"
                                               : "MemoryScope",
                    fv_describe(F, &v, buf, sizeof buf));
}

static bool fe_hint_args(Front *F, AstPos pos, FrontValue latency, FrontValue allow_tma,
                         TileOp *op) {
    if (latency.kind != FV_UNDEF && latency.kind != FV_NONE) {
        int64_t l;
        if (!fe_int_const(F, pos, latency, "latency", &l)) return false;
        if (l < 1 || l > 10)
            return fe_error(F, pos, TY_VALUE_ERROR, "latency must be between 1 and 10, got %lld",
                            (long long)l);
        op->latency = (int)l;
    }
    if (allow_tma.kind != FV_UNDEF && allow_tma.kind != FV_NONE) {
        if (allow_tma.kind != FV_BOOL)
            return fe_error(F, pos, TY_TYPE_ERROR, "Allow TMA must be a boolean");
        op->allow_tma = allow_tma.u.b;
    }
    return true;
}

/* The tile value v converted for storing into an array of dtype dt: cuTile's implicit cast
 * (allowed when promotion of the two gives dt; loosely typed constants convert). */
static int fe_implicit_cast(Front *F, AstPos pos, FrontValue v, TileDType dt, const char *ctx) {
    if (v.kind == FV_TILE) {
        TileDType from = fe_type(F, v.u.value)->dtype;
        if (from == dt) return v.u.value;
        int r = fe_promote_dtypes(F, pos, from, dt);
        if (r < 0) err_clear(F->I);
        if (r != (int)dt) {
            fe_error(F, pos, TY_TYPE_ERROR, "%s: cannot implicitly cast %s to %s", ctx,
                     tile_dtype_name(from), tile_dtype_name(dt));
            return -1;
        }
        return fe_cast(F, v.u.value, dt);
    }
    if (fv_is_number(&v)) {
        if (v.kind == FV_FLOAT && !tile_dtype_is_float(dt)) {
            fe_error(F, pos, TY_TYPE_ERROR, "%s: cannot implicitly cast float to %s", ctx,
                     tile_dtype_name(dt));
            return -1;
        }
        return fe_materialize(F, pos, v, dt, false);
    }
    char buf[96];
    fe_error(F, pos, TY_TYPE_ERROR, "%s: expected a tile, got %s", ctx,
             fv_describe(F, &v, buf, sizeof buf));
    return -1;
}

static bool fe_load(Front *F, AstPos pos, FrontArgs *a, FrontValue *out) {
    static const char *const names[] = {"array",        "index",        "shape",     "order",
                                        "padding_mode", "latency",      "allow_tma", "check_bounds",
                                        "memory_order", "memory_scope", NULL};
    FrontValue v[10];
    if (!fe_bind_args(F, pos, "load", a, names, 3, 3, v)) return false;
    if (!fe_require_array(F, pos, v[0], "load")) return false;
    const TileParam *p = &F->f->params[v[0].u.array];
    int idx[TILE_MAX_RANK], perm[TILE_MAX_RANK], rank;
    int64_t shape[TILE_MAX_RANK];
    if (!fe_index_arg(F, pos, v[1], p->rank, idx)) return false;
    bool scalar = v[2].kind == FV_TUPLE && v[2].u.tuple.n == 0;
    if (scalar) {
        rank = p->rank;
        for (int i = 0; i < rank; i++)
            shape[i] = 1;
    } else if (!fe_shape_arg(F, pos, v[2], "shape", &rank, shape)) {
        return false;
    }
    if (rank != p->rank)
        return fe_error(F, pos, TY_TYPE_ERROR,
                        "the tile shape has %d dimensions but the array has %d", rank, p->rank);
    if (!fe_order_arg(F, pos, v[3], rank, perm)) return false;
    int pad = 0;
    if (!fe_enum_arg(F, pos, v[4], FE_ENUM_PADDING, "padding_mode", TP_UNDETERMINED, &pad))
        return false;
    int mo = 0, ms = 0;
    if (!fe_enum_arg(F, pos, v[8], FE_ENUM_MEMORDER, "memory_order", TMO_WEAK, &mo) ||
        !fe_enum_arg(F, pos, v[9], FE_ENUM_MEMSCOPE, "memory_scope", TMS_NONE, &ms))
        return false;
    F->pos = pos;
    TileType t = tile_type_make(p->dtype, rank, shape);
    TileOp *op = fe_op(F, TOP_LOAD, p->rank, idx, &t);
    if (!op) return false;
    op->array = v[0].u.array;
    for (int i = 0; i < rank; i++)
        op->perm[i] = perm[i];
    op->padding = (TilePadding)pad;
    op->memorder = (TileMemOrder)mo;
    op->memscope = (TileMemScope)ms;
    if (v[7].kind == FV_BOOL) op->check_bounds = v[7].u.b;
    if (!fe_hint_args(F, pos, v[5], v[6], op)) return false;
    int r = op->result;
    if (scalar) {
        r = fe_reshape(F, r, 0, NULL);
        if (r < 0) return false;
    }
    *out = fv_tile(r);
    return true;
}

static bool fe_store(Front *F, AstPos pos, FrontArgs *a) {
    static const char *const names[] = {"array",        "index",   "tile",      "order",
                                        "check_bounds", "latency", "allow_tma", "memory_order",
                                        "memory_scope", NULL};
    FrontValue v[9];
    if (!fe_bind_args(F, pos, "store", a, names, 3, 3, v)) return false;
    if (!fe_require_array(F, pos, v[0], "store")) return false;
    const TileParam *p = &F->f->params[v[0].u.array];
    int ops[TILE_MAX_RANK + 1], perm[TILE_MAX_RANK];
    if (!fe_index_arg(F, pos, v[1], p->rank, ops)) return false;
    int tile = fe_implicit_cast(F, pos, v[2], p->dtype,
                                "Stored tile is incompatible with array's "
                                "dtype");
    if (tile < 0) return false;
    const TileType *t = fe_type(F, tile);
    if (t->rank > p->rank)
        return fe_error(F, pos, TY_TYPE_ERROR,
                        "the stored tile has %d dimensions but the array has %d", t->rank, p->rank);
    if (t->rank < p->rank) {
        int64_t shape[TILE_MAX_RANK];
        int pad = p->rank - t->rank;
        for (int i = 0; i < p->rank; i++)
            shape[i] = i < pad ? 1 : t->shape[i - pad];
        tile = fe_reshape(F, tile, p->rank, shape);
        if (tile < 0) return false;
    }
    if (!fe_order_arg(F, pos, v[3], p->rank, perm)) return false;
    int mo = 0, ms = 0;
    if (!fe_enum_arg(F, pos, v[7], FE_ENUM_MEMORDER, "memory_order", TMO_WEAK, &mo) ||
        !fe_enum_arg(F, pos, v[8], FE_ENUM_MEMSCOPE, "memory_scope", TMS_NONE, &ms))
        return false;
    ops[p->rank] = tile;
    F->pos = pos;
    TileOp *op = fe_op(F, TOP_STORE, p->rank + 1, ops, NULL);
    if (!op) return false;
    op->array = v[0].u.array;
    for (int i = 0; i < p->rank; i++)
        op->perm[i] = perm[i];
    op->memorder = (TileMemOrder)mo;
    op->memscope = (TileMemScope)ms;
    if (v[4].kind == FV_BOOL) op->check_bounds = v[4].u.b;
    return fe_hint_args(F, pos, v[5], v[6], op);
}

/* ct.num_tiles(array, axis, shape, order="C"): cdiv(array.shape[order[axis]], shape[axis]) */
static bool fe_num_tiles(Front *F, AstPos pos, FrontArgs *a, FrontValue *out) {
    static const char *const names[] = {"array", "axis", "shape", "order", NULL};
    FrontValue v[4];
    if (!fe_bind_args(F, pos, "num_tiles", a, names, 3, 4, v)) return false;
    if (!fe_require_array(F, pos, v[0], "num_tiles")) return false;
    const TileParam *p = &F->f->params[v[0].u.array];
    int64_t axis, shape[TILE_MAX_RANK];
    int rank, perm[TILE_MAX_RANK];
    if (!fe_int_const(F, pos, v[1], "axis", &axis) ||
        !fe_shape_arg(F, pos, v[2], "shape", &rank, shape))
        return false;
    if (rank != p->rank)
        return fe_error(F, pos, TY_TYPE_ERROR,
                        "the tile shape has %d dimensions but the array has %d", rank, p->rank);
    if (axis < 0) axis += rank;
    if (axis < 0 || axis >= rank)
        return fe_error(F, pos, TY_TYPE_ERROR, "axis %lld out of range", (long long)axis);
    if (!fe_order_arg(F, pos, v[3], rank, perm)) return false;
    F->pos = pos;
    TileType it = tile_type_scalar(TDT_INT32);
    TileOp *dim = fe_op(F, TOP_ARRAY_DIM, 0, NULL, &it);
    if (!dim) return false;
    dim->array = v[0].u.array;
    dim->axis = perm[axis];
    int t = fe_const_int(F, TDT_INT32, shape[axis]);
    if (t < 0) return false;
    int ops[2] = {dim->result, t};
    TileOp *op = fe_op(F, TOP_BINARY, 2, ops, &it);
    if (!op) return false;
    op->sub = TB_CDIV;
    *out = fv_tile(op->result);
    return true;
}

/* gather/scatter/atomics: the index tiles (a tuple of R, or one tile for R = 1), broadcast
 * to one shape; returns that shape in *s. */
static bool fe_index_tiles(Front *F, AstPos pos, const char *fname, FrontValue v, int rank,
                           int *out, TileType *s) {
    FrontValue one[1] = {v};
    FrontValue *items = one;
    int n = 1;
    if (v.kind == FV_TUPLE) {
        items = v.u.tuple.items;
        n = v.u.tuple.n;
    }
    if (n != rank)
        return fe_error(F, pos, TY_TYPE_ERROR, "Index size %d does not match the array rank %d", n,
                        rank);
    *s = tile_type_scalar(TDT_INT32);
    TileDType dt = TDT_INT32;
    for (int i = 0; i < n; i++) {
        int x = fe_materialize(F, pos, items[i], -1, false);
        if (x < 0) return false;
        const TileType *t = fe_type(F, x);
        if (!tile_dtype_is_int(t->dtype))
            return fe_error(F, pos, TY_TYPE_ERROR, "%s: indices must be integer tiles, got %s",
                            fname, tile_dtype_name(t->dtype));
        if (tile_dtype_size(t->dtype) == 8 || t->dtype == TDT_UINT32) dt = TDT_INT64;
        TileType b;
        if (!fe_broadcast_shapes(F, pos, s, t, &b)) return false;
        *s = b;
        out[i] = x;
    }
    s->dtype = dt;
    for (int i = 0; i < n; i++) {
        out[i] = fe_cast(F, out[i], dt);
        if (out[i] < 0) return false;
        out[i] = fe_broadcast_to(F, pos, out[i], s);
        if (out[i] < 0) return false;
    }
    return true;
}

/* A value (update, mask...) broadcast to the indices' shape in dtype dt. */
static int fe_value_to(Front *F, AstPos pos, FrontValue v, TileDType dt, const TileType *s,
                       const char *ctx) {
    int x = fe_implicit_cast(F, pos, v, dt, ctx);
    if (x < 0) return -1;
    TileType t = *s;
    t.dtype = dt;
    return fe_broadcast_to(F, pos, x, &t);
}

static bool fe_gather(Front *F, AstPos pos, FrontArgs *a, FrontValue *out) {
    static const char *const names[] = {"array",        "indices", "mask", "padding_value",
                                        "check_bounds", "latency", NULL};
    FrontValue v[6];
    if (!fe_bind_args(F, pos, "gather", a, names, 2, 2, v)) return false;
    if (!fe_require_array(F, pos, v[0], "gather")) return false;
    const TileParam *p = &F->f->params[v[0].u.array];
    int ops[TILE_MAX_RANK + 2], n = p->rank;
    TileType s;
    if (!fe_index_tiles(F, pos, "gather", v[1], p->rank, ops, &s)) return false;
    bool has_mask = v[2].kind != FV_UNDEF && v[2].kind != FV_NONE;
    if (has_mask) {
        if (v[2].kind == FV_TILE && fe_type(F, v[2].u.value)->dtype != TDT_BOOL)
            return fe_error(F, pos, TY_TYPE_ERROR,
                            "Custom mask must have boolean dtype, but got %s",
                            tile_dtype_name(fe_type(F, v[2].u.value)->dtype));
        int m = fe_value_to(F, pos, v[2], TDT_BOOL, &s, "mask");
        if (m < 0) return false;
        ops[n++] = m;
    }
    FrontValue padv = v[3].kind == FV_UNDEF ? fv_int(0) : v[3];
    if (!fv_is_number(&padv))
        return fe_error(F, pos, TY_TYPE_ERROR, "padding_value must be a constant number");
    int pad = fe_materialize(F, pos, padv, p->dtype, true);
    if (pad < 0) return false;
    ops[n++] = pad;
    F->pos = pos;
    TileType rt = s;
    rt.dtype = p->dtype;
    TileOp *op = fe_op(F, TOP_GATHER, n, ops, &rt);
    if (!op) return false;
    op->array = v[0].u.array;
    op->has_mask = has_mask;
    if (v[4].kind == FV_BOOL) op->check_bounds = v[4].u.b;
    if (!fe_hint_args(F, pos, v[5], (FrontValue){.kind = FV_UNDEF}, op)) return false;
    *out = fv_tile(op->result);
    return true;
}

static bool fe_scatter(Front *F, AstPos pos, FrontArgs *a) {
    static const char *const names[] = {"array",        "indices", "value", "mask",
                                        "check_bounds", "latency", NULL};
    FrontValue v[6];
    if (!fe_bind_args(F, pos, "scatter", a, names, 3, 3, v)) return false;
    if (!fe_require_array(F, pos, v[0], "scatter")) return false;
    const TileParam *p = &F->f->params[v[0].u.array];
    int ops[TILE_MAX_RANK + 2], n = p->rank;
    TileType s;
    if (!fe_index_tiles(F, pos, "scatter", v[1], p->rank, ops, &s)) return false;
    int val = fe_value_to(F, pos, v[2], p->dtype, &s, "Value is incompatible with array's dtype");
    if (val < 0) return false;
    ops[n++] = val;
    bool has_mask = v[3].kind != FV_UNDEF && v[3].kind != FV_NONE;
    if (has_mask) {
        int m = fe_value_to(F, pos, v[3], TDT_BOOL, &s, "mask");
        if (m < 0) return false;
        ops[n++] = m;
    }
    F->pos = pos;
    TileOp *op = fe_op(F, TOP_SCATTER, n, ops, NULL);
    if (!op) return false;
    op->array = v[0].u.array;
    op->has_mask = has_mask;
    if (v[4].kind == FV_BOOL) op->check_bounds = v[4].u.b;
    return fe_hint_args(F, pos, v[5], (FrontValue){.kind = FV_UNDEF}, op);
}

static bool fe_atomic(Front *F, AstPos pos, int intr, FrontArgs *a, FrontValue *out) {
    bool cas = intr == TI_ATOMIC_CAS;
    static const char *const rmw_names[] = {"array",        "indices",      "update",       "mask",
                                            "check_bounds", "memory_order", "memory_scope", NULL};
    static const char *const cas_names[] = {"array",        "indices",      "expected",
                                            "desired",      "mask",         "check_bounds",
                                            "memory_order", "memory_scope", NULL};
    static const char *const rmw_fnames[] = {"atomic_add", "atomic_max", "atomic_min", "atomic_and",
                                             "atomic_or",  "atomic_xor", "atomic_xchg"};
    const char *fname = cas ? "atomic_cas" : rmw_fnames[intr - TI_ATOMIC_ADD];
    FrontValue v[8];
    if (!fe_bind_args(F, pos, fname, a, cas ? cas_names : rmw_names, cas ? 4 : 3, cas ? 4 : 3, v))
        return false;
    if (!fe_require_array(F, pos, v[0], fname)) return false;
    const TileParam *p = &F->f->params[v[0].u.array];
    int ops[TILE_MAX_RANK + 3], n = p->rank;
    TileType s;
    if (!fe_index_tiles(F, pos, fname, v[1], p->rank, ops, &s)) return false;
    int nd = cas ? 2 : 1;
    for (int i = 0; i < nd; i++) {
        int x = fe_value_to(F, pos, v[2 + i], p->dtype, &s,
                            "Update is incompatible with array's dtype");
        if (x < 0) return false;
        ops[n++] = x;
    }
    int base = 2 + nd;
    bool has_mask = v[base].kind != FV_UNDEF && v[base].kind != FV_NONE;
    if (has_mask) {
        int m = fe_value_to(F, pos, v[base], TDT_BOOL, &s, "mask");
        if (m < 0) return false;
        ops[n++] = m;
    }
    int mo = 0, ms = 0;
    if (!fe_enum_arg(F, pos, v[base + 2], FE_ENUM_MEMORDER, "memory_order", TMO_ACQ_REL, &mo) ||
        !fe_enum_arg(F, pos, v[base + 3], FE_ENUM_MEMSCOPE, "memory_scope", TMS_DEVICE, &ms))
        return false;
    if (!cas && intr != TI_ATOMIC_XCHG) {
        bool bitwise = intr == TI_ATOMIC_AND || intr == TI_ATOMIC_OR || intr == TI_ATOMIC_XOR;
        if (bitwise && !tile_dtype_is_int(p->dtype))
            return fe_error(F, pos, TY_TYPE_ERROR, "%s needs an integer array, got %s",
                            intr == TI_ATOMIC_AND  ? "atomic_and"
                            : intr == TI_ATOMIC_OR ? "atomic_or"
                                                   : "atomic_xor",
                            tile_dtype_name(p->dtype));
        if (!bitwise && p->dtype == TDT_BOOL)
            return fe_error(F, pos, TY_TYPE_ERROR, "atomic arithmetic on a bool array");
    }
    F->pos = pos;
    TileType rt = s;
    rt.dtype = p->dtype;
    TileOp *op = fe_op(F, cas ? TOP_ATOMIC_CAS : TOP_ATOMIC_RMW, n, ops, &rt);
    if (!op) return false;
    op->array = v[0].u.array;
    op->has_mask = has_mask;
    op->memorder = (TileMemOrder)mo;
    op->memscope = (TileMemScope)ms;
    if (v[base + 1].kind == FV_BOOL) op->check_bounds = v[base + 1].u.b;
    switch (intr) {
    case TI_ATOMIC_ADD: op->sub = TR_SUM; break;
    case TI_ATOMIC_MAX: op->sub = TR_MAX; break;
    case TI_ATOMIC_MIN: op->sub = TR_MIN; break;
    case TI_ATOMIC_AND: op->sub = TR_AND; break;
    case TI_ATOMIC_OR: op->sub = TR_OR; break;
    case TI_ATOMIC_XOR: op->sub = TR_XOR; break;
    case TI_ATOMIC_XCHG: op->sub = TR_XCHG; break;
    default: break;
    }
    *out = fv_tile(op->result);
    return true;
}

/* ---------------------------------------------------------------- creation */

static bool fe_full(Front *F, AstPos pos, int intr, FrontArgs *a, FrontValue *out) {
    static const char *const full_names[] = {"shape", "fill_value", "dtype", NULL};
    static const char *const zo_names[] = {"shape", "dtype", NULL};
    FrontValue v[3];
    bool full = intr == TI_FULL;
    const char *fname = full ? "full" : intr == TI_ZEROS ? "zeros" : "ones";
    if (!fe_bind_args(F, pos, fname, a, full ? full_names : zo_names, full ? 2 : 1, full ? 3 : 2,
                      v))
        return false;
    int rank;
    int64_t shape[TILE_MAX_RANK];
    if (v[0].kind == FV_TUPLE && v[0].u.tuple.n == 0)
        rank = 0;
    else if (!fe_shape_arg(F, pos, v[0], "shape", &rank, shape))
        return false;
    FrontValue fill = full ? v[1] : fv_int(intr == TI_ZEROS ? 0 : 1);
    FrontValue dtv = full ? v[2] : v[1];
    TileDType dt;
    if (dtv.kind == FV_UNDEF || dtv.kind == FV_NONE) {
        if (fill.kind == FV_TILE)
            dt = fe_type(F, fill.u.value)->dtype;
        else if (fv_is_number(&fill))
            dt = fill.kind == FV_FLOAT ? TDT_FLOAT32 : fe_default_dtype(&fill);
        else
            return fe_error(F, pos, TY_TYPE_ERROR, "%s() missing required argument 'dtype'", fname);
    } else if (!fe_dtype_arg(F, pos, dtv, "dtype", &dt)) {
        return false;
    }
    F->pos = pos;
    TileType t = tile_type_make(dt, rank, shape);
    if (fill.kind == FV_TILE) {
        int x = fe_cast(F, fill.u.value, dt);
        if (x < 0) return false;
        if (fe_type(F, x)->rank != 0)
            return fe_error(F, pos, TY_TYPE_ERROR, "fill_value must be a scalar");
        x = fe_broadcast_to(F, pos, x, &t);
        if (x < 0) return false;
        *out = fv_tile(x);
        return true;
    }
    if (!fv_is_number(&fill))
        return fe_error(F, pos, TY_TYPE_ERROR, "fill_value must be a number or a scalar");
    int c = fe_materialize(F, pos, fill, dt, true);
    if (c < 0) return false;
    TileOp *cop = F->f->values[c].def;
    int r = fe_const(F, dt, rank, shape, cop->value);
    if (r < 0) return false;
    *out = fv_tile(r);
    return true;
}

static bool fe_arange(Front *F, AstPos pos, FrontArgs *a, FrontValue *out) {
    static const char *const names[] = {"size", "dtype", "start", "step", NULL};
    FrontValue v[4];
    if (!fe_bind_args(F, pos, "arange", a, names, 1, 1, v)) return false;
    int64_t n;
    if (!fe_int_const(F, pos, v[0], "size", &n)) return false;
    if (n <= 0) return fe_error(F, pos, TY_VALUE_ERROR, "arange() size must be positive");
    TileDType dt = TDT_INT32;
    if (v[1].kind != FV_UNDEF && v[1].kind != FV_NONE && !fe_dtype_arg(F, pos, v[1], "dtype", &dt))
        return false;
    FrontValue start = v[2].kind == FV_UNDEF ? fv_int(0) : v[2];
    FrontValue step = v[3].kind == FV_UNDEF ? fv_int(1) : v[3];
    F->pos = pos;
    TileType t = tile_type_make(dt, 1, &n);
    bool const_args = fv_is_number(&start) && step.kind == FV_INT;
    if (const_args) {
        TileOp *op = fe_op(F, TOP_IOTA, 0, NULL, &t);
        if (!op) return false;
        if (tile_dtype_is_float(dt))
            op->value.f = start.kind == FV_FLOAT ? start.u.f : (double)start.u.i;
        else
            op->value.i = start.kind == FV_FLOAT ? (int64_t)start.u.f : start.u.i;
        op->step = step.u.i;
        *out = fv_tile(op->result);
        return true;
    }
    /* run-time start or step: start + iota * step */
    TileOp *op = fe_op(F, TOP_IOTA, 0, NULL, &t);
    if (!op) return false;
    FrontValue r = fv_tile(op->result), m;
    if (!fe_elementwise_binary(F, pos, TB_MUL, r, step, &m)) return false;
    if (!fe_elementwise_binary(F, pos, TB_ADD, m, start, &r)) return false;
    int x = fe_cast(F, r.u.value, dt);
    if (x < 0) return false;
    *out = fv_tile(x);
    return true;
}

/* ---------------------------------------------------------------- debugging */

/* The printf conversion for a dtype, as ct.print picks it. */
static const char *fe_print_conv(TileDType dt) {
    if (tile_dtype_is_float(dt)) return "%f";
    if (tile_dtype_kind(dt) == 'u') return "%u";
    return "%d";
}

static bool fe_sb_add(Front *F, char **buf, size_t *len, size_t *cap, const char *s) {
    size_t n = strlen(s);
    if (*len + n + 1 > *cap) {
        size_t ncap = (*cap ? *cap * 2 : 64) + n;
        char *nb = fe_alloc(F, ncap);
        if (!nb) return false;
        if (*len) memcpy(nb, *buf, *len);
        *buf = nb;
        *cap = ncap;
    }
    memcpy(*buf + *len, s, n);
    *len += n;
    (*buf)[*len] = 0;
    return true;
}

/* An f-string field's format spec ("{x:.2f}") as a printf conversion body (".2f"): only
 * [flags][width][.precision] and one of the conversions printf allows. */
static bool fe_format_spec(Front *F, AstExpr *fs, char *out, size_t n) {
    size_t len = 0;
    const AstExprList *parts = fs->kind == EXPR_JOINEDSTR ? &fs->u.seq.elts : NULL;
    for (int i = 0; parts && i < parts->len; i++) {
        AstExpr *p = parts->items[i];
        if (p->kind != EXPR_CONSTANT || p->u.constant.kind != CONST_STR)
            return fe_error(F, fs->pos, TY_SYNTAX_ERROR,
                            "a format spec in ct.print must be a constant");
        if (len + p->u.constant.len + 1 >= n)
            return fe_error(F, fs->pos, TY_VALUE_ERROR, "format spec too long");
        memcpy(out + len, p->u.constant.str, p->u.constant.len);
        len += p->u.constant.len;
    }
    out[len] = 0;
    if (!len) return true;
    for (size_t i = 0; i + 1 < len; i++)
        if (!strchr("-+ #0123456789.", out[i]))
            return fe_error(F, fs->pos, TY_VALUE_ERROR, "unsupported format spec '%s' in ct.print",
                            out);
    if (!strchr("diuoxXeEfFgGaA", out[len - 1])) {
        if (!strchr("-+ #0123456789.", out[len - 1]))
            return fe_error(F, fs->pos, TY_VALUE_ERROR, "unsupported format spec '%s' in ct.print",
                            out);
        out[0] = 0; /* width/precision only: ct.print's own conversion */
    }
    return true;
}

/* ct.print(*args, sep=' ', end='\n'): strings, f-strings and tiles, into one PRINTF. */
static bool fe_print(Front *F, AstExpr *e) {
    char *fmt = NULL;
    size_t len = 0, cap = 0;
    int ops[64], nops = 0;
    const char *sep = " ", *end = "\n";
    for (int k = 0; k < e->u.call.nkeywords; k++) {
        AstKeyword *kw = &e->u.call.keywords[k];
        FrontValue v;
        if (!kw->arg || (strcmp(kw->arg, "sep") != 0 && strcmp(kw->arg, "end") != 0))
            return fe_error(F, kw->pos, TY_TYPE_ERROR,
                            "print() got an unexpected keyword argument");
        if (!fe_expr(F, kw->value, &v)) return false;
        if (v.kind != FV_STR)
            return fe_error(F, kw->pos, TY_TYPE_ERROR, "print(): %s must be a string constant",
                            kw->arg);
        if (kw->arg[0] == 's')
            sep = v.u.str.s;
        else
            end = v.u.str.s;
    }
    if (!fe_sb_add(F, &fmt, &len, &cap, "")) return false;
    for (int i = 0; i < e->u.call.args.len; i++) {
        AstExpr *x = e->u.call.args.items[i];
        if (i && !fe_sb_add(F, &fmt, &len, &cap, sep)) return false;
        AstExpr *one[1] = {x};
        AstExpr **parts = one;
        int nparts = 1;
        if (x->kind == EXPR_JOINEDSTR) {
            parts = x->u.seq.elts.items;
            nparts = x->u.seq.elts.len;
        }
        for (int p = 0; p < nparts; p++) {
            AstExpr *part = parts[p];
            char spec[32] = "";
            if (part->kind == EXPR_FORMATTED) {
                AstExpr *fs = part->u.formatted.format_spec;
                if (fs && !fe_format_spec(F, fs, spec, sizeof spec)) return false;
                part = part->u.formatted.value;
            }
            FrontValue v;
            if (!fe_expr(F, part, &v)) return false;
            char buf[64];
            if (v.kind == FV_STR) {
                /* literal text: escape % for printf */
                for (const char *s = v.u.str.s; *s; s++) {
                    char c[3] = {*s, *s == '%' ? '%' : 0, 0};
                    if (!fe_sb_add(F, &fmt, &len, &cap, c)) return false;
                }
                continue;
            }
            if (fv_is_number(&v) && v.kind != FV_FLOAT) {
                snprintf(buf, sizeof buf, "%lld", (long long)(v.kind == FV_INT ? v.u.i : v.u.b));
                if (!fe_sb_add(F, &fmt, &len, &cap, buf)) return false;
                continue;
            }
            if (v.kind == FV_DTYPE) {
                if (!fe_sb_add(F, &fmt, &len, &cap, tile_dtype_name(v.u.dtype))) return false;
                continue;
            }
            int val = fe_materialize(F, part->pos, v, -1, false);
            if (val < 0) return false;
            if (nops == 64) return fe_error(F, e->pos, TY_TYPE_ERROR, "too many print arguments");
            ops[nops++] = val;
            const char *conv = fe_print_conv(fe_type(F, val)->dtype);
            if (spec[0]) {
                snprintf(buf, sizeof buf, "%%%s", spec);
                conv = buf;
            }
            if (!fe_sb_add(F, &fmt, &len, &cap, conv)) return false;
        }
    }
    if (!fe_sb_add(F, &fmt, &len, &cap, end)) return false;
    F->pos = e->pos;
    TileOp *op = fe_op(F, TOP_PRINTF, nops, ops, NULL);
    if (!op) return false;
    op->text = fmt;
    return true;
}

/* Checks a printf format against its arguments: one conversion per argument, of the
 * specifiers cuTile allows ([diuoxXeEfFgGaA]); %% is literal. */
static bool fe_printf(Front *F, AstPos pos, FrontArgs *a) {
    if (a->argc < 1 || a->argv[0].kind != FV_STR)
        return fe_error(F, pos, TY_TYPE_ERROR, "printf() needs a format string constant first");
    if (a->nkw) return fe_error(F, pos, TY_TYPE_ERROR, "printf() takes no keyword arguments");
    const char *fmt = a->argv[0].u.str.s;
    int nconv = 0;
    for (const char *s = fmt; *s; s++) {
        if (*s != '%') continue;
        if (s[1] == '%') {
            s++;
            continue;
        }
        s++;
        while (*s && strchr("-+ #0123456789.hlLqjzt", *s))
            s++;
        if (!*s || !strchr("diuoxXeEfFgGaA", *s))
            return fe_error(F, pos, TY_VALUE_ERROR,
                            "printf(): unsupported conversion in format \"%s\" (only "
                            "%%[flags][width][.precision][length][diuoxXeEfFgGaA])",
                            fmt);
        nconv++;
    }
    if (nconv != a->argc - 1)
        return fe_error(F, pos, TY_TYPE_ERROR,
                        "printf(): the format has %d conversions but %d values were given", nconv,
                        a->argc - 1);
    int ops[64];
    if (a->argc - 1 > 64) return fe_error(F, pos, TY_TYPE_ERROR, "too many printf arguments");
    for (int i = 1; i < a->argc; i++) {
        ops[i - 1] = fe_materialize(F, a->argpos[i], a->argv[i], -1, false);
        if (ops[i - 1] < 0) return false;
    }
    F->pos = pos;
    TileOp *op = fe_op(F, TOP_PRINTF, a->argc - 1, ops, NULL);
    if (!op) return false;
    op->text = fmt;
    return true;
}

static bool fe_static_assert(Front *F, AstPos pos, FrontArgs *a) {
    if (a->argc < 1 || a->argc > 2)
        return fe_error(F, pos, TY_TYPE_ERROR, "static_assert() takes a condition and a message");
    int k = 0;
    if (!fe_truth_const(F, a->argv[0], &k)) return false;
    if (k < 0)
        return fe_error(F, pos, TY_TYPE_ERROR,
                        "static_assert() needs a compile-time condition, got a run-time value");
    if (!k) {
        const char *msg = a->argc == 2 && a->argv[1].kind == FV_STR ? a->argv[1].u.str.s
                                                                    : "static assertion failed";
        return fe_error(F, pos, TY_ASSERTION_ERROR, "%s", msg);
    }
    return true;
}

static bool fe_assume(Front *F, AstPos pos, FrontArgs *a, FrontValue *out) {
    static const char *const names[] = {"x", "divisor", NULL};
    FrontValue v[2];
    if (!fe_bind_args(F, pos, "assume_divisible_by", a, names, 2, 2, v)) return false;
    int64_t d;
    if (!fe_int_const(F, pos, v[1], "divisor", &d)) return false;
    if (d <= 0) return fe_error(F, pos, TY_VALUE_ERROR, "the divisor must be positive");
    if (v[0].kind == FV_INT) {
        if (v[0].u.i % d)
            return fe_error(F, pos, TY_VALUE_ERROR, "%lld is not divisible by %lld",
                            (long long)v[0].u.i, (long long)d);
        *out = v[0];
        return true;
    }
    if (v[0].kind == FV_ARRAY) {
        /* a promise about an array's base pointer: kept on the parameter */
        F->f->params[v[0].u.array].divisible_by = d;
        *out = v[0];
        return true;
    }
    int x = fe_index_scalar(F, pos, v[0], "assume_divisible_by()'s value");
    if (x < 0) return false;
    F->pos = pos;
    TileOp *op = fe_op(F, TOP_ASSUME, 1, &x, fe_type(F, x));
    if (!op) return false;
    op->divisor = d;
    *out = fv_tile(op->result);
    return true;
}

/* ---------------------------------------------------------------- dispatch */

bool fe_call_intrinsic(Front *F, AstPos pos, int intr, FrontArgs *a, FrontValue *out) {
    *out = fv_none();
    if (a->argc > 0 && a->argv[0].kind == FV_AVIEW) return fe_slice_call(F, pos, intr, a, out);
    switch (intr) {
    case TI_BID:
    case TI_NUM_BLOCKS: {
        static const char *const names[] = {"axis", NULL};
        FrontValue v[1];
        if (!fe_bind_args(F, pos, intr == TI_BID ? "bid" : "num_blocks", a, names, 1, 1, v))
            return false;
        int axis = 0;
        if (!fe_axis_arg(F, pos, intr == TI_BID ? "bid" : "num_blocks", v[0], &axis)) return false;
        F->pos = pos;
        TileType t = tile_type_scalar(TDT_INT32);
        TileOp *op = fe_op(F, intr == TI_BID ? TOP_BID : TOP_NUM_BLOCKS, 0, NULL, &t);
        if (!op) return false;
        op->axis = axis;
        *out = fv_tile(op->result);
        return true;
    }
    case TI_NUM_TILES: return fe_num_tiles(F, pos, a, out);
    case TI_LOAD: return fe_load(F, pos, a, out);
    case TI_STORE: return fe_store(F, pos, a);
    case TI_GATHER: return fe_gather(F, pos, a, out);
    case TI_SCATTER: return fe_scatter(F, pos, a);
    case TI_ATOMIC_ADD:
    case TI_ATOMIC_MAX:
    case TI_ATOMIC_MIN:
    case TI_ATOMIC_AND:
    case TI_ATOMIC_OR:
    case TI_ATOMIC_XOR:
    case TI_ATOMIC_XCHG:
    case TI_ATOMIC_CAS: return fe_atomic(F, pos, intr, a, out);
    case TI_FULL:
    case TI_ZEROS:
    case TI_ONES: return fe_full(F, pos, intr, a, out);
    case TI_ARANGE: return fe_arange(F, pos, a, out);
    case TI_PRINTF: return fe_printf(F, pos, a);
    case TI_STATIC_ASSERT: return fe_static_assert(F, pos, a);
    case TI_ENSURE_CONSTANT:
        if (a->argc != 1 || a->nkw)
            return fe_error(F, pos, TY_TYPE_ERROR, "ensure_constant() takes exactly one argument");
        if (fv_is_runtime(&a->argv[0]) || a->argv[0].kind == FV_ARRAY)
            return fe_error(F, pos, TY_TYPE_ERROR,
                            "Argument of ensure_constant() is not a compile-time constant");
        *out = a->argv[0];
        return true;
    case TI_ASSUME_DIVISIBLE_BY: return fe_assume(F, pos, a, out);
    case TI_LOAD_ADVANCED_INDEXING:
    case TI_STORE_ADVANCED_INDEXING: return fe_advanced_indexing(F, pos, intr, a, out);
    case TI_SLICE_CLASS: return fe_ct_slice(F, pos, a, out);
    case TI_PACK_TO_BYTES:
    case TI_UNPACK_FROM_BYTES: return fe_pack_bytes(F, pos, intr, a, out);
    case TI_GDC_WAIT:
    case TI_GDC_LAUNCH: return fe_grid_dependency(F, pos, intr, a, out);
    case TI_KERNEL:
    case TI_LAUNCH:
        return fe_error(F, pos, TY_TYPE_ERROR, "ct.%s() cannot be called inside a tile kernel",
                        intr == TI_KERNEL ? "kernel" : "launch");
    case TI_CONSTANT:
    case TI_CONSTANT_ANNOTATION:
    case TI_PADDING_MODE:
    case TI_MEMORY_ORDER:
    case TI_MEMORY_SCOPE:
    case TI_ROUNDING_MODE:
    case TI_DTYPE_CLASS:
        return fe_error(F, pos, TY_TYPE_ERROR,
                        "this tile-module class cannot be called in tile code");
    default: return fe_call_op(F, pos, intr, a, out);
    }
}

static bool fe_call_builtin(Front *F, AstPos pos, Value fn, FrontArgs *a, FrontValue *out,
                            bool *handled) {
    *handled = true;
    if (v_is(fn, F->builtin_min) || v_is(fn, F->builtin_max)) {
        bool is_max = v_is(fn, F->builtin_max);
        FrontValue *items = a->argv;
        int n = a->argc;
        if (n == 1 && items[0].kind == FV_TUPLE) {
            n = items[0].u.tuple.n;
            items = items[0].u.tuple.items;
        }
        if (n < 1 || a->nkw)
            return fe_error(F, pos, TY_TYPE_ERROR, "%s() in tile code takes positional values",
                            is_max ? "max" : "min");
        FrontValue acc = items[0];
        for (int i = 1; i < n; i++) {
            FrontValue b = items[i];
            if (fv_is_number(&acc) && fv_is_number(&b)) {
                FrontValue lt;
                if (!fe_compare(F, pos, CMP_LT, acc, b, &lt)) return false;
                if (lt.u.b == is_max) acc = b;
                continue;
            }
            /* on tiles: elementwise, as ct.maximum / ct.minimum */
            if (!fe_elementwise_binary(F, pos, is_max ? TB_MAX : TB_MIN, acc, b, &acc))
                return false;
        }
        *out = acc;
        return true;
    }
    if (v_is(fn, F->builtin_len)) {
        if (a->argc != 1) return fe_error(F, pos, TY_TYPE_ERROR, "len() takes one argument");
        FrontValue x = a->argv[0];
        if (x.kind == FV_TUPLE) return (*out = fv_int(x.u.tuple.n)), true;
        if (x.kind == FV_STR) return (*out = fv_int((int64_t)strlen(x.u.str.s))), true;
        if (x.kind == FV_TILE && fe_type(F, x.u.value)->rank > 0)
            return (*out = fv_int(fe_type(F, x.u.value)->shape[0])), true;
        return fe_error(F, pos, TY_TYPE_ERROR, "len() of this value is not known at compile time");
    }
    if (v_is(fn, F->builtin_abs)) {
        if (a->argc != 1) return fe_error(F, pos, TY_TYPE_ERROR, "abs() takes one argument");
        FrontValue x = a->argv[0];
        if (x.kind == FV_INT) return (*out = fv_int(x.u.i < 0 ? -x.u.i : x.u.i)), true;
        if (x.kind == FV_FLOAT) return (*out = fv_float(x.u.f < 0 ? -x.u.f : x.u.f)), true;
        return fe_elementwise_unary(F, pos, TU_ABS, x, out);
    }
    if (v_is(fn, F->builtin_int) || v_is(fn, F->builtin_float) || v_is(fn, F->builtin_bool)) {
        if (a->argc != 1) return fe_error(F, pos, TY_TYPE_ERROR, "a conversion takes one argument");
        FrontValue x = a->argv[0];
        bool to_int = v_is(fn, F->builtin_int), to_float = v_is(fn, F->builtin_float);
        if (fv_is_number(&x)) {
            double f = x.kind == FV_FLOAT ? x.u.f : x.kind == FV_INT ? (double)x.u.i : x.u.b;
            int64_t i = x.kind == FV_FLOAT ? (int64_t)x.u.f : x.kind == FV_INT ? x.u.i : x.u.b;
            *out = to_int ? fv_int(i) : to_float ? fv_float(f) : fv_bool(f != 0);
            return true;
        }
        if (x.kind == FV_STR && to_float) {
            /* float("inf"), float("-nan"), float("1.5"): Python's parse of a constant */
            char *end;
            const char *s = x.u.str.s;
            while (*s == ' ' || *s == '\t')
                s++;
            double f = strtod(s, &end);
            while (*end == ' ' || *end == '\t' || *end == '\n')
                end++;
            if (end == s || *end)
                return fe_error(F, pos, TY_VALUE_ERROR, "could not convert string to float: '%s'",
                                x.u.str.s);
            return (*out = fv_float(f)), true;
        }
        if (x.kind == FV_TILE && fe_type(F, x.u.value)->rank == 0) {
            TileDType dt = to_int ? TDT_INT32 : to_float ? TDT_FLOAT32 : TDT_BOOL;
            F->pos = pos;
            int r = fe_cast(F, x.u.value, dt);
            if (r < 0) return false;
            *out = fv_tile(r);
            return true;
        }
        return fe_error(F, pos, TY_TYPE_ERROR,
                        "int(), float() and bool() take scalars in tile code");
    }
    if (v_is(fn, F->builtin_divmod)) return fe_call_op(F, pos, TI_DIVMOD, a, out);
    if (v_is(fn, F->builtin_range))
        return fe_error(F, pos, TY_TYPE_ERROR,
                        "range() can only be iterated by a for loop in "
                        "tile code");
    if (v_is(fn, F->builtin_isinstance))
        return fe_error(F, pos, TY_TYPE_ERROR, "isinstance() is not supported in tile code");
    *handled = false;
    return true;
}

bool fe_call_value(Front *F, AstPos pos, FrontValue fn, FrontArgs *a, FrontValue *out) {
    switch (fn.kind) {
    case FV_HOST: {
        if (fn.u.host.intrinsic >= 0) return fe_call_intrinsic(F, pos, fn.u.host.intrinsic, a, out);
        Value obj = fn.u.host.obj;
        if (is_obj(obj) && as_obj(obj)->type->id == TY_FUNCTION)
            return fe_inline_call(F, pos, obj, a->argc, a->argv, a->nkw, a->kwnames, a->kwv, out);
        bool handled;
        if (!fe_call_builtin(F, pos, obj, a, out, &handled)) return false;
        if (handled) return true;
        /* a tile kernel called from a kernel: inline its function */
        Str *key = str_intern_cstr(F->I, "__wrapped__");
        Value w = key ? obj_getattr_opt(F->I, obj, key) : V_NULL;
        if (is_null(w)) err_clear(F->I);
        if (!is_null(w) && is_obj(w) && as_obj(w)->type->id == TY_FUNCTION)
            return fe_inline_call(F, pos, w, a->argc, a->argv, a->nkw, a->kwnames, a->kwv, out);
        if (is_obj(obj) && strcmp(type_name(F->I, obj), "ufunc") == 0) {
            /* np.exp and the other ufuncs are objects over a native function */
            Str *fk = str_intern_cstr(F->I, "_fn");
            Value fn = fk ? obj_getattr_opt(F->I, obj, fk) : V_NULL;
            if (is_null(fn))
                err_clear(F->I);
            else
                obj = fn;
        }
        if (is_obj(obj) && as_obj(obj)->type->id == TY_NATIVE_FUNC) {
            /* a host function: name it as the script would (gpu for the array module) */
            NativeFunc *nf = (NativeFunc *)as_obj(obj);
            const char *mod = nf->module && nf->module->name ? nf->module->name->data : NULL;
            if (mod && strcmp(mod, "numpy") == 0) mod = "gpu";
            if (mod && strcmp(mod, "builtins") == 0) mod = NULL;
            const char *fname = nf->name ? nf->name->data : "?";
            Value alt = V_NULL;
            if (F->host->tile_module && nf->name)
                alt = dict_get_str(F->host->tile_module->dict, nf->name);
            return fe_error(F, pos, TY_TYPE_ERROR, "%s%s%s cannot be called in a tile kernel%s%s",
                            mod ? mod : "", mod ? "." : "", fname, is_null(alt) ? "" : "; use ct.",
                            is_null(alt) ? "" : fname);
        }
        if (strcmp(type_name(F->I, obj), "ufunc") == 0) {
            /* a gpu (numpy) ufunc such as gpu.exp: named as the script spells it */
            Str *nk = str_intern_cstr(F->I, "__name__");
            Value nv = nk ? obj_getattr_opt(F->I, obj, nk) : V_NULL;
            if (is_null(nv)) err_clear(F->I);
            if (is_str(F->I, nv)) {
                Value alt = V_NULL;
                if (F->host->tile_module)
                    alt = dict_get_str(F->host->tile_module->dict, as_str(nv));
                return fe_error(F, pos, TY_TYPE_ERROR,
                                "gpu.%s cannot be called in a tile kernel%s%s", as_str(nv)->data,
                                is_null(alt) ? "" : "; use ct.",
                                is_null(alt) ? "" : as_str(nv)->data);
            }
        }
        return fe_error(F, pos, TY_TYPE_ERROR, "calling a %s object is not supported in tile code",
                        type_name(F->I, obj));
    }
    case FV_DTYPE: {
        /* ct.int16(5): a strictly typed constant; ct.float32(x): a cast */
        if (a->argc != 1 || a->nkw)
            return fe_error(F, pos, TY_TYPE_ERROR, "a dtype constructor takes one value");
        F->pos = pos;
        int r = fe_materialize(F, pos, a->argv[0], fn.u.dtype, true);
        if (r < 0) return false;
        *out = fv_tile(r);
        return true;
    }
    case FV_METHOD: return fe_call_method(F, pos, *fn.u.method.self, fn.u.method.name, a, out);
    default: {
        char buf[96];
        return fe_error(F, pos, TY_TYPE_ERROR, "%s is not callable",
                        fv_describe(F, &fn, buf, sizeof buf));
    }
    }
}

bool fe_call(Front *F, AstExpr *e, FrontValue *out) {
    FrontValue fn;
    if (!fe_expr(F, e->u.call.func, &fn)) return false;
    if (fn.kind == FV_HOST &&
        (fn.u.host.intrinsic == TI_PRINT || v_is(fn.u.host.obj, F->builtin_print)))
        return (*out = fv_none()), fe_print(F, e);
    if (fn.kind == FV_HOST && (fn.u.host.intrinsic == TI_REDUCE || fn.u.host.intrinsic == TI_SCAN))
        return fe_call_combiner(F, e, fn.u.host.intrinsic, out);
    if (fn.kind == FV_HOST &&
        (fn.u.host.intrinsic == TI_STATIC_EVAL || fn.u.host.intrinsic == TI_STATIC_ITER))
        return fe_static_eval(F, e, fn.u.host.intrinsic, out);
    FrontArgs a;
    if (!fe_eval_args(F, e, &a)) return false;
    return fe_call_value(F, e->pos, fn, &a, out);
}
