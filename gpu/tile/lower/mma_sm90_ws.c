/* mma_sm90_ws.c: the Hopper matmul loop warp-specialized (KRAIT_TILE_SM90=ws; mma_sm90.c
 * lowers the loop itself). The block gets one more warpgroup after the KR_NT consumer
 * threads: its first thread is the producer, which runs only the kernel's scalar program
 * down to the matmul loop (the block indices, the enclosing loops of a persistent kernel,
 * the loop's k indices) and issues each stage's TMA copies into the shared-memory ring;
 * the consumer warpgroups wait for a stage, run its wgmma and hand the stage back, with no
 * block-wide barrier inside the loop. The ring's stages have two mbarriers each: full (the
 * TMA's bytes landed, count 1 with expect_tx) and empty (every consumer warp is done with
 * the stage's wgmma, count KR_NT / 32). A third kind, start (count 1), is where consumers
 * tell the producer that the ring's bytes are free for a new run of the loop: the
 * accumulator's trips between the tile layout and the fragments (kr_frag_from_tile /
 * kr_frag_to_tile) use the same shared memory, so the producer fills the ring only between
 * the consumers' kr_frag_from_tile of one run and its kr_frag_to_tile. The producer
 * warpgroup gives its registers to the consumers (setmaxnreg) and takes no part in the
 * kernel's other code: on sm_90a such a kernel's __syncthreads is the consumers' named
 * barrier 1 (lower_head.c). A launch whose arrays TMA can't describe runs mma_sm90.c's
 * cp.async loop on the consumers, and the producer warpgroup leaves at once.
 *
 * Which kernels: exactly one matmul loop mma_sm90.c takes, no other wgmma op or attention
 * loop, no ct.assert_ / early return (a consumer leaving early would strand the producer),
 * no occupancy hint, the loop at most inside FOR and IF ops whose bounds and conditions,
 * like the loop's and its indices, the producer computes from scalar ops alone (a scalar
 * variable counts when every write of it is such an op), and no break/continue in those
 * enclosing loops. */
#include <string.h>

#include "lower_internal.h"

/* The analysis: which values the producer computes (av) and which scalar variables it
 * cannot trust (taint: a write it does not run). */
typedef struct WsScan {
    const TileFunc *f;
    const TileOp *loop;
    unsigned char *av, *taint;
    bool changed;
} WsScan;

static const TileType *ty(const TileFunc *f, int v) {
    return tile_value_type(f, v);
}

static bool contains(const TileRegion *r, const TileOp *loop) {
    for (const TileOp *op = r->first; op; op = op->next)
        if (op == loop || contains(&op->regions[0], loop) || contains(&op->regions[1], loop))
            return true;
    return false;
}

static bool op_contains(const TileOp *op, const TileOp *loop) {
    return contains(&op->regions[0], loop) || contains(&op->regions[1], loop);
}

/* a scalar computation without effects (mma_sm90.c's scalar_pure, less VAR_READ's check) */
static bool scalar_kind(const TileFunc *f, const TileOp *op) {
    if (op->regions[0].first || op->regions[1].first) return false;
    if (op->result < 0 || ty(f, op->result)->rank != 0) return false;
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

static bool operands_av(const WsScan *w, const TileOp *op) {
    for (int i = 0; i < op->noperands; i++)
        if (!w->av[op->operands[i]]) return false;
    return true;
}

static void taint_var(WsScan *w, int var) {
    if (var >= 0 && var < w->f->nvars && !w->taint[var]) {
        w->taint[var] = 1;
        w->changed = true;
    }
}

/* every variable a skipped region writes */
static void taint_region(WsScan *w, const TileRegion *r) {
    for (const TileOp *op = r->first; op; op = op->next) {
        if (op->kind == TOP_VAR_WRITE || op->kind == TOP_FOR) taint_var(w, op->var);
        taint_region(w, &op->regions[0]);
        taint_region(w, &op->regions[1]);
    }
}

/* Whether the producer runs op (a scalar op or a scalar variable's write it can compute). */
static bool ws_runs(const WsScan *w, const TileOp *op) {
    const TileFunc *f = w->f;
    if (op->kind == TOP_VAR_WRITE)
        return f->vars[op->var].type.rank == 0 && operands_av(w, op) && !w->taint[op->var];
    if (!scalar_kind(f, op) || !operands_av(w, op)) return false;
    return op->kind != TOP_VAR_READ || !w->taint[op->var];
}

static void scan(WsScan *w, const TileRegion *r) {
    for (const TileOp *op = r->first; op; op = op->next) {
        if (op == w->loop) continue; /* its loop variable: set after the producer's loop */
        if (op_contains(op, w->loop)) {
            scan(w, &op->regions[0]);
            scan(w, &op->regions[1]);
        } else if (ws_runs(w, op)) {
            if (op->result >= 0) w->av[op->result] = 1;
        } else if (op->kind == TOP_VAR_WRITE) {
            taint_var(w, op->var);
        } else {
            taint_region(w, &op->regions[0]);
            taint_region(w, &op->regions[1]);
        }
    }
}

/* a break/continue of an enclosing loop (inside its IFs, not inside nested loops) */
static bool has_exit(const TileRegion *r) {
    for (const TileOp *op = r->first; op; op = op->next) {
        if (op->kind == TOP_BREAK || op->kind == TOP_CONTINUE) return true;
        if (op->kind == TOP_IF && (has_exit(&op->regions[0]) || has_exit(&op->regions[1])))
            return true;
    }
    return false;
}

static bool has_kind(const TileRegion *r, TileOpKind k) {
    for (const TileOp *op = r->first; op; op = op->next)
        if (op->kind == k || has_kind(&op->regions[0], k) || has_kind(&op->regions[1], k))
            return true;
    return false;
}

/* The path's control ops the producer must run alike. */
static bool path_ok(const WsScan *w, const TileRegion *r) {
    for (const TileOp *op = r->first; op; op = op->next) {
        if (op == w->loop || !op_contains(op, w->loop)) continue;
        if (op->kind == TOP_FOR) {
            if (!operands_av(w, op) || w->taint[op->var] || has_exit(&op->regions[0])) return false;
        } else if (op->kind == TOP_IF) {
            if (!operands_av(w, op)) return false;
        } else {
            return false; /* a WHILE (or anything else) around the loop */
        }
        if (!path_ok(w, &op->regions[0]) || !path_ok(w, &op->regions[1])) return false;
    }
    return true;
}

/* Whether the loop's bounds and the scalar ops of its body (the load indices) are the
 * producer's to compute. */
static bool loop_ok(const WsScan *w, const Sm90Loop *m) {
    const TileOp *loop = w->loop;
    for (int i = 0; i < 3; i++)
        if (!w->av[loop->operands[i]]) return false;
    for (const TileOp *o = loop->regions[0].first; o; o = o->next) {
        if (o->kind == TOP_MMA || o->kind == TOP_VAR_WRITE || o == m->load_a || o == m->load_b ||
            o == m->cast_a || o == m->cast_b)
            continue;
        if (o->kind == TOP_VAR_READ && o->var == m->acc_var) continue;
        if (o->kind == TOP_VAR_READ && o->var != loop->var && w->taint[o->var]) return false;
        for (int i = 0; i < o->noperands; i++) {
            int v = o->operands[i];
            const TileOp *d = w->f->values[v].def;
            bool inside = false;
            for (const TileOp *b = loop->regions[0].first; b && !inside; b = b->next)
                inside = b == d;
            if (!inside && !w->av[v]) return false;
        }
    }
    return true;
}

/* the kernel's matmul loops mma_sm90.c takes: the count, the first in *loop */
static int count_loops(const Lower *L, const TileRegion *r, const TileOp **loop, bool *other) {
    int n = 0;
    for (const TileOp *op = r->first; op; op = op->next) {
        if (op->kind == TOP_FOR && lw_sm90_loop_taken(L, op)) {
            if (!n && !*loop) *loop = op;
            n++;
        } else if (op->kind == TOP_FOR && lw_fa_loop_taken(L, op)) {
            *other = true;
        }
        n += count_loops(L, &op->regions[0], loop, other);
        n += count_loops(L, &op->regions[1], loop, other);
    }
    return n;
}

static void scan_free(const Lower *L, WsScan *w) {
    GpuState *G = L->s->G;
    if (w->av) gpu_host_free(G, w->av, (size_t)w->f->nvalues + 1);
    if (w->taint) gpu_host_free(G, w->taint, (size_t)w->f->nvars + 1);
}

/* The fixed point of scan (taint only grows); false when memory runs out. */
static bool analyse(const Lower *L, const TileOp *loop, WsScan *w) {
    GpuState *G = L->s->G;
    memset(w, 0, sizeof *w);
    w->f = L->f;
    w->loop = loop;
    w->av = gpu_host_alloc(G, (size_t)L->f->nvalues + 1);
    w->taint = gpu_host_alloc(G, (size_t)L->f->nvars + 1);
    if (!w->av || !w->taint) {
        scan_free(L, w);
        return false;
    }
    memset(w->taint, 0, (size_t)L->f->nvars + 1);
    do {
        w->changed = false;
        memset(w->av, 0, (size_t)L->f->nvalues + 1);
        scan(w, &L->f->body);
    } while (w->changed);
    return true;
}

/* Whether target lies inside a FOR op of r (a persistent kernel's loop over its tiles). */
static bool inside_for(const TileRegion *r, const TileOp *target, bool in_for) {
    for (const TileOp *op = r->first; op; op = op->next) {
        if (op == target) return in_for;
        bool f = in_for || op->kind == TOP_FOR;
        if (inside_for(&op->regions[0], target, f) || inside_for(&op->regions[1], target, f))
            return true;
    }
    return false;
}

void lw_sm90_ws_plan(Lower *L) {
    L->ws_loop = NULL;
    const TileFunc *f = L->f;
    /* The default (0) warp-specializes a kernel's lone matmul loop; =ws (4) also one inside
     * enclosing loops. A persistent kernel stays without a producer by default: on the H200
     * (2026-12-02) ws measured 618.6 / 720.8 TFLOP/s there against 728.2 without, while the
     * one-tile kernels gained (tf32 395.6 vs 280.8, bf16 742.9 vs 733.1). */
    if ((L->sm90_mode != 4 && L->sm90_mode != 0) || L->nmmas || L->npins || f->hints.occupancy > 1)
        return;
    /* one to three consumer warpgroups: four (640 threads) would get 104 registers a thread
     * (lw_sm90_ws_consumer_regs) where the loop without a producer has 128, and the tf32
     * 128x256x32 kernel spills inside its wgmma loop at 104 (ptxas, 2026-12-02) */
    if (L->layout.nt % 128 || L->layout.nt > 384) return;
    if (has_kind(&f->body, TOP_ASSERT) || has_kind(&f->body, TOP_RETURN)) return;
    const TileOp *loop = NULL;
    bool other = false;
    if (count_loops(L, &f->body, &loop, &other) != 1 || other) return;
    if (L->sm90_mode == 0 && inside_for(&f->body, loop, false)) return;
    Sm90Loop m;
    if (!lw_sm90_loop_plan(L, loop, &m)) return;
    if (m.load_a->allow_tma == 0 || m.load_b->allow_tma == 0) return;
    WsScan w;
    if (!analyse(L, loop, &w)) return;
    bool ok = path_ok(&w, &f->body) && loop_ok(&w, &m);
    scan_free(L, &w);
    int ta, tb;
    if (!ok || lw_sm90_loop_tmaps(L, &m, &ta, &tb) < 0) return;
    L->ws_loop = loop;
    L->ws_bar_bytes = 8 * (size_t)(2 * m.stages + 1);
}

/* ---- the producer ---- */

static int producer_loop(Lower *L, const TileOp *op) {
    Sm90Loop m;
    int ta, tb;
    if (!lw_sm90_loop_plan(L, op, &m) || lw_sm90_loop_tmaps(L, &m, &ta, &tb) < 0)
        return lw_error(L, op, "internal: the warp-specialized loop changed");
    const char *IT = lw_reg(L->f->vars[op->var].type.dtype);
    int S = m.stages;
    size_t a_bytes = (size_t)m.M * (size_t)m.BK * (size_t)m.esize;
    lw_line(L, op, "{ /* the producer of the k loop */");
    L->indent++;
    lw_sm90_trip(L, op);
    lw_line(L, op, "kr_mbar_wait(kr_start, (int)(kr_inst & 1));");
    lw_line(L, op, "kr_inst++;");
    lw_line(L, op, "_Pragma(\"unroll 1\") for (i64 kr_it = 0; kr_it < kr_n; kr_it++, kr_ws_g++) {");
    L->indent++;
    lw_line(L, op, "const int kr_s = (int)(kr_ws_g %% %d);", S);
    lw_line(L, op,
            "if (kr_ws_g >= %d) kr_mbar_wait(&kr_empty[kr_s], (int)((kr_ws_g / %d + 1) & 1));", S,
            S);
    if (lw_sm90_index_ops(L, op, &m) < 0) return -1;
    lw_line(L, op, "unsigned char *const kr_stage = kr_ring + kr_s * %zu;", m.stage_bytes);
    lw_line(L, op, "kr_mbar_expect_tx(&kr_full[kr_s], %zuu);", m.stage_bytes);
    lw_line(L, m.load_a,
            "kr_tma_tile<%d, %d, %d>(kr_stage, &p.kr_tm%d, (int)v%d * %d, (int)v%d * %d, "
            "&kr_full[kr_s]);",
            m.M, m.BK, m.esize, ta, m.load_a->operands[0], m.M, m.load_a->operands[1], m.BK);
    lw_line(L, m.load_b,
            "kr_tma_tile<%d, %d, %d>(kr_stage + %zu, &p.kr_tm%d, (int)v%d * %d, (int)v%d * %d, "
            "&kr_full[kr_s]);",
            m.BK, m.N, m.esize, a_bytes, tb, m.load_b->operands[0], m.BK, m.load_b->operands[1],
            m.N);
    L->indent--;
    lw_line(L, op, "}");
    lw_line(L, op, "s%d = (%s)(kr_lo + kr_n * kr_step);", op->var, IT);
    L->indent--;
    lw_line(L, op, "}");
    return 0;
}

/* The producer's program: the path to the loop with every scalar op it can run. */
static int slice(Lower *L, const WsScan *w, const TileRegion *r) {
    for (const TileOp *op = r->first; op; op = op->next) {
        if (op == w->loop) {
            if (producer_loop(L, op) < 0) return -1;
        } else if (op_contains(op, w->loop)) {
            if (op->kind == TOP_FOR) {
                int s = op->var, lo = op->operands[0], hi = op->operands[1], step = op->operands[2];
                lw_line(L, op,
                        "for (s%d = v%d; v%d > 0 ? s%d < v%d : (v%d < 0 && s%d > v%d); s%d += "
                        "v%d) {",
                        s, lo, step, s, hi, step, s, hi, s, step);
            } else {
                lw_line(L, op, "if (v%d) {", op->operands[0]);
            }
            L->indent++;
            if (slice(L, w, &op->regions[0]) < 0) return -1;
            if (op->kind == TOP_IF && op->regions[1].first) {
                L->indent--;
                lw_line(L, op, "} else {");
                L->indent++;
                if (slice(L, w, &op->regions[1]) < 0) return -1;
            }
            L->indent--;
            lw_line(L, op, "}");
        } else if (ws_runs(w, op)) {
            if (lw_op(L, op) < 0) return -1;
        }
    }
    return 0;
}

/* Consumer registers after the producer gives up its own. setmaxnreg moves registers
 * within the block's pool, which is what the launch allocated: the block's threads times
 * ptxas's count, __launch_bounds__(KR_BLOCK)'s bound (64K / KR_BLOCK in multiples of 8: a
 * kernel with setmaxnreg gets the whole bound). An increase past the pool never completes
 * (USETMAXREG.TRY_ALLOC spins): 640 threads have 96 each, 61,440 in all, and the first
 * version asked 112 for 512 consumers, from 64K: the tfloat32 128x256 and 16-bit M = 256
 * kernels hung on the H200 (2026-12-01). A multiple of 8, at most 240. */
int lw_sm90_ws_consumer_regs(int nt) {
    int block = nt + 128, bound = 65536 / block / 8 * 8;
    if (bound > 255) bound = 255 / 8 * 8;
    int r = (block * bound - 128 * TILE_WS_PRODUCER_REGS) / nt / 8 * 8;
    return r > 240 ? 240 : r;
}

int lw_sm90_ws_start(Lower *L) {
    const TileOp *loop = L->ws_loop;
    if (!loop) return 0;
    Sm90Loop m;
    if (!lw_sm90_loop_plan(L, loop, &m)) return lw_error(L, loop, "internal: no ws loop");
    int S = m.stages, nt = L->layout.nt;
    bool split = nt >= 256; /* 128 consumer threads fit in 255 registers without it */
    WsScan w;
    if (!analyse(L, loop, &w)) return lw_error(L, loop, "out of memory while lowering");
    lw_raw(L, "#if KR_WGMMA\n");
    lw_line(L, NULL, "u64 kr_ws_g = 0; /* the consumers' position in the ring */");
    lw_line(L, NULL, "{ /* warp specialization: the producer warpgroup's program */");
    L->indent++;
    lw_line(L, NULL,
            "u64 *const kr_full = (u64 *)(kr_smem + KR_WS_BARS), *const kr_empty = kr_full + %d, "
            "*const kr_start = kr_full + %d;",
            S, 2 * S);
    lw_line(L, NULL, "if (threadIdx.x == 0) {");
    lw_line(L, NULL, "    KR_FOR(i, %d) {", S);
    lw_line(L, NULL, "        kr_mbar_init(&kr_full[i], 1);");
    lw_line(L, NULL, "        kr_mbar_init(&kr_empty[i], KR_NT / 32);");
    lw_line(L, NULL, "    }");
    lw_line(L, NULL, "    kr_mbar_init(kr_start, 1);");
    lw_line(L, NULL, "    kr_fence_mbar_init();");
    lw_line(L, NULL, "}");
    lw_line(L, NULL, "kr_bar_all(); /* the whole block, the producer too */");
    lw_line(L, NULL, "if (threadIdx.x >= KR_NT) {");
    L->indent++;
    if (split) lw_line(L, NULL, "kr_setmaxnreg_dec<%d>();", TILE_WS_PRODUCER_REGS);
    lw_line(L, NULL, "if (threadIdx.x == KR_NT && p.kr_tma != 0) {");
    L->indent++;
    lw_line(L, NULL,
            "unsigned char *const kr_ring = kr_smem + ((1024u - (kr_smem_addr(kr_smem) & "
            "1023u)) & 1023u);");
    lw_line(L, NULL, "u64 kr_inst = 0, kr_ws_g = 0;");
    int r = slice(L, &w, &L->f->body);
    scan_free(L, &w);
    if (r < 0) return -1;
    L->indent--;
    lw_line(L, NULL, "}");
    lw_line(L, NULL, "return;");
    L->indent--;
    lw_line(L, NULL, "}");
    if (split) {
        L->ws_regs = lw_sm90_ws_consumer_regs(nt);
        lw_line(L, NULL, "kr_setmaxnreg_inc<%d>();", L->ws_regs);
    }
    L->indent--;
    lw_line(L, NULL, "}");
    lw_raw(L, "#endif\n");
    L->last_line = 0; /* the next op restates its #line */
    return 0;
}

/* ---- the consumers ---- */

/* tfloat32's half of a double-buffered step at ring position kr_ws_g (iteration it): the
 * group from B^T's fragments in cur; once the group before it is done, that group's
 * fragments (nxt) are dead, its stage goes back, and the next stage's fragments go into nxt
 * while this group runs. kr_tf32_keep holds nxt's old registers to that point, so the
 * compiler cannot hand them to cur's in-flight group's successor early (the tf32 hazard of
 * 2026-12-01, mma_sm90.c). */
static void tf32_half(Lower *L, const TileOp *op, const Sm90Loop *m, const char *fn,
                      const char *cur, const char *nxt, const char *it) {
    int S = m->stages;
    size_t a_bytes = (size_t)m->M * (size_t)m->BK * (size_t)m->esize;
    lw_line(L, m->mma,
            "kr_wgmma_tf32_issue<%d, %d, %s>(kr_d, %s, kr_ring + (int)(kr_ws_g %% %d) "
            "* %zu);",
            m->M, m->BK, fn, cur, S, m->stage_bytes);
    lw_line(L, m->mma, "kr_wgmma_wait<1>();");
    lw_line(L, op, "kr_tf32_keep<%d>(%s);", m->BK, nxt);
    lw_line(L, op,
            "if (%s > 0 && threadIdx.x %% 32 == 0) kr_mbar_arrive(&kr_empty[(int)((kr_ws_g + %d) "
            "%% %d)]);",
            it, S - 1, S);
    lw_line(L, op, "if (%s + 1 < kr_n) {", it);
    lw_line(L, op, "    const int kr_s1 = (int)((kr_ws_g + 1) %% %d);", S);
    lw_line(L, op, "    kr_mbar_wait(&kr_full[kr_s1], (int)(((kr_ws_g + 1) / %d) & 1));", S);
    lw_line(L, op, "    kr_tf32_bt<%d>(%s, kr_ring + kr_s1 * %zu + %zu);", m->BK, nxt,
            m->stage_bytes, a_bytes);
    lw_line(L, op, "}");
    lw_line(L, op, "kr_ws_g++;");
}

int lw_sm90_ws_consume(Lower *L, const TileOp *op, const Sm90Loop *m, const char *fn) {
    int S = m->stages;
    bool tf32 = m->dt == TDT_TFLOAT32;
    size_t a_bytes = (size_t)m->M * (size_t)m->BK * (size_t)m->esize;
    lw_line(L, op,
            "u64 *const kr_full = (u64 *)(kr_smem + KR_WS_BARS), *const kr_empty = "
            "kr_full + %d;",
            S);
    lw_line(L, op,
            "kr_fence_async_smem(); /* this thread's generic accesses of the ring's bytes */");
    lw_line(L, op, "__syncthreads();");
    lw_line(L, op, "if (threadIdx.x == 0) kr_mbar_arrive(kr_full + %d); /* the ring is free */",
            2 * S);
    if (tf32) {
        /* B^T's fragments double-buffered: one wgmma group left in flight */
        lw_line(L, op, "unsigned kr_f0[%d][4], kr_f1[%d][4];", m->BK / 8, m->BK / 8);
        lw_line(L, op, "if (kr_n > 0) {");
        lw_line(L, op, "    const int kr_s = (int)(kr_ws_g %% %d);", S);
        lw_line(L, op, "    kr_mbar_wait(&kr_full[kr_s], (int)((kr_ws_g / %d) & 1));", S);
        lw_line(L, op, "    kr_tf32_bt<%d>(kr_f0, kr_ring + kr_s * %zu + %zu);", m->BK,
                m->stage_bytes, a_bytes);
        lw_line(L, op, "}");
        lw_line(L, op, "_Pragma(\"unroll 1\") for (i64 kr_it = 0; kr_it < kr_n; kr_it += 2) {");
        L->indent++;
        tf32_half(L, op, m, fn, "kr_f0", "kr_f1", "kr_it");
        lw_line(L, op, "if (kr_it + 1 >= kr_n) break;");
        tf32_half(L, op, m, fn, "kr_f1", "kr_f0", "(kr_it + 1)");
        L->indent--;
        lw_line(L, op, "}");
        lw_line(L, op, "kr_wgmma_wait<0>();");
        lw_line(L, op, "kr_tf32_keep<%d>(kr_f0);", m->BK);
        lw_line(L, op, "kr_tf32_keep<%d>(kr_f1);", m->BK);
    } else {
        /* 16-bit: one wgmma group left in flight, the stage before it goes back */
        lw_line(L, op,
                "_Pragma(\"unroll 1\") for (i64 kr_it = 0; kr_it < kr_n; kr_it++, kr_ws_g++) {");
        L->indent++;
        lw_line(L, op, "const int kr_s = (int)(kr_ws_g %% %d);", S);
        lw_line(L, op, "kr_mbar_wait(&kr_full[kr_s], (int)((kr_ws_g / %d) & 1));", S);
        lw_line(L, m->mma, "const unsigned char *kr_stage = kr_ring + kr_s * %zu;", m->stage_bytes);
        lw_line(L, m->mma, "kr_wgmma_stage<%d, %d, %d, %s>(kr_d, kr_stage, kr_stage + %zu);", m->M,
                m->N, m->BK, fn, a_bytes);
        lw_line(L, m->mma, "kr_wgmma_wait<1>();");
        lw_line(L, op,
                "if (kr_it > 0 && threadIdx.x %% 32 == 0) kr_mbar_arrive(&kr_empty[(int)((kr_ws_g "
                "+ %d) %% %d)]);",
                S - 1, S);
        L->indent--;
        lw_line(L, op, "}");
        lw_line(L, op, "kr_wgmma_wait<0>();");
    }
    lw_line(L, op,
            "if (kr_n > 0 && threadIdx.x %% 32 == 0) kr_mbar_arrive(&kr_empty[(int)((kr_ws_g + "
            "%d) %% %d)]);",
            S - 1, S);
    return 0;
}
