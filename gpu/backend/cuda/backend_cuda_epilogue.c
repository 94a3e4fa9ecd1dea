/* backend_cuda_epilogue.c: `relu(a @ b + bias)` written with operators, as one cuBLASLt call.
 *
 * A 2-D matmul of float operands on CUDA is lazy: `a @ b` returns an owner whose pending
 * record (ArrPending.matmul) holds a and b and no nodes. Like every pending array it sits on
 * the pending list, so a write to a or b computes it first, and anything that needs its value
 * (a kernel's argument through arr_tensor, a host read, a reduction) computes it then. An
 * elementwise expression over it keeps it as an input without computing it, and when that
 * expression is evaluated and has the shape of a cuBLASLt epilogue,
 *
 *     maximum(alpha * M + beta * C + bias, 0)    (every part but M optional, terms in any order)
 *     gelu(alpha * M + beta * C + bias)          (gelu written out: its tanh form, below)
 *
 * with M the lazy matmul, C an array of the result's shape, bias a row of its columns and
 * alpha, beta constants, all of the result's dtype, it runs as one gpu_matmul_ep instead of
 * a matmul plus an elementwise pass. M itself stays lazy: if its value is needed later it is
 * computed then (once more: the price of `m = a @ b; y = relu(m + c); use(m)`). */
#include <math.h>
#include <string.h>

#include "../../../vm/error.h"
#include "../../../vm/gc.h"
#include "../../kernels/cublaslt.h"
#include "../../kernels/kernels.h"
#include "backend_cuda.h"

static bool lazy_dtype(int dt) {
    return dt == DT_FLOAT32 || dt == DT_FLOAT64 || dt == DT_FLOAT16 || dt == DT_BFLOAT16;
}

Value arr_cuda_matmul_lazy(Interp *I, Array *a, Array *b) {
    int dt = a->dtype;
    if (a->ndim != 2 || b->ndim != 2 || b->dtype != dt || !lazy_dtype(dt) ||
        a->shape[1] != b->shape[0] || a->size == 0 || b->size == 0)
        return arr_cuda_matmul(I, a, b);
    /* the inputs are evaluated arrays, as a pending record's always are */
    if (arr_dev_ready(I, a) < 0 || arr_dev_ready(I, b) < 0) return V_NULL;
    int64_t shape[2] = {a->shape[0], b->shape[1]};
    Array *r = arr_new_device(I, dt, 2, shape);
    if (!r) return V_NULL;
    ArrPending *p = arr_pending_alloc(I);
    if (!p) return V_NULL;
    memset(p, 0, sizeof *p);
    p->matmul = true;
    p->root = -1;
    p->inputs[0] = a;
    p->inputs[1] = b;
    p->ninputs = 2;
    arr_pending_link(I, r, p);
    return v_obj(r);
}

int arr_matmul_run(Interp *I, const ArrPending *g, GpuTensor *out) {
    GpuTensor ta, tb;
    if (arr_tensor(I, g->inputs[0], &ta) < 0 || arr_tensor(I, g->inputs[1], &tb) < 0) return -1;
    if (gpu_matmul(I->gpu, &ta, &tb, out, arr_stream(I)) < 0) return arr_gpu_raise(I);
    return 0;
}

/* ---- the epilogue's shape ---- */

typedef struct EpMatch {
    const ArrPending *g;
    int dt;
    int64_t m, n;
    int mm, bias, c; /* input indexes, -1: none */
    double alpha, beta;
} EpMatch;

static const FuseNode *node(const EpMatch *e, int i) {
    return i >= 0 && i < e->g->nnodes ? &e->g->nodes[i] : NULL;
}

static bool is_const(const EpMatch *e, int i, double *v) {
    const FuseNode *n = node(e, i);
    if (!n || n->op != FUSE_CONST || (int)n->dtype != e->dt) return false;
    *v = n->scalar;
    return true;
}

/* An input node of the result's dtype: its index in g->inputs, or -1. */
static int input_of(const EpMatch *e, int i) {
    const FuseNode *n = node(e, i);
    if (!n || n->op != FUSE_INPUT || (int)n->dtype != e->dt) return -1;
    return n->input;
}

static bool is_lazy_mm(const EpMatch *e, int k) {
    const Array *x = e->g->inputs[k];
    return !x->base && x->pend && x->pend->matmul && x->dtype == e->dt && x->shape[0] == e->m &&
           x->shape[1] == e->n;
}

/* One term of the sum: M, M * s, s * M, C, C * s, s * C, bias. */
static bool term(EpMatch *e, int i) {
    const FuseNode *n = node(e, i);
    if (!n || (int)n->dtype != e->dt) return false;
    double s = 1.0;
    int k = input_of(e, i);
    if (k < 0 && n->op == FUSE_MUL) {
        if (is_const(e, n->a, &s))
            k = input_of(e, n->b);
        else if (is_const(e, n->b, &s))
            k = input_of(e, n->a);
    }
    if (k < 0) return false;
    const Array *x = e->g->inputs[k];
    if (is_lazy_mm(e, k)) {
        if (e->mm >= 0) return false;
        e->mm = k;
        e->alpha = s;
        return true;
    }
    if (x->ndim == 2 && x->shape[0] == e->m && x->shape[1] == e->n) {
        if (e->c >= 0) return false;
        e->c = k;
        e->beta = s;
        return true;
    }
    bool row = (x->ndim == 1 && x->shape[0] == e->n) ||
               (x->ndim == 2 && x->shape[0] == 1 && x->shape[1] == e->n);
    if (!row || s != 1.0 || e->bias >= 0) return false;
    e->bias = k;
    return true;
}

static bool sum(EpMatch *e, int i, int depth) {
    const FuseNode *n = node(e, i);
    if (!n || depth > 4) return false;
    if (n->op == FUSE_ADD && (int)n->dtype == e->dt)
        return sum(e, n->a, depth + 1) && sum(e, n->b, depth + 1);
    return term(e, i);
}

/* ---- GELU written out: 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))) ----
 *
 * cuBLASLt's GELU epilogue is that tanh approximation (PyTorch's gelu(approximate="tanh")).
 * Its products are read as multisets of factors and its sums as sets of terms, so the
 * order of the factors, `x**3`, `x*x*x` and `x * x**2`, and `x * (1 + 0.044715 x^2)`
 * inside the tanh all match; x is one node (the builder copies a pending operand's graph
 * in once, backend_cuda.c) that must itself have the epilogue's sum shape. */

#define GELU_MAX_FACTORS 8

typedef struct Factors {
    double k; /* the product of the constant factors (and of 1/d for each / d) */
    int node[GELU_MAX_FACTORS], n; /* the other factors */
} Factors;

static bool near(double v, double want) {
    return fabs(v - want) <= 1e-6 * fabs(want);
}

static bool factors(const EpMatch *e, int i, Factors *f, int depth) {
    const FuseNode *n = node(e, i);
    double v;
    if (!n || (int)n->dtype != e->dt || depth > 6) return false;
    if (is_const(e, i, &v)) {
        f->k *= v;
        return true;
    }
    if (n->op == FUSE_MUL) return factors(e, n->a, f, depth + 1) && factors(e, n->b, f, depth + 1);
    if (n->op == FUSE_TRUEDIV && is_const(e, n->b, &v) && v != 0.0) {
        f->k /= v;
        return factors(e, n->a, f, depth + 1);
    }
    if (f->n == GELU_MAX_FACTORS) return false;
    f->node[f->n++] = i;
    return true;
}

/* k when node i is x^k (x, x * x, x ** 3, square(x), ...); 0 when it is not. */
static int power_of(const EpMatch *e, int i, int x, int depth) {
    const FuseNode *n = node(e, i);
    double v;
    if (i == x) return 1;
    if (!n || (int)n->dtype != e->dt || depth > 6) return 0;
    if (n->op == FUSE_MUL) {
        int a = power_of(e, n->a, x, depth + 1), b = power_of(e, n->b, x, depth + 1);
        return a && b ? a + b : 0;
    }
    if (n->op == FUSE_SQUARE) return 2 * power_of(e, n->a, x, depth + 1);
    if (n->op == FUSE_POW && is_const(e, n->b, &v) && v >= 1.0 && v <= 4.0 && v == floor(v))
        return (int)v * power_of(e, n->a, x, depth + 1);
    return 0;
}

/* Node i is k * x^p with k near want. */
static bool scaled_power(const EpMatch *e, int i, int x, int p, double want) {
    Factors f = {1.0, {0}, 0};
    if (!factors(e, i, &f, 0) || !near(f.k, want)) return false;
    int total = 0;
    for (int j = 0; j < f.n; j++) {
        int q = power_of(e, f.node[j], x, 0);
        if (!q) return false;
        total += q;
    }
    return total == p;
}

/* Node i is a + b (either order) with a the constant c, or the node x: the other term. */
static int sum_with(const EpMatch *e, int i, int x, double c) {
    const FuseNode *n = node(e, i);
    double v;
    if (!n || n->op != FUSE_ADD || (int)n->dtype != e->dt) return -1;
    if (x >= 0) return n->a == x ? n->b : n->b == x ? n->a : -1;
    if (is_const(e, n->a, &v) && v == c) return n->b;
    if (is_const(e, n->b, &v) && v == c) return n->a;
    return -1;
}

/* The tanh's argument: sqrt(2/pi) (x + 0.044715 x^3) or sqrt(2/pi) x (1 + 0.044715 x^2). */
static bool gelu_inner(const EpMatch *e, int i, int x) {
    static const double C = 0.7978845608028654, K = 0.044715;
    Factors f = {1.0, {0}, 0};
    if (!factors(e, i, &f, 0) || !near(f.k, C)) return false;
    if (f.n == 1) {
        int cube = sum_with(e, f.node[0], x, 0.0);
        return cube >= 0 && scaled_power(e, cube, x, 3, K);
    }
    if (f.n == 2) {
        for (int j = 0; j < 2; j++) {
            if (f.node[j] != x) continue;
            int sq = sum_with(e, f.node[1 - j], -1, 1.0);
            return sq >= 0 && scaled_power(e, sq, x, 2, K);
        }
    }
    return false;
}

/* The root is GELU of some node: that node (x), or -1. */
static int gelu_of(const EpMatch *e, int root) {
    Factors f = {1.0, {0}, 0};
    if (!factors(e, root, &f, 0) || f.n != 2 || !near(f.k, 0.5)) return -1;
    for (int j = 0; j < 2; j++) {
        int x = f.node[j];
        int th = sum_with(e, f.node[1 - j], -1, 1.0);
        const FuseNode *t = node(e, th);
        if (t && t->op == FUSE_TANH && (int)t->dtype == e->dt && gelu_inner(e, t->a, x)) return x;
    }
    return -1;
}

/* The contiguous vector of a bias input (a row of a 2-D array is one too). */
static int bias_tensor(Interp *I, Array *x, GpuTensor *t) {
    if (arr_tensor(I, x, t) < 0) return -1;
    if (x->ndim == 2) {
        t->ndim = 1;
        t->shape[0] = t->shape[1];
        t->strides[0] = t->strides[1];
    }
    return 0;
}

/* Whether g (of dtype dt and 2-D shape m x n) has the epilogue's shape: e filled, *act set. */
static bool ep_match(const ArrPending *g, int dt, int64_t m, int64_t n, EpMatch *e, int *act) {
    if (g->matmul || g->ninputs < 1 || g->ninputs > 3 || !lazy_dtype(dt)) return false;
    *e = (EpMatch){g, dt, m, n, -1, -1, -1, 1.0, 0.0};
    *act = LT_ACT_NONE;
    int root = g->root;
    const FuseNode *r = node(e, root);
    double zero;
    if (r && r->op == FUSE_MAXIMUM && (int)r->dtype == dt) {
        if (is_const(e, r->b, &zero) && zero == 0.0) {
            *act = LT_ACT_RELU;
            root = r->a;
        } else if (is_const(e, r->a, &zero) && zero == 0.0) {
            *act = LT_ACT_RELU;
            root = r->b;
        }
    } else if (r && (r->op == FUSE_MUL || r->op == FUSE_TRUEDIV)) {
        int x = gelu_of(e, root);
        if (x >= 0) {
            *act = LT_ACT_GELU;
            root = x;
        }
    }
    if (!sum(e, root, 0) || e->mm < 0) return false;
    /* a lone M (a copy) or one scaled by a constant is not worth a plan of its own */
    return *act != LT_ACT_NONE || e->bias >= 0 || e->c >= 0;
}

bool arr_epilogue_shape(const Array *a) {
    EpMatch e;
    int act;
    return a->ndim == 2 && a->pend && !a->base &&
           ep_match(a->pend, a->dtype, a->shape[0], a->shape[1], &e, &act);
}

int arr_epilogue_try(Interp *I, const ArrPending *g, GpuTensor *out) {
    EpMatch e;
    int act;
    if (out->ndim != 2 || out->strides[1] != 1 || out->strides[0] != out->shape[1] ||
        !ep_match(g, (int)out->dtype, out->shape[0], out->shape[1], &e, &act))
        return 0;
    const ArrPending *mg = g->inputs[e.mm]->pend;
    GpuTensor ta, tb, tbias, tc;
    if (arr_tensor(I, mg->inputs[0], &ta) < 0 || arr_tensor(I, mg->inputs[1], &tb) < 0 ||
        (e.bias >= 0 && bias_tensor(I, g->inputs[e.bias], &tbias) < 0) ||
        (e.c >= 0 && arr_tensor(I, g->inputs[e.c], &tc) < 0))
        return -1;
    int rc = gpu_matmul_ep(I->gpu, &ta, &tb, out, e.bias >= 0 ? &tbias : NULL, act, e.alpha,
                           e.c >= 0 ? e.beta : 0.0, e.c >= 0 ? &tc : NULL, arr_stream(I));
    if (rc < 0) return arr_gpu_raise(I);
    return rc == 0;
}
