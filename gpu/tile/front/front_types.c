/* front_types.c: the front's type rules and the helpers that emit IR for them.
 *
 * cuTile's rules (its data model docs; the facts, not its code):
 * - Numeric constants are loosely typed until combined with a typed value: an int constant
 *   takes int32 (int64 if it needs it), a float constant float32, when they stand alone.
 * - Promotion of two operands: categories bool < integral < floating; the higher category's
 *   dtype wins; within one category a loosely typed constant takes the other operand's
 *   dtype; two typed operands promote by the table below, where signed with unsigned,
 *   float16 with bfloat16, and any tfloat32/float8 with anything else is an error asking
 *   for an explicit cast.
 * - Shapes broadcast as NumPy's (trailing dims aligned; 1 stretches). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "front_internal.h"

/* ---------------------------------------------------------------- values */

FrontValue fv_int(int64_t i) {
    FrontValue v;
    memset(&v, 0, sizeof v);
    v.kind = FV_INT;
    v.u.i = i;
    return v;
}
FrontValue fv_float(double f) {
    FrontValue v;
    memset(&v, 0, sizeof v);
    v.kind = FV_FLOAT;
    v.u.f = f;
    return v;
}
FrontValue fv_bool(bool b) {
    FrontValue v;
    memset(&v, 0, sizeof v);
    v.kind = FV_BOOL;
    v.u.b = b;
    return v;
}
FrontValue fv_none(void) {
    FrontValue v;
    memset(&v, 0, sizeof v);
    v.kind = FV_NONE;
    return v;
}
FrontValue fv_tile(int value) {
    FrontValue v;
    memset(&v, 0, sizeof v);
    v.kind = FV_TILE;
    v.u.value = value;
    return v;
}
FrontValue fv_dtype(TileDType dt) {
    FrontValue v;
    memset(&v, 0, sizeof v);
    v.kind = FV_DTYPE;
    v.u.dtype = dt;
    return v;
}

bool fv_is_number(const FrontValue *v) {
    return v->kind == FV_BOOL || v->kind == FV_INT || v->kind == FV_FLOAT;
}
bool fv_is_runtime(const FrontValue *v) {
    return v->kind == FV_TILE;
}

const TileType *fe_type(Front *F, int value) {
    return &F->f->values[value].type;
}

const char *fv_describe(Front *F, const FrontValue *v, char *buf, size_t n) {
    switch (v->kind) {
    case FV_UNDEF: snprintf(buf, n, "an unbound name"); break;
    case FV_NONE: snprintf(buf, n, "None"); break;
    case FV_BOOL: snprintf(buf, n, "the constant %s", v->u.b ? "True" : "False"); break;
    case FV_INT: snprintf(buf, n, "the constant %lld", (long long)v->u.i); break;
    case FV_FLOAT: snprintf(buf, n, "the constant %g", v->u.f); break;
    case FV_STR: snprintf(buf, n, "a string"); break;
    case FV_TUPLE: snprintf(buf, n, "a tuple of %d", v->u.tuple.n); break;
    case FV_TILE: tile_type_format(fe_type(F, v->u.value), buf, n); break;
    case FV_ARRAY:
        snprintf(buf, n, "array<%s,%d>", tile_dtype_name(F->f->params[v->u.array].dtype),
                 F->f->params[v->u.array].rank);
        break;
    case FV_DTYPE: snprintf(buf, n, "the dtype %s", tile_dtype_name(v->u.dtype)); break;
    case FV_ENUM: snprintf(buf, n, "an enum member"); break;
    case FV_HOST: snprintf(buf, n, "a %s object", type_name(F->I, v->u.host.obj)); break;
    case FV_METHOD: snprintf(buf, n, "the method %s", v->u.method.name); break;
    case FV_SLICE: snprintf(buf, n, "a slice"); break;
    case FV_CTSLICE: snprintf(buf, n, "a ct.Slice"); break;
    case FV_TVIEW: snprintf(buf, n, "a TiledView"); break;
    case FV_AVIEW: snprintf(buf, n, "an array slice"); break;
    }
    return buf;
}

/* ---------------------------------------------------------------- emission */

TileOp *fe_op(Front *F, TileOpKind kind, int nops, const int *ops, const TileType *rt) {
    TileOp *op = tile_op_new(F->f, F->region, kind, nops, ops, rt, F->pos.line, F->pos.col);
    if (!op) {
        fe_nomem(F);
        return NULL;
    }
    if (F->frame && F->frame->filename != F->f->filename &&
        strcmp(F->frame->filename, F->f->filename) != 0)
        op->file = F->frame->filename;
    return op;
}

int fe_const(Front *F, TileDType dt, int rank, const int64_t *shape, TileScalar v) {
    TileType t = tile_type_make(dt, rank, shape);
    TileOp *op = fe_op(F, TOP_CONST, 0, NULL, &t);
    if (!op) return -1;
    op->value = v;
    return op->result;
}

static TileScalar fe_scalar_of(const FrontValue *v, TileDType dt) {
    TileScalar s;
    s.i = 0;
    double f = v->kind == FV_FLOAT ? v->u.f : v->kind == FV_INT ? (double)v->u.i : v->u.b;
    int64_t i = v->kind == FV_INT ? v->u.i : v->kind == FV_BOOL ? v->u.b : (int64_t)v->u.f;
    switch (tile_dtype_kind(dt)) {
    case 'f': s.f = f; break;
    case 'b': s.i = v->kind == FV_FLOAT ? v->u.f != 0 : i != 0; break;
    case 'u': s.u = (uint64_t)i; break;
    default: s.i = i; break;
    }
    return s;
}

int fe_const_int(Front *F, TileDType dt, int64_t i) {
    FrontValue v = fv_int(i);
    return fe_const(F, dt, 0, NULL, fe_scalar_of(&v, dt));
}

TileDType fe_default_dtype(const FrontValue *v) {
    switch (v->kind) {
    case FV_BOOL: return TDT_BOOL;
    case FV_INT: return v->u.i >= INT32_MIN && v->u.i <= INT32_MAX ? TDT_INT32 : TDT_INT64;
    default: return TDT_FLOAT32;
    }
}

int fe_cast(Front *F, int value, TileDType dt) {
    const TileType *t = fe_type(F, value);
    if (t->dtype == dt) return value;
    TileType r = *t;
    r.dtype = dt;
    TileOp *op = fe_op(F, TOP_CAST, 1, &value, &r);
    return op ? op->result : -1;
}

static bool fe_int_fits(int64_t i, TileDType dt) {
    switch (dt) {
    case TDT_INT8: return i >= -128 && i <= 127;
    case TDT_INT16: return i >= -32768 && i <= 32767;
    case TDT_INT32: return i >= INT32_MIN && i <= INT32_MAX;
    case TDT_UINT8: return i >= 0 && i <= 255;
    case TDT_UINT16: return i >= 0 && i <= 65535;
    case TDT_UINT32: return i >= 0 && i <= (int64_t)UINT32_MAX;
    case TDT_UINT64: return i >= 0;
    default: return true;
    }
}

int fe_materialize(Front *F, AstPos pos, FrontValue v, int dt, bool explicit_cast) {
    if (v.kind == FV_TILE) return dt < 0 ? v.u.value : fe_cast(F, v.u.value, (TileDType)dt);
    if (!fv_is_number(&v)) {
        char buf[96];
        fe_error(F, pos, TY_TYPE_ERROR, "expected a tile or a number, got %s",
                 fv_describe(F, &v, buf, sizeof buf));
        return -1;
    }
    TileDType t = dt < 0 ? fe_default_dtype(&v) : (TileDType)dt;
    if (!explicit_cast) {
        if (v.kind == FV_FLOAT && !tile_dtype_is_float(t) && t != TDT_BOOL) {
            fe_error(F, pos, TY_TYPE_ERROR, "cannot implicitly convert the float constant %g to %s",
                     v.u.f, tile_dtype_name(t));
            return -1;
        }
        if (v.kind == FV_INT && tile_dtype_is_int(t) && !fe_int_fits(v.u.i, t)) {
            fe_error(F, pos, TY_TYPE_ERROR, "the integer constant %lld does not fit %s",
                     (long long)v.u.i, tile_dtype_name(t));
            return -1;
        }
    }
    return fe_const(F, t, 0, NULL, fe_scalar_of(&v, t));
}

/* ---------------------------------------------------------------- promotion */

static int fe_category(TileDType t) {
    char k = tile_dtype_kind(t);
    return k == 'b' ? 0 : k == 'f' ? 2 : 1;
}

static bool fe_restricted(TileDType t) {
    return t == TDT_TFLOAT32 || t == TDT_FLOAT8_E4M3FN || t == TDT_FLOAT8_E5M2;
}

static int fe_float_rank(TileDType t) {
    switch (t) {
    case TDT_FLOAT16:
    case TDT_BFLOAT16: return 0;
    case TDT_FLOAT32: return 1;
    default: return 2; /* float64 */
    }
}

int fe_promote_dtypes(Front *F, AstPos pos, TileDType a, TileDType b) {
    if (a == b) return a;
    bool bad = fe_restricted(a) || fe_restricted(b);
    int ca = fe_category(a), cb = fe_category(b);
    int r = -1;
    if (!bad) {
        if (ca != cb) {
            r = ca > cb ? a : b;
        } else if (ca == 1) {
            bool ua = tile_dtype_kind(a) == 'u', ub = tile_dtype_kind(b) == 'u';
            if (ua == ub) r = tile_dtype_size(a) >= tile_dtype_size(b) ? a : b;
        } else if (ca == 2) {
            int ra = fe_float_rank(a), rb = fe_float_rank(b);
            if (ra != rb) r = ra > rb ? a : b;
            /* float16 with bfloat16: no implicit promotion */
        }
    }
    if (r < 0)
        fe_error(F, pos, TY_TYPE_ERROR,
                 "Implicit promotion of %s and %s is not supported. Please perform an explicit "
                 "cast instead.",
                 tile_dtype_name(a), tile_dtype_name(b));
    return r;
}

int fe_promote(Front *F, AstPos pos, const FrontValue *a, const FrontValue *b, bool force_float) {
    bool wa = fv_is_number(a), wb = fv_is_number(b);
    TileDType ta = wa ? fe_default_dtype(a) : fe_type(F, a->u.value)->dtype;
    TileDType tb = wb ? fe_default_dtype(b) : fe_type(F, b->u.value)->dtype;
    int ca = fe_category(ta), cb = fe_category(tb);
    int r;
    if (ca > cb)
        r = ta;
    else if (cb > ca)
        r = tb;
    else if (wa && !wb)
        r = tb;
    else if (wb && !wa)
        r = ta;
    else
        r = fe_promote_dtypes(F, pos, ta, tb);
    if (r < 0) return -1;
    if (force_float && !tile_dtype_is_float((TileDType)r)) r = TDT_FLOAT32;
    return r;
}

/* ---------------------------------------------------------------- shapes */

static void fe_shape_text(const TileType *t, char *buf, size_t n) {
    size_t k = (size_t)snprintf(buf, n, "(");
    for (int i = 0; i < t->rank && k < n; i++)
        k += (size_t)snprintf(buf + k, n - k, "%s%lld", i ? ", " : "", (long long)t->shape[i]);
    if (k < n) snprintf(buf + k, n - k, t->rank == 1 ? ",)" : ")");
}

bool fe_broadcast_shapes(Front *F, AstPos pos, const TileType *a, const TileType *b,
                         TileType *out) {
    int rank = a->rank > b->rank ? a->rank : b->rank;
    *out = tile_type_scalar(a->dtype);
    out->rank = rank;
    for (int i = 0; i < rank; i++) {
        int ia = i - (rank - a->rank), ib = i - (rank - b->rank);
        int64_t da = ia >= 0 ? a->shape[ia] : 1, db = ib >= 0 ? b->shape[ib] : 1;
        if (da != db && da != 1 && db != 1) {
            char sa[128], sb[128];
            fe_shape_text(a, sa, sizeof sa);
            fe_shape_text(b, sb, sizeof sb);
            return fe_error(F, pos, TY_TYPE_ERROR, "shapes %s, %s are not broadcastable", sa, sb);
        }
        out->shape[i] = da == 1 ? db : da;
    }
    return true;
}

int fe_reshape(Front *F, int value, int rank, const int64_t *shape) {
    const TileType *t = fe_type(F, value);
    TileType r = tile_type_make(t->dtype, rank, shape);
    if (tile_type_same_shape(t, &r)) return value;
    TileOp *op = fe_op(F, TOP_RESHAPE, 1, &value, &r);
    return op ? op->result : -1;
}

int fe_broadcast_to(Front *F, AstPos pos, int value, const TileType *t) {
    const TileType *x = fe_type(F, value);
    if (tile_type_same_shape(x, t)) return value;
    if (x->rank > t->rank) {
        char sa[128], sb[128];
        fe_shape_text(x, sa, sizeof sa);
        fe_shape_text(t, sb, sizeof sb);
        fe_error(F, pos, TY_TYPE_ERROR, "shape %s cannot be broadcast to %s", sa, sb);
        return -1;
    }
    int v = value;
    if (x->rank != 0 && x->rank < t->rank) {
        int64_t shape[TILE_MAX_RANK];
        int pad = t->rank - x->rank;
        for (int i = 0; i < t->rank; i++)
            shape[i] = i < pad ? 1 : x->shape[i - pad];
        v = fe_reshape(F, value, t->rank, shape);
        if (v < 0) return -1;
    }
    x = fe_type(F, v);
    for (int i = 0; i < x->rank; i++)
        if (x->shape[i] != 1 && x->shape[i] != t->shape[i]) {
            char sa[128], sb[128];
            fe_shape_text(x, sa, sizeof sa);
            fe_shape_text(t, sb, sizeof sb);
            fe_error(F, pos, TY_TYPE_ERROR, "shape %s cannot be broadcast to %s", sa, sb);
            return -1;
        }
    TileType r = *t;
    r.dtype = x->dtype;
    TileOp *op = fe_op(F, TOP_BROADCAST, 1, &v, &r);
    return op ? op->result : -1;
}

bool fe_unify(Front *F, AstPos pos, FrontValue a, FrontValue b, bool force_float, int *ra,
              int *rb) {
    if (!fv_is_runtime(&a) && !fv_is_number(&a)) {
        char buf[96];
        return fe_error(F, pos, TY_TYPE_ERROR, "unsupported operand: %s",
                        fv_describe(F, &a, buf, sizeof buf));
    }
    if (!fv_is_runtime(&b) && !fv_is_number(&b)) {
        char buf[96];
        return fe_error(F, pos, TY_TYPE_ERROR, "unsupported operand: %s",
                        fv_describe(F, &b, buf, sizeof buf));
    }
    int dt = fe_promote(F, pos, &a, &b, force_float);
    if (dt < 0) return false;
    int va = fe_materialize(F, pos, a, dt, false);
    if (va < 0) return false;
    int vb = fe_materialize(F, pos, b, dt, false);
    if (vb < 0) return false;
    TileType shape;
    if (!fe_broadcast_shapes(F, pos, fe_type(F, va), fe_type(F, vb), &shape)) return false;
    shape.dtype = (TileDType)dt;
    va = fe_broadcast_to(F, pos, va, &shape);
    if (va < 0) return false;
    vb = fe_broadcast_to(F, pos, vb, &shape);
    if (vb < 0) return false;
    *ra = va;
    *rb = vb;
    return true;
}

/* ---------------------------------------------------------------- argument helpers */

bool fe_dtype_arg(Front *F, AstPos pos, FrontValue v, const char *what, TileDType *out) {
    if (v.kind == FV_DTYPE) {
        *out = v.u.dtype;
        return true;
    }
    if (v.kind == FV_HOST) {
        /* Python's int/float/bool as dtypes, as NumPy accepts them */
        if (v_is(v.u.host.obj, F->builtin_int)) return (*out = TDT_INT64), true;
        if (v_is(v.u.host.obj, F->builtin_float)) return (*out = TDT_FLOAT64), true;
        if (v_is(v.u.host.obj, F->builtin_bool)) return (*out = TDT_BOOL), true;
    }
    char buf[96];
    return fe_error(F, pos, TY_TYPE_ERROR, "%s must be a dtype (such as ct.float32), got %s", what,
                    fv_describe(F, &v, buf, sizeof buf));
}

bool fe_int_const(Front *F, AstPos pos, FrontValue v, const char *what, int64_t *out) {
    if (v.kind == FV_INT || v.kind == FV_BOOL) {
        *out = v.kind == FV_INT ? v.u.i : v.u.b;
        return true;
    }
    if (v.kind == FV_TILE)
        return fe_error(F, pos, TY_TYPE_ERROR,
                        "%s must be a compile-time constant (a ct.Constant parameter or a "
                        "literal), got a run-time value",
                        what);
    char buf[96];
    return fe_error(F, pos, TY_TYPE_ERROR, "%s must be a compile-time integer constant, got %s",
                    what, fv_describe(F, &v, buf, sizeof buf));
}

bool fe_shape_arg(Front *F, AstPos pos, FrontValue v, const char *what, int *rank, int64_t *shape) {
    if (v.kind == FV_INT) {
        *rank = 1;
        shape[0] = v.u.i;
    } else if (v.kind == FV_TUPLE) {
        if (v.u.tuple.n > TILE_MAX_RANK)
            return fe_error(F, pos, TY_TYPE_ERROR, "%s has more than %d dimensions", what,
                            TILE_MAX_RANK);
        *rank = v.u.tuple.n;
        for (int i = 0; i < v.u.tuple.n; i++)
            if (!fe_int_const(F, pos, v.u.tuple.items[i], what, &shape[i])) return false;
    } else if (v.kind == FV_TILE) {
        return fe_int_const(F, pos, v, what, &shape[0]);
    } else {
        char buf[96];
        return fe_error(F, pos, TY_TYPE_ERROR,
                        "%s must be a tuple of compile-time integer constants, got %s", what,
                        fv_describe(F, &v, buf, sizeof buf));
    }
    int64_t numel = 1;
    for (int i = 0; i < *rank; i++) {
        if (shape[i] <= 0)
            return fe_error(F, pos, TY_TYPE_ERROR,
                            "%s: dimension %d is %lld; tile dimensions must be positive", what, i,
                            (long long)shape[i]);
        if (shape[i] > FE_MAX_TILE_ELEMENTS || (numel *= shape[i]) > FE_MAX_TILE_ELEMENTS)
            return fe_error(F, pos, TY_VALUE_ERROR,
                            "%s: a tile of more than %d elements is too large for one block", what,
                            FE_MAX_TILE_ELEMENTS);
    }
    return true;
}

int fe_index_scalar(Front *F, AstPos pos, FrontValue v, const char *what) {
    if (v.kind == FV_INT || v.kind == FV_BOOL) return fe_materialize(F, pos, v, -1, false);
    if (v.kind == FV_TILE) {
        const TileType *t = fe_type(F, v.u.value);
        if (t->rank == 0 && tile_dtype_is_int(t->dtype)) return v.u.value;
        if (t->rank == 0 && t->dtype == TDT_BOOL) return fe_cast(F, v.u.value, TDT_INT32);
    }
    char buf[96];
    fe_error(F, pos, TY_TYPE_ERROR, "%s must be an integer scalar, got %s", what,
             fv_describe(F, &v, buf, sizeof buf));
    return -1;
}
