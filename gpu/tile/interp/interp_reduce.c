/* interp_reduce.c: REDUCE, ARGREDUCE, SCAN and MMA.
 *
 * A reduction along an axis sees the tile as (outer, n, inner) and keeps one accumulator
 * per inner position, so the innermost loop runs over contiguous elements whatever the
 * axis. Accumulators are in the compute type (float for float16/bfloat16/float32 --
 * float32 sums stay in float32 as on the GPU, though the order of the additions differs
 * from the GPU's tree, which is within float rounding -- double for float64, the integer
 * type with wrapping for ints). A CUSTOM combiner (ct.reduce / ct.scan with a function)
 * runs its region once per element pair through the two scalar slots the IR names.
 *
 * MMA converts its operands to the accumulator's compute type once (float for float32,
 * float16 and narrower accumulators, double for float64, int64 wrapping to int32 for
 * integer ones) and runs an i-k-j loop, so the products of float16/bfloat16/tfloat32
 * inputs are exact in float and only the sums round, as on tensor cores. */
#include <math.h>

#include "interp_internal.h"

static void split_axis(const TileType *t, int axis, int64_t *outer, int64_t *n, int64_t *inner) {
    *outer = *inner = 1;
    for (int k = 0; k < axis; k++)
        *outer *= t->shape[k];
    *n = t->shape[axis];
    for (int k = axis + 1; k < t->rank; k++)
        *inner *= t->shape[k];
}

/* acc[j] = acc[j] (op) row[j] for the built-in combiners, in compute type CT. */
#define TI_COMBINE_F(sub, acc, v)                                                                  \
    switch (sub) {                                                                                 \
    case TR_SUM: acc += v; break;                                                                  \
    case TR_PROD: acc *= v; break;                                                                 \
    case TR_MAX: acc = fmax(acc, v); break;                                                        \
    case TR_MIN: acc = fmin(acc, v); break;                                                        \
    default: break;                                                                                \
    }
#define TI_COMBINE_I(T, sub, acc, v)                                                               \
    switch (sub) {                                                                                 \
    case TR_SUM: acc = (T)((uint64_t)acc + (uint64_t)v); break;                                    \
    case TR_PROD: acc = (T)((uint64_t)acc * (uint64_t)v); break;                                   \
    case TR_MAX: acc = acc > v ? acc : v; break;                                                   \
    case TR_MIN: acc = acc < v ? acc : v; break;                                                   \
    case TR_AND: acc = (T)(acc & v); break;                                                        \
    case TR_OR: acc = (T)(acc | v); break;                                                         \
    case TR_XOR: acc = (T)(acc ^ v); break;                                                        \
    default: break;                                                                                \
    }

#define X(id, ST, CT, LD, SD)                                                                      \
    static void reduce_##id(int sub, const ST *x, ST *r, int64_t outer, int64_t n, int64_t inner,  \
                            void *scratch) {                                                       \
        CT *acc = scratch;                                                                         \
        for (int64_t o = 0; o < outer; o++) {                                                      \
            const ST *xo = x + o * n * inner;                                                      \
            for (int64_t j = 0; j < inner; j++)                                                    \
                acc[j] = LD(xo[j]);                                                                \
            for (int64_t k = 1; k < n; k++) {                                                      \
                const ST *row = xo + k * inner;                                                    \
                for (int64_t j = 0; j < inner; j++) {                                              \
                    CT v = LD(row[j]);                                                             \
                    TI_COMBINE_F(sub, acc[j], v)                                                   \
                }                                                                                  \
            }                                                                                      \
            for (int64_t j = 0; j < inner; j++)                                                    \
                r[o * inner + j] = SD(acc[j]);                                                     \
        }                                                                                          \
    }                                                                                              \
    static void scan_##id(int sub, const ST *x, ST *r, int64_t outer, int64_t n, int64_t inner,    \
                          bool reverse, void *scratch) {                                           \
        CT *acc = scratch;                                                                         \
        for (int64_t o = 0; o < outer; o++) {                                                      \
            for (int64_t s = 0; s < n; s++) {                                                      \
                int64_t k = reverse ? n - 1 - s : s, base = (o * n + k) * inner;                   \
                for (int64_t j = 0; j < inner; j++) {                                              \
                    CT v = LD(x[base + j]);                                                        \
                    if (s == 0)                                                                    \
                        acc[j] = v;                                                                \
                    else {                                                                         \
                        TI_COMBINE_F(sub, acc[j], v)                                               \
                    }                                                                              \
                    r[base + j] = SD(acc[j]);                                                      \
                }                                                                                  \
            }                                                                                      \
        }                                                                                          \
    }                                                                                              \
    static void argreduce_##id(bool is_max, const ST *x, int64_t *r, int64_t outer, int64_t n,     \
                               int64_t inner) {                                                    \
        for (int64_t o = 0; o < outer; o++)                                                        \
            for (int64_t j = 0; j < inner; j++) {                                                  \
                const ST *p = x + o * n * inner + j;                                               \
                CT best = LD(p[0]);                                                                \
                int64_t bi = 0;                                                                    \
                for (int64_t k = 1; k < n; k++) { /* NaN ignored (cuTile 1.7); all NaN: 0 */       \
                    CT v = LD(p[k * inner]);                                                       \
                    if (!isnan(v) && (isnan(best) || (is_max ? v > best : v < best))) {            \
                        best = v;                                                                  \
                        bi = k;                                                                    \
                    }                                                                              \
                }                                                                                  \
                r[o * inner + j] = bi;                                                             \
            }                                                                                      \
    }
TI_FLOAT_DTYPES(X)
#undef X

#define X(id, T, SIGNED)                                                                           \
    static void reduce_##id(int sub, const T *x, T *r, int64_t outer, int64_t n, int64_t inner,    \
                            void *scratch) {                                                       \
        T *acc = scratch;                                                                          \
        for (int64_t o = 0; o < outer; o++) {                                                      \
            const T *xo = x + o * n * inner;                                                       \
            for (int64_t j = 0; j < inner; j++)                                                    \
                acc[j] = xo[j];                                                                    \
            for (int64_t k = 1; k < n; k++) {                                                      \
                const T *row = xo + k * inner;                                                     \
                for (int64_t j = 0; j < inner; j++) {                                              \
                    T v = row[j];                                                                  \
                    TI_COMBINE_I(T, sub, acc[j], v)                                                \
                }                                                                                  \
            }                                                                                      \
            memcpy(r + o * inner, acc, (size_t)inner * sizeof(T));                                 \
        }                                                                                          \
    }                                                                                              \
    static void scan_##id(int sub, const T *x, T *r, int64_t outer, int64_t n, int64_t inner,      \
                          bool reverse, void *scratch) {                                           \
        T *acc = scratch;                                                                          \
        for (int64_t o = 0; o < outer; o++) {                                                      \
            for (int64_t s = 0; s < n; s++) {                                                      \
                int64_t k = reverse ? n - 1 - s : s, base = (o * n + k) * inner;                   \
                for (int64_t j = 0; j < inner; j++) {                                              \
                    T v = x[base + j];                                                             \
                    if (s == 0)                                                                    \
                        acc[j] = v;                                                                \
                    else {                                                                         \
                        TI_COMBINE_I(T, sub, acc[j], v)                                            \
                    }                                                                              \
                    r[base + j] = acc[j];                                                          \
                }                                                                                  \
            }                                                                                      \
        }                                                                                          \
    }                                                                                              \
    static void argreduce_##id(bool is_max, const T *x, int64_t *r, int64_t outer, int64_t n,      \
                               int64_t inner) {                                                    \
        for (int64_t o = 0; o < outer; o++)                                                        \
            for (int64_t j = 0; j < inner; j++) {                                                  \
                const T *p = x + o * n * inner + j;                                                \
                T best = p[0];                                                                     \
                int64_t bi = 0;                                                                    \
                for (int64_t k = 1; k < n; k++) {                                                  \
                    T v = p[k * inner];                                                            \
                    if (is_max ? v > best : v < best) {                                            \
                        best = v;                                                                  \
                        bi = k;                                                                    \
                    }                                                                              \
                }                                                                                  \
                r[o * inner + j] = bi;                                                             \
            }                                                                                      \
    }
TI_INT_DTYPES(X)
X(BOOL, uint8_t, 0)
#undef X

/* The CUSTOM combiner over (outer, n, inner): slot vars2[0] holds the accumulator, slot
 * vars2[1] the next element; region 0 yields the combination. With scan, every
 * intermediate is stored. */
static TiFlow custom_fold(TileExec *ex, const TileOp *op, const char *x, char *r, int64_t outer,
                          int64_t n, int64_t inner, int esize, bool scan) {
    char *acc = ex->slots[op->vars2[0]], *next = ex->slots[op->vars2[1]];
    const char *identity = ex->vals[op->operands[1]];
    for (int64_t o = 0; o < outer; o++)
        for (int64_t j = 0; j < inner; j++) {
            memcpy(acc, identity, (size_t)esize);
            for (int64_t s = 0; s < n; s++) {
                int64_t k = scan && op->reverse ? n - 1 - s : s;
                memcpy(next, x + ((o * n + k) * inner + j) * esize, (size_t)esize);
                TiFlow fl = ti_exec_region(ex, &op->regions[0]);
                if (fl == TI_FAIL) return fl;
                memcpy(acc, ex->vals[ex->yielded], (size_t)esize);
                if (scan) memcpy(r + ((o * n + k) * inner + j) * esize, acc, (size_t)esize);
            }
            if (!scan) memcpy(r + (o * inner + j) * esize, acc, (size_t)esize);
        }
    return TI_NEXT;
}

/* A CUSTOM combiner over a tuple of op->ncomp tiles (ir.h): every accumulator is carried,
 * the result keeps component op->comp. */
static TiFlow tuple_fold(TileExec *ex, const TileOp *op, char *r, int64_t outer, int64_t n,
                         int64_t inner, bool scan) {
    int nc = op->ncomp, comp = op->comp;
    const TileOp *y = op->regions[0].last;
    int csize = ti_esize(ti_type(ex, op->operands[comp])->dtype);
    for (int64_t o = 0; o < outer; o++)
        for (int64_t j = 0; j < inner; j++) {
            for (int i = 0; i < nc; i++)
                memcpy(ex->slots[op->cslots[i]], ex->vals[op->operands[nc + i]],
                       (size_t)ti_esize(ti_type(ex, op->operands[i])->dtype));
            for (int64_t s = 0; s < n; s++) {
                int64_t k = scan && op->reverse ? n - 1 - s : s, e = (o * n + k) * inner + j;
                for (int i = 0; i < nc; i++) {
                    int es = ti_esize(ti_type(ex, op->operands[i])->dtype);
                    memcpy(ex->slots[op->cslots[nc + i]], ex->vals[op->operands[i]] + e * es,
                           (size_t)es);
                }
                TiFlow fl = ti_exec_region(ex, &op->regions[0]);
                if (fl == TI_FAIL) return fl;
                for (int i = 0; i < nc; i++)
                    memcpy(ex->slots[op->cslots[i]], ex->vals[y->operands[i]],
                           (size_t)ti_esize(ti_type(ex, op->operands[i])->dtype));
                if (scan) memcpy(r + e * csize, ex->slots[op->cslots[comp]], (size_t)csize);
            }
            if (!scan)
                memcpy(r + (o * inner + j) * csize, ex->slots[op->cslots[comp]], (size_t)csize);
        }
    return TI_NEXT;
}

TiFlow ti_op_reduce(TileExec *ex, const TileOp *op) {
    const TileType *xt = ti_type(ex, op->operands[0]);
    int64_t outer, n, inner;
    split_axis(xt, op->axis, &outer, &n, &inner);
    const void *x = ex->vals[op->operands[0]];
    void *r = ex->vals[op->result];
    if (op->ncomp > 0) return tuple_fold(ex, op, r, outer, n, inner, false);
    if (op->sub == TR_CUSTOM)
        return custom_fold(ex, op, x, r, outer, n, inner, ti_esize(xt->dtype), false);
    switch (xt->dtype) {
#define X(id, ...)                                                                                 \
    case TDT_##id: reduce_##id(op->sub, x, r, outer, n, inner, ex->scratch); break;
        TI_FLOAT_DTYPES(X)
        TI_INT_DTYPES(X)
        X(BOOL)
#undef X
    default: break;
    }
    return TI_NEXT;
}

TiFlow ti_op_scan(TileExec *ex, const TileOp *op) {
    const TileType *xt = ti_type(ex, op->operands[0]);
    int64_t outer, n, inner;
    split_axis(xt, op->axis, &outer, &n, &inner);
    const void *x = ex->vals[op->operands[0]];
    void *r = ex->vals[op->result];
    if (op->ncomp > 0) return tuple_fold(ex, op, r, outer, n, inner, true);
    if (op->sub == TR_CUSTOM)
        return custom_fold(ex, op, x, r, outer, n, inner, ti_esize(xt->dtype), true);
    switch (xt->dtype) {
#define X(id, ...)                                                                                 \
    case TDT_##id: scan_##id(op->sub, x, r, outer, n, inner, op->reverse, ex->scratch); break;
        TI_FLOAT_DTYPES(X)
        TI_INT_DTYPES(X)
        X(BOOL)
#undef X
    default: break;
    }
    return TI_NEXT;
}

TiFlow ti_op_argreduce(TileExec *ex, const TileOp *op) {
    const TileType *xt = ti_type(ex, op->operands[0]);
    int64_t outer = 1, n = tile_type_numel(xt), inner = 1;
    if (op->axis >= 0) split_axis(xt, op->axis, &outer, &n, &inner);
    const void *x = ex->vals[op->operands[0]];
    int64_t *idx = (int64_t *)ex->scratch;
    bool is_max = op->sub == TR_MAX;
    switch (xt->dtype) {
#define X(id, ...)                                                                                 \
    case TDT_##id: argreduce_##id(is_max, x, idx, outer, n, inner); break;
        TI_FLOAT_DTYPES(X)
        TI_INT_DTYPES(X)
        X(BOOL)
#undef X
    default: break;
    }
    ti_from_i64(ti_type(ex, op->result)->dtype, idx, outer * inner, ex->vals[op->result]);
    return TI_NEXT;
}

/* ---------------------------------------------------------------- mma */

#define TI_MMA_LOOP(T, A, B, C, batches, M, N, K, astep, bstep)                                    \
    for (int64_t bt = 0; bt < batches; bt++) {                                                     \
        const T *a = A + bt * astep, *b = B + bt * bstep;                                          \
        T *c = C + bt * M * N;                                                                     \
        for (int64_t i = 0; i < M; i++)                                                            \
            for (int64_t k = 0; k < K; k++) {                                                      \
                T av = a[i * K + k];                                                               \
                const T *brow = b + k * N;                                                         \
                T *crow = c + i * N;                                                               \
                for (int64_t j = 0; j < N; j++)                                                    \
                    crow[j] += av * brow[j];                                                       \
            }                                                                                      \
    }

TiFlow ti_op_mma(TileExec *ex, const TileOp *op) {
    const TileType *at = ti_type(ex, op->operands[0]), *bt = ti_type(ex, op->operands[1]);
    const TileType *ct = ti_type(ex, op->result);
    int64_t M = at->shape[at->rank - 2], K = at->shape[at->rank - 1], N = bt->shape[bt->rank - 1];
    int64_t batches = ct->rank == 3 ? ct->shape[0] : 1;
    int64_t astep = at->rank == 3 && at->shape[0] > 1 ? M * K : 0;
    int64_t bstep = bt->rank == 3 && bt->shape[0] > 1 ? K * N : 0;
    int64_t na = tile_type_numel(at), nb = tile_type_numel(bt), nc = tile_type_numel(ct);
    /* scratch: A, B, C in the compute type (8 bytes each at most) */
    char *s = ex->scratch;
    double *wa = (double *)s, *wb = wa + na, *wc = wb + nb;
    const void *acc = ex->vals[op->operands[2]];
    TileDType cdt = ct->dtype;
    if (tile_dtype_is_int(cdt)) {
        int64_t *ia = (int64_t *)wa, *ib = (int64_t *)wb, *ic = (int64_t *)wc;
        ti_to_i64(at->dtype, ex->vals[op->operands[0]], na, ia);
        ti_to_i64(bt->dtype, ex->vals[op->operands[1]], nb, ib);
        ti_to_i64(cdt, acc, nc, ic);
        TI_MMA_LOOP(int64_t, ia, ib, ic, batches, M, N, K, astep, bstep)
        ti_from_i64(cdt, ic, nc, ex->vals[op->result]);
    } else if (cdt == TDT_FLOAT64) {
        ti_to_f64(at->dtype, ex->vals[op->operands[0]], na, wa);
        ti_to_f64(bt->dtype, ex->vals[op->operands[1]], nb, wb);
        ti_to_f64(cdt, acc, nc, wc);
        TI_MMA_LOOP(double, wa, wb, wc, batches, M, N, K, astep, bstep)
        ti_from_f64(cdt, wc, nc, ex->vals[op->result]);
    } else {
        /* float compute: convert through double, then narrow in place front to back (a
         * float at index i never overlaps a double not yet read) */
        float *fa = (float *)wa, *fb = (float *)wb, *fc = (float *)wc;
        ti_to_f64(at->dtype, ex->vals[op->operands[0]], na, wa);
        ti_to_f64(bt->dtype, ex->vals[op->operands[1]], nb, wb);
        ti_to_f64(cdt, acc, nc, wc);
        for (int64_t i = 0; i < na; i++)
            fa[i] = (float)wa[i];
        for (int64_t i = 0; i < nb; i++)
            fb[i] = (float)wb[i];
        for (int64_t i = 0; i < nc; i++)
            fc[i] = (float)wc[i];
        TI_MMA_LOOP(float, fa, fb, fc, batches, M, N, K, astep, bstep)
        for (int64_t i = nc - 1; i >= 0; i--)
            wc[i] = (double)fc[i];
        ti_from_f64(cdt, wc, nc, ex->vals[op->result]);
    }
    return TI_NEXT;
}
