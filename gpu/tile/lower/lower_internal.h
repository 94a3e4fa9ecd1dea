/* lower_internal.h: what the lowering's files (lower.c: the kernel's frame, control flow and
 * #line; lower_ops.c: one emitter per op) share and nothing else includes. */
#ifndef KRAIT_GPU_TILE_LOWER_INTERNAL_H
#define KRAIT_GPU_TILE_LOWER_INTERNAL_H

#include "lower.h"

/* mma_sm90_op.c's plan: the ct.mma ops it runs on wgmma, and the operand loads it copies
 * straight from global memory into their own ("pinned") shared-memory regions. */
enum { TILE_SM90_MMAS = 16, TILE_SM90_PINS = 8, TILE_SM90_CHAIN = 4 };
typedef struct Sm90Pin {
    const TileOp *load;                   /* the deferred LOAD */
    const TileOp *chain[TILE_SM90_CHAIN]; /* the RESHAPEs between it and the mma */
    int nchain;
    int ar, ac;     /* array axes of the staged tile's rows and (contiguous) columns */
    int rows, cols; /* the staged tile */
    size_t off;     /* its byte offset in the pinned region */
} Sm90Pin;
typedef struct Sm90Mma {
    const TileOp *mma;
    int pin[2]; /* operand a / b: index into pins, -1: staged from registers */
    bool kmaj;  /* B staged K-major */
} Sm90Mma;

enum { LW_MAX_HOISTED = 64 };

typedef struct Lower {
    const TileFunc *f;
    KSource *s;
    TileLayout layout;
    int indent;
    int last_line;   /* the #line in effect, 0: none */
    size_t smem;     /* bytes of kr_smem the ops need so far */
    int lambdas;     /* custom combiners emitted (their names) */
    bool has_assert; /* the kernel reports failed ct.assert_ through kr_err */
    char *err;       /* the first lowering error, "file:line: message" */
    size_t errsize;
    bool failed;
    KSource top;      /* file-scope text before the kernel (mma_sm90.c's functors) */
    bool sm90;        /* a loop went to the wgmma path: the sm90 prelude is needed */
    uint64_t ordered; /* bit i: param i is written and met by two memory ops or more, so
                       * each of its loads/stores/atomics starts with a block barrier (the
                       * block's memory ops on one array happen in program order, as on the
                       * CPU path, even where their tiles map elements to other threads) */
    int sm90_mode;    /* GpuSettings.tile_sm90: 0, 2 TMA (cp.async fallback), 1 off, 3 cp.async */
    int ntmaps;       /* TMA descriptors the kernel's loops use (TileLowered's) */
    int tmap_param[TILE_MAX_TMAPS], tmap_rows[TILE_MAX_TMAPS], tmap_esize[TILE_MAX_TMAPS];
    bool exact;      /* lowering the exact variant (lower.h) */
    bool exact_over; /* more conditions than TILE_MAX_EXACT: no exact variant */
    int nexact;      /* the conditions the loads/stores met so far (both variants) */
    TileExactDim exact_dims[TILE_MAX_EXACT];
    uint64_t exact_vec;
    Sm90Mma mmas[TILE_SM90_MMAS]; /* lw_sm90_plan's */
    int nmmas;
    Sm90Pin pins[TILE_SM90_PINS];
    int npins;
    size_t pin_bytes; /* the pinned region, after the scratch (KR_PIN) */
    /* attention_sm90.c: while it emits its loop body, the register slots of each value and
     * variable in wgmma's fragment layout (0: the generic layout's); NULL outside */
    const int *fa_val, *fa_var;
    int fa_minblocks; /* __launch_bounds__'s blocks per SM when fa (the attention loop's) */
    bool fa;          /* an attention loop went to wgmma: tile_attn_sm90.cuh is needed */
    bool bid_rev;     /* ct.bid(0) counts blockIdx.x down (lw_fa_grid_reversed) */
    /* the generic loop under a wgmma loop's #else (lower_ops.c): its kr_smem needs go to
     * smem_else, which only architectures without wgmma compile (TileLowered's
     * shared_bytes vs shared_bytes_sm90a) */
    int in_else;
    size_t smem_else;
    /* mma_sm90_ws.c: the matmul loop run warp-specialized (a producer warpgroup after the
     * KR_NT consumer threads feeds its ring by TMA), NULL: none; its mbarriers' bytes */
    const TileOp *ws_loop;
    size_t ws_bar_bytes;
    int ws_regs; /* the consumers' setmaxnreg.inc count, 0: none */
    /* hoist.c: loop-body ops already emitted before their loop (lw_region skips them) */
    const TileOp *hoisted[LW_MAX_HOISTED];
    int nhoisted;
} Lower;

/* The matmul loop mma_sm90.c recognises (sm90_match), what mma_sm90_ws.c needs of it. */
typedef struct Sm90Loop {
    const TileOp *load_a, *load_b, *mma;
    const TileOp *cast_a, *cast_b; /* tfloat32: the astype of each float32 load, else NULL */
    int acc_var;
    TileDType dt;
    int M, N, BK;
    int stages, wait, ahead; /* ring stages, wgmma groups left in flight, loads in flight */
    size_t stage_bytes;
    int esize; /* operand element bytes: 2, or 4 for tfloat32 */
} Sm90Loop;

/* Element counts, slots, names. */
int64_t lw_numel(const TileType *t);
int lw_slots(const Lower *L, int64_t n); /* kr_nslots */
const char *lw_reg(TileDType dt);        /* the C type a value is computed in */
const char *lw_storage(TileDType dt);    /* the C type an array element is stored as */
bool lw_narrow_float(TileDType dt);      /* computed in float, rounded to its format */

/* Source output: lw_line starts an indented line (after a #line when the op's line
 * changed). */
void lw_line(Lower *L, const TileOp *op, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void lw_raw(Lower *L, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* "KrS<4, 128>" of a type (a scalar: "KrS<>"). */
void lw_shape(Lower *L, const TileType *t, char *buf, size_t size);
/* An error at op: the first one wins; returns -1. */
int lw_error(Lower *L, const TileOp *op, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Declare the value op->result (a register array for tiles, a scalar variable otherwise). */
void lw_declare(Lower *L, const TileOp *op);
/* The exact variant's part of a LOAD/STORE of tile type t on param op->array: records its
 * conditions (in both variants) and returns whether the op goes by chunks of KR_V. */
bool lw_exact_op(Lower *L, const TileOp *op, const TileType *t);
/* The exact variant's LOAD (into v<result>, pad: the padding's C expression) and STORE (of
 * v<tile>) of tile type t as plain C (lower_memory.c), inside emit_origin's block. */
void lw_exact_load(Lower *L, const TileOp *op, const TileType *t, bool vec, const char *pad);
void lw_exact_store(Lower *L, const TileOp *op, const TileType *t, int tile, bool vec);
/* Note that an op needs bytes of shared memory. */
void lw_need_smem(Lower *L, size_t bytes);

/* A region's ops, in order (lower.c); used by the ops with regions. */
int lw_region(Lower *L, const TileRegion *r);
/* One op (lower_ops.c). 0, or -1 after lw_error. lw_op_generic: without the sm_90a form of
 * a deferred operand load (lw_sm90_deferred). */
int lw_op(Lower *L, const TileOp *op);
int lw_op_generic(Lower *L, const TileOp *op);

/* The Hopper matmul loop (mma_sm90.c). lw_sm90_threads: the block size a kernel with such
 * a loop runs (0: none); lw_sm90_for: 1 when it emitted op's wgmma loop followed by
 * "#else" (the caller emits the generic loop and "#endif"), 0 when op is not such a loop. */
int lw_sm90_threads(const TileFunc *f, int mode);
/* Shared memory of the row reduction along axis of a tile of t (tile_prelude.cuh's KrRows,
 * layout.c), elem bytes per value; 0 when the tile takes the shared-memory tree. */
size_t lw_rows_smem(const Lower *L, const TileType *t, int axis, size_t elem);
int lw_sm90_for(Lower *L, const TileOp *op);
/* Whether lw_sm90_for will emit op's wgmma loop (its mma is then not mma_sm90_op.c's). */
bool lw_sm90_loop_taken(const Lower *L, const TileOp *op);
/* The same, filling *m with the loop's shape and ring. */
bool lw_sm90_loop_plan(const Lower *L, const TileOp *op, Sm90Loop *m);
/* The loop's bounds (kr_lo, kr_hi, kr_step) and trip count kr_n, declared. */
void lw_sm90_trip(Lower *L, const TileOp *op);
/* The loop body's scalar ops (the load indices) for iteration kr_it, the loop variable
 * declared as s<var> in the emitted scope: 0, or -1 after lw_error. */
int lw_sm90_index_ops(Lower *L, const TileOp *op, const Sm90Loop *m);
/* The TMA maps of the loop's A and B (added when new): 0, or -1 (no room: cp.async only). */
int lw_sm90_loop_tmaps(Lower *L, const Sm90Loop *m, int *ta, int *tb);
/* mma_sm90_ws.c: warp specialization of the matmul loop (KRAIT_TILE_SM90=ws). lw_sm90_ws_plan
 * (after lw_sm90_plan) picks the loop, when the kernel has one whose bounds and indices a
 * producer can compute from scalars alone; lw_sm90_ws_start emits the kernel's first lines
 * (the mbarriers, the producer warpgroup's whole program, the register split);
 * lw_sm90_ws_consume the consumers' loop over the ring (inside mma_sm90.c's loop block,
 * kr_d and kr_ring declared): 0, or -1 after lw_error. */
void lw_sm90_ws_plan(Lower *L);
int lw_sm90_ws_start(Lower *L);
int lw_sm90_ws_consume(Lower *L, const TileOp *op, const Sm90Loop *m, const char *fn);
/* The consumers' registers a thread (setmaxnreg.inc) for nt consumer threads and the
 * producer warpgroup: what the launch's register pool holds. */
int lw_sm90_ws_consumer_regs(int nt);
/* hoist.c (settings.tile_hoist): the loop's invariant one-element ops and broadcasts of them
 * emitted before it (0, or -1 after lw_error); whether op was. */
int lw_hoist_invariants(Lower *L, const TileOp *loop);
bool lw_hoisted(const Lower *L, const TileOp *op);
/* A REDUCE or SCAN over a tuple of tiles (op->ncomp > 0; reduce_tuple.c). */
int lw_tuple_fold(Lower *L, const TileOp *op);
/* Whether op is a scalar computation without effects that a copy-issuing lambda can redo for
 * any iteration (mma_sm90.c; the attention loop's issue lambda too): no regions, a scalar
 * result, a pure kind (VAR_READ included: the caller checks what the variable holds). */
bool lw_sm90_scalar_pure(const TileFunc *f, const TileOp *op);
/* The functor struct around one wgmma instruction of n wn (file scope, once per kernel):
 * 16-bit both operands from shared memory, B N-major or (kmaj_b) K-major; tfloat32 A from
 * registers. Its name goes to name. */
void lw_sm90_functor(Lower *L, TileDType dt, int wn, bool kmaj_b, char *name, size_t size);
/* The index of the TMA map of array param in boxes of 128 bytes x rows (esize-byte elements),
 * added when new; -1 when there is no room (mma_sm90.c). */
int lw_sm90_tmap(Lower *L, int param, int rows, int esize);
/* The same with A from registers (a_regs; 16-bit: four .b32 of packed pairs) or shared memory. */
void lw_sm90_functor_a(Lower *L, TileDType dt, int wn, bool kmaj_b, bool a_regs, char *name,
                       size_t size);
/* mma_sm90_op.c: single ct.mma ops on wgmma. lw_sm90_plan (once, after the layout) picks
 * them and their operand loads to copy straight into shared memory; lw_sm90_mma: 1 when it
 * emitted "#if KR_WGMMA <the wgmma op> #else" (the caller emits the generic mma and
 * "#endif"), 0 when op is not planned; lw_sm90_deferred: 1 when it emitted op (a planned
 * load or a RESHAPE of its chain) in its wgmma and generic forms, 0 when op is not one. */
void lw_sm90_plan(Lower *L);
int lw_sm90_mma(Lower *L, const TileOp *op);
int lw_sm90_deferred(Lower *L, const TileOp *op);
/* Whether operand x of an mma (a rows x cols tile of 16-bit dt) is a load, through reshapes
 * that drop unit axes, used once, of an array the kernel never writes, that a cp.async copy
 * can stage: fills *p (not its offset) and *kmaj (B staged K-major). nmaj_ok: B may be
 * staged N-major (its columns whole 128-byte rows). */
bool lw_sm90_chain(const TileFunc *f, int x, TileDType dt, bool is_b, bool nmaj_ok, Sm90Pin *p,
                   bool *kmaj);

/* How many operands of the ops in r (nested regions too) are value v (mma_sm90_op.c). */
int lw_uses(const TileRegion *r, int v);
/* The register slots of value v: the generic layout's, or the attention loop's fragment
 * layout while it emits its body (fa_val). */
int lw_value_slots(const Lower *L, int v);
/* attention_sm90.c: the attention loop (S = Q K^T, online softmax, acc += P V) with S, P
 * and the accumulator in wgmma fragments. lw_fa_threads: the block size a kernel with such a
 * loop runs (0: none); lw_fa_for: 1 when it emitted op's loop followed by "#else" (the
 * caller emits the generic loop and "#endif"), 0 when op is not such a loop;
 * lw_fa_loop_taken: whether lw_fa_for will take op (its mmas are then not planned). */
int lw_fa_threads(const TileFunc *f, int mode);
/* Whether the kernel's blocks walk axis 0 of the grid in reverse (ct.bid(0) is
 * gridDim.x - 1 - blockIdx.x): when its attention loop's trip count is made from ct.bid(0),
 * as the causal sample's (later query tiles walk more key tiles), so that the longest blocks
 * start first and the short ones fill the tail (not under KRAIT_TILE_SM90=serial) */
bool lw_fa_grid_reversed(const TileFunc *f, int mode);
bool lw_fa_loop_taken(const Lower *L, const TileOp *op);
int lw_fa_for(Lower *L, const TileOp *op);

#endif
