/* kernels_fuse.c: fused elementwise kernels. A FuseNode DAG (kernels.h) becomes one CUDA C
 * kernel: a device function evaluates the DAG on one element's loaded inputs, and a
 * grid-stride loop around it either moves 16-byte vectors (every operand contiguous or a
 * broadcast scalar) or decomposes the C-order index into per-operand offsets (any strides).
 *
 * The specialization key is the graph's structure and dtypes, each operand's layout class
 * and the path (vector width, or rank and index width); constants, sizes, shapes, strides
 * and pointers travel in the kernel's argument block, a by-value struct of 8-byte words:
 *   w[0..nin-1] input pointers, w[nin] out pointer, w[nin+1] n, then one word per CONST
 *   node, then (strided path) the collapsed shape and each strided operand's strides. */
#include "../runtime/profile.h"
#include "kernels_internal.h"

#include <stdio.h>
#include <string.h>

static const signed char fuse_arity_table[] = {
#define X(name, arity) arity,
    FUSE_OPS(X)
#undef X
};

int gpu_fuse_arity(int op) {
    return op >= 0 && op < FUSE__COUNT ? fuse_arity_table[op] : -1;
}

/* Broadcast every operand to out's shape, drop size-1 dims, merge dims contiguous in all. */
static void fuse_plan_layout(const GpuTensor *inputs, int nin, const GpuTensor *out, FusePlan *p) {
    int nd = out->ndim, nops = nin + 1;
    int64_t st[FUSE_MAX_INPUTS + 1][GPU_MAX_DIMS];
    int64_t sh[GPU_MAX_DIMS];
    int r = 0;
    for (int d = 0; d < nd; d++) {
        if (out->shape[d] == 1) continue;
        sh[r] = out->shape[d];
        st[0][r] = out->strides[d];
        for (int k = 0; k < nin; k++) {
            const GpuTensor *t = &inputs[k];
            int td = d - (nd - t->ndim);
            st[k + 1][r] = (td < 0 || t->shape[td] == 1) ? 0 : t->strides[td];
        }
        r++;
    }
    /* Merge dim i-1 into dim i when every operand steps over dim i exactly. */
    int m = 0;
    for (int d = 0; d < r; d++) {
        if (m > 0) {
            bool merge = true;
            for (int k = 0; k < nops && merge; k++)
                merge = p->strides[k][m - 1] == st[k][d] * sh[d];
            if (merge) {
                p->shape[m - 1] *= sh[d];
                for (int k = 0; k < nops; k++)
                    p->strides[k][m - 1] = st[k][d];
                continue;
            }
        }
        p->shape[m] = sh[d];
        for (int k = 0; k < nops; k++)
            p->strides[k][m] = st[k][d];
        m++;
    }
    p->rank = m;
    p->n = 1;
    for (int d = 0; d < m; d++)
        p->n *= p->shape[d];
    for (int k = 0; k < nops; k++) {
        bool scalar = true, contig = true;
        int64_t expect = 1;
        for (int d = m - 1; d >= 0; d--) {
            if (p->strides[k][d] != 0) scalar = false;
            if (p->strides[k][d] != expect) contig = false;
            expect *= p->shape[d];
        }
        p->layout[k] = (contig && (k == 0 || !scalar || m == 0))
                           ? FUSE_LAYOUT_CONTIG
                           : (scalar ? FUSE_LAYOUT_SCALAR
                                     : (contig ? FUSE_LAYOUT_CONTIG : FUSE_LAYOUT_STRIDED));
    }
    if (p->layout[0] == FUSE_LAYOUT_SCALAR)
        p->layout[0] = FUSE_LAYOUT_STRIDED; /* n == 1 handled above */
}

/* The dtype a node computes in (see FUSE_OPS in kernels.h). */
DType kernels_fuse_compute_dtype(const FuseNode *nodes, const FuseNode *nd) {
    switch (nd->op) {
    case FUSE_EQ:
    case FUSE_NE:
    case FUSE_LT:
    case FUSE_LE:
    case FUSE_GT:
    case FUSE_GE: return gpu_dtype_promote(nodes[nd->a].dtype, nodes[nd->b].dtype);
    case FUSE_ISNAN:
    case FUSE_ISINF:
    case FUSE_ISFINITE: return nodes[nd->a].dtype;
    case FUSE_LOGICAL_AND:
    case FUSE_LOGICAL_OR:
    case FUSE_LOGICAL_XOR:
    case FUSE_LOGICAL_NOT: return DT_BOOL;
    case FUSE_SUB:
    case FUSE_FLOORDIV:
    case FUSE_MOD:
    case FUSE_LSHIFT:
    case FUSE_RSHIFT:
    case FUSE_NEG:
    case FUSE_SIGN: return nd->dtype == DT_BOOL ? DT_INT8 : nd->dtype;
    case FUSE_TRUEDIV: return gpu_dtype_kind(nd->dtype) == 'f' ? nd->dtype : DT_FLOAT64;
    default: return nd->dtype;
    }
}

int kernels_fuse_validate(GpuState *G, const FuseNode *nodes, int nnodes, int root, int nin) {
    if (nnodes <= 0 || nnodes > FUSE_MAX_NODES || root < 0 || root >= nnodes)
        return gpu_set_error(G, GPU_ERR_CUDA, "fused kernel: bad graph (%d nodes, root %d)", nnodes,
                             root);
    if (nin < 0 || nin > FUSE_MAX_INPUTS)
        return gpu_set_error(G, GPU_ERR_CUDA, "fused kernel: too many inputs (%d)", nin);
    for (int i = 0; i < nnodes; i++) {
        const FuseNode *nd = &nodes[i];
        int ar = gpu_fuse_arity(nd->op);
        if (ar < 0 || nd->dtype < 0 || nd->dtype >= DT__COUNT)
            return gpu_set_error(G, GPU_ERR_CUDA, "fused kernel: bad node %d", i);
        int ops[3] = {nd->a, nd->b, nd->c};
        for (int k = 0; k < ar; k++)
            if (ops[k] < 0 || ops[k] >= i)
                return gpu_set_error(G, GPU_ERR_CUDA, "fused kernel: node %d operand %d", i, k);
        if (nd->op == FUSE_ROWRED) /* a row program's (gpu_fused_rows) */
            return gpu_set_error(G, GPU_ERR_CUDA, "fused kernel: node %d is a row reduction", i);
        if (nd->op == FUSE_INPUT && (nd->input < 0 || nd->input >= nin))
            return gpu_set_error(G, GPU_ERR_CUDA, "fused kernel: node %d input %d", i, nd->input);
    }
    return 0;
}

/* The compact key: family, path, width/rank, counts, dtypes and layouts, then the nodes. */
size_t kernels_fuse_key(uint8_t *key, const FuseNode *nodes, int nnodes, int root,
                        const GpuTensor *inputs, int nin, const GpuTensor *out, const FusePlan *p) {
    size_t k = 0;
    key[k++] = 'F';
    key[k++] = (uint8_t)p->path;
    key[k++] = (uint8_t)(p->path == FUSE_PATH_VECTOR ? p->vec : p->rank);
    key[k++] = (uint8_t)nin;
    key[k++] = (uint8_t)nnodes;
    key[k++] = (uint8_t)root;
    key[k++] = (uint8_t)out->dtype;
    key[k++] = p->layout[0];
    for (int i = 0; i < nin; i++) {
        key[k++] = (uint8_t)inputs[i].dtype;
        key[k++] = p->layout[i + 1];
    }
    return k + kernels_fuse_key_nodes(key + k, nodes, nnodes);
}

/* Seven bytes a node: operation, dtype, operands, input (a row reduction's operation),
 * checks. */
size_t kernels_fuse_key_nodes(uint8_t *key, const FuseNode *nodes, int nnodes) {
    size_t k = 0;
    for (int i = 0; i < nnodes; i++) {
        const FuseNode *nd = &nodes[i];
        key[k++] = (uint8_t)nd->op;
        key[k++] = (uint8_t)nd->dtype;
        key[k++] = (uint8_t)nd->a;
        key[k++] = (uint8_t)nd->b;
        key[k++] = (uint8_t)nd->c;
        key[k++] = (uint8_t)(nd->op == FUSE_INPUT    ? nd->input
                             : nd->op == FUSE_ROWRED ? (int)nd->iscalar
                                                     : 0);
        key[k++] = (uint8_t)kernels_fpe_mask(nodes, nd);
    }
    return k;
}

static void fuse_operand(KSource *s, const FuseNode *nodes, int idx, DType to) {
    char name[16];
    snprintf(name, sizeof name, "v%d", idx);
    ksrc_convert(s, nodes[idx].dtype, to, name);
}

static const char *fuse_func_name(int op) {
    switch (op) {
    case FUSE_FLOORDIV: return "kr_floordiv";
    case FUSE_MOD: return "kr_mod";
    case FUSE_POW: return "kr_pow";
    case FUSE_ABS: return "kr_abs";
    case FUSE_LSHIFT: return "kr_shl";
    case FUSE_RSHIFT: return "kr_shr";
    case FUSE_MAXIMUM: return "kr_max";
    case FUSE_MINIMUM: return "kr_min";
    case FUSE_EXP: return "kr_exp";
    case FUSE_EXPM1: return "kr_expm1";
    case FUSE_LOG: return "kr_log";
    case FUSE_LOG1P: return "kr_log1p";
    case FUSE_LOG2: return "kr_log2";
    case FUSE_LOG10: return "kr_log10";
    case FUSE_SQRT: return "kr_sqrt";
    case FUSE_RECIPROCAL: return "kr_recip";
    case FUSE_SIN: return "kr_sin";
    case FUSE_COS: return "kr_cos";
    case FUSE_TAN: return "kr_tan";
    case FUSE_SINH: return "kr_sinh";
    case FUSE_COSH: return "kr_cosh";
    case FUSE_TANH: return "kr_tanh";
    case FUSE_ARCSIN: return "kr_arcsin";
    case FUSE_ARCCOS: return "kr_arccos";
    case FUSE_ARCTAN: return "kr_arctan";
    case FUSE_ARCSINH: return "kr_arcsinh";
    case FUSE_ARCCOSH: return "kr_arccosh";
    case FUSE_ARCTANH: return "kr_arctanh";
    case FUSE_ARCTAN2: return "kr_arctan2";
    case FUSE_HYPOT: return "kr_hypot";
    case FUSE_FLOOR: return "kr_floor";
    case FUSE_CEIL: return "kr_ceil";
    case FUSE_RINT: return "kr_rint";
    case FUSE_TRUNC: return "kr_trunc";
    case FUSE_SIGN: return "kr_sign";
    case FUSE_ISNAN: return "kr_isnan";
    case FUSE_ISINF: return "kr_isinf";
    case FUSE_ISFINITE: return "kr_isfinite";
    default: return NULL;
    }
}

static const char *fuse_infix(int op, DType ct) {
    bool b = ct == DT_BOOL;
    switch (op) {
    case FUSE_ADD: return b ? "||" : "+";
    case FUSE_SUB: return "-";
    case FUSE_MUL: return b ? "&&" : "*";
    case FUSE_TRUEDIV: return "/";
    case FUSE_EQ: return "==";
    case FUSE_NE: return "!=";
    case FUSE_LT: return "<";
    case FUSE_LE: return "<=";
    case FUSE_GT: return ">";
    case FUSE_GE: return ">=";
    case FUSE_LOGICAL_AND: return "&&";
    case FUSE_LOGICAL_OR: return "||";
    case FUSE_LOGICAL_XOR: return "!=";
    case FUSE_BIT_AND: return "&";
    case FUSE_BIT_OR: return "|";
    case FUSE_BIT_XOR: return "^";
    default: return NULL;
    }
}

/* Whether a node's float result must be rounded to its float16/bfloat16 dtype: the
 * expression is computed in float, and ksrc_convert between one type does nothing. An input
 * already holds a 16-bit value. */
static bool fuse_rounds_16bit(const FuseNode *nd, DType produced) {
    return (nd->dtype == DT_FLOAT16 || nd->dtype == DT_BFLOAT16) && produced == nd->dtype &&
           nd->op != FUSE_INPUT;
}

/* The nodes that check floating-point errors (each has a flag word argument). */
static int fuse_nchecked(const FuseNode *nodes, int nnodes) {
    int n = 0;
    for (int i = 0; i < nnodes; i++)
        if (kernels_fpe_mask(nodes, &nodes[i])) n++;
    return n;
}

void kernels_fuse_mark_live(const FuseNode *nodes, int nnodes, bool *live) {
    for (int i = nnodes - 1; i >= 0; i--) {
        if (!live[i]) continue;
        const FuseNode *nd = &nodes[i];
        if (nd->a >= 0) live[nd->a] = true;
        if (nd->b >= 0) live[nd->b] = true;
        if (nd->c >= 0) live[nd->c] = true;
    }
}

/* The device function: loaded input values in, the root's value (in out's register type)
 * out. Constants are read from the argument block. */
void kernels_fuse_gen_eval(KSource *s, const FuseNode *nodes, int nnodes, int root,
                           const GpuTensor *inputs, int nin, DType out_dt, int const_base,
                           bool only_live) {
    ksrc_printf(s, "__device__ __forceinline__ %s kr_eval(const KrArgs &p%s",
                kdtype_register(out_dt), fuse_nchecked(nodes, nnodes) ? ", unsigned *fe" : "");
    for (int k = 0; k < nin; k++)
        ksrc_printf(s, ", %s x%d", kdtype_register(inputs[k].dtype), k);
    ksrc_puts(s, ") {\n");
    /* only_live: the nodes root does not reach are left out, their constants and checks
     * still counted (a row program's root graph holds its stages' nodes, layer norm's square,
     * whose checks the stages make; a check keeps a dead node's work alive). */
    bool live[FUSE_MAX_NODES] = {false};
    for (int i = 0; i < nnodes; i++)
        live[i] = !only_live || i == root;
    kernels_fuse_mark_live(nodes, nnodes, live);
    int nconst = 0, nchecked = 0;
    for (int i = 0; i < nnodes; i++) {
        const FuseNode *nd = &nodes[i];
        if (!live[i]) {
            if (nd->op == FUSE_CONST) nconst++;
            if (kernels_fpe_mask(nodes, nd)) nchecked++;
            continue;
        }
        DType ct = kernels_fuse_compute_dtype(nodes, nd);
        const char *rt = kdtype_register(nd->dtype);
        ksrc_printf(s, "    %s v%d = ", rt, i);
        /* The expression is built in ct's register type, then converted to the node's. */
        KSource e;
        ksrc_init(&e, s->G);
        switch (nd->op) {
        case FUSE_INPUT: {
            char name[16];
            snprintf(name, sizeof name, "x%d", nd->input);
            ksrc_puts(&e, name);
            ct = inputs[nd->input].dtype;
            break;
        }
        case FUSE_CONST:
            if (gpu_dtype_kind(nd->dtype) == 'f') {
                ksrc_printf(&e, "__longlong_as_double((i64)p.w[%d])", const_base + nconst);
                ct = DT_FLOAT64;
            } else {
                ksrc_printf(&e, "(i64)p.w[%d]", const_base + nconst);
                ct = DT_INT64;
            }
            nconst++;
            break;
        case FUSE_CAST:
            fuse_operand(&e, nodes, nd->a, nd->dtype);
            ct = nd->dtype;
            break;
        case FUSE_WHERE:
            ksrc_puts(&e, "(");
            fuse_operand(&e, nodes, nd->a, DT_BOOL);
            ksrc_puts(&e, ") ? (");
            fuse_operand(&e, nodes, nd->b, ct);
            ksrc_puts(&e, ") : (");
            fuse_operand(&e, nodes, nd->c, ct);
            ksrc_puts(&e, ")");
            break;
        case FUSE_CLIP:
            ksrc_printf(&e, "kr_min<%s>(kr_max<%s>(", kdtype_register(ct), kdtype_register(ct));
            fuse_operand(&e, nodes, nd->a, ct);
            ksrc_puts(&e, ", ");
            fuse_operand(&e, nodes, nd->b, ct);
            ksrc_puts(&e, "), ");
            fuse_operand(&e, nodes, nd->c, ct);
            ksrc_puts(&e, ")");
            break;
        case FUSE_NEG:
            ksrc_printf(&e, "(%s)(-(", kdtype_register(ct));
            fuse_operand(&e, nodes, nd->a, ct);
            ksrc_puts(&e, "))");
            break;
        case FUSE_LOGICAL_NOT:
            ksrc_puts(&e, "!(");
            fuse_operand(&e, nodes, nd->a, DT_BOOL);
            ksrc_puts(&e, ")");
            break;
        case FUSE_INVERT:
            ksrc_printf(&e, "(%s)(%s(", kdtype_register(ct), ct == DT_BOOL ? "!" : "~");
            fuse_operand(&e, nodes, nd->a, ct);
            ksrc_puts(&e, "))");
            break;
        case FUSE_SQUARE: ksrc_printf(&e, "(%s)(v%d_t * v%d_t)", kdtype_register(ct), i, i); break;
        default: {
            const char *inf = fuse_infix(nd->op, ct);
            const char *fn = fuse_func_name(nd->op);
            int ar = gpu_fuse_arity(nd->op);
            if (inf) {
                ksrc_printf(&e, "(%s)((", kdtype_register(ct));
                fuse_operand(&e, nodes, nd->a, ct);
                ksrc_printf(&e, ") %s (", inf);
                fuse_operand(&e, nodes, nd->b, ct);
                ksrc_puts(&e, "))");
            } else if (fn) {
                bool templ = nd->op == FUSE_MAXIMUM || nd->op == FUSE_MINIMUM ||
                             nd->op == FUSE_FLOORDIV || nd->op == FUSE_MOD || nd->op == FUSE_POW ||
                             nd->op == FUSE_LSHIFT || nd->op == FUSE_RSHIFT || nd->op == FUSE_ABS ||
                             nd->op == FUSE_SIGN || nd->op == FUSE_RECIPROCAL ||
                             nd->op == FUSE_ISNAN || nd->op == FUSE_ISINF ||
                             nd->op == FUSE_ISFINITE || nd->op == FUSE_FLOOR ||
                             nd->op == FUSE_CEIL || nd->op == FUSE_RINT || nd->op == FUSE_TRUNC;
                if (templ)
                    ksrc_printf(&e, "%s<%s>(", fn, kdtype_register(ct));
                else
                    ksrc_printf(&e, "%s(", fn);
                fuse_operand(&e, nodes, nd->a, ct);
                if (ar >= 2) {
                    ksrc_puts(&e, ", ");
                    fuse_operand(&e, nodes, nd->b, ct);
                }
                ksrc_puts(&e, ")");
                /* Math on integers (the caller should have cast): compute in double. */
            }
            break;
        }
        }
        if (nd->op == FUSE_SQUARE) {
            /* square needs its operand twice: bind it first. */
            KSource t;
            ksrc_init(&t, s->G);
            fuse_operand(&t, nodes, nd->a, ct);
            ksrc_printf(s, "0;\n    %s v%d_t = %s;\n    v%d = ", kdtype_register(ct), i,
                        t.buf ? t.buf : "0", i);
            if (t.failed) s->failed = true;
            ksrc_free(&t);
        }
        const char *expr = e.buf ? e.buf : "0";
        if (e.failed) s->failed = true;
        /* comparisons etc. yield bool regardless of ct */
        DType produced = ct;
        if (nd->op >= FUSE_EQ && nd->op <= FUSE_LOGICAL_NOT) produced = DT_BOOL;
        if (nd->op == FUSE_ISNAN || nd->op == FUSE_ISINF || nd->op == FUSE_ISFINITE)
            produced = DT_BOOL;
        if (fuse_rounds_16bit(nd, produced)) {
            /* computed in float: round to the node's 16-bit type, as NumPy does per ufunc */
            ksrc_printf(s, "%s((float)(%s))", nd->dtype == DT_FLOAT16 ? "kr_rh" : "kr_rb", expr);
        } else {
            ksrc_convert(s, produced, nd->dtype, expr);
        }
        ksrc_puts(s, ";\n");
        ksrc_free(&e);
        if (kernels_fpe_mask(nodes, nd)) {
            /* the operands as the node saw them (a cast: the source value) */
            KSource oa, ob;
            ksrc_init(&oa, s->G);
            ksrc_init(&ob, s->G);
            DType cct = kernels_fuse_compute_dtype(nodes, nd);
            if (nd->op == FUSE_CAST)
                ksrc_printf(&oa, "v%d", nd->a);
            else
                fuse_operand(&oa, nodes, nd->a, cct);
            if (gpu_fuse_arity(nd->op) >= 2) fuse_operand(&ob, nodes, nd->b, cct);
            if (oa.failed || ob.failed) s->failed = true;
            kernels_fpe_gen_check(s, nodes, i, nchecked++, oa.buf ? oa.buf : "0",
                                  ob.buf ? ob.buf : "0");
            ksrc_free(&oa);
            ksrc_free(&ob);
        }
    }
    ksrc_puts(s, "    return ");
    char name[16];
    snprintf(name, sizeof name, "v%d", root);
    ksrc_convert(s, nodes[root].dtype, out_dt, name);
    ksrc_puts(s, ";\n}\n");
}

/* The whole kernel "kr_fuse" for the plan's path. */
/* The value stored for element i: kr_eval(p, operands) converted to the output dtype. A
 * contiguous input is in<k>[i] (lane j of the vector a<k> when lane), a broadcast scalar
 * s<k>, a strided one in<k>[o<k+1>]. */
static void fuse_store_eval(KSource *s, const FusePlan *p, int nin, DType out_dt, bool lane,
                            bool fe) {
    KSource call;
    ksrc_init(&call, s->G);
    ksrc_puts(&call, fe ? "kr_eval(p, fe" : "kr_eval(p");
    for (int k = 0; k < nin; k++) {
        if (p->layout[k + 1] == FUSE_LAYOUT_CONTIG && lane)
            ksrc_printf(&call, ", kr_ld(a%d.v[j])", k);
        else if (p->layout[k + 1] == FUSE_LAYOUT_CONTIG)
            ksrc_printf(&call, ", kr_ld(in%d[i])", k);
        else if (p->layout[k + 1] == FUSE_LAYOUT_SCALAR)
            ksrc_printf(&call, ", s%d", k);
        else
            ksrc_printf(&call, ", kr_ld(in%d[o%d])", k, k + 1);
    }
    ksrc_puts(&call, ")");
    ksrc_store_expr(s, out_dt, call.buf ? call.buf : "0");
    ksrc_free(&call);
}

/* The end of the kernel: each checked node's bits, ORed over the warp (every lane gets
 * here: the loops have no early exit and blocks are whole warps), one atomic per warp. */
void kernels_fuse_gen_end(KSource *s, int nchecked, int fpe_base) {
    for (int c = 0; c < nchecked; c++)
        ksrc_printf(s,
                    "    { unsigned f = kr_fe_warp(fe[%d]);\n"
                    "      if ((threadIdx.x & 31) == 0 && f) atomicOr((unsigned *)p.w[%d], f); }\n",
                    c, fpe_base + c);
    ksrc_puts(s, "}\n");
}

/* The rows path: a block per row of the innermost dim (grid-stride over rows), the row's
 * index decomposed once, eight columns per thread per step so that each thread keeps eight
 * loads in flight (four: 32 KB in flight an SM at most, about what the H200 needs, less
 * when registers limit the blocks an SM holds). */
#define FUSE_ROWS_UNROLL 8
static void fuse_gen_rows(KSource *s, const FusePlan *p, int nin, DType out_dt, int shape_base,
                          int nchecked, int fpe_base) {
    int last = p->rank - 1, nstr = 0, sb[FUSE_MAX_INPUTS + 1];
    for (int k = 0; k <= nin; k++)
        if (p->layout[k] == FUSE_LAYOUT_STRIDED) sb[k] = shape_base + p->rank * (1 + nstr++);
    ksrc_printf(s, "    const i64 L = (i64)p.w[%d], rows = n / L;\n", shape_base + last);
    ksrc_puts(s, "    for (i64 r = blockIdx.x; r < rows; r += gridDim.x) {\n"
                 "        i64 rem = r;\n");
    for (int k = 0; k <= nin; k++)
        if (p->layout[k] == FUSE_LAYOUT_STRIDED) ksrc_printf(s, "        i64 b%d = 0;\n", k);
    for (int d = last - 1; d >= 0; d--) {
        ksrc_printf(s, "        { i64 sz = (i64)p.w[%d]; i64 c = rem %% sz; rem /= sz;\n",
                    shape_base + d);
        for (int k = 0; k <= nin; k++)
            if (p->layout[k] == FUSE_LAYOUT_STRIDED)
                ksrc_printf(s, "          b%d += c * (i64)p.w[%d];\n", k, sb[k] + d);
        ksrc_puts(s, "        }\n");
    }
    ksrc_puts(s, "        const i64 base = r * L;\n        i64 j = threadIdx.x;\n");
    /* FUSE_ROWS_UNROLL columns per thread per step, then one at a time */
    for (int unroll = FUSE_ROWS_UNROLL; unroll >= 1; unroll = unroll > 1 ? 1 : 0) {
        if (unroll > 1)
            ksrc_printf(s,
                        "        for (; j + %d * (i64)blockDim.x < L; j += %d * (i64)blockDim.x) "
                        "{\n",
                        unroll - 1, unroll);
        else
            ksrc_puts(s, "        for (; j < L; j += blockDim.x) {\n");
        for (int u = 0; u < unroll; u++) {
            ksrc_printf(s, "          { const i64 c = j + %d * (i64)blockDim.x, i = base + c;\n",
                        u);
            for (int k = 0; k <= nin; k++)
                if (p->layout[k] == FUSE_LAYOUT_STRIDED)
                    ksrc_printf(s, "            const i64 o%d = b%d + c * (i64)p.w[%d];\n", k, k,
                                sb[k] + last);
            ksrc_printf(s, "            (void)i; out[%s] = ",
                        p->layout[0] == FUSE_LAYOUT_STRIDED ? "o0" : "i");
            fuse_store_eval(s, p, nin, out_dt, false, nchecked > 0);
            ksrc_puts(s, "; }\n");
        }
        ksrc_puts(s, "        }\n");
    }
    ksrc_puts(s, "    }\n");
    kernels_fuse_gen_end(s, nchecked, fpe_base);
}

void kernels_fuse_gen_source(KSource *s, const FuseNode *nodes, int nnodes, int root,
                             const GpuTensor *inputs, int nin, DType out_dt, const FusePlan *p,
                             int nwords, int const_base, int fpe_base, int shape_base) {
    int nchecked = fuse_nchecked(nodes, nnodes);
    bool fe = nchecked > 0;
    ksrc_puts(s, kernels_prelude);
    if (fe) ksrc_puts(s, kernels_fpe_prelude);
    ksrc_printf(s, "struct KrArgs { u64 w[%d]; };\n", nwords);
    kernels_fuse_gen_eval(s, nodes, nnodes, root, inputs, nin, out_dt, const_base, false);
    const char *ot = kdtype_storage(out_dt);
    ksrc_puts(s, "extern \"C\" __global__ void __launch_bounds__(256) kr_fuse(const KrArgs p) {\n");
    for (int k = 0; k < nin; k++)
        ksrc_printf(s, "    const %s *__restrict__ in%d = (const %s *)p.w[%d];\n",
                    kdtype_storage(inputs[k].dtype), k, kdtype_storage(inputs[k].dtype), k);
    ksrc_printf(s, "    %s *__restrict__ out = (%s *)p.w[%d];\n", ot, ot, nin);
    ksrc_printf(s, "    const i64 n = (i64)p.w[%d];\n", nin + 1);
    if (fe) ksrc_printf(s, "    unsigned fe[%d] = {0};\n", nchecked);
    for (int k = 0; k < nin; k++)
        if (p->layout[k + 1] == FUSE_LAYOUT_SCALAR)
            ksrc_printf(s, "    const %s s%d = kr_ld(in%d[0]);\n", kdtype_register(inputs[k].dtype),
                        k, k);
    if (p->path == FUSE_PATH_VECTOR) {
        int V = p->vec;
        /* kernels_fuse_vectors: with V == 1 there is no vector loop, the tail does all */
        if (V > 1)
            ksrc_printf(s, "    const i64 nv = n / %d;\n", V);
        else
            ksrc_puts(s, "    const i64 nv = 0;\n");
        ksrc_puts(s, "    const i64 stride = (i64)gridDim.x * blockDim.x;\n"
                     "    const i64 t0 = (i64)blockIdx.x * blockDim.x + threadIdx.x;\n");
        if (V > 1) {
            ksrc_puts(s, "    for (i64 v = t0; v < nv; v += stride) {\n");
            for (int k = 0; k < nin; k++)
                if (p->layout[k + 1] == FUSE_LAYOUT_CONTIG)
                    ksrc_printf(s,
                                "        kr_vec<%s, %d> a%d = ((const kr_vec<%s, %d> *)in%d)[v];\n",
                                kdtype_storage(inputs[k].dtype), V, k,
                                kdtype_storage(inputs[k].dtype), V, k);
            ksrc_printf(s, "        kr_vec<%s, %d> r;\n", ot, V);
            ksrc_printf(s, "#pragma unroll\n        for (int j = 0; j < %d; j++) {\n", V);
            ksrc_puts(s, "            r.v[j] = ");
            fuse_store_eval(s, p, nin, out_dt, true, fe);
            ksrc_printf(s, ";\n        }\n        ((kr_vec<%s, %d> *)out)[v] = r;\n    }\n", ot, V);
        }
        ksrc_printf(s, "    for (i64 i = nv * %d + t0; i < n; i += stride) {\n", V);
        ksrc_puts(s, "        out[i] = ");
        fuse_store_eval(s, p, nin, out_dt, false, fe);
        ksrc_puts(s, ";\n    }\n");
        kernels_fuse_gen_end(s, nchecked, fpe_base);
        return;
    }
    if (p->path == FUSE_PATH_ROWS) {
        fuse_gen_rows(s, p, nin, out_dt, shape_base, nchecked, fpe_base);
        return;
    }
    /* Strided: decompose the C-order index; idx_t is 32-bit when every offset fits. */
    const char *it = p->path == FUSE_PATH_STRIDED32 ? "unsigned" : "u64";
    const char *ot_off = p->path == FUSE_PATH_STRIDED32 ? "int" : "i64";
    ksrc_printf(s, "    const %s nn = (%s)n;\n", it, it);
    ksrc_printf(s, "    const %s stride = (%s)gridDim.x * blockDim.x;\n", it, it);
    ksrc_printf(
        s, "    for (%s i = (%s)blockIdx.x * blockDim.x + threadIdx.x; i < nn; i += stride) {\n",
        it, it);
    ksrc_printf(s, "        %s rem = i;\n", it);
    int nstr = 0;
    int stride_base[FUSE_MAX_INPUTS + 1];
    for (int k = 0; k <= nin; k++) {
        if (p->layout[k] == FUSE_LAYOUT_STRIDED) {
            stride_base[k] = shape_base + p->rank * (1 + nstr);
            nstr++;
            ksrc_printf(s, "        %s o%d = 0;\n", ot_off, k);
        }
    }
    for (int d = p->rank - 1; d >= 0; d--) {
        ksrc_printf(s, "        { %s sz = (%s)p.w[%d]; %s c = rem %% sz; rem /= sz;\n", it, it,
                    shape_base + d, it);
        for (int k = 0; k <= nin; k++)
            if (p->layout[k] == FUSE_LAYOUT_STRIDED)
                ksrc_printf(s, "          o%d += (%s)c * (%s)(i64)p.w[%d];\n", k, ot_off, ot_off,
                            stride_base[k] + d);
        ksrc_puts(s, "        }\n");
    }
    ksrc_printf(s, "        out[%s] = ", p->layout[0] == FUSE_LAYOUT_STRIDED ? "o0" : "i");
    fuse_store_eval(s, p, nin, out_dt, false, fe);
    ksrc_puts(s, ";\n    }\n");
    kernels_fuse_gen_end(s, nchecked, fpe_base);
}

/* Plan the path and pack the argument words. Returns the word count, or -1. */
int kernels_fuse_prepare(GpuState *G, const FuseNode *nodes, int nnodes, const GpuTensor *inputs,
                         int nin, const GpuTensor *out, FusePlan *p, uint64_t *w, int *const_base,
                         int *fpe_base, int *shape_base) {
    p->vec = 1;
    fuse_plan_layout(inputs, nin, out, p);
    bool all_simple = true;
    int maxsize = gpu_dtype_size(out->dtype);
    for (int k = 0; k <= nin; k++) {
        if (p->layout[k] == FUSE_LAYOUT_STRIDED) all_simple = false;
        if (k > 0 && p->layout[k] == FUSE_LAYOUT_CONTIG) {
            int sz = gpu_dtype_size(inputs[k - 1].dtype);
            if (sz > maxsize) maxsize = sz;
        }
    }
    if (all_simple) {
        p->path = FUSE_PATH_VECTOR;
        int V = 16 / maxsize;
        for (int k = 0; k <= nin && V > 1; k++) {
            if (p->layout[k] != FUSE_LAYOUT_CONTIG) continue;
            const GpuTensor *t = k == 0 ? out : &inputs[k - 1];
            if (t->ptr % (uint64_t)(V * gpu_dtype_size(t->dtype)) != 0) V = 1;
        }
        p->vec = V;
    } else {
        bool small = p->n < (1ll << 31);
        for (int k = 0; k <= nin && small; k++) {
            int64_t span = 0;
            for (int d = 0; d < p->rank; d++) {
                int64_t a = p->strides[k][d] < 0 ? -p->strides[k][d] : p->strides[k][d];
                span += a * (p->shape[d] - 1);
            }
            if (span >= (1ll << 31)) small = false;
        }
        p->path = small ? FUSE_PATH_STRIDED32 : FUSE_PATH_STRIDED64;
    }
    int nw = 0;
    for (int k = 0; k < nin; k++)
        w[nw++] = inputs[k].ptr;
    w[nw++] = out->ptr;
    w[nw++] = (uint64_t)p->n;
    *const_base = nw;
    for (int i = 0; i < nnodes; i++) {
        if (nodes[i].op != FUSE_CONST) continue;
        w[nw++] = gpu_dtype_kind(nodes[i].dtype) == 'f' ? kword_f64(nodes[i].scalar)
                                                        : (uint64_t)nodes[i].iscalar;
    }
    *fpe_base = nw;
    for (int i = 0; i < nnodes; i++) {
        if (kernels_fpe_mask(nodes, &nodes[i])) w[nw++] = nodes[i].fpe_word;
    }
    *shape_base = nw;
    if (p->path != FUSE_PATH_VECTOR) {
        if (nw + p->rank * (nin + 2) > FUSE_MAX_WORDS)
            return gpu_set_error(G, GPU_ERR_CUDA, "fused kernel: too many arguments");
        for (int d = 0; d < p->rank; d++)
            w[nw++] = (uint64_t)p->shape[d];
        for (int k = 0; k <= nin; k++)
            if (p->layout[k] == FUSE_LAYOUT_STRIDED)
                for (int d = 0; d < p->rank; d++)
                    w[nw++] = (uint64_t)p->strides[k][d];
    }
    if (nw > FUSE_MAX_WORDS)
        return gpu_set_error(G, GPU_ERR_CUDA, "fused kernel: too many constants");
    return nw;
}

/* Generate and compile (arch: CUBIN only, no device) or look up and launch. */
static int fuse_run(GpuState *G, const FuseNode *nodes, int nnodes, int root,
                    const GpuTensor *inputs, int nin, GpuTensor *out, CUstream s,
                    const char *arch) {
    if (kernels_fuse_validate(G, nodes, nnodes, root, nin) < 0) return -1;
    if (out->ndim < 0 || out->ndim > GPU_MAX_DIMS)
        return gpu_set_error(G, GPU_ERR_CUDA, "fused kernel: bad output rank");
    FusePlan p = {0};
    uint64_t w[FUSE_MAX_WORDS + 8];
    int const_base, fpe_base, shape_base;
    int nw = kernels_fuse_prepare(G, nodes, nnodes, inputs, nin, out, &p, w, &const_base, &fpe_base,
                                  &shape_base);
    if (nw < 0) return -1;
    if (p.path != FUSE_PATH_VECTOR && p.rank >= 2 && p.shape[p.rank - 1] >= FUSE_ROWS_MIN)
        p.path = FUSE_PATH_ROWS;
    if (p.n == 0 && !arch) return 0;
    for (int i = 0; i < nnodes && !arch; i++)
        if (kernels_fpe_mask(nodes, &nodes[i]) && !nodes[i].fpe_word)
            return gpu_set_error(G, GPU_ERR_CUDA, "fused kernel: node %d has no flag word", i);
    uint8_t key[FUSE_KEY_BYTES];
    size_t klen = kernels_fuse_key(key, nodes, nnodes, root, inputs, nin, out, &p);
    uint64_t h = kcache_hash(key, klen);
    CUfunction f = arch ? NULL : kcache_find(G, key, klen, h);
    if (!f && !arch) {
        /* a new key: interpreted while its kernel compiles on a thread (kernels_interp.c) */
        int r = kernels_interp_fuse(G, nodes, nnodes, root, inputs, nin, out, &p, w, nw, const_base,
                                    fpe_base, shape_base, key, klen, h, s, &f);
        if (r < 0 || r == 1) return r < 0 ? -1 : 0;
    }
    if (!f) {
        KSource src;
        ksrc_init(&src, G);
        kernels_fuse_gen_source(&src, nodes, nnodes, root, inputs, nin, out->dtype, &p, nw,
                                const_base, fpe_base, shape_base);
        int rc = G->mock && !arch
                     ? kernels_host_fuse(G, nodes, nnodes, root, inputs, nin, out->dtype, &p,
                                         const_base, fpe_base, shape_base, &f)
                     : kernels_build(G, &src, "kr_fuse", arch, &f);
        ksrc_free(&src);
        if (rc < 0) return -1;
        if (arch) return 0;
        if (G->mock) gpu_func_name_set(G, f, "kr_fuse"); /* the JIT names the real ones */
        if (kcache_insert(G, key, klen, h, f) < 0) return -1;
    }
    int64_t work = p.path == FUSE_PATH_VECTOR ? (p.n + p.vec - 1) / p.vec
                   : p.path == FUSE_PATH_ROWS ? p.n / p.shape[p.rank - 1] * 256
                                              : p.n;
    gpu_prof_traffic(G, gpu_tensors_bytes(inputs, nin) + gpu_tensor_bytes(out), 0.0);
    return kernels_launch(G, f, kernels_grid(G, work, 256), 256, 0, s, w, nw);
}

int gpu_fused_elementwise(GpuState *G, const FuseNode *nodes, int nnodes, int root,
                          const GpuTensor *inputs, int ninputs, GpuTensor *out, CUstream s) {
    if (gpu_ensure(G) < 0) return -1;
    return fuse_run(G, nodes, nnodes, root, inputs, ninputs, out, s, NULL);
}

/* For gpu_kernels_compile_all: compile without a device. */
int kernels_fuse_compile(GpuState *G, const FuseNode *nodes, int nnodes, int root,
                         const GpuTensor *inputs, int ninputs, GpuTensor *out, const char *arch) {
    return fuse_run(G, nodes, nnodes, root, inputs, ninputs, out, NULL, arch);
}
