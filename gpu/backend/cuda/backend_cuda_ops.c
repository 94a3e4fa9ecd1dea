/* backend_cuda_ops.c: the CUDA backend's reductions, matmul and creation (gpu_reduce,
 * gpu_matmul, gpu_fill, gpu_arange), and the device queries of the gpu module. Each entry
 * returns V_NULL (NULL) without an error for a case it leaves to the CPU code, which then
 * runs on the host mirror and raises NumPy's errors. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../../../vm/error.h"
#include "../../../vm/gc.h"
#include "../../../vm/number.h"
#include "../../../vm/str.h"
#include "../../../vm/dict.h"
#include "../../array/array.h"
#include "backend_cuda.h"

static void contig_tensor(GpuTensor *t, CUdeviceptr p, int dt, int nd, const int64_t *shape) {
    t->ptr = p;
    t->dtype = (DType)dt;
    t->ndim = nd;
    int64_t s = 1;
    for (int d = nd - 1; d >= 0; d--) {
        t->shape[d] = shape[d];
        t->strides[d] = s;
        s *= shape[d];
    }
}

/* A new owner whose device buffer the caller fills now. */
Array *arr_cuda_dev_new(Interp *I, int dt, int nd, const int64_t *shape) {
    Array *r = arr_new_device(I, dt, nd, shape);
    if (!r || arr_dev_own(I, r) < 0) return NULL;
    return r;
}

static int red_op(int kind) {
    switch (kind) {
    case RED_SUM: return GPU_REDUCE_SUM;
    case RED_PROD: return GPU_REDUCE_PROD;
    case RED_MIN: return GPU_REDUCE_MIN;
    case RED_MAX: return GPU_REDUCE_MAX;
    case RED_MEAN: return GPU_REDUCE_MEAN;
    case RED_ALL: return GPU_REDUCE_ALL;
    case RED_ANY: return GPU_REDUCE_ANY;
    case RED_ARGMIN: return GPU_REDUCE_ARGMIN;
    case RED_ARGMAX: return GPU_REDUCE_ARGMAX;
    default: return -1;
    }
}

static int red_dtype(int kind, int dt) {
    switch (kind) {
    case RED_SUM:
    case RED_PROD:
        if (arr_dtypes[dt].kind == 'u') return DT_UINT64;
        return dt == DT_BOOL || dt == DT_INT8 || dt == DT_INT16 || dt == DT_INT32 ? DT_INT64 : dt;
    case RED_MEAN: return dt_is_float(dt) ? dt : DT_FLOAT64;
    case RED_ALL:
    case RED_ANY: return DT_BOOL;
    case RED_ARGMIN:
    case RED_ARGMAX: return DT_INT64;
    default: return dt;
    }
}

/* var and std: mean (kept dims), the squared deviations as one fused expression, their
 * sum, then the division (and the root) on the device or, for a scalar, on the host. */
static Value var_std(Interp *I, Array *a, int kind, Value axis, bool keepdims, int ddof, int dt) {
    int fdt = dt_is_float(a->dtype) ? a->dtype : DT_FLOAT64;
    if ((dt >= 0 && dt != fdt) || a->size == 0 || a->ndim == 0 || a->ndim > GPU_MAX_DIMS)
        return V_NULL;
    int64_t n = a->size;
    if (!is_null(axis) && !is_none(axis)) {
        if (!is_smallint(axis) || axis.as.i < -a->ndim || axis.as.i >= a->ndim) return V_NULL;
        n = a->shape[axis.as.i < 0 ? axis.as.i + a->ndim : axis.as.i];
    }
    if (ddof < 0 || n - ddof <= 0) return V_NULL;
    Value m = arr_cuda_reduce(I, a, RED_MEAN, axis, true, 0, -1);
    if (is_null(m)) return V_NULL;
    if (!gc_temp_push(I, m)) return V_NULL;
    Value d = arr_cuda_binary(I, v_obj(a), m, BIN_SUB, 0, fdt, fdt, NULL);
    if (is_null(d) || !gc_temp_push(I, d)) return V_NULL;
    /* d ** 2 as the operator writes it: FUSE_SQUARE, whose warning says "square" as NumPy's */
    Value sq = arr_cuda_binary(I, d, v_int(2), BIN_POW, ARR_MODE_OPERATOR, fdt, fdt, NULL);
    if (is_null(sq) || !gc_temp_push(I, sq)) return V_NULL;
    Value s = arr_cuda_reduce(I, arr_raw(sq), RED_SUM, axis, keepdims, 0, -1);
    if (is_null(s)) return V_NULL;
    double div = (double)(n - ddof);
    if (!gc_temp_push(I, s)) return V_NULL;
    Value r = arr_cuda_binary(I, s, v_float(div), BIN_TRUEDIV, 0, fdt, fdt, NULL);
    if (is_null(r) || kind != RED_STD) return r;
    if (!gc_temp_push(I, r)) return V_NULL;
    return arr_cuda_unary(I, arr_raw(r), ARR_U_SQRT, fdt, fdt, NULL);
}

/* A reduction over the last axis of a float array or pending expression (sum, mean, max,
 * min in its own dtype) is lazy: a FUSE_ROWRED node over a's graph, whose result a later
 * expression over the same rows copies in, so that softmax and layer norm written with array
 * ops run as one row program (gpu_fused_rows: one kernel, each row read once). Its value is
 * computed where it is needed like any pending value's (alone: the reduction kernel, the
 * same bits as before). V_NULL without an error: not this case. */
static Value row_reduce(Interp *I, Array *a, int op, int odt, bool keepdims) {
    if (a->ndim < 2 || odt != a->dtype || !dt_is_float(a->dtype) || a->shape[a->ndim - 1] == 0 ||
        (op != GPU_REDUCE_SUM && op != GPU_REDUCE_MEAN && op != GPU_REDUCE_MAX &&
         op != GPU_REDUCE_MIN))
        return V_NULL;
    ArrPending *ap = a->base ? NULL : a->pend;
    if (ap && ap->matmul) {
        if (arr_materialize(I, a) < 0) return V_NULL;
        ap = NULL;
    }
    /* a's graph only when it is over a's own shape (a kept-dims reduction of it is not) */
    if (ap && ap->row_nd &&
        (ap->row_nd != a->ndim ||
         memcmp(ap->row_shape, a->shape, sizeof(int64_t) * (size_t)a->ndim))) {
        if (arr_materialize(I, a) < 0) return V_NULL;
        ap = NULL;
    }
    int64_t rshape[GPU_MAX_DIMS];
    int rnd = a->ndim - (keepdims ? 0 : 1);
    memcpy(rshape, a->shape, sizeof(int64_t) * (size_t)(a->ndim - 1));
    if (keepdims) rshape[a->ndim - 1] = 1;
    ArrPending g;
    for (int attempt = 0; attempt < 2; attempt++) {
        arr_pending_begin(&g, a->ndim, a->shape);
        int n;
        if (a->pend && !a->base && !a->pend->matmul) {
            /* copied in as a reduction of it: not a use (e / e.sum(-1) copies e again) */
            int uses = a->pend->uses;
            ArrPending *before = a->pend;
            n = arr_pending_operand(I, &g, v_obj(a), a->dtype);
            if (a->pend == before) { /* copied in, not evaluated */
                a->pend->uses = uses;
                a->pend->consumed = true;
            }
        } else {
            n = arr_pending_operand(I, &g, v_obj(a), a->dtype);
        }
        if (n == -1) return V_NULL;
        int r = n < 0 ? n : arr_pending_node(&g, FUSE_ROWRED, odt, n, -1, -1);
        if (r >= 0) {
            g.nodes[r].iscalar = op;
            g.row_nd = a->ndim;
            memcpy(g.row_shape, a->shape, sizeof(int64_t) * (size_t)a->ndim);
            return arr_pending_finish(I, &g, r, odt, rnd, rshape, NULL);
        }
        if (arr_materialize(I, a) < 0) return V_NULL;
    }
    return V_NULL;
}

Value arr_cuda_reduce(Interp *I, Array *a, int kind, Value axis, bool keepdims, int ddof, int dt) {
    if (kind == RED_VAR || kind == RED_STD) return var_std(I, a, kind, axis, keepdims, ddof, dt);
    int op = red_op(kind);
    if (op < 0 || a->size == 0 || a->ndim > GPU_MAX_DIMS || a->ndim == 0) return V_NULL;
    int odt = red_dtype(kind, a->dtype);
    if (dt >= 0 && dt != odt) return V_NULL;
    int ax = -1;
    if (!is_null(axis) && !is_none(axis)) {
        if (!is_smallint(axis)) return V_NULL;
        int64_t v = axis.as.i;
        if (v < -a->ndim || v >= a->ndim) return V_NULL;
        ax = (int)(v < 0 ? v + a->ndim : v);
    }
    bool argk = kind == RED_ARGMIN || kind == RED_ARGMAX;
    if (argk && keepdims && ax < 0) return V_NULL;
    if (ax == a->ndim - 1) {
        Value r = row_reduce(I, a, op, odt, keepdims);
        if (!is_null(r) || err_occurred(I)) return r;
    }
    /* A pending expression is reduced as it is computed (never stored): it stays pending. */
    ArrPending *g = a->base ? NULL : a->pend;
    /* a lazy matmul, a row program, an epilogue over a lazy matmul (one cuBLASLt call, then
     * the reduction reads its result): computed first */
    if (g && (g->matmul || g->row_nd || arr_epilogue_shape(a))) {
        if (arr_materialize(I, a) < 0) return V_NULL;
        g = NULL;
    }
    GpuTensor in, out, gin[ARR_FUSE_INPUTS];
    if (g) g->consumed = true; /* reduced as computed: a synchronize leaves it lazy */
    if (g) {
        for (int i = 0; i < g->ninputs; i++)
            if (arr_tensor(I, g->inputs[i], &gin[i]) < 0) return V_NULL;
        contig_tensor(&in, 0, a->dtype, a->ndim, a->shape);
    } else if (arr_tensor(I, a, &in) < 0) {
        return V_NULL;
    }
    int64_t rshape[ARR_MAXDIM];
    int rnd = 0;
    for (int d = 0; d < a->ndim; d++) {
        if (ax < 0 || d == ax) {
            if (keepdims) rshape[rnd++] = 1;
        } else {
            rshape[rnd++] = a->shape[d];
        }
    }
    Array *r = arr_cuda_dev_new(I, odt, rnd, rshape);
    if (!r) return V_NULL;
    contig_tensor(&out, r->dptr, odt, rnd, rshape);
    if (ax < 0) out.ndim = 0;
    const FuseNode *nodes = g ? g->nodes : NULL;
    FuseNode checked[ARR_FUSE_NODES];
    for (int i = 0; g && i < g->nnodes; i++) {
        if (!g->nodes[i].fpe) continue;
        /* the expression's checked nodes get their flag words (a copy: it stays pending) */
        memcpy(checked, g->nodes, sizeof(FuseNode) * (size_t)g->nnodes);
        if (arr_cuda_fpe_prepare(I, g, checked) < 0) return V_NULL;
        nodes = checked;
        break;
    }
    /* the reduction's own overflow / invalid value ("... encountered in reduce") */
    CUdeviceptr word = 0;
    bool eager = false;
    if ((op == GPU_REDUCE_SUM || op == GPU_REDUCE_PROD || op == GPU_REDUCE_MEAN) &&
        arr_cuda_fpe_reduce_word(I, &word, &eager) < 0)
        return V_NULL;
    if ((g ? gpu_reduce_fused_checked(I->gpu, op, nodes, g->nnodes, g->root, gin, g->ninputs, &in,
                                      ax, &out, arr_stream(I), word)
           : gpu_reduce_checked(I->gpu, op, &in, ax, &out, arr_stream(I), word)) < 0) {
        arr_gpu_raise(I);
        return V_NULL;
    }
    if (eager && arr_cuda_fpe_poll(I) < 0) return V_NULL; /* raise/call/print at this line */
    return v_obj(r);
}

/* gpu.linalg.matmul's epilogue in one cuBLASLt call (gpu_matmul_ep): the result, or None
 * when that path declines (the Python side composes it from array operations). */
Value arr_cuda_matmul_ep(Interp *I, Array *a, Array *b, Array *bias, int act, double alpha,
                         double beta, Array *c) {
    int dt = a->dtype;
    if (a->ndim != 2 || b->ndim != 2 || b->dtype != dt || a->shape[1] != b->shape[0] ||
        a->size == 0 || b->size == 0)
        return V_NONE;
    GpuTensor ta, tb, tbias, tc, to;
    if (arr_tensor(I, a, &ta) < 0 || arr_tensor(I, b, &tb) < 0 ||
        (bias && arr_tensor(I, bias, &tbias) < 0) || (c && arr_tensor(I, c, &tc) < 0))
        return V_NULL;
    int64_t rshape[2] = {a->shape[0], b->shape[1]};
    Array *r = arr_cuda_dev_new(I, dt, 2, rshape);
    if (!r) return V_NULL;
    contig_tensor(&to, r->dptr, dt, 2, rshape);
    int rc = gpu_matmul_ep(I->gpu, &ta, &tb, &to, bias ? &tbias : NULL, act, alpha, beta,
                           c ? &tc : NULL, arr_stream(I));
    if (rc < 0) {
        arr_gpu_raise(I);
        return V_NULL;
    }
    return rc == 0 ? v_obj(r) : V_NONE;
}

Value arr_cuda_matmul(Interp *I, Array *a, Array *b) {
    int dt = a->dtype;
    if (a->ndim < 2 || b->ndim < 2 || b->dtype != dt || a->ndim > GPU_MAX_DIMS ||
        b->ndim > GPU_MAX_DIMS || a->size == 0 || b->size == 0)
        return V_NULL;
    if (dt != DT_FLOAT32 && dt != DT_FLOAT64 && dt != DT_FLOAT16 && dt != DT_BFLOAT16)
        return V_NULL;
    int64_t n = a->shape[a->ndim - 2], k = a->shape[a->ndim - 1], m = b->shape[b->ndim - 1];
    if (b->shape[b->ndim - 2] != k) return V_NULL;
    /* batch dims broadcast */
    int bnd = (a->ndim > b->ndim ? a->ndim : b->ndim) - 2;
    int64_t bshape[GPU_MAX_DIMS];
    for (int d = 0; d < bnd; d++) {
        int ia = d - (bnd - (a->ndim - 2)), ib = d - (bnd - (b->ndim - 2));
        int64_t sa = ia < 0 ? 1 : a->shape[ia], sb = ib < 0 ? 1 : b->shape[ib];
        if (sa != sb && sa != 1 && sb != 1) return V_NULL;
        bshape[d] = sa == 1 ? sb : sa;
    }
    GpuTensor ta, tb, to;
    if (arr_tensor(I, a, &ta) < 0 || arr_tensor(I, b, &tb) < 0) return V_NULL;
    GpuTensor xa = ta, xb = tb;
    xa.ndim = xb.ndim = bnd + 2;
    for (int d = 0; d < bnd; d++) {
        int ia = d - (bnd - (a->ndim - 2)), ib = d - (bnd - (b->ndim - 2));
        xa.shape[d] = bshape[d];
        xa.strides[d] = ia < 0 || a->shape[ia] == 1 ? 0 : ta.strides[ia];
        xb.shape[d] = bshape[d];
        xb.strides[d] = ib < 0 || b->shape[ib] == 1 ? 0 : tb.strides[ib];
    }
    for (int j = 0; j < 2; j++) {
        xa.shape[bnd + j] = ta.shape[a->ndim - 2 + j];
        xa.strides[bnd + j] = ta.strides[a->ndim - 2 + j];
        xb.shape[bnd + j] = tb.shape[b->ndim - 2 + j];
        xb.strides[bnd + j] = tb.strides[b->ndim - 2 + j];
    }
    int64_t rshape[GPU_MAX_DIMS];
    memcpy(rshape, bshape, sizeof(int64_t) * (size_t)bnd);
    rshape[bnd] = n;
    rshape[bnd + 1] = m;
    Array *r = arr_cuda_dev_new(I, dt, bnd + 2, rshape);
    if (!r) return V_NULL;
    contig_tensor(&to, r->dptr, dt, bnd + 2, rshape);
    if (gpu_matmul(I->gpu, &xa, &xb, &to, arr_stream(I)) < 0) {
        arr_gpu_raise(I);
        return V_NULL;
    }
    return v_obj(r);
}

Array *arr_cuda_full(Interp *I, int dt, int ndim, const int64_t *shape, Value fill) {
    if (ndim > GPU_MAX_DIMS) return NULL;
    double f = 0;
    int64_t iv = 0;
    if (is_bool(fill) || is_smallint(fill)) {
        iv = fill.as.i;
        f = (double)iv;
    } else if (is_float(fill)) {
        f = fill.as.f;
        if (!dt_is_float(dt)) return NULL;
    } else {
        return NULL;
    }
    int64_t size = 1;
    for (int d = 0; d < ndim; d++)
        size *= shape[d];
    if (size <= 0) return NULL;
    /* the value as the host stores it: NumPy's range errors and cast warnings */
    char buf[8];
    if (arr_store_value(I, buf, dt, fill) < 0) return NULL;
    Array *r = arr_cuda_dev_new(I, dt, ndim, shape);
    if (!r) return NULL;
    GpuTensor t;
    contig_tensor(&t, r->dptr, dt, ndim, shape);
    if (gpu_fill(I->gpu, &t, f, iv, arr_stream(I)) < 0) {
        arr_gpu_raise(I);
        return NULL;
    }
    return r;
}

Array *arr_cuda_arange(Interp *I, int dt, int64_t n, double start, double step) {
    if (n <= 0) return NULL;
    Array *r = arr_cuda_dev_new(I, dt, 1, &n);
    if (!r) return NULL;
    GpuTensor t;
    contig_tensor(&t, r->dptr, dt, 1, &n);
    if (gpu_arange(I->gpu, &t, start, step, (int64_t)start, (int64_t)step, arr_stream(I)) < 0) {
        arr_gpu_raise(I);
        return NULL;
    }
    return r;
}

static int set_item(Interp *I, Dict *d, const char *k, Value v) {
    Str *s = str_intern_cstr(I, k);
    return !s || is_null(v) ? -1 : dict_set_str(I, d, s, v);
}

Value arr_cuda_device_info(Interp *I) {
    Dict *d = dict_new(I);
    if (!d) return V_NULL;
    if (!gc_temp_push(I, v_obj(d))) return V_NULL;
    int b = arr_backend_check(I);
    if (b < 0) return V_NULL;
    GpuState *G = I->gpu;
    if (b == 0) {
        if (set_item(I, d, "name", v_obj(str_from_cstr(I, "cpu"))) < 0 ||
            set_item(I, d, "backend", v_obj(str_from_cstr(I, "cpu"))) < 0)
            return V_NULL;
        if (G->init_error[0] &&
            set_item(I, d, "cuda_error", v_obj(str_from_cstr(I, G->init_error))) < 0)
            return V_NULL;
        return v_obj(d);
    }
    char cc[32];
    snprintf(cc, sizeof cc, "%d.%d", G->cc_major, G->cc_minor);
    size_t fr = 0, tot = G->total_memory;
    gpu_mem_info(G, &fr, &tot);
    if (set_item(I, d, "name", v_obj(str_from_cstr(I, G->device_name))) < 0 ||
        set_item(I, d, "backend", v_obj(str_from_cstr(I, "cuda"))) < 0 ||
        set_item(I, d, "compute_capability", v_obj(str_from_cstr(I, cc))) < 0 ||
        set_item(I, d, "arch", v_obj(str_from_cstr(I, G->arch))) < 0 ||
        set_item(I, d, "total_memory", v_int((int64_t)tot)) < 0 ||
        set_item(I, d, "free_memory", v_int((int64_t)fr)) < 0 ||
        set_item(I, d, "multiprocessors", v_int(G->sm_count)) < 0)
        return V_NULL;
    /* which path the last matmul took ("cublaslt", "own", "simple"), once one ran */
    if (G->matmul_path &&
        set_item(I, d, "matmul_path", v_obj(str_from_cstr(I, G->matmul_path))) < 0)
        return V_NULL;
    /* what timing a large product's cuBLASLt candidates found (cublaslt.c), once one was */
    /* why the last numpy.linalg.matmul with an epilogue was composed, if it was */
    if (G->matmul_declined[0] &&
        set_item(I, d, "matmul_epilogue_declined", v_obj(str_from_cstr(I, G->matmul_declined))) < 0)
        return V_NULL;
    /* how many products were offered an epilogue, and how many ran as one call */
    if (set_item(I, d, "matmul_epilogue_calls", v_int(G->matmul_ep_calls)) < 0 ||
        set_item(I, d, "matmul_epilogue_fused", v_int(G->matmul_ep_fused)) < 0)
        return V_NULL;
    if (G->matmul_tune[0] &&
        set_item(I, d, "matmul_tune", v_obj(str_from_cstr(I, G->matmul_tune))) < 0)
        return V_NULL;
    return v_obj(d);
}
