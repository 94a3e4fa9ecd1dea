/* tile_lower_test.c: the lowering (gpu/tile/lower) on hand-built tile IR, without the front:
 * each case builds a function the way the front does (every op of ir.h, every dtype family,
 * odd tile sizes, loops and branches over slots), verifies it, lowers it with tile_lower,
 * and compiles the CUDA C with NVRTC to an sm_90a CUBIN. Also checks the #line directives,
 * the argument-word count, and the mapping of an NVRTC error back to the script line.
 * No GPU needed; "SKIP: no NVRTC" where NVRTC cannot be loaded. With a GPU each kernel
 * also runs on the device and on the interpreter from the same inputs (every array 37 per
 * dimension, grid 3 x 2), and every array must agree (exactly for ints, within the dtype's
 * rounding for floats): the generated code checked against the CPU path.
 * Exit 0 when all pass.
 * Usage: tile_lower_test [-v] [ws] [hoist] (-v prints every generated kernel; ws, hoist:
 * only the warp-specialized matmul cases, the loop-invariant broadcast cases).
 * KRAIT_TILE_TEST_GPU=0 skips the device runs; =mock runs them on the mock device (the harness
 * against itself). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../gpu/tile/interp/interp_internal.h" /* ti_to_f64 / ti_from_f64 */
#include "../../gpu/tile/lower/launch.h"
#include "../tile_test_support.h"

static int failures, checks;
static bool verbose;
static GpuState *G;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        checks++;                                                                                  \
        if (!(cond)) {                                                                             \
            failures++;                                                                            \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                            \
            printf(__VA_ARGS__);                                                                   \
            printf("\n");                                                                          \
        }                                                                                          \
    } while (0)

/* ---- builders (the shapes the front makes) ---- */

static int line = 1; /* every op gets the next script line, so #line mapping is testable */

static TileType ty(TileDType dt, int rank, int64_t d0, int64_t d1, int64_t d2) {
    int64_t s[3] = {d0, d1, d2};
    return tile_type_make(dt, rank, s);
}
static TileType sc(TileDType dt) {
    return tile_type_scalar(dt);
}
static TileOp *op(TileFunc *f, TileRegion *r, TileOpKind k, int n, const int *o,
                  const TileType *t) {
    return tile_op_new(f, r, k, n, o, t, line++, 4);
}
static int un(TileFunc *f, TileRegion *r, int sub, int a) {
    TileOp *o = op(f, r, TOP_UNARY, 1, &a, tile_value_type(f, a));
    o->sub = sub;
    if (sub == TU_ISNAN) {
        TileType t = *tile_value_type(f, a);
        t.dtype = TDT_BOOL;
        f->values[o->result].type = t;
    }
    return o->result;
}
static int bin(TileFunc *f, TileRegion *r, TileOpKind k, int sub, int a, int b) {
    int o2[2] = {a, b};
    TileType t = *tile_value_type(f, a);
    if (k == TOP_COMPARE) t.dtype = TDT_BOOL;
    TileOp *o = op(f, r, k, 2, o2, &t);
    o->sub = sub;
    return o->result;
}
static int cnst(TileFunc *f, TileRegion *r, TileType t, double v) {
    TileOp *o = op(f, r, TOP_CONST, 0, NULL, &t);
    if (tile_dtype_is_float(t.dtype))
        o->value.f = v;
    else
        o->value.i = (int64_t)v;
    return o->result;
}
static int ci(TileFunc *f, TileRegion *r, int64_t v) {
    return cnst(f, r, sc(TDT_INT32), (double)v);
}
static int bid(TileFunc *f, TileRegion *r, int axis) {
    TileType t = sc(TDT_INT32);
    TileOp *o = op(f, r, TOP_BID, 0, NULL, &t);
    o->axis = axis;
    return o->result;
}
static int load(TileFunc *f, TileRegion *r, int array, const int *idx, TileType t,
                TilePadding pad) {
    TileOp *o = op(f, r, TOP_LOAD, t.rank, idx, &t);
    o->array = array;
    o->padding = pad;
    return o->result;
}
static TileOp *store(TileFunc *f, TileRegion *r, int array, const int *idx, int nidx, int tile) {
    int o[TILE_MAX_RANK + 1];
    memcpy(o, idx, sizeof(int) * (size_t)nidx);
    o[nidx] = tile;
    TileOp *s = op(f, r, TOP_STORE, nidx + 1, o, NULL);
    s->array = array;
    return s;
}
static int cast(TileFunc *f, TileRegion *r, int x, TileDType dt) {
    TileType t = *tile_value_type(f, x);
    t.dtype = dt;
    return op(f, r, TOP_CAST, 1, &x, &t)->result;
}
static int shaped(TileFunc *f, TileRegion *r, TileOpKind k, int x, TileType t) {
    return op(f, r, k, 1, &x, &t)->result;
}
static int var_read(TileFunc *f, TileRegion *r, int var) {
    TileOp *o = op(f, r, TOP_VAR_READ, 0, NULL, &f->vars[var].type);
    o->var = var;
    return o->result;
}
static void var_write(TileFunc *f, TileRegion *r, int var, int v) {
    op(f, r, TOP_VAR_WRITE, 1, &v, NULL)->var = var;
}
static int reduce(TileFunc *f, TileRegion *r, int sub, int x, int axis, bool keep) {
    TileType t = *tile_value_type(f, x);
    if (keep) {
        t.shape[axis] = 1;
    } else {
        for (int k = axis; k + 1 < t.rank; k++)
            t.shape[k] = t.shape[k + 1];
        t.rank--;
    }
    TileOp *o = op(f, r, TOP_REDUCE, 1, &x, &t);
    o->sub = sub;
    o->axis = axis;
    o->keepdims = keep;
    return o->result;
}

/* ---- with a GPU: the kernel on the device against the interpreter ---- */

static bool gpu_present;

static double tol_of(TileDType dt) {
    switch (dt) {
    case TDT_FLOAT64: return 1e-9;
    case TDT_FLOAT32:
    case TDT_TFLOAT32: return 2e-3; /* tf32 mma and reordered sums */
    case TDT_FLOAT16: return 2e-2;
    case TDT_BFLOAT16: return 5e-2;
    default: return 0.15; /* float8 */
    }
}

/* Runs f on the device and on the interpreter over the same inputs and compares every
 * array afterwards. deterministic false: only checks that the device run succeeds (racing
 * scatters and atomics may leave either value). */
static void differential(TileFunc *f, const char *what, bool deterministic) {
    enum { DIM = 37, MAXP = 8 };
    char err[512];
    TileArg host[MAXP], dev[MAXP];
    void *hbuf[MAXP] = {0}, *gold[MAXP] = {0};
    CUdeviceptr dbuf[MAXP] = {0};
    size_t bytes[MAXP] = {0};
    if (f->nparams > MAXP) return;
    memset(host, 0, sizeof host);
    for (int i = 0; i < f->nparams; i++) {
        const TileParam *p = &f->params[i];
        if (p->kind == TILE_PARAM_SCALAR) {
            if (tile_dtype_is_float(p->dtype))
                host[i].scalar.f = 1.5;
            else
                host[i].scalar.i = 3;
            continue;
        }
        int64_t n = 1;
        host[i].rank = p->rank;
        for (int d = p->rank - 1; d >= 0; d--) {
            host[i].shape[d] = DIM;
            host[i].strides[d] = n;
            n *= DIM;
        }
        int esize = tile_dtype_size(p->dtype);
        bytes[i] = (size_t)(n * esize);
        hbuf[i] = malloc(bytes[i]);
        gold[i] = malloc(bytes[i]);
        for (int64_t e = 0; e < n; e++) {
            double v = (double)((e * 7) % 13);
            if (tile_dtype_kind(p->dtype) != 'u') v -= 6;
            if (tile_dtype_is_float(p->dtype)) v *= 0.25;
            if (p->dtype == TDT_BOOL) v = e % 3 == 0;
            if (p->dtype == TDT_INT32 && strcmp(p->name, "ix") == 0) v = (double)((e * 5) % DIM);
            ti_from_f64(p->dtype, &v, 1, (char *)hbuf[i] + e * esize);
        }
        memcpy(gold[i], hbuf[i], bytes[i]);
        host[i].data = gold[i];
    }
    memcpy(dev, host, sizeof dev);
    int64_t grid[3] = {3, 2, 1};
    TileCuda *k = tile_cuda_prepare(G, f, err, sizeof err);
    CHECK(k != NULL, "%s on the GPU: %s", what, err);
    bool ran = false;
    if (k) {
        for (int i = 0; i < f->nparams; i++) {
            if (f->params[i].kind != TILE_PARAM_ARRAY) continue;
            gpu_mem_alloc(G, bytes[i], NULL, &dbuf[i]);
            gpu_copy_to_device(G, dbuf[i], hbuf[i], bytes[i], NULL);
            dev[i].data = (void *)(uintptr_t)dbuf[i];
        }
        TileRunStatus st = tile_cuda_launch(G, k, dev, grid, NULL, err, sizeof err);
        CHECK(st == TILE_RUN_OK, "%s on the GPU: %s", what, err);
        CHECK(gpu_synchronize(G) == 0, "%s on the GPU: %s", what, G->err);
        ran = st == TILE_RUN_OK;
        tile_cuda_free(G, k);
    }
    TileRunEnv env = {test_alloc, NULL, NULL, NULL, NULL, NULL};
    TileRunStatus cs = tile_interp_run(f, host, grid, &env, err, sizeof err);
    CHECK(cs == TILE_RUN_OK, "%s on the CPU path: %s", what, err);
    int bad = 0;
    for (int i = 0; i < f->nparams && ran && deterministic; i++) {
        const TileParam *p = &f->params[i];
        if (p->kind != TILE_PARAM_ARRAY || strncmp(p->name, "nc_", 3) == 0) continue;
        gpu_copy_to_host(G, hbuf[i], dbuf[i], bytes[i], NULL);
        gpu_synchronize(G);
        int esize = tile_dtype_size(p->dtype);
        for (size_t e = 0; e < bytes[i] / (size_t)esize; e++) {
            const char *g = (const char *)hbuf[i] + e * esize,
                       *c = (const char *)gold[i] + e * esize;
            bool same;
            if (tile_dtype_is_float(p->dtype)) {
                double a, b;
                ti_to_f64(p->dtype, g, 1, &a);
                ti_to_f64(p->dtype, c, 1, &b);
                same = (a != a && b != b) || a == b ||
                       (a - b <= tol_of(p->dtype) * (1 + (b < 0 ? -b : b)) &&
                        b - a <= tol_of(p->dtype) * (1 + (b < 0 ? -b : b)));
            } else {
                same = memcmp(g, c, (size_t)esize) == 0;
            }
            if (!same && bad++ < 3) {
                double a, b;
                ti_to_f64(p->dtype, g, 1, &a);
                ti_to_f64(p->dtype, c, 1, &b);
                printf("  %s: %s[%zu] GPU %g, CPU path %g\n", what, p->name, e, a, b);
            }
        }
    }
    CHECK(bad == 0, "%s: %d elements differ between the GPU and the CPU path", what, bad);
    if (ran && deterministic && bad == 0) printf("ok %s: GPU == CPU path\n", what);
    for (int i = 0; i < f->nparams; i++) {
        if (dbuf[i]) gpu_mem_free(G, dbuf[i], bytes[i], NULL);
        free(hbuf[i]);
        free(gold[i]);
    }
}

/* ---- lowering + NVRTC ---- */

static void lower_and_compile(TileFunc *f, const char *what);
static void lower_and_compile_det(TileFunc *f, const char *what, bool deterministic);
static void lower_and_compile(TileFunc *f, const char *what) {
    lower_and_compile_det(f, what, true);
}
/* text the next lowered kernels must contain / must not contain (NULL: none) */
static const char *want_text, *reject_text;

static void lower_and_compile_det(TileFunc *f, const char *what, bool deterministic) {
    char err[512];
    CHECK(tile_ir_verify(f, err, sizeof err) == 0, "%s does not verify: %s", what, err);
    TileLowered lw;
    int r = tile_lower(G, f, &lw, err, sizeof err);
    CHECK(r == 0, "%s: lowering failed: %s", what, err);
    if (r < 0) return;
    if (verbose) printf("---- %s\n%s\n", what, lw.src.buf);
    if (want_text)
        CHECK(strstr(lw.src.buf, want_text) != NULL, "%s: no \"%s\" in its source", what,
              want_text);
    if (reject_text)
        CHECK(strstr(lw.src.buf, reject_text) == NULL, "%s: \"%s\" in its source", what,
              reject_text);
    int words = f->nparams ? 0 : 1;
    for (int i = 0; i < f->nparams; i++)
        words += tile_param_words(&f->params[i]);
    words += lw.has_assert;
    if (lw.ntmaps) /* the TMA flag, then 64-byte aligned descriptors of 16 words */
        words = (words + 1 + 7) / 8 * 8 + 16 * lw.ntmaps;
    CHECK(lw.nwords == words, "%s: %d argument words, want %d", what, lw.nwords, words);
    char hash_line[300];
    snprintf(hash_line, sizeof hash_line, "#line 2 \"%s\"", f->filename);
    CHECK(strstr(lw.src.buf, hash_line) != NULL, "%s: no %s", what, hash_line);
    size_t size = 0;
    int regs = -1;
    r = tile_check_source(G, &lw, f, "sm_90a", &size, &regs, err, sizeof err);
    CHECK(r == 0, "%s: NVRTC: %s", what, err);
    if (r < 0 && !verbose) printf("%s\n", lw.src.buf);
    if (r == 0)
        printf("ok %s: %zu-byte CUBIN, %u threads x %d, %u bytes of shared memory, %d registers"
               "%s\n",
               what, size, lw.layout.nt, lw.layout.v, lw.shared_bytes, regs,
               lw.ws ? " (warp-specialized: +128 threads)" : "");
    /* a warp-specialized split's setmaxnreg.inc must fit the launch's pool (tile_ws_pool_check
     * failed the compile above otherwise): the count must be known */
    if (r == 0 && lw.ws_regs) CHECK(regs > 0, "%s: no register count in the CUBIN", what);
    tile_lowered_free(&lw);
    if (r == 0 && gpu_present) differential(f, what, deterministic);
}

static TileFunc *fn(const char *name) {
    line = 1;
    return tile_func_new(test_alloc, NULL, name, "kernels.py", 1);
}

/* ---- cases ---- */

/* c = a + b in tiles of T; float32 (vector path), float16, int64, odd T */
static void case_vadd(TileDType dt, int64_t T, const char *what) {
    TileFunc *f = fn("vadd");
    int a = tile_param_add(f, "a", TILE_PARAM_ARRAY, dt, 1, 0);
    int b = tile_param_add(f, "b", TILE_PARAM_ARRAY, dt, 1, 1);
    int c = tile_param_add(f, "c", TILE_PARAM_ARRAY, dt, 1, 2);
    TileType t = ty(dt, 1, T, 0, 0);
    int i = bid(f, &f->body, 0);
    int x = load(f, &f->body, a, &i, t, TP_ZERO), y = load(f, &f->body, b, &i, t, TP_NAN);
    store(f, &f->body, c, &i, 1, bin(f, &f->body, TOP_BINARY, TB_ADD, x, y));
    lower_and_compile(f, what);
    tile_func_free(f);
}

/* row softmax: max, exp(x - max), sum, divide; (4, 100) tiles, NEG_INF padding */
static void case_softmax(TileDType dt) {
    TileFunc *f = fn("softmax");
    int in = tile_param_add(f, "x", TILE_PARAM_ARRAY, dt, 2, 0);
    int out = tile_param_add(f, "y", TILE_PARAM_ARRAY, dt, 2, 1);
    TileRegion *r = &f->body;
    TileType t = ty(TDT_FLOAT32, 2, 4, 100, 0), ts = ty(dt, 2, 4, 100, 0);
    int idx[2] = {bid(f, r, 0), ci(f, r, 0)};
    int x = load(f, r, in, idx, ts, TP_NEG_INF);
    if (dt != TDT_FLOAT32) x = cast(f, r, x, TDT_FLOAT32);
    int m = reduce(f, r, TR_MAX, x, 1, true);
    int mb = shaped(f, r, TOP_BROADCAST, m, t);
    int e = un(f, r, TU_EXP, bin(f, r, TOP_BINARY, TB_SUB, x, mb));
    int s = shaped(f, r, TOP_BROADCAST, reduce(f, r, TR_SUM, e, 1, true), t);
    int y = bin(f, r, TOP_BINARY, TB_TRUEDIV, e, s);
    if (dt != TDT_FLOAT32) y = cast(f, r, y, dt);
    store(f, r, out, idx, 2, y);
    lower_and_compile(f, dt == TDT_FLOAT32 ? "softmax float32" : "softmax float16");
    tile_func_free(f);
}

/* The layer norm's second loop: y[row, k tile] = x[row, k tile] - mean(x[row, first tile]),
 * the mean (one element) broadcast in the loop; with settings.tile_hoist the broadcast (and
 * the reshape before it) is emitted once before the loop (gpu/tile/lower/hoist.c). Odd
 * tiles (40 columns) leave the arrays' edges partial. */
static void case_hoist(bool hoist, const char *what) {
    TileFunc *f = fn("hoist");
    int px = tile_param_add(f, "x", TILE_PARAM_ARRAY, TDT_FLOAT32, 2, 0);
    int py = tile_param_add(f, "y", TILE_PARAM_ARRAY, TDT_FLOAT32, 2, 1);
    int pk = tile_param_add(f, "nk", TILE_PARAM_SCALAR, TDT_INT32, 0, 2);
    TileRegion *r = &f->body;
    TileType i32 = sc(TDT_INT32), row = ty(TDT_FLOAT32, 2, 1, 40, 0);
    TileOp *par = op(f, r, TOP_PARAM, 0, NULL, &i32);
    par->param = pk;
    int bi = bid(f, r, 0);
    int i0[2] = {bi, ci(f, r, 0)};
    int first = load(f, r, px, i0, row, TP_ZERO);
    int mean = reduce(f, r, TR_SUM, first, 1, false); /* shape (1,): one element */
    int kv = tile_var_add(f, "k", i32);
    int bnd[3] = {ci(f, r, 0), par->result, ci(f, r, 1)};
    TileOp *loop = op(f, r, TOP_FOR, 3, bnd, NULL);
    loop->var = kv;
    TileRegion *body = &loop->regions[0];
    int k = var_read(f, body, kv);
    int ik[2] = {bi, k};
    int t = load(f, body, px, ik, row, TP_ZERO);
    int m2 = shaped(f, body, TOP_RESHAPE, mean, ty(TDT_FLOAT32, 2, 1, 1, 0));
    int mb = shaped(f, body, TOP_BROADCAST, m2, row);
    store(f, body, py, ik, 2, bin(f, body, TOP_BINARY, TB_SUB, t, mb));
    G->settings.tile_hoist = hoist;
    want_text = hoist ? "hoisted out of the loop" : NULL;
    lower_and_compile(f, what);
    want_text = NULL;
    G->settings.tile_hoist = false;
    tile_func_free(f);
}

/* c = a @ b over a K loop with an accumulator slot, the sample's matmul */
static void case_matmul(TileDType in, TileDType acc_dt, int64_t M, int64_t N, int64_t K,
                        const char *what) {
    TileFunc *f = fn("matmul");
    int pa = tile_param_add(f, "a", TILE_PARAM_ARRAY, in == TDT_TFLOAT32 ? TDT_FLOAT32 : in, 2, 0);
    int pb = tile_param_add(f, "b", TILE_PARAM_ARRAY, in == TDT_TFLOAT32 ? TDT_FLOAT32 : in, 2, 1);
    int pc = tile_param_add(f, "c", TILE_PARAM_ARRAY, acc_dt, 2, 2);
    int pk = tile_param_add(f, "nk", TILE_PARAM_SCALAR, TDT_INT32, 0, 3);
    TileRegion *r = &f->body;
    TileType i32 = sc(TDT_INT32), tc = ty(acc_dt, 2, M, N, 0);
    TileOp *par = op(f, r, TOP_PARAM, 0, NULL, &i32);
    par->param = pk;
    int bi = bid(f, r, 0), bj = bid(f, r, 1);
    int accv = tile_var_add(f, "acc", tc), kv = tile_var_add(f, "k", i32);
    var_write(f, r, accv, cnst(f, r, tc, 0));
    int bnd[3] = {ci(f, r, 0), par->result, ci(f, r, 1)};
    TileOp *loop = op(f, r, TOP_FOR, 3, bnd, NULL);
    loop->var = kv;
    TileRegion *body = &loop->regions[0];
    int k = var_read(f, body, kv);
    TileDType ld = in == TDT_TFLOAT32 ? TDT_FLOAT32 : in;
    int ia[2] = {bi, k}, ib[2] = {k, bj};
    int a = load(f, body, pa, ia, ty(ld, 2, M, K, 0), TP_ZERO);
    int b = load(f, body, pb, ib, ty(ld, 2, K, N, 0), TP_ZERO);
    if (in == TDT_TFLOAT32) {
        a = cast(f, body, a, TDT_TFLOAT32);
        b = cast(f, body, b, TDT_TFLOAT32);
    }
    int o3[3] = {a, b, var_read(f, body, accv)};
    var_write(f, body, accv, op(f, body, TOP_MMA, 3, o3, &tc)->result);
    int ic[2] = {bi, bj};
    store(f, r, pc, ic, 2, var_read(f, r, accv));
    lower_and_compile(f, what);
    tile_func_free(f);
}

/* the persistent matmul: a loop over output tiles t = bid, bid + num_blocks, ... < tiles,
 * each its own k loop (the producer of a warp-specialized kernel runs both loops) */
static void case_matmul_persistent(TileDType in, int64_t M, int64_t N, int64_t K,
                                   const char *what) {
    TileFunc *f = fn("matmul_persistent");
    int pa = tile_param_add(f, "a", TILE_PARAM_ARRAY, in, 2, 0);
    int pb = tile_param_add(f, "b", TILE_PARAM_ARRAY, in, 2, 1);
    int pc = tile_param_add(f, "c", TILE_PARAM_ARRAY, in, 2, 2);
    int pk = tile_param_add(f, "nk", TILE_PARAM_SCALAR, TDT_INT32, 0, 3);
    TileRegion *r = &f->body;
    TileType i32 = sc(TDT_INT32), tc = ty(TDT_FLOAT32, 2, M, N, 0);
    TileOp *par = op(f, r, TOP_PARAM, 0, NULL, &i32);
    par->param = pk;
    TileOp *nb = op(f, r, TOP_NUM_BLOCKS, 0, NULL, &i32);
    nb->axis = 0;
    int tiles_n = ci(f, r, 2), tiles = ci(f, r, 6);
    int accv = tile_var_add(f, "acc", tc), kv = tile_var_add(f, "k", i32),
        tv = tile_var_add(f, "t", i32);
    int ob[3] = {bid(f, r, 0), tiles, nb->result};
    TileOp *outer = op(f, r, TOP_FOR, 3, ob, NULL);
    outer->var = tv;
    TileRegion *ro = &outer->regions[0];
    var_write(f, ro, accv, cnst(f, ro, tc, 0));
    int t = var_read(f, ro, tv);
    int bi = bin(f, ro, TOP_BINARY, TB_FLOORDIV, t, tiles_n);
    int bj = bin(f, ro, TOP_BINARY, TB_MOD, t, tiles_n);
    int bnd[3] = {ci(f, ro, 0), par->result, ci(f, ro, 1)};
    TileOp *loop = op(f, ro, TOP_FOR, 3, bnd, NULL);
    loop->var = kv;
    TileRegion *body = &loop->regions[0];
    int k = var_read(f, body, kv);
    int ia[2] = {bi, k}, ib[2] = {k, bj};
    int a = load(f, body, pa, ia, ty(in, 2, M, K, 0), TP_ZERO);
    int b = load(f, body, pb, ib, ty(in, 2, K, N, 0), TP_ZERO);
    int o3[3] = {a, b, var_read(f, body, accv)};
    var_write(f, body, accv, op(f, body, TOP_MMA, 3, o3, &tc)->result);
    int ic[2] = {bi, bj};
    store(f, ro, pc, ic, 2, cast(f, ro, var_read(f, ro, accv), in));
    lower_and_compile(f, what);
    tile_func_free(f);
}

/* every unary and binary op and compare/select/cast on one dtype, scalars and tiles */
static void case_elementwise(TileDType dt, const char *what) {
    TileFunc *f = fn("elementwise");
    int pa = tile_param_add(f, "a", TILE_PARAM_ARRAY, dt, 2, 0);
    int ps = tile_param_add(f, "s", TILE_PARAM_SCALAR, dt, 0, 1);
    int pnc = tile_param_add(f, "nc_chain", TILE_PARAM_ARRAY, dt, 2, 2);
    TileRegion *r = &f->body;
    TileType t = ty(dt, 2, 3, 40, 0), s = sc(dt);
    int idx[2] = {bid(f, r, 0), bid(f, r, 1)};
    int x = load(f, r, pa, idx, t, TP_ZERO);
    TileOp *par = op(f, r, TOP_PARAM, 0, NULL, &s);
    par->param = ps;
    int y = shaped(f, r, TOP_BROADCAST, par->result, t);
    bool fl = tile_dtype_is_float(dt), bl = dt == TDT_BOOL;
    int acc = x;
    for (int u = 0; u < TU__COUNT; u++) {
        bool float_only = u >= TU_EXP;
        if (u == TU_ISNAN) continue;
        if ((float_only && !fl) || (u == TU_INVERT && fl) || (u == TU_NOT && !bl) ||
            (bl && u != TU_INVERT && u != TU_NOT))
            continue;
        acc = un(f, r, u, acc);
    }
    for (int b = 0; b < TB__COUNT; b++) {
        bool int_only = b == TB_AND || b == TB_OR || b == TB_XOR || b == TB_SHL || b == TB_SHR ||
                        b == TB_CDIV || b == TB_FLOORDIV || b == TB_MOD;
        bool float_only = b == TB_TRUEDIV || b == TB_ATAN2 || b == TB_POW;
        if (bl && b != TB_AND && b != TB_OR && b != TB_XOR) continue;
        if (fl && int_only && b != TB_FLOORDIV && b != TB_MOD) continue;
        if (!fl && float_only) continue;
        acc = bin(f, r, TOP_BINARY, b, acc, y);
        /* the same op on scalars */
        bin(f, r, TOP_BINARY, b, par->result, par->result);
    }
    int cond = bin(f, r, TOP_COMPARE, TC_LT, acc, y);
    for (int c = 0; c < TC__COUNT; c++)
        cond = bin(f, r, TOP_BINARY, TB_AND, cond, bin(f, r, TOP_COMPARE, c, acc, x));
    if (fl) cond = bin(f, r, TOP_BINARY, TB_OR, cond, un(f, r, TU_ISNAN, acc));
    int o3[3] = {cond, acc, x};
    int sel = op(f, r, TOP_SELECT, 3, o3, &t)->result;
    static const TileDType to[] = {TDT_BOOL,     TDT_INT8,          TDT_UINT16,      TDT_INT64,
                                   TDT_UINT64,   TDT_FLOAT16,       TDT_BFLOAT16,    TDT_FLOAT64,
                                   TDT_TFLOAT32, TDT_FLOAT8_E4M3FN, TDT_FLOAT8_E5M2, TDT_FLOAT32};
    /* the cast chain goes to its own array, not compared: out-of-range float -> int casts
     * are undefined (the GPU saturates, the host does not) */
    int chain = sel;
    for (size_t k = 0; k < sizeof to / sizeof *to; k++)
        chain = cast(f, r, cast(f, r, chain, to[k]), dt);
    store(f, r, pa, idx, 2, sel);
    store(f, r, pnc, idx, 2, chain);
    lower_and_compile(f, what);
    tile_func_free(f);
}

/* gather / scatter / atomics, tile and scalar forms, masks */
static void case_memory(TileDType dt, const char *what) {
    TileFunc *f = fn("memory");
    int pa = tile_param_add(f, "a", TILE_PARAM_ARRAY, dt, 2, 0);
    int pi = tile_param_add(f, "ix", TILE_PARAM_ARRAY, TDT_INT32, 1, 1);
    TileRegion *r = &f->body;
    TileType t = ty(dt, 1, 50, 0, 0), ti = ty(TDT_INT32, 1, 50, 0, 0),
             tb = ty(TDT_BOOL, 1, 50, 0, 0);
    int b = bid(f, r, 0);
    int ix = load(f, r, pi, &b, ti, TP_ZERO);
    TileOp *io = op(f, r, TOP_IOTA, 0, NULL, &ti);
    io->value.i = 3;
    io->step = 2;
    int mask = bin(f, r, TOP_COMPARE, TC_LT, ix, io->result);
    int pad = cnst(f, r, sc(dt), 7);
    int g[4] = {ix, io->result, mask, pad};
    TileOp *ga = op(f, r, TOP_GATHER, 4, g, &t);
    ga->array = pa;
    ga->has_mask = true;
    int s[4] = {ix, io->result, ga->result, mask};
    TileOp *scat = op(f, r, TOP_SCATTER, 4, s, NULL);
    scat->array = pa;
    scat->has_mask = true;
    static const int subs[] = {TR_SUM, TR_MAX, TR_MIN, TR_XCHG, TR_AND, TR_OR, TR_XOR};
    int nsubs = tile_dtype_is_float(dt) ? 4 : 7;
    for (int k = 0; k < nsubs; k++) {
        int o[4] = {ix, io->result, ga->result, mask};
        TileOp *at = op(f, r, TOP_ATOMIC_RMW, k % 2 ? 4 : 3, o, &t);
        at->array = pa;
        at->sub = subs[k];
        at->has_mask = k % 2;
        at->memorder = k % 3 == 0 ? TMO_ACQ_REL : TMO_RELAXED;
        at->memscope = k % 3 == 1 ? TMS_BLOCK : TMS_DEVICE;
        /* the scalar form (a ticket counter) */
        int z = ci(f, r, 0), one = cnst(f, r, sc(dt), 1);
        int os[3] = {z, z, one};
        TileType st = sc(dt);
        TileOp *as = op(f, r, TOP_ATOMIC_RMW, 3, os, &st);
        as->array = pa;
        as->sub = subs[k];
    }
    int oc[5] = {ix, io->result, ga->result, ga->result, mask};
    TileOp *cas = op(f, r, TOP_ATOMIC_CAS, 5, oc, &t);
    cas->array = pa;
    cas->has_mask = true;
    (void)tb;
    lower_and_compile_det(f, what, false);
    tile_func_free(f);
}

/* reductions (built-in, custom, to a scalar), argmax/argmin, scans, shape ops */
static void case_shapes(TileDType dt, const char *what) {
    TileFunc *f = fn("shapes");
    int pa = tile_param_add(f, "a", TILE_PARAM_ARRAY, dt, 3, 0);
    int po = tile_param_add(f, "o", TILE_PARAM_ARRAY, dt, 2, 1);
    int pi = tile_param_add(f, "i", TILE_PARAM_ARRAY, TDT_INT32, 1, 2);
    TileRegion *r = &f->body;
    TileType t3 = ty(dt, 3, 2, 6, 16);
    int z = ci(f, r, 0);
    int idx[3] = {bid(f, r, 0), z, z};
    TileOp *ld = op(f, r, TOP_LOAD, 3, idx, &t3);
    ld->array = pa;
    ld->padding = TP_POS_INF;
    ld->perm[0] = 2, ld->perm[1] = 0, ld->perm[2] = 1; /* order=(2, 0, 1) */
    t3 = ty(dt, 3, 2, 6, 16);
    int x = ld->result;
    bool fl = tile_dtype_is_float(dt);
    int subs[] = {TR_SUM, TR_PROD, TR_MAX, TR_MIN, TR_AND, TR_OR, TR_XOR};
    int acc2 = -1;
    for (int k = 0; k < (fl ? 4 : 7); k++) {
        int red = reduce(f, r, subs[k], x, k % 3, k % 2);
        (void)red;
    }
    acc2 = reduce(f, r, TR_SUM, x, 0, false);                                       /* (6, 16) */
    int all = reduce(f, r, TR_MAX, reduce(f, r, TR_MAX, acc2, 1, false), 0, false); /* scalar */
    /* custom: a * b + 1 with a captured-free combiner */
    TileType s = sc(dt);
    int s0 = tile_var_add(f, "p", s), s1 = tile_var_add(f, "q", s);
    int ro[2] = {acc2, cnst(f, r, s, 0)};
    TileType rt = ty(dt, 1, 16, 0, 0);
    TileOp *cr = op(f, r, TOP_REDUCE, 2, ro, &rt);
    cr->sub = TR_CUSTOM;
    cr->axis = 0;
    cr->vars2[0] = s0, cr->vars2[1] = s1;
    int va = var_read(f, &cr->regions[0], s0), vb = var_read(f, &cr->regions[0], s1);
    int m = bin(f, &cr->regions[0], TOP_BINARY, TB_MAX, va, vb);
    op(f, &cr->regions[0], TOP_YIELD, 1, &m, NULL);
    TileType i32r = ty(TDT_INT32, 1, 16, 0, 0), i32s = sc(TDT_INT32);
    TileOp *am = op(f, r, TOP_ARGREDUCE, 1, &acc2, &i32r);
    am->sub = TR_MAX, am->axis = 0;
    TileOp *an = op(f, r, TOP_ARGREDUCE, 1, &acc2, &i32s);
    an->sub = TR_MIN, an->axis = -1;
    TileType tsc = *tile_value_type(f, acc2);
    TileOp *scn = op(f, r, TOP_SCAN, 1, &acc2, &tsc);
    scn->sub = TR_SUM, scn->axis = 1, scn->reverse = true;
    TileOp *scm = op(f, r, TOP_SCAN, 1, &acc2, &tsc);
    scm->sub = TR_MAX, scm->axis = 0;
    /* permute (6,16) -> (16,6), reshape to (96,) and (8,12), cat, extract, insert */
    TileType tp = ty(dt, 2, 16, 6, 0);
    TileOp *pm = op(f, r, TOP_PERMUTE, 1, &scn->result, &tp);
    pm->perm[0] = 1, pm->perm[1] = 0;
    int flat = shaped(f, r, TOP_RESHAPE, pm->result, ty(dt, 1, 96, 0, 0));
    int sq = shaped(f, r, TOP_RESHAPE, flat, ty(dt, 2, 8, 12, 0));
    int c2[2] = {sq, sq};
    TileType tcat = ty(dt, 2, 8, 24, 0);
    TileOp *cat = op(f, r, TOP_CAT, 2, c2, &tcat);
    cat->axis = 1;
    int ex[3] = {cat->result, ci(f, r, 1), bid(f, r, 1)};
    TileType tsub = ty(dt, 2, 4, 8, 0);
    int sub = op(f, r, TOP_EXTRACT, 3, ex, &tsub)->result;
    int in[4] = {cat->result, sub, z, ci(f, r, 2)};
    int ins = op(f, r, TOP_INSERT, 4, in, &tcat)->result;
    /* a broadcast from (8, 1) and a scalar, then a bitcast round trip */
    int col = reduce(f, r, TR_MIN, ins, 1, true);
    int bc = shaped(f, r, TOP_BROADCAST, col, tcat);
    int sb = shaped(f, r, TOP_BROADCAST, all, tcat);
    int sum = bin(f, r, TOP_BINARY, TB_ADD, bin(f, r, TOP_BINARY, TB_ADD, bc, sb), ins);
    if (tile_dtype_size(dt) == 4) {
        TileType bt = tcat;
        bt.dtype = TDT_INT32;
        int bits = shaped(f, r, TOP_BITCAST, sum, bt);
        sum = shaped(f, r, TOP_BITCAST, bits, tcat);
    }
    int oi[2] = {bid(f, r, 0), z};
    store(f, r, po, oi, 2, sum);
    store(f, r, pi, &z, 1, am->result);
    int one1 = shaped(f, r, TOP_RESHAPE, an->result, ty(TDT_INT32, 1, 1, 0, 0));
    store(f, r, pi, &z, 1, one1);
    store(f, r, po, oi, 2, shaped(f, r, TOP_RESHAPE, scm->result, ty(dt, 2, 6, 16, 0)));
    store(f, r, pi, &z, 1, cast(f, r, cr->result, TDT_INT32));
    /* every block stores to i[0] and twice to overlapping parts of o, so the last writer
     * differs between the GPU and the CPU path: only the device run is checked here (the
     * tests/tile scripts compare these ops with NumPy on the GPU) */
    lower_and_compile_det(f, what, false);
    tile_func_free(f);
}

/* while/break/continue/if/return, printf of scalars and tiles, assert, assume */
static void case_control(void) {
    TileFunc *f = fn("control");
    int pa = tile_param_add(f, "a", TILE_PARAM_ARRAY, TDT_FLOAT32, 1, 0);
    int pn = tile_param_add(f, "n", TILE_PARAM_SCALAR, TDT_INT64, 0, 1);
    TileRegion *r = &f->body;
    TileType i64 = sc(TDT_INT64), t = ty(TDT_FLOAT32, 1, 33, 0, 0), bt = ty(TDT_BOOL, 1, 33, 0, 0);
    TileOp *par = op(f, r, TOP_PARAM, 0, NULL, &i64);
    par->param = pn;
    int iv = tile_var_add(f, "i", i64), xv = tile_var_add(f, "x", t);
    /* one tile per block of the 3 x 2 grid: blocks sharing a tile would race on the GPU,
     * where the CPU path runs them one after the other */
    int b = bin(f, r, TOP_BINARY, TB_ADD, bin(f, r, TOP_BINARY, TB_MUL, bid(f, r, 0), ci(f, r, 2)),
                bid(f, r, 1));
    var_write(f, r, xv, load(f, r, pa, &b, t, TP_ZERO));
    var_write(f, r, iv, cnst(f, r, i64, 0));
    TileOp *w = op(f, r, TOP_WHILE, 0, NULL, NULL);
    int i = var_read(f, &w->regions[0], iv);
    int c = bin(f, &w->regions[0], TOP_COMPARE, TC_LT, i, par->result);
    op(f, &w->regions[0], TOP_YIELD, 1, &c, NULL);
    TileRegion *body = &w->regions[1];
    int i2 = var_read(f, body, iv);
    var_write(f, body, iv, bin(f, body, TOP_BINARY, TB_ADD, i2, cnst(f, body, i64, 1)));
    int odd =
        bin(f, body, TOP_COMPARE, TC_EQ,
            bin(f, body, TOP_BINARY, TB_MOD, i2, cnst(f, body, i64, 2)), cnst(f, body, i64, 1));
    TileOp *ifo = op(f, body, TOP_IF, 1, &odd, NULL);
    op(f, &ifo->regions[0], TOP_CONTINUE, 0, NULL, NULL);
    int big = bin(f, &ifo->regions[1], TOP_COMPARE, TC_GT, i2, cnst(f, &ifo->regions[1], i64, 100));
    TileOp *if2 = op(f, &ifo->regions[1], TOP_IF, 1, &big, NULL);
    op(f, &if2->regions[0], TOP_BREAK, 0, NULL, NULL);
    int x = var_read(f, body, xv);
    var_write(f, body, xv, bin(f, body, TOP_BINARY, TB_MUL, x, x));
    int fx = var_read(f, r, xv);
    int pr[3] = {b, fx, par->result};
    TileOp *p = op(f, r, TOP_PRINTF, 3, pr, NULL);
    p->text = tile_strdup(f, "block %d: x=%.3f n=%ld 100%%\n");
    int ok = bin(f, r, TOP_COMPARE, TC_GE, fx, cnst(f, r, t, 0));
    (void)bt;
    op(f, r, TOP_ASSERT, 1, &ok, NULL)->text = tile_strdup(f, "x is negative");
    TileOp *as = op(f, r, TOP_ASSUME, 1, &par->result, &i64);
    as->divisor = 16;
    int last = bin(f, r, TOP_COMPARE, TC_EQ, as->result, cnst(f, r, i64, 0));
    TileOp *if3 = op(f, r, TOP_IF, 1, &last, NULL);
    op(f, &if3->regions[0], TOP_RETURN, 0, NULL, NULL);
    store(f, r, pa, &b, 1, fx);
    /* a FOR with a negative constant step and one with a run-time step */
    int jv = tile_var_add(f, "j", i64);
    int bnd[3] = {par->result, cnst(f, r, i64, 0), cnst(f, r, i64, -3)};
    TileOp *fo = op(f, r, TOP_FOR, 3, bnd, NULL);
    fo->var = jv;
    int bnd2[3] = {cnst(f, r, i64, 0), par->result, par->result};
    TileOp *fo2 = op(f, r, TOP_FOR, 3, bnd2, NULL);
    fo2->var = jv;
    store(f, &fo2->regions[0], pa, &b, 1, fx);
    lower_and_compile(f, "control flow, printf, assert");
    tile_func_free(f);
}

/* NVRTC's error text maps back to the script: a log line "kernels.py(7): error: ..." */
static void case_error_mapping(void) {
    char out[256];
    tile_nvrtc_message("kernels.cu(3): warning: x\nkernels.py(7): error: identifier \"q\" is "
                       "undefined\n  q = 1;\n",
                       "NVRTC could not compile", out, sizeof out);
    CHECK(strcmp(out, "kernels.py:7: NVRTC: error: identifier \"q\" is undefined") == 0,
          "mapped message: %s", out);
    tile_nvrtc_message("no position here\n", "NVRTC could not compile x", out, sizeof out);
    CHECK(strstr(out, "NVRTC could not compile x") != NULL, "unmapped message: %s", out);
}

/* The launch path on the mock device (settings.device "mock"): tile_cuda_prepare lowers the
 * kernel and stands the interpreter in for the CUBIN, tile_cuda_launch packs the argument
 * words (a strided 2-D view, a float and an int scalar), the mock decodes them: the result
 * must be c = a * s + b where the block index is below n, c untouched elsewhere. */
static void case_mock_launch(void) {
    GpuState *M = gpu_state_new((kr_allocator){0});
    M->settings.device = "mock";
    M->settings.cache_dir = "";
    CHECK(gpu_ensure(M) == 0 && M->mock, "mock device: %s", M->err);
    TileFunc *f = fn("saxpy");
    int pa = tile_param_add(f, "a", TILE_PARAM_ARRAY, TDT_FLOAT32, 2, 0);
    int pb = tile_param_add(f, "b", TILE_PARAM_ARRAY, TDT_FLOAT32, 2, 1);
    int pc = tile_param_add(f, "c", TILE_PARAM_ARRAY, TDT_FLOAT32, 2, 2);
    int ps = tile_param_add(f, "s", TILE_PARAM_SCALAR, TDT_FLOAT64, 0, 3);
    int pn = tile_param_add(f, "n", TILE_PARAM_SCALAR, TDT_INT64, 0, 4);
    TileRegion *r = &f->body;
    TileType t = ty(TDT_FLOAT32, 2, 4, 8, 0), f64 = sc(TDT_FLOAT64), i64 = sc(TDT_INT64);
    TileOp *sp = op(f, r, TOP_PARAM, 0, NULL, &f64);
    sp->param = ps;
    TileOp *np = op(f, r, TOP_PARAM, 0, NULL, &i64);
    np->param = pn;
    int idx[2] = {bid(f, r, 0), bid(f, r, 1)};
    int x = load(f, r, pa, idx, t, TP_ZERO), y = load(f, r, pb, idx, t, TP_ZERO);
    int s32 = shaped(f, r, TOP_BROADCAST, cast(f, r, sp->result, TDT_FLOAT32), t);
    int v = bin(f, r, TOP_BINARY, TB_ADD, bin(f, r, TOP_BINARY, TB_MUL, x, s32), y);
    int below = bin(f, r, TOP_COMPARE, TC_LT, cast(f, r, idx[0], TDT_INT64), np->result);
    TileOp *iff = op(f, r, TOP_IF, 1, &below, NULL);
    store(f, &iff->regions[0], pc, idx, 2, v);
    char err[512];
    CHECK(tile_ir_verify(f, err, sizeof err) == 0, "saxpy: %s", err);
    TileCuda *k = tile_cuda_prepare(M, f, err, sizeof err);
    CHECK(k != NULL, "mock prepare: %s", err);
    enum { R = 10, C = 13 };
    float a[R][2 * C], b[R][C], c[R][C];
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) {
            a[i][2 * j] = (float)(i * C + j), a[i][2 * j + 1] = -1;
            b[i][j] = 0.5f * (float)j;
            c[i][j] = -7;
        }
    CUdeviceptr da, db, dc;
    gpu_mem_alloc(M, sizeof a, NULL, &da);
    gpu_mem_alloc(M, sizeof b, NULL, &db);
    gpu_mem_alloc(M, sizeof c, NULL, &dc);
    gpu_copy_to_device(M, da, a, sizeof a, NULL);
    gpu_copy_to_device(M, db, b, sizeof b, NULL);
    gpu_copy_to_device(M, dc, c, sizeof c, NULL);
    TileArg args[5];
    memset(args, 0, sizeof args);
    args[0].data = (void *)(uintptr_t)da, args[0].rank = 2;
    args[0].shape[0] = R, args[0].shape[1] = C, args[0].strides[0] = 2 * C, args[0].strides[1] = 2;
    for (int i = 1; i < 3; i++) {
        args[i].data = (void *)(uintptr_t)(i == 1 ? db : dc), args[i].rank = 2;
        args[i].shape[0] = R, args[i].shape[1] = C, args[i].strides[0] = C, args[i].strides[1] = 1;
    }
    args[3].scalar.f = 3.0;
    args[4].scalar.i = 2; /* block rows 0 and 1 only: rows 0..7 */
    int64_t grid[3] = {3, 2, 1};
    if (k) {
        TileRunStatus st = tile_cuda_launch(M, k, args, grid, NULL, err, sizeof err);
        CHECK(st == TILE_RUN_OK, "mock launch: %s", err);
        gpu_copy_to_host(M, c, dc, sizeof c, NULL);
        int bad = 0;
        for (int i = 0; i < R; i++)
            for (int j = 0; j < C; j++) {
                float want = i < 8 ? (float)(i * C + j) * 3.0f + 0.5f * (float)j : -7.0f;
                bad += c[i][j] != want;
            }
        CHECK(bad == 0, "mock launch: %d wrong elements", bad);
        int64_t huge[3] = {1, 70000, 1};
        CHECK(tile_cuda_launch(M, k, args, huge, NULL, err, sizeof err) == TILE_RUN_ERROR &&
                  strstr(err, "grid dimension 1") != NULL,
              "grid limit: %s", err);
        tile_cuda_free(M, k);
    }
    gpu_mem_free(M, da, sizeof a, NULL);
    gpu_mem_free(M, db, sizeof b, NULL);
    gpu_mem_free(M, dc, sizeof c, NULL);
    tile_func_free(f);
    gpu_state_free(M);
    printf("ok mock-device launch\n");
}

/* The exact variant (lower.h): its conditions, tile_exact_ok's decisions on arguments that
 * meet them and that miss each one, and both variants through NVRTC. */
static void case_exact(void) {
    char err[512];
    TileFunc *f = fn("exact");
    int a = tile_param_add(f, "a", TILE_PARAM_ARRAY, TDT_FLOAT32, 2, 0);
    int b = tile_param_add(f, "b", TILE_PARAM_ARRAY, TDT_FLOAT16, 2, 1);
    int i = bid(f, &f->body, 0), j = bid(f, &f->body, 1);
    int ij[2] = {i, j};
    int x = load(f, &f->body, a, ij, ty(TDT_FLOAT32, 2, 16, 64, 0), TP_ZERO);
    int y = load(f, &f->body, a, ij, ty(TDT_FLOAT32, 2, 8, 32, 0), TP_ZERO); /* lcm 16, 64 */
    int ji[2] = {j, i};
    int z = load(f, &f->body, b, ji, ty(TDT_FLOAT16, 2, 32, 8, 0), TP_ZERO);
    TileOp *zl = f->body.last;
    zl->perm[0] = 1; /* order "F": tile dim 0 along axis 1: no chunks */
    zl->perm[1] = 0;
    int s = reduce(f, &f->body, TR_SUM, x, 0, false);
    int t = reduce(f, &f->body, TR_SUM, y, 0, false);
    int u = reduce(f, &f->body, TR_SUM, cast(f, &f->body, z, TDT_FLOAT32), 0, false);
    (void)t;
    (void)u;
    store(f, &f->body, a, ij, 2, shaped(f, &f->body, TOP_RESHAPE, s, ty(TDT_FLOAT32, 2, 1, 64, 0)));
    CHECK(tile_ir_verify(f, err, sizeof err) == 0, "exact: does not verify: %s", err);
    TileLowered g, e;
    int r = tile_lower(G, f, &g, err, sizeof err);
    CHECK(r == 0, "exact: lowering failed: %s", err);
    if (r < 0) return;
    CHECK(g.has_exact && !strstr(g.src.buf, "#define KR_EXACT"), "exact: general variant");
    CHECK(g.nexact == 4, "exact: %d conditions, want 4", g.nexact);
    int64_t div[2][2] = {{0, 0}, {0, 0}};
    for (int k = 0; k < g.nexact && k < TILE_MAX_EXACT; k++)
        if (g.exact[k].param < 2 && g.exact[k].axis < 2)
            div[g.exact[k].param][g.exact[k].axis] = g.exact[k].div;
    CHECK(div[0][0] == 16 && div[0][1] == 64 && div[1][0] == 8 && div[1][1] == 32,
          "exact: divisors %lld %lld %lld %lld", (long long)div[0][0], (long long)div[0][1],
          (long long)div[1][0], (long long)div[1][1]);
    CHECK(g.exact_vec == 1, "exact: chunked params %llx, want a only",
          (unsigned long long)g.exact_vec);
    static float abuf[64 * 132 + 8];
    static uint16_t bbuf[64 * 64];
    TileArg args[2];
    memset(args, 0, sizeof args);
    args[0] = (TileArg){.data = abuf, .rank = 2, .shape = {64, 128}, .strides = {128, 1}};
    args[1] = (TileArg){.data = bbuf, .rank = 2, .shape = {64, 64}, .strides = {64, 1}};
    int v = g.layout.v;
#define OK(want, what)                                                                             \
    CHECK(tile_exact_ok(f, v, g.nexact, g.exact, g.exact_vec, args) == (want), "exact: %s", what)
    OK(((uintptr_t)abuf % 16) == 0, "contiguous, aligned, divisible");
    if ((uintptr_t)abuf % 16 == 0) {
        args[0].shape[0] = 72;
        OK(false, "72 rows in tiles of 16");
        args[0].shape[0] = 0;
        OK(true, "no rows (every tile outside)");
        args[0].shape[0] = 64;
        args[0].strides[0] = 132;
        OK(true, "rows of a wider array, 16-byte multiple");
        args[0].strides[0] = 130;
        OK(false, "rows 520 bytes apart (chunks unaligned)");
        args[0].strides[0] = 256;
        args[0].strides[1] = 2;
        OK(false, "a column step of 2");
        args[0].strides[1] = 1;
        args[0].data = abuf + 1;
        OK(false, "data 4 bytes off");
        args[0].data = abuf;
        args[1].strides[1] = 3; /* b goes element by element: any stride */
        OK(true, "b strided (not chunked)");
        args[1].shape[1] = 40;
        OK(false, "b's 40 columns in tiles of 32");
    }
#undef OK
    r = tile_lower_variant(G, f, true, &e, err, sizeof err);
    /* the exact variant's loads are plain C (lower_memory.c): a's 16x64 tile by chunks
     * through 16-byte words, b's transposed 32x8 tile (tile dim 0 along axis 1) by slots */
    CHECK(r == 0 && strstr(e.src.buf, "#define KR_EXACT 1") &&
              strstr(e.src.buf, "const float *kb = p.a0.p + (org[0] * p.a0.stride[0] + org[1]);") &&
              strstr(e.src.buf, "union { uint4 w[") &&
              strstr(e.src.buf, "if (org[1] >= 0 && org[1] < p.a1.shape[1] && org[0] >= 0 && "
                                "org[0] < p.a1.shape[0]) {") &&
              strstr(e.src.buf, "const i64 o = 0 + (i64)(e / 8u) * ks0 + (i64)(e % 8u) * ks1;") &&
              !strstr(e.src.buf, "kr_load<"),
          "exact: exact variant's loads: %s", r == 0 ? "" : err);
    if (r == 0) {
        size_t size = 0;
        CHECK(tile_check_source(G, &e, f, "sm_90a", &size, NULL, err, sizeof err) == 0,
              "exact variant: NVRTC: %s", err);
        tile_lowered_free(&e);
    }
    size_t size = 0;
    CHECK(tile_check_source(G, &g, f, "sm_90a", &size, NULL, err, sizeof err) == 0,
          "exact, general variant: NVRTC: %s", err);
    tile_lowered_free(&g);
    printf("ok exact variant: conditions, decisions, both variants compile\n");
    if (gpu_present) differential(f, "exact variant kernel (general: 37 x 37 arrays)", true);
    tile_func_free(f);
}

/* warp-specialized (KRAIT_TILE_SM90=ws): a producer warpgroup, 1 to 4 consumers */
static void ws_cases(void) {
    G->settings.tile_sm90 = 4;
    want_text = ", warp-specialized */";
    case_matmul(TDT_BFLOAT16, TDT_FLOAT32, 128, 128, 64, "matmul bfloat16 128x128x64 ws");
    case_matmul(TDT_FLOAT16, TDT_FLOAT32, 128, 256, 64, "matmul float16 128x256x64 ws");
    case_matmul(TDT_FLOAT16, TDT_FLOAT32, 64, 128, 64, "matmul float16 64x128x64 ws");
    case_matmul(TDT_TFLOAT32, TDT_FLOAT32, 128, 128, 32, "matmul tfloat32 128x128x32 ws");
    /* three consumer warpgroups (512 threads, 128 registers each: the split must fit the
     * launch's pool, 40 x 128 + 152 x 384) */
    case_matmul(TDT_FLOAT16, TDT_FLOAT32, 192, 128, 64, "matmul float16 192x128x64 ws");
    /* four would get 104 registers (640 threads, 96 each: the split that hung on the H200
     * asked 112): these keep the loop without a producer */
    want_text = NULL;
    reject_text = ", warp-specialized */";
    case_matmul(TDT_TFLOAT32, TDT_FLOAT32, 128, 256, 32, "matmul tfloat32 128x256x32 (no ws)");
    case_matmul(TDT_BFLOAT16, TDT_FLOAT32, 256, 128, 64, "matmul bfloat16 256x128x64 (no ws)");
    reject_text = NULL;
    want_text = ", warp-specialized */";
    case_matmul_persistent(TDT_BFLOAT16, 128, 128, 64, "persistent matmul bfloat16 ws");
    /* the default: a one-tile matmul gets the producer, a persistent one does not */
    G->settings.tile_sm90 = 0;
    case_matmul(TDT_TFLOAT32, TDT_FLOAT32, 128, 128, 32, "matmul tfloat32 128x128x32 (default ws)");
    want_text = NULL;
    reject_text = ", warp-specialized */";
    case_matmul_persistent(TDT_BFLOAT16, 128, 128, 64,
                           "persistent matmul bfloat16 (default, no ws)");
    /* KRAIT_TILE_SM90=tma keeps the one-tile loop without a producer */
    G->settings.tile_sm90 = 2;
    case_matmul(TDT_BFLOAT16, TDT_FLOAT32, 128, 128, 64, "matmul bfloat16 128x128x64 (tma, no ws)");
    reject_text = NULL;
    G->settings.tile_sm90 = 0;
}

int main(int argc, char **argv) {
    /* "ws" / "hoist": those cases only (bench/tiles/ws_check.sh, hoist_check.sh) */
    bool only_ws = false, only_hoist = false;
    for (int i = 1; i < argc; i++) {
        verbose |= strcmp(argv[i], "-v") == 0;
        only_ws |= strcmp(argv[i], "ws") == 0;
        only_hoist |= strcmp(argv[i], "hoist") == 0;
    }
    G = gpu_state_new((kr_allocator){0});
    if (!G) return 1;
    if (!only_ws && !only_hoist) case_error_mapping();
    if (cuda_load_nvrtc(G) < 0) {
        printf("SKIP: no NVRTC (%s)\n", G->err);
        gpu_state_free(G);
        return failures ? 1 : 0;
    }
    /* a real device (not the mock, not KRAIT_DEVICE=cpu's absence of one) runs every
     * kernel against the interpreter */
    gpu_present =
        getenv("KRAIT_TILE_TEST_GPU") == NULL || strcmp(getenv("KRAIT_TILE_TEST_GPU"), "0") != 0;
    const char *want = getenv("KRAIT_TILE_TEST_GPU");
    bool mock = want && strcmp(want, "mock") == 0; /* the harness itself, against itself */
    if (gpu_present) {
        G->settings.cache_dir = "";
        if (mock) G->settings.device = "mock";
        gpu_present = gpu_ensure(G) == 0 && (!G->mock || mock);
        printf(gpu_present ? "GPU: %s (%s): every kernel also runs against the CPU path\n"
                           : "no GPU (%s%s): NVRTC compiles only\n",
               gpu_present ? G->device_name : G->err, gpu_present ? G->arch : "");
        gpu_clear_error(G);
    }
    if (only_ws || only_hoist) {
        if (only_ws) ws_cases();
        if (only_hoist) {
            case_hoist(false, "loop-invariant broadcast");
            case_hoist(true, "loop-invariant broadcast hoisted");
        }
        printf("%d checks, %d failures; %zu compiles, %.0f ms in NVRTC\n", checks, failures,
               G->jit.stats.compiles, G->jit.stats.compile_ms);
        gpu_state_free(G);
        return failures ? 1 : 0;
    }
    case_vadd(TDT_FLOAT32, 1024, "vadd float32 1024");
    case_vadd(TDT_FLOAT16, 1000, "vadd float16 1000");
    case_vadd(TDT_INT64, 37, "vadd int64 37");
    case_softmax(TDT_FLOAT32);
    case_softmax(TDT_FLOAT16);
    case_hoist(false, "loop-invariant broadcast");
    case_hoist(true, "loop-invariant broadcast hoisted");
    case_matmul(TDT_FLOAT16, TDT_FLOAT32, 64, 64, 32, "matmul float16 64x64x32 (mma.sync)");
    case_matmul(TDT_BFLOAT16, TDT_FLOAT32, 128, 128, 64, "matmul bfloat16 128x128x64");
    case_matmul(TDT_TFLOAT32, TDT_FLOAT32, 32, 32, 16, "matmul tfloat32 32x32x16");
    case_matmul(TDT_FLOAT8_E4M3FN, TDT_FLOAT32, 32, 32, 64, "matmul float8_e4m3fn");
    case_matmul(TDT_FLOAT32, TDT_FLOAT32, 24, 40, 8, "matmul float32 (FMA)");
    case_matmul(TDT_INT8, TDT_INT32, 16, 16, 32, "matmul int8 -> int32 (FMA)");
    ws_cases();
    case_elementwise(TDT_FLOAT32, "elementwise float32");
    case_elementwise(TDT_FLOAT16, "elementwise float16");
    case_elementwise(TDT_FLOAT64, "elementwise float64");
    case_elementwise(TDT_INT32, "elementwise int32");
    case_elementwise(TDT_UINT8, "elementwise uint8");
    case_elementwise(TDT_INT64, "elementwise int64");
    case_elementwise(TDT_BOOL, "elementwise bool");
    case_memory(TDT_FLOAT32, "gather/scatter/atomics float32");
    case_memory(TDT_INT32, "gather/scatter/atomics int32");
    case_memory(TDT_FLOAT16, "gather/scatter/atomics float16");
    case_memory(TDT_INT8, "gather/scatter/atomics int8");
    case_shapes(TDT_FLOAT32, "reduce/scan/shape ops float32");
    case_shapes(TDT_INT32, "reduce/scan/shape ops int32");
    case_shapes(TDT_BFLOAT16, "reduce/scan/shape ops bfloat16");
    case_control();
    case_mock_launch();
    case_exact();
    printf("%d checks, %d failures; %zu compiles, %.0f ms in NVRTC\n", checks, failures,
           G->jit.stats.compiles, G->jit.stats.compile_ms);
    gpu_state_free(G);
    return failures ? 1 : 0;
}
