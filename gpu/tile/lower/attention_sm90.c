/* attention_sm90.c: the attention loop on Hopper's warpgroup tensor cores (lower_internal.h's
 * lw_fa_*). It recognises, in a FOR op, the online-softmax step of the cuTile FMHA sample,
 *     for j in range(...):
 *         k = ct.load(K, ...)                      # 16-bit, through reshapes: (D, N)
 *         s = ct.mma(q, k, zeros)                  # q: (M, D), loaded before the loop
 *         ... masks, row max / exp2 / row sum, rescaling: elementwise ops, row reductions,
 *             broadcasts and ifs on scalars over (M, C), (M, 1) and (1, C) tiles ...
 *         v = ct.load(V, ...)                      # (N, DV)
 *         acc = ct.mma(p.astype(f16), v, acc)      # acc: (M, DV) float32
 * and lowers the whole body with every tile in wgmma's accumulator fragment layout
 * (tile_attn_sm90.cuh) instead of the generic register layout: S = Q K^T is a wgmma from
 * shared memory into registers, the softmax's row reductions are the thread's own slots and
 * two quad shuffles, row and column broadcasts are register copies, P is packed to 16 bits
 * in registers as the register A operand of P V, and the accumulator stays in registers
 * for the whole loop. Q is staged into shared memory once before the loop; the K and V tiles
 * stream through a ring of shared-memory stages filled by cp.async (16-byte, zero past the
 * arrays' edges) ahead of the tensor cores. The tile variables the loop carries (acc, m_i,
 * l_i) go from the generic layout into fragments once before the loop and back once after
 * it; so do the tiles made before the loop that it reads (the causal mask's row offsets).
 * Software-pipelined where it can be (FaLoop.pipe): S of iteration j and P V of j - 1 are
 * issued together and the softmax of j runs while P V does (FlashAttention-3's overlap
 * inside a warpgroup); KRAIT_TILE_SM90=serial waits for each wgmma group at once.
 * Emitted under `#if KR_WGMMA` with the generic loop in the `#else`; the elementwise ops are
 * lower_ops.c's own emitters, run with the fragments' slot counts (Lower.fa_val/fa_var). A
 * loop with anything else in its body (another load, a store, an iota, an inner loop, a
 * reduction along another axis) is left to the generic lowering. */
#include <stdio.h>
#include <string.h>

#include "lower_internal.h"

enum { FA_SMEM_MAX = 232448 /* 227 KB a block */, FA_SLICE = 64, FA_IMPORTS = 32 };
/* fragment kinds (tile_attn_sm90.cuh's KR_FA_*), and scalars */
enum { FA_BAD = -1, FA_FULL = 0, FA_ROWS = 1, FA_COLS = 2, FA_ONE = 3, FA_SCALAR = 4 };

typedef struct FaLoop {
    const TileOp *loop, *mma_s, *mma_o;
    const TileOp *cast_p; /* the astype feeding P V's A, used there only (packed instead) */
    Sm90Pin pk, pv;       /* the K and V loads with their reshapes */
    bool kmaj_k, kmaj_v;  /* each B operand staged K-major */
    int q;                /* S's A: a value made before the loop */
    int M, N, D, NK, DV;  /* S (M, N) = q (M, D) k (D, N); acc (M, DV) += P (M, NK) v (NK, DV) */
    TileDType dt;
    int stages;
    int occ; /* blocks an SM: ct.kernel(occupancy=n) when the fragments fit its registers */
    size_t q_bytes, k_bytes, v_bytes;
    /* the software pipeline (FlashAttention-3's intra-warpgroup overlap): S of iteration j
     * is issued, then P V of j - 1, and the softmax of j runs while P V's wgmma does; the
     * accumulator (variable acc_var) is waited for just before wait_at, the first op that
     * touches it, and mma_o only packs P (write_acc, its result's write, is then the
     * deferred wgmma's); 0: each wgmma group waited for at once */
    bool pipe;
    int acc_var;
    const TileOp *wait_at, *write_acc;
    int anchor;          /* the value the last op before wait_at made, or -1 (emit_body_op) */
    bool pingpong;       /* two warpgroups take turns at the tensor cores (kr_fa_pp_wait/go) */
    char fs[64], fo[64]; /* the functors of S and of P V */
} FaLoop;

static size_t elem_bytes(TileDType dt);

static const TileType *vtype(const TileFunc *f, int v) {
    return tile_value_type(f, v);
}

static int kind_of(const FaLoop *m, const TileType *t) {
    if (t->rank == 0) return FA_SCALAR;
    if (t->rank != 2) return FA_BAD;
    int64_t r = t->shape[0], c = t->shape[1];
    bool cols = c % 8 == 0 && c <= 256;
    if (r == m->M) return c == 1 ? FA_ROWS : cols ? FA_FULL : FA_BAD;
    if (r == 1) return c == 1 ? FA_ONE : cols ? FA_COLS : FA_BAD;
    return FA_BAD;
}

static int kind_slots(int kind, const TileType *t) {
    switch (kind) {
    case FA_FULL: return (int)t->shape[1] / 2;
    case FA_ROWS: return 2;
    case FA_COLS: return (int)t->shape[1] / 4;
    case FA_ONE: return 1;
    default: return 0;
    }
}

static const char *kind_name(int kind) {
    static const char *const names[] = {"KR_FA_FULL", "KR_FA_ROWS", "KR_FA_COLS", "KR_FA_ONE"};
    return kind >= 0 && kind < 4 ? names[kind] : "?";
}

/* ---- what the body holds ---- */

static bool op_in(const TileRegion *r, const TileOp *d) {
    for (const TileOp *op = r->first; op; op = op->next)
        if (op == d || op_in(&op->regions[0], d) || op_in(&op->regions[1], d)) return true;
    return false;
}

static bool at_top(const TileRegion *r, const TileOp *d) {
    for (const TileOp *op = r->first; op; op = op->next)
        if (op == d) return true;
    return false;
}

static bool defined_in(const TileFunc *f, const TileRegion *r, int v) {
    const TileOp *d = f->values[v].def;
    return d && op_in(r, d);
}

static int count_var(const TileRegion *r, int var, TileOpKind kind) {
    int n = 0;
    for (const TileOp *op = r->first; op; op = op->next) {
        n += op->kind == kind && op->var == var;
        n += count_var(&op->regions[0], var, kind) + count_var(&op->regions[1], var, kind);
    }
    return n;
}

static int count_kind(const TileRegion *r, TileOpKind kind) {
    int n = 0;
    for (const TileOp *op = r->first; op; op = op->next)
        n += (op->kind == kind) + count_kind(&op->regions[0], kind) +
             count_kind(&op->regions[1], kind);
    return n;
}

/* 1: a read of var in r may see the value from before r; 2: r surely writes it first */
static int first_access(const TileRegion *r, int var) {
    for (const TileOp *op = r->first; op; op = op->next) {
        if (op->kind == TOP_VAR_READ && op->var == var) return 1;
        if (op->kind == TOP_VAR_WRITE && op->var == var) return 2;
        if (op->kind == TOP_IF) {
            int a = first_access(&op->regions[0], var), b = first_access(&op->regions[1], var);
            if (a == 1 || b == 1) return 1;
            if (a == 2 && b == 2) return 2;
        }
    }
    return 0;
}

/* a carried tile variable's trips: into fragments before the loop when the body may read
 * its value from before; back after the loop when the body writes it and code after reads */
static bool var_in(const TileRegion *body, int var) {
    return first_access(body, var) != 2;
}
static bool var_out(const TileFunc *f, const TileRegion *body, int var) {
    return count_var(body, var, TOP_VAR_WRITE) &&
           count_var(&f->body, var, TOP_VAR_READ) > count_var(body, var, TOP_VAR_READ);
}

static bool skipped(const FaLoop *m, const TileOp *op) {
    if (op == m->pk.load || op == m->pv.load || (m->cast_p && op == m->cast_p)) return true;
    for (int i = 0; i < m->pk.nchain; i++)
        if (op == m->pk.chain[i]) return true;
    for (int i = 0; i < m->pv.nchain; i++)
        if (op == m->pv.chain[i]) return true;
    return false;
}

static bool zero_const(const TileFunc *f, int v) {
    const TileOp *d = f->values[v].def;
    return d && d->kind == TOP_CONST && vtype(f, v)->dtype == TDT_FLOAT32 && d->value.f == 0.0;
}

/* whether op (not skipped, not one of the two mmas) has a fragment form */
static bool op_ok(const TileFunc *f, const FaLoop *m, const TileOp *op) {
    int rk = op->result >= 0 ? kind_of(m, vtype(f, op->result)) : FA_SCALAR;
    if (rk == FA_BAD) return false;
    for (int i = 0; i < op->noperands; i++)
        if (kind_of(m, vtype(f, op->operands[i])) == FA_BAD) return false;
    if (op->kind != TOP_IF && (op->regions[0].first || op->regions[1].first)) return false;
    switch (op->kind) {
    case TOP_PARAM:
    case TOP_CONST:
    case TOP_BID:
    case TOP_NUM_BLOCKS:
    case TOP_ARRAY_DIM:
    case TOP_ARRAY_STRIDE: return true;
    case TOP_UNARY:
    case TOP_BINARY:
    case TOP_COMPARE:
    case TOP_SELECT:
    case TOP_CAST:
    case TOP_BITCAST:
    case TOP_ASSUME: /* same shapes throughout (the front broadcasts explicitly) */
        for (int i = 0; i < op->noperands; i++)
            if (kind_of(m, vtype(f, op->operands[i])) != rk) return false;
        return true;
    case TOP_BROADCAST: {
        const TileType *ti = vtype(f, op->operands[0]), *to = vtype(f, op->result);
        int ik = kind_of(m, ti);
        if (ik == FA_SCALAR || ik == FA_ONE || tile_type_numel(ti) == tile_type_numel(to))
            return ik == rk || ik == FA_SCALAR || ik == FA_ONE;
        return rk == FA_FULL && (ik == FA_ROWS || (ik == FA_COLS && ti->shape[1] == to->shape[1]));
    }
    case TOP_REDUCE: {
        const TileType *ti = vtype(f, op->operands[0]);
        return op->ncomp == 0 && kind_of(m, ti) == FA_FULL && op->axis == 1 && rk == FA_ROWS &&
               (op->sub == TR_SUM || op->sub == TR_MAX || op->sub == TR_MIN) &&
               (ti->dtype == TDT_FLOAT32 || ti->dtype == TDT_INT32);
    }
    case TOP_VAR_READ:
    case TOP_VAR_WRITE: return kind_of(m, &f->vars[op->var].type) != FA_BAD;
    case TOP_IF: return rk == FA_SCALAR && op->noperands == 1;
    default: return false;
    }
}

static bool region_ok(const TileFunc *f, const FaLoop *m, const TileRegion *r) {
    for (const TileOp *op = r->first; op; op = op->next) {
        if (op == m->mma_s || op == m->mma_o || skipped(m, op)) continue;
        if (!op_ok(f, m, op)) return false;
        if (op->kind == TOP_IF &&
            (!region_ok(f, m, &op->regions[0]) || !region_ok(f, m, &op->regions[1])))
            return false;
    }
    return true;
}

/* the body's values are used in the body only */
static bool values_stay(const TileFunc *f, const TileRegion *body, const TileRegion *r) {
    for (const TileOp *op = r->first; op; op = op->next) {
        if (op->result >= 0 && lw_uses(&f->body, op->result) != lw_uses(body, op->result))
            return false;
        if (!values_stay(f, body, &op->regions[0]) || !values_stay(f, body, &op->regions[1]))
            return false;
    }
    return true;
}

/* whether op (its regions too) reads or writes variable var */
static bool touches(const TileOp *op, int var) {
    if ((op->kind == TOP_VAR_READ || op->kind == TOP_VAR_WRITE) && op->var == var) return true;
    for (int k = 0; k < 2; k++)
        for (const TileOp *o = op->regions[k].first; o; o = o->next)
            if (touches(o, var)) return true;
    return false;
}

/* The software pipeline's conditions: P V's result goes only to one write of a float (M, DV)
 * variable A after it at the top of the body, and A is touched neither before S nor after
 * P V but by that write; the ring has a stage to spare (the refill of iteration j + S - 2's
 * stage waits for P V of j - 2, done in iteration j - 1). */
static void pipe_match(const TileFunc *f, FaLoop *m) {
    const TileRegion *body = &m->loop->regions[0];
    m->pipe = false;
    int r = m->mma_o->result;
    if (m->stages < 3 || lw_uses(&f->body, r) != 1) return;
    const TileOp *w = NULL;
    for (const TileOp *o = m->mma_o->next; o; o = o->next)
        if (o->kind == TOP_VAR_WRITE && o->operands[0] == r) w = o;
    if (!w) return;
    int a = w->var;
    const TileType *ta = &f->vars[a].type;
    if (ta->rank != 2 || ta->shape[0] != m->M || ta->shape[1] != m->DV || ta->dtype != TDT_FLOAT32)
        return;
    const TileOp *o = body->first, *wait_at = NULL;
    int anchor = -1;
    for (; o != m->mma_s; o = o->next)
        if (touches(o, a)) return;
    for (o = o->next; o != m->mma_o; o = o->next) {
        if (!wait_at && touches(o, a)) wait_at = o;
        if (!wait_at && o->result >= 0 && !skipped(m, o)) anchor = o->result;
    }
    for (o = o->next; o; o = o->next)
        if (o != w && touches(o, a)) return;
    m->pipe = true;
    m->acc_var = a;
    m->wait_at = wait_at ? wait_at : m->mma_o;
    m->write_acc = w;
    m->anchor = anchor;
}

static bool is16(TileDType dt) {
    return dt == TDT_FLOAT16 || dt == TDT_BFLOAT16;
}

/* the loop's block size */
static int fa_threads_of(const FaLoop *m) {
    return m->M / 64 * 128;
}

/* The ring's stages at occ blocks an SM: Q once, each stage a K and a V tile, within
 * 227 KB / occ (it shares kr_smem with the generic ops' scratch, used only before and after
 * the loop); 0 when fewer than 2 fit */
static int fa_stages(const FaLoop *m, int occ) {
    size_t budget = (size_t)FA_SMEM_MAX / (size_t)occ - (occ > 1 ? 1024 : 0);
    size_t stage = m->k_bytes + m->v_bytes;
    if (budget < 1024 + m->q_bytes + 2 * stage) return 0;
    size_t n = (budget - 1024 - m->q_bytes) / stage;
    return n > 4 ? 4 : (int)n;
}

/* Blocks an SM, stages and the software pipeline. ct.kernel(occupancy=n) (the sample's 2)
 * leaves a thread 64K / (n threads) registers. The pipeline keeps S, P of the iteration
 * before (packed), the accumulator and ~24 more live (N/2 + DV/2 + NK/2 + 24: ptxas -v 128x64
 * 117-128 registers) and needs 3 stages; the serial loop S, P and the accumulator. By
 * default the hint's occupancy comes first: the pipeline where it fits there, else the
 * serial loop where its fragments alone fit (128x128 D 64: 2 blocks an SM, 128 registers,
 * a 2-stage ring, ~160 bytes of spills: 424 TFLOP/s on the H200, fourth session's run 2,
 * where one block an SM with the pipeline measured below 346 in the sixth session's),
 * else one block an SM. KRAIT_TILE_SM90=pipeline and =pingpong take one block an SM with
 * the pipeline before the hint's occupancy without it (the fifth session's rule); =serial
 * never pipelines. */
static bool fa_plan(const TileFunc *f, int mode, FaLoop *m) {
    int hint = f->hints.occupancy > 1 && f->hints.occupancy <= 4 ? f->hints.occupancy : 1;
    int threads = fa_threads_of(m);
    int pipe_need = m->N / 2 + m->DV / 2 + m->NK / 2 + 24,
        serial_need = m->N / 2 + m->DV / 2 + m->NK / 4;
    bool pipe_first = mode == 6 || mode == 7;
    for (int k = 0; k < 2; k++) {
        int occ = k ? 1 : hint;
        if (k && hint == 1) break;
        int stages = fa_stages(m, occ);
        if (!stages) continue;
        int regs = 65536 / (threads * occ);
        if (regs > 255) regs = 255;
        m->occ = occ;
        m->stages = stages;
        pipe_match(f, m);
        if (mode == 5 || pipe_need > regs) m->pipe = false;
        if (m->pipe) return true;
        if (pipe_first && !k && hint > 1) continue; /* the pipeline at one block first */
        /* below 128 registers the code around the loop spills too (ptxas -v: 192x64 tiles
         * at 2 blocks, 85 registers, 760-844 bytes) */
        if ((serial_need <= regs && regs >= 128) || k || hint == 1) return true;
    }
    return false;
}

static bool fa_match(const TileFunc *f, const TileOp *op, int threads, int mode, FaLoop *m) {
    if (op->kind != TOP_FOR) return false;
    const TileRegion *body = &op->regions[0];
    memset(m, 0, sizeof *m);
    m->loop = op;
    if (count_kind(body, TOP_MMA) != 2) return false;
    const TileOp *mm[2];
    int n = 0;
    for (const TileOp *o = body->first; o; o = o->next)
        if (o->kind == TOP_MMA && n < 2) mm[n++] = o;
    if (n != 2) return false; /* one inside an if */
    m->mma_s = mm[0];
    m->mma_o = mm[1];
    /* S = q k + 0 */
    int q = m->mma_s->operands[0], k = m->mma_s->operands[1], z = m->mma_s->operands[2];
    const TileType *tq = vtype(f, q), *tk = vtype(f, k), *ts = vtype(f, m->mma_s->result);
    if (tq->rank != 2 || tk->rank != 2 || ts->rank != 2 || !is16(tq->dtype) ||
        tk->dtype != tq->dtype || ts->dtype != TDT_FLOAT32 || !zero_const(f, z) ||
        defined_in(f, body, q))
        return false;
    m->q = q;
    m->dt = tq->dtype;
    m->M = (int)tq->shape[0];
    m->D = (int)tq->shape[1];
    m->N = (int)tk->shape[1];
    /* acc = p v + acc */
    int p = m->mma_o->operands[0], v = m->mma_o->operands[1], acc = m->mma_o->operands[2];
    const TileType *tp = vtype(f, p), *tv = vtype(f, v), *ta = vtype(f, acc);
    if (tp->rank != 2 || tv->rank != 2 || ta->rank != 2 || tp->dtype != m->dt ||
        tv->dtype != m->dt || ta->dtype != TDT_FLOAT32 || tp->shape[0] != m->M)
        return false;
    m->NK = (int)tp->shape[1];
    m->DV = (int)tv->shape[1];
    if (m->M % 64 || m->M > 256 || m->D % 64 || m->D > 256 || m->N % 8 || m->N > 256 ||
        m->NK % 16 || m->NK > 256 || m->DV % 8 || m->DV > 256)
        return false;
    /* registers: S, the accumulator and P's packed fragments a thread */
    if (m->N / 2 + m->DV / 2 + m->NK / 4 > 160) return false;
    if (threads && threads != fa_threads_of(m)) return false;
    if (!lw_sm90_chain(f, k, m->dt, true, m->N % 64 == 0, &m->pk, &m->kmaj_k) ||
        !lw_sm90_chain(f, v, m->dt, true, m->DV % 64 == 0, &m->pv, &m->kmaj_v))
        return false;
    if (!at_top(body, m->pk.load) || !at_top(body, m->pv.load)) return false;
    if (m->pk.rows % 8 || m->pv.rows % 8 || m->pk.cols % 64 || m->pv.cols % 64) return false;
    const TileOp *pd = f->values[p].def;
    if (pd && pd->kind == TOP_CAST && at_top(body, pd) && lw_uses(&f->body, p) == 1 &&
        vtype(f, pd->operands[0])->dtype == TDT_FLOAT32)
        m->cast_p = pd;
    if (!region_ok(f, m, body) || !values_stay(f, body, body)) return false;
    if (kind_of(m, tp) != FA_FULL || kind_of(m, ta) != FA_FULL) return false;
    /* the ring: Q once, each stage a K and a V tile, within 227 KB / occupancy; it shares
     * kr_smem with the generic ops' scratch, which is used only before and after the loop */
    m->q_bytes = (size_t)m->M * (size_t)m->D * 2;
    m->k_bytes = (size_t)m->pk.rows * (size_t)m->pk.cols * 2;
    m->v_bytes = (size_t)m->pv.rows * (size_t)m->pv.cols * 2;
    return fa_plan(f, mode, m);
}

static int first_match(const TileFunc *f, const TileRegion *r, int mode) {
    for (const TileOp *op = r->first; op; op = op->next) {
        FaLoop m;
        if (fa_match(f, op, 0, mode, &m)) return fa_threads_of(&m);
        for (int k = 0; k < 2; k++) {
            int t = first_match(f, &op->regions[k], mode);
            if (t) return t;
        }
    }
    return 0;
}

int lw_fa_threads(const TileFunc *f, int mode) {
    return mode == 1 ? 0 : first_match(f, &f->body, mode);
}

/* whether scalar value v is made from ct.bid(0) by pure scalar ops */
static bool from_bid0(const TileFunc *f, int v, int depth) {
    const TileOp *d = f->values[v].def;
    if (!d || depth > 32) return false;
    if (d->kind == TOP_BID) return d->axis == 0;
    if (d->kind == TOP_VAR_READ || !lw_sm90_scalar_pure(f, d)) return false;
    for (int i = 0; i < d->noperands; i++)
        if (from_bid0(f, d->operands[i], depth + 1)) return true;
    return false;
}

static const TileOp *first_loop(const TileFunc *f, const TileRegion *r, int mode) {
    for (const TileOp *op = r->first; op; op = op->next) {
        FaLoop m;
        if (fa_match(f, op, 0, mode, &m)) return op;
        for (int k = 0; k < 2; k++) {
            const TileOp *o = first_loop(f, &op->regions[k], mode);
            if (o) return o;
        }
    }
    return NULL;
}

bool lw_fa_grid_reversed(const TileFunc *f, int mode) {
    if (mode == 1 || mode == 5) return false; /* serial: the fourth session's kernels */
    const TileOp *loop = first_loop(f, &f->body, mode);
    return loop && (from_bid0(f, loop->operands[0], 0) || from_bid0(f, loop->operands[1], 0));
}

static bool loop_taken(const Lower *L, const TileOp *op, FaLoop *m) {
    if (L->sm90_mode == 1 || !fa_match(L->f, op, L->layout.nt, L->sm90_mode, m)) return false;
    /* an operand array the kernel also writes keeps the generic loop's ordered accesses */
    int arr[2] = {m->pk.load->array, m->pv.load->array};
    for (int i = 0; i < 2; i++)
        if (arr[i] >= 64 || (L->ordered >> arr[i] & 1)) return false;
    /* KRAIT_TILE_SM90=pingpong: the pipelined loop of two warpgroups in turns */
    m->pingpong = m->pipe && m->M == 128 && L->sm90_mode == 6;
    return true;
}

bool lw_fa_loop_taken(const Lower *L, const TileOp *op) {
    FaLoop m;
    return loop_taken(L, op, &m);
}

/* ---- emission ---- */

/* the scalar ops of the body the loads' indices need, for the issue lambda (any iteration):
 * false when one is not a pure scalar computation of the loop variable and values from
 * before the loop */
static bool slice_add(const TileFunc *f, const TileOp *loop, int v, const TileOp **ops, int *n) {
    const TileRegion *body = &loop->regions[0];
    const TileOp *d = f->values[v].def;
    if (!d || !op_in(body, d)) return true; /* from before the loop */
    for (int i = 0; i < *n; i++)
        if (ops[i] == d) return true;
    if (!at_top(body, d) || !lw_sm90_scalar_pure(f, d)) return false;
    if (d->kind == TOP_VAR_READ && d->var != loop->var && count_var(body, d->var, TOP_VAR_WRITE))
        return false;
    for (int i = 0; i < d->noperands; i++)
        if (!slice_add(f, loop, d->operands[i], ops, n)) return false;
    if (*n == FA_SLICE) return false;
    ops[(*n)++] = d;
    return true;
}

/* the copy of one operand tile into the stage at kr_st + off */
static void emit_copy(Lower *L, const FaLoop *m, const Sm90Pin *p, size_t off) {
    const TileOp *op = p->load;
    const TileType *t = vtype(L->f, op->result);
    lw_line(L, op, "{");
    L->indent++;
    lw_line(L, op, "i64 org[%d];", t->rank);
    for (int k = 0; k < t->rank; k++)
        lw_line(L, op, "org[%d] = (i64)v%d * %lldll;", op->perm[k], op->operands[k],
                (long long)t->shape[k]);
    lw_line(L, op, "kr_swz_gload<%s, %d, %d, true>(kr_st + %zu, p.a%d, org, %d, %d);",
            m->dt == TDT_BFLOAT16 ? "kr_bf16" : "kr_half", p->rows, p->cols, off, op->array, p->ar,
            p->ac);
    L->indent--;
    lw_line(L, op, "}");
}

/* ... or one thread's TMA copy of it through map tm, completing on kr_b */
static void emit_tma(Lower *L, const FaLoop *m, const Sm90Pin *p, size_t off, int tm) {
    const TileOp *op = p->load;
    const TileType *t = vtype(L->f, op->result);
    int R = t->rank;
    (void)m;
    lw_line(L, op, "{");
    L->indent++;
    lw_line(L, op, "i64 org[%d];", R);
    for (int k = 0; k < R; k++)
        lw_line(L, op, "org[%d] = (i64)v%d * %lldll;", op->perm[k], op->operands[k],
                (long long)t->shape[k]);
    char c[256];
    size_t n = 0;
    for (int d = 0; d < R; d++) /* innermost first */
        n += (size_t)snprintf(c + n, sizeof c - n, "%s(int)org[%d]", d ? ", " : "", R - 1 - d);
    lw_line(L, op, "const int kr_c[%d] = {%s};", R, c);
    lw_line(L, op, "kr_fa_tma<%d, %d, %d>(kr_st + %zu, &p.kr_tm%d, kr_c, kr_b);", p->rows, p->cols,
            R, off, tm);
    L->indent--;
    lw_line(L, op, "}");
}

/* whether a TMA map can describe the staged tile: rows along the array's next-to-last axis,
 * columns along its last */
static bool tma_shape(const TileFunc *f, const Sm90Pin *p) {
    int R = f->params[p->load->array].rank;
    return R >= 2 && R <= 5 && p->ar == R - 2 && p->ac == R - 1;
}

static int emit_region(Lower *L, const FaLoop *m, const TileRegion *r);

/* the issue of the deferred P V of iteration kr_it - 1 (the pipeline) into the accumulator */
static void emit_pv_issue(Lower *L, const FaLoop *m, const TileOp *at, const char *it) {
    lw_line(
        L, at,
        "kr_fa_mma_rs_issue<%d, %d, %s, %s>(s%d, kr_pa, kr_fr + (int)((%s) %% %d) * %zu + %zu);",
        m->DV, m->NK, m->kmaj_v ? "true" : "false", m->fo, m->acc_var, it, m->stages,
        m->k_bytes + m->v_bytes, m->k_bytes);
}

static int emit_body_op(Lower *L, const FaLoop *m, const TileOp *op) {
    const TileFunc *f = L->f;
    const char *S = m->dt == TDT_BFLOAT16 ? "kr_bf16" : "kr_half";
    if (skipped(m, op)) return 0;
    if (m->pipe && op == m->wait_at) { /* P V of the iteration before done: its stage is free */
        /* ptxas hoists a wgmma wait above independent arithmetic (here: to just after S's
         * wait, serializing the softmax behind P V again) but keeps it after a shared-memory
         * store: the softmax's last value stored to a scratch word (never read) pins it */
        if (m->anchor >= 0) { /* each slot (up to 16 bytes): l_i's two rows, say */
            const TileType *t = vtype(f, m->anchor);
            int n = t->rank ? lw_value_slots(L, m->anchor) : 1,
                most = 16 / (int)elem_bytes(t->dtype);
            if (t->rank == 0)
                lw_line(L, op, "*(volatile %s *)kr_pin_anchor = v%d;", lw_reg(t->dtype), m->anchor);
            else
                lw_line(L, op, "KR_FOR(r, %d) ((volatile %s *)kr_pin_anchor)[r] = v%d[r];",
                        n < most ? n : most, lw_reg(t->dtype), m->anchor);
        }
        lw_line(L, op, "kr_wgmma_wait<0>();");
        lw_line(L, op, "kr_frag_fence(s%d);", m->acc_var);
        lw_line(L, op,
                "if (kr_t && kr_it > 0) kr_fa_arrive(&kr_bar[%d + (int)((kr_it - 1) %% %d)]);",
                m->stages, m->stages);
    }
    if (op == m->mma_s) {
        lw_declare(L, op);
        if (!m->pipe) {
            lw_line(L, op, "kr_fa_mma_ss<%d, %d, %d, %s, %s>(v%d, kr_fq, kr_st);", m->M, m->N, m->D,
                    m->kmaj_k ? "true" : "false", m->fs, op->result);
            return 0;
        }
        if (m->pingpong) lw_line(L, op, "kr_fa_pp_wait(); /* this warpgroup's turn */");
        lw_line(L, op, "kr_fa_mma_ss_issue<%d, %d, %d, %s, %s>(v%d, kr_fq, kr_st);", m->M, m->N,
                m->D, m->kmaj_k ? "true" : "false", m->fs, op->result);
        /* the other warpgroup's turn (the second warpgroup's last one is not taken); in both
         * branches: ptxas's wgmma pipeline analysis wants one if around the wait */
        const char *go = "kr_fa_pp_go(threadIdx.x < 128 || kr_it + 1 < kr_n);";
        lw_line(L, op, "if (kr_it > 0) {");
        L->indent++;
        emit_pv_issue(L, m, op, "kr_it - 1");
        if (m->pingpong) lw_line(L, op, "%s", go);
        lw_line(L, op, "kr_wgmma_wait<1>(); /* S: P V still running */");
        L->indent--;
        lw_line(L, op, "} else {");
        L->indent++;
        if (m->pingpong) lw_line(L, op, "%s", go);
        lw_line(L, op, "kr_wgmma_wait<0>();");
        L->indent--;
        lw_line(L, op, "}");
        lw_line(L, op, "kr_frag_fence(v%d);", op->result);
        return 0;
    }
    if (op == m->mma_o) {
        int p = m->cast_p ? m->cast_p->operands[0] : op->operands[0];
        if (m->pipe) { /* the accumulator's value, P packed: the next iteration issues P V */
            lw_line(L, op, "KR_FOR(r, %d) s%d[r] = v%d[r];", m->DV / 2, m->acc_var,
                    op->operands[2]);
            lw_line(L, op, "kr_fa_pack_p<%d, %s>(kr_pa, v%d);", m->NK, S, p);
            return 0;
        }
        lw_declare(L, op);
        lw_line(L, op, "KR_FOR(r, %d) v%d[r] = v%d[r];", m->DV / 2, op->result, op->operands[2]);
        lw_line(L, op, "kr_fa_mma_rs<%d, %d, %s, %s, %s>(v%d, v%d, kr_st + %zu);", m->DV, m->NK,
                m->kmaj_v ? "true" : "false", S, m->fo, op->result, p, m->k_bytes);
        return 0;
    }
    if (m->pipe && op == m->write_acc) return 0;
    if (op->kind == TOP_IF) {
        lw_line(L, op, "if (v%d) {", op->operands[0]);
        L->indent++;
        if (emit_region(L, m, &op->regions[0]) < 0) return -1;
        L->indent--;
        if (op->regions[1].first) {
            lw_line(L, op, "} else {");
            L->indent++;
            if (emit_region(L, m, &op->regions[1]) < 0) return -1;
            L->indent--;
        }
        lw_line(L, op, "}");
        return 0;
    }
    if (op->kind == TOP_REDUCE) {
        const TileType *ti = vtype(f, op->operands[0]);
        const char *comb = op->sub == TR_SUM ? "KrSum" : op->sub == TR_MAX ? "KrMax" : "KrMin";
        lw_declare(L, op);
        lw_line(L, op, "kr_fa_rowred<%d>(v%d, v%d, %s<%s>());", (int)ti->shape[1], op->result,
                op->operands[0], comb, lw_reg(ti->dtype));
        return 0;
    }
    if (op->kind == TOP_UNARY && op->sub == TU_EXP2 &&
        vtype(f, op->operands[0])->dtype == TDT_FLOAT32 &&
        kind_of(m, vtype(f, op->result)) != FA_SCALAR) {
        lw_declare(L, op);
        lw_line(L, op, "KR_FOR(r, %d) v%d[r] = kr_fa_exp2(v%d[r]);", lw_value_slots(L, op->result),
                op->result, op->operands[0]);
        return 0;
    }
    if (op->kind == TOP_BROADCAST) {
        const TileType *ti = vtype(f, op->operands[0]), *to = vtype(f, op->result);
        int ik = kind_of(m, ti), n = lw_value_slots(L, op->result), x = op->operands[0];
        if (ik == FA_SCALAR || tile_type_numel(ti) == tile_type_numel(to))
            return lw_op_generic(L, op);
        lw_declare(L, op);
        if (ik == FA_ONE)
            lw_line(L, op, "KR_FOR(r, %d) v%d[r] = v%d[0];", n, op->result, x);
        else if (ik == FA_ROWS) /* slot 4j + q of row half q / 2 */
            lw_line(L, op, "KR_FOR(r, %d) v%d[r] = v%d[(r >> 1) & 1];", n, op->result, x);
        else /* FA_COLS: slot 4j + q of column slot 2j + q % 2 */
            lw_line(L, op, "KR_FOR(r, %d) v%d[r] = v%d[((r >> 2) << 1) | (r & 1)];", n, op->result,
                    x);
        return 0;
    }
    return lw_op_generic(L, op);
}

static int emit_region(Lower *L, const FaLoop *m, const TileRegion *r) {
    for (const TileOp *op = r->first; op; op = op->next)
        if (emit_body_op(L, m, op) < 0) return -1;
    return 0;
}

/* fa_val / fa_var: the fragment slots of the body's values and of the tiles it reads from
 * before the loop (imports, collected into imp) and the tile variables it touches */
static void mark_region(const Lower *L, const FaLoop *m, const TileRegion *r, int *val, int *var,
                        int *imp, int *nimp) {
    const TileFunc *f = L->f;
    const TileRegion *body = &m->loop->regions[0];
    for (const TileOp *op = r->first; op; op = op->next) {
        if (op->result >= 0) {
            const TileType *t = vtype(f, op->result);
            val[op->result] = kind_slots(kind_of(m, t), t);
        }
        if ((op->kind == TOP_VAR_READ || op->kind == TOP_VAR_WRITE) && !skipped(m, op)) {
            const TileType *t = &f->vars[op->var].type;
            var[op->var] = kind_slots(kind_of(m, t), t);
        }
        if (!skipped(m, op))
            for (int i = 0; i < op->noperands; i++) {
                int x = op->operands[i];
                if (op == m->mma_s && i < 2) continue; /* q staged, k in the ring */
                if (op == m->mma_o && i == 1) continue;
                if (vtype(f, x)->rank == 0 || defined_in(f, body, x) || val[x]) continue;
                const TileType *t = vtype(f, x);
                val[x] = kind_slots(kind_of(m, t), t);
                if (*nimp < FA_IMPORTS) imp[(*nimp)++] = x;
            }
        mark_region(L, m, &op->regions[0], val, var, imp, nimp);
        mark_region(L, m, &op->regions[1], val, var, imp, nimp);
    }
}

static size_t elem_bytes(TileDType dt) {
    const char *r = lw_reg(dt);
    if (!strcmp(r, "double") || !strcmp(r, "i64") || !strcmp(r, "u64")) return 8;
    if (!strcmp(r, "float") || !strcmp(r, "int") || !strcmp(r, "u32")) return 4;
    return (size_t)tile_dtype_size(dt);
}

static int emit_loop(Lower *L, const TileOp *op, FaLoop *m) {
    const TileFunc *f = L->f;
    GpuState *G = L->s->G;
    size_t vb = (size_t)f->nvalues * sizeof(int),
           wb = (size_t)(f->nvars > 0 ? f->nvars : 1) * sizeof(int);
    int *val = gpu_host_alloc(G, vb), *var = gpu_host_alloc(G, wb);
    if (!val || !var) {
        if (val) gpu_host_free(G, val, vb);
        if (var) gpu_host_free(G, var, wb);
        return lw_error(L, op, "out of memory while lowering");
    }
    memset(val, 0, vb);
    memset(var, 0, wb);
    int imp[FA_IMPORTS], nimp = 0;
    const TileRegion *body = &op->regions[0];
    mark_region(L, m, body, val, var, imp, &nimp);
    if (nimp == FA_IMPORTS) {
        gpu_host_free(G, val, vb);
        gpu_host_free(G, var, wb);
        return 0; /* too many: the generic loop */
    }
    const TileOp *slice[FA_SLICE];
    int nslice = 0;
    bool sliced = true;
    for (int w = 0; w < 2 && sliced; w++) {
        const TileOp *ld = w ? m->pv.load : m->pk.load;
        for (int i = 0; i < ld->noperands && sliced; i++)
            sliced = slice_add(f, op, ld->operands[i], slice, &nslice);
    }
    if (!sliced) {
        gpu_host_free(G, val, vb);
        gpu_host_free(G, var, wb);
        return 0;
    }
    lw_sm90_functor_a(L, m->dt, m->N, m->kmaj_k, false, m->fs, sizeof m->fs);
    lw_sm90_functor_a(L, m->dt, m->DV, m->kmaj_v, true, m->fo, sizeof m->fo);
    const char *S = m->dt == TDT_BFLOAT16 ? "kr_bf16" : "kr_half";
    const char *IT = lw_reg(f->vars[op->var].type.dtype);
    int st = m->stages, ahead = m->pipe ? st - 2 : st - 1;
    size_t stage = m->k_bytes + m->v_bytes;
    size_t off_ring = m->q_bytes; /* Q at 0, both after the scratch's 1024-byte alignment */
    /* TMA: each stage's mbarriers, "full" (its copies landed) then "empty" (every thread is
     * done with it: the refill waits for that instead of a block barrier each iteration) */
    size_t off_bar = off_ring + (size_t)st * stage;
    lw_need_smem(L, 1024 + off_bar + 16 * (size_t)st + 16); /* + the pipeline's anchor word */
    /* TMA (all modes but 3, cp.async only): one map per operand array; the kernel keeps the
     * cp.async copies for launches whose arrays a map cannot describe */
    int tk = -1, tv = -1;
    if (L->sm90_mode != 3 && tma_shape(f, &m->pk) && tma_shape(f, &m->pv)) {
        int n0 = L->ntmaps;
        tk = lw_sm90_tmap(L, m->pk.load->array, m->pk.rows, 2);
        tv = lw_sm90_tmap(L, m->pv.load->array, m->pv.rows, 2);
        if (tk < 0 || tv < 0) {
            L->ntmaps = n0;
            tk = tv = -1;
        }
    }
    bool tma = tk >= 0;

    lw_raw(L, "#if KR_WGMMA\n");
    lw_line(L, op, "{ /* attention loop on wgmma: S %dx%dx%d, P V %dx%dx%d, %d stages */", m->M,
            m->N, m->D, m->M, m->DV, m->NK, st);
    L->indent++;
    lw_line(L, op, "const i64 kr_lo = (i64)v%d, kr_hi = (i64)v%d, kr_step = (i64)v%d;",
            op->operands[0], op->operands[1], op->operands[2]);
    lw_line(L, op,
            "const i64 kr_n = kr_step > 0 ? (kr_hi > kr_lo ? (kr_hi - kr_lo + kr_step - 1) / "
            "kr_step : 0) : kr_step < 0 ? (kr_lo > kr_hi ? (kr_lo - kr_hi - kr_step - 1) / "
            "(-kr_step) : 0) : 0;");
    lw_line(L, op, "unsigned char *const kr_fq = kr_pinned(0, 0);");
    lw_line(L, op, "unsigned char *const kr_fr = kr_pinned(0, %zu);", off_ring);
    lw_line(L, op, "u64 *const kr_bar = (u64 *)(kr_fr + %zu);", off_bar - off_ring);
    if (m->pipe && m->anchor >= 0)
        lw_line(L, op, "void *const kr_pin_anchor = (void *)(kr_bar + %d);", 2 * st);
    lw_line(L, op, "const bool kr_t = %s;", tma ? "p.kr_tma != 0" : "false");
    for (int i = 0; i < nimp; i++)
        lw_line(L, op, "auto &kr_ov%d = v%d;", imp[i], imp[i]);
    for (int i = 0; i < f->nvars; i++)
        if (var[i] && (var_in(body, i) || var_out(f, body, i)))
            lw_line(L, op, "auto &kr_os%d = s%d;", i, i);
    lw_line(L, op, "{");
    L->indent++;
    for (int i = 0; i < nimp; i++) {
        const TileType *t = vtype(f, imp[i]);
        int k = kind_of(m, t);
        lw_line(L, op, "%s v%d[%d];", lw_reg(t->dtype), imp[i], val[imp[i]]);
        lw_line(L, op, "kr_fa_in<%lld, %lld, %s>(v%d, kr_ov%d);", (long long)t->shape[0],
                (long long)t->shape[1], kind_name(k), imp[i], imp[i]);
        lw_need_smem(L, (size_t)tile_type_numel(t) * elem_bytes(t->dtype));
    }
    for (int i = 0; i < f->nvars; i++) {
        if (!var[i]) continue;
        const TileType *t = &f->vars[i].type;
        lw_line(L, op, "%s s%d[%d];", lw_reg(t->dtype), i, var[i]);
        if (var_in(body, i)) {
            lw_line(L, op, "kr_fa_in<%lld, %lld, %s>(s%d, kr_os%d);", (long long)t->shape[0],
                    (long long)t->shape[1], kind_name(kind_of(m, t)), i, i);
            lw_need_smem(L, (size_t)tile_type_numel(t) * elem_bytes(t->dtype));
        }
    }
    /* Q and the ring take the scratch's place once the conversions are done */
    lw_line(L, op, "__syncthreads();");
    lw_line(L, op, "kr_swz_store<%s, %d, %d>(kr_fq, v%d);", S, m->M, m->D, m->q);
    lw_line(L, op, "kr_fence_async_smem(); /* Q's stores before wgmma's reads */");
    if (tma) {
        lw_line(L, op, "if (kr_t) {");
        lw_line(L, op, "    if (threadIdx.x == 0) {");
        lw_line(L, op, "        KR_FOR(i, %d) kr_mbar_init(&kr_bar[i], 1);", st);
        lw_line(L, op, "        KR_FOR(i, %d) kr_mbar_init(&kr_bar[%d + i], KR_NT);", st, st);
        lw_line(L, op, "        kr_fence_mbar_init();");
        lw_line(L, op, "    }");
        lw_line(L, op, "    __syncthreads();");
        lw_line(L, op, "}");
    }
    /* the copies of iteration kr_it into its stage */
    lw_line(L, op, "auto kr_issue = [&](i64 kr_it) {");
    L->indent++;
    lw_line(L, op, "const %s s%d = (%s)(kr_lo + kr_it * kr_step);", IT, op->var, IT);
    L->fa_val = NULL; /* scalars: the generic emitters as they are */
    L->fa_var = NULL;
    int r = 0;
    for (const TileOp *o = body->first; o && r == 0; o = o->next)
        for (int i = 0; i < nslice; i++)
            if (slice[i] == o) r = lw_op_generic(L, o);
    lw_line(L, op, "unsigned char *const kr_st = kr_fr + (int)(kr_it %% %d) * %zu;", st, stage);
    if (tma) {
        lw_line(L, op, "if (kr_t) {");
        L->indent++;
        lw_line(L, op, "if (threadIdx.x == 0) {");
        L->indent++;
        lw_line(L, op, "if (kr_it >= %d) /* the stage's last use: every thread done with it */",
                st);
        lw_line(L, op,
                "    kr_mbar_wait(&kr_bar[%d + (int)(kr_it %% %d)], (int)((kr_it / %d - 1) & 1));",
                st, st, st);
        lw_line(L, op, "u64 *const kr_b = &kr_bar[(int)(kr_it %% %d)];", st);
        lw_line(L, op, "kr_mbar_expect_tx(kr_b, %zuu);", stage);
        emit_tma(L, m, &m->pk, 0, tk);
        emit_tma(L, m, &m->pv, m->k_bytes, tv);
        L->indent--;
        lw_line(L, op, "}");
        lw_line(L, op, "return;");
        L->indent--;
        lw_line(L, op, "}");
    }
    emit_copy(L, m, &m->pk, 0);
    emit_copy(L, m, &m->pv, m->k_bytes);
    L->indent--;
    lw_line(L, op, "};");
    if (m->pipe)
        lw_line(L, op, "unsigned kr_pa[%d][4]; /* P, packed, for the next P V */", m->NK / 16);
    lw_line(L, op, "_Pragma(\"unroll 1\") for (int kr_i = 0; kr_i < %d; kr_i++) {", ahead);
    lw_line(L, op, "    if (kr_i < kr_n) kr_issue(kr_i);");
    lw_line(L, op, "    kr_cp_commit();");
    lw_line(L, op, "}");
    if (m->pingpong) /* the first warpgroup goes first */
        lw_line(L, op, "kr_fa_pp_go(threadIdx.x >= 128 && kr_n > 0);");
    lw_line(L, op, "_Pragma(\"unroll 1\") for (i64 kr_it = 0; kr_it < kr_n; kr_it++) {");
    L->indent++;
    if (tma) {
        lw_line(L, op, "if (kr_t) {");
        lw_line(L, op, "    kr_mbar_wait(&kr_bar[(int)(kr_it %% %d)], (int)((kr_it / %d) & 1));",
                st, st);
        lw_line(L, op, "} else {");
        L->indent++;
    }
    lw_line(L, op, "kr_cp_wait<%d>();", ahead - 1);
    lw_line(L, op, "kr_fence_async_smem();");
    lw_line(L, op, "__syncthreads(); /* stage kr_it landed; stage kr_it - %d is free */",
            m->pipe ? 2 : 1);
    if (tma) {
        L->indent--;
        lw_line(L, op, "}");
    }
    lw_line(L, op, "if (kr_it + %d < kr_n) kr_issue(kr_it + %d);", ahead, ahead);
    lw_line(L, op, "kr_cp_commit();");
    lw_line(L, op, "s%d = (%s)(kr_lo + kr_it * kr_step);", op->var, IT);
    lw_line(L, op, "const unsigned char *const kr_st = kr_fr + (int)(kr_it %% %d) * %zu;", st,
            stage);
    L->fa_val = val;
    L->fa_var = var;
    if (r == 0) r = emit_region(L, m, body);
    L->fa_val = NULL;
    L->fa_var = NULL;
    if (tma && !m->pipe) /* both wgmma groups of the iteration were waited for: the stage is free */
        lw_line(L, op, "if (kr_t) kr_fa_arrive(&kr_bar[%d + (int)(kr_it %% %d)]);", st, st);
    L->indent--;
    lw_line(L, op, "}");
    if (m->pipe) { /* the last iteration's P V */
        lw_line(L, op, "if (kr_n > 0) {");
        L->indent++;
        emit_pv_issue(L, m, op, "kr_n - 1");
        lw_line(L, op, "kr_wgmma_wait<0>();");
        lw_line(L, op, "kr_frag_fence(s%d);", m->acc_var);
        L->indent--;
        lw_line(L, op, "}");
    }
    lw_line(L, op, "kr_cp_wait<0>();");
    if (tma) {
        lw_line(L, op, "if (kr_t) {");
        lw_line(L, op, "    __syncthreads();");
        lw_line(L, op, "    if (threadIdx.x == 0) KR_FOR(i, %d) kr_mbar_inval(&kr_bar[i]);",
                2 * st);
        lw_line(L, op, "}");
    }
    lw_line(L, op, "s%d = (%s)(kr_lo + kr_n * kr_step);", op->var, IT);
    /* the carried variables read after the loop go back to the generic layout */
    for (int i = 0; i < f->nvars; i++) {
        if (!var[i] || !var_out(f, body, i)) continue;
        const TileType *t = &f->vars[i].type;
        lw_line(L, op, "kr_fa_out<%lld, %lld, %s>(kr_os%d, s%d);", (long long)t->shape[0],
                (long long)t->shape[1], kind_name(kind_of(m, t)), i, i);
        lw_need_smem(L, (size_t)tile_type_numel(t) * elem_bytes(t->dtype));
    }
    L->indent--;
    lw_line(L, op, "}");
    L->indent--;
    lw_line(L, op, "}");
    lw_raw(L, "#else\n");
    gpu_host_free(G, val, vb);
    gpu_host_free(G, var, wb);
    if (r < 0) return -1;
    /* the blocks an SM the ring was sized for: ptxas's register budget (lower.c) */
    if (m->occ > L->fa_minblocks) L->fa_minblocks = m->occ;
    L->sm90 = true;
    L->fa = true;
    return 1;
}

int lw_fa_for(Lower *L, const TileOp *op) {
    FaLoop m;
    if (!loop_taken(L, op, &m)) return 0;
    return emit_loop(L, op, &m);
}
