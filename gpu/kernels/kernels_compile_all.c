/* kernels_compile_all.c: gpu_kernels_compile_all, NVRTC-compiling representative kernels of
 * every family (kernels.h) for an arch without a device, so CI checks that every generator
 * emits CUDA C NVRTC accepts. */
#include "kernels_internal.h"

#include <stdio.h>
#include <string.h>

/* The checks a fused float kernel carries under NumPy's default np.seterr modes. */
#define KR_FPE_DEFAULT (GPU_FPE_DIVIDE | GPU_FPE_OVER | GPU_FPE_INVALID)

static GpuTensor ktensor(DType dt, int ndim, const int64_t *shape, const int64_t *strides) {
    GpuTensor t;
    memset(&t, 0, sizeof t);
    t.dtype = dt;
    t.ndim = ndim;
    t.ptr = 256; /* aligned: selects the vector path where the layout allows */
    for (int d = 0; d < ndim; d++) {
        t.shape[d] = shape[d];
        t.strides[d] = strides[d];
    }
    return t;
}

static int compile_note(int rc, bool verbose, const char *what, int *count) {
    if (rc < 0) return -1;
    (*count)++;
    if (verbose) printf("compiled %s\n", what);
    return 0;
}

int gpu_kernels_compile_all(GpuState *G, const char *arch, bool verbose) {
    int count = 0;
    char what[96];
    int64_t sh1[1] = {1000}, st1[1] = {1};
    int64_t sh2[2] = {30, 40}, st2[2] = {40, 1}, st2t[2] = {1, 30}, st2b[2] = {0, 1};
    /* Elementwise: a + b and a unary function in every dtype, contiguous. */
    for (int dt = 0; dt < DT__COUNT; dt++) {
        GpuTensor in[2] = {ktensor((DType)dt, 1, sh1, st1), ktensor((DType)dt, 1, sh1, st1)};
        GpuTensor out = ktensor((DType)dt, 1, sh1, st1);
        FuseNode add[3] = {{FUSE_INPUT, (DType)dt, -1, -1, -1, 0, 0, 0, 0, 0},
                           {FUSE_INPUT, (DType)dt, -1, -1, -1, 1, 0, 0, 0, 0},
                           {FUSE_ADD, (DType)dt, 0, 1, -1, 0, 0, 0, KR_FPE_DEFAULT, 0}};
        snprintf(what, sizeof what, "fuse add %s", gpu_dtype_name((DType)dt));
        if (compile_note(kernels_fuse_compile(G, add, 3, 2, in, 2, &out, arch), verbose, what,
                         &count) < 0)
            return -1;
        /* Every operator on this dtype (float math on float dtypes only); each node's
         * operands are the two inputs and a constant. */
        FuseNode all[FUSE_MAX_NODES];
        int nn = 0;
        all[nn++] = (FuseNode){FUSE_INPUT, (DType)dt, -1, -1, -1, 0, 0, 0, 0, 0};
        all[nn++] = (FuseNode){FUSE_INPUT, (DType)dt, -1, -1, -1, 1, 0, 0, 0, 0};
        all[nn++] = (FuseNode){FUSE_CONST, (DType)dt, -1, -1, -1, 0, 2.0, 2, 0, 0};
        bool isf = gpu_dtype_kind((DType)dt) == 'f';
        int acc = 0;
        for (int op = FUSE_CAST; op < FUSE_ROWRED && nn < FUSE_MAX_NODES; op++) {
            bool bitwise = op == FUSE_BIT_AND || op == FUSE_BIT_OR || op == FUSE_BIT_XOR ||
                           op == FUSE_INVERT || op == FUSE_LSHIFT || op == FUSE_RSHIFT;
            if (isf && bitwise) continue;
            if (!isf && op >= FUSE_EXP && op <= FUSE_HYPOT) continue;
            if (dt == DT_BOOL && (op == FUSE_LSHIFT || op == FUSE_RSHIFT)) continue;
            DType rdt = (op >= FUSE_EQ && op <= FUSE_LOGICAL_NOT) || op == FUSE_ISNAN ||
                                op == FUSE_ISINF || op == FUSE_ISFINITE
                            ? DT_BOOL
                            : (DType)dt;
            if (op == FUSE_WHERE) {
                all[nn] = (FuseNode){op, (DType)dt, 0, 1, 2, 0, 0, 0, KR_FPE_DEFAULT, 0};
            } else {
                all[nn] = (FuseNode){op, rdt, 0, 1, 2, 0, 0, 0, KR_FPE_DEFAULT, 0};
            }
            acc = nn++; /* every node is generated, reachable from the root or not */
        }
        GpuTensor out2 = ktensor((DType)dt, 2, sh2, st2);
        GpuTensor in2[2] = {ktensor((DType)dt, 2, sh2, st2t), ktensor((DType)dt, 2, sh2, st2b)};
        snprintf(what, sizeof what, "fuse every op %s, strided+broadcast",
                 gpu_dtype_name((DType)dt));
        if (compile_note(kernels_fuse_compile(G, all, nn, acc, in2, 2, &out2, arch), verbose, what,
                         &count) < 0)
            return -1;
        snprintf(what, sizeof what, "arange %s", gpu_dtype_name((DType)dt));
        CUfunction f;
        int rc = kernels_arange_function(G, (DType)dt, arch, &f);
        if (compile_note(rc, verbose, what, &count) < 0) return -1;
    }
    /* The rows path: a row-broadcast operand and a transposed one over long rows. */
    {
        int64_t shr[2] = {30, 600}, str[2] = {600, 1}, shb[2] = {30, 1}, stb[2] = {1, 0};
        int64_t stt[2] = {1, 30};
        GpuTensor rin[3] = {ktensor(DT_FLOAT32, 2, shr, str), ktensor(DT_FLOAT32, 2, shb, stb),
                            ktensor(DT_FLOAT64, 2, shr, stt)};
        GpuTensor rout = ktensor(DT_FLOAT32, 2, shr, str);
        FuseNode g[6] = {{FUSE_INPUT, DT_FLOAT32, -1, -1, -1, 0, 0, 0, 0, 0},
                         {FUSE_INPUT, DT_FLOAT32, -1, -1, -1, 1, 0, 0, 0, 0},
                         {FUSE_INPUT, DT_FLOAT64, -1, -1, -1, 2, 0, 0, 0, 0},
                         {FUSE_SUB, DT_FLOAT32, 0, 1, -1, 0, 0, 0, KR_FPE_DEFAULT, 0},
                         {FUSE_EXP, DT_FLOAT32, 3, -1, -1, 0, 0, 0, KR_FPE_DEFAULT, 0},
                         {FUSE_MUL, DT_FLOAT64, 4, 2, -1, 0, 0, 0, KR_FPE_DEFAULT, 0}};
        if (compile_note(kernels_fuse_compile(G, g, 6, 5, rin, 3, &rout, arch), verbose,
                         "fuse rows path", &count) < 0)
            return -1;
    }
    /* Casts between every pair, through the copy path. */
    for (int a = 0; a < DT__COUNT; a++) {
        GpuTensor in = ktensor((DType)a, 2, sh2, st2t);
        FuseNode n = {FUSE_INPUT, (DType)a, -1, -1, -1, 0, 0, 0, 0, 0};
        for (int b = 0; b < DT__COUNT; b++) {
            (void)b;
        }
        GpuTensor out = ktensor(a == DT_FLOAT64 ? DT_FLOAT16 : DT_FLOAT64, 2, sh2, st2);
        snprintf(what, sizeof what, "copy/cast %s strided", gpu_dtype_name((DType)a));
        if (compile_note(kernels_fuse_compile(G, &n, 1, 0, &in, 1, &out, arch), verbose, what,
                         &count) < 0)
            return -1;
    }
    /* Casts as nodes of a graph, with their floating-point error checks. */
    for (int a = 0; a < DT__COUNT; a++) {
        GpuTensor in = ktensor((DType)a, 1, sh1, st1);
        for (int b = 0; b < DT__COUNT; b++) {
            FuseNode g[2] = {{FUSE_INPUT, (DType)a, -1, -1, -1, 0, 0, 0, 0, 0},
                             {FUSE_CAST, (DType)b, 0, -1, -1, -1, 0, 0, KR_FPE_DEFAULT, 0}};
            if (!gpu_fuse_fpe_kinds(g, &g[1])) continue;
            GpuTensor out = ktensor((DType)b, 1, sh1, st1);
            snprintf(what, sizeof what, "checked cast %s -> %s", gpu_dtype_name((DType)a),
                     gpu_dtype_name((DType)b));
            if (compile_note(kernels_fuse_compile(G, g, 2, 1, &in, 1, &out, arch), verbose, what,
                             &count) < 0)
                return -1;
        }
    }
    /* Reductions. */
    static const DType red_dts[] = {DT_BOOL,   DT_INT32,   DT_INT64,    DT_UINT8,   DT_UINT16,
                                    DT_UINT64, DT_FLOAT16, DT_BFLOAT16, DT_FLOAT32, DT_FLOAT64};
    for (size_t i = 0; i < sizeof red_dts / sizeof red_dts[0]; i++) {
        DType in = red_dts[i];
        for (int op = GPU_REDUCE_SUM; op <= GPU_REDUCE_MEAN; op++) {
            DType out = in;
            if (op == GPU_REDUCE_SUM || op == GPU_REDUCE_PROD)
                out = gpu_dtype_kind(in) == 'f'   ? in
                      : gpu_dtype_kind(in) == 'u' ? DT_UINT64
                                                  : DT_INT64;
            if (op == GPU_REDUCE_ARGMIN || op == GPU_REDUCE_ARGMAX) out = DT_INT64;
            if (op == GPU_REDUCE_ANY || op == GPU_REDUCE_ALL) out = DT_BOOL;
            if (op == GPU_REDUCE_MEAN) out = gpu_dtype_kind(in) == 'f' ? in : DT_FLOAT64;
            snprintf(what, sizeof what, "reduce op %d %s", op, gpu_dtype_name(in));
            if (compile_note(kernels_reduce_compile(G, op, in, out, arch), verbose, what, &count) <
                0)
                return -1;
        }
    }
    /* Fused reductions: (a - b)**2 summed (vector path), a graph over a row-broadcast
     * input summed along rows and columns and in full (strided path), bfloat16 and any(). */
    static const DType fr_dts[] = {DT_FLOAT32, DT_BFLOAT16, DT_INT64, DT_FLOAT64};
    for (size_t i = 0; i < sizeof fr_dts / sizeof fr_dts[0]; i++) {
        DType dt = fr_dts[i];
        FuseNode g[5] = {{FUSE_INPUT, dt, -1, -1, -1, 0, 0, 0, 0, 0},
                         {FUSE_INPUT, dt, -1, -1, -1, 1, 0, 0, 0, 0},
                         {FUSE_SUB, dt, 0, 1, -1, 0, 0, 0, KR_FPE_DEFAULT, 0},
                         {FUSE_MUL, dt, 2, 2, -1, 0, 0, 0, KR_FPE_DEFAULT, 0},
                         {FUSE_GT, DT_BOOL, 3, 0, -1, 0, 0, 0, 0, 0}};
        int64_t shc[2] = {30, 1}, stc[2] = {1, 0};
        GpuTensor vin[2] = {ktensor(dt, 1, sh1, st1), ktensor(dt, 1, sh1, st1)};
        GpuTensor sin[2] = {ktensor(dt, 2, sh2, st2), ktensor(dt, 2, shc, stc)};
        GpuTensor vsh = ktensor(dt, 1, sh1, st1), ssh = ktensor(dt, 2, sh2, st2);
        DType sum_dt = gpu_dtype_kind(dt) == 'f' ? dt : DT_INT64;
        snprintf(what, sizeof what, "fused reduce %s", gpu_dtype_name(dt));
        if (compile_note(kernels_reduce_fused_compile(G, GPU_REDUCE_SUM, g, 4, 3, vin, 2, &vsh,
                                                      sum_dt, arch),
                         verbose, what, &count) < 0 ||
            compile_note(kernels_reduce_fused_compile(G, GPU_REDUCE_ARGMAX, g, 4, 3, sin, 2, &ssh,
                                                      DT_INT64, arch),
                         verbose, what, &count) < 0)
            return -1;
        GpuTensor bsh = ssh;
        bsh.dtype = DT_BOOL;
        if (compile_note(kernels_reduce_fused_compile(G, GPU_REDUCE_ANY, g, 5, 4, sin, 2, &bsh,
                                                      DT_BOOL, arch),
                         verbose, what, &count) < 0)
            return -1;
    }
    /* Row programs (kernels_rows.c): softmax over rows, and layer norm's normalized rows and
     * its per-row 1 / std (one value a row), with the default checks (flag words stand-ins). */
    static const DType rp_dts[] = {DT_FLOAT32, DT_FLOAT16, DT_BFLOAT16, DT_FLOAT64};
    for (size_t i = 0; i < sizeof rp_dts / sizeof rp_dts[0]; i++) {
        DType dt = rp_dts[i];
        unsigned fe = KR_FPE_DEFAULT;
        FuseNode sm[6] = {{FUSE_INPUT, dt, -1, -1, -1, 0, 0, 0, 0, 0},
                          {FUSE_ROWRED, dt, 0, -1, -1, -1, 0, GPU_REDUCE_MAX, 0, 0},
                          {FUSE_SUB, dt, 0, 1, -1, -1, 0, 0, fe, 8},
                          {FUSE_EXP, dt, 2, -1, -1, -1, 0, 0, fe, 8},
                          {FUSE_ROWRED, dt, 3, -1, -1, -1, 0, GPU_REDUCE_SUM, 0, 0},
                          {FUSE_TRUEDIV, dt, 3, 4, -1, -1, 0, 0, fe, 8}};
        FuseNode ln[9] = {{FUSE_INPUT, dt, -1, -1, -1, 0, 0, 0, 0, 0},
                          {FUSE_ROWRED, dt, 0, -1, -1, -1, 0, GPU_REDUCE_MEAN, 0, 0},
                          {FUSE_SUB, dt, 0, 1, -1, -1, 0, 0, fe, 8},
                          {FUSE_SQUARE, dt, 2, -1, -1, -1, 0, 0, fe, 8},
                          {FUSE_ROWRED, dt, 3, -1, -1, -1, 0, GPU_REDUCE_MEAN, 0, 0},
                          {FUSE_CONST, dt, -1, -1, -1, -1, 1e-5, 0, 0, 0},
                          {FUSE_ADD, dt, 4, 5, -1, -1, 0, 0, fe, 8},
                          {FUSE_SQRT, dt, 6, -1, -1, -1, 0, 0, fe, 8},
                          {FUSE_TRUEDIV, dt, 2, 7, -1, -1, 0, 0, fe, 8}};
        int64_t shr[2] = {30, 1}, str[2] = {1, 1};
        GpuTensor x = ktensor(dt, 2, sh2, st2), out = ktensor(dt, 2, sh2, st2);
        GpuTensor per = ktensor(dt, 2, shr, str);
        /* rows of 1024 (a whole number of vector runs a thread): the vector loads and stores */
        int64_t shv[2] = {64, 1024}, stv[2] = {1024, 1};
        GpuTensor xv = ktensor(dt, 2, shv, stv), outv = ktensor(dt, 2, shv, stv);
        snprintf(what, sizeof what, "row program %s", gpu_dtype_name(dt));
        if (compile_note(kernels_rows_compile(G, sm, 6, 5, &x, 1, &x, &out, arch), verbose, what,
                         &count) < 0 ||
            (i < 2 && compile_note(kernels_rows_compile(G, sm, 6, 5, &xv, 1, &xv, &outv, arch),
                                   verbose, what, &count) < 0) ||
            (i == 0 && compile_note(kernels_rows_compile(G, ln, 9, 8, &xv, 1, &xv, &outv, arch),
                                    verbose, what, &count) < 0) ||
            compile_note(kernels_rows_compile(G, ln, 9, 8, &x, 1, &x, &out, arch), verbose, what,
                         &count) < 0 ||
            compile_note(kernels_rows_compile(G, ln, 8, 7, &x, 1, &x, &per, arch), verbose, what,
                         &count) < 0)
            return -1;
    }
    static const DType mm_dts[] = {DT_FLOAT32, DT_FLOAT64, DT_FLOAT16, DT_BFLOAT16};
    for (size_t i = 0; i < 4; i++) {
        snprintf(what, sizeof what, "matmul %s", gpu_dtype_name(mm_dts[i]));
        if (compile_note(kernels_matmul_compile(G, mm_dts[i], arch), verbose, what, &count) < 0)
            return -1;
    }
    if (compile_note(kernels_interp_compile(G, arch), verbose, "the graph interpreter", &count) < 0)
        return -1;
    /* Scans (cumsum / cumprod in every accumulator, the compaction's count of flags, the
     * sort's digit counts), the gathers and the radix sort at every element width. */
    static const DType scan_dts[] = {DT_INT64, DT_UINT64, DT_FLOAT32, DT_FLOAT64, DT_UINT32};
    /* (a product differs from a sum in its operator only: one dtype of it) */
    for (size_t i = 0; i < sizeof scan_dts / sizeof scan_dts[0]; i++)
        for (int op = GPU_SCAN_SUM; op <= (scan_dts[i] == DT_FLOAT64 ? GPU_SCAN_PROD : 0); op++) {
            snprintf(what, sizeof what, "scan op %d %s", op, gpu_dtype_name(scan_dts[i]));
            if (compile_note(kernels_scan_compile(G, op, scan_dts[i], scan_dts[i], arch), verbose,
                             what, &count) < 0)
                return -1;
        }
    if (compile_note(kernels_scan_compile(G, GPU_SCAN_SUM, DT_BOOL, DT_INT64, arch), verbose,
                     "scan of flags", &count) < 0)
        return -1;
    for (int es = 1; es <= 8; es *= 2) {
        snprintf(what, sizeof what, "gathers and radix sort, %d-byte elements", es);
        if (compile_note(kernels_gather_compile(G, es, arch), verbose, what, &count) < 0 ||
            compile_note(kernels_sort_compile(G, es, arch), verbose, what, &count) < 0)
            return -1;
    }
    return count;
}
