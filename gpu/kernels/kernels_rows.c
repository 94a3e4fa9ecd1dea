/* kernels_rows.c: row programs, a fused graph with row reductions in it (FUSE_ROWRED nodes:
 * softmax's `e / e.sum(axis=-1, keepdims=True)` over `e = exp(x - x.max(axis=-1, ...))`,
 * layer norm's mean and variance) as one kernel per row. The graph lives over a row space
 * (rows x L, L the innermost extent); a ROWRED node reduces its operand's value over the
 * row, and the nodes that read it see one value per row.
 *
 * The kernel "kr_rows": a block per row (grid-stride over rows) loads the row's elements of
 * each input once into registers (K per thread, K * block >= L), then runs each reduction
 * as a stage over those registers (the stage's graph from kernels_fuse_gen_eval, inside its
 * own namespace, with the earlier stages' results as extra inputs; a warp-shuffle and
 * shared-memory tree leaves the value in every thread), then computes the root for each
 * element and stores it (or, the root a reduction, one value per row). The matrix is read
 * from memory once and written once: softmax with array ops was three kernels and four
 * passes before (two reductions and the elementwise pass that read their broadcasts).
 *
 * Stage by stage (kernels_rows_staged): each reduction as gpu_reduce_fused into a scratch
 * vector of rows values, then the root as gpu_fused_elementwise with them as inputs. It runs
 * on the mock device (whose host kernels mirror the reduction and fused families), for rows
 * longer than the register budget (L > 32768) and for a lone reduction (the same bits as the
 * reduction kernels give). Both paths first merge repeated nodes (the graph a pending value
 * builds holds a shared reduction once per use) and drop unreachable ones. */
#include "kernels_internal.h"

#include <stdio.h>
#include <string.h>

#define ROWS_MAX_K 32 /* elements of one input a thread keeps in registers */

static bool rows_same(const FuseNode *x, const FuseNode *y) {
    return x->op == y->op && x->dtype == y->dtype && x->a == y->a && x->b == y->b && x->c == y->c &&
           x->input == y->input && x->iscalar == y->iscalar &&
           memcmp(&x->scalar, &y->scalar, sizeof x->scalar) == 0 && x->fpe == y->fpe &&
           x->fpe_word == y->fpe_word;
}

/* Merge repeated nodes and drop the ones root does not reach: out gets the nodes in their
 * order, the new root's index is returned. */
static int rows_compact(const FuseNode *nodes, int nnodes, int root, FuseNode *out, int *nout) {
    int map[FUSE_MAX_NODES] = {0}, first[FUSE_MAX_NODES] = {0};
    FuseNode canon[FUSE_MAX_NODES];
    for (int i = 0; i < nnodes; i++) {
        FuseNode n = nodes[i];
        if (n.a >= 0) n.a = first[n.a];
        if (n.b >= 0) n.b = first[n.b];
        if (n.c >= 0) n.c = first[n.c];
        canon[i] = n;
        first[i] = i;
        for (int j = 0; j < i; j++)
            if (first[j] == j && rows_same(&canon[j], &n)) {
                first[i] = j;
                break;
            }
    }
    bool live[FUSE_MAX_NODES] = {false};
    live[first[root]] = true;
    kernels_fuse_mark_live(canon, nnodes, live);
    int k = 0;
    for (int i = 0; i < nnodes; i++) {
        if (!live[i] || first[i] != i) continue;
        FuseNode n = canon[i];
        if (n.a >= 0) n.a = map[n.a];
        if (n.b >= 0) n.b = map[n.b];
        if (n.c >= 0) n.c = map[n.c];
        map[i] = k;
        out[k++] = n;
    }
    *nout = k;
    return map[first[root]];
}

/* The graph nodes[0..upto] as an elementwise one: reduction node stage[t] becomes input
 * nin + t (its per-row value). */
static void rows_stage_graph(const FuseNode *nodes, int upto, int nin, FuseNode *out) {
    int t = 0;
    for (int i = 0; i <= upto; i++) {
        out[i] = nodes[i];
        if (nodes[i].op != FUSE_ROWRED) continue;
        memset(&out[i], 0, sizeof out[i]);
        out[i].op = FUSE_INPUT;
        out[i].dtype = nodes[i].dtype;
        out[i].a = out[i].b = out[i].c = -1;
        out[i].input = nin + t++;
    }
}

static int rows_check(GpuState *G, const FuseNode *nodes, int nnodes, int root, int nin,
                      const GpuTensor *space, const GpuTensor *out, int *nstages) {
    if (nnodes <= 0 || nnodes > FUSE_MAX_NODES || root < 0 || root >= nnodes)
        return gpu_set_error(G, GPU_ERR_CUDA, "row program: bad graph");
    if (space->ndim < 2 || space->ndim > GPU_MAX_DIMS || space->shape[space->ndim - 1] <= 0)
        return gpu_set_error(G, GPU_ERR_CUDA, "row program: bad row space");
    int nr = 0;
    for (int i = 0; i < nnodes; i++) {
        const FuseNode *nd = &nodes[i];
        if (nd->op != FUSE_ROWRED) continue;
        nr++;
        if (nd->a < 0 || nd->a >= i || gpu_dtype_kind(nd->dtype) != 'f' ||
            (nd->iscalar != GPU_REDUCE_SUM && nd->iscalar != GPU_REDUCE_MEAN &&
             nd->iscalar != GPU_REDUCE_MAX && nd->iscalar != GPU_REDUCE_MIN))
            return gpu_set_error(G, GPU_ERR_CUDA, "row program: bad reduction node %d", i);
    }
    if (nin + nr > FUSE_MAX_INPUTS)
        return gpu_set_error(G, GPU_ERR_CUDA, "row program: too many inputs");
    int64_t rows = 1;
    for (int d = 0; d < space->ndim - 1; d++)
        rows *= space->shape[d];
    int64_t n = gpu_tensor_size(out);
    if (n != rows * space->shape[space->ndim - 1] && n != rows)
        return gpu_set_error(G, GPU_ERR_CUDA, "row program: output size");
    if (n != rows && nodes[root].op == FUSE_ROWRED)
        return gpu_set_error(G, GPU_ERR_CUDA, "row program: a reduction into a row's shape");
    *nstages = 0;
    for (int i = 0; i < nnodes; i++)
        *nstages += nodes[i].op == FUSE_ROWRED;
    return 0;
}

/* A tensor over the row space whose rows are the contiguous vector at p (the last axis
 * broadcast): a reduction's values as an input of a later stage. */
static GpuTensor rows_vector_view(const GpuTensor *space, DType dt, CUdeviceptr p) {
    GpuTensor t = *space;
    t.ptr = p;
    t.dtype = dt;
    int nd = space->ndim;
    t.strides[nd - 1] = 0;
    int64_t st = 1;
    for (int d = nd - 2; d >= 0; d--) {
        t.strides[d] = st;
        st *= space->shape[d];
    }
    return t;
}

/* ---- stage by stage ---- */

static int rows_staged(GpuState *G, const FuseNode *nodes, int nnodes, int root,
                       const GpuTensor *inputs, int nin, const GpuTensor *space, GpuTensor *out,
                       CUstream s) {
    int nd = space->ndim;
    int64_t rows = 1;
    for (int d = 0; d < nd - 1; d++)
        rows *= space->shape[d];
    GpuTensor ins[FUSE_MAX_INPUTS];
    memcpy(ins, inputs, sizeof(GpuTensor) * (size_t)nin);
    CUdeviceptr tmp[FUSE_MAX_INPUTS] = {0};
    size_t tbytes[FUSE_MAX_INPUTS] = {0};
    FuseNode g[FUSE_MAX_NODES];
    int t = 0, rc = 0;
    for (int i = 0; i < nnodes && rc == 0; i++) {
        if (nodes[i].op != FUSE_ROWRED) continue;
        const FuseNode *r = &nodes[i];
        rows_stage_graph(nodes, r->a, nin, g);
        GpuTensor shape = *space, o;
        shape.dtype = nodes[r->a].dtype;
        /* the reduction's values: straight into out when it is the root and contiguous */
        bool direct = i == root && gpu_tensor_is_contiguous(out);
        tbytes[t] = (size_t)rows * (size_t)gpu_dtype_size(r->dtype);
        if (!direct && gpu_mem_alloc(G, tbytes[t], s, &tmp[t]) < 0) {
            rc = -1;
            break;
        }
        o = rows_vector_view(space, r->dtype, direct ? out->ptr : tmp[t]);
        o.ndim = nd - 1;
        rc = gpu_reduce_fused(G, (int)r->iscalar, g, r->a + 1, r->a, ins, nin + t, &shape, nd - 1,
                              &o, s);
        if (rc == 0 && i == root && !direct) {
            GpuTensor src = *out;
            GpuTensor v = rows_vector_view(space, r->dtype, tmp[t]);
            src.ptr = v.ptr;
            int64_t st = 1;
            for (int d = src.ndim - 1; d >= 0; d--) {
                src.strides[d] = st;
                st *= src.shape[d];
            }
            rc = gpu_copy_strided(G, &src, out, s);
        }
        ins[nin + t] = rows_vector_view(space, r->dtype, direct ? out->ptr : tmp[t]);
        t++;
    }
    if (rc == 0 && nodes[root].op != FUSE_ROWRED) {
        rows_stage_graph(nodes, root, nin, g);
        rc = gpu_fused_elementwise(G, g, root + 1, root, ins, nin + t, out, s);
    }
    for (int k = 0; k < t; k++)
        if (tmp[k]) gpu_mem_free(G, tmp[k], tbytes[k], s);
    return rc;
}

/* ---- one kernel per row ---- */

typedef struct RowsPlan {
    int nd, block, K, nstages, nchecked;
    /* full: L == block * K (no bounds tests); unit[0] out's, unit[1 + k] input k's last
     * stride is 1 (the row read by pointer and offset, no 64-bit index per element); V > 1:
     * every row operand is unit, full and aligned to V elements, each thread owning runs of
     * V adjacent elements, loaded and stored as one access (16 bytes for the widest dtype) */
    bool full, unit[FUSE_MAX_INPUTS + 1];
    int V;
    bool per_row_out; /* one value per row: a reduction, or an expression over reductions */
    bool per_row[FUSE_MAX_INPUTS]; /* the input is one value per row (its last stride 0) */
    int const_base, fpe_base, shape_base, nw;
    uint64_t w[FUSE_MAX_WORDS + 8];
} RowsPlan;

/* Argument words: inputs, out, rows, L, the constants, the checked nodes' flag words, the
 * row dims' sizes, then for out and each input its row dims' strides and its last stride. */
static int rows_plan(GpuState *G, const FuseNode *nodes, int nnodes, const GpuTensor *inputs,
                     int nin, const GpuTensor *space, const GpuTensor *out, bool per_row,
                     RowsPlan *p) {
    memset(p, 0, sizeof *p);
    p->per_row_out = per_row;
    int nd = space->ndim;
    int64_t L = space->shape[nd - 1], rows = 1;
    for (int d = 0; d < nd - 1; d++)
        rows *= space->shape[d];
    p->nd = nd;
    int64_t per = (L + 15) / 16, b = 32;
    while (b < per && b < 1024)
        b *= 2;
    int64_t K = (L + b - 1) / b, k2 = 1;
    while (k2 < K)
        k2 *= 2;
    if (k2 > ROWS_MAX_K) return 1; /* too long a row for the registers */
    p->block = (int)b;
    p->K = (int)k2;
    p->full = L == b * k2;
    int nw = 0;
    for (int k = 0; k < nin; k++)
        p->w[nw++] = inputs[k].ptr;
    p->w[nw++] = out->ptr;
    p->w[nw++] = (uint64_t)rows;
    p->w[nw++] = (uint64_t)L;
    p->const_base = nw;
    for (int i = 0; i < nnodes; i++)
        if (nodes[i].op == FUSE_CONST)
            p->w[nw++] = gpu_dtype_kind(nodes[i].dtype) == 'f' ? kword_f64(nodes[i].scalar)
                                                               : (uint64_t)nodes[i].iscalar;
    p->fpe_base = nw;
    for (int i = 0; i < nnodes; i++) {
        if (nodes[i].op == FUSE_ROWRED) p->nstages++;
        if (kernels_fpe_mask(nodes, &nodes[i])) {
            if (!nodes[i].fpe_word)
                return gpu_set_error(G, GPU_ERR_CUDA, "row program: node %d has no flag word", i);
            p->w[nw++] = nodes[i].fpe_word;
            p->nchecked++;
        }
    }
    p->shape_base = nw;
    if (nw + (nd - 1) + (nin + 1) * nd > FUSE_MAX_WORDS)
        return gpu_set_error(G, GPU_ERR_CUDA, "row program: too many arguments");
    for (int d = 0; d < nd - 1; d++)
        p->w[nw++] = (uint64_t)space->shape[d];
    /* out: its own dims (a reduction's result has the row dims, with or without a last 1) */
    GpuTensor ov = *out;
    if (per_row) {
        ov = rows_vector_view(space, out->dtype, out->ptr);
        int od = out->ndim, sd = od == nd ? nd - 1 : od;
        for (int d = 0; d < nd - 1; d++) {
            int k = d - ((nd - 1) - sd);
            ov.strides[d] = k < 0 || out->shape[k] == 1 ? 0 : out->strides[k];
        }
    }
    for (int k = 0; k <= nin; k++) {
        const GpuTensor *t = k == 0 ? &ov : &inputs[k - 1];
        for (int d = 0; d < nd; d++) {
            int td = d - (nd - t->ndim);
            p->w[nw++] = (uint64_t)((td < 0 || t->shape[td] == 1) ? 0 : t->strides[td]);
        }
        if (k > 0) p->per_row[k - 1] = p->w[nw - 1] == 0;
        p->unit[k] = p->w[nw - 1] == 1;
    }
    p->nw = nw;
    /* the vector width: 16 bytes of the widest row operand, when all of them allow it */
    int widest = 0;
    bool vec = p->full;
    for (int k = 0; k <= nin; k++) {
        bool row_op = k == 0 ? !per_row : !p->per_row[k - 1];
        if (!row_op) continue;
        const GpuTensor *t = k == 0 ? out : &inputs[k - 1];
        int es = gpu_dtype_size(t->dtype);
        if (es > widest) widest = es;
        vec = vec && p->unit[k];
    }
    p->V = 1;
    if (vec && widest > 0) {
        int V = 16 / widest;
        if (V > p->K) V = p->K;
        for (int k = 0; k <= nin && V > 1; k++) {
            bool row_op = k == 0 ? !per_row : !p->per_row[k - 1];
            if (!row_op) continue;
            const GpuTensor *t = k == 0 ? out : &inputs[k - 1];
            uint64_t vb = (uint64_t)V * (uint64_t)gpu_dtype_size(t->dtype);
            bool ok = t->ptr % vb == 0;
            /* every row starts aligned: the row dims' strides (elements) times the size */
            const uint64_t *st = &p->w[p->shape_base + (nd - 1) + k * nd];
            for (int d = 0; d < nd - 1; d++)
                ok = ok && (st[d] * (uint64_t)gpu_dtype_size(t->dtype)) % vb == 0;
            if (!ok) V = 1;
        }
        p->V = V;
    }
    return 0;
}

/* A reduction's value (accumulator v) in its node's register type, rounded to its dtype. */
static void rows_gen_fin(KSource *s, const FuseNode *r, const char *v) {
    if (r->dtype == DT_FLOAT16)
        ksrc_printf(s, "kr_rh((float)(%s))", v);
    else if (r->dtype == DT_BFLOAT16)
        ksrc_printf(s, "kr_rb((float)(%s))", v);
    else
        ksrc_printf(s, "(%s)(%s)", kdtype_register(r->dtype), v);
}

/* Whether nodes[0..upto] check floating-point errors (their kr_eval then takes fe). */
static bool rows_checks(const FuseNode *nodes, int upto) {
    for (int i = 0; i <= upto; i++)
        if (kernels_fpe_mask(nodes, &nodes[i])) return true;
    return false;
}

static void rows_gen_call(KSource *s, const char *ns, int nin, int nprev, bool fe) {
    ksrc_printf(s, "%s::kr_eval(p%s", ns, fe ? ", fe" : "");
    for (int k = 0; k < nin; k++)
        ksrc_printf(s, ", X%d(q)", k);
    for (int t = 0; t < nprev; t++)
        ksrc_printf(s, ", r%d", t);
    ksrc_puts(s, ")");
}

/* The root's value at element q, stored as out's dtype. */
static void rows_gen_root(KSource *s, const FuseNode *nodes, int root, int nin, int nstages,
                          DType out_dt) {
    KSource call;
    ksrc_init(&call, s->G);
    rows_gen_call(&call, "kr_fn", nin, nstages, rows_checks(nodes, root));
    ksrc_store_expr(s, out_dt, call.buf ? call.buf : "0");
    if (call.failed) s->failed = true;
    ksrc_free(&call);
}

static void rows_gen(KSource *s, const FuseNode *nodes, int nnodes, int root,
                     const GpuTensor *inputs, int nin, DType out_dt, const RowsPlan *p) {
    int nd = p->nd, B = p->block;
    bool fe = p->nchecked > 0;
    ksrc_puts(s, kernels_prelude);
    if (fe) ksrc_puts(s, kernels_fpe_prelude);
    ksrc_printf(s, "struct KrArgs { u64 w[%d]; };\n", p->nw);
    ksrc_puts(
        s, "template <int OP, class T> __device__ __forceinline__ T kr_cmb(T a, T b) {\n"
           "    return OP == 0 ? a + b : OP == 1 ? kr_max<T>(a, b) : kr_min<T>(a, b); }\n"
           "template <int OP, class T> __device__ __forceinline__ T kr_bred(T v, T *sh) {\n"
           "    for (int o = 16; o > 0; o >>= 1) v = kr_cmb<OP, T>(v, __shfl_xor_sync(0xffffffffu, "
           "v, o));\n"
           "    if ((threadIdx.x & 31) == 0) sh[threadIdx.x >> 5] = v;\n"
           "    __syncthreads();\n"
           "    v = sh[0];\n"
           "    for (int i = 1; i < (int)(blockDim.x >> 5); i++) v = kr_cmb<OP, T>(v, sh[i]);\n"
           "    __syncthreads();\n"
           "    return v; }\n");
    /* each stage's graph, and the root's, as kr_eval in its own namespace */
    GpuTensor ins[FUSE_MAX_INPUTS];
    memcpy(ins, inputs, sizeof(GpuTensor) * (size_t)nin);
    FuseNode g[FUSE_MAX_NODES];
    int t = 0;
    for (int i = 0; i < nnodes; i++) {
        if (nodes[i].op != FUSE_ROWRED) continue;
        rows_stage_graph(nodes, nodes[i].a, nin, g);
        ksrc_printf(s, "namespace kr_s%d {\n", t);
        kernels_fuse_gen_eval(s, g, nodes[i].a + 1, nodes[i].a, ins, nin + t,
                              nodes[nodes[i].a].dtype, p->const_base, true);
        ksrc_puts(s, "}\n");
        ins[nin + t].dtype = nodes[i].dtype;
        ins[nin + t].ndim = 0;
        t++;
    }
    bool root_red = nodes[root].op == FUSE_ROWRED;
    if (!root_red) { /* elementwise, or over per-row values only (per_row_out) */
        rows_stage_graph(nodes, root, nin, g);
        ksrc_puts(s, "namespace kr_fn {\n");
        kernels_fuse_gen_eval(s, g, root + 1, root, ins, nin + t, out_dt, p->const_base, true);
        ksrc_puts(s, "}\n");
    }
    const char *ot = kdtype_storage(out_dt);
    int V = p->V;
    /* element slot q of a thread: its index in the row, and whether the row has it */
    if (V > 1)
        ksrc_printf(s,
                    "#define KR_J(q) (((((q) / %d) * %d + (int)threadIdx.x) * %d) + (q) %% %d)\n",
                    V, B, V, V);
    else
        ksrc_printf(s, "#define KR_J(q) ((q) * %d + (int)threadIdx.x)\n", B);
    ksrc_puts(s, p->full ? "#define KR_IN(j) true\n" : "#define KR_IN(j) ((j) < L)\n");
    if (V > 1)
        ksrc_puts(s,
                  "template <class T, int N> struct alignas(sizeof(T) * N) KrVec { T v[N]; };\n");
    /* two blocks an SM at least (one block of 512 threads at 114 registers held one row in
     * flight an SM: its loads, reductions and stores never overlapped another row's) */
    ksrc_printf(
        s, "extern \"C\" __global__ void __launch_bounds__(%d, %d) kr_rows(const KrArgs p) {\n", B,
        B >= 1024      ? 1
        : 1024 / B < 8 ? 1024 / B
                       : 8);
    for (int k = 0; k < nin; k++)
        ksrc_printf(s, "    const %s *__restrict__ in%d = (const %s *)p.w[%d];\n",
                    kdtype_storage(inputs[k].dtype), k, kdtype_storage(inputs[k].dtype), k);
    ksrc_printf(s, "    %s *__restrict__ out = (%s *)p.w[%d];\n", ot, ot, nin);
    ksrc_printf(s, "    const i64 rows = (i64)p.w[%d], L = (i64)p.w[%d];\n", nin + 1, nin + 2);
    if (fe) ksrc_printf(s, "    unsigned fe[%d] = {0};\n", p->nchecked);
    ksrc_puts(s, "    __shared__ double sh_[32];\n"
                 "    for (i64 r = blockIdx.x; r < rows; r += gridDim.x) {\n"
                 "        i64 rem = r;\n");
    int sb = p->shape_base + nd - 1; /* out's strides, then each input's */
    for (int k = 0; k <= nin; k++)
        ksrc_printf(s, "        i64 b%d = 0;\n", k);
    for (int d = nd - 2; d >= 0; d--) {
        ksrc_printf(s, "        { i64 sz = (i64)p.w[%d]; i64 c = rem %% sz; rem /= sz;\n",
                    p->shape_base + d);
        for (int k = 0; k <= nin; k++)
            ksrc_printf(s, "          b%d += c * (i64)p.w[%d];\n", k, sb + k * nd + d);
        ksrc_puts(s, "        }\n");
    }
    /* the row's elements of each input, K a thread, in registers */
    for (int k = 0; k < nin; k++) {
        const char *rt = kdtype_register(inputs[k].dtype);
        const char *st = kdtype_storage(inputs[k].dtype);
        if (p->per_row[k]) {
            ksrc_printf(s, "        const %s x%d_ = kr_ld(in%d[b%d]);\n#define X%d(q) x%d_\n", rt,
                        k, k, k + 1, k, k);
            continue;
        }
        if (V > 1) {
            ksrc_printf(
                s,
                "        %s x%d_[%d];\n"
                "        { const %s *row = in%d + b%d;\n"
                "#pragma unroll\n"
                "          for (int q = 0; q < %d; q += %d) {\n"
                "            const KrVec<%s, %d> u = *(const KrVec<%s, %d> *)(row + KR_J(q));\n"
                "#pragma unroll\n"
                "            for (int e = 0; e < %d; e++) x%d_[q + e] = kr_ld(u.v[e]);\n"
                "          } }\n#define X%d(q) x%d_[q]\n",
                rt, k, p->K, st, k, k + 1, p->K, V, st, V, st, V, V, k, k, k);
            continue;
        }
        if (p->unit[k + 1]) {
            ksrc_printf(s,
                        "        %s x%d_[%d];\n"
                        "        { const %s *row = in%d + b%d;\n"
                        "#pragma unroll\n"
                        "          for (int q = 0; q < %d; q++) {\n"
                        "            const int j = KR_J(q);\n"
                        "            x%d_[q] = KR_IN(j) ? kr_ld(row[j]) : (%s)0;\n"
                        "          } }\n#define X%d(q) x%d_[q]\n",
                        rt, k, p->K, st, k, k + 1, p->K, k, rt, k, k);
            continue;
        }
        ksrc_printf(s,
                    "        %s x%d_[%d];\n"
                    "#pragma unroll\n"
                    "        for (int q = 0; q < %d; q++) {\n"
                    "            const i64 j = (i64)q * %d + threadIdx.x;\n"
                    "            x%d_[q] = j < L ? kr_ld(in%d[b%d + j * (i64)p.w[%d]]) : (%s)0;\n"
                    "        }\n#define X%d(q) x%d_[q]\n",
                    rt, k, p->K, p->K, B, k, k, k + 1, sb + (k + 1) * nd + nd - 1, rt, k, k);
    }
    t = 0;
    for (int i = 0; i < nnodes; i++) {
        const FuseNode *r = &nodes[i];
        if (r->op != FUSE_ROWRED) continue;
        const char *A = r->dtype == DT_FLOAT64 ? "double" : "float";
        int op = r->iscalar == GPU_REDUCE_MAX ? 1 : r->iscalar == GPU_REDUCE_MIN ? 2 : 0;
        const char *id = op == 0 ? "0"
                         : r->dtype == DT_FLOAT64
                             ? (op == 1 ? "__longlong_as_double(0xfff0000000000000ll)"
                                        : "__longlong_as_double(0x7ff0000000000000ll)")
                         : op == 1 ? "__int_as_float(0xff800000)"
                                   : "__int_as_float(0x7f800000)";
        ksrc_printf(s, "        %s r%d;\n        { %s acc = %s;\n", kdtype_register(r->dtype), t, A,
                    id);
        ksrc_printf(s,
                    "#pragma unroll\n"
                    "          for (int q = 0; q < %d; q++) {\n"
                    "            const int j = KR_J(q);\n"
                    "            if (KR_IN(j)) acc = kr_cmb<%d, %s>(acc, (%s)",
                    p->K, op, A, A);
        char ns[16];
        snprintf(ns, sizeof ns, "kr_s%d", t);
        rows_gen_call(s, ns, nin, t, rows_checks(nodes, r->a));
        ksrc_printf(s, ");\n          }\n          acc = kr_bred<%d, %s>(acc, (%s *)sh_);\n", op, A,
                    A);
        if (r->iscalar == GPU_REDUCE_MEAN) ksrc_printf(s, "          acc = acc / (%s)L;\n", A);
        ksrc_printf(s, "          r%d = ", t);
        rows_gen_fin(s, r, "acc");
        ksrc_puts(s, ";\n        }\n");
        t++;
    }
    if (root_red) {
        ksrc_printf(s, "        if (threadIdx.x == 0) out[b0] = ");
        char v[16];
        snprintf(v, sizeof v, "r%d", t - 1);
        ksrc_store_expr(s, out_dt, v);
        ksrc_puts(s, ";\n");
    } else if (p->per_row_out) {
        /* a value of the row's reductions: thread 0 computes it (at element 0, which the
         * expression does not depend on) */
        ksrc_puts(s, "        if (threadIdx.x == 0) { const int q = 0; (void)q; out[b0] = ");
        rows_gen_root(s, nodes, root, nin, t, out_dt);
        ksrc_puts(s, "; }\n");
    } else if (V > 1) {
        ksrc_printf(s,
                    "        { %s *orow = out + b0;\n"
                    "#pragma unroll\n"
                    "          for (int q0 = 0; q0 < %d; q0 += %d) {\n"
                    "            KrVec<%s, %d> u;\n"
                    "#pragma unroll\n"
                    "            for (int e = 0; e < %d; e++) { const int q = q0 + e; u.v[e] = ",
                    ot, p->K, V, ot, V, V);
        rows_gen_root(s, nodes, root, nin, t, out_dt);
        ksrc_printf(s, "; }\n            *(KrVec<%s, %d> *)(orow + KR_J(q0)) = u;\n          } }\n",
                    ot, V);
    } else if (p->unit[0]) {
        ksrc_printf(s,
                    "        { %s *orow = out + b0;\n"
                    "#pragma unroll\n"
                    "          for (int q = 0; q < %d; q++) {\n"
                    "            const int j = KR_J(q);\n"
                    "            if (KR_IN(j)) orow[j] = ",
                    ot, p->K);
        rows_gen_root(s, nodes, root, nin, t, out_dt);
        ksrc_puts(s, ";\n          } }\n");
    } else {
        ksrc_printf(s,
                    "#pragma unroll\n"
                    "        for (int q = 0; q < %d; q++) {\n"
                    "            const int j = KR_J(q);\n"
                    "            if (KR_IN(j)) out[b0 + (i64)j * (i64)p.w[%d]] = ",
                    p->K, sb + nd - 1);
        rows_gen_root(s, nodes, root, nin, t, out_dt);
        ksrc_puts(s, ";\n        }\n");
    }
    for (int k = 0; k < nin; k++)
        ksrc_printf(s, "#undef X%d\n", k);
    ksrc_puts(s, "    }\n");
    kernels_fuse_gen_end(s, p->nchecked, p->fpe_base);
}

/* The key: family, block, K, rank, counts, dtypes, each input's per-row flag, the nodes. */
static size_t rows_key(uint8_t *key, const FuseNode *nodes, int nnodes, int root,
                       const GpuTensor *inputs, int nin, DType out_dt, const RowsPlan *p) {
    size_t k = 0;
    key[k++] = 'W';
    key[k++] = (uint8_t)(p->block >> 5);
    key[k++] = (uint8_t)p->K;
    key[k++] = (uint8_t)p->nd;
    key[k++] = (uint8_t)nin;
    key[k++] = (uint8_t)nnodes;
    key[k++] = (uint8_t)root;
    key[k++] = (uint8_t)out_dt;
    key[k++] = p->per_row_out;
    key[k++] = (uint8_t)(p->full | p->V << 1 | p->unit[0] << 6);
    for (int i = 0; i < nin; i++) {
        key[k++] = (uint8_t)inputs[i].dtype;
        key[k++] = (uint8_t)(p->per_row[i] | p->unit[i + 1] << 1);
    }
    return k + kernels_fuse_key_nodes(key + k, nodes, nnodes);
}

/* The one-kernel path: 0 launched, 1 declined (too long a row), -1 error. */
static int rows_kernel(GpuState *G, const FuseNode *nodes, int nnodes, int root,
                       const GpuTensor *inputs, int nin, const GpuTensor *space, GpuTensor *out,
                       CUstream s, const char *arch) {
    RowsPlan p;
    int64_t L = space->shape[space->ndim - 1];
    bool per_row = nodes[root].op == FUSE_ROWRED ||
                   (L > 1 && gpu_tensor_size(out) * L == gpu_tensor_size(space));
    int rc = rows_plan(G, nodes, nnodes, inputs, nin, space, out, per_row, &p);
    if (rc) return rc;
    uint8_t key[FUSE_KEY_BYTES + 16];
    size_t klen = rows_key(key, nodes, nnodes, root, inputs, nin, out->dtype, &p);
    uint64_t h = kcache_hash(key, klen);
    CUfunction f = arch ? NULL : kcache_find(G, key, klen, h);
    if (!f) {
        KSource src;
        ksrc_init(&src, G);
        rows_gen(&src, nodes, nnodes, root, inputs, nin, out->dtype, &p);
        rc = kernels_build(G, &src, "kr_rows", arch, &f);
        ksrc_free(&src);
        if (rc < 0) return -1;
        if (arch) return 0;
        if (kcache_insert(G, key, klen, h, f) < 0) return -1;
    }
    int64_t rows = (int64_t)p.w[nin + 1];
    if (rows == 0) return 0;
    return kernels_launch(G, f, kernels_grid(G, rows * p.block, (unsigned)p.block),
                          (unsigned)p.block, 0, s, p.w, p.nw);
}

static int rows_run(GpuState *G, const FuseNode *nodes, int nnodes, int root,
                    const GpuTensor *inputs, int nin, const GpuTensor *space, GpuTensor *out,
                    CUstream s, const char *arch) {
    FuseNode c[FUSE_MAX_NODES];
    int nc, nstages;
    if (rows_check(G, nodes, nnodes, root, nin, space, out, &nstages) < 0) return -1;
    int croot = rows_compact(nodes, nnodes, root, c, &nc);
    nstages = 0;
    for (int i = 0; i < nc; i++)
        if (c[i].op == FUSE_ROWRED) nstages++;
    /* a lone reduction: the reduction kernels' own (and bits); the mock: stage by stage; a
     * GPU: the one-kernel form unless settings.rows_kernel is off (KRAIT_ROWS_KERNEL=0) */
    bool lone = nstages == 1 && c[croot].op == FUSE_ROWRED;
    if (!lone && ((!G->mock && G->settings.rows_kernel) || arch)) {
        int rc = rows_kernel(G, c, nc, croot, inputs, nin, space, out, s, arch);
        if (rc <= 0) return rc;
    }
    if (arch) return 0;
    return rows_staged(G, c, nc, croot, inputs, nin, space, out, s);
}

int gpu_fused_rows(GpuState *G, const FuseNode *nodes, int nnodes, int root,
                   const GpuTensor *inputs, int nin, const GpuTensor *space, GpuTensor *out,
                   CUstream s) {
    if (gpu_ensure(G) < 0) return -1;
    return rows_run(G, nodes, nnodes, root, inputs, nin, space, out, s, NULL);
}

int kernels_rows_compile(GpuState *G, const FuseNode *nodes, int nnodes, int root,
                         const GpuTensor *inputs, int nin, const GpuTensor *space, GpuTensor *out,
                         const char *arch) {
    return rows_run(G, nodes, nnodes, root, inputs, nin, space, out, NULL, arch);
}
