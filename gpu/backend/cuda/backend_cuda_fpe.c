/* backend_cuda_fpe.c: NumPy's floating-point warnings for work that runs on the device.
 *
 * The CPU backend reads the C floating-point flags after each loop (gpu/array/array_fpe.c).
 * On CUDA an operation is queued (lazily fused, then launched) and the host does not wait
 * for it, so the errors are found later:
 *
 * - When an operation is queued, arr_cuda_fpe_mark gives its node the categories it can
 *   raise whose np.seterr mode is not 'ignore' (FuseNode.fpe, part of the kernel's key, so
 *   np.errstate(all='ignore') runs kernels without checks) and records the site: the
 *   user's line and the modes in force then (ArrPending.sites). A mode other than 'warn'
 *   (raise, call, print, log) makes the operation eager: it runs and is reported at once,
 *   so FloatingPointError is raised at the line that caused it.
 * - At the launch, each checked node gets a 32-bit flag word on the device, one per
 *   distinct (operation, site, modes) since the last read (ArrCuda.fpe), so a loop that
 *   divides by zero at one line a million times uses one word. The kernel ORs the bits it
 *   saw into it (gpu/kernels/kernels_fpe.c).
 * - When the host next waits for the stream anyway (a mirror refresh, a scalar read,
 *   gpu.synchronize()), arr_cuda_fpe_poll copies the used words back (a few bytes, not
 *   counted in gpu.memory_info), zeroes them, and reports each raised entry with its own
 *   modes and at its own line (warnings.warn_explicit), so filters, the once-per-line
 *   default and catch_warnings behave as for NumPy's warning at that line. Entries are
 *   reported in the order their operations were queued (a sequence number), not launched.
 *
 * The Python objects of the entries (filename, globals, code) are kept alive by a list in
 * ndarray's dict (_fpe_sites), index for index with ArrCuda.fpe. */
#include <stdio.h>
#include <string.h>

#include "../../../vm/code.h"
#include "../../../vm/dict.h"
#include "../../../vm/error.h"
#include "../../../vm/gc.h"
#include "../../../vm/seq.h"
#include "../../../vm/str.h"
#include "backend_cuda.h"

/* ArrFpeEntry.op of a reduction's and a scan's own errors (not FuseOps). */
#define FPE_OP_REDUCE     (-1)
#define FPE_OP_ACCUMULATE (-2)

/* NumPy's name of the ufunc a checked FuseOp stands for. */
static const char *fpe_op_name(int op) {
    switch (op) {
    case FPE_OP_REDUCE: return "reduce";
    case FPE_OP_ACCUMULATE: return "accumulate";
    case FUSE_ADD: return "add";
    case FUSE_SUB: return "subtract";
    case FUSE_MUL: return "multiply";
    case FUSE_TRUEDIV: return "divide";
    case FUSE_FLOORDIV: return "floor_divide";
    case FUSE_MOD: return "remainder";
    case FUSE_POW: return "power";
    case FUSE_SQUARE: return "square";
    case FUSE_RECIPROCAL: return "reciprocal";
    case FUSE_HYPOT: return "hypot";
    case FUSE_ARCTAN2: return "arctan2";
    case FUSE_EXP: return "exp";
    case FUSE_EXPM1: return "expm1";
    case FUSE_LOG: return "log";
    case FUSE_LOG1P: return "log1p";
    case FUSE_LOG2: return "log2";
    case FUSE_LOG10: return "log10";
    case FUSE_SQRT: return "sqrt";
    case FUSE_SIN: return "sin";
    case FUSE_COS: return "cos";
    case FUSE_TAN: return "tan";
    case FUSE_SINH: return "sinh";
    case FUSE_COSH: return "cosh";
    case FUSE_TANH: return "tanh";
    case FUSE_ARCSIN: return "arcsin";
    case FUSE_ARCCOS: return "arccos";
    case FUSE_ARCTAN: return "arctan";
    case FUSE_ARCSINH: return "arcsinh";
    case FUSE_ARCCOSH: return "arccosh";
    case FUSE_ARCTANH: return "arctanh";
    case FUSE_CAST: return "cast";
    default: return "?";
    }
}

int arr_cuda_fpe_mark(Interp *I, ArrPending *g, int node, bool scalar) {
    /* captured work is not checked: its flag words would be read once, not per replay */
    if (((ArrCuda *)I->gpu->allocator.ud)->capture) return 0;
    FuseNode *nd = &g->nodes[node];
    unsigned kinds = gpu_fuse_fpe_kinds(g->nodes, nd) & ~(unsigned)GPU_FPE_UNDER;
    if (!kinds) return 0;
    int modes[4];
    arr_errstate_get(I, modes);
    unsigned want = 0;
    uint16_t packed = 0;
    bool eager = false;
    for (int i = 0; i < 4; i++) {
        packed |= (uint16_t)((modes[i] & 7) << (3 * i));
        if (!(kinds & (1u << i)) || modes[i] == ARR_ERR_IGNORE) continue;
        want |= 1u << i;
        if (modes[i] != ARR_ERR_WARN) eager = true;
    }
    if (!want) return 0;
    nd->fpe = want;
    ArrFpeSite *s = &g->sites[node];
    s->line = arr_fpe_site(I, &s->code, &s->globals);
    s->modes = packed;
    s->scalar = scalar;
    s->seq = ((ArrCuda *)I->gpu->allocator.ud)->fpe_seq++;
    if (eager) g->eager = true;
    return 0;
}

void arr_cuda_fpe_trace(Interp *I, const ArrPending *g) {
    for (int i = 0; i < g->nnodes; i++) {
        if (!g->nodes[i].fpe) continue;
        if (g->sites[i].code) gc_mark_obj(I, (Obj *)g->sites[i].code);
        if (g->sites[i].globals) gc_mark_obj(I, (Obj *)g->sites[i].globals);
    }
}

/* ndarray's _fpe_sites list (created empty when missing), NULL after raising. */
static List *fpe_site_list(Interp *I) {
    Str *k = str_intern_cstr(I, "_fpe_sites");
    if (!k) return NULL;
    Dict *d = type_dict(I, I->types[TY_ARRAY]);
    if (!d) return NULL;
    Value v = dict_get_str(d, k);
    if (is_obj(v) && v.as.o->type == I->types[TY_LIST]) return as_list(v);
    List *l = list_new(I, 8);
    if (!l || dict_set_str(I, d, k, v_obj(l)) < 0) return NULL;
    return l;
}

/* The flag word index of (op, site), a new one when it has none; -1 after raising. */
static int fpe_slot(Interp *I, ArrCuda *c, int op, const ArrFpeSite *s) {
    for (int i = 0; i < c->nfpe; i++) {
        const ArrFpeEntry *e = &c->fpe[i];
        if (e->op == op && e->code == s->code && e->line == s->line && e->modes == s->modes &&
            e->scalar == s->scalar)
            return i;
    }
    if (c->nfpe == ARR_FPE_SLOTS && arr_cuda_fpe_poll(I) < 0) return -1;
    if (!c->fpe_dev) {
        CUdeviceptr p;
        if (arr_dev_alloc(I, ARR_FPE_SLOTS * 4, &p) < 0) return -1;
        if (gpu_memset8(I->gpu, p, 0, ARR_FPE_SLOTS * 4, arr_stream(I)) < 0) {
            gpu_mem_free(I->gpu, p, ARR_FPE_SLOTS * 4, arr_stream(I));
            return arr_gpu_raise(I);
        }
        c->fpe_dev = p;
    }
    List *l = fpe_site_list(I);
    if (!l) return -1;
    char name[48];
    snprintf(name, sizeof name, "%s%s", s->scalar ? "scalar " : "", fpe_op_name(op));
    Str *nm = str_from_cstr(I, name);
    if (!nm || !gc_temp_push(I, v_obj(nm))) return -1;
    Value file = s->code && s->code->filename ? v_obj(s->code->filename) : V_NULL;
    if (is_null(file)) {
        Str *f = str_from_cstr(I, "sys");
        if (!f) return -1;
        file = v_obj(f);
    }
    Tuple *t =
        tuple_pack(I, 7, v_int(s->seq), v_obj(nm), v_int(s->modes), file, v_int(s->line),
                   s->globals ? v_obj(s->globals) : V_NONE, s->code ? v_obj(s->code) : V_NONE);
    if (!t || !list_append(I, l, v_obj(t))) return -1;
    ArrFpeEntry *e = &c->fpe[c->nfpe];
    e->op = op;
    e->scalar = s->scalar;
    e->modes = s->modes;
    e->code = s->code;
    e->line = s->line;
    return c->nfpe++;
}

static int own_word(Interp *I, int op, CUdeviceptr *word, bool *eager) {
    ArrCuda *c = I->gpu->allocator.ud;
    *word = 0;
    *eager = false;
    if (c->capture) return 0; /* as arr_cuda_fpe_mark */
    int modes[4];
    arr_errstate_get(I, modes);
    uint16_t packed = 0;
    bool want = false;
    for (int i = 0; i < 4; i++) {
        packed |= (uint16_t)((modes[i] & 7) << (3 * i));
        if ((i != 1 && i != 3) || modes[i] == ARR_ERR_IGNORE) continue; /* over, invalid */
        want = true;
        if (modes[i] != ARR_ERR_WARN) *eager = true;
    }
    if (!want) return 0;
    ArrFpeSite site = {0};
    site.line = arr_fpe_site(I, &site.code, &site.globals);
    site.modes = packed;
    site.seq = c->fpe_seq++;
    int k = fpe_slot(I, c, op, &site);
    if (k < 0) return -1;
    *word = c->fpe_dev + (CUdeviceptr)k * 4;
    return 0;
}

int arr_cuda_fpe_reduce_word(Interp *I, CUdeviceptr *word, bool *eager) {
    return own_word(I, FPE_OP_REDUCE, word, eager);
}

int arr_cuda_fpe_accumulate_word(Interp *I, CUdeviceptr *word, bool *eager) {
    return own_word(I, FPE_OP_ACCUMULATE, word, eager);
}

int arr_cuda_fpe_prepare(Interp *I, const ArrPending *g, FuseNode *nodes) {
    ArrCuda *c = I->gpu->allocator.ud;
    for (int i = 0; i < g->nnodes; i++) {
        if (!nodes[i].fpe) continue;
        int k = fpe_slot(I, c, nodes[i].op, &g->sites[i]);
        if (k < 0) return -1;
        nodes[i].fpe_word = c->fpe_dev + (CUdeviceptr)k * 4;
    }
    return 0;
}

int arr_cuda_fpe_poll(Interp *I) {
    ArrCuda *c = I->gpu ? I->gpu->allocator.ud : NULL;
    if (!c || !c->nfpe || c->fpe_quiet || c->capture) return 0;
    GpuState *G = I->gpu;
    int n = c->nfpe;
    uint32_t w[ARR_FPE_SLOTS];
    uint64_t counted = G->bytes_to_host;
    if (gpu_copy_to_host(G, w, c->fpe_dev, (size_t)n * 4, arr_stream(I)) < 0 ||
        gpu_memset8(G, c->fpe_dev, 0, (size_t)n * 4, arr_stream(I)) < 0 ||
        gpu_stream_synchronize(G, arr_stream(I)) < 0)
        return arr_gpu_raise(I);
    G->bytes_to_host = counted; /* bookkeeping, not the arrays' data */
    c->nfpe = 0;
    List *l = fpe_site_list(I);
    if (!l) return -1;
    List *items = list_new(I, 4);
    if (!items || !gc_temp_push(I, v_obj(items))) return -1;
    for (int i = 0; i < n && i < (int)l->len; i++) {
        if (!w[i]) continue;
        Tuple *site = as_tuple(l->items[i]);
        Tuple *t = tuple_pack(I, 7, site->items[0], v_int(w[i]), site->items[1], site->items[2],
                              site->items[3], site->items[4], site->items[5]);
        if (!t || !list_append(I, items, v_obj(t))) return -1;
    }
    l->len = 0;
    if (!items->len) return 0;
    return arr_fpe_report_deferred(I, v_obj(items));
}

void arr_cuda_fpe_free(Interp *I) {
    ArrCuda *c = I->gpu->allocator.ud;
    if (c->fpe_dev) gpu_mem_free(I->gpu, c->fpe_dev, ARR_FPE_SLOTS * 4, arr_stream(I));
    c->fpe_dev = 0;
}
