/* interp_internal.h: what the files of the tile interpreter share (see interp.h).
 *
 * TileExec is one launch: every value of the function has a fixed buffer (its type is
 * static, so the size is known before the first block), every variable slot too, plus one
 * scratch area sized for the largest temporary any op needs. Ops read their operands'
 * buffers and write their result's; nothing is allocated per block or per op.
 *
 * The dtype lists below drive every typed loop: a macro instantiates one loop per storage
 * type, so the work per element is plain C arithmetic on that type. Floats narrower than
 * float32 (and tfloat32) are loaded into float, computed there and rounded back on store,
 * which is what the GPU code does (krait's lowering computes __half math in float too). */
#ifndef KRAIT_TILE_INTERP_INTERNAL_H
#define KRAIT_TILE_INTERP_INTERNAL_H

#include <stdint.h>
#include <string.h>

#include "interp.h"

/* ---------------------------------------------------------------- small floats */

/* float16 / bfloat16 / float8 codecs, round to nearest even (interp_float.c). NaN stays
 * NaN; overflow gives infinity where the format has one, NaN otherwise (float8_e4m3fn). */
float ti_f16_to_f32(uint16_t h);
uint16_t ti_f32_to_f16(float f);
float ti_bf16_to_f32(uint16_t h);
uint16_t ti_f32_to_bf16(float f);
float ti_e4m3_to_f32(uint8_t b);
uint8_t ti_f32_to_e4m3(float f);
float ti_e5m2_to_f32(uint8_t b);
uint8_t ti_f32_to_e5m2(float f);
float ti_f32_to_tf32(float f); /* keep 10 mantissa bits */

#define TI_SAME(x) (x)

/* Float dtypes: X(id, storage C type, compute C type, load, store). */
#define TI_FLOAT_DTYPES(X)                                                                         \
    X(FLOAT16, uint16_t, float, ti_f16_to_f32, ti_f32_to_f16)                                      \
    X(BFLOAT16, uint16_t, float, ti_bf16_to_f32, ti_f32_to_bf16)                                   \
    X(FLOAT32, float, float, TI_SAME, TI_SAME)                                                     \
    X(FLOAT64, double, double, TI_SAME, TI_SAME)                                                   \
    X(TFLOAT32, float, float, TI_SAME, ti_f32_to_tf32)                                             \
    X(FLOAT8_E4M3FN, uint8_t, float, ti_e4m3_to_f32, ti_f32_to_e4m3)                               \
    X(FLOAT8_E5M2, uint8_t, float, ti_e5m2_to_f32, ti_f32_to_e5m2)

/* Integer dtypes: X(id, C type, signed). bool is separate (uint8_t holding 0 or 1). */
#define TI_INT_DTYPES(X)                                                                           \
    X(INT8, int8_t, 1)                                                                             \
    X(INT16, int16_t, 1)                                                                           \
    X(INT32, int32_t, 1)                                                                           \
    X(INT64, int64_t, 1)                                                                           \
    X(UINT8, uint8_t, 0)                                                                           \
    X(UINT16, uint16_t, 0)                                                                         \
    X(UINT32, uint32_t, 0)                                                                         \
    X(UINT64, uint64_t, 0)

/* ---------------------------------------------------------------- the launch */

typedef enum TiFlow { TI_NEXT, TI_BREAK, TI_CONTINUE, TI_RETURN, TI_FAIL } TiFlow;

typedef struct TileExec {
    const TileFunc *f;
    const TileArg *args;
    const TileRunEnv *env;
    char **vals;  /* per value id: its buffer */
    char **slots; /* per variable slot */
    char *scratch;
    size_t scratch_size;
    int64_t bid[3], grid[3];
    int yielded; /* the value id of the last YIELD */
    TileRunStatus status;
    char *err;
    size_t errsize;
} TileExec;

/* Records a failure of op (status and "file:line: message"); returns TI_FAIL. */
TiFlow ti_fail(TileExec *ex, const TileOp *op, TileRunStatus st, const char *fmt, ...);

static inline const TileType *ti_type(const TileExec *ex, int v) {
    return &ex->f->values[v].type;
}
static inline int64_t ti_numel(const TileExec *ex, int v) {
    return tile_type_numel(ti_type(ex, v));
}
static inline int ti_esize(TileDType dt) {
    return tile_dtype_size(dt);
}

/* Runs the ops of a region in order (interp_run.c). */
TiFlow ti_exec_region(TileExec *ex, const TileRegion *r);

/* ---------------------------------------------------------------- conversions (interp_cast.c) */

/* A whole tile of dt to double / int64 (ints keep their bits: uint64 above INT64_MAX wraps,
 * and from_i64 truncates back), and back; from_f64 to an int dtype truncates toward zero
 * and saturates, NaN giving 0 (the GPU's cvt.rzi.sat). */
void ti_to_f64(TileDType dt, const void *src, int64_t n, double *out);
void ti_to_i64(TileDType dt, const void *src, int64_t n, int64_t *out);
void ti_from_f64(TileDType dt, const double *src, int64_t n, void *out);
void ti_from_i64(TileDType dt, const int64_t *src, int64_t n, void *out);
/* CAST from sdt to ddt through scratch (n * 8 bytes). */
void ti_cast(TileDType sdt, const void *src, TileDType ddt, void *dst, int64_t n, void *scratch);
/* One scalar of dt (the IR's TileScalar interpretation) as element bytes at out. */
void ti_scalar_bytes(TileDType dt, TileScalar s, void *out);
/* The scalar at p of dt as int64 (indices, loop bounds) or as a truth value. */
int64_t ti_read_int(TileDType dt, const void *p);
/* Fills n elements of size esize at dst with the element at src. */
void ti_fill(void *dst, const void *src, int64_t n, int esize);

/* ---------------------------------------------------------------- elementwise
 * (interp_elementwise.c) */

/* r[i] = a[i] op b[i] for n elements of dt (r may alias a). */
void ti_binary(TileBinop op, TileDType dt, const void *a, const void *b, void *r, int64_t n);
void ti_unary(TileUnop op, TileDType dt, const void *x, void *r, int64_t n);
void ti_compare(TileCmpop op, TileDType dt, const void *a, const void *b, uint8_t *r, int64_t n);
void ti_select(const uint8_t *c, const void *a, const void *b, void *r, int64_t n, int esize);

/* ---------------------------------------------------------------- data movement (interp_shape.c)
 */

/* Copies a box of shape[0..rank) elements of esize bytes from src (strides in elements) to
 * dst (strides in elements); strides may be zero (broadcast) or negative. */
void ti_copy_box(char *dst, const int64_t *dst_strides, const char *src, const int64_t *src_strides,
                 const int64_t *shape, int rank, int esize);
/* Row-major element strides of a shape. */
void ti_contiguous_strides(const int64_t *shape, int rank, int64_t *strides);

TiFlow ti_op_broadcast(TileExec *ex, const TileOp *op);
TiFlow ti_op_permute(TileExec *ex, const TileOp *op);
TiFlow ti_op_cat(TileExec *ex, const TileOp *op);
TiFlow ti_op_extract(TileExec *ex, const TileOp *op);
TiFlow ti_op_insert(TileExec *ex, const TileOp *op);

/* ---------------------------------------------------------------- memory (interp_memory.c) */

TiFlow ti_op_load(TileExec *ex, const TileOp *op);
TiFlow ti_op_store(TileExec *ex, const TileOp *op);
TiFlow ti_op_gather(TileExec *ex, const TileOp *op);
TiFlow ti_op_scatter(TileExec *ex, const TileOp *op);
TiFlow ti_op_atomic(TileExec *ex, const TileOp *op);

/* ---------------------------------------------------------------- reductions (interp_reduce.c) */

TiFlow ti_op_reduce(TileExec *ex, const TileOp *op);
TiFlow ti_op_argreduce(TileExec *ex, const TileOp *op);
TiFlow ti_op_scan(TileExec *ex, const TileOp *op);
TiFlow ti_op_mma(TileExec *ex, const TileOp *op);

/* ---------------------------------------------------------------- printing (interp_print.c) */

TiFlow ti_op_printf(TileExec *ex, const TileOp *op);

/* Scratch bytes op needs (for the launch's single scratch area). */
size_t ti_scratch_need(const TileExec *ex, const TileOp *op);

#endif
