/* ir.h: the typed tile IR, the one program form between the kernel's Python AST and both
 * back ends (gpu/tile/interp: the CPU path; gpu/tile/lower: CUDA C).
 *
 * One TileFunc per specialization of a kernel (argument dtypes, ranks, ct.Constant values).
 * The front (gpu/tile/front/) builds it, the passes (gpu/tile/passes/) rewrite it, the
 * interpreter and the lowering read it. Nothing here knows the VM: the IR is plain C structs
 * in an arena, allocated through a kr_alloc_fn, so it can be built, printed and freed from
 * tests and from the C API alike.
 *
 * Design, for the next engineer:
 *
 * - Values are numbered (TileFunc.values[id]); each has a static type: a dtype and a static
 *   shape (rank 0 is a scalar; every dim a compile-time positive int, any size -- cuTile
 *   wants powers of two, krait accepts others and the back ends mask). A value is defined
 *   by exactly one op. Ops name their operands by value id.
 *
 * - No implicit conversions: every op's operands already have the types the op needs. The
 *   front makes broadcasting (BROADCAST, after a RESHAPE that adds the leading 1-dims) and
 *   promotion (CAST) explicit, so a back end never decides a dtype or a shape itself.
 *
 * - Control flow is structured: FOR, IF, WHILE hold regions (lists of ops). A Python
 *   variable that is assigned inside a loop or a branch (or read after one) is a variable
 *   slot (TileFunc.vars, a fixed type) read and written by VAR_READ / VAR_WRITE; values
 *   defined inside a region are visible only inside it (and later in the same region).
 *   Slots map one to one onto C variables in the lowering and onto the interpreter's
 *   environment, which keeps the front free of phi nodes. A slot is never read before it is
 *   written on every path (the front checks; the back ends may assume it).
 *
 * - Arrays are not values: a memory op names its array parameter by index (TileOp.array).
 *   At run time an array parameter is (data pointer, shape[rank], strides[rank]), shape and
 *   strides in elements (not bytes), strides any (negative and zero included).
 *   ARRAY_DIM / ARRAY_STRIDE read them as scalars.
 *
 * - Every op keeps the source line and column (the script's, 1-based line, 0-based column)
 *   of the construct that made it; the file is TileFunc.filename (the script's base name,
 *   as errors show it), or op->file for ops of helpers inlined from another file. Run-time errors
 * and the lowering's #line directives use them.
 *
 * - Scalars are rank-0 tiles; the same elementwise ops serve both. Index arithmetic is in
 *   int32 unless an operand is int64 (cuTile's rule); bid/num_blocks/ARRAY_DIM are int32 by
 *   default (the result type says).
 *
 * - Additive evolution: new ops go at the end of their X-macro list, new fields at the end
 *   of TileOp; changes are announced in /work/notes/tile.md ("IR changes").
 */
#ifndef KRAIT_TILE_IR_H
#define KRAIT_TILE_IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../frontend/ast.h" /* AstArena: the IR's storage */

/* ---------------------------------------------------------------- dtypes */

/* The tile dtypes: cuTile's. kind: 'b' bool, 'i' signed, 'u' unsigned, 'f' float.
 * tfloat32 is stored as float32 (its 19-bit precision matters only for mma inputs);
 * float8 types are stored as one byte and computed in float32. */
#define TILE_DTYPES(X)                                                                             \
    /*  id             name             size kind  C type in generated CUDA   */                   \
    X(BOOL, "bool", 1, 'b', "bool")                                                                \
    X(INT8, "int8", 1, 'i', "signed char")                                                         \
    X(INT16, "int16", 2, 'i', "short")                                                             \
    X(INT32, "int32", 4, 'i', "int")                                                               \
    X(INT64, "int64", 8, 'i', "long long")                                                         \
    X(UINT8, "uint8", 1, 'u', "unsigned char")                                                     \
    X(UINT16, "uint16", 2, 'u', "unsigned short")                                                  \
    X(UINT32, "uint32", 4, 'u', "unsigned int")                                                    \
    X(UINT64, "uint64", 8, 'u', "unsigned long long")                                              \
    X(FLOAT16, "float16", 2, 'f', "__half")                                                        \
    X(BFLOAT16, "bfloat16", 2, 'f', "__nv_bfloat16")                                               \
    X(FLOAT32, "float32", 4, 'f', "float")                                                         \
    X(FLOAT64, "float64", 8, 'f', "double")                                                        \
    X(TFLOAT32, "tfloat32", 4, 'f', "float")                                                       \
    X(FLOAT8_E4M3FN, "float8_e4m3fn", 1, 'f', "__nv_fp8_e4m3")                                     \
    X(FLOAT8_E5M2, "float8_e5m2", 1, 'f', "__nv_fp8_e5m2")

typedef enum TileDType {
#define X(id, name, size, kind, ctype) TDT_##id,
    TILE_DTYPES(X)
#undef X
        TDT__COUNT
} TileDType;

const char *tile_dtype_name(TileDType t);  /* "float32" */
const char *tile_dtype_ctype(TileDType t); /* "float" */
int tile_dtype_size(TileDType t);          /* bytes in memory */
char tile_dtype_kind(TileDType t);         /* 'b' 'i' 'u' 'f' */
bool tile_dtype_is_float(TileDType t);
bool tile_dtype_is_int(TileDType t);        /* signed or unsigned, not bool */
int tile_dtype_from_name(const char *name); /* TDT_* or -1 */

/* ---------------------------------------------------------------- types */

#define TILE_MAX_RANK 8

/* A tile type: dtype + static shape. rank 0 = scalar. */
typedef struct TileType {
    TileDType dtype;
    int rank;
    int64_t shape[TILE_MAX_RANK];
} TileType;

TileType tile_type_scalar(TileDType dt);
TileType tile_type_make(TileDType dt, int rank, const int64_t *shape);
int64_t tile_type_numel(const TileType *t); /* 1 for a scalar */
bool tile_type_equal(const TileType *a, const TileType *b);
bool tile_type_same_shape(const TileType *a, const TileType *b);
/* "float32", "tile<128x64xfloat16>"; writes at most size bytes (NUL included), returns buf */
char *tile_type_format(const TileType *t, char *buf, size_t size);

/* A compile-time scalar: the interpretation follows the dtype it goes with (kind 'f': f;
 * 'u': u; 'i' and 'b': i). */
typedef struct TileScalar {
    union {
        int64_t i;
        uint64_t u;
        double f;
    };
} TileScalar;

/* ---------------------------------------------------------------- enums used by op attributes */

/* UNARY sub-ops. Operand and result have the same type except ISNAN (result bool). */
#define TILE_UNOPS(X)                                                                              \
    X(NEG, "neg")       /* -x; ints wrap */                                                        \
    X(INVERT, "invert") /* ~x: bitwise not on ints, logical not on bool */                         \
    X(NOT, "not")       /* logical not: bool -> bool (Python `not` on a scalar) */                 \
    X(ABS, "abs")                                                                                  \
    X(EXP, "exp")                                                                                  \
    X(EXP2, "exp2")                                                                                \
    X(LOG, "log")                                                                                  \
    X(LOG2, "log2")                                                                                \
    X(SQRT, "sqrt")                                                                                \
    X(RSQRT, "rsqrt")                                                                              \
    X(SIN, "sin")                                                                                  \
    X(COS, "cos")                                                                                  \
    X(TAN, "tan")                                                                                  \
    X(SINH, "sinh")                                                                                \
    X(COSH, "cosh")                                                                                \
    X(TANH, "tanh")                                                                                \
    X(FLOOR, "floor")                                                                              \
    X(CEIL, "ceil")                                                                                \
    X(ISNAN, "isnan") /* float -> bool */

typedef enum TileUnop {
#define X(id, name) TU_##id,
    TILE_UNOPS(X)
#undef X
        TU__COUNT
} TileUnop;

/* BINARY sub-ops. Both operands and the result have one type (same dtype, same shape).
 * Integer semantics are Python's where cuTile keeps them: FLOORDIV and MOD round toward
 * negative infinity (Python), not C's truncation; SHR is arithmetic on signed ints;
 * TRUEDIV is only on floats (the front casts ints to the float type first). Integer division
 * by zero is undefined, as in cuTile. POW and ATAN2 only on floats. */
#define TILE_BINOPS(X)                                                                             \
    X(ADD, "add")                                                                                  \
    X(SUB, "sub")                                                                                  \
    X(MUL, "mul")                                                                                  \
    X(TRUEDIV, "truediv")                                                                          \
    X(FLOORDIV, "floordiv")                                                                        \
    X(MOD, "mod")                                                                                  \
    X(POW, "pow")                                                                                  \
    X(MAX, "max")                                                                                  \
    X(MIN, "min")                                                                                  \
    X(AND, "and") /* bitwise (and logical on bool) */                                              \
    X(OR, "or")                                                                                    \
    X(XOR, "xor")                                                                                  \
    X(SHL, "shl")                                                                                  \
    X(SHR, "shr")                                                                                  \
    X(ATAN2, "atan2")                                                                              \
    X(CDIV, "cdiv") /* ceil(a / b) on ints: ct.cdiv */

typedef enum TileBinop {
#define X(id, name) TB_##id,
    TILE_BINOPS(X)
#undef X
        TB__COUNT
} TileBinop;

/* COMPARE sub-ops: operands one type, result bool of the same shape. NaN compares unequal
 * (NE true), as IEEE and NumPy. */
#define TILE_CMPOPS(X) X(EQ, "eq") X(NE, "ne") X(LT, "lt") X(LE, "le") X(GT, "gt") X(GE, "ge")

typedef enum TileCmpop {
#define X(id, name) TC_##id,
    TILE_CMPOPS(X)
#undef X
        TC__COUNT
} TileCmpop;

/* REDUCE / SCAN / ATOMIC_RMW combiners. For REDUCE and SCAN: SUM PROD MAX MIN (AND OR XOR
 * on ints and bool), CUSTOM (the op's region 0 combines, see REDUCE). For ATOMIC_RMW: ADD
 * MAX MIN AND OR XOR XCHG. */
#define TILE_REDOPS(X)                                                                             \
    X(SUM, "sum")                                                                                  \
    X(PROD, "prod")                                                                                \
    X(MAX, "max")                                                                                  \
    X(MIN, "min")                                                                                  \
    X(AND, "and")                                                                                  \
    X(OR, "or")                                                                                    \
    X(XOR, "xor")                                                                                  \
    X(XCHG, "xchg")                                                                                \
    X(CUSTOM, "custom")

typedef enum TileRedop {
#define X(id, name) TR_##id,
    TILE_REDOPS(X)
#undef X
        TR__COUNT
} TileRedop;

/* ct.PaddingMode: what a LOAD gives for elements outside the array. UNDETERMINED means any
 * value (krait gives zero on both back ends, so results are reproducible). */
#define TILE_PADDINGS(X)                                                                           \
    X(UNDETERMINED, "undetermined")                                                                \
    X(ZERO, "zero")                                                                                \
    X(NEG_ZERO, "neg_zero")                                                                        \
    X(NAN, "nan")                                                                                  \
    X(POS_INF, "pos_inf")                                                                          \
    X(NEG_INF, "neg_inf")

typedef enum TilePadding {
#define X(id, name) TP_##id,
    TILE_PADDINGS(X)
#undef X
        TP__COUNT
} TilePadding;

/* ct.MemoryOrder and ct.MemoryScope (atomics and store). */
#define TILE_MEMORDERS(X)                                                                          \
    X(WEAK, "weak")                                                                                \
    X(RELAXED, "relaxed") X(ACQUIRE, "acquire") X(RELEASE, "release") X(ACQ_REL, "acq_rel")
typedef enum TileMemOrder {
#define X(id, name) TMO_##id,
    TILE_MEMORDERS(X)
#undef X
        TMO__COUNT
} TileMemOrder;

#define TILE_MEMSCOPES(X) X(NONE, "none") X(BLOCK, "block") X(DEVICE, "device") X(SYS, "sys")
typedef enum TileMemScope {
#define X(id, name) TMS_##id,
    TILE_MEMSCOPES(X)
#undef X
        TMS__COUNT
} TileMemScope;

/* ---------------------------------------------------------------- ops */

/* The op list. Conventions for every op:
 *   operands  op->operands[0..noperands), value ids
 *   result    op->result, a value id, or -1 for ops without one
 *   regions   op->regions[0..1]
 * Attributes live in the named TileOp fields; an op uses only the ones listed for it.
 * "index scalars" are rank-0 int32/int64 values. "R" = the array parameter's rank.
 *
 *  PARAM        attrs: param (index in TileFunc.params, a SCALAR param).
 *               result: the scalar argument. Emitted once per scalar param at the top.
 *  CONST        attrs: value. result: any type; every element is value (a splat).
 *  IOTA         attrs: value (start, of the result dtype's kind), step (int64; ct.arange's
 *               step, usually 1). result: rank 1, result[k] = start + k*step.
 *  BID          attrs: axis (0..2). result: int32 scalar, the block's index on that axis.
 *  NUM_BLOCKS   attrs: axis. result: int32 scalar, the grid's size on that axis.
 *  ARRAY_DIM    attrs: array, axis. result: int scalar (int32 unless the front says int64),
 *               the array's run-time extent on that axis.
 *  ARRAY_STRIDE attrs: array, axis. result: int scalar, the stride in elements.
 *  LOAD         attrs: array, perm (cuTile's `order`: tile axis k walks array axis
 *               perm[k]; identity for "C"), padding, latency (0 = none), allow_tma
 *               (-1 none, 0, 1). operands: R index scalars (tile-space index, in the
 *               permuted axis order: index[k] pairs with tile axis k). result: rank R tile:
 *                 t[x0..] = array[axis perm[k] = index[k]*shape[k] + x_k]
 *               elements outside the array get the padding value.
 *               view (bit a set: array axis a is seen through an Array.slice): after the
 *               R index scalars, per set bit in ascending axis order, two int64 scalars
 *               start and extent (the front keeps 0 <= start <= start + extent <= the
 *               axis's extent): the access treats the array as starting start elements
 *               in along that axis and being extent long (tile_op_view_operand).
 *  STORE        attrs: array, perm, check_bounds, latency, allow_tma, memorder, memscope,
 *               view (as LOAD's). operands: R index scalars, [view pairs], then the tile
 *               (rank R, the array's dtype). Writes the elements inside the array (the
 *               view); the rest are dropped.
 *  GATHER       attrs: array, check_bounds, has_mask. operands: R index tiles (all one int
 *               dtype, one shape S -- the front broadcasts them), [mask tile (bool, S) if
 *               has_mask], padding value (scalar of the array's dtype). result: shape S,
 *               the array's dtype. Elements masked off or (with check_bounds) out of bounds
 *               get the padding value.
 *  SCATTER      attrs: array, check_bounds, has_mask. operands: R index tiles (shape S),
 *               the value tile (S, the array's dtype), [mask (bool, S)]. No result.
 *  ATOMIC_RMW   attrs: array, sub (TileRedop: ADD=TR_SUM, MAX, MIN, AND, OR, XOR, XCHG),
 *               check_bounds, has_mask, memorder, memscope. operands: R index tiles (S),
 *               update tile (S, the array's dtype), [mask]. result: the old values (S).
 *               Out-of-bounds or masked elements do nothing; their result is the update.
 *  ATOMIC_CAS   attrs: array, check_bounds, has_mask, memorder, memscope. operands: R index
 *               tiles (S), expected (S), desired (S), [mask]. result: the old values (S);
 *               expected where out of bounds or masked.
 *  UNARY        attrs: sub (TileUnop). operands: x. result: same type (bool for ISNAN).
 *  BINARY       attrs: sub (TileBinop). operands: a, b (one type). result: that type.
 *  COMPARE      attrs: sub (TileCmpop). operands: a, b (one type). result: bool, same shape.
 *  SELECT       operands: cond (bool, shape S), a, b (one type, shape S). result: a's type.
 *  CAST         operands: x. result: same shape, another dtype (astype): float->int
 *               truncates toward zero (C), out-of-range is undefined; ->bool is x != 0;
 *               to float16/bfloat16/float8 rounds to nearest even.
 *  BITCAST      operands: x. result: same shape, a dtype of the same size.
 *  BROADCAST    operands: x (rank 0, or the result's rank with every dim 1 or equal).
 *               result: x repeated along its size-1 dims.
 *  RESHAPE      operands: x. result: same numel, same dtype; row-major reinterpretation.
 *  PERMUTE      attrs: perm. operands: x. result: result.shape[k] = x.shape[perm[k]]
 *               (numpy.transpose(x, perm)).
 *  CAT          attrs: axis. operands: a, b (same dtype, equal dims except axis). result:
 *               the concatenation along axis.
 *  EXTRACT      operands: x, then rank(x) index scalars (subtile grid index; the front
 *               emits CONST values when they are known, so a back end can specialise).
 *               result: the subtile of the result's shape at that grid index.
 *  INSERT       operands: x, value (subtile), rank(x) index scalars. result: x's type, with
 *               the subtile at the grid index replaced by value.
 *  REDUCE       attrs: sub (TileRedop), axis, keepdims. operands: x. result: x's dtype
 *               with axis removed (or 1 with keepdims). sub CUSTOM: also operands[1] is the
 *               identity (scalar, x's dtype), and region 0 combines: it reads the two
 *               scalar slots vars2[0] (accumulated) and vars2[1] (next element) and ends
 *               with a YIELD of the combined scalar. Combination order is unspecified
 *               (the combiner must be associative and commutative).
 *               Over a tuple of N tiles (ct.reduce((a, b), ...); ncomp = N >= 1, sub
 *               CUSTOM): operands x_0..x_{N-1} (one shape, any dtypes), then the N
 *               identities (scalars of each x_i's dtype); cslots[0..2N): the accumulated
 *               values acc_0..acc_{N-1}, then the next elements next_0..next_{N-1}
 *               (scalar slots of each x_i's dtype); region 0 ends with a YIELD of N
 *               scalars (the combined acc_i). The op's result is component comp of the
 *               tuple's reduction (x_comp's dtype); the front emits one op per component.
 *               Combined in order along the axis (first element first).
 *  ARGREDUCE    attrs: sub (TR_MAX for argmax, TR_MIN for argmin), axis (-1: over the
 *               flattened tile), keepdims. operands: x. result: int32 indices; ties give
 *               the first index (NumPy's); NaN counts as the extreme (NumPy's).
 *  SCAN         attrs: sub (TileRedop), axis, reverse. operands: x. result: x's type, the
 *               inclusive prefix combination along axis. CUSTOM as in REDUCE, over a
 *               tuple too (ncomp, comp, cslots; the result has x_comp's type).
 *  MMA          operands: a (M,K) or (B,M,K), b (K,N) or (B,K,N), acc (M,N) or (B,M,N).
 *               result: acc's type, a @ b + acc with products and sums in acc's dtype
 *               (a and b may have a narrower dtype than acc; the front casts tf32 inputs).
 *  PRINTF       attrs: text (a C printf format with one conversion per operand, already
 *               checked by the front). operands: values (tiles or scalars). A non-scalar
 *               operand prints as [e0, e1, ...] (nested per axis), each element with its
 *               conversion. The front turns ct.print(...) into a PRINTF.
 *  ASSERT       attrs: text (the message, or NULL). operands: cond (bool tile). Fails the
 *               launch with the message and the op's line if any element is false.
 *  ASSUME       attrs: divisor (int64 > 0). operands: x (int scalar). result: x's type,
 *               the same value, with the promise that it is a multiple of divisor
 *               (ct.assume_divisible_by); a back end may use or ignore it.
 *  VAR_READ     attrs: var. result: the slot's current value (the slot's type).
 *  VAR_WRITE    attrs: var. operands: the value (the slot's type).
 *  FOR          attrs: var (the induction slot: an int scalar). operands: lo, hi, step
 *               (scalars of the slot's dtype; step != 0, checked at run time). region 0:
 *               the body, run for var = lo, lo+step, ... while var < hi (step > 0) or
 *               var > hi (step < 0); the body may read var but never writes it.
 *  IF           operands: cond (bool scalar). region 0: then, region 1: else (may be empty).
 *  WHILE        region 0: the condition, ending with a YIELD of a bool scalar; region 1:
 *               the body. Runs while the condition yields true.
 *  BREAK        leaves the innermost FOR or WHILE.
 *  CONTINUE     next iteration of the innermost FOR or WHILE.
 *  YIELD        operands: the value a combiner or a WHILE condition region produces (N
 *               values for a REDUCE/SCAN over a tuple of N tiles); the last op of such a
 *               region.
 *  RETURN       ends the kernel for this block (a `return` inside the kernel).
 */
#define TILE_OPS(X)                                                                                \
    X(PARAM, "param")                                                                              \
    X(CONST, "const")                                                                              \
    X(IOTA, "iota")                                                                                \
    X(BID, "bid")                                                                                  \
    X(NUM_BLOCKS, "num_blocks")                                                                    \
    X(ARRAY_DIM, "array_dim")                                                                      \
    X(ARRAY_STRIDE, "array_stride")                                                                \
    X(LOAD, "load")                                                                                \
    X(STORE, "store")                                                                              \
    X(GATHER, "gather")                                                                            \
    X(SCATTER, "scatter")                                                                          \
    X(ATOMIC_RMW, "atomic_rmw")                                                                    \
    X(ATOMIC_CAS, "atomic_cas")                                                                    \
    X(UNARY, "unary")                                                                              \
    X(BINARY, "binary")                                                                            \
    X(COMPARE, "compare")                                                                          \
    X(SELECT, "select")                                                                            \
    X(CAST, "cast")                                                                                \
    X(BITCAST, "bitcast")                                                                          \
    X(BROADCAST, "broadcast")                                                                      \
    X(RESHAPE, "reshape")                                                                          \
    X(PERMUTE, "permute")                                                                          \
    X(CAT, "cat")                                                                                  \
    X(EXTRACT, "extract")                                                                          \
    X(INSERT, "insert")                                                                            \
    X(REDUCE, "reduce")                                                                            \
    X(ARGREDUCE, "argreduce")                                                                      \
    X(SCAN, "scan")                                                                                \
    X(MMA, "mma")                                                                                  \
    X(PRINTF, "printf")                                                                            \
    X(ASSERT, "assert")                                                                            \
    X(ASSUME, "assume")                                                                            \
    X(VAR_READ, "var_read")                                                                        \
    X(VAR_WRITE, "var_write")                                                                      \
    X(FOR, "for")                                                                                  \
    X(IF, "if")                                                                                    \
    X(WHILE, "while")                                                                              \
    X(BREAK, "break")                                                                              \
    X(CONTINUE, "continue")                                                                        \
    X(YIELD, "yield")                                                                              \
    X(RETURN, "return")

typedef enum TileOpKind {
#define X(id, name) TOP_##id,
    TILE_OPS(X)
#undef X
        TOP__COUNT
} TileOpKind;

typedef struct TileOp TileOp;

/* A region: ops in order, a singly linked list (passes unlink; builders append). */
typedef struct TileRegion {
    TileOp *first, *last;
} TileRegion;

struct TileOp {
    TileOpKind kind;
    int line, col; /* the script's position: 1-based line, 0-based column */
    int result;    /* value id or -1 */
    int noperands;
    int *operands;
    TileOp *next;
    TileRegion regions[2];
    /* attributes (see the op list for which op uses which) */
    int sub;                 /* TileUnop / TileBinop / TileCmpop / TileRedop */
    int axis;                /* BID NUM_BLOCKS ARRAY_DIM ARRAY_STRIDE CAT REDUCE ARGREDUCE SCAN */
    int array;               /* array param index: memory ops, ARRAY_DIM, ARRAY_STRIDE */
    int param;               /* PARAM */
    int var;                 /* VAR_READ VAR_WRITE FOR */
    int vars2[2];            /* REDUCE/SCAN CUSTOM: the combiner's two input slots */
    int perm[TILE_MAX_RANK]; /* PERMUTE, LOAD/STORE order */
    bool keepdims, reverse, check_bounds, has_mask;
    TilePadding padding;
    TileMemOrder memorder;
    TileMemScope memscope;
    int latency;      /* 0: no hint */
    int allow_tma;    /* -1: no hint */
    TileScalar value; /* CONST, IOTA start */
    int64_t step;     /* IOTA */
    int64_t divisor;  /* ASSUME */
    const char *text; /* PRINTF format, ASSERT message; arena string */
    const char *file; /* the script file of line/col when it is not f->filename (an op of a
                         helper function inlined from another module); NULL otherwise */
    int ncomp, comp;  /* REDUCE/SCAN over a tuple of ncomp tiles (0: one tile): which
                       * component the result is */
    int *cslots;      /* ... and its 2 * ncomp combiner slots (arena) */
    unsigned view;    /* LOAD/STORE: array axes seen through a slice (bit per axis) */
};

/* The operand index of the view start of array axis `axis` of a LOAD/STORE with `rank`
 * index scalars (its extent is the next operand); -1 when that axis is not a view. */
int tile_op_view_operand(const TileOp *op, int rank, int axis);

/* ---------------------------------------------------------------- functions */

/* kr_alloc_fn's shape (include/krait.h): realloc with sizes; new_size 0 frees. */
typedef void *(*TileAllocFn)(void *ud, void *ptr, size_t old_size, size_t new_size);

typedef enum TileParamKind { TILE_PARAM_ARRAY, TILE_PARAM_SCALAR } TileParamKind;

/* A kernel parameter after specialization (ct.Constant parameters are folded into the body
 * and are not here; `index` in TileFunc.params is what the launch passes, in order). */
typedef struct TileParam {
    const char *name;
    TileParamKind kind;
    TileDType dtype;      /* element dtype (array) or the scalar's dtype */
    int rank;             /* arrays: rank >= 0 (0: a 0-d array) */
    int arg_index;        /* position in the Python call's argument tuple */
    int64_t divisible_by; /* arrays: base pointer alignment in elements known (1 = none) */
} TileParam;

/* A mutable variable slot: one Python variable of one fixed type. */
typedef struct TileVar {
    const char *name;
    TileType type;
} TileVar;

typedef struct TileValue {
    TileType type;
    TileOp *def; /* the defining op */
} TileValue;

/* Kernel hints (ct.kernel's arguments, ByTarget already resolved); 0 = not given. */
typedef struct TileHints {
    int num_ctas, occupancy, opt_level, num_worker_warps;
} TileHints;

typedef struct TileFunc {
    AstArena arena;       /* every op, operand list and string */
    const char *name;     /* the kernel's Python name */
    const char *filename; /* the script's, for errors and #line */
    int line;             /* the def's line */
    TileParam *params;
    int nparams, params_cap;
    TileValue *values;
    int nvalues, values_cap;
    TileVar *vars;
    int nvars, vars_cap;
    TileRegion body;
    TileHints hints;
    bool failed; /* an allocation failed: the function is incomplete */
} TileFunc;

/* Construction (ir.c). Allocation failures set f->failed and return NULL / -1; a builder may
 * check once at the end. Strings passed in are copied into the arena. */
TileFunc *tile_func_new(TileAllocFn alloc, void *ud, const char *name, const char *filename,
                        int line);
void tile_func_free(TileFunc *f);
int tile_param_add(TileFunc *f, const char *name, TileParamKind kind, TileDType dt, int rank,
                   int arg_index);                              /* the param's index */
int tile_var_add(TileFunc *f, const char *name, TileType type); /* slot id */
int tile_value_add(TileFunc *f, TileType type, TileOp *def);    /* value id */
const char *tile_strdup(TileFunc *f, const char *s);

/* A new op with noperands operands (copied) and, when result_type is not NULL, a fresh
 * result value of that type; appended to region r (not appended when r is NULL). Every
 * attribute starts neutral: axis/array/param/var -1, perm identity, allow_tma -1,
 * check_bounds true, padding UNDETERMINED, memorder WEAK, memscope NONE. */
TileOp *tile_op_new(TileFunc *f, TileRegion *r, TileOpKind kind, int noperands, const int *operands,
                    const TileType *result_type, int line, int col);
void tile_region_append(TileRegion *r, TileOp *op);

static inline const TileType *tile_value_type(const TileFunc *f, int v) {
    return &f->values[v].type;
}

/* Names for printing and errors. */
const char *tile_op_name(TileOpKind k);
const char *tile_unop_name(TileUnop u);
const char *tile_binop_name(TileBinop b);
const char *tile_cmpop_name(TileCmpop c);
const char *tile_redop_name(TileRedop r);
const char *tile_padding_name(TilePadding p);
const char *tile_memorder_name(TileMemOrder o);
const char *tile_memscope_name(TileMemScope s);

/* ---------------------------------------------------------------- printer (ir_print.c) */

/* Text of the whole function, one op per line, regions indented, each op with its script
 * line; stable, so tests can compare it. write receives pieces of text in order. */
typedef void (*TileWriteFn)(void *ud, const char *text, size_t len);
void tile_ir_print(const TileFunc *f, TileWriteFn write, void *ud);

/* Checks the invariants the op list above promises (operand counts and types, shapes,
 * slot types, regions). Returns 0, or -1 with a message in err naming the op and its line.
 * The front runs it after building and after each pass in debug builds; the back ends may
 * rely on a verified function. */
int tile_ir_verify(const TileFunc *f, char *err, size_t errsize);

#endif
