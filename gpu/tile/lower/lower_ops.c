/* lower_ops.c: one emitter per tile IR op (ir.h's op list), writing CUDA C that calls the
 * primitives of tile_prelude.cuh. Elementwise ops become one fully unrolled loop over the
 * value's register slots (KR_FOR), or one statement for rank-0 values, which every thread
 * holds; ops that move elements between threads call the prelude's block-wide functions,
 * which borrow kr_smem (each emitter records its need with lw_need_smem and emits a
 * static_assert against KR_SMEM, so a wrong size fails at compile time, not at run time).
 * Narrow floats (float16, bfloat16, float8, tfloat32) are computed in float and rounded to
 * their format after every op, as the CPU path does. */
#include <stdio.h>
#include <string.h>

#include "lower_internal.h"

#define BUF 256

static const TileType *vt(const Lower *L, int v) {
    return tile_value_type(L->f, v);
}
static bool is_tile(const Lower *L, int v) {
    return vt(L, v)->rank > 0;
}
/* "v5[r]" for a tile, "v5" for a scalar */
static const char *ref(const Lower *L, int v, char *buf) {
    snprintf(buf, BUF, is_tile(L, v) ? "v%d[r]" : "v%d", v);
    return buf;
}
static int slots_of(const Lower *L, int v) {
    return lw_value_slots(L, v);
}

/* expr rounded to dt's format when dt is a narrow float */
static void wrap(TileDType dt, const char *expr, char *out) {
    const char *fn = NULL;
    switch (dt) {
    case TDT_FLOAT16: fn = "kr_round_f16"; break;
    case TDT_BFLOAT16: fn = "kr_round_bf16"; break;
    case TDT_FLOAT8_E4M3FN: fn = "kr_round_e4m3"; break;
    case TDT_FLOAT8_E5M2: fn = "kr_round_e5m2"; break;
    case TDT_TFLOAT32: fn = "kr_tf32"; break;
    default: break;
    }
    if (fn)
        snprintf(out, 4 * BUF, "%s((float)(%s))", fn, expr);
    else
        snprintf(out, 4 * BUF, "(%s)(%s)", lw_reg(dt), expr);
}

/* result = expr, per slot for tiles (expr written with refs "vN[r]") */
static void assign(Lower *L, const TileOp *op, const char *expr) {
    char w[4 * BUF];
    wrap(vt(L, op->result)->dtype, expr, w);
    lw_declare(L, op);
    if (is_tile(L, op->result))
        lw_line(L, op, "KR_FOR(r, %d) v%d[r] = %s;", slots_of(L, op->result), op->result, w);
    else
        lw_line(L, op, "v%d = %s;", op->result, w);
}

static void literal(TileDType dt, TileScalar v, char *out) {
    char k = tile_dtype_kind(dt);
    const char *T = lw_reg(dt);
    if (k == 'b') {
        snprintf(out, BUF, "%s", v.i ? "true" : "false");
    } else if (k == 'i') {
        if (v.i == INT64_MIN)
            snprintf(out, BUF, "(%s)(-9223372036854775807ll - 1)", T);
        else
            snprintf(out, BUF, "(%s)%lldll", T, (long long)v.i);
    } else if (k == 'u') {
        snprintf(out, BUF, "(%s)%lluull", T, (unsigned long long)v.u);
    } else {
        uint64_t bits;
        memcpy(&bits, &v.f, 8);
        if (v.f - v.f == 0) /* finite */
            snprintf(out, BUF, "(%s)%a", T, v.f);
        else
            snprintf(out, BUF, "(%s)kr_f64_bits(0x%llxull)", T, (unsigned long long)bits);
    }
}

/* ---- elementwise ---- */

static int emit_unary(Lower *L, const TileOp *op) {
    char x[BUF], e[2 * BUF];
    ref(L, op->operands[0], x);
    TileDType dt = vt(L, op->operands[0])->dtype;
    const char *T = lw_reg(dt);
    bool fl = tile_dtype_is_float(dt);
    static const char *const math[TU__COUNT] = {
        [TU_EXP] = "kr_exp",   [TU_EXP2] = "kr_exp2", [TU_LOG] = "kr_log",
        [TU_LOG2] = "kr_log2", [TU_SQRT] = "kr_sqrt", [TU_RSQRT] = "kr_rsqrt",
        [TU_SIN] = "kr_sin",   [TU_COS] = "kr_cos",   [TU_TAN] = "kr_tan",
        [TU_SINH] = "kr_sinh", [TU_COSH] = "kr_cosh", [TU_TANH] = "kr_tanh",
    };
    switch ((TileUnop)op->sub) {
    case TU_NEG:
        if (fl)
            snprintf(e, sizeof e, "-(%s)", x);
        else
            snprintf(e, sizeof e, "0ull - (u64)(%s)", x);
        break;
    case TU_INVERT:
        if (dt == TDT_BOOL)
            snprintf(e, sizeof e, "!(%s)", x);
        else
            snprintf(e, sizeof e, "~(%s)", x);
        break;
    case TU_NOT: snprintf(e, sizeof e, "!(%s)", x); break;
    case TU_ABS: snprintf(e, sizeof e, "kr_abs<%s>(%s)", T, x); break;
    case TU_FLOOR: snprintf(e, sizeof e, "kr_floor<%s>(%s)", T, x); break;
    case TU_CEIL: snprintf(e, sizeof e, "kr_ceil<%s>(%s)", T, x); break;
    case TU_ISNAN: snprintf(e, sizeof e, "kr_isnan(%s)", x); break;
    default:
        if ((unsigned)op->sub >= TU__COUNT || !math[op->sub])
            return lw_error(L, op, "unary op %d has no CUDA lowering", op->sub);
        if (!fl) return lw_error(L, op, "%s of an integer tile", tile_unop_name(op->sub));
        snprintf(e, sizeof e, "%s((%s)(%s))", math[op->sub], dt == TDT_FLOAT64 ? "double" : "float",
                 x);
        break;
    }
    assign(L, op, e);
    return 0;
}

static int emit_binary(Lower *L, const TileOp *op) {
    char a[BUF], b[BUF], e[3 * BUF];
    ref(L, op->operands[0], a);
    ref(L, op->operands[1], b);
    TileDType dt = vt(L, op->operands[0])->dtype;
    const char *T = lw_reg(dt);
    const char *infix = NULL, *fn = NULL;
    switch ((TileBinop)op->sub) {
    case TB_ADD: infix = "+"; break;
    case TB_SUB: infix = "-"; break;
    case TB_MUL: infix = "*"; break;
    case TB_TRUEDIV: infix = "/"; break;
    case TB_AND: infix = "&"; break;
    case TB_OR: infix = "|"; break;
    case TB_XOR: infix = "^"; break;
    case TB_FLOORDIV: fn = "kr_floordiv"; break;
    case TB_MOD: fn = "kr_mod"; break;
    case TB_POW: fn = "kr_pow"; break;
    case TB_MAX: fn = "kr_maxnum"; break;
    case TB_MIN: fn = "kr_minnum"; break;
    case TB_SHL: fn = "kr_shl"; break;
    case TB_SHR: fn = "kr_shr"; break;
    case TB_CDIV: fn = "kr_cdiv"; break;
    case TB_ATAN2: snprintf(e, sizeof e, "kr_arctan2(%s, %s)", a, b); break;
    default: return lw_error(L, op, "binary op %d has no CUDA lowering", op->sub);
    }
    /* x ** 2 on floats (LayerNorm's variance): a multiply, not pow (the same value: pow of an
     * exponent of 2 is exact up to the product's own rounding) */
    const TileOp *ed = L->f->values[op->operands[1]].def;
    if (op->sub == TB_POW && tile_dtype_is_float(dt) && ed && ed->kind == TOP_CONST &&
        ed->value.f == 2.0) {
        fn = NULL;
        snprintf(e, sizeof e, "(%s) * (%s)", a, a);
    }
    if (infix && dt == TDT_BOOL && (op->sub == TB_ADD || op->sub == TB_MUL))
        infix = op->sub == TB_ADD ? "|" : "&"; /* NumPy's bool + and * */
    if (infix)
        snprintf(e, sizeof e, "(%s) %s (%s)", a, infix, b);
    else if (fn)
        snprintf(e, sizeof e, "%s<%s>(%s, %s)", fn, T, a, b);
    assign(L, op, e);
    return 0;
}

static int emit_compare(Lower *L, const TileOp *op) {
    static const char *const ops[TC__COUNT] = {"==", "!=", "<", "<=", ">", ">="};
    if ((unsigned)op->sub >= TC__COUNT) return lw_error(L, op, "bad comparison");
    char a[BUF], b[BUF], e[3 * BUF];
    snprintf(e, sizeof e, "(%s) %s (%s)", ref(L, op->operands[0], a), ops[op->sub],
             ref(L, op->operands[1], b));
    assign(L, op, e);
    return 0;
}

static int emit_select(Lower *L, const TileOp *op) {
    char c[BUF], a[BUF], b[BUF], e[3 * BUF + 16];
    snprintf(e, sizeof e, "(%s) ? (%s) : (%s)", ref(L, op->operands[0], c),
             ref(L, op->operands[1], a), ref(L, op->operands[2], b));
    assign(L, op, e);
    return 0;
}

static int emit_cast(Lower *L, const TileOp *op) {
    char x[BUF], e[2 * BUF];
    ref(L, op->operands[0], x);
    TileDType from = vt(L, op->operands[0])->dtype, to = vt(L, op->result)->dtype;
    if (to == TDT_BOOL)
        snprintf(e, sizeof e, "(%s) != 0", x);
    else if (from == TDT_FLOAT64 && to == TDT_FLOAT16)
        snprintf(e, sizeof e, "kr_ld(kr_to_f16((double)(%s)))", x);
    else if (lw_narrow_float(to))
        snprintf(e, sizeof e, "(float)(%s)", x);
    else
        snprintf(e, sizeof e, "(%s)(%s)", lw_reg(to), x);
    assign(L, op, e);
    return 0;
}

static int emit_bitcast(Lower *L, const TileOp *op) {
    char x[BUF], e[2 * BUF];
    ref(L, op->operands[0], x);
    TileDType from = vt(L, op->operands[0])->dtype, to = vt(L, op->result)->dtype;
    if (tile_dtype_size(from) != tile_dtype_size(to))
        return lw_error(L, op, "bitcast between dtypes of different sizes");
    snprintf(e, sizeof e, "kr_ld(kr_bitcast<%s>(kr_st<%s>(%s)))", lw_storage(to), lw_storage(from),
             x);
    lw_declare(L, op);
    if (is_tile(L, op->result))
        lw_line(L, op, "KR_FOR(r, %d) v%d[r] = %s;", slots_of(L, op->result), op->result, e);
    else
        lw_line(L, op, "v%d = %s;", op->result, e);
    return 0;
}

/* ---- values from nowhere ---- */

static int emit_const(Lower *L, const TileOp *op) {
    char lit[BUF];
    literal(vt(L, op->result)->dtype, op->value, lit);
    assign(L, op, lit);
    return 0;
}

static int emit_iota(Lower *L, const TileOp *op) {
    TileDType dt = vt(L, op->result)->dtype;
    char e[2 * BUF];
    if (tile_dtype_is_float(dt))
        snprintf(e, sizeof e, "%a + (double)kr_e(r) * %lld.0", op->value.f, (long long)op->step);
    else if (tile_dtype_kind(dt) == 'u')
        snprintf(e, sizeof e, "%lluull + (u64)kr_e(r) * (u64)%lldll",
                 (unsigned long long)op->value.u, (long long)op->step);
    else
        snprintf(e, sizeof e, "%lldll + (i64)kr_e(r) * %lldll", (long long)op->value.i,
                 (long long)op->step);
    assign(L, op, e);
    return 0;
}

static int emit_scalar_source(Lower *L, const TileOp *op) {
    static const char axes[] = "xyz";
    char e[BUF];
    int axis = op->axis;
    switch (op->kind) {
    case TOP_PARAM: snprintf(e, sizeof e, "p.s%d", op->param); break;
    case TOP_BID:
    case TOP_NUM_BLOCKS:
        if (axis < 0 || axis > 2) return lw_error(L, op, "block axis %d is not 0, 1 or 2", axis);
        if (op->kind == TOP_BID && axis == 0 && L->bid_rev)
            snprintf(e, sizeof e, "(int)(gridDim.x - 1u - blockIdx.x)");
        else
            snprintf(e, sizeof e, "%s.%c", op->kind == TOP_BID ? "blockIdx" : "gridDim",
                     axes[axis]);
        break;
    case TOP_ARRAY_DIM:
    case TOP_ARRAY_STRIDE:
        snprintf(e, sizeof e, "p.a%d.%s[%d]", op->array,
                 op->kind == TOP_ARRAY_DIM ? "shape" : "stride", axis);
        break;
    default: return lw_error(L, op, "internal: not a scalar source");
    }
    assign(L, op, e);
    return 0;
}

/* ---- memory ---- */

static const char *pad_expr(TilePadding p) {
    switch (p) {
    case TP_NEG_ZERO: return "KR_PAD_NEG_ZERO";
    case TP_NAN: return "KR_PAD_NAN";
    case TP_POS_INF: return "KR_PAD_POS_INF";
    case TP_NEG_INF: return "KR_PAD_NEG_INF";
    default: return "KR_PAD_ZERO";
    }
}

/* "{ i64 org[R]; org[perm[k]] = (i64)index_k * shape_k; ..." for LOAD and STORE */
static void emit_origin(Lower *L, const TileOp *op, const TileType *t, char *axes, size_t size) {
    int R = t->rank;
    lw_line(L, op, "{");
    L->indent++;
    lw_line(L, op, "i64 org[%d];", R);
    size_t n = (size_t)snprintf(axes, size, "KrS<");
    for (int k = 0; k < R; k++) {
        lw_line(L, op, "org[%d] = (i64)v%d * %lldll;", op->perm[k], op->operands[k],
                (long long)t->shape[k]);
        n += (size_t)snprintf(axes + n, size - n, "%s%d", k ? ", " : "", op->perm[k]);
    }
    snprintf(axes + n, size - n, ">");
}

/* The array expression of a LOAD/STORE: "p.a<K>", or for one through an Array.slice a
 * local copy whose pointer and shape are the view's (the general variant only: a kernel
 * with views has no exact one, lw_exact_op). */
static const char *view_array(Lower *L, const TileOp *op, char *buf, size_t size) {
    snprintf(buf, size, "p.a%d", op->array);
    if (!op->view) return buf;
    int R = L->f->params[op->array].rank;
    char b1[BUF], b2[BUF];
    lw_line(L, op, "auto av = p.a%d;", op->array);
    for (int ax = 0; ax < R; ax++) {
        int k = tile_op_view_operand(op, R, ax);
        if (k < 0) continue;
        lw_line(L, op, "av.p += %s * av.stride[%d];", ref(L, op->operands[k], b1), ax);
        lw_line(L, op, "av.shape[%d] = %s;", ax, ref(L, op->operands[k + 1], b2));
    }
    snprintf(buf, size, "av");
    return buf;
}

static int emit_load(Lower *L, const TileOp *op) {
    const TileType *t = vt(L, op->result);
    const TileParam *p = &L->f->params[op->array];
    const char *T = lw_reg(t->dtype);
    lw_declare(L, op);
    if (t->rank == 0) {
        lw_line(L, op, "v%d = (%s)kr_ld(p.a%d.p[0]);", op->result, T, op->array);
        return 0;
    }
    if (p->rank != t->rank)
        return lw_error(L, op, "load of a rank %d tile from a rank %d array", t->rank, p->rank);
    char axes[BUF], shape[BUF];
    emit_origin(L, op, t, axes, sizeof axes);
    lw_shape(L, t, shape, sizeof shape);
    bool vec = lw_exact_op(L, op, t);
    char pad[96];
    if (op->padding == TP_NEG_ZERO || op->padding == TP_NAN || op->padding == TP_POS_INF ||
        op->padding == TP_NEG_INF)
        snprintf(pad, sizeof pad, "kr_pad<%s>(%s)", T, pad_expr(op->padding));
    else
        snprintf(pad, sizeof pad, "(%s)0", T);
    char arr[32];
    if (L->exact)
        lw_exact_load(L, op, t, vec, pad); /* plain C (lower_memory.c) */
    else
        lw_line(L, op, "kr_load<%s, %s>(v%d, %s, org, kr_pad<%s>(%s));", shape, axes, op->result,
                view_array(L, op, arr, sizeof arr), T, pad_expr(op->padding));
    L->indent--;
    lw_line(L, op, "}");
    return 0;
}

static int scope_of(TileMemScope s) {
    return s == TMS_BLOCK ? 0 : s == TMS_SYS ? 2 : 1;
}
static bool fence_before(TileMemOrder o) {
    return o == TMO_RELEASE || o == TMO_ACQ_REL;
}
static bool fence_after(TileMemOrder o) {
    return o == TMO_ACQUIRE || o == TMO_ACQ_REL;
}

static int emit_store(Lower *L, const TileOp *op) {
    int tile = op->operands[op->noperands - 1];
    const TileType *t = vt(L, tile);
    const TileParam *p = &L->f->params[op->array];
    if (fence_before(op->memorder)) lw_line(L, op, "kr_fence(%d);", scope_of(op->memscope));
    if (t->rank == 0) {
        lw_line(L, op, "if (threadIdx.x == 0) p.a%d.p[0] = kr_st<%s>(v%d);", op->array,
                lw_storage(p->dtype), tile);
    } else {
        if (p->rank != t->rank)
            return lw_error(L, op, "store of a rank %d tile into a rank %d array", t->rank,
                            p->rank);
        char axes[BUF], shape[BUF];
        emit_origin(L, op, t, axes, sizeof axes);
        lw_shape(L, t, shape, sizeof shape);
        bool vec = lw_exact_op(L, op, t);
        char arr[32];
        if (L->exact)
            lw_exact_store(L, op, t, tile, vec); /* plain C (lower_memory.c) */
        else
            lw_line(L, op, "kr_store<%s, %s>(%s, org, v%d);", shape, axes,
                    view_array(L, op, arr, sizeof arr), tile);
        L->indent--;
        lw_line(L, op, "}");
    }
    if (fence_after(op->memorder)) lw_line(L, op, "kr_fence(%d);", scope_of(op->memscope));
    return 0;
}

/* "i64 g[R] = {(i64)v1[r], ...};" of the R index operands starting at first */
static void index_list(Lower *L, const TileOp *op, int first, int R, char *out, size_t size) {
    size_t n = (size_t)snprintf(out, size, "i64 g[%d] = {", R);
    char b[BUF];
    for (int k = 0; k < R && n < size; k++)
        n += (size_t)snprintf(out + n, size - n, "%s(i64)%s", k ? ", " : "",
                              ref(L, op->operands[first + k], b));
    if (n < size) snprintf(out + n, size - n, "};");
}

/* the validity test of slot r for an index-tile op over shape S (rank 0: every thread) */
static void valid_expr(Lower *L, int v, const char *mask, char *out) {
    if (is_tile(L, v))
        snprintf(out, 2 * BUF, "kr_valid(r, %lld)%s%s", (long long)lw_numel(vt(L, v)),
                 mask ? " && " : "", mask ? mask : "");
    else
        snprintf(out, 2 * BUF, "%s", mask ? mask : "true");
}

/* Open the per-element loop of an index-tile op over value v: a KR_FOR for tiles, a block
 * for scalars (thread0: only thread 0 runs it, for writes). */
static void open_elems(Lower *L, const TileOp *op, int v, bool thread0) {
    if (is_tile(L, v))
        lw_line(L, op, "KR_FOR(r, %d) {", slots_of(L, v));
    else
        lw_line(L, op, thread0 ? "if (threadIdx.x == 0) {" : "{");
    L->indent++;
}
static void close_elems(Lower *L, const TileOp *op) {
    L->indent--;
    lw_line(L, op, "}");
}

static int emit_gather(Lower *L, const TileOp *op) {
    const TileParam *p = &L->f->params[op->array];
    int R = p->rank;
    if (R == 0) return lw_error(L, op, "gather from a 0-d array");
    char g[8 * BUF], m[BUF], valid[2 * BUF], pad[BUF], out[BUF];
    index_list(L, op, 0, R, g, sizeof g);
    const char *mask = op->has_mask ? ref(L, op->operands[R], m) : NULL;
    valid_expr(L, op->result, mask, valid);
    ref(L, op->operands[R + (op->has_mask ? 1 : 0)], pad);
    lw_declare(L, op);
    open_elems(L, op, op->result, false);
    lw_line(L, op, "%s", g);
    lw_line(L, op, "%s = kr_gather1<%s>(p.a%d, g, %s, %s, (%s)%s);", ref(L, op->result, out),
            lw_reg(p->dtype), op->array, valid, op->check_bounds ? "true" : "false",
            lw_reg(p->dtype), pad);
    close_elems(L, op);
    return 0;
}

static int emit_scatter(Lower *L, const TileOp *op) {
    const TileParam *p = &L->f->params[op->array];
    int R = p->rank;
    if (R == 0) return lw_error(L, op, "scatter into a 0-d array");
    char g[8 * BUF], m[BUF], valid[2 * BUF], val[BUF];
    index_list(L, op, 0, R, g, sizeof g);
    int value = op->operands[R];
    const char *mask = op->has_mask ? ref(L, op->operands[R + 1], m) : NULL;
    valid_expr(L, value, mask, valid);
    open_elems(L, op, value, true);
    lw_line(L, op, "%s", g);
    lw_line(L, op, "kr_scatter1(p.a%d, g, %s, %s, %s);", op->array, valid,
            op->check_bounds ? "true" : "false", ref(L, value, val));
    close_elems(L, op);
    return 0;
}

static int emit_atomic(Lower *L, const TileOp *op) {
    const TileParam *p = &L->f->params[op->array];
    int R = p->rank;
    if (R == 0) return lw_error(L, op, "atomic on a 0-d array");
    bool cas = op->kind == TOP_ATOMIC_CAS;
    const char *at = NULL;
    if (!cas) {
        switch ((TileRedop)op->sub) {
        case TR_SUM: at = "KR_AT_ADD"; break;
        case TR_MAX: at = "KR_AT_MAX"; break;
        case TR_MIN: at = "KR_AT_MIN"; break;
        case TR_AND: at = "KR_AT_AND"; break;
        case TR_OR: at = "KR_AT_OR"; break;
        case TR_XOR: at = "KR_AT_XOR"; break;
        case TR_XCHG: at = "KR_AT_XCHG"; break;
        default: return lw_error(L, op, "atomic %s has no CUDA lowering", tile_redop_name(op->sub));
        }
    }
    char g[8 * BUF], m[BUF], valid[2 * BUF], a0[BUF], a1[BUF], out[BUF];
    index_list(L, op, 0, R, g, sizeof g);
    int first = op->operands[R]; /* update, or expected */
    int nvals = cas ? 2 : 1;
    const char *mask = op->has_mask ? ref(L, op->operands[R + nvals], m) : NULL;
    valid_expr(L, op->result, mask, valid);
    const char *S = lw_storage(p->dtype), *T = lw_reg(p->dtype);
    bool scalar = !is_tile(L, op->result);
    lw_declare(L, op);
    int scope = scope_of(op->memscope);
    if (fence_before(op->memorder)) lw_line(L, op, "kr_fence(%d);", scope);
    if (scalar) {
        lw_line(L, op, "{");
        L->indent++;
        lw_line(L, op, "%s old = v%d;", T, first);
        lw_line(L, op, "if (threadIdx.x == 0) {");
        L->indent++;
        snprintf(out, sizeof out, "old");
    } else {
        open_elems(L, op, op->result, false);
        ref(L, op->result, out);
        lw_line(L, op, "%s = %s;", out, ref(L, first, a0));
    }
    lw_line(L, op, "%s", g);
    lw_line(L, op, "i64 o;");
    ref(L, first, a0);
    if (cas)
        lw_line(L, op,
                "if ((%s) && kr_elem_at(p.a%d, g, %s, &o)) %s = (%s)kr_ld(kr_atomic_cas(p.a%d.p + "
                "o, kr_st<%s>(%s), kr_st<%s>(%s)));",
                valid, op->array, op->check_bounds ? "true" : "false", out, T, op->array, S, a0, S,
                ref(L, op->operands[R + 1], a1));
    else
        lw_line(L, op,
                "if ((%s) && kr_elem_at(p.a%d, g, %s, &o)) %s = (%s)kr_ld(kr_atomic(%s, p.a%d.p + "
                "o, kr_st<%s>(%s)));",
                valid, op->array, op->check_bounds ? "true" : "false", out, T, at, op->array, S,
                a0);
    if (scalar) {
        L->indent--;
        lw_line(L, op, "}");
        lw_line(L, op, "v%d = kr_from_thread0(old);", op->result);
        lw_need_smem(L, 8);
        L->indent--;
        lw_line(L, op, "}");
    } else {
        close_elems(L, op);
    }
    if (fence_after(op->memorder)) lw_line(L, op, "kr_fence(%d);", scope);
    return 0;
}

/* ---- shape changes ---- */

static void copy_slots(Lower *L, const TileOp *op, int from) {
    lw_declare(L, op);
    if (is_tile(L, op->result))
        lw_line(L, op, "KR_FOR(r, %d) v%d[r] = v%d[r];", slots_of(L, op->result), op->result, from);
    else
        lw_line(L, op, "v%d = v%d;", op->result, from);
}

static size_t tsize(const Lower *L, int v) {
    TileDType dt = vt(L, v)->dtype;
    return dt == TDT_FLOAT64 ? 8 : (size_t)(lw_narrow_float(dt) ? 4 : tile_dtype_size(dt));
}

static int emit_broadcast(Lower *L, const TileOp *op) {
    int x = op->operands[0];
    if (!is_tile(L, x)) {
        lw_declare(L, op);
        lw_line(L, op, "KR_FOR(r, %d) v%d[r] = v%d;", slots_of(L, op->result), op->result, x);
        return 0;
    }
    if (lw_numel(vt(L, x)) == lw_numel(vt(L, op->result))) {
        copy_slots(L, op, x);
        return 0;
    }
    char in[BUF], outs[BUF];
    lw_shape(L, vt(L, x), in, sizeof in);
    lw_shape(L, vt(L, op->result), outs, sizeof outs);
    lw_declare(L, op);
    lw_line(L, op, "kr_broadcast<%s, %s>(v%d, v%d);", in, outs, op->result, x);
    lw_need_smem(L, (size_t)lw_numel(vt(L, x)) * tsize(L, x));
    return 0;
}

static int emit_reshape(Lower *L, const TileOp *op) {
    int x = op->operands[0];
    bool tin = is_tile(L, x), tout = is_tile(L, op->result);
    lw_declare(L, op);
    if (tin == tout) {
        if (tout)
            lw_line(L, op, "KR_FOR(r, %d) v%d[r] = v%d[r];", slots_of(L, x), op->result, x);
        else
            lw_line(L, op, "v%d = v%d;", op->result, x);
    } else if (tout) {
        lw_line(L, op, "v%d[0] = v%d;", op->result, x);
    } else {
        lw_line(L, op, "v%d = kr_to_scalar(v%d);", op->result, x);
        lw_need_smem(L, 8);
    }
    return 0;
}

static int emit_permute(Lower *L, const TileOp *op) {
    int x = op->operands[0];
    const TileType *t = vt(L, x);
    char in[BUF], perm[BUF];
    lw_shape(L, t, in, sizeof in);
    size_t n = (size_t)snprintf(perm, sizeof perm, "KrS<");
    for (int k = 0; k < t->rank; k++)
        n += (size_t)snprintf(perm + n, sizeof perm - n, "%s%d", k ? ", " : "", op->perm[k]);
    snprintf(perm + n, sizeof perm - n, ">");
    lw_declare(L, op);
    lw_line(L, op, "kr_permute<%s, %s>(v%d, v%d);", in, perm, op->result, x);
    lw_need_smem(L, (size_t)lw_numel(t) * tsize(L, x));
    return 0;
}

static int emit_cat(Lower *L, const TileOp *op) {
    int a = op->operands[0], b = op->operands[1];
    char sa[BUF], sb[BUF], so[BUF];
    lw_shape(L, vt(L, a), sa, sizeof sa);
    lw_shape(L, vt(L, b), sb, sizeof sb);
    lw_shape(L, vt(L, op->result), so, sizeof so);
    lw_declare(L, op);
    lw_line(L, op, "kr_cat<%s, %s, %s, %d>(v%d, v%d, v%d);", sa, sb, so, op->axis, op->result, a,
            b);
    lw_need_smem(L, (size_t)(lw_numel(vt(L, a)) + lw_numel(vt(L, b))) * tsize(L, a));
    return 0;
}

/* "int ix[R] = {(int)v3, ...};" of index scalars starting at operand first */
static void grid_index(Lower *L, const TileOp *op, int first, int R) {
    char buf[8 * BUF];
    size_t n = (size_t)snprintf(buf, sizeof buf, "int ix[%d] = {", R);
    for (int k = 0; k < R && n < sizeof buf; k++)
        n += (size_t)snprintf(buf + n, sizeof buf - n, "%s(int)v%d", k ? ", " : "",
                              op->operands[first + k]);
    if (n < sizeof buf) snprintf(buf + n, sizeof buf - n, "};");
    lw_line(L, op, "%s", buf);
}

static int emit_extract(Lower *L, const TileOp *op) {
    int x = op->operands[0];
    const TileType *t = vt(L, x);
    char in[BUF], outs[BUF];
    lw_shape(L, t, in, sizeof in);
    lw_shape(L, vt(L, op->result), outs, sizeof outs);
    lw_declare(L, op);
    lw_line(L, op, "{");
    L->indent++;
    grid_index(L, op, 1, t->rank);
    lw_line(L, op, "kr_extract<%s, %s>(v%d, v%d, ix);", in, outs, op->result, x);
    L->indent--;
    lw_line(L, op, "}");
    lw_need_smem(L, (size_t)lw_numel(t) * tsize(L, x));
    return 0;
}

static int emit_insert(Lower *L, const TileOp *op) {
    int x = op->operands[0], v = op->operands[1];
    const TileType *t = vt(L, x);
    char in[BUF], sub[BUF];
    lw_shape(L, t, in, sizeof in);
    lw_shape(L, vt(L, v), sub, sizeof sub);
    lw_declare(L, op);
    lw_line(L, op, "{");
    L->indent++;
    grid_index(L, op, 2, t->rank);
    lw_line(L, op, "kr_insert<%s, %s>(v%d, v%d, v%d, ix);", in, sub, op->result, x, v);
    L->indent--;
    lw_line(L, op, "}");
    lw_need_smem(L, (size_t)lw_numel(vt(L, v)) * tsize(L, v));
    return 0;
}

/* ---- reductions and scans ---- */

static int64_t pow2ceil(int64_t n) {
    int64_t p = 1;
    while (p < n)
        p *= 2;
    return p;
}

/* The combiner object of a REDUCE/SCAN into name: a built-in KrSum<T>() ..., or for CUSTOM a
 * lambda over the region (declared here) wrapped with the identity. */
static int combiner(Lower *L, const TileOp *op, TileDType dt, char *name, size_t size) {
    const char *T = lw_reg(dt);
    const char *b = NULL;
    switch ((TileRedop)op->sub) {
    case TR_SUM: b = "KrSum"; break;
    case TR_PROD: b = "KrProd"; break;
    case TR_MAX: b = "KrMax"; break;
    case TR_MIN: b = "KrMin"; break;
    case TR_AND: b = "KrAnd"; break;
    case TR_OR: b = "KrOr"; break;
    case TR_XOR: b = "KrXor"; break;
    case TR_CUSTOM: break;
    default: return lw_error(L, op, "reduction %s has no CUDA lowering", tile_redop_name(op->sub));
    }
    if (b) {
        snprintf(name, size, "%s<%s>()", b, T);
        return 0;
    }
    int id = L->lambdas++;
    lw_line(L, op, "auto kr_comb%d = [&](%s kr_a, %s kr_b) -> %s {", id, T, T, T);
    L->indent++;
    lw_line(L, op, "%s s%d = kr_a, s%d = kr_b;", T, op->vars2[0], op->vars2[1]);
    if (lw_region(L, &op->regions[0]) < 0) return -1;
    L->indent--;
    lw_line(L, op, "};");
    snprintf(name, size, "kr_custom((%s)v%d, kr_comb%d)", T, op->operands[1], id);
    return 0;
}

static void round_result(Lower *L, const TileOp *op) {
    TileDType dt = vt(L, op->result)->dtype;
    if (!lw_narrow_float(dt)) return;
    char e[BUF], w[4 * BUF];
    ref(L, op->result, e);
    wrap(dt, e, w);
    if (is_tile(L, op->result))
        lw_line(L, op, "KR_FOR(r, %d) v%d[r] = %s;", slots_of(L, op->result), op->result, w);
    else
        lw_line(L, op, "v%d = %s;", op->result, w);
}

static int emit_reduce(Lower *L, const TileOp *op) {
    if (op->ncomp > 0) return lw_tuple_fold(L, op);
    int x = op->operands[0];
    const TileType *t = vt(L, x);
    if (t->rank == 0) {
        copy_slots(L, op, x);
        return 0;
    }
    char comb[2 * BUF], in[BUF];
    lw_declare(L, op);
    lw_line(L, op, "{");
    L->indent++;
    if (combiner(L, op, t->dtype, comb, sizeof comb) < 0) return -1;
    lw_shape(L, t, in, sizeof in);
    size_t ts = tsize(L, x);
    if (!is_tile(L, op->result)) {
        lw_line(L, op, "v%d = kr_reduce_all<%s>(v%d, %s);", op->result, in, x, comb);
        lw_need_smem(L, (size_t)pow2ceil(lw_numel(t)) * ts);
    } else {
        if (op->axis < 0 || op->axis >= t->rank) return lw_error(L, op, "bad reduction axis");
        lw_line(L, op, "kr_reduce<%s, %d>(v%d, v%d, %s);", in, op->axis, op->result, x, comb);
        size_t rows = lw_rows_smem(L, t, op->axis, ts); /* warp shuffles: a few words */
        lw_need_smem(
            L,
            rows ? rows
                 : (size_t)(lw_numel(t) / t->shape[op->axis] * pow2ceil(t->shape[op->axis])) * ts);
        lw_line(L, op, "static_assert(KrReduceSize<%s, %s, %d>::bytes <= KR_SMEM, \"kr_smem\");",
                lw_reg(t->dtype), in, op->axis);
    }
    L->indent--;
    lw_line(L, op, "}");
    round_result(L, op);
    return 0;
}

static int emit_argreduce(Lower *L, const TileOp *op) {
    int x = op->operands[0];
    const TileType *t = vt(L, x);
    bool max = op->sub == TR_MAX;
    char in[BUF];
    int axis = op->axis;
    int64_t n = lw_numel(t);
    if (axis < 0 || t->rank <= 1) {
        snprintf(in, sizeof in, "KrS<%lld>", (long long)n);
        axis = 0;
    } else {
        lw_shape(L, t, in, sizeof in);
    }
    if (t->rank == 0) {
        lw_declare(L, op);
        lw_line(L, op, "v%d = 0;", op->result);
        return 0;
    }
    const TileType *rt = vt(L, op->result);
    const char *I = lw_reg(rt->dtype);
    lw_declare(L, op);
    int64_t lines = (axis == 0 && (op->axis < 0 || t->rank <= 1)) ? 1 : n / t->shape[axis];
    int64_t len = lines == 1 ? n : t->shape[axis];
    lw_need_smem(L, (size_t)((lines * pow2ceil(len) * tsize(L, x) + 15) / 16 * 16 +
                             (size_t)(lines * pow2ceil(len) * 4)));
    if (!is_tile(L, op->result)) {
        lw_line(L, op, "{");
        L->indent++;
        lw_line(L, op, "%s one[1];", I);
        lw_line(L, op, "kr_argreduce<%s, %s, %d>(one, v%d);", max ? "true" : "false", in, axis, x);
        lw_line(L, op, "v%d = kr_to_scalar(one);", op->result);
        L->indent--;
        lw_line(L, op, "}");
    } else {
        lw_line(L, op, "kr_argreduce<%s, %s, %d>(v%d, v%d);", max ? "true" : "false", in, axis,
                op->result, x);
    }
    lw_line(L, op, "static_assert(KrArgSize<%s, %s, %d>::bytes <= KR_SMEM, \"kr_smem\");",
            lw_reg(t->dtype), in, axis);
    return 0;
}

static int emit_scan(Lower *L, const TileOp *op) {
    if (op->ncomp > 0) return lw_tuple_fold(L, op);
    int x = op->operands[0];
    const TileType *t = vt(L, x);
    if (t->rank == 0) {
        copy_slots(L, op, x);
        return 0;
    }
    char comb[2 * BUF], in[BUF];
    lw_declare(L, op);
    lw_line(L, op, "{");
    L->indent++;
    if (combiner(L, op, t->dtype, comb, sizeof comb) < 0) return -1;
    lw_shape(L, t, in, sizeof in);
    lw_line(L, op, "kr_scan<%s, %d, %s>(v%d, v%d, %s);", in, op->axis,
            op->reverse ? "true" : "false", op->result, x, comb);
    lw_need_smem(L, 2 * (size_t)lw_numel(t) * tsize(L, x));
    L->indent--;
    lw_line(L, op, "}");
    round_result(L, op);
    return 0;
}

/* ---- mma ---- */

static int emit_mma(Lower *L, const TileOp *op) {
    int a = op->operands[0], b = op->operands[1], acc = op->operands[2];
    const TileType *ta = vt(L, a), *tb = vt(L, b), *tc = vt(L, acc);
    if (ta->rank != tc->rank || tb->rank != tc->rank || ta->rank < 2 || ta->rank > 3)
        return lw_error(L, op, "mma of ranks %d, %d, %d", ta->rank, tb->rank, tc->rank);
    int64_t B = ta->rank == 3 ? ta->shape[0] : 1;
    int64_t M = ta->shape[ta->rank - 2], K = ta->shape[ta->rank - 1], N = tb->shape[tb->rank - 1];
    const char *S = NULL;
    int kstep = 0, ssize = 0;
    if (tc->dtype == TDT_FLOAT32 && ta->dtype == tb->dtype) {
        switch (ta->dtype) {
        case TDT_FLOAT16: S = "kr_half", kstep = 16, ssize = 2; break;
        case TDT_BFLOAT16: S = "kr_bf16", kstep = 16, ssize = 2; break;
        case TDT_TFLOAT32: S = "kr_tf32s", kstep = 8, ssize = 4; break;
        case TDT_FLOAT8_E4M3FN: S = "kr_e4m3", kstep = 32, ssize = 1; break;
        case TDT_FLOAT8_E5M2: S = "kr_e5m2", kstep = 32, ssize = 1; break;
        default: break;
        }
    }
    copy_slots(L, op, acc);
    /* sm_90a: wgmma where the shapes allow, this mma.sync path in the #else */
    int wgmma = S && B == 1 && kstep == 16 && ssize == 2 ? lw_sm90_mma(L, op) : 0;
    if (S) {
        int64_t Mp = (M + 15) / 16 * 16, Np = (N + 7) / 8 * 8, Kp = (K + kstep - 1) / kstep * kstep;
        int64_t lda = Kp + 16 / ssize;
        int64_t ab = ((Mp + Np) * lda * ssize + 15) / 16 * 16, c = Mp * (Np + 4) * 4;
        lw_need_smem(L, (size_t)((ab + c) * B));
        lw_line(L, op, "kr_mma_tc<%s, %lld, %lld, %lld, %lld>(v%d, v%d, v%d);", S, (long long)B,
                (long long)M, (long long)N, (long long)K, op->result, a, b);
        lw_line(L, op,
                "static_assert(KrMmaSize<%s, %lld, %lld, %lld, %lld>::bytes <= KR_SMEM, "
                "\"kr_smem\");",
                S, (long long)B, (long long)M, (long long)N, (long long)K);
        if (wgmma) lw_raw(L, "#endif\n");
    } else {
        const char *TC = lw_reg(tc->dtype);
        size_t ts = tsize(L, acc);
        lw_need_smem(L, (size_t)(B * (M * K + K * N)) * ts);
        lw_line(L, op, "kr_mma_fma<%lld, %lld, %lld, %lld>(v%d, v%d, v%d);", (long long)B,
                (long long)M, (long long)N, (long long)K, op->result, a, b);
        lw_line(L, op,
                "static_assert(KrMmaFmaSize<%s, %lld, %lld, %lld, %lld>::bytes <= KR_SMEM, "
                "\"kr_smem\");",
                TC, (long long)B, (long long)M, (long long)N, (long long)K);
        round_result(L, op);
    }
    return 0;
}

/* ---- printf, assert ---- */

/* text as a C string literal body */
static void c_escape(const char *text, size_t n, char *out, size_t size) {
    size_t k = 0;
    for (size_t i = 0; i < n && k + 5 < size; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c == '"' || c == '\\') {
            out[k++] = '\\';
            out[k++] = (char)c;
        } else if (c == '\n') {
            out[k++] = '\\';
            out[k++] = 'n';
        } else if (c < 32 || c >= 127) {
            k += (size_t)snprintf(out + k, size - k, "\\%03o", c);
        } else {
            out[k++] = (char)c;
        }
    }
    out[k] = '\0';
}

static int emit_printf(Lower *L, const TileOp *op) {
    const char *t = op->text ? op->text : "";
    int operand = 0;
    char lit[4 * BUF], spec[64];
    while (*t) {
        /* the literal run up to the next conversion (%% stays literal) */
        char run[BUF];
        size_t n = 0;
        while (*t && n + 1 < sizeof run) {
            if (t[0] == '%' && t[1] == '%') {
                run[n++] = '%';
                t += 2;
                continue;
            }
            if (t[0] == '%') break;
            run[n++] = *t++;
        }
        if (n) {
            c_escape(run, n, lit, sizeof lit);
            lw_line(L, op, "if (threadIdx.x == 0) printf(\"%%s\", \"%s\");", lit);
        }
        if (*t != '%') continue;
        /* one conversion: flags, width, precision, length, letter */
        const char *start = t++;
        while (*t && strchr("-+ #0123456789.*", *t))
            t++;
        size_t head = (size_t)(t - start);
        while (*t && strchr("hlLqjzt", *t))
            t++;
        char letter = *t ? *t++ : 'd';
        if (operand >= op->noperands)
            return lw_error(L, op, "printf format has more conversions than values");
        int v = op->operands[operand++];
        TileDType dt = vt(L, v)->dtype;
        if (head >= sizeof spec - 4) head = sizeof spec - 4;
        memcpy(spec, start, head);
        if (tile_dtype_is_float(dt) && strchr("fFeEgGaA", letter)) {
            spec[head] = letter;
            spec[head + 1] = '\0';
        } else if (strchr("fFeEgGaA", letter)) {
            spec[head] = 'l';
            spec[head + 1] = 'l';
            spec[head + 2] = 'd';
            spec[head + 3] = '\0';
        } else if (tile_dtype_is_float(dt)) {
            spec[head] = 'g';
            spec[head + 1] = '\0';
        } else {
            spec[head] = 'l';
            spec[head + 1] = 'l';
            spec[head + 2] = letter == 'i' ? 'd' : letter;
            spec[head + 3] = '\0';
        }
        c_escape(spec, strlen(spec), lit, sizeof lit);
        if (is_tile(L, v)) {
            char shape[BUF];
            lw_shape(L, vt(L, v), shape, sizeof shape);
            lw_line(L, op, "kr_print_tile<%s>(v%d, \"%s\");", shape, v, lit);
            lw_need_smem(L, (size_t)lw_numel(vt(L, v)) * tsize(L, v));
        } else {
            lw_line(L, op, "if (threadIdx.x == 0) kr_print_one(\"%s\", v%d);", lit, v);
        }
    }
    return 0;
}

static int assert_ordinal(const TileRegion *r, const TileOp *target, int *count) {
    for (const TileOp *op = r->first; op; op = op->next) {
        if (op->kind == TOP_ASSERT) {
            (*count)++;
            if (op == target) return *count;
        }
        for (int k = 0; k < 2; k++) {
            int found = assert_ordinal(&op->regions[k], target, count);
            if (found) return found;
        }
    }
    return 0;
}

static int emit_assert(Lower *L, const TileOp *op) {
    int c = op->operands[0];
    int count = 0, ordinal = assert_ordinal(&L->f->body, op, &count);
    lw_line(L, op, "{");
    L->indent++;
    if (is_tile(L, c)) {
        char shape[BUF];
        lw_shape(L, vt(L, c), shape, sizeof shape);
        lw_line(L, op, "bool c[%d];", slots_of(L, c));
        lw_line(L, op, "KR_FOR(r, %d) c[r] = v%d[r] || !kr_valid(r, %lld);", slots_of(L, c), c,
                (long long)lw_numel(vt(L, c)));
        lw_line(L, op, "const bool ok = kr_reduce_all<%s>(c, KrAnd<bool>());", shape);
        lw_need_smem(L, (size_t)pow2ceil(lw_numel(vt(L, c))));
    } else {
        lw_line(L, op, "const bool ok = v%d;", c);
    }
    lw_line(L, op, "if (!ok) {");
    lw_line(L, op, "    if (threadIdx.x == 0 && atomicCAS(p.kr_err, 0, %d) == 0) {", ordinal);
    lw_line(L, op,
            "        p.kr_err[1] = %s, p.kr_err[2] = blockIdx.y, p.kr_err[3] = "
            "blockIdx.z;",
            L->bid_rev ? "gridDim.x - 1u - blockIdx.x" : "blockIdx.x");
    lw_line(L, op, "    }");
    lw_line(L, op, "    return;");
    lw_line(L, op, "}");
    L->indent--;
    lw_line(L, op, "}");
    return 0;
}

/* ---- control flow ---- */

static int const_of(const Lower *L, int v, int64_t *out) {
    const TileOp *d = L->f->values[v].def;
    if (!d || d->kind != TOP_CONST || vt(L, v)->rank != 0) return 0;
    *out = d->value.i;
    return 1;
}

static int emit_for(Lower *L, const TileOp *op) {
    int lo = op->operands[0], hi = op->operands[1], step = op->operands[2], s = op->var;
    int64_t k;
    char cond[BUF];
    if (const_of(L, step, &k) && tile_dtype_kind(vt(L, step)->dtype) == 'i')
        snprintf(cond, sizeof cond,
                 k > 0   ? "s%d < v%d"
                 : k < 0 ? "s%d > v%d"
                         : "false && s%d < v%d",
                 s, hi);
    else
        snprintf(cond, sizeof cond, "v%d > 0 ? s%d < v%d : (v%d < 0 && s%d > v%d)", step, s, hi,
                 step, s, hi);
    int sm90 = lw_sm90_for(L, op);          /* 1: the wgmma loop went under #if KR_WGMMA */
    if (sm90 == 0) sm90 = lw_fa_for(L, op); /* the attention loop (attention_sm90.c) */
    if (sm90 < 0) return -1;
    L->in_else += sm90;
    int h = lw_hoist_invariants(L, op);
    L->in_else -= sm90;
    if (h < 0) return -1;
    lw_line(L, op, "for (s%d = v%d; %s; s%d += v%d) {", s, lo, cond, s, step);
    L->indent++;
    L->in_else += sm90;
    int r = lw_region(L, &op->regions[0]);
    L->in_else -= sm90;
    L->indent--;
    lw_line(L, op, "}");
    if (sm90) lw_raw(L, "#endif\n");
    return r;
}

static int emit_if(Lower *L, const TileOp *op) {
    lw_line(L, op, "if (v%d) {", op->operands[0]);
    L->indent++;
    if (lw_region(L, &op->regions[0]) < 0) return -1;
    L->indent--;
    if (op->regions[1].first) {
        lw_line(L, op, "} else {");
        L->indent++;
        if (lw_region(L, &op->regions[1]) < 0) return -1;
        L->indent--;
    }
    lw_line(L, op, "}");
    return 0;
}

static int emit_while(Lower *L, const TileOp *op) {
    lw_line(L, op, "while (true) {");
    L->indent++;
    /* the condition region's YIELD becomes `if (!(c)) break;` */
    for (const TileOp *c = op->regions[0].first; c; c = c->next) {
        if (c->kind == TOP_YIELD) {
            lw_line(L, c, "if (!(v%d)) break;", c->operands[0]);
        } else if (lw_op(L, c) < 0) {
            return -1;
        }
    }
    if (lw_region(L, &op->regions[1]) < 0) return -1;
    L->indent--;
    lw_line(L, op, "}");
    return 0;
}

static int emit_var(Lower *L, const TileOp *op) {
    int var = op->var;
    const TileType *t = &L->f->vars[var].type;
    int n = L->fa_var && L->fa_var[var] ? L->fa_var[var] : lw_slots(L, lw_numel(t));
    if (op->kind == TOP_VAR_READ) {
        lw_declare(L, op);
        if (t->rank > 0)
            lw_line(L, op, "KR_FOR(r, %d) v%d[r] = s%d[r];", n, op->result, var);
        else
            lw_line(L, op, "v%d = s%d;", op->result, var);
    } else {
        int v = op->operands[0];
        if (t->rank > 0)
            lw_line(L, op, "KR_FOR(r, %d) s%d[r] = v%d[r];", n, var, v);
        else
            lw_line(L, op, "s%d = v%d;", var, v);
    }
    return 0;
}

int lw_op(Lower *L, const TileOp *op) {
    /* a load mma_sm90_op.c copies straight to shared memory on sm_90a, or its chain */
    if (L->npins) {
        int d = lw_sm90_deferred(L, op);
        if (d) return d < 0 ? -1 : 0;
    }
    return lw_op_generic(L, op);
}

int lw_op_generic(Lower *L, const TileOp *op) {
    switch (op->kind) {
    case TOP_LOAD:
    case TOP_STORE:
    case TOP_GATHER:
    case TOP_SCATTER:
    case TOP_ATOMIC_RMW:
    case TOP_ATOMIC_CAS:
        if (op->array >= 0 && op->array < 64 && (L->ordered >> op->array & 1))
            lw_line(L, op, "__syncthreads(); /* program order on a%d */", op->array);
        break;
    default: break;
    }
    switch (op->kind) {
    case TOP_PARAM:
    case TOP_BID:
    case TOP_NUM_BLOCKS:
    case TOP_ARRAY_DIM:
    case TOP_ARRAY_STRIDE: return emit_scalar_source(L, op);
    case TOP_CONST: return emit_const(L, op);
    case TOP_IOTA: return emit_iota(L, op);
    case TOP_LOAD: return emit_load(L, op);
    case TOP_STORE: return emit_store(L, op);
    case TOP_GATHER: return emit_gather(L, op);
    case TOP_SCATTER: return emit_scatter(L, op);
    case TOP_ATOMIC_RMW:
    case TOP_ATOMIC_CAS: return emit_atomic(L, op);
    case TOP_UNARY: return emit_unary(L, op);
    case TOP_BINARY: return emit_binary(L, op);
    case TOP_COMPARE: return emit_compare(L, op);
    case TOP_SELECT: return emit_select(L, op);
    case TOP_CAST: return emit_cast(L, op);
    case TOP_BITCAST: return emit_bitcast(L, op);
    case TOP_BROADCAST: return emit_broadcast(L, op);
    case TOP_RESHAPE: return emit_reshape(L, op);
    case TOP_PERMUTE: return emit_permute(L, op);
    case TOP_CAT: return emit_cat(L, op);
    case TOP_EXTRACT: return emit_extract(L, op);
    case TOP_INSERT: return emit_insert(L, op);
    case TOP_REDUCE: return emit_reduce(L, op);
    case TOP_ARGREDUCE: return emit_argreduce(L, op);
    case TOP_SCAN: return emit_scan(L, op);
    case TOP_MMA: return emit_mma(L, op);
    case TOP_PRINTF: return emit_printf(L, op);
    case TOP_ASSERT: return emit_assert(L, op);
    case TOP_ASSUME: copy_slots(L, op, op->operands[0]); return 0;
    case TOP_VAR_READ:
    case TOP_VAR_WRITE: return emit_var(L, op);
    case TOP_FOR: return emit_for(L, op);
    case TOP_IF: return emit_if(L, op);
    case TOP_WHILE: return emit_while(L, op);
    case TOP_BREAK: lw_line(L, op, "break;"); return 0;
    case TOP_CONTINUE: lw_line(L, op, "continue;"); return 0;
    case TOP_YIELD: lw_line(L, op, "return v%d;", op->operands[0]); return 0;
    case TOP_RETURN: lw_line(L, op, "return;"); return 0;
    default: return lw_error(L, op, "op %s has no CUDA lowering", tile_op_name(op->kind));
    }
}
