/* front_expr.c: expressions: constants, names, tuples, operators (folded when both sides
 * are compile-time values, with Python's semantics; IR ops otherwise), comparisons,
 * boolean operators, conditional expressions, attributes and subscripts.
 *
 * Python's operators on tiles follow cuTile: `+ - * / // % **` elementwise with promotion
 * and broadcasting, `@` a matmul, comparisons elementwise to bool, `& | ^ ~ << >>` on ints
 * and bools; `and`/`or`/`not` only on scalars (a tile has no single truth value). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "front_internal.h"

/* ---------------------------------------------------------------- folding */

static int64_t fe_floordiv_i(int64_t a, int64_t b) {
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
    return q;
}
static int64_t fe_mod_i(int64_t a, int64_t b) {
    int64_t r = a % b;
    if (r != 0 && ((r < 0) != (b < 0))) r += b;
    return r;
}

static bool fe_fold_binop(Front *F, AstPos pos, int op, FrontValue a, FrontValue b,
                          FrontValue *out) {
    bool fl = a.kind == FV_FLOAT || b.kind == FV_FLOAT;
    int64_t ia = a.kind == FV_INT ? a.u.i : a.kind == FV_BOOL ? a.u.b : 0;
    int64_t ib = b.kind == FV_INT ? b.u.i : b.kind == FV_BOOL ? b.u.b : 0;
    double fa = a.kind == FV_FLOAT ? a.u.f : (double)ia;
    double fb = b.kind == FV_FLOAT ? b.u.f : (double)ib;
    bool both_bool = a.kind == FV_BOOL && b.kind == FV_BOOL;
    switch (op) {
    case BIN_ADD: *out = fl ? fv_float(fa + fb) : fv_int(ia + ib); return true;
    case BIN_SUB: *out = fl ? fv_float(fa - fb) : fv_int(ia - ib); return true;
    case BIN_MUL: *out = fl ? fv_float(fa * fb) : fv_int(ia * ib); return true;
    case BIN_TRUEDIV:
        if (fb == 0) return fe_error(F, pos, TY_ZERO_DIVISION_ERROR, "division by zero");
        *out = fv_float(fa / fb);
        return true;
    case BIN_FLOORDIV:
        if (fl ? fb == 0 : ib == 0)
            return fe_error(F, pos, TY_ZERO_DIVISION_ERROR, "integer division or modulo by zero");
        *out = fl ? fv_float(floor(fa / fb)) : fv_int(fe_floordiv_i(ia, ib));
        return true;
    case BIN_MOD:
        if (fl ? fb == 0 : ib == 0)
            return fe_error(F, pos, TY_ZERO_DIVISION_ERROR, "integer division or modulo by zero");
        if (fl) {
            double r = fmod(fa, fb);
            if (r != 0 && ((r < 0) != (fb < 0))) r += fb;
            *out = fv_float(r);
        } else {
            *out = fv_int(fe_mod_i(ia, ib));
        }
        return true;
    case BIN_POW:
        if (!fl && ib >= 0) {
            int64_t r = 1;
            for (int64_t k = 0; k < ib; k++)
                r *= ia;
            *out = fv_int(r);
        } else {
            *out = fv_float(pow(fa, fb));
        }
        return true;
    case BIN_LSHIFT:
    case BIN_RSHIFT:
    case BIN_AND:
    case BIN_OR:
    case BIN_XOR:
        if (fl)
            return fe_error(F, pos, TY_TYPE_ERROR,
                            "unsupported operand type(s) for a bitwise "
                            "operator: float");
        if (op == BIN_LSHIFT || op == BIN_RSHIFT) {
            if (ib < 0) return fe_error(F, pos, TY_VALUE_ERROR, "negative shift count");
            *out = fv_int(op == BIN_LSHIFT ? (ib > 63 ? 0 : ia << ib)
                                           : (ib > 63 ? (ia < 0 ? -1 : 0) : ia >> ib));
            return true;
        }
        {
            int64_t r = op == BIN_AND ? (ia & ib) : op == BIN_OR ? (ia | ib) : (ia ^ ib);
            *out = both_bool ? fv_bool(r != 0) : fv_int(r);
        }
        return true;
    default: return fe_error(F, pos, TY_TYPE_ERROR, "unsupported operator on constants");
    }
}

static bool fe_tuple_new(Front *F, int n, FrontValue *out) {
    memset(out, 0, sizeof *out);
    out->kind = FV_TUPLE;
    out->u.tuple.n = n;
    out->u.tuple.items = n ? fe_alloc(F, sizeof(FrontValue) * (size_t)n) : NULL;
    return !n || out->u.tuple.items;
}

bool fe_binop(Front *F, AstPos pos, int op, FrontValue a, FrontValue b, FrontValue *out) {
    F->pos = pos;
    if (fv_is_number(&a) && fv_is_number(&b)) return fe_fold_binop(F, pos, op, a, b, out);
    if (a.kind == FV_TUPLE && b.kind == FV_TUPLE && op == BIN_ADD) {
        if (!fe_tuple_new(F, a.u.tuple.n + b.u.tuple.n, out)) return false;
        for (int i = 0; i < a.u.tuple.n; i++)
            out->u.tuple.items[i] = a.u.tuple.items[i];
        for (int i = 0; i < b.u.tuple.n; i++)
            out->u.tuple.items[a.u.tuple.n + i] = b.u.tuple.items[i];
        return true;
    }
    if (op == BIN_MUL &&
        ((a.kind == FV_TUPLE && b.kind == FV_INT) || (a.kind == FV_INT && b.kind == FV_TUPLE))) {
        FrontValue t = a.kind == FV_TUPLE ? a : b;
        int64_t k = a.kind == FV_INT ? a.u.i : b.u.i;
        if (k < 0) k = 0;
        if (k * t.u.tuple.n > 1024) return fe_error(F, pos, TY_VALUE_ERROR, "tuple too long");
        if (!fe_tuple_new(F, (int)(k * t.u.tuple.n), out)) return false;
        for (int64_t r = 0; r < k; r++)
            for (int i = 0; i < t.u.tuple.n; i++)
                out->u.tuple.items[r * t.u.tuple.n + i] = t.u.tuple.items[i];
        return true;
    }
    if (op == BIN_MATMUL) return fe_matmul(F, pos, a, b, out);
    TileBinop bop;
    switch (op) {
    case BIN_ADD: bop = TB_ADD; break;
    case BIN_SUB: bop = TB_SUB; break;
    case BIN_MUL: bop = TB_MUL; break;
    case BIN_TRUEDIV: bop = TB_TRUEDIV; break;
    case BIN_FLOORDIV: bop = TB_FLOORDIV; break;
    case BIN_MOD: bop = TB_MOD; break;
    case BIN_POW: bop = TB_POW; break;
    case BIN_LSHIFT: bop = TB_SHL; break;
    case BIN_RSHIFT: bop = TB_SHR; break;
    case BIN_AND: bop = TB_AND; break;
    case BIN_OR: bop = TB_OR; break;
    case BIN_XOR: bop = TB_XOR; break;
    default: return fe_error(F, pos, TY_TYPE_ERROR, "unsupported operator in tile code");
    }
    return fe_elementwise_binary(F, pos, bop, a, b, out);
}

/* ---------------------------------------------------------------- comparisons */

static bool fe_fold_compare(Front *F, AstPos pos, int op, FrontValue a, FrontValue b,
                            FrontValue *out) {
    if (fv_is_number(&a) && fv_is_number(&b)) {
        bool fl = a.kind == FV_FLOAT || b.kind == FV_FLOAT;
        int64_t ia = a.kind == FV_INT ? a.u.i : a.kind == FV_BOOL ? a.u.b : 0;
        int64_t ib = b.kind == FV_INT ? b.u.i : b.kind == FV_BOOL ? b.u.b : 0;
        double fa = a.kind == FV_FLOAT ? a.u.f : (double)ia;
        double fb = b.kind == FV_FLOAT ? b.u.f : (double)ib;
        int c = fl ? (fa < fb    ? -1
                      : fa > fb  ? 1
                      : fa == fb ? 0
                                 : 2)
                   : (ia < ib   ? -1
                      : ia > ib ? 1
                                : 0);
        bool r;
        switch (op) {
        case CMP_EQ: r = c == 0; break;
        case CMP_NE: r = c != 0; break;
        case CMP_LT: r = c == -1; break;
        case CMP_LE: r = c == -1 || c == 0; break;
        case CMP_GT: r = c == 1; break;
        default: r = c == 1 || c == 0; break;
        }
        *out = fv_bool(r);
        return true;
    }
    if (op == CMP_EQ || op == CMP_NE) {
        /* dtypes, None, strings, enum members: compile-time equality */
        bool eq =
            a.kind == b.kind && a.kind != FV_TILE && a.kind != FV_TUPLE &&
            ((a.kind == FV_DTYPE && a.u.dtype == b.u.dtype) || a.kind == FV_NONE ||
             (a.kind == FV_STR && strcmp(a.u.str.s, b.u.str.s) == 0) ||
             (a.kind == FV_ENUM && a.u.en.kind == b.u.en.kind && a.u.en.value == b.u.en.value) ||
             (a.kind == FV_HOST && v_is(a.u.host.obj, b.u.host.obj)));
        if (a.kind == FV_TUPLE && b.kind == FV_TUPLE) {
            eq = a.u.tuple.n == b.u.tuple.n;
            for (int i = 0; eq && i < a.u.tuple.n; i++) {
                FrontValue r;
                if (!fe_fold_compare(F, pos, CMP_EQ, a.u.tuple.items[i], b.u.tuple.items[i], &r))
                    return false;
                eq = r.kind == FV_BOOL && r.u.b;
            }
        }
        *out = fv_bool(op == CMP_EQ ? eq : !eq);
        return true;
    }
    return fe_error(F, pos, TY_TYPE_ERROR, "unsupported comparison of compile-time values");
}

bool fe_compare(Front *F, AstPos pos, int op, FrontValue a, FrontValue b, FrontValue *out) {
    F->pos = pos;
    if (op == AST_IS || op == AST_ISNOT) {
        if (a.kind == FV_TILE || b.kind == FV_TILE) {
            /* a tile is never None, and identity of tiles is not meaningful */
            bool same = a.kind == FV_TILE && b.kind == FV_TILE && a.u.value == b.u.value;
            *out = fv_bool(op == AST_IS ? same : !same);
            return true;
        }
        FrontValue r;
        if (!fe_fold_compare(F, pos, CMP_EQ, a, b, &r)) return false;
        *out = fv_bool(op == AST_IS ? r.u.b : !r.u.b);
        return true;
    }
    if (op == AST_IN || op == AST_NOTIN) {
        if (b.kind != FV_TUPLE)
            return fe_error(F, pos, TY_TYPE_ERROR, "'in' in tile code needs a compile-time tuple");
        bool found = false;
        for (int i = 0; i < b.u.tuple.n && !found; i++) {
            FrontValue r;
            if (a.kind == FV_TILE || b.u.tuple.items[i].kind == FV_TILE)
                return fe_error(F, pos, TY_TYPE_ERROR,
                                "'in' in tile code needs compile-time values");
            if (!fe_fold_compare(F, pos, CMP_EQ, a, b.u.tuple.items[i], &r)) return false;
            found = r.u.b;
        }
        *out = fv_bool(op == AST_IN ? found : !found);
        return true;
    }
    if (a.kind != FV_TILE && b.kind != FV_TILE) return fe_fold_compare(F, pos, op, a, b, out);
    TileCmpop c;
    switch (op) {
    case CMP_EQ: c = TC_EQ; break;
    case CMP_NE: c = TC_NE; break;
    case CMP_LT: c = TC_LT; break;
    case CMP_LE: c = TC_LE; break;
    case CMP_GT: c = TC_GT; break;
    default: c = TC_GE; break;
    }
    return fe_elementwise_compare(F, pos, c, a, b, out);
}

/* ---------------------------------------------------------------- truth and logic */

bool fe_truth_const(Front *F, FrontValue v, int *out) {
    switch (v.kind) {
    case FV_NONE: *out = 0; return true;
    case FV_BOOL: *out = v.u.b; return true;
    case FV_INT: *out = v.u.i != 0; return true;
    case FV_FLOAT: *out = v.u.f != 0; return true;
    case FV_STR: *out = v.u.str.s[0] != 0; return true;
    case FV_TUPLE: *out = v.u.tuple.n != 0; return true;
    case FV_TILE: *out = -1; return true;
    case FV_UNDEF: return fe_error(F, F->pos, TY_NAME_ERROR, "unbound name");
    default: *out = 1; return true;
    }
}

/* v as a bool scalar run-time value (for and/or/not on scalars). */
static int fe_scalar_bool(Front *F, AstPos pos, FrontValue v) {
    if (v.kind != FV_TILE) {
        int k = 0;
        if (!fe_truth_const(F, v, &k)) return -1;
        return fe_materialize(F, pos, fv_bool(k > 0), TDT_BOOL, true);
    }
    const TileType *t = fe_type(F, v.u.value);
    if (t->rank != 0) {
        fe_error(F, pos, TY_TYPE_ERROR,
                 "the truth value of a tile is ambiguous: 'and', 'or' and 'not' take scalars; "
                 "use &, | and ~ for elementwise logic");
        return -1;
    }
    if (t->dtype == TDT_BOOL) return v.u.value;
    FrontValue r;
    if (!fe_elementwise_compare(F, pos, TC_NE, v, fv_int(0), &r)) return -1;
    return r.u.value;
}

static bool fe_boolop(Front *F, AstExpr *e, FrontValue *out) {
    bool is_and = e->u.boolop.op == AST_AND;
    FrontValue acc;
    int runtime = -1; /* the run-time bool so far, -1 none */
    for (int i = 0; i < e->u.boolop.values.len; i++) {
        FrontValue v;
        if (!fe_expr(F, e->u.boolop.values.items[i], &v)) return false;
        int k = 0;
        if (!fe_truth_const(F, v, &k)) return false;
        if (k >= 0 && runtime < 0) {
            /* Python's short circuit on compile-time values */
            acc = v;
            if ((is_and && !k) || (!is_and && k)) {
                *out = acc;
                return true;
            }
            continue;
        }
        if (k >= 0) {
            if ((is_and && !k) || (!is_and && k)) {
                /* the result no longer depends on what came before */
                *out = fv_bool(k > 0);
                return true;
            }
            continue;
        }
        int b = fe_scalar_bool(F, e->pos, v);
        if (b < 0) return false;
        if (runtime < 0) {
            runtime = b;
        } else {
            int ops[2] = {runtime, b};
            F->pos = e->pos;
            TileType bt = tile_type_scalar(TDT_BOOL);
            TileOp *op = fe_op(F, TOP_BINARY, 2, ops, &bt);
            if (!op) return false;
            op->sub = is_and ? TB_AND : TB_OR;
            runtime = op->result;
        }
    }
    *out = runtime >= 0 ? fv_tile(runtime) : acc;
    return true;
}

static bool fe_unary(Front *F, AstExpr *e, FrontValue *out) {
    FrontValue x;
    if (!fe_expr(F, e->u.unary.operand, &x)) return false;
    F->pos = e->pos;
    switch (e->u.unary.op) {
    case AST_UADD:
        if (!fv_is_number(&x) && x.kind != FV_TILE)
            return fe_error(F, e->pos, TY_TYPE_ERROR, "bad operand for unary +");
        *out = x.kind == FV_BOOL ? fv_int(x.u.b) : x;
        return true;
    case AST_USUB:
        if (x.kind == FV_INT || x.kind == FV_BOOL)
            return (*out = fv_int(-(x.kind == FV_INT ? x.u.i : x.u.b))), true;
        if (x.kind == FV_FLOAT) return (*out = fv_float(-x.u.f)), true;
        return fe_elementwise_unary(F, e->pos, TU_NEG, x, out);
    case AST_INVERT:
        if (x.kind == FV_INT || x.kind == FV_BOOL)
            return (*out = fv_int(~(x.kind == FV_INT ? x.u.i : (int64_t)x.u.b))), true;
        return fe_elementwise_unary(F, e->pos, TU_INVERT, x, out);
    case AST_NOT: {
        int k = 0;
        if (!fe_truth_const(F, x, &k)) return false;
        if (k >= 0) return (*out = fv_bool(!k)), true;
        int b = fe_scalar_bool(F, e->pos, x);
        if (b < 0) return false;
        TileType bt = tile_type_scalar(TDT_BOOL);
        TileOp *op = fe_op(F, TOP_UNARY, 1, &b, &bt);
        if (!op) return false;
        op->sub = TU_NOT;
        *out = fv_tile(op->result);
        return true;
    }
    }
    return fe_error(F, e->pos, TY_TYPE_ERROR, "unsupported unary operator");
}

static bool fe_compare_chain(Front *F, AstExpr *e, FrontValue *out) {
    FrontValue left;
    if (!fe_expr(F, e->u.compare.left, &left)) return false;
    FrontValue acc = fv_bool(true);
    int runtime = -1;
    for (int i = 0; i < e->u.compare.comparators.len; i++) {
        FrontValue right, r;
        if (!fe_expr(F, e->u.compare.comparators.items[i], &right)) return false;
        if (!fe_compare(F, e->pos, e->u.compare.ops[i], left, right, &r)) return false;
        if (e->u.compare.comparators.len == 1) {
            *out = r;
            return true;
        }
        if (r.kind == FV_TILE) {
            if (fe_type(F, r.u.value)->rank != 0)
                return fe_error(F, e->pos, TY_TYPE_ERROR,
                                "chained comparisons of tiles are ambiguous; combine them with &");
            if (runtime < 0) {
                runtime = r.u.value;
            } else {
                int ops[2] = {runtime, r.u.value};
                TileType bt = tile_type_scalar(TDT_BOOL);
                TileOp *op = fe_op(F, TOP_BINARY, 2, ops, &bt);
                if (!op) return false;
                op->sub = TB_AND;
                runtime = op->result;
            }
        } else if (!r.u.b) {
            *out = fv_bool(false);
            return true;
        }
        left = right;
    }
    *out = runtime >= 0 ? fv_tile(runtime) : acc;
    return true;
}

static bool fe_ifexp(Front *F, AstExpr *e, FrontValue *out) {
    FrontValue c;
    if (!fe_expr(F, e->u.ifexp.test, &c)) return false;
    int k = 0;
    if (!fe_truth_const(F, c, &k)) return false;
    if (k >= 0) return fe_expr(F, k ? e->u.ifexp.body : e->u.ifexp.orelse, out);
    FrontValue a, b;
    if (!fe_expr(F, e->u.ifexp.body, &a) || !fe_expr(F, e->u.ifexp.orelse, &b)) return false;
    int cond = fe_scalar_bool(F, e->pos, c);
    if (cond < 0) return false;
    int va, vb;
    F->pos = e->pos;
    if (!fe_unify(F, e->pos, a, b, false, &va, &vb)) return false;
    int vc = fe_broadcast_to(F, e->pos, cond, fe_type(F, va));
    if (vc < 0) return false;
    int ops[3] = {vc, va, vb};
    TileType t = *fe_type(F, va);
    TileOp *op = fe_op(F, TOP_SELECT, 3, ops, &t);
    if (!op) return false;
    *out = fv_tile(op->result);
    return true;
}

/* ---------------------------------------------------------------- attributes */

static bool fe_tuple_of_ints(Front *F, const TileType *t, FrontValue *out) {
    if (!fe_tuple_new(F, t->rank, out)) return false;
    for (int i = 0; i < t->rank; i++)
        out->u.tuple.items[i] = fv_int(t->shape[i]);
    return true;
}

static bool fe_method(Front *F, FrontValue self, const char *name, FrontValue *out) {
    memset(out, 0, sizeof *out);
    out->kind = FV_METHOD;
    out->u.method.self = fe_alloc(F, sizeof(FrontValue));
    if (!out->u.method.self) return false;
    *out->u.method.self = self;
    out->u.method.name = name;
    return true;
}

bool fe_getattr(Front *F, AstPos pos, FrontValue obj, const char *name, FrontValue *out) {
    F->pos = pos;
    switch (obj.kind) {
    case FV_HOST: {
        Str *key = str_intern_cstr(F->I, name);
        if (!key) return false;
        Value v = obj_getattr(F->I, obj.u.host.obj, key);
        if (is_null(v)) {
            Obj *exc = err_fetch(F->I);
            (void)exc;
            return fe_error(F, pos, TY_ATTRIBUTE_ERROR, "'%s' object has no attribute '%s'",
                            type_name(F->I, obj.u.host.obj), name);
        }
        return fe_from_host(F, pos, v, out);
    }
    case FV_TILE:
    case FV_INT:
    case FV_FLOAT:
    case FV_BOOL: {
        TileType t;
        if (obj.kind == FV_TILE)
            t = *fe_type(F, obj.u.value);
        else
            t = tile_type_scalar(fe_default_dtype(&obj));
        if (strcmp(name, "shape") == 0) return fe_tuple_of_ints(F, &t, out);
        if (strcmp(name, "dtype") == 0) return (*out = fv_dtype(t.dtype)), true;
        if (strcmp(name, "ndim") == 0) return (*out = fv_int(t.rank)), true;
        if (strcmp(name, "size") == 0) return (*out = fv_int(tile_type_numel(&t))), true;
        if (obj.kind != FV_TILE)
            return fe_error(F, pos, TY_ATTRIBUTE_ERROR, "a constant has no attribute '%s'", name);
        if (strcmp(name, "T") == 0) {
            FrontValue none = fv_none();
            return fe_permute_call(F, pos, obj, none, out);
        }
        static const char *const methods[] = {
            "astype", "reshape",     "permute", "transpose", "sum",     "max",     "min",
            "prod",   "argmax",      "argmin",  "cumsum",    "cumprod", "extract", "broadcast_to",
            "item",   "expand_dims", "bitcast", "insert",    NULL};
        for (int i = 0; methods[i]; i++)
            if (strcmp(methods[i], name) == 0) return fe_method(F, obj, methods[i], out);
        return fe_error(F, pos, TY_ATTRIBUTE_ERROR, "'Tile' object has no attribute '%s'", name);
    }
    case FV_ARRAY: {
        const TileParam *p = &F->f->params[obj.u.array];
        if (strcmp(name, "dtype") == 0) return (*out = fv_dtype(p->dtype)), true;
        if (strcmp(name, "ndim") == 0) return (*out = fv_int(p->rank)), true;
        if (strcmp(name, "shape") == 0 || strcmp(name, "strides") == 0) {
            bool shape = name[1] == 'h';
            if (!fe_tuple_new(F, p->rank, out)) return false;
            for (int i = 0; i < p->rank; i++) {
                TileType it = tile_type_scalar(TDT_INT32);
                TileOp *op = fe_op(F, shape ? TOP_ARRAY_DIM : TOP_ARRAY_STRIDE, 0, NULL, &it);
                if (!op) return false;
                op->array = obj.u.array;
                op->axis = i;
                out->u.tuple.items[i] = fv_tile(op->result);
            }
            return true;
        }
        if (strcmp(name, "tiled_view") == 0) return fe_method(F, obj, "tiled_view", out);
        if (strcmp(name, "slice") == 0) return fe_method(F, obj, "slice", out);
        return fe_error(F, pos, TY_ATTRIBUTE_ERROR,
                        "'Array' object has no attribute '%s' in krait's tile code", name);
    }
    case FV_TVIEW: return fe_tiled_view_getattr(F, pos, obj, name, out);
    case FV_AVIEW:
        if (strcmp(name, "tiled_view") == 0 || strcmp(name, "slice") == 0)
            return fe_method(F, obj, name[0] == 't' ? "tiled_view" : "slice", out);
        return fe_slice_getattr(F, pos, obj, name, out);
    case FV_DTYPE:
        if (strcmp(name, "bitwidth") == 0)
            return (*out = fv_int(tile_dtype_size(obj.u.dtype) * 8)), true;
        if (strcmp(name, "name") == 0) {
            out->kind = FV_STR;
            out->u.str.s = tile_dtype_name(obj.u.dtype);
            return true;
        }
        break;
    default: break;
    }
    char buf[96];
    return fe_error(F, pos, TY_ATTRIBUTE_ERROR, "%s has no attribute '%s'",
                    fv_describe(F, &obj, buf, sizeof buf), name);
}

/* ---------------------------------------------------------------- subscripts */

static bool fe_const_index(Front *F, AstExpr *e, bool *present, int64_t *out) {
    *present = e != NULL;
    if (!e) return true;
    FrontValue v;
    if (!fe_expr(F, e, &v)) return false;
    if (v.kind == FV_NONE) {
        *present = false;
        return true;
    }
    return fe_int_const(F, e->pos, v, "a tuple index", out);
}

static bool fe_subscript_tuple(Front *F, AstExpr *e, FrontValue base, FrontValue *out) {
    AstExpr *sl = e->u.subscript.slice;
    int n = base.u.tuple.n;
    if (sl->kind == EXPR_SLICE) {
        bool has[3];
        int64_t v[3] = {0, n, 1};
        if (!fe_const_index(F, sl->u.slice.lower, &has[0], &v[0]) ||
            !fe_const_index(F, sl->u.slice.upper, &has[1], &v[1]) ||
            !fe_const_index(F, sl->u.slice.step, &has[2], &v[2]))
            return false;
        int64_t step = has[2] ? v[2] : 1;
        if (step == 0) return fe_error(F, e->pos, TY_VALUE_ERROR, "slice step cannot be zero");
        int64_t lo = has[0] ? v[0] : (step > 0 ? 0 : n - 1);
        int64_t hi = has[1] ? v[1] : (step > 0 ? n : -n - 1);
        if (has[0] && lo < 0) lo += n;
        if (has[1] && hi < 0) hi += n;
        if (step > 0) {
            lo = lo < 0 ? 0 : lo > n ? n : lo;
            hi = hi < 0 ? 0 : hi > n ? n : hi;
        } else {
            lo = lo < -1 ? -1 : lo > n - 1 ? n - 1 : lo;
            hi = hi < -1 ? -1 : hi > n - 1 ? n - 1 : hi;
        }
        int cnt = 0;
        for (int64_t i = lo; step > 0 ? i < hi : i > hi; i += step)
            cnt++;
        if (!fe_tuple_new(F, cnt, out)) return false;
        int k = 0;
        for (int64_t i = lo; step > 0 ? i < hi : i > hi; i += step)
            out->u.tuple.items[k++] = base.u.tuple.items[i];
        return true;
    }
    FrontValue idx;
    if (!fe_expr(F, sl, &idx)) return false;
    int64_t i;
    if (!fe_int_const(F, sl->pos, idx, "a tuple index", &i)) return false;
    if (i < 0) i += n;
    if (i < 0 || i >= n) return fe_error(F, e->pos, TY_INDEX_ERROR, "tuple index out of range");
    *out = base.u.tuple.items[i];
    return true;
}

/* tile[None, :, ...]: new axes and full slices only (a reshape). */
static bool fe_subscript_tile(Front *F, AstExpr *e, FrontValue base, FrontValue *out) {
    const TileType *t = fe_type(F, base.u.value);
    AstExpr *sl = e->u.subscript.slice;
    AstExpr *one[1] = {sl};
    AstExpr **items = one;
    int n = 1;
    if (sl->kind == EXPR_TUPLE) {
        items = sl->u.seq.elts.items;
        n = sl->u.seq.elts.len;
    }
    int64_t shape[TILE_MAX_RANK];
    int rank = 0, src = 0, ellipsis = -1;
    for (int i = 0; i < n; i++)
        if (items[i]->kind == EXPR_CONSTANT && items[i]->u.constant.kind == CONST_ELLIPSIS) {
            if (ellipsis >= 0)
                return fe_error(F, e->pos, TY_TYPE_ERROR, "Only one ellipsis is allowed");
            ellipsis = i;
        }
    int consumed = 0;
    for (int i = 0; i < n; i++)
        if (items[i]->kind == EXPR_SLICE) consumed++;
    for (int i = 0; i < n; i++) {
        AstExpr *it = items[i];
        if (rank >= TILE_MAX_RANK) return fe_error(F, e->pos, TY_TYPE_ERROR, "too many dimensions");
        if (it->kind == EXPR_CONSTANT && it->u.constant.kind == CONST_NONE) {
            shape[rank++] = 1;
        } else if (it->kind == EXPR_CONSTANT && it->u.constant.kind == CONST_ELLIPSIS) {
            int take = t->rank - consumed;
            for (int k = 0; k < take && src < t->rank; k++)
                shape[rank++] = t->shape[src++];
        } else if (it->kind == EXPR_SLICE && !it->u.slice.lower && !it->u.slice.upper &&
                   !it->u.slice.step) {
            if (src >= t->rank)
                return fe_error(F, e->pos, TY_TYPE_ERROR,
                                "Tile is %d-dimensional, too many "
                                "indices",
                                t->rank);
            shape[rank++] = t->shape[src++];
        } else {
            return fe_error(F, e->pos, TY_TYPE_ERROR,
                            "Directly indexing a tile is not supported; tile subscripts may "
                            "only be None, ':' and '...' (use ct.extract for a subtile)");
        }
    }
    while (src < t->rank)
        shape[rank++] = t->shape[src++];
    F->pos = e->pos;
    int v = fe_reshape(F, base.u.value, rank, shape);
    if (v < 0) return false;
    *out = fv_tile(v);
    return true;
}

static bool fe_subscript(Front *F, AstExpr *e, FrontValue *out) {
    FrontValue base;
    if (!fe_expr(F, e->u.subscript.value, &base)) return false;
    switch (base.kind) {
    case FV_TUPLE: return fe_subscript_tuple(F, e, base, out);
    case FV_TILE: return fe_subscript_tile(F, e, base, out);
    case FV_ARRAY:
        return fe_error(F, e->pos, TY_TYPE_ERROR,
                        "Arrays are not directly subscriptable. Use load() or gather() instead.");
    case FV_HOST:
        if (base.u.host.intrinsic == TI_CONSTANT) {
            /* ct.Constant[int] used as a value: the annotation object */
            return fe_from_host(F, e->pos, base.u.host.obj, out);
        }
        break;
    default: break;
    }
    char buf[96];
    return fe_error(F, e->pos, TY_TYPE_ERROR, "%s is not subscriptable in tile code",
                    fv_describe(F, &base, buf, sizeof buf));
}

/* ---------------------------------------------------------------- dispatch */

bool fe_expr(Front *F, AstExpr *e, FrontValue *out) {
    F->pos = e->pos;
    memset(out, 0, sizeof *out);
    switch (e->kind) {
    case EXPR_CONSTANT: {
        AstConstant *c = &e->u.constant;
        switch (c->kind) {
        case CONST_NONE: *out = fv_none(); return true;
        case CONST_TRUE: *out = fv_bool(true); return true;
        case CONST_FALSE: *out = fv_bool(false); return true;
        case CONST_INT: *out = fv_int(c->ival); return true;
        case CONST_FLOAT: *out = fv_float(c->fval); return true;
        case CONST_STR:
            out->kind = FV_STR;
            out->u.str.s = c->str;
            return true;
        case CONST_BIGINT:
            return fe_error(F, e->pos, TY_OVERFLOW_ERROR,
                            "integer constant too large for tile code");
        default: return fe_error(F, e->pos, TY_SYNTAX_ERROR, "unsupported constant in tile code");
        }
    }
    case EXPR_NAME: return fe_read_name(F, e->pos, e->u.name.id, out);
    case EXPR_TUPLE:
    case EXPR_LIST: {
        int n = e->u.seq.elts.len;
        FrontValue t;
        if (!fe_tuple_new(F, n, &t)) return false;
        for (int i = 0; i < n; i++) {
            AstExpr *it = e->u.seq.elts.items[i];
            if (it->kind == EXPR_STARRED)
                return fe_error(F, it->pos, TY_SYNTAX_ERROR,
                                "starred expressions are not "
                                "supported in tile code");
            if (!fe_expr(F, it, &t.u.tuple.items[i])) return false;
        }
        *out = t;
        return true;
    }
    case EXPR_BINOP: {
        FrontValue a, b;
        if (!fe_expr(F, e->u.binop.left, &a) || !fe_expr(F, e->u.binop.right, &b)) return false;
        return fe_binop(F, e->pos, e->u.binop.op, a, b, out);
    }
    case EXPR_UNARYOP: return fe_unary(F, e, out);
    case EXPR_COMPARE: return fe_compare_chain(F, e, out);
    case EXPR_BOOLOP: return fe_boolop(F, e, out);
    case EXPR_IFEXP: return fe_ifexp(F, e, out);
    case EXPR_CALL: return fe_call(F, e, out);
    case EXPR_ATTRIBUTE: {
        FrontValue obj;
        if (!fe_expr(F, e->u.attribute.value, &obj)) return false;
        return fe_getattr(F, e->pos, obj, e->u.attribute.attr, out);
    }
    case EXPR_SUBSCRIPT: return fe_subscript(F, e, out);
    case EXPR_NAMEDEXPR: {
        FrontValue v;
        if (!fe_expr(F, e->u.named.value, &v)) return false;
        if (!fe_bind(F, e->pos, e->u.named.target->u.name.id, v)) return false;
        *out = v;
        return true;
    }
    case EXPR_LAMBDA:
        return fe_error(F, e->pos, TY_SYNTAX_ERROR,
                        "a lambda in tile code can only be the combining function of ct.reduce "
                        "or ct.scan");
    case EXPR_JOINEDSTR:
        return fe_error(F, e->pos, TY_SYNTAX_ERROR,
                        "f-strings in tile code can only be arguments of ct.print");
    default: break;
    }
    return fe_error(F, e->pos, TY_SYNTAX_ERROR, "unsupported expression in tile code");
}
