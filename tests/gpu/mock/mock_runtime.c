/* mock_runtime.c: a stand-in for the GPU runtime (gpu/runtime/device.c, memory.c, stream.c and the
 * kernel library) for testing the CUDA backend of the array module on a machine without a
 * GPU. "Device" memory is host memory (filled with garbage, as real device memory would
 * be), copies are memcpy, and the kernels (gpu_fused_elementwise, gpu_reduce, gpu_matmul,
 * gpu_fill, gpu_arange) are interpreted element by element. It checks the backend's logic
 * (coherence of the host mirror, lazy fusion, hazards of in-place writes, views, the
 * collector's handling of device buffers), not the kernels: build it with build.sh and run
 *   KRAIT_DEVICE=cuda bench/gpu/run_gpu_tests.sh /tmp/krait_mock/kmock
 * MOCK_VERBOSE=1 prints the launches and bytes copied each way at exit; MOCK_LIMIT=N makes
 * the "device" hold N bytes (for MemoryError paths). Not part of the build. */
/* mock GPU runtime: "device" memory is host memory; kernels are interpreted. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../../../gpu/array/array.h"
#include "../../../gpu/runtime/gpu.h"
#include "../../../gpu/kernels/kernels.h"

int mock_launches;
size_t mock_down, mock_up;
GpuState *gpu_state_new(kr_allocator al) {
    GpuState *G = calloc(1, sizeof *G);
    G->allocator = al;
    strcpy(G->device_name, "MockGPU");
    G->cc_major = 9;
    strcpy(G->arch, "sm_90a");
    G->device_state = 1;
    return G;
}
void gpu_state_free(GpuState *G) {
    if (getenv("MOCK_VERBOSE"))
        fprintf(stderr, "\nmock: launches=%d live=%zu down=%zu up=%zu\n", mock_launches,
                G ? G->device_bytes : 0, mock_down, mock_up);
    if (G && G->device_bytes) fprintf(stderr, "mock: LEAK %zu device bytes\n", G->device_bytes);
    free(G);
}
GpuBackend gpu_backend(GpuState *G) {
    const char *e = getenv("KRAIT_DEVICE");
    return e && !strcmp(e, "cpu") ? GPU_BACKEND_CPU : GPU_BACKEND_CUDA;
}
int gpu_init_cuda(GpuState *G) {
    return 0;
}
int gpu_synchronize(GpuState *G) {
    return 0;
}
int gpu_set_error(GpuState *G, GpuErrorKind k, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(G->err, sizeof G->err, fmt, ap);
    va_end(ap);
    G->err_kind = k;
    return -1;
}
int gpu_mem_alloc(GpuState *G, size_t n, CUstream s, CUdeviceptr *out) {
    size_t lim = getenv("MOCK_LIMIT") ? (size_t)atoll(getenv("MOCK_LIMIT")) : (size_t)1 << 40;
    if (G->device_bytes + n > lim) {
        G->oom_requested = n;
        G->oom_free = lim - G->device_bytes;
        return gpu_set_error(G, GPU_ERR_OUT_OF_MEMORY, "oom");
    }
    char *p = malloc(n + 8);
    memset(p, 0xA5, n); /* garbage, as device memory */
    *out = (CUdeviceptr)(uintptr_t)p;
    G->device_bytes += n;
    return 0;
}
int gpu_mem_free(GpuState *G, CUdeviceptr p, size_t n, CUstream s) {
    free((void *)(uintptr_t)p);
    G->device_bytes -= n;
    return 0;
}
int gpu_mem_trim(GpuState *G, size_t k) {
    return 0;
}
int gpu_mem_info(GpuState *G, size_t *f, size_t *t) {
    *f = 1 << 30;
    *t = 1ull << 34;
    return 0;
}
int gpu_copy_to_device(GpuState *G, CUdeviceptr d, const void *s, size_t n, CUstream st) {
    mock_up += n;
    memcpy((void *)(uintptr_t)d, s, n);
    return 0;
}
int gpu_copy_to_host(GpuState *G, void *d, CUdeviceptr s, size_t n, CUstream st) {
    mock_down += n;
    memcpy(d, (void *)(uintptr_t)s, n);
    return 0;
}
int gpu_stream_create(GpuState *G, CUstream *o) {
    *o = (CUstream)malloc(1);
    return 0;
}
int gpu_stream_destroy(GpuState *G, CUstream s) {
    free(s);
    return 0;
}
int gpu_stream_synchronize(GpuState *G, CUstream s) {
    return 0;
}
int gpu_event_create(GpuState *G, bool t, CUevent *o) {
    *o = (CUevent)malloc(1);
    return 0;
}
int gpu_event_destroy(GpuState *G, CUevent e) {
    free(e);
    return 0;
}
int gpu_event_record(GpuState *G, CUevent e, CUstream s) {
    return 0;
}
int gpu_stream_wait_event(GpuState *G, CUstream s, CUevent e) {
    return 0;
}
int gpu_event_synchronize(GpuState *G, CUevent e) {
    return 0;
}
int gpu_event_elapsed_ms(GpuState *G, CUevent a, CUevent b, float *ms) {
    *ms = 1;
    return 0;
}

static char *elem(const GpuTensor *t, const int64_t *idx, int ond) {
    int64_t off = 0;
    for (int d = 0; d < t->ndim; d++) {
        int k = d + (ond - t->ndim);
        if (t->shape[d] != 1) off += idx[k] * t->strides[d];
    }
    return (char *)(uintptr_t)t->ptr + off * arr_dtypes[t->dtype].size;
}
typedef struct {
    double f;
    int64_t i;
} V;
static V conv(V v, int from, int to) {
    V r;
    if (dt_is_float(from)) {
        r.f = v.f;
        r.i = (int64_t)v.f;
    } else {
        r.i = v.i;
        r.f = (double)v.i;
    }
    if (to == DT_BOOL) {
        r.i = dt_is_float(from) ? v.f != 0 : v.i != 0;
        r.f = (double)r.i;
    }
    char buf[8];
    if (dt_is_float(to)) {
        arr_store_f(buf, to, r.f);
        r.f = arr_load_f(buf, to);
        r.i = (int64_t)r.f;
    } else {
        arr_store_i(buf, to, r.i);
        r.i = arr_load_i(buf, to);
        r.f = (double)r.i;
    }
    return r;
}
static double fmodpy(double a, double b) {
    double m = fmod(a, b);
    if (m && ((m < 0) != (b < 0))) m += b;
    return m;
}
int gpu_fused_elementwise(GpuState *G, const FuseNode *nodes, int nn, int root, const GpuTensor *in,
                          int nin, GpuTensor *out, CUstream s) {
    mock_launches++;
    int64_t n = 1;
    for (int d = 0; d < out->ndim; d++)
        n *= out->shape[d];
    V val[128];
    for (int64_t e = 0; e < n; e++) {
        int64_t idx[GPU_MAX_DIMS], r = e;
        for (int d = out->ndim - 1; d >= 0; d--) {
            idx[d] = r % out->shape[d];
            r /= out->shape[d];
        }
        for (int k = 0; k < nn; k++) {
            const FuseNode *x = &nodes[k];
            int dt = x->dtype;
            V a = {0, 0}, b = {0, 0}, c = {0, 0}, y = {0, 0};
            int cdt = dt;
            if (x->a >= 0) a = val[x->a];
            if (x->b >= 0) b = val[x->b];
            if (x->c >= 0) c = val[x->c];
            if (x->op >= FUSE_EQ && x->op <= FUSE_GE)
                cdt = gpu_dtype_promote(nodes[x->a].dtype, nodes[x->b].dtype);
            if (x->op == FUSE_ISNAN || x->op == FUSE_ISINF || x->op == FUSE_ISFINITE ||
                (x->op >= FUSE_LOGICAL_AND && x->op <= FUSE_LOGICAL_NOT))
                cdt = nodes[x->a].dtype;
            if (x->a >= 0 && x->op != FUSE_WHERE) a = conv(a, nodes[x->a].dtype, cdt);
            if (x->b >= 0 && !(x->op >= FUSE_LOGICAL_AND && x->op <= FUSE_LOGICAL_XOR))
                b = conv(b, nodes[x->b].dtype, cdt);
            bool fl = dt_is_float(cdt);
            switch (x->op) {
            case FUSE_INPUT: {
                const GpuTensor *t = &in[x->input];
                char *p = elem(t, idx, out->ndim);
                if (dt_is_float(t->dtype)) {
                    y.f = arr_load_f(p, t->dtype);
                    y.i = (int64_t)y.f;
                } else {
                    y.i = arr_load_i(p, t->dtype);
                    y.f = (double)y.i;
                }
                break;
            }
            case FUSE_CONST:
                y.f = x->scalar;
                y.i = dt_is_float(dt) ? (int64_t)x->scalar : x->iscalar;
                if (!dt_is_float(dt)) y.f = (double)x->iscalar;
                break;
            case FUSE_CAST: y = a; break;
            case FUSE_ADD:
                y.f = a.f + b.f;
                y.i = (int64_t)((uint64_t)a.i + (uint64_t)b.i);
                break;
            case FUSE_SUB:
                y.f = a.f - b.f;
                y.i = (int64_t)((uint64_t)a.i - (uint64_t)b.i);
                break;
            case FUSE_MUL:
                y.f = a.f * b.f;
                y.i = (int64_t)((uint64_t)a.i * (uint64_t)b.i);
                break;
            case FUSE_TRUEDIV: y.f = a.f / b.f; break;
            case FUSE_FLOORDIV:
                y.f = floor(a.f / b.f);
                y.i = b.i ? (int64_t)floor((double)a.i / (double)b.i) : 0;
                break;
            case FUSE_MOD:
                y.f = fmodpy(a.f, b.f);
                y.i = b.i ? ((a.i % b.i) + b.i) % b.i : 0;
                break;
            case FUSE_POW:
                y.f = pow(a.f, b.f);
                {
                    int64_t rr = 1;
                    for (int64_t q = 0; q < b.i; q++)
                        rr *= a.i;
                    y.i = rr;
                }
                break;
            case FUSE_NEG:
                y.f = -a.f;
                y.i = -a.i;
                break;
            case FUSE_ABS:
                y.f = fabs(a.f);
                y.i = a.i < 0 ? -a.i : a.i;
                break;
            case FUSE_EQ: y.i = fl ? a.f == b.f : a.i == b.i; break;
            case FUSE_NE: y.i = fl ? a.f != b.f : a.i != b.i; break;
            case FUSE_LT: y.i = fl ? a.f < b.f : a.i < b.i; break;
            case FUSE_LE: y.i = fl ? a.f <= b.f : a.i <= b.i; break;
            case FUSE_GT: y.i = fl ? a.f > b.f : a.i > b.i; break;
            case FUSE_GE: y.i = fl ? a.f >= b.f : a.i >= b.i; break;
            case FUSE_MAXIMUM:
                y.f = (a.f != a.f || a.f > b.f) ? a.f : b.f;
                y.i = a.i > b.i ? a.i : b.i;
                break;
            case FUSE_MINIMUM:
                y.f = (a.f != a.f || a.f < b.f) ? a.f : b.f;
                y.i = a.i < b.i ? a.i : b.i;
                break;
            case FUSE_EXP: y.f = exp(a.f); break;
            case FUSE_LOG: y.f = log(a.f); break;
            case FUSE_SQRT: y.f = sqrt(a.f); break;
            case FUSE_SIN: y.f = sin(a.f); break;
            case FUSE_COS: y.f = cos(a.f); break;
            case FUSE_TANH: y.f = tanh(a.f); break;
            case FUSE_FLOOR:
                y.f = floor(a.f);
                y.i = a.i;
                break;
            case FUSE_RINT:
                y.f = nearbyint(a.f);
                y.i = a.i;
                break;
            case FUSE_BIT_AND: y.i = a.i & b.i; break;
            case FUSE_BIT_OR: y.i = a.i | b.i; break;
            case FUSE_BIT_XOR: y.i = a.i ^ b.i; break;
            case FUSE_INVERT: y.i = dt == DT_BOOL ? !a.i : ~a.i; break;
            case FUSE_LOGICAL_NOT: y.i = dt_is_float(cdt) ? a.f == 0 : a.i == 0; break;
            case FUSE_ISNAN: y.i = a.f != a.f; break;
            case FUSE_ISINF: y.i = dt_is_float(cdt) && isinf(a.f); break;
            case FUSE_ISFINITE: y.i = !dt_is_float(cdt) || isfinite(a.f); break;
            case FUSE_LSHIFT: y.i = b.i >= 64 ? 0 : (int64_t)((uint64_t)a.i << b.i); break;
            case FUSE_RSHIFT: y.i = b.i >= 64 ? (a.i < 0 ? -1 : 0) : a.i >> b.i; break;
            case FUSE_LOGICAL_AND:
            case FUSE_LOGICAL_OR:
            case FUSE_LOGICAL_XOR: {
                bool la = dt_is_float(nodes[x->a].dtype) ? val[x->a].f != 0 : val[x->a].i != 0;
                bool lb = dt_is_float(nodes[x->b].dtype) ? val[x->b].f != 0 : val[x->b].i != 0;
                y.i = x->op == FUSE_LOGICAL_AND  ? (la && lb)
                      : x->op == FUSE_LOGICAL_OR ? (la || lb)
                                                 : (la != lb);
                break;
            }
            case FUSE_LOG2: y.f = log2(a.f); break;
            case FUSE_LOG10: y.f = log10(a.f); break;
            case FUSE_TAN: y.f = tan(a.f); break;
            case FUSE_ARCSIN: y.f = asin(a.f); break;
            case FUSE_ARCCOS: y.f = acos(a.f); break;
            case FUSE_ARCTAN: y.f = atan(a.f); break;
            case FUSE_ARCTAN2: y.f = atan2(a.f, b.f); break;
            case FUSE_CEIL:
                y.f = ceil(a.f);
                y.i = a.i;
                break;
            case FUSE_SIGN:
                y.f = a.f != a.f ? a.f : (a.f > 0) - (a.f < 0);
                y.i = (a.i > 0) - (a.i < 0);
                break;
            default: fprintf(stderr, "mock: op %d unsupported\n", x->op); abort();
            }
            (void)c;
            bool boolres = (x->op >= FUSE_EQ && x->op <= FUSE_LOGICAL_NOT) ||
                           (x->op >= FUSE_ISNAN && x->op <= FUSE_ISFINITE);
            if (boolres) {
                y.f = (double)y.i;
                y = conv(y, DT_INT64, dt);
            } else if (x->op == FUSE_CAST)
                y = conv(a, cdt, dt);
            else if (x->op == FUSE_INPUT)
                y = conv(y, in[x->input].dtype, dt);
            else if (x->op == FUSE_CONST)
                ;
            else
                y = conv(y, dt_is_float(cdt) ? cdt : DT_INT64, dt);
            val[k] = y;
        }
        char *p = elem(out, idx, out->ndim);
        V y = conv(val[root], nodes[root].dtype, out->dtype);
        if (dt_is_float(out->dtype))
            arr_store_f(p, out->dtype, y.f);
        else
            arr_store_i(p, out->dtype, y.i);
    }
    return 0;
}
int gpu_reduce(GpuState *G, int op, const GpuTensor *in, int axis, GpuTensor *out, CUstream s) {
    mock_launches++;
    int nd = in->ndim;
    int64_t n = 1;
    for (int d = 0; d < nd; d++)
        n *= in->shape[d];
    int64_t R = axis < 0 ? n : in->shape[axis];
    int64_t nout = n / (R ? R : 1);
    bool fl = dt_is_float(in->dtype);
    for (int64_t o = 0; o < nout; o++) {
        double acc = op == GPU_REDUCE_PROD  ? 1
                     : op == GPU_REDUCE_MIN ? INFINITY
                     : op == GPU_REDUCE_MAX ? -INFINITY
                     : op == GPU_REDUCE_ALL ? 1
                                            : 0;
        int64_t iacc = op == GPU_REDUCE_PROD ? 1 : 0, best = 0;
        double bv = 0;
        bool first = true;
        for (int64_t r = 0; r < R; r++) {
            int64_t idx[GPU_MAX_DIMS];
            if (axis < 0) {
                int64_t q = r;
                for (int d = nd - 1; d >= 0; d--) {
                    idx[d] = q % in->shape[d];
                    q /= in->shape[d];
                }
            } else {
                int64_t q = o;
                for (int d = nd - 1; d >= 0; d--) {
                    if (d == axis) {
                        idx[d] = r;
                        continue;
                    }
                    idx[d] = q % in->shape[d];
                    q /= in->shape[d];
                }
            }
            char *p = elem(in, idx, nd);
            double x = fl ? arr_load_f(p, in->dtype) : (double)arr_load_i(p, in->dtype);
            int64_t xi = fl ? 0 : arr_load_i(p, in->dtype);
            switch (op) {
            case GPU_REDUCE_SUM:
            case GPU_REDUCE_MEAN:
                acc += x;
                iacc += xi;
                break;
            case GPU_REDUCE_PROD:
                acc *= x;
                iacc *= xi;
                break;
            case GPU_REDUCE_MIN:
                if (x < acc || x != x) acc = x;
                break;
            case GPU_REDUCE_MAX:
                if (x > acc || x != x) acc = x;
                break;
            case GPU_REDUCE_ANY:
                if (x != 0) acc = 1;
                break;
            case GPU_REDUCE_ALL:
                if (x == 0) acc = 0;
                break;
            case GPU_REDUCE_ARGMIN:
                if (first || x < bv) {
                    bv = x;
                    best = r;
                }
                break;
            case GPU_REDUCE_ARGMAX:
                if (first || x > bv) {
                    bv = x;
                    best = r;
                }
                break;
            }
            first = false;
        }
        if (op == GPU_REDUCE_MEAN) acc /= (double)R;
        char *p = (char *)(uintptr_t)out->ptr + o * arr_dtypes[out->dtype].size;
        if (op == GPU_REDUCE_ARGMIN || op == GPU_REDUCE_ARGMAX)
            arr_store_i(p, out->dtype, best);
        else if (dt_is_float(out->dtype))
            arr_store_f(p, out->dtype, acc);
        else if (!fl && (op == GPU_REDUCE_SUM || op == GPU_REDUCE_PROD))
            arr_store_i(p, out->dtype, iacc);
        else
            arr_store_i(p, out->dtype, (int64_t)acc);
    }
    return 0;
}
int gpu_matmul(GpuState *G, const GpuTensor *a, const GpuTensor *b, GpuTensor *out, CUstream s) {
    mock_launches++;
    int nd = out->ndim;
    int64_t batch = 1;
    for (int d = 0; d < nd - 2; d++)
        batch *= out->shape[d];
    int64_t M = out->shape[nd - 2], N = out->shape[nd - 1], K = a->shape[nd - 1];
    for (int64_t bi = 0; bi < batch; bi++) {
        int64_t ia[GPU_MAX_DIMS] = {0}, q = bi;
        for (int d = nd - 3; d >= 0; d--) {
            ia[d] = q % out->shape[d];
            q /= out->shape[d];
        }
        for (int64_t i = 0; i < M; i++)
            for (int64_t j = 0; j < N; j++) {
                double acc = 0;
                for (int64_t k = 0; k < K; k++) {
                    ia[nd - 2] = i;
                    ia[nd - 1] = k;
                    double x = arr_load_f(elem(a, ia, nd), a->dtype);
                    ia[nd - 2] = k;
                    ia[nd - 1] = j;
                    double y = arr_load_f(elem(b, ia, nd), b->dtype);
                    acc += x * y;
                }
                ia[nd - 2] = i;
                ia[nd - 1] = j;
                arr_store_f(elem(out, ia, nd), out->dtype, acc);
            }
    }
    return 0;
}
int gpu_fill(GpuState *G, GpuTensor *out, double v, int64_t iv, CUstream s) {
    int64_t n = gpu_tensor_size(out);
    for (int64_t i = 0; i < n; i++) {
        char *p = (char *)(uintptr_t)out->ptr + i * arr_dtypes[out->dtype].size;
        if (dt_is_float(out->dtype))
            arr_store_f(p, out->dtype, v);
        else
            arr_store_i(p, out->dtype, iv);
    }
    return 0;
}
int gpu_arange(GpuState *G, GpuTensor *out, double st, double sp, int64_t ist, int64_t isp,
               CUstream s) {
    for (int64_t i = 0; i < out->shape[0]; i++) {
        char *p = (char *)(uintptr_t)out->ptr + i * out->strides[0] * arr_dtypes[out->dtype].size;
        if (dt_is_float(out->dtype))
            arr_store_f(p, out->dtype, st + (double)i * sp);
        else
            arr_store_i(p, out->dtype, ist + i * isp);
    }
    return 0;
}
int64_t gpu_tensor_size(const GpuTensor *t) {
    int64_t n = 1;
    for (int d = 0; d < t->ndim; d++)
        n *= t->shape[d];
    return n;
}
DType gpu_dtype_promote(DType a, DType b) {
    return (DType)arr_promote(a, b);
}
