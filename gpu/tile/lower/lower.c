/* lower.c: a verified TileFunc -> one CUDA C kernel (lower.h). This file makes the frame:
 * it picks the layout (threads per block, elements per chunk), writes the parameter struct,
 * declares the variable slots, walks the regions with a #line before each op whose script
 * line differs from the last one, and sizes the dynamic shared memory from what the ops
 * (lower_ops.c) asked for. The body is generated first into its own buffer, so the head can
 * carry KR_SMEM, the byte count every block-wide op checks itself against. */
#include <stdio.h>
#include <string.h>

#include "lower_internal.h"

/* ---- small shared helpers ---- */

int64_t lw_numel(const TileType *t) {
    return tile_type_numel(t);
}

int lw_slots(const Lower *L, int64_t n) {
    int64_t per = (int64_t)L->layout.nt * L->layout.v;
    if (n <= L->layout.v) return (int)n;
    return (int)((n + per - 1) / per * L->layout.v);
}

const char *lw_reg(TileDType dt) {
    switch (dt) {
    case TDT_BOOL: return "bool";
    case TDT_INT8: return "signed char";
    case TDT_INT16: return "short";
    case TDT_INT32: return "int";
    case TDT_INT64: return "i64";
    case TDT_UINT8: return "unsigned char";
    case TDT_UINT16: return "u16";
    case TDT_UINT32: return "u32";
    case TDT_UINT64: return "u64";
    case TDT_FLOAT64: return "double";
    default: return "float";
    }
}

const char *lw_storage(TileDType dt) {
    switch (dt) {
    case TDT_FLOAT16: return "kr_half";
    case TDT_BFLOAT16: return "kr_bf16";
    case TDT_FLOAT8_E4M3FN: return "kr_e4m3";
    case TDT_FLOAT8_E5M2: return "kr_e5m2";
    default: return lw_reg(dt);
    }
}

bool lw_narrow_float(TileDType dt) {
    return dt == TDT_FLOAT16 || dt == TDT_BFLOAT16 || dt == TDT_FLOAT8_E4M3FN ||
           dt == TDT_FLOAT8_E5M2 || dt == TDT_TFLOAT32;
}

static void lw_indent(Lower *L) {
    for (int i = 0; i < L->indent; i++)
        ksrc_puts(L->s, "    ");
}

/* A #line for op when its line differs from the one in effect. */
static void lw_sync_line(Lower *L, const TileOp *op) {
    if (!op || op->line <= 0 || op->line == L->last_line) return;
    char file[256];
    const char *src = L->f->filename ? L->f->filename : "kernel.py";
    size_t n = 0;
    for (; src[n] && n + 1 < sizeof file; n++)
        file[n] = (src[n] == '"' || src[n] == '\\' || src[n] == '\n') ? '_' : src[n];
    file[n] = '\0';
    ksrc_printf(L->s, "#line %d \"%s\"\n", op->line, file);
    L->last_line = op->line;
}

void lw_line(Lower *L, const TileOp *op, const char *fmt, ...) {
    lw_sync_line(L, op);
    lw_indent(L);
    char small[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) {
        L->s->failed = true;
        return;
    }
    if ((size_t)n < sizeof small) {
        ksrc_puts(L->s, small);
    } else {
        char *big = gpu_host_alloc(L->s->G, (size_t)n + 1);
        if (!big) {
            L->s->failed = true;
            return;
        }
        va_start(ap, fmt);
        vsnprintf(big, (size_t)n + 1, fmt, ap);
        va_end(ap);
        ksrc_puts(L->s, big);
        gpu_host_free(L->s->G, big, (size_t)n + 1);
    }
    ksrc_puts(L->s, "\n");
}

void lw_raw(Lower *L, const char *fmt, ...) {
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof buf) {
        L->s->failed = true;
        return;
    }
    ksrc_puts(L->s, buf);
}

void lw_shape(Lower *L, const TileType *t, char *buf, size_t size) {
    (void)L;
    size_t n = (size_t)snprintf(buf, size, "KrS<");
    for (int k = 0; k < t->rank && n < size; k++)
        n += (size_t)snprintf(buf + n, size - n, "%s%lld", k ? ", " : "", (long long)t->shape[k]);
    if (n < size) snprintf(buf + n, size - n, ">");
}

int lw_error(Lower *L, const TileOp *op, const char *fmt, ...) {
    if (L->failed) return -1;
    L->failed = true;
    size_t n = 0;
    if (L->errsize > 0) {
        int k = snprintf(L->err, L->errsize, "%s:%d: ", L->f->filename ? L->f->filename : "kernel",
                         op ? op->line : L->f->line);
        n = k > 0 ? (size_t)k : 0;
        if (n < L->errsize) {
            va_list ap;
            va_start(ap, fmt);
            vsnprintf(L->err + n, L->errsize - n, fmt, ap);
            va_end(ap);
        }
    }
    return -1;
}

int lw_value_slots(const Lower *L, int v) {
    if (L->fa_val && L->fa_val[v]) return L->fa_val[v];
    return lw_slots(L, lw_numel(tile_value_type(L->f, v)));
}

void lw_declare(Lower *L, const TileOp *op) {
    const TileType *t = tile_value_type(L->f, op->result);
    if (t->rank == 0)
        lw_line(L, op, "%s v%d;", lw_reg(t->dtype), op->result);
    else
        lw_line(L, op, "%s v%d[%d];", lw_reg(t->dtype), op->result, lw_value_slots(L, op->result));
}

static int64_t gcd64(int64_t a, int64_t b) {
    while (b) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

bool lw_exact_op(Lower *L, const TileOp *op, const TileType *t) {
    int R = t->rank, v = L->layout.v;
    if (op->view) L->exact_over = true; /* an Array.slice's extent is no launch argument */
    for (int k = 0; k < R; k++) {
        int axis = op->perm[k], i = 0;
        int64_t div = t->shape[k];
        while (i < L->nexact &&
               (L->exact_dims[i].param != op->array || L->exact_dims[i].axis != axis))
            i++;
        if (i == L->nexact) {
            if (L->nexact == TILE_MAX_EXACT) {
                L->exact_over = true;
                continue;
            }
            L->exact_dims[L->nexact++] = (TileExactDim){op->array, axis, 1};
        }
        TileExactDim *e = &L->exact_dims[i];
        e->div = e->div / gcd64(e->div, div) * div; /* lcm: extents are at most 2^24 */
    }
    /* KrTileMap::can_vec's rule */
    bool vec = v > 1 && R > 0 && op->perm[R - 1] == R - 1 && t->shape[R - 1] % v == 0 &&
               lw_numel(t) > v && op->array < 64;
    if (vec) L->exact_vec |= (uint64_t)1 << op->array;
    return vec;
}

void lw_need_smem(Lower *L, size_t bytes) {
    size_t *need = L->in_else ? &L->smem_else : &L->smem;
    if (bytes > *need) *need = bytes;
}

int lw_region(Lower *L, const TileRegion *r) {
    for (const TileOp *op = r->first; op; op = op->next)
        if ((!L->nhoisted || !lw_hoisted(L, op)) && lw_op(L, op) < 0) return -1;
    return 0;
}

/* ---- the layout: threads per block and elements per chunk ---- */

typedef struct LayoutScan {
    int64_t max_numel; /* the largest tile */
    int v;             /* the widest chunk every load and store of a tile allows */
} LayoutScan;

static void scan_region(const TileFunc *f, const TileRegion *r, LayoutScan *ls) {
    for (const TileOp *op = r->first; op; op = op->next) {
        if (op->result >= 0) {
            int64_t n = tile_type_numel(tile_value_type(f, op->result));
            if (n > ls->max_numel) ls->max_numel = n;
        }
        if (op->kind == TOP_LOAD || op->kind == TOP_STORE) {
            const TileType *t = op->kind == TOP_LOAD
                                    ? tile_value_type(f, op->result)
                                    : tile_value_type(f, op->operands[op->noperands - 1]);
            int size = tile_dtype_size(f->params[op->array].dtype);
            int v = size > 0 && size <= 16 ? 16 / size : 1;
            /* a tile of at most one chunk (LayerNorm's (1,) mean) does not narrow the chunks
             * of the others: it lives in thread 0 alone, or takes the element path */
            if (t->rank > 0 && tile_type_numel(t) > v) {
                while (v > 1 && t->shape[t->rank - 1] % v != 0)
                    v /= 2;
                if (v < ls->v) ls->v = v;
            }
        }
        scan_region(f, &op->regions[0], ls);
        scan_region(f, &op->regions[1], ls);
    }
}

static TileLayout choose_layout(const TileFunc *f, int sm90_mode) {
    LayoutScan ls = {1, 16};
    scan_region(f, &f->body, &ls);
    TileLayout l;
    /* registers per thread stay near 32 per tile for the tiles kernels use (128x128 at 512
     * threads); the smallest block is one warp's worth of chunks */
    l.nt = ls.max_numel > 16384 ? 512 : ls.max_numel > 4096 ? 256 : 128;
    if (f->hints.num_worker_warps > 0 && f->hints.num_worker_warps <= 32)
        l.nt = f->hints.num_worker_warps * 32;
    int sm90 = f->hints.num_worker_warps > 0 ? 0 : lw_sm90_threads(f, sm90_mode);
    if (!sm90 && f->hints.num_worker_warps <= 0) sm90 = lw_fa_threads(f, sm90_mode);
    if (sm90) l.nt = sm90; /* the wgmma loop's warpgroups (mma_sm90.c, attention_sm90.c) */
    l.v = ls.v;
    while (l.v > 1 && ls.max_numel < (int64_t)l.nt * l.v)
        l.v /= 2;
    return l;
}

/* ---- the frame ---- */

int tile_param_words(const TileParam *p) {
    if (p->kind == TILE_PARAM_SCALAR) return 1;
    return 1 + 2 * (p->rank > 0 ? p->rank : 1);
}

static void declare_slots(Lower *L) {
    for (int i = 0; i < L->f->nvars; i++) {
        const TileType *t = &L->f->vars[i].type;
        if (t->rank == 0)
            lw_raw(L, "    %s s%d = 0;\n", lw_reg(t->dtype), i);
        else
            lw_raw(L, "    %s s%d[%d];\n", lw_reg(t->dtype), i, lw_slots(L, lw_numel(t)));
    }
}

static unsigned region_needs(const TileRegion *r) {
    unsigned n = 0;
    for (const TileOp *op = r->first; op; op = op->next) {
        switch (op->kind) {
        case TOP_ATOMIC_RMW:
        case TOP_ATOMIC_CAS: n |= TILE_NEED_ATOMIC; break;
        case TOP_ARGREDUCE: n |= TILE_NEED_ARG; break;
        case TOP_SCAN: n |= TILE_NEED_SCAN; break;
        case TOP_MMA: n |= TILE_NEED_MMA; break;
        case TOP_PRINTF: n |= TILE_NEED_PRINT; break;
        case TOP_STORE: /* kr_fence lives with the atomics */
            if (op->memorder == TMO_RELEASE || op->memorder == TMO_ACQUIRE ||
                op->memorder == TMO_ACQ_REL)
                n |= TILE_NEED_ATOMIC;
            break;
        default: break;
        }
        n |= region_needs(&op->regions[0]) | region_needs(&op->regions[1]);
    }
    return n;
}

static bool region_has(const TileRegion *r, TileOpKind kind) {
    for (const TileOp *op = r->first; op; op = op->next)
        if (op->kind == kind || region_has(&op->regions[0], kind) ||
            region_has(&op->regions[1], kind))
            return true;
    return false;
}

/* Per array param: how many memory ops name it (saturating at 2) and whether one writes. */
static void count_memory_ops(const TileRegion *r, unsigned char *uses, uint64_t *written) {
    for (const TileOp *op = r->first; op; op = op->next) {
        bool write = op->kind == TOP_STORE || op->kind == TOP_SCATTER ||
                     op->kind == TOP_ATOMIC_RMW || op->kind == TOP_ATOMIC_CAS;
        if ((write || op->kind == TOP_LOAD || op->kind == TOP_GATHER) && op->array >= 0 &&
            op->array < 64) {
            if (uses[op->array] < 2) uses[op->array]++;
            if (write) *written |= (uint64_t)1 << op->array;
        }
        count_memory_ops(&op->regions[0], uses, written);
        count_memory_ops(&op->regions[1], uses, written);
    }
}

static uint64_t ordered_arrays(const TileFunc *f) {
    unsigned char uses[64] = {0};
    uint64_t written = 0, ordered = 0;
    count_memory_ops(&f->body, uses, &written);
    for (int i = 0; i < 64; i++)
        if ((written >> i & 1) && uses[i] >= 2) ordered |= (uint64_t)1 << i;
    return ordered;
}

int tile_lower(GpuState *G, const TileFunc *f, TileLowered *out, char *err, size_t errsize) {
    return tile_lower_sm90(G, f, G->settings.tile_sm90, out, err, errsize);
}

static int lower_kernel(GpuState *G, const TileFunc *f, int sm90_mode, bool exact, TileLowered *out,
                        char *err, size_t errsize);

int tile_lower_sm90(GpuState *G, const TileFunc *f, int sm90_mode, TileLowered *out, char *err,
                    size_t errsize) {
    return lower_kernel(G, f, sm90_mode, false, out, err, errsize);
}

int tile_lower_variant(GpuState *G, const TileFunc *f, bool exact, TileLowered *out, char *err,
                       size_t errsize) {
    return lower_kernel(G, f, G->settings.tile_sm90, exact, out, err, errsize);
}

static int lower_kernel(GpuState *G, const TileFunc *f, int sm90_mode, bool exact, TileLowered *out,
                        char *err, size_t errsize) {
    memset(out, 0, sizeof *out);
    if (errsize) err[0] = '\0';
    KSource body;
    ksrc_init(&body, G);
    Lower L = {.f = f, .s = &body, .indent = 1, .err = err, .errsize = errsize, .exact = exact};
    ksrc_init(&L.top, G);
    L.sm90_mode = sm90_mode;
    L.layout = choose_layout(f, L.sm90_mode);
    L.ordered = ordered_arrays(f);
    lw_sm90_plan(&L);
    lw_sm90_ws_plan(&L);
    L.bid_rev = lw_fa_grid_reversed(f, L.sm90_mode);
    L.has_assert = region_has(&f->body, TOP_ASSERT);

    /* name: kr_tile_ + the Python name's identifier characters */
    int n = snprintf(out->name, sizeof out->name, "kr_tile_");
    for (const char *c = f->name ? f->name : "kernel"; *c && n + 1 < (int)sizeof out->name; c++)
        out->name[n++] =
            ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9'))
                ? *c
                : '_';
    out->name[n] = '\0';

    declare_slots(&L);
    int r = lw_sm90_ws_start(&L);
    if (r == 0) r = lw_region(&L, &f->body);
    if (r == 0 && body.failed) r = lw_error(&L, NULL, "out of memory while lowering");
    if (r == 0 && L.top.failed) r = lw_error(&L, NULL, "out of memory while lowering");
    if (r < 0) {
        ksrc_free(&body);
        ksrc_free(&L.top);
        return -1;
    }

    KSource *s = &out->src;
    ksrc_init(s, G);
    size_t smem = (L.smem + 15) / 16 * 16;
    if (L.pin_bytes) { /* mma_sm90_op.c's pinned operands after the scratch, 1024-aligned */
        ksrc_printf(s, "#define KR_PIN %zu\n", smem);
        smem += 1024 + L.pin_bytes;
    }
    if (L.ws_loop) { /* mma_sm90_ws.c's mbarriers after everything else */
        ksrc_printf(s, "#define KR_WS_BARS %zu\n", smem);
        smem += (L.ws_bar_bytes + 15) / 16 * 16;
    }
    /* without wgmma the #else loops' needs count too */
    size_t smem_sm90a = smem, other = (L.smem_else + 15) / 16 * 16;
    if (other > smem) smem = other;
    if (smem != smem_sm90a)
        ksrc_printf(s,
                    "#if defined(__CUDA_ARCH_FEAT_SM90_ALL)\n#define KR_SMEM %zu\n#else\n#define "
                    "KR_SMEM %zu\n#endif\n",
                    smem_sm90a, smem);
    else
        ksrc_printf(s, "#define KR_SMEM %zu\n", smem);
    if (exact) ksrc_puts(s, "#define KR_EXACT 1\n");
    tile_lower_head(s, L.layout,
                    region_needs(&f->body) | (L.sm90 ? TILE_NEED_SM90 : 0) |
                        (L.fa ? TILE_NEED_ATTN : 0) | (L.ws_loop ? TILE_NEED_WS : 0));
    if (L.top.buf) ksrc_puts(s, L.top.buf);
    ksrc_free(&L.top);
    ksrc_puts(s, "#line 1 \"krait_tile_kernel.cu\"\n");
    ksrc_printf(s, "struct KrParams_%s {\n", out->name);
    int words = 0;
    for (int i = 0; i < f->nparams; i++) {
        const TileParam *p = &f->params[i];
        if (p->kind == TILE_PARAM_ARRAY)
            ksrc_printf(s, "    KrArr<%s, %d> a%d; /* %s */\n", lw_storage(p->dtype), p->rank, i,
                        p->name ? p->name : "");
        else
            ksrc_printf(s, "    %s s%d; /* %s */\n",
                        tile_dtype_is_float(p->dtype) ? "double" : "i64", i,
                        p->name ? p->name : "");
        words += tile_param_words(p);
    }
    if (L.has_assert) {
        ksrc_puts(s, "    int *kr_err;\n");
        words++;
    }
    if (L.ntmaps) {
        ksrc_puts(s, "    i64 kr_tma;\n");
        out->tma_word = words++;
        words = (words + 7) / 8 * 8; /* KrTmap's 64-byte alignment */
        for (int i = 0; i < L.ntmaps; i++) {
            ksrc_printf(s, "    KrTmap kr_tm%d;\n", i);
            out->tmap_param[i] = L.tmap_param[i];
            out->tmap_rows[i] = L.tmap_rows[i];
            out->tmap_esize[i] = L.tmap_esize[i];
            words += 16;
        }
        out->ntmaps = L.ntmaps;
    }
    if (words == 0) {
        ksrc_puts(s, "    i64 kr_unused;\n");
        words = 1;
    }
    ksrc_puts(s, "};\n");
    /* blocks per SM, ptxas's register budget 64K / (n KR_NT): the attention loop's (which
     * may be fewer than ct.kernel(occupancy=n): its fragments' registers), or the hint */
    int occ = f->hints.occupancy > 1 ? f->hints.occupancy : 0;
    if (L.fa) occ = L.fa_minblocks;
    if (occ > 2048 / L.layout.nt) occ = 2048 / L.layout.nt;
    char bounds[32] = "";
    if (occ > 1) snprintf(bounds, sizeof bounds, ", %d", occ);
    ksrc_printf(s,
                "extern \"C\" __global__ void __launch_bounds__(KR_BLOCK%s) %s(const %sKrParams_%s "
                "p) {\n",
                bounds, out->name, L.ntmaps ? "__grid_constant__ " : "", out->name);
    ksrc_puts(s, body.buf ? body.buf : "");
    ksrc_puts(s, "}\n");
    ksrc_free(&body);
    if (s->failed) {
        ksrc_free(s);
        lw_error(&L, NULL, "out of memory while lowering");
        return -1;
    }
    out->layout = L.layout;
    out->shared_bytes = (unsigned)smem;
    out->shared_bytes_sm90a = (unsigned)smem_sm90a;
    out->ws = L.ws_loop != NULL;
    out->ws_regs = L.ws_regs;
    out->nwords = words;
    out->has_assert = L.has_assert;
    out->has_printf = region_has(&f->body, TOP_PRINTF);
    out->is_exact = exact;
    out->has_exact = L.nexact > 0 && !L.exact_over;
    out->nexact = L.nexact;
    memcpy(out->exact, L.exact_dims, sizeof out->exact);
    out->exact_vec = L.exact_vec;
    return 0;
}

void tile_lowered_free(TileLowered *l) {
    ksrc_free(&l->src);
}
