/* gpu_linalg.c: the native half of numpy.linalg: one function per LAPACK routine, each over a
 * stack of column-major matrices, driving the cuSOLVER-shaped table of gpu/kernels/cusolver.h
 * (cuSOLVER on CUDA, LAPACK on the CPU backend and on the mock device). The Python half
 * (stdlib/py/_numpy_linalg.py) checks arguments, converts dtypes, lays matrices out column-
 * major and turns the per-matrix info words into NumPy's LinAlgError.
 *
 * Conventions of these functions (underscore names, not public): every array argument is a
 * C-contiguous float32 or float64 array of shape (..., cols, rows), which is the column-major
 * layout of a stack of rows x cols matrices; the first one is overwritten with the result, as
 * LAPACK does. New outputs (pivots, eigenvalues, ...) are device arrays on CUDA. info is an
 * int32 array over the stack: 0 success, > 0 the routine's failure code. */
#include <string.h>

#include "../../gpu/array/array.h"
#include "../../gpu/backend/cuda/backend_cuda.h"
#include "../../gpu/kernels/cublaslt.h"
#include "../../gpu/kernels/cusolver.h"
#include "../../vm/dict.h"
#include "../../vm/error.h"
#include "../../vm/gc.h"
#include "../../vm/seq.h"
#include "../../vm/str.h"
#include "../../vm/vm.h"
#include "gpu_module.h"

typedef struct LaCtx {
    Interp *I;
    GpuSolver *S;
    bool dev; /* the CUDA backend: pointers are device addresses */
    int dt, p, isz;
} LaCtx;

static bool la_fail(LaCtx *c, int st, const char *where) {
    if (st == 0) return false;
    err_format(c->I, TY_RUNTIME_ERROR, "%s error %d in %s", c->S->host ? "LAPACK" : "cuSOLVER", st,
               where);
    return true;
}

static int la_begin(Interp *I, LaCtx *c, int dt) {
    memset(c, 0, sizeof *c);
    c->I = I;
    if (dt != DT_FLOAT32 && dt != DT_FLOAT64) {
        err_format(I, TY_TYPE_ERROR, "array type %s is unsupported in linalg", arr_dtypes[dt].name);
        return -1;
    }
    c->dt = dt;
    c->p = dt == DT_FLOAT64;
    c->isz = arr_dtypes[dt].size;
    c->dev = arr_on_cuda(I);
    if (!arr_cuda_state(I)) return -1;
    GpuState *G = I->gpu;
    c->S = c->dev ? gpu_solver_device(G) : gpu_solver_host(G);
    if (!c->S) return arr_gpu_raise(I);
    if (c->dev &&
        la_fail(c, c->S->api.set_stream(c->S->handle, gpu_stream_or_default(G, arr_stream(I))),
                "cusolverDnSetStream"))
        return -1;
    return 0;
}

/* A stack argument: an array of c's dtype, C-contiguous, at least 2-d. */
static Array *la_stack(LaCtx *c, Value v, const char *fname) {
    if (!is_array(c->I, v)) {
        err_format(c->I, TY_TYPE_ERROR, "%s: array expected", fname);
        return NULL;
    }
    Array *a = arr_raw(v);
    if (a->dtype != c->dt || a->ndim < 2 || !arr_is_contiguous(a)) {
        err_format(c->I, TY_TYPE_ERROR, "%s: a C-contiguous %s stack of matrices expected", fname,
                   arr_dtypes[c->dt].name);
        return NULL;
    }
    return a;
}

/* The common start of the natives: nargs arguments, the first a stack that sets the dtype
 * and the table (la_begin); NULL after raising. */
static Array *la_open(Interp *I, LaCtx *c, const char *fname, int argc, Value *argv, Tuple *kw,
                      int nargs) {
    if (!arr_args(I, fname, argc, kw, nargs, nargs)) return NULL;
    if (!is_array(I, argv[0])) {
        err_format(I, TY_TYPE_ERROR, "%s: array expected", fname);
        return NULL;
    }
    if (la_begin(I, c, arr_raw(argv[0])->dtype) < 0) return NULL;
    return la_stack(c, argv[0], fname);
}

/* The address of a's first element for the solver, after making it current where the solver
 * reads it (and marking the other copy stale when it is written). NULL after raising. */
static char *la_ptr(LaCtx *c, Array *a, bool write) {
    Interp *I = c->I;
    if (c->dev) {
        if ((write ? arr_dev_write(I, a) : arr_dev_ready(I, a)) < 0) return NULL;
        Array *o = a->base ? a->base : a;
        return (char *)(uintptr_t)(o->dptr + (CUdeviceptr)(a->data - o->alloc));
    }
    if (write && arr_host_write(I, a) < 0) return NULL;
    return as_array(v_obj(a))->data;
}

/* A new zeroed output (on the device on CUDA). */
static Array *la_new(LaCtx *c, int dt, int nd, const int64_t *shape) {
    Array *r = arr_new(c->I, dt, nd, shape);
    if (!r || !c->dev) return r;
    if (arr_dev_own(c->I, r) < 0) return NULL;
    if (r->alloc_size && gpu_memset8(c->I->gpu, r->dptr, 0, r->alloc_size, arr_stream(c->I)) < 0) {
        arr_gpu_raise(c->I);
        return NULL;
    }
    return r;
}

static void *la_work(LaCtx *c, int lwork, size_t *bytes) {
    *bytes = (size_t)(lwork > 0 ? lwork : 1) * (size_t)c->isz;
    if (!c->dev) return mem_alloc(c->I, *bytes);
    CUdeviceptr p;
    if (arr_dev_alloc(c->I, *bytes, &p) < 0) return NULL;
    return (void *)(uintptr_t)p;
}

static void la_work_free(LaCtx *c, void *w, size_t bytes) {
    if (!w) return;
    if (!c->dev)
        mem_free(c->I, w, bytes);
    else
        gpu_mem_free(c->I->gpu, (CUdeviceptr)(uintptr_t)w, bytes, arr_stream(c->I));
}

/* The stack's leading shape and count: a's shape without its last two axes. */
static int64_t la_batch(const Array *a, int64_t *shape) {
    int64_t n = 1;
    for (int d = 0; d < a->ndim - 2; d++) {
        shape[d] = a->shape[d];
        n *= a->shape[d];
    }
    return n;
}

static int ld(int64_t n) {
    return n > 1 ? (int)n : 1;
}

static bool la_int_range(LaCtx *c, int64_t a, int64_t b) {
    if (a <= INT32_MAX && b <= INT32_MAX && a * b <= INT32_MAX) return true;
    err_format(c->I, TY_VALUE_ERROR, "linalg: matrix of %lld x %lld is too large for LAPACK",
               (long long)a, (long long)b);
    return false;
}

static Value la_pair(Interp *I, Array *a, Array *b) {
    Tuple *t = tuple_pack(I, 2, v_obj(a), v_obj(b));
    return t ? v_obj(t) : V_NULL;
}

/* _getrf(a) -> (ipiv, info): LU with partial pivoting of each n x n matrix, in place. */
static Value la_getrf(Interp *I, int argc, Value *argv, Tuple *kw) {
    LaCtx c;
    Array *a = la_open(I, &c, "_getrf", argc, argv, kw, 1);
    if (!a) return V_NULL;
    int64_t shape[ARR_MAXDIM], n = a->shape[a->ndim - 1], batch = la_batch(a, shape);
    if (!la_int_range(&c, n, n)) return V_NULL;
    shape[a->ndim - 2] = n;
    Array *ipiv = la_new(&c, DT_INT32, a->ndim - 1, shape);
    Array *info = ipiv ? la_new(&c, DT_INT32, a->ndim - 2, shape) : NULL;
    char *pa = info ? la_ptr(&c, a, true) : NULL;
    char *pp = pa ? la_ptr(&c, ipiv, true) : NULL, *pi = pp ? la_ptr(&c, info, true) : NULL;
    if (!pi) return V_NULL;
    if (n == 0 || batch == 0) return la_pair(I, ipiv, info);
    int lwork = 0;
    const SolverApi *api = &c.S->api;
    if (la_fail(&c, api->getrf_size[c.p](c.S->handle, (int)n, (int)n, pa, ld(n), &lwork),
                "getrf_bufferSize"))
        return V_NULL;
    size_t wb;
    void *work = la_work(&c, lwork, &wb);
    if (!work) return V_NULL;
    int st = 0;
    for (int64_t b = 0; b < batch && !st; b++)
        st = api->getrf[c.p](c.S->handle, (int)n, (int)n, pa + b * n * n * c.isz, ld(n), work,
                             (int *)(void *)(pp + b * n * 4), (int *)(void *)(pi + b * 4));
    la_work_free(&c, work, wb);
    if (la_fail(&c, st, "getrf")) return V_NULL;
    return la_pair(I, ipiv, info);
}

/* _getrs(lu, ipiv, b, trans) -> info: solves op(A) X = B for each matrix of the stack, B
 * (n x k, shape (..., k, n)) overwritten with X. */
static Value la_getrs(Interp *I, int argc, Value *argv, Tuple *kw) {
    LaCtx c;
    Array *lu = la_open(I, &c, "_getrs", argc, argv, kw, 4),
          *b = lu ? la_stack(&c, argv[2], "_getrs") : NULL;
    if (!b) return V_NULL;
    if (!is_array(I, argv[1]) || arr_raw(argv[1])->dtype != DT_INT32)
        return err_format(I, TY_TYPE_ERROR, "_getrs: int32 pivots expected");
    Array *ipiv = arr_raw(argv[1]);
    int64_t shape[ARR_MAXDIM], n = lu->shape[lu->ndim - 1], k = b->shape[b->ndim - 2];
    int64_t batch = la_batch(lu, shape);
    if (b->shape[b->ndim - 1] != n || b->size != batch * n * k || ipiv->size != batch * n)
        return err_format(I, TY_VALUE_ERROR, "_getrs: shapes do not match");
    if (!la_int_range(&c, n, n) || !la_int_range(&c, n, k)) return V_NULL;
    int trans = obj_truthy(I, argv[3]);
    if (trans < 0) return V_NULL;
    Array *info = la_new(&c, DT_INT32, lu->ndim - 2, shape);
    char *pa = info ? la_ptr(&c, lu, false) : NULL, *pp = pa ? la_ptr(&c, ipiv, false) : NULL;
    char *pb = pp ? la_ptr(&c, b, true) : NULL, *pi = pb ? la_ptr(&c, info, true) : NULL;
    if (!pi) return V_NULL;
    int st = 0;
    for (int64_t i = 0; i < batch && n > 0 && k > 0 && !st; i++)
        st = c.S->api.getrs[c.p](c.S->handle, trans ? SOLVER_OP_T : SOLVER_OP_N, (int)n, (int)k,
                                 pa + i * n * n * c.isz, ld(n), (int *)(void *)(pp + i * n * 4),
                                 pb + i * n * k * c.isz, ld(n), (int *)(void *)(pi + i * 4));
    if (la_fail(&c, st, "getrs")) return V_NULL;
    return v_obj(info);
}

/* _potrf(a, upper) -> info: Cholesky factor of each matrix in its lower (upper) triangle. */
static Value la_potrf(Interp *I, int argc, Value *argv, Tuple *kw) {
    LaCtx c;
    Array *a = la_open(I, &c, "_potrf", argc, argv, kw, 2);
    int upper = a ? obj_truthy(I, argv[1]) : -1;
    if (upper < 0) return V_NULL;
    int64_t shape[ARR_MAXDIM], n = a->shape[a->ndim - 1], batch = la_batch(a, shape);
    if (!la_int_range(&c, n, n)) return V_NULL;
    int uplo = upper ? SOLVER_FILL_UPPER : SOLVER_FILL_LOWER;
    Array *info = la_new(&c, DT_INT32, a->ndim - 2, shape);
    char *pa = info ? la_ptr(&c, a, true) : NULL, *pi = pa ? la_ptr(&c, info, true) : NULL;
    if (!pi) return V_NULL;
    if (n == 0 || batch == 0) return v_obj(info);
    int lwork = 0;
    const SolverApi *api = &c.S->api;
    if (la_fail(&c, api->potrf_size[c.p](c.S->handle, uplo, (int)n, pa, ld(n), &lwork),
                "potrf_bufferSize"))
        return V_NULL;
    size_t wb;
    void *work = la_work(&c, lwork, &wb);
    if (!work) return V_NULL;
    int st = 0;
    for (int64_t b = 0; b < batch && !st; b++)
        st = api->potrf[c.p](c.S->handle, uplo, (int)n, pa + b * n * n * c.isz, ld(n), work, lwork,
                             (int *)(void *)(pi + b * 4));
    la_work_free(&c, work, wb);
    if (la_fail(&c, st, "potrf")) return V_NULL;
    return v_obj(info);
}

/* _syevd(a, vectors, upper) -> (w, info): eigenvalues (ascending) of each symmetric matrix,
 * read from its lower (upper) triangle; with vectors the matrix becomes its eigenvectors. */
static Value la_syevd(Interp *I, int argc, Value *argv, Tuple *kw) {
    LaCtx c;
    Array *a = la_open(I, &c, "_syevd", argc, argv, kw, 3);
    int vec = a ? obj_truthy(I, argv[1]) : -1, upper = vec >= 0 ? obj_truthy(I, argv[2]) : -1;
    if (upper < 0) return V_NULL;
    int64_t shape[ARR_MAXDIM], n = a->shape[a->ndim - 1], batch = la_batch(a, shape);
    if (!la_int_range(&c, n, n)) return V_NULL;
    int jobz = vec ? SOLVER_EIG_VECTOR : SOLVER_EIG_NOVECTOR;
    int uplo = upper ? SOLVER_FILL_UPPER : SOLVER_FILL_LOWER;
    shape[a->ndim - 2] = n;
    Array *w = la_new(&c, c.dt, a->ndim - 1, shape);
    Array *info = w ? la_new(&c, DT_INT32, a->ndim - 2, shape) : NULL;
    char *pa = info ? la_ptr(&c, a, true) : NULL, *pw = pa ? la_ptr(&c, w, true) : NULL;
    char *pi = pw ? la_ptr(&c, info, true) : NULL;
    if (!pi) return V_NULL;
    if (n == 0 || batch == 0) return la_pair(I, w, info);
    int lwork = 0;
    const SolverApi *api = &c.S->api;
    if (la_fail(&c, api->syevd_size[c.p](c.S->handle, jobz, uplo, (int)n, pa, ld(n), pw, &lwork),
                "syevd_bufferSize"))
        return V_NULL;
    size_t wb;
    void *work = la_work(&c, lwork, &wb);
    if (!work) return V_NULL;
    int st = 0;
    for (int64_t b = 0; b < batch && !st; b++)
        st = api->syevd[c.p](c.S->handle, jobz, uplo, (int)n, pa + b * n * n * c.isz, ld(n),
                             pw + b * n * c.isz, work, lwork, (int *)(void *)(pi + b * 4));
    la_work_free(&c, work, wb);
    if (la_fail(&c, st, "syevd")) return V_NULL;
    return la_pair(I, w, info);
}

/* _gesvd(a, job) -> (s, u, vt, info): the SVD of each m x n matrix, m >= n (shape (..., n,
 * m)); job 'A' (u m x m), 'S' (u m x n) or 'N' (no vectors: u and vt None). a is destroyed. */
static Value la_gesvd(Interp *I, int argc, Value *argv, Tuple *kw) {
    LaCtx c;
    Array *a = la_open(I, &c, "_gesvd", argc, argv, kw, 2);
    if (!a) return V_NULL;
    if (!is_str(I, argv[1]) || as_str(argv[1])->len != 1 ||
        !strchr("ASN", as_str(argv[1])->data[0]))
        return err_format(I, TY_VALUE_ERROR, "_gesvd: job 'A', 'S' or 'N' expected");
    char job = as_str(argv[1])->data[0];
    int nd = a->ndim;
    int64_t shape[ARR_MAXDIM], m = a->shape[nd - 1], n = a->shape[nd - 2];
    int64_t batch = la_batch(a, shape);
    if (m < n) return err_format(I, TY_VALUE_ERROR, "_gesvd: m >= n expected");
    if (!la_int_range(&c, m, m)) return V_NULL;
    shape[nd - 2] = n;
    Array *s = la_new(&c, c.dt, nd - 1, shape), *u = NULL, *vt = NULL;
    if (!s) return V_NULL;
    int64_t ucols = job == 'A' ? m : n;
    if (job != 'N') {
        shape[nd - 2] = ucols;
        shape[nd - 1] = m;
        if (!(u = la_new(&c, c.dt, nd, shape))) return V_NULL;
        shape[nd - 2] = shape[nd - 1] = n;
        if (!(vt = la_new(&c, c.dt, nd, shape))) return V_NULL;
    }
    Array *info = la_new(&c, DT_INT32, nd - 2, shape);
    char *pa = info ? la_ptr(&c, a, true) : NULL, *ps = pa ? la_ptr(&c, s, true) : NULL;
    char *pu = NULL, *pv = NULL, *pi = NULL;
    if (ps && u && !(pu = la_ptr(&c, u, true))) return V_NULL;
    if (ps && vt && !(pv = la_ptr(&c, vt, true))) return V_NULL;
    if (!ps || !(pi = la_ptr(&c, info, true))) return V_NULL;
    if (n > 0 && batch > 0) {
        int lwork = 0;
        const SolverApi *api = &c.S->api;
        if (la_fail(&c, api->gesvd_size[c.p](c.S->handle, (int)m, (int)n, &lwork),
                    "gesvd_bufferSize"))
            return V_NULL;
        size_t wb;
        void *work = la_work(&c, lwork, &wb);
        if (!work) return V_NULL;
        int st = 0;
        for (int64_t b = 0; b < batch && !st; b++)
            st = api->gesvd[c.p](c.S->handle, (signed char)job, (signed char)job, (int)m, (int)n,
                                 pa + b * m * n * c.isz, ld(m), ps + b * n * c.isz,
                                 pu ? pu + b * m * ucols * c.isz : NULL, ld(m),
                                 pv ? pv + b * n * n * c.isz : NULL, ld(n), work, lwork, NULL,
                                 (int *)(void *)(pi + b * 4));
        la_work_free(&c, work, wb);
        if (la_fail(&c, st, "gesvd")) return V_NULL;
    }
    Tuple *t =
        tuple_pack(I, 4, v_obj(s), u ? v_obj(u) : V_NONE, vt ? v_obj(vt) : V_NONE, v_obj(info));
    return t ? v_obj(t) : V_NULL;
}

/* _geqrf(a) -> (tau, info): Householder QR of each m x n matrix (shape (..., n, m)). */
static Value la_geqrf(Interp *I, int argc, Value *argv, Tuple *kw) {
    LaCtx c;
    Array *a = la_open(I, &c, "_geqrf", argc, argv, kw, 1);
    if (!a) return V_NULL;
    int nd = a->ndim;
    int64_t shape[ARR_MAXDIM], m = a->shape[nd - 1], n = a->shape[nd - 2];
    int64_t batch = la_batch(a, shape), k = m < n ? m : n;
    if (!la_int_range(&c, m, n)) return V_NULL;
    shape[nd - 2] = k;
    Array *tau = la_new(&c, c.dt, nd - 1, shape);
    Array *info = tau ? la_new(&c, DT_INT32, nd - 2, shape) : NULL;
    char *pa = info ? la_ptr(&c, a, true) : NULL, *pt = pa ? la_ptr(&c, tau, true) : NULL;
    char *pi = pt ? la_ptr(&c, info, true) : NULL;
    if (!pi) return V_NULL;
    if (k == 0 || batch == 0) return la_pair(I, tau, info);
    int lwork = 0;
    const SolverApi *api = &c.S->api;
    if (la_fail(&c, api->geqrf_size[c.p](c.S->handle, (int)m, (int)n, pa, ld(m), &lwork),
                "geqrf_bufferSize"))
        return V_NULL;
    size_t wb;
    void *work = la_work(&c, lwork, &wb);
    if (!work) return V_NULL;
    int st = 0;
    for (int64_t b = 0; b < batch && !st; b++)
        st = api->geqrf[c.p](c.S->handle, (int)m, (int)n, pa + b * m * n * c.isz, ld(m),
                             pt + b * k * c.isz, work, lwork, (int *)(void *)(pi + b * 4));
    la_work_free(&c, work, wb);
    if (la_fail(&c, st, "geqrf")) return V_NULL;
    return la_pair(I, tau, info);
}

/* _orgqr(q, tau) -> info: the m x n matrices Q (shape (..., n, m), m >= n) from the first k
 * reflectors that _geqrf left in their columns (k = tau's last axis). */
static Value la_orgqr(Interp *I, int argc, Value *argv, Tuple *kw) {
    LaCtx c;
    Array *q = la_open(I, &c, "_orgqr", argc, argv, kw, 2);
    if (!q) return V_NULL;
    if (!is_array(I, argv[1]) || arr_raw(argv[1])->dtype != c.dt || arr_raw(argv[1])->ndim < 1 ||
        !arr_is_contiguous(arr_raw(argv[1])))
        return err_format(I, TY_TYPE_ERROR, "_orgqr: tau expected");
    Array *tau = arr_raw(argv[1]);
    int nd = q->ndim;
    int64_t shape[ARR_MAXDIM], m = q->shape[nd - 1], n = q->shape[nd - 2];
    int64_t batch = la_batch(q, shape), k = tau->shape[tau->ndim - 1];
    if (m < n || n < k || tau->size != batch * k)
        return err_format(I, TY_VALUE_ERROR, "_orgqr: shapes do not match");
    if (!la_int_range(&c, m, n)) return V_NULL;
    Array *info = la_new(&c, DT_INT32, nd - 2, shape);
    char *pq = info ? la_ptr(&c, q, true) : NULL, *pt = pq ? la_ptr(&c, tau, false) : NULL;
    char *pi = pt ? la_ptr(&c, info, true) : NULL;
    if (!pi) return V_NULL;
    if (n == 0 || batch == 0) return v_obj(info);
    int lwork = 0;
    const SolverApi *api = &c.S->api;
    if (la_fail(&c,
                api->orgqr_size[c.p](c.S->handle, (int)m, (int)n, (int)k, pq, ld(m), pt, &lwork),
                "orgqr_bufferSize"))
        return V_NULL;
    size_t wb;
    void *work = la_work(&c, lwork, &wb);
    if (!work) return V_NULL;
    int st = 0;
    for (int64_t b = 0; b < batch && !st; b++)
        st = api->orgqr[c.p](c.S->handle, (int)m, (int)n, (int)k, pq + b * m * n * c.isz, ld(m),
                             pt + b * k * c.isz, work, lwork, (int *)(void *)(pi + b * 4));
    la_work_free(&c, work, wb);
    if (la_fail(&c, st, "orgqr")) return V_NULL;
    return v_obj(info);
}

/* _library() -> the path of the library behind the current backend's table. */
static Value la_library(Interp *I, int argc, Value *argv, Tuple *kw) {
    (void)argv;
    LaCtx c;
    if (!arr_args(I, "_library", argc, kw, 0, 0) || la_begin(I, &c, DT_FLOAT64) < 0) return V_NULL;
    Str *s = str_printf(I, "%s%s", c.S->path, c.dev && c.S->host ? " (mock device)" : "");
    return s ? v_obj(s) : V_NULL;
}

/* _matmul_lt(a, b, bias, act, alpha, beta, c): matmul's fused epilogue (act 0 none, 1 relu,
 * 2 gelu; bias and c None or arrays of a's dtype, checked by the Python half) in one cuBLASLt
 * call on CUDA; None when not on CUDA or the call declines, and the Python half composes the
 * same result from array operations. */
static Value la_matmul_lt(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (argc != 7 || (kw && kw->len))
        return err_format(I, TY_TYPE_ERROR, "_matmul_lt() takes 7 arguments");
    for (int i = 0; i < 3; i++)
        if (!is_array(I, argv[i]) && !(i == 2 && is_none(argv[i])))
            return err_format(I, TY_TYPE_ERROR, "_matmul_lt(): arrays expected");
    if (!is_none(argv[6]) && !is_array(I, argv[6]))
        return err_format(I, TY_TYPE_ERROR, "_matmul_lt(): c must be an array or None");
    if (!is_smallint(argv[3]) || argv[3].as.i < 0 || argv[3].as.i > 2 || !is_float(argv[4]) ||
        !is_float(argv[5]))
        return err_format(I, TY_TYPE_ERROR, "_matmul_lt(): act is 0-2, alpha and beta floats");
    int b = arr_backend_check(I);
    if (b <= 0) return b < 0 ? V_NULL : V_NONE;
    static const int acts[3] = {LT_ACT_NONE, LT_ACT_RELU, LT_ACT_GELU};
    return arr_cuda_matmul_ep(
        I, arr_raw(argv[0]), arr_raw(argv[1]), is_none(argv[2]) ? NULL : arr_raw(argv[2]),
        acts[argv[3].as.i], argv[4].as.f, argv[5].as.f, is_none(argv[6]) ? NULL : arr_raw(argv[6]));
}

static const MethodDef linalg_natives[] = {
    {"_matmul_lt", la_matmul_lt, 0}, {"_getrf", la_getrf, 0},
    {"_getrs", la_getrs, 0},         {"_potrf", la_potrf, 0},
    {"_syevd", la_syevd, 0},         {"_gesvd", la_gesvd, 0},
    {"_geqrf", la_geqrf, 0},         {"_orgqr", la_orgqr, 0},
    {"_library", la_library, 0},     {NULL, NULL, 0},
};

int gpu_add_linalg(Interp *I, Module *np) {
    Str *name = str_intern_cstr(I, "_numpy_linalg");
    Value lib = name ? vm_import(I, name, V_NULL, V_NULL, 0) : V_NULL;
    if (is_null(lib) || !is_obj(lib) || lib.as.o->type != I->types[TY_MODULE]) return -1;
    Module *lm = (Module *)lib.as.o;
    if (module_add_functions(I, lm, linalg_natives) < 0) return -1;
    Str *k = str_intern_cstr(I, "np"), *nk = str_intern_cstr(I, "__name__");
    Str *nv = str_from_cstr(I, "numpy.linalg");
    if (!k || !nk || !nv || dict_set_str(I, lm->dict, k, v_obj(np)) < 0 ||
        dict_set_str(I, lm->dict, nk, v_obj(nv)) < 0)
        return -1;
    return module_set(I, np, "linalg", lib);
}
