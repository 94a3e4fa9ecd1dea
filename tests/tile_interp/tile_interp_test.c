/* tile_interp_test.c: the CPU path (gpu/tile/interp) on hand-built tile IR, without the
 * front: each case builds a small function the way the front does, runs it over a grid
 * with tile_interp_run on host arrays, and checks every element against a value computed
 * here in plain C. Covers partial edge tiles and padding, odd tile sizes, for loops over
 * slots, reductions (built-in and custom), scans, mma, gather/scatter with masks, atomics
 * with repeated indices, casts and float16 rounding, Python's // and %, shape ops, printf,
 * run-time errors, and the speed of a many-block launch. Exit status 0 when all pass. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../gpu/tile/interp/interp_internal.h"
#include "../tile_test_support.h"

static int failures, checks;

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

static Text out;
static char err[256];

static TileRunStatus run(TileFunc *f, TileArg *args, int64_t gx, int64_t gy) {
    char verr[256];
    if (tile_ir_verify(f, verr, sizeof verr) != 0) {
        printf("FAIL: %s does not verify: %s\n", f->name, verr);
        failures++;
        return TILE_RUN_ERROR;
    }
    TileRunEnv env = {test_alloc, NULL, text_write, &out, NULL, NULL};
    int64_t grid[3] = {gx, gy, 1};
    out.len = 0;
    out.buf[0] = 0;
    return tile_interp_run(f, args, grid, &env, err, sizeof err);
}

static TileArg array_arg(void *data, int rank, const int64_t *shape) {
    TileArg a;
    memset(&a, 0, sizeof a);
    a.data = data;
    a.rank = rank;
    int64_t s = 1;
    for (int k = rank - 1; k >= 0; k--) {
        a.shape[k] = shape[k];
        a.strides[k] = s;
        s *= shape[k];
    }
    return a;
}

/* ---- small builders ---- */

static TileType ty(TileDType dt, int rank, int64_t d0, int64_t d1) {
    int64_t s[2] = {d0, d1};
    return tile_type_make(dt, rank, s);
}

static int op1(TileFunc *f, TileRegion *r, TileOpKind k, int a, TileType t) {
    return tile_op_new(f, r, k, 1, &a, &t, 1, 0)->result;
}

static int op2(TileFunc *f, TileRegion *r, TileOpKind k, int sub, int a, int b, TileType t) {
    int o[2] = {a, b};
    TileOp *op = tile_op_new(f, r, k, 2, o, &t, 1, 0);
    op->sub = sub;
    return op->result;
}

static int cint(TileFunc *f, TileRegion *r, TileDType dt, int64_t v) {
    TileType t = tile_type_scalar(dt);
    TileOp *op = tile_op_new(f, r, TOP_CONST, 0, NULL, &t, 1, 0);
    op->value.i = v;
    return op->result;
}

static int cfloat(TileFunc *f, TileRegion *r, TileType t, double v) {
    TileOp *op = tile_op_new(f, r, TOP_CONST, 0, NULL, &t, 1, 0);
    op->value.f = v;
    return op->result;
}

static int bid(TileFunc *f, TileRegion *r, int axis) {
    TileType i32 = tile_type_scalar(TDT_INT32);
    TileOp *op = tile_op_new(f, r, TOP_BID, 0, NULL, &i32, 1, 0);
    op->axis = axis;
    return op->result;
}

static int load(TileFunc *f, TileRegion *r, int array, int nidx, const int *idx, TileType t,
                TilePadding pad) {
    TileOp *op = tile_op_new(f, r, TOP_LOAD, nidx, idx, &t, 2, 0);
    op->array = array;
    op->padding = pad;
    return op->result;
}

static TileOp *store(TileFunc *f, TileRegion *r, int array, int nidx, const int *idx, int tile) {
    int o[TILE_MAX_RANK + 1];
    memcpy(o, idx, sizeof(int) * (size_t)nidx);
    o[nidx] = tile;
    TileOp *op = tile_op_new(f, r, TOP_STORE, nidx + 1, o, NULL, 3, 0);
    op->array = array;
    return op;
}

/* ---- cases ---- */

/* c = a + b, 1000 float32 elements in tiles of 96 (not a power of two): the last tile is
 * partial, its load padded and its store clipped; the elements past n must stay intact. */
static void test_vadd_partial(void) {
    TileFunc *f = tile_func_new(test_alloc, NULL, "vadd", "vadd.py", 1);
    int pa = tile_param_add(f, "a", TILE_PARAM_ARRAY, TDT_FLOAT32, 1, 0);
    int pb = tile_param_add(f, "b", TILE_PARAM_ARRAY, TDT_FLOAT32, 1, 1);
    int pc = tile_param_add(f, "c", TILE_PARAM_ARRAY, TDT_FLOAT32, 1, 2);
    TileType t = ty(TDT_FLOAT32, 1, 96, 0);
    int i = bid(f, &f->body, 0);
    int x = load(f, &f->body, pa, 1, &i, t, TP_ZERO);
    int y = load(f, &f->body, pb, 1, &i, t, TP_NAN);
    int s = op2(f, &f->body, TOP_BINARY, TB_ADD, x, y, t);
    store(f, &f->body, pc, 1, &i, s);
    enum { N = 1000 };
    static float a[N], b[N], c[N + 8];
    for (int k = 0; k < N; k++) {
        a[k] = (float)k * 0.5f;
        b[k] = (float)(k % 7) - 3.0f;
    }
    for (int k = 0; k < N + 8; k++)
        c[k] = -1.0f;
    int64_t n = N;
    TileArg args[3] = {array_arg(a, 1, &n), array_arg(b, 1, &n), array_arg(c, 1, &n)};
    CHECK(run(f, args, (N + 95) / 96, 1) == TILE_RUN_OK, "vadd: %s", err);
    int bad = 0;
    for (int k = 0; k < N; k++)
        bad += c[k] != a[k] + b[k];
    for (int k = N; k < N + 8; k++)
        bad += c[k] != -1.0f;
    CHECK(bad == 0, "vadd: %d wrong elements", bad);
    tile_func_free(f);
}

/* A 2-D load with order=(1, 0) (a transposed tile) from a strided view, with NEG_INF
 * padding at the edge, written back contiguous. */
static void test_load_order_padding(void) {
    TileFunc *f = tile_func_new(test_alloc, NULL, "tload", "tload.py", 1);
    int pa = tile_param_add(f, "a", TILE_PARAM_ARRAY, TDT_FLOAT32, 2, 0);
    int pc = tile_param_add(f, "c", TILE_PARAM_ARRAY, TDT_FLOAT32, 2, 1);
    TileType t = ty(TDT_FLOAT32, 2, 4, 4);
    int i = bid(f, &f->body, 0), j = bid(f, &f->body, 1);
    int idx[2] = {i, j};
    TileOp *ld = tile_op_new(f, &f->body, TOP_LOAD, 2, idx, &t, 2, 0);
    ld->array = pa;
    ld->padding = TP_NEG_INF;
    ld->perm[0] = 1;
    ld->perm[1] = 0;
    int sidx[2] = {i, j};
    store(f, &f->body, pc, 2, sidx, ld->result);
    /* a is the 6x5 view a_full[::1, ::2] of a 6x10 array */
    static float full[6][10], c[8][8];
    for (int r = 0; r < 6; r++)
        for (int q = 0; q < 10; q++)
            full[r][q] = (float)(r * 10 + q);
    TileArg args[2];
    memset(args, 0, sizeof args);
    args[0].data = full;
    args[0].rank = 2;
    args[0].shape[0] = 6;
    args[0].shape[1] = 5;
    args[0].strides[0] = 10;
    args[0].strides[1] = 2;
    int64_t cs[2] = {8, 8};
    args[1] = array_arg(c, 2, cs);
    /* c[y][x] = a[x][y] for the (8 x 8) tile space of a transposed 5x6 view */
    CHECK(run(f, args, 2, 2) == TILE_RUN_OK, "tload: %s", err);
    int bad = 0;
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 8; x++) {
            float want = (x < 6 && y < 5) ? full[x][2 * y] : -INFINITY;
            bad += c[y][x] != want;
        }
    CHECK(bad == 0, "tload: %d wrong elements", bad);
    tile_func_free(f);
}

/* acc slot += load(...) over a for loop with run-time bounds, then a row sum (REDUCE over
 * axis 1), a max, and a custom (multiply) reduction. */
static void test_loop_reduce(void) {
    TileFunc *f = tile_func_new(test_alloc, NULL, "rows", "rows.py", 1);
    int px = tile_param_add(f, "x", TILE_PARAM_ARRAY, TDT_FLOAT32, 2, 0);
    int po = tile_param_add(f, "o", TILE_PARAM_ARRAY, TDT_FLOAT32, 1, 1);
    int pn = tile_param_add(f, "nt", TILE_PARAM_SCALAR, TDT_INT32, 0, 2);
    TileType i32 = tile_type_scalar(TDT_INT32);
    TileType t = ty(TDT_FLOAT32, 2, 1, 8), row = ty(TDT_FLOAT32, 1, 1, 0);
    int acc = tile_var_add(f, "acc", t);
    int jv = tile_var_add(f, "j", i32);
    TileOp *par = tile_op_new(f, &f->body, TOP_PARAM, 0, NULL, &i32, 1, 0);
    par->param = pn;
    int zero = cfloat(f, &f->body, t, 0.0);
    TileOp *w = tile_op_new(f, &f->body, TOP_VAR_WRITE, 1, &zero, NULL, 1, 0);
    w->var = acc;
    int b = bid(f, &f->body, 0);
    int lo = cint(f, &f->body, TDT_INT32, 0), one = cint(f, &f->body, TDT_INT32, 1);
    int bounds[3] = {lo, par->result, one};
    TileOp *loop = tile_op_new(f, &f->body, TOP_FOR, 3, bounds, NULL, 1, 0);
    loop->var = jv;
    TileRegion *body = &loop->regions[0];
    TileOp *rj = tile_op_new(f, body, TOP_VAR_READ, 0, NULL, &i32, 1, 0);
    rj->var = jv;
    int idx[2] = {b, rj->result};
    int x = load(f, body, px, 2, idx, t, TP_ZERO);
    TileOp *ra = tile_op_new(f, body, TOP_VAR_READ, 0, NULL, &t, 1, 0);
    ra->var = acc;
    int s = op2(f, body, TOP_BINARY, TB_ADD, ra->result, x, t);
    TileOp *wa = tile_op_new(f, body, TOP_VAR_WRITE, 1, &s, NULL, 1, 0);
    wa->var = acc;
    TileOp *fin = tile_op_new(f, &f->body, TOP_VAR_READ, 0, NULL, &t, 1, 0);
    fin->var = acc;
    TileOp *red = tile_op_new(f, &f->body, TOP_REDUCE, 1, &fin->result, &row, 1, 0);
    red->sub = TR_SUM;
    red->axis = 1;
    store(f, &f->body, po, 1, &b, red->result);
    enum { M = 3, NC = 21 };
    static float xs[M][NC], o[M];
    for (int r = 0; r < M; r++)
        for (int q = 0; q < NC; q++)
            xs[r][q] = (float)(r + 1) * 0.25f * (float)(q % 5);
    int64_t xshape[2] = {M, NC}, oshape = M;
    TileArg args[3] = {array_arg(xs, 2, xshape), array_arg(o, 1, &oshape), {0}};
    args[2].scalar.i = (NC + 7) / 8;
    CHECK(run(f, args, M, 1) == TILE_RUN_OK, "rows: %s", err);
    for (int r = 0; r < M; r++) {
        float want = 0;
        for (int q = 0; q < NC; q++)
            want += xs[r][q];
        CHECK(o[r] == want, "rows: row %d sum %g, want %g", r, o[r], want);
    }
    tile_func_free(f);

    /* custom reduction: the product of an int32 tile, through the combiner region */
    f = tile_func_new(test_alloc, NULL, "prod", "prod.py", 1);
    int pr = tile_param_add(f, "r", TILE_PARAM_ARRAY, TDT_INT32, 1, 0);
    TileType v = ty(TDT_INT32, 1, 6, 0);
    TileOp *io = tile_op_new(f, &f->body, TOP_IOTA, 0, NULL, &v, 1, 0);
    io->value.i = 1;
    io->step = 1;
    int s0 = tile_var_add(f, "a", i32), s1 = tile_var_add(f, "b", i32);
    int ident = cint(f, &f->body, TDT_INT32, 1);
    int ro[2] = {io->result, ident};
    TileOp *cr = tile_op_new(f, &f->body, TOP_REDUCE, 2, ro, &i32, 1, 0);
    cr->sub = TR_CUSTOM;
    cr->axis = 0;
    cr->vars2[0] = s0;
    cr->vars2[1] = s1;
    TileOp *r0 = tile_op_new(f, &cr->regions[0], TOP_VAR_READ, 0, NULL, &i32, 1, 0);
    r0->var = s0;
    TileOp *r1 = tile_op_new(f, &cr->regions[0], TOP_VAR_READ, 0, NULL, &i32, 1, 0);
    r1->var = s1;
    int m = op2(f, &cr->regions[0], TOP_BINARY, TB_MUL, r0->result, r1->result, i32);
    tile_op_new(f, &cr->regions[0], TOP_YIELD, 1, &m, NULL, 1, 0);
    int z = cint(f, &f->body, TDT_INT32, 0);
    store(f, &f->body, pr, 1, &z,
          op1(f, &f->body, TOP_RESHAPE, cr->result, ty(TDT_INT32, 1, 1, 0)));
    int32_t res[1] = {0};
    int64_t one1 = 1;
    TileArg a1 = array_arg(res, 1, &one1);
    CHECK(run(f, &a1, 1, 1) == TILE_RUN_OK, "prod: %s", err);
    CHECK(res[0] == 720, "prod: %d, want 720", res[0]);
    tile_func_free(f);
}

/* c = a @ b + c with float16 operands and a float32 accumulator, 2 x 3 tiles of (8, 16),
 * K = 24 in tiles of 8 (an odd number of K steps, M = 13 so the last row tile is cut). */
static uint16_t to_half(float x) {
    /* the test's own float16 encoder for values exactly representable (small ints/4) */
    if (x == 0) return 0;
    uint32_t sign = x < 0 ? 0x8000 : 0;
    x = fabsf(x);
    int e;
    float m = frexpf(x, &e); /* x = m * 2^e, m in [0.5, 1) */
    uint32_t mant = (uint32_t)((m * 2 - 1) * 1024);
    return (uint16_t)(sign | (uint32_t)(e - 1 + 15) << 10 | mant);
}

static void test_mma(void) {
    TileFunc *f = tile_func_new(test_alloc, NULL, "mm", "mm.py", 1);
    int pa = tile_param_add(f, "a", TILE_PARAM_ARRAY, TDT_FLOAT16, 2, 0);
    int pb = tile_param_add(f, "b", TILE_PARAM_ARRAY, TDT_FLOAT16, 2, 1);
    int pc = tile_param_add(f, "c", TILE_PARAM_ARRAY, TDT_FLOAT32, 2, 2);
    TileType ta = ty(TDT_FLOAT16, 2, 8, 8), tb = ty(TDT_FLOAT16, 2, 8, 16);
    TileType tc = ty(TDT_FLOAT32, 2, 8, 16), i32 = tile_type_scalar(TDT_INT32);
    int bi = bid(f, &f->body, 0), bj = bid(f, &f->body, 1);
    int accv = tile_var_add(f, "acc", tc), kv = tile_var_add(f, "k", i32);
    int cidx[2] = {bi, bj};
    int c0 = load(f, &f->body, pc, 2, cidx, tc, TP_ZERO);
    TileOp *w = tile_op_new(f, &f->body, TOP_VAR_WRITE, 1, &c0, NULL, 1, 0);
    w->var = accv;
    int bnd[3] = {cint(f, &f->body, TDT_INT32, 0), cint(f, &f->body, TDT_INT32, 3),
                  cint(f, &f->body, TDT_INT32, 1)};
    TileOp *loop = tile_op_new(f, &f->body, TOP_FOR, 3, bnd, NULL, 1, 0);
    loop->var = kv;
    TileRegion *body = &loop->regions[0];
    TileOp *rk = tile_op_new(f, body, TOP_VAR_READ, 0, NULL, &i32, 1, 0);
    rk->var = kv;
    int ia[2] = {bi, rk->result}, ib[2] = {rk->result, bj};
    int a = load(f, body, pa, 2, ia, ta, TP_ZERO), b = load(f, body, pb, 2, ib, tb, TP_ZERO);
    TileOp *racc = tile_op_new(f, body, TOP_VAR_READ, 0, NULL, &tc, 1, 0);
    racc->var = accv;
    int mo[3] = {a, b, racc->result};
    TileOp *mm = tile_op_new(f, body, TOP_MMA, 3, mo, &tc, 1, 0);
    TileOp *wacc = tile_op_new(f, body, TOP_VAR_WRITE, 1, &mm->result, NULL, 1, 0);
    wacc->var = accv;
    TileOp *fin = tile_op_new(f, &f->body, TOP_VAR_READ, 0, NULL, &tc, 1, 0);
    fin->var = accv;
    store(f, &f->body, pc, 2, cidx, fin->result);
    enum { M = 13, K = 24, N = 48 };
    static uint16_t A[M][K], B[K][N];
    static float C[M][N], W[M][N];
    for (int i = 0; i < M; i++)
        for (int k = 0; k < K; k++)
            A[i][k] = to_half((float)((i * 3 + k) % 7 - 3) * 0.25f);
    for (int k = 0; k < K; k++)
        for (int j = 0; j < N; j++)
            B[k][j] = to_half((float)((k + 2 * j) % 5 - 2));
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            C[i][j] = (float)(i - j);
            float s = C[i][j];
            for (int k = 0; k < K; k++)
                s += ((float)((i * 3 + k) % 7 - 3) * 0.25f) * (float)((k + 2 * j) % 5 - 2);
            W[i][j] = s;
        }
    int64_t sa[2] = {M, K}, sb[2] = {K, N}, sc[2] = {M, N};
    TileArg args[3] = {array_arg(A, 2, sa), array_arg(B, 2, sb), array_arg(C, 2, sc)};
    CHECK(run(f, args, 2, 3) == TILE_RUN_OK, "mma: %s", err);
    int bad = 0;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++)
            bad += C[i][j] != W[i][j];
    CHECK(bad == 0, "mma: %d wrong elements", bad);
    tile_func_free(f);
}

/* gather with a mask and out-of-bounds indices, scatter of the doubled values, and
 * atomic_add with repeated indices (every update must land). */
static void test_gather_scatter_atomic(void) {
    TileFunc *f = tile_func_new(test_alloc, NULL, "gs", "gs.py", 1);
    int pa = tile_param_add(f, "a", TILE_PARAM_ARRAY, TDT_INT32, 1, 0);
    int pc = tile_param_add(f, "c", TILE_PARAM_ARRAY, TDT_INT32, 1, 1);
    int ph = tile_param_add(f, "h", TILE_PARAM_ARRAY, TDT_INT32, 1, 2);
    TileType v = ty(TDT_INT32, 1, 16, 0), bv = ty(TDT_BOOL, 1, 16, 0);
    TileOp *io = tile_op_new(f, &f->body, TOP_IOTA, 0, NULL, &v, 1, 0);
    io->value.i = -2; /* -2 .. 13: two below the array, and 13 past its 12 elements */
    io->step = 1;
    int two = cint(f, &f->body, TDT_INT32, 2);
    int tw = op1(f, &f->body, TOP_BROADCAST, two, v);
    int mod = op2(f, &f->body, TOP_BINARY, TB_MOD, io->result, tw, v);
    int zero = op1(f, &f->body, TOP_BROADCAST, cint(f, &f->body, TDT_INT32, 0), v);
    int even = op2(f, &f->body, TOP_COMPARE, TC_EQ, mod, zero, bv);
    int g[3] = {io->result, even, cint(f, &f->body, TDT_INT32, -7)};
    TileOp *ga = tile_op_new(f, &f->body, TOP_GATHER, 3, g, &v, 1, 0);
    ga->array = pa;
    ga->has_mask = true;
    int dbl = op2(f, &f->body, TOP_BINARY, TB_MUL, ga->result, tw, v);
    int sc[2] = {io->result, dbl};
    TileOp *sca = tile_op_new(f, &f->body, TOP_SCATTER, 2, sc, NULL, 1, 0);
    sca->array = pc;
    /* h[idx % 2 + 1] += 1 for all 16 indices (mod is 0 or 1: Python's sign) */
    int one = op1(f, &f->body, TOP_BROADCAST, cint(f, &f->body, TDT_INT32, 1), v);
    int hidx = op2(f, &f->body, TOP_BINARY, TB_ADD, mod, one, v);
    int at[2] = {hidx, one};
    TileOp *ad = tile_op_new(f, &f->body, TOP_ATOMIC_RMW, 2, at, &v, 1, 0);
    ad->array = ph;
    ad->sub = TR_SUM;
    int z = cint(f, &f->body, TDT_INT32, 0);
    (void)z;
    int32_t A[12], C[12], H[3] = {0, 0, 0};
    for (int k = 0; k < 12; k++) {
        A[k] = 100 + k;
        C[k] = 0;
    }
    int64_t n = 12, nh = 3;
    TileArg args[3] = {array_arg(A, 1, &n), array_arg(C, 1, &n), array_arg(H, 1, &nh)};
    CHECK(run(f, args, 1, 1) == TILE_RUN_OK, "gs: %s", err);
    int bad = 0;
    for (int k = 0; k < 12; k++)
        bad += C[k] != (k % 2 == 0 ? 2 * (100 + k) : -14);
    CHECK(bad == 0, "gs: %d wrong elements (C[0]=%d C[1]=%d)", bad, C[0], C[1]);
    CHECK(H[0] == 0 && H[1] == 8 && H[2] == 8, "atomic_add: %d %d %d", H[0], H[1], H[2]);
    tile_func_free(f);
}

/* Casts: float32 -> float16 rounds to nearest even (2049 -> 2048, 2051 -> 2052), float ->
 * int truncates toward zero and saturates, int // and % follow Python's signs. */
static void test_cast_and_int_division(void) {
    TileFunc *f = tile_func_new(test_alloc, NULL, "cast", "cast.py", 1);
    int pa = tile_param_add(f, "a", TILE_PARAM_ARRAY, TDT_FLOAT32, 1, 0);
    int pq = tile_param_add(f, "q", TILE_PARAM_ARRAY, TDT_INT32, 1, 1);
    int pm = tile_param_add(f, "m", TILE_PARAM_ARRAY, TDT_INT32, 1, 2);
    int ph = tile_param_add(f, "h", TILE_PARAM_ARRAY, TDT_FLOAT32, 1, 3);
    TileType t = ty(TDT_FLOAT32, 1, 8, 0), th = ty(TDT_FLOAT16, 1, 8, 0);
    TileType ti = ty(TDT_INT32, 1, 8, 0);
    int z = cint(f, &f->body, TDT_INT32, 0);
    int x = load(f, &f->body, pa, 1, &z, t, TP_ZERO);
    int h = op1(f, &f->body, TOP_CAST, x, th);
    store(f, &f->body, ph, 1, &z, op1(f, &f->body, TOP_CAST, h, t));
    int xi = op1(f, &f->body, TOP_CAST, x, ti);
    int three = op1(f, &f->body, TOP_BROADCAST, cint(f, &f->body, TDT_INT32, -3), ti);
    store(f, &f->body, pq, 1, &z, op2(f, &f->body, TOP_BINARY, TB_FLOORDIV, xi, three, ti));
    store(f, &f->body, pm, 1, &z, op2(f, &f->body, TOP_BINARY, TB_MOD, xi, three, ti));
    float A[8] = {2049.0f, 2051.0f, -7.9f, 7.9f, 1e20f, -1e20f, 0.5f, -10.0f};
    int32_t Q[8], Mo[8];
    float H[8];
    int64_t n = 8;
    TileArg args[4] = {array_arg(A, 1, &n), array_arg(Q, 1, &n), array_arg(Mo, 1, &n),
                       array_arg(H, 1, &n)};
    CHECK(run(f, args, 1, 1) == TILE_RUN_OK, "cast: %s", err);
    CHECK(H[0] == 2048.0f && H[1] == 2052.0f && isinf(H[4]) && H[6] == 0.5f,
          "float16 rounding: %g %g %g %g", H[0], H[1], H[4], H[6]);
    int32_t ints[8] = {2049, 2051, -7, 7, INT32_MAX, INT32_MIN, 0, -10};
    int bad = 0;
    for (int k = 0; k < 8; k++) {
        int64_t a = ints[k], q = a / -3, m = a % -3;
        if (m != 0 && ((m < 0) != (-3 < 0))) {
            q -= 1;
            m += -3;
        }
        bad += Q[k] != (int32_t)q || Mo[k] != (int32_t)m;
    }
    CHECK(bad == 0, "int //, %%: %d wrong (Q[2]=%d M[2]=%d)", bad, Q[2], Mo[2]);
    tile_func_free(f);
}

/* Shape ops: cat two arange tiles, permute a (2, 4) to (4, 2), extract the second (2, 2)
 * subtile, scan (cumsum) along axis 1 reversed, and printf of a 2-D tile. */
static void test_shapes_scan_printf(void) {
    TileFunc *f = tile_func_new(test_alloc, NULL, "sh", "sh.py", 1);
    int pr = tile_param_add(f, "r", TILE_PARAM_ARRAY, TDT_INT32, 2, 0);
    TileType v4 = ty(TDT_INT32, 1, 4, 0), v8 = ty(TDT_INT32, 1, 8, 0);
    TileType m24 = ty(TDT_INT32, 2, 2, 4), m42 = ty(TDT_INT32, 2, 4, 2),
             m22 = ty(TDT_INT32, 2, 2, 2);
    TileOp *a = tile_op_new(f, &f->body, TOP_IOTA, 0, NULL, &v4, 1, 0);
    a->step = 1;
    TileOp *b = tile_op_new(f, &f->body, TOP_IOTA, 0, NULL, &v4, 1, 0);
    b->value.i = 10;
    b->step = 10;
    int ab[2] = {a->result, b->result};
    TileOp *c = tile_op_new(f, &f->body, TOP_CAT, 2, ab, &v8, 1, 0);
    c->axis = 0;
    (void)v8;
    int m = op1(f, &f->body, TOP_RESHAPE, c->result, m24); /* [[0 1 2 3] [10 20 30 40]] */
    TileOp *p = tile_op_new(f, &f->body, TOP_PERMUTE, 1, &m, &m42, 1, 0);
    p->perm[0] = 1;
    p->perm[1] = 0;
    int ex[3] = {p->result, cint(f, &f->body, TDT_INT32, 1), cint(f, &f->body, TDT_INT32, 0)};
    TileOp *e = tile_op_new(f, &f->body, TOP_EXTRACT, 3, ex, &m22, 1, 0); /* [[2 30] [3 40]] */
    TileOp *sc = tile_op_new(f, &f->body, TOP_SCAN, 1, &e->result, &m22, 1, 0);
    sc->sub = TR_SUM;
    sc->axis = 1;
    sc->reverse = true; /* [[32 30] [43 40]] */
    int zi[2] = {cint(f, &f->body, TDT_INT32, 0), cint(f, &f->body, TDT_INT32, 0)};
    store(f, &f->body, pr, 2, zi, sc->result);
    TileOp *pf = tile_op_new(f, &f->body, TOP_PRINTF, 1, &p->result, NULL, 1, 0);
    pf->text = tile_strdup(f, "t=%lld %%\n");
    int32_t R[2][2] = {{0, 0}, {0, 0}};
    int64_t rs[2] = {2, 2};
    TileArg args[1] = {array_arg(R, 2, rs)};
    CHECK(run(f, args, 1, 1) == TILE_RUN_OK, "shapes: %s", err);
    CHECK(R[0][0] == 32 && R[0][1] == 30 && R[1][0] == 43 && R[1][1] == 40, "shapes: %d %d %d %d",
          R[0][0], R[0][1], R[1][0], R[1][1]);
    CHECK(strcmp(out.buf, "t=[[0, 10], [1, 20], [2, 30], [3, 40]] %\n") == 0, "printf: '%s'",
          out.buf);
    tile_func_free(f);
}

/* A failing ct.assert_ names the script line; a step-0 range is a RuntimeError. */
static void test_errors(void) {
    TileFunc *f = tile_func_new(test_alloc, NULL, "bad", "bad.py", 1);
    TileType bt = tile_type_scalar(TDT_BOOL);
    int b = bid(f, &f->body, 0);
    int one = cint(f, &f->body, TDT_INT32, 1);
    int lt = op2(f, &f->body, TOP_COMPARE, TC_LT, b, one, bt);
    TileOp *as = tile_op_new(f, &f->body, TOP_ASSERT, 1, &lt, NULL, 7, 4);
    as->text = tile_strdup(f, "only block 0");
    CHECK(run(f, NULL, 3, 1) == TILE_RUN_ASSERT, "assert status");
    CHECK(strcmp(err, "bad.py:7: only block 0 (block (1, 0, 0))") == 0, "assert text '%s'", err);
    tile_func_free(f);

    f = tile_func_new(test_alloc, NULL, "step0", "step0.py", 1);
    TileType i32 = tile_type_scalar(TDT_INT32);
    int jv = tile_var_add(f, "j", i32);
    int z = cint(f, &f->body, TDT_INT32, 0);
    int bnd[3] = {z, cint(f, &f->body, TDT_INT32, 4), z};
    TileOp *loop = tile_op_new(f, &f->body, TOP_FOR, 3, bnd, NULL, 9, 4);
    loop->var = jv;
    CHECK(run(f, NULL, 1, 1) == TILE_RUN_ERROR, "step 0 status");
    CHECK(strcmp(err, "step0.py:9: range() arg 3 must not be zero") == 0, "step text '%s'", err);
    tile_func_free(f);
}

/* The narrow float codecs round to nearest even at every boundary the formats have: the
 * largest finite values and the overflow to infinity, subnormals, and ties. */
static void test_float_codecs(void) {
    struct {
        float in;
        uint16_t want;
    } f16[] = {{65504.0f, 0x7bff},       {65519.0f, 0x7bff},       {65520.0f, 0x7c00},
               {5.9604645e-08f, 0x0001}, {2.9802322e-08f, 0x0000}, {8.940697e-08f, 0x0002},
               {1.0009765625f, 0x3c01},  {1.00048828125f, 0x3c00}, {1.00146484375f, 0x3c02},
               {-2.0f, 0xc000},          {INFINITY, 0x7c00},       {6.1035156e-05f, 0x0400}},
      bf16[] = {{1.00390625f, 0x3f80}, {1.01171875f, 0x3f82}, {-3.0f, 0xc040}, {INFINITY, 0x7f80}};
    for (size_t i = 0; i < sizeof f16 / sizeof f16[0]; i++) {
        uint16_t h = ti_f32_to_f16(f16[i].in);
        CHECK(h == f16[i].want, "f16(%g) = %#x, want %#x", f16[i].in, h, f16[i].want);
        if (f16[i].in < 65520.0f)
            CHECK(ti_f16_to_f32(h) == ti_f16_to_f32(f16[i].want), "f16 decode %#x", h);
    }
    CHECK(ti_f16_to_f32(0x0001) == 5.9604645e-08f && ti_f16_to_f32(0x7bff) == 65504.0f,
          "f16 decode of the extremes");
    CHECK(isnan(ti_f16_to_f32(ti_f32_to_f16(NAN))), "f16 NaN");
    for (size_t i = 0; i < sizeof bf16 / sizeof bf16[0]; i++) {
        uint16_t h = ti_f32_to_bf16(bf16[i].in);
        CHECK(h == bf16[i].want, "bf16(%g) = %#x, want %#x", bf16[i].in, h, bf16[i].want);
    }
    CHECK(ti_f32_to_tf32(1.0f + 1.0f / 4096) == 1.0f, "tf32 tie to even");
    CHECK(ti_f32_to_tf32(1.0f + 3.0f / 4096) == 1.0f + 4.0f / 4096, "tf32 round up");
    /* float8_e4m3fn: max 448, no infinity (overflow is NaN), subnormal step 2^-9 */
    CHECK(ti_f32_to_e4m3(448.0f) == 0x7e && ti_f32_to_e4m3(464.0f) == 0x7e, "e4m3 max");
    CHECK(ti_f32_to_e4m3(-480.0f) == 0xff, "e4m3 overflow to NaN");
    CHECK(ti_e4m3_to_f32(0x01) == 0.001953125f && ti_f32_to_e4m3(0.0029296875f) == 0x02,
          "e4m3 subnormals (1.5 steps rounds to 2)");
    CHECK(ti_e4m3_to_f32(ti_f32_to_e4m3(-1.7f)) == -1.75f, "e4m3 -1.7");
    /* float8_e5m2: max 57344, overflow to infinity */
    CHECK(ti_f32_to_e5m2(57344.0f) == 0x7b && ti_f32_to_e5m2(61440.0f) == 0x7c, "e5m2 max/inf");
    CHECK(isinf(ti_e5m2_to_f32(0x7c)) && isnan(ti_e5m2_to_f32(0x7e)), "e5m2 specials");
    CHECK(ti_e5m2_to_f32(ti_f32_to_e5m2(3.14159f)) == 3.0f, "e5m2 pi");
}

/* A kernel that never ends (a spin on a lock nobody releases) stops when the host's poll
 * says so. */
static int polls_left;
static bool test_poll(void *ud) {
    (void)ud;
    return --polls_left > 0;
}

static void test_interrupt(void) {
    TileFunc *f = tile_func_new(test_alloc, NULL, "spin", "spin.py", 1);
    TileOp *w = tile_op_new(f, &f->body, TOP_WHILE, 0, NULL, NULL, 4, 4);
    TileType bt = tile_type_scalar(TDT_BOOL);
    TileOp *c = tile_op_new(f, &w->regions[0], TOP_CONST, 0, NULL, &bt, 4, 10);
    c->value.i = 1;
    tile_op_new(f, &w->regions[0], TOP_YIELD, 1, &c->result, NULL, 4, 10);
    char verr[256];
    CHECK(tile_ir_verify(f, verr, sizeof verr) == 0, "spin verifies: %s", verr);
    TileRunEnv env = {test_alloc, NULL, text_write, &out, test_poll, NULL};
    int64_t grid[3] = {1, 1, 1};
    polls_left = 1000;
    CHECK(tile_interp_run(f, NULL, grid, &env, err, sizeof err) == TILE_RUN_INTERRUPTED,
          "spin: interrupted");
    CHECK(polls_left == 0, "spin: polled until told to stop (%d left)", polls_left);
    tile_func_free(f);
}

/* The speed the tests need: a 4096-element float32 vadd over 1024 blocks, and a 1M-element
 * one in tiles of 1024, each well under a second. */
static void test_speed(void) {
    for (int round = 0; round < 2; round++) {
        int64_t tile = round ? 1024 : 4, n = round ? 1 << 20 : 4096;
        TileFunc *f = tile_func_new(test_alloc, NULL, "vadd", "vadd.py", 1);
        int pa = tile_param_add(f, "a", TILE_PARAM_ARRAY, TDT_FLOAT32, 1, 0);
        int pc = tile_param_add(f, "c", TILE_PARAM_ARRAY, TDT_FLOAT32, 1, 1);
        TileType t = ty(TDT_FLOAT32, 1, tile, 0);
        int i = bid(f, &f->body, 0);
        int x = load(f, &f->body, pa, 1, &i, t, TP_ZERO);
        int y = load(f, &f->body, pc, 1, &i, t, TP_ZERO);
        store(f, &f->body, pc, 1, &i, op2(f, &f->body, TOP_BINARY, TB_ADD, x, y, t));
        float *a = calloc((size_t)n, 4), *c = calloc((size_t)n, 4);
        for (int64_t k = 0; k < n; k++)
            a[k] = 1.0f;
        TileArg args[2] = {array_arg(a, 1, &n), array_arg(c, 1, &n)};
        clock_t t0 = clock();
        CHECK(run(f, args, n / tile, 1) == TILE_RUN_OK, "speed: %s", err);
        double s = (double)(clock() - t0) / CLOCKS_PER_SEC;
        CHECK(c[0] == 1.0f && c[n - 1] == 1.0f, "speed: wrong result");
        CHECK(s < 0.5, "speed: %lld blocks of %lld took %.3f s", (long long)(n / tile),
              (long long)tile, s);
        printf("vadd %lld elements in %lld blocks: %.2f ms\n", (long long)n, (long long)(n / tile),
               s * 1000);
        free(a);
        free(c);
        tile_func_free(f);
    }
}

int main(void) {
    test_vadd_partial();
    test_load_order_padding();
    test_loop_reduce();
    test_mma();
    test_gather_scatter_atomic();
    test_cast_and_int_division();
    test_shapes_scan_printf();
    test_errors();
    test_float_codecs();
    test_interrupt();
    test_speed();
    printf("%d checks, %d failures\n", checks, failures);
    return failures ? 1 : 0;
}
