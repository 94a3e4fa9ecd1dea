/* mma_sm90.c: the Hopper matmul loop (lower_internal.h's lw_sm90_*). It recognises the
 * cuTile samples' matmul idiom in a FOR op,
 *     for k in range(...):
 *         a = ct.load(A, index=(i, k'), shape=(M, BK))   # 16-bit, row-major, unit order
 *         b = ct.load(B, index=(k', j), shape=(BK, N))
 *         acc = ct.mma(a, b, acc)                        # acc: (M, N) float32
 * (with any scalar index arithmetic in the body and nothing else), and lowers it to a
 * wgmma.mma_async main loop (tile_sm90.cuh): the accumulator stays in registers in the
 * fragment layout for the whole loop, the operand tiles stream through a ring of
 * shared-memory stages filled by TMA (or cp.async) ahead of the tensor cores. The loop is emitted
 * under `#if KR_WGMMA` with the generic loop (mma.sync through lower_ops.c) in the `#else`,
 * so the same source compiles for every architecture. A kernel with such a loop runs
 * M / 64 warpgroups, a tfloat32 one N / 64 (lower.c asks lw_sm90_threads when it picks the
 * layout). */
#include <stdio.h>
#include <string.h>

#include "lower_internal.h"

enum { SM90_SMEM_MAX = 232448 /* H100/H200: 227 KB of shared memory per block */ };

/* The block's threads: 16-bit, M / 64 warpgroups over the rows; tfloat32 computes D^T, its
 * N / 64 warpgroups over the columns (tile_sm90.cuh's kr_wgmma_stage_tf32). */
static int loop_threads(const Sm90Loop *m) {
    return 2 * (m->dt == TDT_TFLOAT32 ? m->N : m->M);
}

static const TileType *vtype(const TileFunc *f, int v) {
    return tile_value_type(f, v);
}

/* whether op is a scalar computation the issue lambda can recompute for any k */
bool lw_sm90_scalar_pure(const TileFunc *f, const TileOp *op) {
    if (op->regions[0].first || op->regions[1].first) return false;
    if (op->result < 0 || vtype(f, op->result)->rank != 0) return false;
    switch (op->kind) {
    case TOP_PARAM:
    case TOP_CONST:
    case TOP_BID:
    case TOP_NUM_BLOCKS:
    case TOP_ARRAY_DIM:
    case TOP_ARRAY_STRIDE:
    case TOP_UNARY:
    case TOP_BINARY:
    case TOP_COMPARE:
    case TOP_SELECT:
    case TOP_CAST:
    case TOP_VAR_READ: return true;
    default: return false;
    }
}

/* how many operands of ops in r (nested regions too) are value v */
static int uses(const TileRegion *r, int v) {
    int n = 0;
    for (const TileOp *op = r->first; op; op = op->next) {
        for (int i = 0; i < op->noperands; i++)
            n += op->operands[i] == v;
        n += uses(&op->regions[0], v) + uses(&op->regions[1], v);
    }
    return n;
}

static bool in_body(const TileRegion *body, const TileOp *d) {
    for (const TileOp *op = body->first; op; op = op->next)
        if (op == d) return true;
    return false;
}

/* v is a tile the loop body loads (for tfloat32: the astype of a float32 load, *cast) */
static bool operand_load(const TileFunc *f, const TileRegion *body, int v, const TileOp **out,
                         const TileOp **cast) {
    const TileOp *d = f->values[v].def;
    *cast = NULL;
    if (d && d->kind == TOP_CAST && vtype(f, v)->dtype == TDT_TFLOAT32 && in_body(body, d) &&
        uses(body, v) == 1 && vtype(f, d->operands[0])->dtype == TDT_FLOAT32) {
        *cast = d;
        v = d->operands[0];
        d = f->values[v].def;
    }
    if (!d || d->kind != TOP_LOAD) return false;
    if (!in_body(body, d) || uses(body, v) != 1) return false;
    const TileParam *p = &f->params[d->array];
    if (p->kind != TILE_PARAM_ARRAY || p->rank != 2 || d->noperands != 2) return false;
    if (d->perm[0] != 0 || d->perm[1] != 1) return false;
    if (d->padding != TP_ZERO && d->padding != TP_UNDETERMINED) return false;
    *out = d;
    return true;
}

/* Whether the FOR op is the matmul loop (threads: the block's size it must fit, 0: any). */
static bool sm90_match(const TileFunc *f, const TileOp *op, int threads, Sm90Loop *m) {
    if (op->kind != TOP_FOR) return false;
    const TileRegion *body = &op->regions[0];
    memset(m, 0, sizeof *m);
    const TileOp *write = NULL;
    int nmma = 0, nwrite = 0;
    for (const TileOp *o = body->first; o; o = o->next) {
        if (o->kind == TOP_MMA) {
            m->mma = o;
            nmma++;
        } else if (o->kind == TOP_VAR_WRITE) {
            write = o;
            nwrite++;
        }
    }
    if (nmma != 1 || nwrite != 1 || write->operands[0] != m->mma->result) return false;
    m->acc_var = write->var;
    if (write->var == op->var) return false;
    const TileOp *mma = m->mma;
    int acc = mma->operands[2];
    const TileOp *accd = f->values[acc].def;
    if (!accd || accd->kind != TOP_VAR_READ || accd->var != m->acc_var) return false;
    if (uses(body, acc) != 1 || uses(body, mma->result) != 1) return false;
    if (!operand_load(f, body, mma->operands[0], &m->load_a, &m->cast_a) ||
        !operand_load(f, body, mma->operands[1], &m->load_b, &m->cast_b) ||
        !m->cast_a != !m->cast_b)
        return false;
    /* everything else: scalar arithmetic, no other reads of the accumulator */
    for (const TileOp *o = body->first; o; o = o->next) {
        if (o == m->mma || o == write || o == accd || o == m->load_a || o == m->load_b ||
            o == m->cast_a || o == m->cast_b)
            continue;
        if (!lw_sm90_scalar_pure(f, o)) return false;
        if (o->kind == TOP_VAR_READ && o->var == m->acc_var) return false;
    }
    const TileType *ta = vtype(f, mma->operands[0]), *tb = vtype(f, mma->operands[1]);
    const TileType *tc = vtype(f, acc);
    if (ta->rank != 2 || tb->rank != 2 || tc->rank != 2) return false;
    if (tc->dtype != TDT_FLOAT32 || ta->dtype != tb->dtype) return false;
    if (ta->dtype != TDT_FLOAT16 && ta->dtype != TDT_BFLOAT16 && ta->dtype != TDT_TFLOAT32)
        return false;
    TileDType stored = ta->dtype == TDT_TFLOAT32 ? TDT_FLOAT32 : ta->dtype;
    if (f->params[m->load_a->array].dtype != stored || f->params[m->load_b->array].dtype != stored)
        return false;
    m->dt = ta->dtype;
    m->esize = m->dt == TDT_TFLOAT32 ? 4 : 2;
    int atom = 128 / m->esize; /* elements of a 128-byte swizzle row */
    m->M = (int)ta->shape[0];
    m->BK = (int)ta->shape[1];
    m->N = (int)tb->shape[1];
    if (tb->shape[0] != m->BK || tc->shape[0] != m->M || tc->shape[1] != m->N) return false;
    if (m->M % 64 || m->M > 256 || m->N % atom || m->N > 256 || m->BK % atom || m->BK > 256)
        return false;
    /* tfloat32 runs N / 64 whole warpgroups (N = 96 would make one of 64 threads) */
    if (m->dt == TDT_TFLOAT32 && m->N % 64) return false;
    if (threads && threads != loop_threads(m)) return false;
    /* the ring: as deep as the shared memory allows (ct.kernel(occupancy=n): n blocks per SM) */
    int occ = f->hints.occupancy > 1 ? f->hints.occupancy : 1;
    /* less 128 bytes: the mbarriers of a warp-specialized loop follow everything else */
    size_t budget = (size_t)SM90_SMEM_MAX / (size_t)occ - (occ > 1 ? 1024 : 0) - 128;
    m->stage_bytes = (size_t)(m->M * m->BK + m->BK * m->N) * (size_t)m->esize;
    size_t convert = (size_t)m->M * (size_t)(m->N + 4) * 4;
    if (convert > budget || budget < 1024 + 2 * m->stage_bytes) return false;
    m->stages = (int)((budget - 1024) / m->stage_bytes);
    if (m->stages > 6) m->stages = 6;
    /* ct.load(..., latency=n) on an operand: a ring of n stages (at least 2), fewer than
     * fit; the deeper hint of the two wins (a knob for ct.tune to search) */
    int lat = m->load_a->latency > m->load_b->latency ? m->load_a->latency : m->load_b->latency;
    if (lat > 0 && lat < m->stages) m->stages = lat < 2 ? 2 : lat;
    /* tfloat32 waits for each stage's wgmma group: they read B^T from registers, which
     * the next stage's fragment loads overwrite (ptxas reuses them, and does not see the
     * hazard across the loop's back edge: the wrong tf32 products of 2026-12-01) */
    m->wait = m->stages >= 4 && m->dt != TDT_TFLOAT32 ? 1 : 0;
    m->ahead = m->stages - 1 - m->wait;
    return true;
}

static int first_match(const TileFunc *f, const TileRegion *r, int threads) {
    for (const TileOp *op = r->first; op; op = op->next) {
        Sm90Loop m;
        if (sm90_match(f, op, threads, &m)) return loop_threads(&m);
        for (int k = 0; k < 2; k++) {
            int t = first_match(f, &op->regions[k], threads);
            if (t) return t;
        }
    }
    return 0;
}

int lw_sm90_threads(const TileFunc *f, int mode) {
    return mode == 1 ? 0 : first_match(f, &f->body, 0);
}

/* The index of the TMA map of (param, rows) in 128-byte boxes of esize-byte elements, added
 * when new; -1 when there is no room. */
int lw_sm90_tmap(Lower *L, int param, int rows, int esize) {
    for (int i = 0; i < L->ntmaps; i++)
        if (L->tmap_param[i] == param && L->tmap_rows[i] == rows) return i;
    if (L->ntmaps == TILE_MAX_TMAPS) return -1;
    L->tmap_param[L->ntmaps] = param;
    L->tmap_rows[L->ntmaps] = rows;
    L->tmap_esize[L->ntmaps] = esize;
    return L->ntmaps++;
}

void lw_sm90_functor(Lower *L, TileDType dt, int wn, bool kmaj_b, char *name, size_t size) {
    lw_sm90_functor_a(L, dt, wn, kmaj_b, dt == TDT_TFLOAT32, name, size);
}

void lw_sm90_functor_a(Lower *L, TileDType dt, int wn, bool kmaj_b, bool a_regs, char *name,
                       size_t size) {
    const char *ty = dt == TDT_BFLOAT16 ? "bf16" : dt == TDT_TFLOAT32 ? "tf32" : "f16";
    bool tf32 = dt == TDT_TFLOAT32;
    snprintf(name, size, "KrWgmma%d%s%s%s", wn, ty, kmaj_b && !tf32 ? "k" : "",
             a_regs && !tf32 ? "r" : "");
    char decl[96];
    snprintf(decl, sizeof decl, "struct %s {", name);
    if (L->top.buf && strstr(L->top.buf, decl)) return;
    KSource *t = &L->top;
    int n = wn / 2;
    ksrc_printf(t, "#if KR_WGMMA\nstruct %s {\n", name);
    if (a_regs)
        ksrc_printf(t,
                    "    KR_DEV void operator()(float (&d)[%d], const unsigned (&a)[4], u64 db) "
                    "const {\n",
                    n);
    else
        ksrc_printf(t, "    KR_DEV void operator()(float (&d)[%d], u64 da, u64 db) const {\n", n);
    ksrc_puts(t, "        asm volatile(\"{\\n.reg .pred p;\\nsetp.ne.b32 p, 1, 0;\\n\"\n");
    ksrc_printf(t, "            \"wgmma.mma_async.sync.aligned.m64n%dk%d.f32.%s.%s {", wn,
                tf32 ? 8 : 16, ty, ty);
    for (int i = 0; i < n; i++)
        ksrc_printf(t, "%s%%%d", i ? ", " : "", i);
    /* 16-bit: B N-major (imm-trans-b 1) or K-major (0), A from shared memory or registers;
     * tfloat32: A from registers, B K-major (no imm-trans-b) */
    if (tf32)
        ksrc_printf(t, "}, {%%%d, %%%d, %%%d, %%%d}, %%%d, p, 1, 1;\\n}\\n\"\n            : ", n,
                    n + 1, n + 2, n + 3, n + 4);
    else if (a_regs)
        ksrc_printf(t,
                    "}, {%%%d, %%%d, %%%d, %%%d}, %%%d, p, 1, 1, %d;\\n}\\n\"\n            : ", n,
                    n + 1, n + 2, n + 3, n + 4, kmaj_b ? 0 : 1);
    else
        ksrc_printf(t, "}, %%%d, %%%d, p, 1, 1, 0, %d;\\n}\\n\"\n            : ", n, n + 1,
                    kmaj_b ? 0 : 1);
    for (int i = 0; i < n; i++)
        ksrc_printf(t, "%s\"+f\"(d[%d])", i ? ", " : "", i);
    if (a_regs)
        ksrc_puts(t, "\n            : \"r\"(a[0]), \"r\"(a[1]), \"r\"(a[2]), \"r\"(a[3]), "
                     "\"l\"(db));\n    }\n};\n#endif\n");
    else
        ksrc_puts(t, "\n            : \"l\"(da), \"l\"(db));\n    }\n};\n#endif\n");
}

void lw_sm90_trip(Lower *L, const TileOp *op) {
    lw_line(L, op, "const i64 kr_lo = (i64)v%d, kr_hi = (i64)v%d, kr_step = (i64)v%d;",
            op->operands[0], op->operands[1], op->operands[2]);
    lw_line(L, op,
            "const i64 kr_n = kr_step > 0 ? (kr_hi > kr_lo ? (kr_hi - kr_lo + kr_step - 1) / "
            "kr_step : 0) : kr_step < 0 ? (kr_lo > kr_hi ? (kr_lo - kr_hi - kr_step - 1) / "
            "(-kr_step) : 0) : 0;");
}

int lw_sm90_index_ops(Lower *L, const TileOp *op, const Sm90Loop *m) {
    const char *IT = lw_reg(L->f->vars[op->var].type.dtype);
    lw_line(L, op, "const %s s%d = (%s)(kr_lo + kr_it * kr_step);", IT, op->var, IT);
    for (const TileOp *o = op->regions[0].first; o; o = o->next) {
        if (o->kind == TOP_MMA || o->kind == TOP_VAR_WRITE || o == m->load_a || o == m->load_b ||
            o == m->cast_a || o == m->cast_b)
            continue;
        if (o->kind == TOP_VAR_READ && o->var == m->acc_var) continue;
        if (lw_op(L, o) < 0) return -1;
    }
    return 0;
}

int lw_sm90_loop_tmaps(Lower *L, const Sm90Loop *m, int *ta, int *tb) {
    int n0 = L->ntmaps;
    *ta = lw_sm90_tmap(L, m->load_a->array, m->M, m->esize);
    *tb = lw_sm90_tmap(L, m->load_b->array, m->BK, m->esize);
    if (*ta >= 0 && *tb >= 0) return 0;
    L->ntmaps = n0;
    *ta = *tb = -1;
    return -1;
}

static int emit_loop(Lower *L, const TileOp *op, const Sm90Loop *m) {
    const TileFunc *f = L->f;
    char fn[64];
    lw_sm90_functor(L, m->dt, m->dt == TDT_TFLOAT32 ? m->M : m->N, false, fn, sizeof fn);
    const char *S = m->dt == TDT_BFLOAT16 ? "kr_bf16" : m->dt == TDT_TFLOAT32 ? "float" : "kr_half";
    bool tf32 = m->dt == TDT_TFLOAT32;
    const char *IT = lw_reg(f->vars[op->var].type.dtype);
    int M = m->M, N = m->N, BK = m->BK, acc = m->acc_var, st = m->stages, ahead = m->ahead;
    size_t a_bytes = (size_t)M * BK * (size_t)m->esize;
    const TileOp *la = m->load_a, *lb = m->load_b;
    size_t ring = 1024 + (size_t)st * m->stage_bytes;
    const char *T = tf32 ? ", true" : ""; /* the fragments hold D^T */
    int nfrag = (tf32 ? M : N) / 2;
    size_t convert = (size_t)M * (size_t)(N + 4) * 4;
    size_t bars = ((ring > convert ? ring : convert) + 7) / 8 * 8; /* the mbarriers */
    /* TMA (all modes but 3, cp.async only): descriptors for A in M-row boxes, B in BK-row
     * boxes; the kernel keeps the cp.async loop for launches whose arrays TMA can't take */
    int ta = -1, tb = -1;
    /* ct.load(..., allow_tma=False) on either operand: the cp.async loop only */
    if (L->sm90_mode != 3 && la->allow_tma != 0 && lb->allow_tma != 0)
        lw_sm90_loop_tmaps(L, m, &ta, &tb);
    /* warp-specialized (mma_sm90_ws.c): the producer warpgroup's TMA feeds the consumers'
     * loop; launches whose arrays TMA can't take run this block's cp.async loop */
    bool ws = L->ws_loop == op && ta >= 0;
    bool tma = ta >= 0 && !ws;

    lw_raw(L, "#if KR_WGMMA\n");
    lw_line(L, op, "{ /* k loop on wgmma: %dx%dx%d tiles, %d stages, %d loads ahead%s */", M, N, BK,
            st, ahead,
            ws    ? ", warp-specialized"
            : tma ? ", TMA"
                  : "");
    L->indent++;
    lw_sm90_trip(L, op);
    lw_line(L, op, "float kr_d[%d];", nfrag);
    lw_line(L, op, "kr_frag_from_tile<%d, %d%s>(kr_d, s%d);", M, N, T, acc);
    lw_line(L, op,
            "unsigned char *const kr_ring = kr_smem + ((1024u - (kr_smem_addr(kr_smem) & "
            "1023u)) & 1023u);");
    lw_line(L, op, "const bool kr_va = kr_sm90_vec_ok(p.a%d), kr_vb = kr_sm90_vec_ok(p.a%d);",
            la->array, lb->array);
    lw_line(L, op, "const bool kr_t = %s;", tma || ws ? "p.kr_tma != 0" : "false");
    if (ws) {
        lw_line(L, op, "if (kr_t) {");
        L->indent++;
        if (lw_sm90_ws_consume(L, op, m, fn) < 0) return -1;
        L->indent--;
        lw_line(L, op, "} else {");
        L->indent++;
    }
    if (tma) {
        lw_line(L, op, "u64 *const kr_bar = (u64 *)(kr_smem + %zu);", bars);
        lw_line(L, op, "if (kr_t) {");
        lw_line(L, op, "    if (threadIdx.x == 0) {");
        lw_line(L, op, "        KR_FOR(i, %d) kr_mbar_init(&kr_bar[i], 1);", st);
        lw_line(L, op, "        kr_fence_mbar_init();");
        lw_line(L, op, "    }");
        lw_line(L, op, "    kr_fence_async_smem();");
        lw_line(L, op, "    __syncthreads();");
        lw_line(L, op, "}");
    }
    lw_line(L, op, "auto kr_issue = [&](i64 kr_it) {");
    L->indent++;
    if (lw_sm90_index_ops(L, op, m) < 0) return -1;
    lw_line(L, op, "unsigned char *kr_stage = kr_ring + (int)(kr_it %% %d) * %zu;", st,
            m->stage_bytes);
    if (tma) {
        lw_line(L, op, "if (kr_t) {");
        lw_line(L, op, "    if (threadIdx.x == 0) {");
        lw_line(L, op, "        u64 *bar = &kr_bar[(int)(kr_it %% %d)];", st);
        lw_line(L, op, "        kr_mbar_expect_tx(bar, %zuu);", m->stage_bytes);
        lw_line(
            L, la,
            "        kr_tma_tile<%d, %d, %d>(kr_stage, &p.kr_tm%d, (int)v%d * %d, (int)v%d * %d, "
            "bar);",
            M, BK, m->esize, ta, la->operands[0], M, la->operands[1], BK);
        lw_line(
            L, lb,
            "        kr_tma_tile<%d, %d, %d>(kr_stage + %zu, &p.kr_tm%d, (int)v%d * %d, (int)v%d * "
            "%d, bar);",
            BK, N, m->esize, a_bytes, tb, lb->operands[0], BK, lb->operands[1], N);
        lw_line(L, op, "    }");
        lw_line(L, op, "    return;");
        lw_line(L, op, "}");
    }
    lw_line(L, la,
            "kr_sm90_load<%s, %d, %d>(kr_stage, p.a%d, (i64)v%d * %d, (i64)v%d * %d, kr_va);", S, M,
            BK, la->array, la->operands[0], M, la->operands[1], BK);
    lw_line(L, lb,
            "kr_sm90_load<%s, %d, %d>(kr_stage + %zu, p.a%d, (i64)v%d * %d, (i64)v%d * %d, kr_vb);",
            S, BK, N, a_bytes, lb->array, lb->operands[0], BK, lb->operands[1], N);
    L->indent--;
    lw_line(L, op, "};");
    lw_line(L, op, "_Pragma(\"unroll 1\") for (int kr_i = 0; kr_i < %d; kr_i++) {", ahead);
    lw_line(L, op, "    if (kr_i < kr_n) kr_issue(kr_i);");
    lw_line(L, op, "    if (!kr_t) kr_cp_commit();");
    lw_line(L, op, "}");
    lw_line(L, op, "_Pragma(\"unroll 1\") for (i64 kr_it = 0; kr_it < kr_n; kr_it++) {");
    L->indent++;
    if (tma) {
        lw_line(L, op, "if (kr_t) {");
        lw_line(L, op, "    kr_mbar_wait(&kr_bar[(int)(kr_it %% %d)], (int)((kr_it / %d) & 1));",
                st, st);
        lw_line(L, op, "} else {");
    }
    lw_line(L, op, "    kr_cp_wait<%d>();", ahead - 1);
    lw_line(L, op, "    kr_fence_async_smem();");
    if (tma) lw_line(L, op, "}");
    lw_line(L, op, "__syncthreads();");
    lw_line(L, op, "if (kr_it + %d < kr_n) kr_issue(kr_it + %d);", ahead, ahead);
    lw_line(L, op, "if (!kr_t) kr_cp_commit();");
    lw_line(L, m->mma, "const unsigned char *kr_stage = kr_ring + (int)(kr_it %% %d) * %zu;", st,
            m->stage_bytes);
    if (tf32) {
        lw_line(L, m->mma, "kr_wgmma_stage_tf32<%d, %d, %d, %s>(kr_d, kr_stage, kr_stage + %zu);",
                M, N, BK, fn, a_bytes);
    } else {
        lw_line(L, m->mma, "kr_wgmma_stage<%d, %d, %d, %s>(kr_d, kr_stage, kr_stage + %zu);", M, N,
                BK, fn, a_bytes);
    }
    lw_line(L, m->mma, "kr_wgmma_wait<%d>();", m->wait);
    L->indent--;
    lw_line(L, op, "}");
    if (ws) {
        L->indent--;
        lw_line(L, op, "}");
    }
    lw_line(L, op, "kr_wgmma_wait<0>();");
    lw_line(L, op, "kr_frag_fence(kr_d);");
    lw_line(L, op, "kr_cp_wait<0>();");
    if (tma) {
        lw_line(L, op, "if (kr_t) {");
        lw_line(L, op, "    __syncthreads();");
        lw_line(L, op, "    if (threadIdx.x == 0) KR_FOR(i, %d) kr_mbar_inval(&kr_bar[i]);", st);
        lw_line(L, op, "}");
    }
    lw_line(L, op, "kr_frag_to_tile<%d, %d%s>(s%d, kr_d);", M, N, T, acc);
    lw_line(L, op, "s%d = (%s)(kr_lo + kr_n * kr_step);", op->var, IT);
    L->indent--;
    lw_line(L, op, "}");
    lw_raw(L, "#else\n");
    lw_need_smem(L, tma ? bars + 8 * (size_t)st : ring > convert ? ring : convert);
    L->sm90 = true;
    return 1;
}

bool lw_sm90_loop_plan(const Lower *L, const TileOp *op, Sm90Loop *m) {
    if (L->sm90_mode == 1 || !sm90_match(L->f, op, L->layout.nt, m)) return false;
    /* an operand array the kernel also writes keeps the generic loop's ordered accesses */
    for (int i = 0; i < 2; i++) {
        int arr = (i ? m->load_b : m->load_a)->array;
        if (arr >= 64 || (L->ordered >> arr & 1)) return false;
    }
    return true;
}

bool lw_sm90_loop_taken(const Lower *L, const TileOp *op) {
    Sm90Loop m;
    return lw_sm90_loop_plan(L, op, &m);
}

int lw_sm90_for(Lower *L, const TileOp *op) {
    Sm90Loop m;
    if (!lw_sm90_loop_plan(L, op, &m)) return 0;
    return emit_loop(L, op, &m);
}
