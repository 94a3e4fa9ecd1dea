/* intrinsics.h: the names of the `tile` module (stdlib/py/tile.py) that the front knows.
 *
 * The front recognises a tile-module object by identity: at the start of a compile it looks
 * every name of this list up in the module's dict and compares what a kernel's expression
 * evaluates to against those objects, so `ct.load`, `from tile import load` and
 * `L = ct.load` all reach the same intrinsic. The module defines each function as a host
 * stub that raises "ct.NAME() can only be used inside a tile kernel". */
#ifndef KRAIT_TILE_INTRINSICS_H
#define KRAIT_TILE_INTRINSICS_H

#define TILE_INTRINSICS(X)                                                                         \
    /* grid and array queries */                                                                   \
    X(BID, "bid")                                                                                  \
    X(NUM_BLOCKS, "num_blocks")                                                                    \
    X(NUM_TILES, "num_tiles")                                                                      \
    X(CDIV, "cdiv")                                                                                \
    X(DIVMOD, "divmod")                                                                            \
    /* memory */                                                                                   \
    X(LOAD, "load")                                                                                \
    X(STORE, "store")                                                                              \
    X(GATHER, "gather")                                                                            \
    X(SCATTER, "scatter")                                                                          \
    X(ATOMIC_ADD, "atomic_add")                                                                    \
    X(ATOMIC_MAX, "atomic_max")                                                                    \
    X(ATOMIC_MIN, "atomic_min")                                                                    \
    X(ATOMIC_AND, "atomic_and")                                                                    \
    X(ATOMIC_OR, "atomic_or")                                                                      \
    X(ATOMIC_XOR, "atomic_xor")                                                                    \
    X(ATOMIC_XCHG, "atomic_xchg")                                                                  \
    X(ATOMIC_CAS, "atomic_cas")                                                                    \
    X(LOAD_ADVANCED_INDEXING, "load_advanced_indexing")                                            \
    X(STORE_ADVANCED_INDEXING, "store_advanced_indexing")                                          \
    X(SLICE_CLASS, "Slice")                                                                        \
    /* creation */                                                                                 \
    X(ARANGE, "arange")                                                                            \
    X(FULL, "full")                                                                                \
    X(ZEROS, "zeros")                                                                              \
    X(ONES, "ones")                                                                                \
    X(ASTILE, "astile")                                                                            \
    /* conversion and shape */                                                                     \
    X(ASTYPE, "astype")                                                                            \
    X(BITCAST, "bitcast")                                                                          \
    X(RESHAPE, "reshape")                                                                          \
    X(PERMUTE, "permute")                                                                          \
    X(TRANSPOSE, "transpose")                                                                      \
    X(BROADCAST_TO, "broadcast_to")                                                                \
    X(EXPAND_DIMS, "expand_dims")                                                                  \
    X(CAT, "cat")                                                                                  \
    X(EXTRACT, "extract")                                                                          \
    X(INSERT, "insert")                                                                            \
    X(PACK_TO_BYTES, "pack_to_bytes")                                                              \
    X(UNPACK_FROM_BYTES, "unpack_from_bytes")                                                      \
    /* reductions and scans */                                                                     \
    X(SUM, "sum")                                                                                  \
    X(MAX, "max")                                                                                  \
    X(MIN, "min")                                                                                  \
    X(PROD, "prod")                                                                                \
    X(ARGMAX, "argmax")                                                                            \
    X(ARGMIN, "argmin")                                                                            \
    X(REDUCE, "reduce")                                                                            \
    X(CUMSUM, "cumsum")                                                                            \
    X(CUMPROD, "cumprod")                                                                          \
    X(SCAN, "scan")                                                                                \
    /* matrix */                                                                                   \
    X(MMA, "mma")                                                                                  \
    X(MATMUL, "matmul")                                                                            \
    /* unary math */                                                                               \
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
    X(ABS, "abs")                                                                                  \
    X(NEGATIVE, "negative")                                                                        \
    X(ISNAN, "isnan")                                                                              \
    X(BITWISE_NOT, "bitwise_not")                                                                  \
    /* binary math */                                                                              \
    X(ADD, "add")                                                                                  \
    X(SUB, "sub")                                                                                  \
    X(MUL, "mul")                                                                                  \
    X(TRUEDIV, "truediv")                                                                          \
    X(FLOORDIV, "floordiv")                                                                        \
    X(MOD, "mod")                                                                                  \
    X(POW, "pow")                                                                                  \
    X(ATAN2, "atan2")                                                                              \
    X(MAXIMUM, "maximum")                                                                          \
    X(MINIMUM, "minimum")                                                                          \
    X(BITWISE_AND, "bitwise_and")                                                                  \
    X(BITWISE_OR, "bitwise_or")                                                                    \
    X(BITWISE_XOR, "bitwise_xor")                                                                  \
    X(BITWISE_LSHIFT, "bitwise_lshift")                                                            \
    X(BITWISE_RSHIFT, "bitwise_rshift")                                                            \
    X(GREATER, "greater")                                                                          \
    X(GREATER_EQUAL, "greater_equal")                                                              \
    X(LESS, "less")                                                                                \
    X(LESS_EQUAL, "less_equal")                                                                    \
    X(EQUAL, "equal")                                                                              \
    X(NOT_EQUAL, "not_equal")                                                                      \
    X(WHERE, "where")                                                                              \
    /* debugging and compile-time */                                                               \
    X(PRINTF, "printf")                                                                            \
    X(PRINT, "print")                                                                              \
    X(ASSERT, "assert_")                                                                           \
    X(STATIC_ASSERT, "static_assert")                                                              \
    X(STATIC_EVAL, "static_eval")                                                                  \
    X(STATIC_ITER, "static_iter")                                                                  \
    X(ENSURE_CONSTANT, "ensure_constant")                                                          \
    X(ASSUME_DIVISIBLE_BY, "assume_divisible_by")                                                  \
    X(GDC_WAIT, "grid_dependency_control_wait")                                                    \
    X(GDC_LAUNCH, "grid_dependency_control_launch_dependents")                                     \
    /* classes and objects */                                                                      \
    X(CONSTANT, "Constant")                                                                        \
    X(CONSTANT_ANNOTATION, "ConstantAnnotation")                                                   \
    X(PADDING_MODE, "PaddingMode")                                                                 \
    X(MEMORY_ORDER, "MemoryOrder")                                                                 \
    X(MEMORY_SCOPE, "MemoryScope")                                                                 \
    X(ROUNDING_MODE, "RoundingMode")                                                               \
    X(DTYPE_CLASS, "DType")                                                                        \
    X(KERNEL, "kernel")                                                                            \
    X(LAUNCH, "launch")

typedef enum TileIntrinsic {
#define X(id, name) TI_##id,
    TILE_INTRINSICS(X)
#undef X
        TI__COUNT
} TileIntrinsic;

#endif
