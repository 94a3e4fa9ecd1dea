/* launch.c: compiling and launching lowered tile kernels (launch.h).
 *
 * Compile: tile_lower -> JitRequest -> jit_get_function, so the CUBIN comes from the JIT's
 * memory cache, else its disk cache (a second run of a script compiles nothing), else
 * NVRTC. The specialization's TileCuda keeps the CUfunction: later launches go straight to
 * packing and cuLaunchKernel.
 *
 * Pack: the argument words (lower.h's layout) are written into the record's own buffer,
 * one pass over the params, then one cuLaunchKernel with that buffer as the kernel's single
 * by-value parameter.
 *
 * On the mock device (settings.device "mock") a CUBIN cannot run: the record's CUfunction
 * is a CudaMockFunction that decodes the same argument words back into TileArgs and runs
 * the tile interpreter on them, so CI exercises the whole CUDA launch path of the `tile`
 * module (argument packing, pending-array evaluation, device/host state) without a GPU. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../runtime/cuda_mock.h"
#include "../../runtime/profile.h"
#include "launch.h"

enum { CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8, KR_STATIC_SMEM_LIMIT = 48 * 1024 };

/* ---- NVRTC messages ---- */

void tile_nvrtc_message(const char *log, const char *fallback, char *out, size_t size) {
    /* the first "FILE(LINE): error" line */
    for (const char *p = log ? log : ""; *p;) {
        const char *eol = strchr(p, '\n');
        size_t n = eol ? (size_t)(eol - p) : strlen(p);
        const char *paren = memchr(p, '(', n);
        const char *err = NULL;
        for (const char *q = p; q + 7 <= p + n; q++)
            if (memcmp(q, "error", 5) == 0) {
                err = q;
                break;
            }
        if (paren && err && paren < err) {
            char *endl;
            long line = strtol(paren + 1, &endl, 10);
            if (endl > paren + 1 && *endl == ')' && endl < err) {
                int k = snprintf(out, size, "%.*s:%ld: NVRTC: ", (int)(paren - p), p, line);
                if (k >= 0 && (size_t)k < size)
                    snprintf(out + k, size - (size_t)k, "%.*s", (int)(n - (size_t)(err - p)), err);
                return;
            }
        }
        p += n + (eol ? 1 : 0);
    }
    snprintf(out, size, "%s", fallback);
}

static void jit_error(GpuState *G, char *err, size_t errsize) {
    if (G->err_kind == GPU_ERR_COMPILE && G->log)
        tile_nvrtc_message(G->log, G->err, err, errsize);
    else
        snprintf(err, errsize, "%s", G->err);
}

static JitRequest request(const TileLowered *l, const char *arch) {
    JitRequest req = {
        .source = l->src.buf, .name = "krait_tile_kernel.cu", .arch = arch, .flags = JIT_LINEINFO};
    return req;
}

/* settings.tile_dump: "1" to stderr, else a folder of NAME-KEY.cu files */
static void dump(GpuState *G, const TileLowered *l, const JitRequest *req) {
    const char *where = G->settings.tile_dump;
    if (!where || !*where || strcmp(where, "0") == 0) return;
    uint8_t key[SHA256_SIZE];
    char hex[2 * SHA256_SIZE + 1] = "unknown";
    if (jit_request_key(G, req, key) == 0) hash_to_hex(key, SHA256_SIZE, hex);
    if (strcmp(where, "1") == 0) {
        fprintf(stderr, "// ---- krait tile kernel %s%s (%s), cache key %s\n%s", l->name,
                l->is_exact ? " (exact variant)" : "", req->arch ? req->arch : G->arch, hex,
                l->src.buf);
        return;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/%s%s-%.16s.cu", where, l->name, l->is_exact ? "-exact" : "",
             hex);
    FILE *f = fopen(path, "w");
    if (!f) return; /* a dump is best effort, like the disk cache */
    fprintf(f, "// krait tile kernel %s (%s), cache key %s\n%s", l->name,
            req->arch ? req->arch : G->arch, hex, l->src.buf);
    fclose(f);
}

int tile_ws_pool_check(const TileLowered *l, int regs, char *err, size_t errsize) {
    if (!l->ws_regs || regs <= 0) return 0;
    long block = l->layout.nt + 128L,
         need = 128L * TILE_WS_PRODUCER_REGS + l->layout.nt * (long)l->ws_regs;
    if (need <= block * regs) return 0;
    snprintf(err, errsize,
             "internal: %s's warp-specialized split asks %ld registers of a pool of %ld (%ld "
             "threads x %d): its setmaxnreg.inc would never complete",
             l->name, need, block * regs, block, regs);
    return -1;
}

int tile_check_source(GpuState *G, const TileLowered *l, const TileFunc *f, const char *arch,
                      size_t *cubin_size, int *regs, char *err, size_t errsize) {
    (void)f;
    JitRequest req = request(l, arch);
    dump(G, l, &req);
    JitBinary bin;
    if (jit_compile_to_cubin(G, &req, &bin) < 0) {
        jit_error(G, err, errsize);
        return -1;
    }
    if (cubin_size) *cubin_size = bin.size;
    int n = jit_cubin_regs(bin.data, bin.size, l->name);
    if (regs) *regs = n;
    jit_binary_free(G, &bin);
    /* only sm_90a's code has the producer warpgroup and its split */
    bool sm90a = strcmp(arch ? arch : G->arch, "sm_90a") == 0;
    return sm90a ? tile_ws_pool_check(l, n, err, errsize) : 0;
}

int tile_check_nvrtc(GpuState *G, const TileFunc *f, const TileArg *args, unsigned *checked,
                     char *err, size_t errsize) {
    TileLowered l;
    if (tile_lower(G, f, &l, err, errsize) < 0) return -1;
    unsigned want = 1;
    if (G->settings.tile_general_only) l.has_exact = false;
    if (l.has_exact)
        want = !args                                                                ? 3
               : tile_exact_ok(f, l.layout.v, l.nexact, l.exact, l.exact_vec, args) ? 2
                                                                                    : 1;
    if (!l.has_exact) *checked |= 2; /* no exact variant to check */
    int r = 0;
    if (want & 1 & ~*checked) {
        r = tile_check_source(G, &l, f, "sm_90a", NULL, NULL, err, errsize);
        if (r == 0) *checked |= 1;
    }
    tile_lowered_free(&l);
    if (r == 0 && (want & 2 & ~*checked)) {
        if (tile_lower_variant(G, f, true, &l, err, errsize) < 0) return -1;
        r = tile_check_source(G, &l, f, "sm_90a", NULL, NULL, err, errsize);
        tile_lowered_free(&l);
        if (r == 0) *checked |= 2;
    }
    return r;
}

bool tile_exact_ok(const TileFunc *f, int v, int nexact, const TileExactDim *exact,
                   uint64_t exact_vec, const TileArg *args) {
    for (int i = 0; i < nexact; i++) {
        const TileArg *a = &args[exact[i].param];
        if (exact[i].axis >= a->rank || a->shape[exact[i].axis] % exact[i].div != 0) return false;
    }
    for (int i = 0; exact_vec >> i; i++) {
        if (!(exact_vec >> i & 1)) continue;
        const TileArg *a = &args[i];
        int size = tile_dtype_size(f->params[i].dtype);
        int64_t align = size * v < 16 ? size * v : 16;
        if (a->rank < 1 || a->strides[a->rank - 1] != 1 || (uintptr_t)a->data % align != 0)
            return false;
        for (int d = 0; d + 1 < a->rank; d++)
            if ((a->strides[d] * size) % align != 0) return false;
    }
    return true;
}

int tile_compile_source(GpuState *G, const TileFunc *f, char **out, size_t *size, char *err,
                        size_t errsize) {
    TileLowered l;
    if (tile_lower(G, f, &l, err, errsize) < 0) return -1;
    /* hand over the buffer: its capacity is what gpu_host_free needs */
    *out = l.src.buf;
    *size = l.src.cap;
    return 0;
}

/* ---- the mock device: the interpreter behind a CudaMockFunction ---- */

typedef struct TileMock {
    CudaMockFunction base;
    GpuState *G;
    const TileFunc *f;
    TileRunStatus status; /* of the last launch */
    char err[256];
} TileMock;

static void *mock_alloc(void *ud, void *ptr, size_t old_size, size_t new_size) {
    GpuState *G = ud;
    if (G->allocator.fn) return G->allocator.fn(G->allocator.ud, ptr, old_size, new_size);
    if (!new_size) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, new_size);
}

static void mock_write(void *ud, const char *text, size_t len) {
    (void)ud;
    fwrite(text, 1, len, stdout); /* where a GPU's printf goes */
}

/* the argument words back into TileArgs, as the generated kernel reads them */
static void unpack(const TileFunc *f, const uint64_t *w, TileArg *args) {
    for (int i = 0; i < f->nparams; i++) {
        const TileParam *p = &f->params[i];
        TileArg *a = &args[i];
        memset(a, 0, sizeof *a);
        if (p->kind == TILE_PARAM_SCALAR) {
            uint64_t v = *w++;
            if (tile_dtype_is_float(p->dtype))
                memcpy(&a->scalar.f, &v, 8);
            else
                a->scalar.u = v;
            continue;
        }
        int n = p->rank > 0 ? p->rank : 1;
        a->data = (void *)(uintptr_t)w[0];
        a->rank = p->rank;
        for (int k = 0; k < p->rank; k++) {
            a->shape[k] = (int64_t)w[1 + k];
            a->strides[k] = (int64_t)w[1 + n + k];
        }
        w += 1 + 2 * n;
    }
}

static CUresult mock_run(const CudaMockFunction *fn, const unsigned grid[3],
                         const unsigned block[3], void **params) {
    (void)block;
    TileMock *m = (TileMock *)(void *)fn;
    TileArg args[64];
    if (m->f->nparams > 64) return CUDA_ERROR_INVALID_VALUE;
    unpack(m->f, params[0], args);
    TileRunEnv env = {mock_alloc, m->G, mock_write, NULL, NULL, NULL};
    int64_t g[3] = {grid[0], grid[1], grid[2]};
    m->status = tile_interp_run(m->f, args, g, &env, m->err, sizeof m->err);
    return CUDA_SUCCESS;
}

static TileMock *mock_function(GpuState *G, const TileFunc *f) {
    TileMock *m = gpu_host_alloc(G, sizeof *m);
    if (!m) return NULL;
    memset(m, 0, sizeof *m);
    m->base.run = mock_run;
    m->base.size = sizeof *m;
    m->base.next = G->mock_functions;
    G->mock_functions = &m->base;
    m->G = G;
    m->f = f;
    return m;
}

/* ---- the launch record ---- */

static void scan_writes(const TileRegion *r, uint64_t *mask) {
    for (const TileOp *op = r->first; op; op = op->next) {
        if ((op->kind == TOP_STORE || op->kind == TOP_SCATTER || op->kind == TOP_ATOMIC_RMW ||
             op->kind == TOP_ATOMIC_CAS) &&
            op->array >= 0 && op->array < 64)
            *mask |= (uint64_t)1 << op->array;
        scan_writes(&op->regions[0], mask);
        scan_writes(&op->regions[1], mask);
    }
}

/* Compile (or find in the caches) and load one variant of k's kernel into *fn. */
static int load_variant(GpuState *G, TileCuda *k, bool exact, CUfunction *fn, char *err,
                        size_t errsize) {
    TileLowered l;
    if (tile_lower_variant(G, k->f, exact, &l, err, errsize) < 0) return -1;
    JitRequest req = request(&l, NULL);
    dump(G, &l, &req);
    int r = jit_get_function(G, &req, l.name, fn);
    /* a warp-specialized split that the launch's register pool cannot hold would spin in
     * setmaxnreg.inc for ever: an error instead (the mock's functions have no count) */
    int regs = 0;
    if (r == 0 && l.ws_regs && !G->mock && strcmp(G->arch, "sm_90a") == 0 &&
        G->api.cuFuncGetAttribute &&
        G->api.cuFuncGetAttribute(&regs, 4 /* CU_FUNC_ATTRIBUTE_NUM_REGS */, *fn) == CUDA_SUCCESS &&
        tile_ws_pool_check(&l, regs, err, errsize) < 0) {
        tile_lowered_free(&l);
        *fn = NULL;
        return -1;
    }
    if (r == 0 && k->shared > KR_STATIC_SMEM_LIMIT) {
        if ((int)k->shared > G->max_shared_optin)
            r = gpu_set_error(G, GPU_ERR_CUDA,
                              "%s needs %u bytes of shared memory; the device allows %d per "
                              "block (use smaller tiles)",
                              l.name, k->shared, G->max_shared_optin);
        else if (!G->api.cuFuncSetAttribute)
            r = gpu_set_error(G, GPU_ERR_CUDA, "the driver lacks cuFuncSetAttribute");
        else
            r = cuda_check(
                G,
                G->api.cuFuncSetAttribute(*fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                          (int)k->shared),
                "cuFuncSetAttribute");
    }
    tile_lowered_free(&l);
    if (r < 0) {
        *fn = NULL;
        jit_error(G, err, errsize);
    }
    return r;
}

TileCuda *tile_cuda_prepare(GpuState *G, const TileFunc *f, char *err, size_t errsize) {
    if (gpu_ensure(G) < 0) {
        snprintf(err, errsize, "%s", G->err);
        return NULL;
    }
    TileLowered l;
    if (tile_lower(G, f, &l, err, errsize) < 0) return NULL;
    size_t size = sizeof(TileCuda) + sizeof(uint64_t) * (size_t)l.nwords;
    TileCuda *k = gpu_host_alloc(G, size);
    if (!k) {
        tile_lowered_free(&l);
        snprintf(err, errsize, "out of memory preparing a tile kernel");
        return NULL;
    }
    memset(k, 0, size);
    k->size = size;
    k->f = f;
    k->words = (uint64_t *)(k + 1);
    k->nwords = l.nwords;
    bool sm90a = strcmp(G->arch, "sm_90a") == 0;
    k->block = (unsigned)l.layout.nt + (sm90a && l.ws ? 128u : 0u);
    k->shared = sm90a ? l.shared_bytes_sm90a : l.shared_bytes;
    k->has_assert = l.has_assert;
    k->has_printf = l.has_printf;
    k->ntmaps = l.ntmaps;
    k->tma_word = l.tma_word;
    memcpy(k->tmap_param, l.tmap_param, sizeof k->tmap_param);
    memcpy(k->tmap_rows, l.tmap_rows, sizeof k->tmap_rows);
    memcpy(k->tmap_esize, l.tmap_esize, sizeof k->tmap_esize);
    k->has_exact = l.has_exact && !G->settings.tile_general_only;
    k->v = l.layout.v;
    k->nexact = l.nexact;
    memcpy(k->exact, l.exact, sizeof k->exact);
    k->exact_vec = l.exact_vec;
    scan_writes(&f->body, &k->written);
    tile_lowered_free(&l);
    int r = 0;
    if (G->mock) {
        /* the lowering still runs (its errors are the GPU's), then the interpreter stands in
         * for the CUBIN of either variant */
        TileMock *m = mock_function(G, f);
        if (!m) r = gpu_set_error(G, GPU_ERR_HOST_MEMORY, "out of memory");
        k->fn = k->fn_exact = (CUfunction)(void *)m;
    }
    if (r == 0 && k->has_assert) {
        r = gpu_mem_alloc(G, 4 * sizeof(int), NULL, &k->err_word);
        if (r == 0) r = gpu_memset32(G, k->err_word, 0, 4, NULL);
    }
    if (r < 0) {
        jit_error(G, err, errsize);
        tile_cuda_free(G, k);
        return NULL;
    }
    return k;
}

int tile_cuda_compile_job(GpuState *G, const TileFunc *f, JitJob *jobs[2], char *err,
                          size_t errsize) {
    jobs[0] = jobs[1] = NULL;
    if (G->mock && cuda_load_nvrtc(G) < 0) return 0; /* the mock needs no CUBIN */
    if (!G->mock && gpu_ensure(G) < 0) {
        snprintf(err, errsize, "%s", G->err);
        return -1;
    }
    /* the general variant, and the exact one when the kernel has it: which one a launch
     * takes depends on its arguments (tile_exact_ok) */
    int n = 0;
    for (int exact = 0; exact < 2; exact++) {
        TileLowered l;
        if (tile_lower_variant(G, f, exact, &l, err, errsize) < 0) goto fail;
        JitRequest req = request(&l, G->mock ? "sm_90a" : NULL);
        int r = jit_job_begin(G, &req, !G->mock, &jobs[n]);
        bool more = l.has_exact;
        tile_lowered_free(&l);
        if (r < 0) {
            jit_error(G, err, errsize);
            goto fail;
        }
        if (r == 0) n++;
        if (!more) break;
    }
    return n;
fail:
    for (int i = 0; i < n; i++)
        jit_job_free(jobs[i]);
    jobs[0] = jobs[1] = NULL;
    return -1;
}

void tile_cuda_job_error(GpuState *G, char *err, size_t errsize) {
    jit_error(G, err, errsize);
}

void tile_cuda_free(GpuState *G, TileCuda *k) {
    if (!k) return;
    if (k->err_word) gpu_mem_free(G, k->err_word, 4 * sizeof(int), NULL);
    gpu_host_free(G, k, k->size);
}

/* The message of the ordinal-th ct.assert_ (1-based, in the order the lowering numbers). */
static bool assert_message(const TileRegion *r, int *left, const TileFunc *f, const int *word,
                           char *err, size_t errsize) {
    for (const TileOp *op = r->first; op; op = op->next) {
        if (op->kind == TOP_ASSERT && --*left == 0) {
            /* the CPU path's text (gpu/tile/interp) */
            snprintf(err, errsize, "%s:%d: %s (block (%d, %d, %d))",
                     f->filename ? f->filename : "?", op->line,
                     op->text ? op->text : "ct.assert_ failed", word[1], word[2], word[3]);
            return true;
        }
        for (int k = 0; k < 2; k++)
            if (assert_message(&op->regions[k], left, f, word, err, errsize)) return true;
    }
    return false;
}

TileRunStatus tile_cuda_launch(GpuState *G, TileCuda *k, const TileArg *args, const int64_t grid[3],
                               CUstream stream, char *err, size_t errsize) {
    const TileFunc *f = k->f;
    for (int d = 0; d < 3; d++) {
        if (grid[d] == 0) return TILE_RUN_OK;
        if (grid[d] < 0 || grid[d] > (d == 0 ? 0x7fffffffll : 65535)) {
            snprintf(err, errsize, "grid dimension %d is %lld; CUDA allows 1 to %lld", d,
                     (long long)grid[d], d == 0 ? 0x7fffffffll : 65535ll);
            return TILE_RUN_ERROR;
        }
    }
    uint64_t *w = k->words;
    uint64_t traffic = 0; /* the arrays' bytes, for the profiler: each read or written once */
    for (int i = 0; i < f->nparams; i++) {
        const TileParam *p = &f->params[i];
        const TileArg *a = &args[i];
        if (p->kind == TILE_PARAM_SCALAR) {
            *w++ = a->scalar.u; /* the union's bits: int64, uint64 or double */
            continue;
        }
        uint64_t elems = 1;
        for (int d = 0; d < p->rank; d++)
            elems *= (uint64_t)a->shape[d];
        traffic += elems * (uint64_t)tile_dtype_size(p->dtype);
        *w++ = (uint64_t)(uintptr_t)a->data;
        if (p->rank == 0) {
            *w++ = 1;
            *w++ = 1;
            continue;
        }
        for (int d = 0; d < p->rank; d++)
            w[d] = (uint64_t)a->shape[d];
        for (int d = 0; d < p->rank; d++)
            w[p->rank + d] = (uint64_t)a->strides[d];
        w += 2 * p->rank;
    }
    if (k->has_assert) *w++ = k->err_word;
    if (w == k->words) *w++ = 0; /* the kernel's placeholder word */
    if (k->ntmaps) tile_tma_pack(G, k, args);
    bool exact = k->has_exact && tile_exact_ok(f, k->v, k->nexact, k->exact, k->exact_vec, args);
    CUfunction *fn = exact ? &k->fn_exact : &k->fn;
    if (!*fn && load_variant(G, k, exact, fn, err, errsize) < 0) return TILE_RUN_ERROR;
    unsigned g[3] = {(unsigned)grid[0], (unsigned)grid[1], (unsigned)grid[2]};
    unsigned block[3] = {k->block, 1, 1};
    size_t bytes = (size_t)(w - k->words) * sizeof *k->words; /* the mock's graphs */
    void *params[2] = {k->words, &bytes};
    if (k->has_printf) fflush(stdout); /* the script's earlier output first */
    gpu_prof_traffic(G, traffic, 0.0);
    if (gpu_launch(G, *fn, g, block, k->shared, stream, params) < 0) {
        snprintf(err, errsize, "%s", G->err);
        return TILE_RUN_ERROR;
    }
    if (G->mock) {
        TileMock *m = (TileMock *)(void *)*fn;
        if (m->status != TILE_RUN_OK) snprintf(err, errsize, "%s", m->err);
        return m->status;
    }
    /* the driver flushes device printf text at a synchronization: wait here, so the text
     * lands between the script's print()s as it does on the CPU path */
    if (k->has_printf && !k->has_assert && gpu_stream_synchronize(G, stream) < 0) {
        snprintf(err, errsize, "%s", G->err);
        return TILE_RUN_ERROR;
    }
    if (k->has_assert) {
        int word[4] = {0, 0, 0, 0};
        if (gpu_copy_to_host(G, word, k->err_word, sizeof word, stream) < 0 ||
            gpu_stream_synchronize(G, stream) < 0) {
            snprintf(err, errsize, "%s", G->err);
            return TILE_RUN_ERROR;
        }
        if (word[0]) {
            gpu_memset32(G, k->err_word, 0, 4, stream);
            int left = word[0];
            if (!assert_message(&f->body, &left, f, word, err, errsize))
                snprintf(err, errsize, "assertion failed in the kernel");
            return TILE_RUN_ASSERT;
        }
    }
    return TILE_RUN_OK;
}

/* ---- ct.export ---- */

static void json_string(FILE *out, const char *s) {
    fputc('"', out);
    for (; s && *s; s++) {
        if (*s == '"' || *s == '\\')
            fprintf(out, "\\%c", *s);
        else if ((unsigned char)*s < 32)
            fprintf(out, "\\u%04x", (unsigned char)*s);
        else
            fputc(*s, out);
    }
    fputc('"', out);
}

/* the ct.assert_ ops in the lowering's numbering (program order, as assert_message) */
static void json_asserts(FILE *out, const TileRegion *r, const TileFunc *f, int *n) {
    for (const TileOp *op = r->first; op; op = op->next) {
        if (op->kind == TOP_ASSERT) {
            fprintf(out, "%s\n    {\"file\": ", (*n)++ ? "," : "");
            json_string(out, op->file ? op->file : f->filename ? f->filename : "?");
            fprintf(out, ", \"line\": %d, \"message\": ", op->line);
            json_string(out, op->text ? op->text : "ct.assert_ failed");
            fputc('}', out);
        }
        for (int k = 0; k < 2; k++)
            json_asserts(out, &op->regions[k], f, n);
    }
}

int tile_export(GpuState *G, const TileFunc *f, const char *arch, const char *path, char *err,
                size_t errsize) {
    if (!arch) {
        if (gpu_ensure(G) < 0) {
            snprintf(err, errsize, "%s (give arch= to export without a GPU)", G->err);
            return -1;
        }
        arch = G->arch;
    }
    /* a C host packs only the parameters the JSON lists: no TMA descriptors */
    TileLowered l;
    if (tile_lower_sm90(G, f, G->settings.tile_sm90 == 1 ? 1 : 3, &l, err, errsize) < 0) return -1;
    JitRequest req = request(&l, arch);
    dump(G, &l, &req);
    JitBinary bin;
    if (jit_compile_to_cubin(G, &req, &bin) < 0) {
        jit_error(G, err, errsize);
        tile_lowered_free(&l);
        return -1;
    }
    int r = 0;
    FILE *out = fopen(path, "wb");
    if (!out || fwrite(bin.data, 1, bin.size, out) != bin.size) r = -1;
    if (out && fclose(out) != 0) r = -1;
    char desc[4096];
    snprintf(desc, sizeof desc, "%s.json", path);
    FILE *d = r == 0 ? fopen(desc, "w") : NULL;
    if (r == 0 && !d) r = -1;
    if (d) {
        fprintf(d, "{\n  \"format\": \"krait-tile-kernel-1\",\n  \"kernel\": ");
        json_string(d, l.name);
        fprintf(d, ",\n  \"source_name\": ");
        json_string(d, f->name);
        fprintf(d, ",\n  \"arch\": ");
        json_string(d, arch);
        fprintf(d,
                ",\n  \"block\": [%d, 1, 1],\n  \"shared_bytes\": %u,\n  \"argument_words\": "
                "%d,\n  \"params\": [",
                l.layout.nt, strcmp(arch, "sm_90a") == 0 ? l.shared_bytes_sm90a : l.shared_bytes,
                l.nwords);
        for (int i = 0; i < f->nparams; i++) {
            const TileParam *p = &f->params[i];
            fprintf(d, "%s\n    {\"name\": ", i ? "," : "");
            json_string(d, p->name);
            fprintf(d, ", \"kind\": \"%s\", \"dtype\": \"%s\"",
                    p->kind == TILE_PARAM_ARRAY ? "array" : "scalar", tile_dtype_name(p->dtype));
            if (p->kind == TILE_PARAM_ARRAY) fprintf(d, ", \"rank\": %d", p->rank);
            fprintf(d, ", \"words\": %d}", tile_param_words(p));
        }
        fprintf(d, "\n  ],\n  \"assert_word\": %s,\n  \"asserts\": [",
                l.has_assert ? "true" : "false");
        int nasserts = 0;
        json_asserts(d, &f->body, f, &nasserts);
        fprintf(d, "%s]\n}\n", nasserts ? "\n  " : "");
        if (fclose(d) != 0) r = -1;
    }
    if (r < 0) snprintf(err, errsize, "cannot write %s or its description", path);
    jit_binary_free(G, &bin);
    tile_lowered_free(&l);
    return r;
}
