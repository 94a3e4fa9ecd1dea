/* cublaslt.c: matmul through cuBLASLt, dlopen'ed on the first matmul (see cublaslt.h).
 *
 * The declarations below copy the stable C ABI of cublasLt.h / cublas_api.h /
 * library_types.h (CUDA 12 and 13 agree on every value used). Descriptors are the
 * "semi-opaque" structs initialized in place (cublasLt*Init_internal), so a cached plan is
 * plain memory: nothing to destroy per shape. */
#include "cublaslt.h"
#include "kernels.h"
#include "../runtime/profile.h"

#include <dlfcn.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the part of cuBLASLt's API krait uses ---- */

typedef int cublasStatus_t;
typedef void *cublasLtHandle_t;
typedef struct {
    uint64_t data[8];
} LtLayout; /* cublasLtMatrixLayoutOpaque_t */
typedef struct {
    uint64_t data[32];
} LtDesc; /* cublasLtMatmulDescOpaque_t */
typedef struct {
    uint64_t data[8];
} LtPref; /* cublasLtMatmulPreferenceOpaque_t */
typedef struct {
    uint64_t data[8];
} LtAlgo; /* cublasLtMatmulAlgo_t */
typedef struct {
    LtAlgo algo;
    size_t workspaceSize;
    cublasStatus_t state;
    float wavesCount;
    int reserved[4];
} LtHeuristic; /* cublasLtMatmulHeuristicResult_t */

enum {
    LT_R_32F = 0, /* cudaDataType */
    LT_R_64F = 1,
    LT_R_16F = 2,
    LT_R_16BF = 14,
    LT_COMPUTE_32F = 68, /* cublasComputeType_t */
    LT_COMPUTE_32F_FAST_TF32 = 77,
    LT_COMPUTE_64F = 70,
    LT_OP_N = 0,
    LT_OP_T = 1,
    LT_DESC_TRANSA = 3, /* int32_t */
    LT_DESC_TRANSB = 4,
    LT_LAYOUT_BATCH_COUNT = 5,          /* int32_t */
    LT_LAYOUT_STRIDED_BATCH_OFFSET = 6, /* int64_t */
    LT_DESC_EPILOGUE = 7,               /* uint32_t */
    LT_DESC_BIAS_POINTER = 8,           /* void * */
    LT_DESC_BIAS_DATA_TYPE = 26,        /* int32_t */
    LT_EPILOGUE_DEFAULT = 1,
    LT_EPILOGUE_RELU = 2,
    LT_EPILOGUE_BIAS = 4,
    LT_EPILOGUE_GELU = 32,
    LT_PREF_MAX_WORKSPACE_BYTES = 1, /* uint64_t */
    LT_PREF_MIN_ALIGNMENT_A = 5,     /* uint32_t, A B C D = 5 6 7 8 */
};

typedef struct LtApi {
    cublasStatus_t (*create)(cublasLtHandle_t *handle);
    cublasStatus_t (*destroy)(cublasLtHandle_t handle);
    size_t (*get_version)(void);
    cublasStatus_t (*layout_init)(LtLayout *l, size_t size, int type, uint64_t rows, uint64_t cols,
                                  int64_t ld);
    cublasStatus_t (*layout_set)(LtLayout *l, int attr, const void *buf, size_t size);
    cublasStatus_t (*desc_init)(LtDesc *d, size_t size, int compute, int scale_type);
    cublasStatus_t (*desc_set)(LtDesc *d, int attr, const void *buf, size_t size);
    cublasStatus_t (*pref_init)(LtPref *p, size_t size);
    cublasStatus_t (*pref_set)(LtPref *p, int attr, const void *buf, size_t size);
    cublasStatus_t (*heuristic)(cublasLtHandle_t handle, LtDesc *op, LtLayout *a, LtLayout *b,
                                LtLayout *c, LtLayout *d, LtPref *pref, int requested,
                                LtHeuristic *results, int *returned);
    cublasStatus_t (*matmul)(cublasLtHandle_t handle, LtDesc *op, const void *alpha, const void *a,
                             LtLayout *adesc, const void *b, LtLayout *bdesc, const void *beta,
                             const void *c, LtLayout *cdesc, void *d, LtLayout *ddesc,
                             const LtAlgo *algo, void *workspace, size_t workspace_size,
                             CUstream stream);
} LtApi;

/* ---- plans ---- */

/* Everything a plan depends on, in cuBLAS's column-major terms (operand X is krait's b, Y
 * krait's a). Zero-initialized before filling so padding compares equal. */
typedef struct LtKey {
    int32_t dtype, tf32, trans_x, trans_y, workspace;
    uint32_t epilogue; /* LT_EPILOGUE_*; 0: none set (the default) */
    int32_t with_c;    /* beta != 0: C (ld[2]'s layout) is read */
    uint32_t align[3];
    int64_t m, n, k, batch;
    int64_t ld[3], stride[3];
} LtKey;

#define LT_TUNE_MAX 8 /* heuristic results a plan keeps (and times, when large) */

typedef struct LtPlan {
    uint64_t hash; /* 0: empty slot */
    LtKey key;
    bool ok;    /* false: cuBLASLt has no algorithm for it; the own kernel runs */
    bool tuned; /* the candidates were timed (or there was nothing to time) */
    LtDesc desc;
    LtLayout lx, ly, ld;
    LtAlgo algo; /* the one calls use: the heuristic's first, then the fastest timed */
    LtAlgo cand[LT_TUNE_MAX];
    int ncand;
} LtPlan;

#define LT_MAX_PLANS  4096 /* past this many shapes the table starts over */
#define LT_WORKSPACE  ((size_t)32 << 20)
#define LT_PATH_SIZE  512
#define LT_LIB_LOADED 1

typedef struct GpuCublasLt {
    void *lib, *lib_cublas; /* dlopen handles (libcublas only when it had to go first) */
    LtApi api;
    cublasLtHandle_t handle;
    LtPlan *plans; /* open addressing, cap a power of two */
    size_t cap, count;
    char path[LT_PATH_SIZE];
} GpuCublasLt;

static void *lt_sym(void *lib, const char *name, bool *ok) {
    void *p = dlsym(lib, name);
    if (!p) *ok = false;
    return p;
}

/* Fill api from lib; false if a symbol is missing. */
static bool lt_bind(void *lib, LtApi *api) {
    bool ok = true;
    /* dlsym returns void *; a function pointer is assigned through memcpy to stay ISO C. */
#define BIND(field, name)                                                                          \
    do {                                                                                           \
        void *p_ = lt_sym(lib, name, &ok);                                                         \
        memcpy(&api->field, &p_, sizeof p_);                                                       \
    } while (0)
    BIND(create, "cublasLtCreate");
    BIND(destroy, "cublasLtDestroy");
    BIND(get_version, "cublasLtGetVersion");
    BIND(layout_init, "cublasLtMatrixLayoutInit_internal");
    BIND(layout_set, "cublasLtMatrixLayoutSetAttribute");
    BIND(desc_init, "cublasLtMatmulDescInit_internal");
    BIND(desc_set, "cublasLtMatmulDescSetAttribute");
    BIND(pref_init, "cublasLtMatmulPreferenceInit_internal");
    BIND(pref_set, "cublasLtMatmulPreferenceSetAttribute");
    BIND(heuristic, "cublasLtMatmulAlgoGetHeuristic");
    BIND(matmul, "cublasLtMatmul");
#undef BIND
    return ok;
}

/* dlopen path (a full path or a bare name); for a full path whose first attempt fails,
 * libcublas.so.* from the same folder is loaded first (RTLD_GLOBAL) and the load retried. */
static bool lt_try(GpuCublasLt *lt, const char *path) {
    void *lib = dlopen(path, RTLD_NOW | RTLD_GLOBAL);
    void *dep = NULL;
    const char *slash = strrchr(path, '/');
    if (!lib && slash) {
        char pattern[LT_PATH_SIZE];
        int len =
            snprintf(pattern, sizeof pattern, "%.*s/libcublas.so.*", (int)(slash - path), path);
        glob_t g;
        if (len > 0 && (size_t)len < sizeof pattern && glob(pattern, 0, NULL, &g) == 0) {
            for (size_t i = 0; i < g.gl_pathc && !dep; i++)
                dep = dlopen(g.gl_pathv[i], RTLD_NOW | RTLD_GLOBAL);
            globfree(&g);
        }
        if (dep) lib = dlopen(path, RTLD_NOW | RTLD_GLOBAL);
    }
    if (!lib) {
        if (dep) dlclose(dep);
        return false;
    }
    if (!lt_bind(lib, &lt->api)) {
        dlclose(lib);
        if (dep) dlclose(dep);
        return false;
    }
    lt->lib = lib;
    lt->lib_cublas = dep;
    snprintf(lt->path, sizeof lt->path, "%s", path);
    return true;
}

static bool lt_try_glob(GpuCublasLt *lt, const char *pattern) {
    glob_t g;
    if (glob(pattern, 0, NULL, &g) != 0) return false;
    bool ok = false;
    /* glob sorts names; the last is the newest version (.so.13 after .so.12) */
    for (size_t i = g.gl_pathc; i-- > 0 && !ok;)
        ok = lt_try(lt, g.gl_pathv[i]);
    globfree(&g);
    return ok;
}

static bool lt_open(GpuCublasLt *lt, const GpuSettings *settings) {
    static const char *const names[] = {
        "libcublasLt.so.13",
        "libcublasLt.so.12",
        "libcublasLt.so",
        "/usr/local/cuda/lib64/libcublasLt.so.13",
        "/usr/local/cuda/lib64/libcublasLt.so.12",
    };
    static const char *const globs[] = {
        "/usr/local/lib/python3*/dist-packages/nvidia/cublas/lib/libcublasLt.so.*",
        "/usr/lib/python3*/dist-packages/nvidia/cublas/lib/libcublasLt.so.*",
        "/usr/local/lib/python3*/site-packages/nvidia/cublas/lib/libcublasLt.so.*",
        "/opt/conda/lib/python3*/site-packages/nvidia/cublas/lib/libcublasLt.so.*",
        "/usr/local/lib/python3*/dist-packages/nvidia/cu13/lib/libcublasLt.so.*",
    };
    const char *path = settings->cublaslt_path;
    if (path && *path) return lt_try(lt, path); /* an explicit choice is not second-guessed */
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (lt_try(lt, names[i])) return true;
    for (size_t i = 0; i < sizeof globs / sizeof *globs; i++)
        if (lt_try_glob(lt, globs[i])) return true;
    const char *home = settings->home_dir;
    if (home && *home) {
        char pattern[LT_PATH_SIZE];
        int len = snprintf(pattern, sizeof pattern,
                           "%s/.local/lib/python3*/site-packages/nvidia/cublas/lib/"
                           "libcublasLt.so.*",
                           home);
        if (len > 0 && (size_t)len < sizeof pattern && lt_try_glob(lt, pattern)) return true;
    }
    return false;
}

int gpu_cublaslt_load(GpuState *G) {
    KernelCache *kc = &G->kernels;
    if (kc->lt_state) return kc->lt_state > 0;
    kc->lt_state = -1;
    if (gpu_ensure(G) < 0) return -1;
    if (G->mock) return 0; /* the mock device runs the kernel library's own matmul */
    if (G->settings.matmul_own) {
        G->matmul_own = 1;
        return 0;
    }
    GpuCublasLt *lt = gpu_host_alloc(G, sizeof *lt);
    if (!lt) return -1;
    memset(lt, 0, sizeof *lt);
    if (!lt_open(lt, &G->settings)) {
        gpu_host_free(G, lt, sizeof *lt);
        return 0;
    }
    /* cuBLASLt's runtime picks up the current context: krait's, the device's primary one. */
    if (lt->api.create(&lt->handle) != 0) {
        gpu_host_free(G, lt, sizeof *lt); /* the library stays mapped: harmless */
        return 0;
    }
    kc->lt = lt;
    kc->lt_state = LT_LIB_LOADED;
    kc->lt_free = gpu_cublaslt_free;
    return 1;
}

const char *gpu_cublaslt_path(GpuState *G) {
    return G->kernels.lt ? G->kernels.lt->path : NULL;
}

size_t gpu_cublaslt_version(GpuState *G) {
    return G->kernels.lt ? G->kernels.lt->api.get_version() : 0;
}

void gpu_cublaslt_free(GpuState *G) {
    GpuCublasLt *lt = G->kernels.lt;
    if (G->matmul_workspace) {
        gpu_mem_free(G, G->matmul_workspace, G->matmul_workspace_size, NULL);
        G->matmul_workspace = 0;
        G->matmul_workspace_size = 0;
    }
    if (!lt) return;
    if (lt->handle) lt->api.destroy(lt->handle);
    gpu_host_free(G, lt->plans, lt->cap * sizeof *lt->plans);
    /* The libraries stay mapped: cuBLASLt's runtime may keep threads or atexit handlers. */
    gpu_host_free(G, lt, sizeof *lt);
    G->kernels.lt = NULL;
    G->kernels.lt_state = 0;
}

/* ---- the plan table ---- */

static LtPlan *lt_find(GpuCublasLt *lt, const LtKey *key, uint64_t h) {
    if (!lt->cap) return NULL;
    size_t mask = lt->cap - 1;
    for (size_t i = (size_t)h & mask;; i = (i + 1) & mask) {
        LtPlan *p = &lt->plans[i];
        if (!p->hash) return NULL;
        if (p->hash == h && memcmp(&p->key, key, sizeof *key) == 0) return p;
    }
}

/* A free slot for key (the table grows, or starts over past LT_MAX_PLANS); NULL on OOM. */
static LtPlan *lt_slot(GpuState *G, GpuCublasLt *lt, uint64_t h) {
    if (lt->count >= LT_MAX_PLANS) {
        memset(lt->plans, 0, lt->cap * sizeof *lt->plans);
        lt->count = 0;
    }
    if ((lt->count + 1) * 2 > lt->cap) {
        size_t ncap = lt->cap ? lt->cap * 2 : 64;
        LtPlan *np = gpu_host_alloc(G, ncap * sizeof *np);
        if (!np) return NULL;
        memset(np, 0, ncap * sizeof *np);
        for (size_t i = 0; i < lt->cap; i++) {
            if (!lt->plans[i].hash) continue;
            size_t j = (size_t)lt->plans[i].hash & (ncap - 1);
            while (np[j].hash)
                j = (j + 1) & (ncap - 1);
            np[j] = lt->plans[i];
        }
        gpu_host_free(G, lt->plans, lt->cap * sizeof *lt->plans);
        lt->plans = np;
        lt->cap = ncap;
    }
    size_t mask = lt->cap - 1, i = (size_t)h & mask;
    while (lt->plans[i].hash)
        i = (i + 1) & mask;
    lt->count++;
    return &lt->plans[i];
}

static int lt_type(DType dt) {
    switch (dt) {
    case DT_FLOAT32: return LT_R_32F;
    case DT_FLOAT64: return LT_R_64F;
    case DT_FLOAT16: return LT_R_16F;
    case DT_BFLOAT16: return LT_R_16BF;
    default: return -1;
    }
}

/* Build the descriptors and ask the heuristic; p->ok says whether an algorithm exists.
 * -1 only when a descriptor cannot be built (never expected: an unsupported combination
 * shows as no algorithm). */
static void lt_plan(GpuState *G, GpuCublasLt *lt, LtPlan *p) {
    const LtKey *k = &p->key;
    LtApi *api = &lt->api;
    int type = lt_type((DType)k->dtype);
    int compute = k->dtype == DT_FLOAT64 ? LT_COMPUTE_64F
                  : k->tf32              ? LT_COMPUTE_32F_FAST_TF32
                                         : LT_COMPUTE_32F;
    int scale = k->dtype == DT_FLOAT64 ? LT_R_64F : LT_R_32F;
    p->ok = false;
    if (api->desc_init(&p->desc, sizeof p->desc, compute, scale) != 0) return;
    int32_t tx = k->trans_x ? LT_OP_T : LT_OP_N, ty = k->trans_y ? LT_OP_T : LT_OP_N;
    if (api->desc_set(&p->desc, LT_DESC_TRANSA, &tx, sizeof tx) != 0) return;
    if (api->desc_set(&p->desc, LT_DESC_TRANSB, &ty, sizeof ty) != 0) return;
    if (k->epilogue) {
        uint32_t ep = k->epilogue;
        int32_t bias_type = type;
        if (api->desc_set(&p->desc, LT_DESC_EPILOGUE, &ep, sizeof ep) != 0) return;
        if ((ep & LT_EPILOGUE_BIAS) &&
            api->desc_set(&p->desc, LT_DESC_BIAS_DATA_TYPE, &bias_type, sizeof bias_type) != 0)
            return;
    }
    /* X is m x k (stored k x m when transposed), Y is k x n, D is m x n; all column-major */
    uint64_t xr = (uint64_t)(k->trans_x ? k->k : k->m), xc = (uint64_t)(k->trans_x ? k->m : k->k);
    uint64_t yr = (uint64_t)(k->trans_y ? k->n : k->k), yc = (uint64_t)(k->trans_y ? k->k : k->n);
    LtLayout *ls[3] = {&p->lx, &p->ly, &p->ld};
    uint64_t rows[3] = {xr, yr, (uint64_t)k->m}, cols[3] = {xc, yc, (uint64_t)k->n};
    int32_t batch = (int32_t)k->batch;
    for (int i = 0; i < 3; i++) {
        if (api->layout_init(ls[i], sizeof *ls[i], type, rows[i], cols[i], k->ld[i]) != 0) return;
        if (batch > 1) {
            int64_t stride = k->stride[i];
            if (api->layout_set(ls[i], LT_LAYOUT_BATCH_COUNT, &batch, sizeof batch) != 0 ||
                api->layout_set(ls[i], LT_LAYOUT_STRIDED_BATCH_OFFSET, &stride, sizeof stride) != 0)
                return;
        }
    }
    LtPref pref;
    if (api->pref_init(&pref, sizeof pref) != 0) return;
    uint64_t ws = k->workspace ? LT_WORKSPACE : 0;
    if (api->pref_set(&pref, LT_PREF_MAX_WORKSPACE_BYTES, &ws, sizeof ws) != 0) return;
    uint32_t al[4] = {k->align[0], k->align[1], k->align[2], k->align[2]};
    for (int i = 0; i < 4; i++)
        if (api->pref_set(&pref, LT_PREF_MIN_ALIGNMENT_A + i, &al[i], sizeof al[i]) != 0) return;
    LtHeuristic res[LT_TUNE_MAX];
    int found = 0;
    memset(res, 0, sizeof res);
    if (api->heuristic(lt->handle, &p->desc, &p->lx, &p->ly, &p->ld, &p->ld, &pref, LT_TUNE_MAX,
                       res, &found) != 0)
        return;
    p->ncand = 0;
    for (int i = 0; i < found && i < LT_TUNE_MAX; i++)
        if (res[i].state == 0) p->cand[p->ncand++] = res[i].algo;
    if (p->ncand == 0) return;
    p->algo = p->cand[0];
    p->ok = true;
    (void)G;
}

/* Autotuning. cuBLASLt's heuristic ranks its algorithms by a model; for a large product the
 * model's first is not always the fastest on the device (issue 14: 729 TFLOP/s for bf16
 * 8192^3 through the first, cuBLAS 822 in the same run), so a product of at least
 * LT_TUNE_FLOPS times each candidate once, at its first call, on its own operands (every
 * candidate writes the same product into the output, which the real call then overwrites),
 * and keeps the fastest. About 3 * LT_TUNE_MAX products once per shape: 35 ms for bf16
 * 8192^3 on the H200. G->matmul_tune describes the last tuning. */
#define LT_TUNE_FLOPS 1e10
#define LT_TUNE_REPS  2

typedef struct LtCall {
    const void *alpha, *beta;
    CUdeviceptr x, y, c, d;
    void *ws;
    size_t ws_size;
    CUstream stream;
} LtCall;

static cublasStatus_t lt_run(GpuCublasLt *lt, LtPlan *p, const LtAlgo *algo, const LtCall *c) {
    return lt->api.matmul(lt->handle, &p->desc, c->alpha, (const void *)(uintptr_t)c->x, &p->lx,
                          (const void *)(uintptr_t)c->y, &p->ly, c->beta,
                          (const void *)(uintptr_t)c->c, &p->ld, (void *)(uintptr_t)c->d, &p->ld,
                          algo, c->ws, c->ws_size, c->stream);
}

/* Time each candidate; p->algo becomes the fastest that ran. -1 on a CUDA error (the
 * plan keeps the heuristic's first). */
static int lt_tune(GpuState *G, GpuCublasLt *lt, LtPlan *p, const LtCall *c) {
    CUevent ev[2] = {NULL, NULL};
    int rc = -1, best = -1;
    float best_ms = 0, first_ms = -1;
    if (gpu_event_create(G, true, &ev[0]) < 0 || gpu_event_create(G, true, &ev[1]) < 0) goto done;
    for (int i = 0; i < p->ncand; i++) {
        if (lt_run(lt, p, &p->cand[i], c) != 0) continue; /* warm-up; a failing one is skipped */
        if (gpu_event_record(G, ev[0], c->stream) < 0) goto done;
        bool ok = true;
        for (int r = 0; r < LT_TUNE_REPS && ok; r++)
            ok = lt_run(lt, p, &p->cand[i], c) == 0;
        float ms = 0;
        if (gpu_event_record(G, ev[1], c->stream) < 0 || gpu_event_synchronize(G, ev[1]) < 0 ||
            gpu_event_elapsed_ms(G, ev[0], ev[1], &ms) < 0)
            goto done;
        if (!ok) continue;
        if (i == 0) first_ms = ms / LT_TUNE_REPS;
        if (best < 0 || ms < best_ms) {
            best = i;
            best_ms = ms;
        }
    }
    if (best >= 0) p->algo = p->cand[best];
    snprintf(G->matmul_tune, sizeof G->matmul_tune,
             "%d candidates timed, #%d fastest: %.3f ms (the heuristic's first: %.3f ms)", p->ncand,
             best, best >= 0 ? best_ms / LT_TUNE_REPS : 0.0, first_ms);
    rc = 0;
done:
    for (int i = 0; i < 2; i++)
        if (ev[i]) gpu_event_destroy(G, ev[i]);
    return rc;
}

/* The largest power of two <= 256 dividing the byte address of every matrix of a batch. */
static uint32_t lt_align(CUdeviceptr ptr, int64_t batch_stride_bytes) {
    uint64_t bits = (uint64_t)ptr | (uint64_t)batch_stride_bytes | 256;
    return (uint32_t)(bits & (~bits + 1));
}

/* Map a krait row-major operand of rows x cols to a column-major matrix of cols x rows:
 * *trans 0 with ld = row stride (unit column stride), 1 with ld = column stride (unit row
 * stride). false when neither fits. */
static bool lt_layout(int64_t rows, int64_t cols, int64_t rs, int64_t cs, int32_t *trans,
                      int64_t *ld) {
    if (cols == 1) cs = 1;
    if (rows == 1) rs = cols;
    if (cs == 1 && rs >= cols && rs >= 1) {
        *trans = 0;
        *ld = rs;
        return true;
    }
    if (rs == 1 && cs >= rows && cs >= 1) {
        *trans = 1;
        *ld = cs;
        return true;
    }
    return false;
}

int gpu_cublaslt_matmul(GpuState *G, DType dt, int64_t m, int64_t n, int64_t k, int64_t batch,
                        const LtOperand *a, const LtOperand *b, const LtOperand *out, CUstream s) {
    return gpu_cublaslt_matmul_ep(G, dt, m, n, k, batch, a, b, out, NULL, s);
}

int gpu_matmul_decline(GpuState *G, const char *why) {
    snprintf(G->matmul_declined, sizeof G->matmul_declined, "%s", why);
    return 1;
}

/* A plain product declines silently: only one with an epilogue says why. */
static int lt_decline(GpuState *G, const LtEpilogue *ep, const char *why) {
    return ep ? gpu_matmul_decline(G, why) : 1;
}

int gpu_cublaslt_matmul_ep(GpuState *G, DType dt, int64_t m, int64_t n, int64_t k, int64_t batch,
                           const LtOperand *a, const LtOperand *b, const LtOperand *out,
                           const LtEpilogue *ep, CUstream s) {
    GpuCublasLt *lt = G->kernels.lt;
    if (!lt || lt_type(dt) < 0) return lt_decline(G, ep, "cuBLASLt absent or the dtype");
    if (ep && batch != 1) return lt_decline(G, ep, "a batch"); /* no bias per matrix */
    if (m > INT32_MAX || n > INT32_MAX || k > INT32_MAX || batch > INT32_MAX || batch < 1) return 1;
    if (a->batch_stride < 0 || b->batch_stride < 0 || out->batch_stride < 0) return 1;
    int64_t es = gpu_dtype_size(dt);
    LtKey key;
    memset(&key, 0, sizeof key);
    key.dtype = (int32_t)dt;
    key.tf32 = dt == DT_FLOAT32 && G->matmul_tf32;
    /* cuBLAS computes D^T = X Y with X = b^T (n x k), Y = a^T (k x m), D^T n x m. */
    key.m = n;
    key.n = m;
    key.k = k;
    key.batch = batch;
    int32_t tx, ty, td;
    if (!lt_layout(k, n, b->row_stride, b->col_stride, &tx, &key.ld[0]) ||
        !lt_layout(m, k, a->row_stride, a->col_stride, &ty, &key.ld[1]) ||
        !lt_layout(m, n, out->row_stride, out->col_stride, &td, &key.ld[2]) || td)
        return lt_decline(G, ep, "an operand's layout");
    /* lt_layout's transpose is relative to krait's row-major view; cuBLAS sees the swap */
    key.trans_x = tx;
    key.trans_y = ty;
    int64_t bs[3] = {b->batch_stride, a->batch_stride, out->batch_stride};
    CUdeviceptr ptrs[3] = {b->ptr, a->ptr, out->ptr};
    for (int i = 0; i < 3; i++) {
        key.stride[i] = batch > 1 ? bs[i] : 0;
        key.align[i] = lt_align(ptrs[i], key.stride[i] * es);
    }
    if (batch > 1 && out->batch_stride < m * key.ld[2]) return 1; /* overlapping outputs */
    if (ep) {
        /* the values are cuBLASLt's enum, not free bits: BIAS alone is 4, not DEFAULT | 4
         * (5 is no documented epilogue, and the H200's cuBLASLt ran GELU for it) */
        key.epilogue = ep->act == LT_ACT_RELU   ? LT_EPILOGUE_RELU
                       : ep->act == LT_ACT_GELU ? LT_EPILOGUE_GELU
                                                : 0;
        if (ep->bias) {
            key.epilogue |= LT_EPILOGUE_BIAS;
            if (ep->bias % (uint64_t)es) return lt_decline(G, ep, "the bias's alignment");
        }
        if (!key.epilogue) key.epilogue = LT_EPILOGUE_DEFAULT;
        key.with_c = ep->beta != 0.0;
        /* C is read with D's layout: it must be laid out as out is */
        if (key.with_c &&
            (!ep->c || ep->c->row_stride != out->row_stride ||
             ep->c->col_stride != out->col_stride || lt_align(ep->c->ptr, 0) < key.align[2]))
            return lt_decline(G, ep, "c's layout or alignment");
    }
    CUstream stream = gpu_stream_or_default(G, s);
    /* One workspace serves krait's stream only: two streams sharing it could race. */
    key.workspace = stream == G->stream;
    if (key.workspace && !G->matmul_workspace) {
        CUdeviceptr w;
        if (gpu_mem_alloc(G, LT_WORKSPACE, G->stream, &w) < 0) {
            gpu_clear_error(G);
            key.workspace = 0;
        } else {
            G->matmul_workspace = w;
            G->matmul_workspace_size = LT_WORKSPACE;
        }
    }
    uint64_t h = kcache_hash(&key, sizeof key);
    LtPlan *p = lt_find(lt, &key, h);
    if (!p) {
        if (!(p = lt_slot(G, lt, h))) return -1;
        p->hash = h;
        p->key = key;
        lt_plan(G, lt, p);
    }
    if (!p->ok) return lt_decline(G, ep, "no cuBLASLt algorithm (heuristic)");
    double alpha64 = ep ? ep->alpha : 1.0, beta64 = ep ? ep->beta : 0.0;
    float alpha32 = (float)alpha64, beta32 = (float)beta64;
    if (ep && ep->bias) {
        void *bias = (void *)(uintptr_t)ep->bias;
        if (lt->api.desc_set(&p->desc, LT_DESC_BIAS_POINTER, &bias, sizeof bias) != 0)
            return lt_decline(G, ep, "setting the bias pointer");
    }
    LtCall call = {dt == DT_FLOAT64 ? (const void *)&alpha64 : (const void *)&alpha32,
                   dt == DT_FLOAT64 ? (const void *)&beta64 : (const void *)&beta32,
                   b->ptr,
                   a->ptr,
                   key.with_c ? ep->c->ptr : out->ptr,
                   out->ptr,
                   key.workspace ? (void *)(uintptr_t)G->matmul_workspace : NULL,
                   key.workspace ? LT_WORKSPACE : 0,
                   stream};
    if (!p->tuned && !gpu_capturing(G, stream)) {
        /* not with C read (beta != 0): C may be the output, which each timed run rewrites;
         * not while a graph is captured (timing waits for the stream): at a later call */
        p->tuned = true;
        double flops = 2.0 * (double)m * (double)n * (double)k * (double)batch;
        if (p->ncand > 1 && !key.with_c && flops >= LT_TUNE_FLOPS && lt_tune(G, lt, p, &call) < 0)
            return -1;
    }
    GpuProfRecord *rec =
        G->prof ? gpu_prof_begin(G, GPU_PROF_MATMUL, "cublasLtMatmul", stream) : NULL;
    cublasStatus_t st = lt_run(lt, p, &p->algo, &call);
    if (rec) {
        rec->flops = 2.0 * (double)m * (double)n * (double)k * (double)batch;
        rec->bytes = (uint64_t)(m * k + k * n + m * n) * (uint64_t)batch * (uint64_t)es;
        gpu_prof_end(G, rec, stream);
    }
    if (st != 0)
        return gpu_set_error(G, GPU_ERR_CUDA,
                             "cuBLASLt error %d in cublasLtMatmul (%s, %lld x "
                             "%lld x %lld, batch %lld)",
                             st, gpu_dtype_name(dt), (long long)m, (long long)k, (long long)n,
                             (long long)batch);
    G->matmul_path = "cublaslt";
    return 0;
}
