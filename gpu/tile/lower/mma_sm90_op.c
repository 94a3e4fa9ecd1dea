/* mma_sm90_op.c: single ct.mma ops on Hopper's warpgroup tensor cores (lower_internal.h's
 * lw_sm90_plan / lw_sm90_mma / lw_sm90_deferred), for the products mma_sm90.c's loop matcher
 * does not take -- the two of the attention sample (Q K^T of a reshaped, transposed 4-D
 * load, P V), or an mma among other work in a loop body. tile_sm90.cuh's kr_wgmma_run runs
 * the product as M / 64 row blocks of m64nNk16 spread over the block's warpgroups from
 * operands in the 128-byte swizzled layouts, and brings the accumulator back to the generic
 * register layout; an accumulator that is a constant zero is not staged at all.
 *
 * An operand is staged from registers (kr_swz_store), unless it is a load (through
 * reshapes that only drop unit axes) of an array the kernel never writes, used by that mma
 * alone: then the load is not emitted at all on sm_90a -- where the load was, cp.async
 * copies the tile from global memory straight into its own region of shared memory (after
 * the ops' scratch: KR_PIN), zero-filled past the array's edges, and the mma waits for it.
 * A loop-invariant operand (the attention sample's Q) is copied once, before the loop. Each
 * wgmma form is emitted under `#if KR_WGMMA`, the generic ops (mma.sync) in the `#else`. */
#include <stdio.h>
#include <string.h>

#include "lower_internal.h"

enum { SM90_OP_SMEM_MAX = 232448 /* 227 KB a block */ };

static bool zero_const(const TileFunc *f, int v) {
    const TileOp *d = f->values[v].def;
    return d && d->kind == TOP_CONST && tile_value_type(f, v)->dtype == TDT_FLOAT32 &&
           d->value.f == 0.0;
}

int lw_uses(const TileRegion *r, int v) {
    int n = 0;
    for (const TileOp *op = r->first; op; op = op->next) {
        for (int i = 0; i < op->noperands; i++)
            n += op->operands[i] == v;
        n += lw_uses(&op->regions[0], v) + lw_uses(&op->regions[1], v);
    }
    return n;
}

static bool writes_array(const TileRegion *r, int array) {
    for (const TileOp *op = r->first; op; op = op->next) {
        if ((op->kind == TOP_STORE || op->kind == TOP_SCATTER || op->kind == TOP_ATOMIC_RMW ||
             op->kind == TOP_ATOMIC_CAS) &&
            op->array == array)
            return true;
        if (writes_array(&op->regions[0], array) || writes_array(&op->regions[1], array))
            return true;
    }
    return false;
}

/* Whether operand value x (a rows x cols tile of dtype dt) can be copied straight from its
 * load; fills *p (but its offset) with the array axes the staged tile's rows and columns
 * walk: columns the array's last (contiguous) axis. kmaj_ok/nmaj_ok: for B, which staged
 * orientations the mma takes (K-major: rows = the tile's columns). */
bool lw_sm90_chain(const TileFunc *f, int x, TileDType dt, bool is_b, bool nmaj_ok, Sm90Pin *p,
                   bool *kmaj) {
    memset(p, 0, sizeof *p);
    int v = x;
    if (lw_uses(&f->body, v) != 1) return false;
    const TileOp *d = f->values[v].def;
    while (d && d->kind == TOP_RESHAPE) {
        if (p->nchain == TILE_SM90_CHAIN) return false;
        p->chain[p->nchain++] = d;
        v = d->operands[0];
        if (lw_uses(&f->body, v) != 1) return false;
        d = f->values[v].def;
    }
    if (!d || d->kind != TOP_LOAD) return false;
    const TileType *t = tile_value_type(f, v), *tx = tile_value_type(f, x);
    const TileParam *prm = &f->params[d->array];
    if (t->dtype != dt || prm->dtype != dt || prm->rank != t->rank || t->rank < 2 || d->view ||
        (d->padding != TP_ZERO && d->padding != TP_UNDETERMINED) ||
        writes_array(&f->body, d->array))
        return false;
    int ta[2], n = 0;
    for (int k = 0; k < t->rank; k++) {
        if (t->shape[k] == 1) continue;
        if (n == 2) return false;
        ta[n++] = k;
    }
    if (n != 2 || t->shape[ta[0]] != tx->shape[0] || t->shape[ta[1]] != tx->shape[1]) return false;
    int last = prm->rank - 1, r_axis = d->perm[ta[0]], c_axis = d->perm[ta[1]];
    p->load = d;
    if (c_axis == last && (!is_b || nmaj_ok)) { /* rows = the tile's rows */
        p->ar = r_axis, p->ac = c_axis;
        p->rows = (int)tx->shape[0], p->cols = (int)tx->shape[1];
        *kmaj = false;
        return true;
    }
    if (is_b && r_axis == last) { /* B K-major: rows = the tile's columns (n) */
        p->ar = c_axis, p->ac = r_axis;
        p->rows = (int)tx->shape[1], p->cols = (int)tx->shape[0];
        *kmaj = true;
        return true;
    }
    return false;
}

/* scratch bytes of a planned mma: the operands staged from registers, the accumulator */
static size_t mma_scratch(const TileFunc *f, const TileOp *op, const int pin[2]) {
    const TileType *ta = tile_value_type(f, op->operands[0]),
                   *tb = tile_value_type(f, op->operands[1]);
    size_t M = (size_t)ta->shape[0], K = (size_t)ta->shape[1], N = (size_t)tb->shape[1];
    return 1024 + (pin[0] < 0 ? M * K * 2 : 0) + (pin[1] < 0 ? K * N * 2 : 0) + M * (N + 4) * 4;
}

static void plan_mma(Lower *L, const TileOp *op) {
    const TileFunc *f = L->f;
    int a = op->operands[0], b = op->operands[1], acc = op->operands[2];
    const TileType *ta = tile_value_type(f, a), *tb = tile_value_type(f, b),
                   *tc = tile_value_type(f, acc);
    if (ta->rank != 2 || tb->rank != 2 || tc->rank != 2 || tc->dtype != TDT_FLOAT32 ||
        ta->dtype != tb->dtype || (ta->dtype != TDT_FLOAT16 && ta->dtype != TDT_BFLOAT16))
        return;
    int64_t M = ta->shape[0], K = ta->shape[1], N = tb->shape[1];
    /* A K-major in 128-byte rows; B N-major (whole 128-byte rows of n) or K-major */
    if (M % 64 || K % 64 || N % 8 || N > 256 || M > 1024 || K > 1024) return;
    int nwg = L->layout.nt / 128, rb = (int)(M / 64 + nwg - 1) / nwg;
    /* the accumulator's fragments a thread, within what the block size leaves for them */
    int room = 65536 / L->layout.nt - 48;
    if (rb * N / 2 > (room < 128 ? room : 128)) return;
    if (L->nmmas == TILE_SM90_MMAS) return;
    Sm90Mma *m = &L->mmas[L->nmmas];
    m->mma = op;
    m->kmaj = N % 64 != 0;
    Sm90Pin pa, pb;
    bool ka = false, kb = false;
    bool pin_a = L->npins < TILE_SM90_PINS && lw_sm90_chain(f, a, ta->dtype, false, true, &pa, &ka);
    bool pin_b = L->npins + pin_a < TILE_SM90_PINS &&
                 lw_sm90_chain(f, b, ta->dtype, true, N % 64 == 0, &pb, &kb);
    if (pin_b) m->kmaj = kb;
    size_t pins = (pin_a ? (size_t)(M * K * 2) : 0) + (pin_b ? (size_t)(K * N * 2) : 0);
    int occ = f->hints.occupancy > 1 ? f->hints.occupancy : 1;
    size_t budget = (size_t)SM90_OP_SMEM_MAX / (size_t)occ - (occ > 1 ? 1024 : 0);
    int probe[2] = {pin_a ? 0 : -1, pin_b ? 0 : -1};
    size_t scratch = mma_scratch(f, op, probe);
    if (scratch < L->smem) scratch = L->smem; /* a lower bound: later ops may need more */
    if (scratch + 1024 + L->pin_bytes + pins > budget) {
        if (scratch + 1024 + L->pin_bytes > budget ||
            mma_scratch(f, op, (int[2]){-1, -1}) + 1024 + L->pin_bytes > budget)
            return;
        pin_a = pin_b = false; /* no room to pin: stage from registers */
        m->kmaj = N % 64 != 0;
    }
    m->pin[0] = m->pin[1] = -1;
    if (pin_a) {
        pa.off = L->pin_bytes;
        L->pin_bytes += (size_t)(M * K * 2);
        m->pin[0] = L->npins;
        L->pins[L->npins++] = pa;
    }
    if (pin_b) {
        pb.off = L->pin_bytes;
        L->pin_bytes += (size_t)(K * N * 2);
        m->pin[1] = L->npins;
        L->pins[L->npins++] = pb;
    }
    L->nmmas++;
}

static void plan_region(Lower *L, const TileRegion *r) {
    for (const TileOp *op = r->first; op; op = op->next) {
        /* the matched matmul loop stages its own operands (its TMA ring): pinning them too
         * counted a second copy of both tiles against the 227 KB (247,840 bytes asked for
         * the 128x256x64 bf16 loop on the H200) */
        if (lw_sm90_loop_taken(L, op) || lw_fa_loop_taken(L, op)) continue;
        if (op->kind == TOP_MMA) plan_mma(L, op);
        plan_region(L, &op->regions[0]);
        plan_region(L, &op->regions[1]);
    }
}

void lw_sm90_plan(Lower *L) {
    L->nmmas = L->npins = 0;
    L->pin_bytes = 0;
    if (L->sm90_mode == 1 || L->layout.nt % 128) return;
    plan_region(L, &L->f->body);
}

/* the wgmma form of a planned load: cp.async into its pinned region */
static void emit_pin_copy(Lower *L, const Sm90Pin *p) {
    const TileOp *op = p->load;
    const TileType *t = tile_value_type(L->f, op->result);
    const char *S = t->dtype == TDT_BFLOAT16 ? "kr_bf16" : "kr_half";
    lw_raw(L, "#if KR_WGMMA\n");
    lw_line(L, op, "{ /* to shared memory for a wgmma, at KR_PIN + %zu */", p->off);
    L->indent++;
    lw_line(L, op, "i64 org[%d];", t->rank);
    for (int k = 0; k < t->rank; k++)
        lw_line(L, op, "org[%d] = (i64)v%d * %lldll;", op->perm[k], op->operands[k],
                (long long)t->shape[k]);
    lw_line(L, op, "kr_swz_gload<%s, %d, %d>(kr_pinned(KR_PIN, %zu), p.a%d, org, %d, %d);", S,
            p->rows, p->cols, p->off, op->array, p->ar, p->ac);
    L->indent--;
    lw_line(L, op, "}");
    lw_raw(L, "#else\n");
}

int lw_sm90_deferred(Lower *L, const TileOp *op) {
    for (int i = 0; i < L->npins; i++) {
        const Sm90Pin *p = &L->pins[i];
        bool in_chain = false;
        for (int k = 0; k < p->nchain; k++)
            in_chain = in_chain || p->chain[k] == op;
        if (p->load != op && !in_chain) continue;
        if (p->load == op)
            emit_pin_copy(L, p);
        else
            lw_raw(L, "#if !KR_WGMMA\n");
        int r = lw_op_generic(L, op);
        lw_raw(L, "#endif\n");
        return r < 0 ? -1 : 1;
    }
    return 0;
}

int lw_sm90_mma(Lower *L, const TileOp *op) {
    const Sm90Mma *m = NULL;
    for (int i = 0; i < L->nmmas; i++)
        if (L->mmas[i].mma == op) m = &L->mmas[i];
    if (!m) return 0;
    const TileFunc *f = L->f;
    int a = op->operands[0], b = op->operands[1], acc = op->operands[2];
    const TileType *ta = tile_value_type(f, a), *tb = tile_value_type(f, b);
    int M = (int)ta->shape[0], K = (int)ta->shape[1], N = (int)tb->shape[1];
    const char *S = ta->dtype == TDT_BFLOAT16 ? "kr_bf16" : "kr_half";
    char fn[64];
    lw_sm90_functor(L, ta->dtype, N, m->kmaj, fn, sizeof fn);
    size_t off_b = m->pin[0] < 0 ? (size_t)M * K * 2 : 0;
    size_t off_c = off_b + (m->pin[1] < 0 ? (size_t)K * N * 2 : 0);
    lw_raw(L, "#if KR_WGMMA\n");
    lw_line(L, op, "{ /* ct.mma on wgmma: %dx%dx%d, A %s, B %s%s */", M, N, K,
            m->pin[0] < 0 ? "from registers" : "copied from memory",
            m->pin[1] < 0 ? "from registers" : "copied from memory", m->kmaj ? " K-major" : "");
    L->indent++;
    lw_line(L, op, "unsigned char *const kr_s = kr_pinned(0, 0);");
    if (m->pin[0] < 0)
        lw_line(L, op, "unsigned char *const kr_a = kr_s;");
    else
        lw_line(L, op, "unsigned char *const kr_a = kr_pinned(KR_PIN, %zu);",
                L->pins[m->pin[0]].off);
    if (m->pin[1] < 0)
        lw_line(L, op, "unsigned char *const kr_b = kr_s + %zu;", off_b);
    else
        lw_line(L, op, "unsigned char *const kr_b = kr_pinned(KR_PIN, %zu);",
                L->pins[m->pin[1]].off);
    lw_line(L, op, "__syncthreads(); /* the scratch's previous users */");
    if (m->pin[0] < 0) lw_line(L, op, "kr_swz_store<%s, %d, %d>(kr_a, v%d);", S, M, K, a);
    if (m->pin[1] < 0) {
        if (m->kmaj)
            lw_line(L, op, "kr_swz_store_t<%s, %d, %d>(kr_b, v%d);", S, K, N, b);
        else
            lw_line(L, op, "kr_swz_store<%s, %d, %d>(kr_b, v%d);", S, K, N, b);
    }
    lw_line(L, op, "kr_wgmma_run<%d, %d, %d, %s, %s, %s>(v%d, kr_a, kr_b, (float *)(kr_s + %zu));",
            M, N, K, m->kmaj ? "true" : "false", zero_const(f, acc) ? "true" : "false", fn,
            op->result, off_c);
    L->indent--;
    lw_line(L, op, "}");
    lw_raw(L, "#else\n");
    int dummy[2] = {m->pin[0], m->pin[1]};
    lw_need_smem(L, mma_scratch(f, op, dummy));
    L->sm90 = true;
    return 1;
}
