/* kernels.h: the CUDA kernel library behind gpu arrays: fused elementwise expressions,
 * reductions, matmul, strided copies, fill and arange. It knows nothing about the
 * interpreter: it sees device pointers with a dtype, a shape and strides (GpuTensor), and
 * reports errors the runtime's way (return -1, message in G->err, see gpu.h).
 *
 * How it works, for the array module's engineer:
 *
 * - Every entry point generates CUDA C for the exact case at hand (dtypes, operation, input
 *   layouts), compiles it with gpu/jit (NVRTC -> CUBIN, memory + disk cache) the first time
 *   and keeps the CUfunction in G->kernels, a hash map keyed by a compact binary
 *   specialization key built on the stack (no string formatting, no SHA-256 per launch).
 *   Values that vary between calls of one specialization (scalar constants, sizes, shapes,
 *   strides, pointers) are kernel arguments, so `a*2` and `a*3` share one kernel.
 *
 * - Shapes: every input of gpu_fused_elementwise is broadcast to out's shape by its strides:
 *   an input with fewer dimensions is right-aligned, and a dimension of size 1 (or stride 0)
 *   is repeated. The caller checks broadcast compatibility (and raises NumPy's error); the
 *   kernels trust the tensors they get. Strides are in elements and may be negative or 0.
 *
 * - Layouts: adjacent dimensions that are contiguous in every operand are merged first, so
 *   a contiguous array of any rank is one flat run. When out and every non-scalar input
 *   are contiguous and aligned, the kernel loads and stores 16 bytes per access (float4 /
 *   int4) in a grid-stride loop; inputs whose strides are all 0 are loaded once per thread.
 *   Anything else (transposes, slices with steps, broadcasts) takes the strided path, which
 *   decomposes the C-order index (32-bit arithmetic when every offset fits, else 64-bit).
 *
 * - All work is queued on the given stream (NULL: G->stream) and is asynchronous.
 *   Temporary device buffers (reduction partials) come from the stream-ordered pool and are
 *   freed on the same stream.
 */
#ifndef KRAIT_GPU_KERNELS_H
#define KRAIT_GPU_KERNELS_H

#include <stdbool.h>
#include <stdint.h>

#include "../codegen/dtype.h"
#include "../runtime/gpu.h"

#define GPU_MAX_DIMS 8

/* A view of device memory. Strides are in elements (NumPy's byte strides / itemsize). */
typedef struct GpuTensor {
    CUdeviceptr ptr; /* the element at index (0, ..., 0) */
    DType dtype;
    int ndim; /* 0..GPU_MAX_DIMS; 0 is a scalar (one element) */
    int64_t shape[GPU_MAX_DIMS];
    int64_t strides[GPU_MAX_DIMS];
} GpuTensor;

/* ---- fused elementwise expressions ---- */

/* The operations of a FuseNode. Semantics are NumPy's, computed in the node's dtype
 * ("compute dtype"): operands are converted to it first (a C cast; float16/bfloat16 are
 * computed in float and rounded back to their type after every node, as NumPy does per
 * ufunc). Exceptions, where the compute dtype is the operands' NumPy promotion and the
 * node's dtype is the result's:
 *   comparisons and isnan/isinf/isfinite: node dtype BOOL;
 *   logical and/or/xor/not: operands tested against 0, node dtype BOOL;
 *   where: a is the condition (tested against 0), b and c are converted to the node dtype.
 * Integer semantics: floordiv and mod follow Python's signs (floor), and division or mod by
 * 0 gives 0 (NumPy's value; the warning is not printed); shifts by >= the bit width give
 * 0 (or -1 for a negative value shifted right); pow with a negative integer exponent gives
 * 0 except for bases 1 and -1 (NumPy raises; the caller must check if it cares); abs and
 * neg wrap. invert of BOOL is logical not. Float semantics are IEEE: x/0 is inf or nan;
 * floordiv and mod match NumPy's npy_divmod (mod takes the divisor's sign); maximum,
 * minimum and clip propagate NaN; sign(nan) is nan; round is rint (half to even); floor,
 * ceil, rint, trunc of an integer dtype are the identity. */
#define FUSE_OPS(X)                                                                                \
    X(INPUT, 0) /* leaf: inputs[node.input] */                                                     \
    X(CONST, 0) /* leaf: node.scalar (float dtypes) or node.iscalar (bool and integers) */         \
    X(CAST, 1)                                                                                     \
    X(ADD, 2)                                                                                      \
    X(SUB, 2)                                                                                      \
    X(MUL, 2)                                                                                      \
    X(TRUEDIV, 2)                                                                                  \
    X(FLOORDIV, 2)                                                                                 \
    X(MOD, 2)                                                                                      \
    X(POW, 2)                                                                                      \
    X(NEG, 1)                                                                                      \
    X(ABS, 1)                                                                                      \
    X(EQ, 2)                                                                                       \
    X(NE, 2)                                                                                       \
    X(LT, 2)                                                                                       \
    X(LE, 2)                                                                                       \
    X(GT, 2)                                                                                       \
    X(GE, 2)                                                                                       \
    X(LOGICAL_AND, 2)                                                                              \
    X(LOGICAL_OR, 2)                                                                               \
    X(LOGICAL_XOR, 2)                                                                              \
    X(LOGICAL_NOT, 1)                                                                              \
    X(BIT_AND, 2)                                                                                  \
    X(BIT_OR, 2)                                                                                   \
    X(BIT_XOR, 2)                                                                                  \
    X(INVERT, 1)                                                                                   \
    X(LSHIFT, 2)                                                                                   \
    X(RSHIFT, 2)                                                                                   \
    X(MAXIMUM, 2)                                                                                  \
    X(MINIMUM, 2)                                                                                  \
    X(WHERE, 3)                                                                                    \
    X(EXP, 1)                                                                                      \
    X(EXPM1, 1)                                                                                    \
    X(LOG, 1)                                                                                      \
    X(LOG1P, 1)                                                                                    \
    X(LOG2, 1)                                                                                     \
    X(LOG10, 1)                                                                                    \
    X(SQRT, 1)                                                                                     \
    X(SQUARE, 1)                                                                                   \
    X(RECIPROCAL, 1)                                                                               \
    X(SIN, 1)                                                                                      \
    X(COS, 1)                                                                                      \
    X(TAN, 1)                                                                                      \
    X(SINH, 1)                                                                                     \
    X(COSH, 1)                                                                                     \
    X(TANH, 1)                                                                                     \
    X(ARCSIN, 1)                                                                                   \
    X(ARCCOS, 1)                                                                                   \
    X(ARCTAN, 1)                                                                                   \
    X(ARCSINH, 1)                                                                                  \
    X(ARCCOSH, 1)                                                                                  \
    X(ARCTANH, 1)                                                                                  \
    X(ARCTAN2, 2)                                                                                  \
    X(HYPOT, 2)                                                                                    \
    X(FLOOR, 1)                                                                                    \
    X(CEIL, 1)                                                                                     \
    X(RINT, 1)                                                                                     \
    X(TRUNC, 1)                                                                                    \
    X(SIGN, 1)                                                                                     \
    X(ISNAN, 1)                                                                                    \
    X(ISINF, 1)                                                                                    \
    X(ISFINITE, 1)                                                                                 \
    X(CLIP, 3)   /* clip(a, lo=b, hi=c) = minimum(maximum(a, b), c) */                             \
    X(ROWRED, 1) /* a row program's reduction of a over the row (gpu_fused_rows) */

typedef enum FuseOp {
#define X(name, arity) FUSE_##name,
    FUSE_OPS(X)
#undef X
        FUSE__COUNT
} FuseOp;

/* One node of an expression DAG. Operands are indexes of earlier nodes (a node may be
 * shared by several users: it is computed once). */
typedef struct FuseNode {
    int op;          /* FuseOp */
    DType dtype;     /* the node's result dtype (see FUSE_OPS for the compute dtype) */
    int a, b, c;     /* operand node indexes, -1 if unused */
    int input;       /* FUSE_INPUT: index into inputs[] */
    double scalar;   /* FUSE_CONST of a float dtype */
    int64_t iscalar; /* FUSE_CONST of bool / integer dtypes */
    /* Floating-point error detection (NumPy's np.seterr categories): fpe is the GPU_FPE_*
     * bits to detect (a subset of gpu_fuse_fpe_kinds; 0: none, part of the kernel's key);
     * fpe_word the device address of a 32-bit word the kernel ORs the bits it saw into
     * (an argument word, not part of the key). */
    unsigned fpe;
    CUdeviceptr fpe_word;
} FuseNode;

/* The floating-point error categories, NumPy's order (ARR_FPE_* has the same values).
 * GPUs have no exception flags: a kernel decides from the values, as the C flags would
 * be raised on the host: divide (a finite nonzero x / 0, log(0), 0 ** negative, integer
 * // and % by 0), overflow (an infinite result of finite operands, a narrowing cast to
 * inf), invalid (a NaN result of non-NaN operands; a float to integer cast out of the
 * range of x86's conversion instruction, as NumPy's cast on x86). Underflow (which needs
 * inexactness) is not detected on the device. */
enum { GPU_FPE_DIVIDE = 1, GPU_FPE_OVER = 2, GPU_FPE_UNDER = 4, GPU_FPE_INVALID = 8 };

/* The categories node nd of a graph can raise (0 for most: comparisons, integer
 * arithmetic other than // and %, widening casts, ...). */
unsigned gpu_fuse_fpe_kinds(const FuseNode *nodes, const FuseNode *nd);
/* The values (lo, hi), both exclusive, a float converts to integer dtype dst in without
 * x86's invalid flag (NumPy's "invalid value encountered in cast"); NaN is outside. */
void gpu_fpe_cast_range(DType dst, double *lo, double *hi);

/* Limits of one fused kernel (the caller evaluates a graph early when it grows past them). */
#define FUSE_MAX_NODES  96
#define FUSE_MAX_INPUTS 16

/* out[...] = nodes[root] over every element of out (out may be strided; its dtype may
 * differ from the root's: the value is cast). inputs may alias out only elementwise
 * (in-place a += b is fine; overlapping shifted views are not). */
int gpu_fused_elementwise(GpuState *G, const FuseNode *nodes, int nnodes, int root,
                          const GpuTensor *inputs, int ninputs, GpuTensor *out, CUstream s);

/* A row program: a graph with FUSE_ROWRED nodes over the row space `space` (its rank >= 2 and
 * shape; ptr, strides and dtype unused), whose last axis is the row. A ROWRED node (iscalar:
 * GPU_REDUCE_SUM, MEAN, MAX or MIN; a float dtype, accumulated in float, double for FLOAT64)
 * reduces the value of node a over the row, and the nodes that read it see one value per row:
 * softmax `e / e.sum(-1)` over `e = exp(x - x.max(-1))` is one graph. Inputs broadcast to
 * space as in gpu_fused_elementwise. out has space's shape (an elementwise root) or, when the
 * root is a ROWRED, one value per row: space's row dims, with or without a last 1. On a GPU
 * one kernel per row (the row in registers, kernels_rows.c); stage by stage (the reduction
 * kernels, then the fused one) on the mock, for rows past 32768 and for a lone reduction. */
int gpu_fused_rows(GpuState *G, const FuseNode *nodes, int nnodes, int root,
                   const GpuTensor *inputs, int ninputs, const GpuTensor *space, GpuTensor *out,
                   CUstream s);

/* The arity of a FuseOp (0 for leaves), -1 for an unknown op. */
int gpu_fuse_arity(int op);

/* ---- reductions ---- */

typedef enum GpuReduceOp {
    GPU_REDUCE_SUM,
    GPU_REDUCE_PROD,
    GPU_REDUCE_MIN, /* NaN propagates, as NumPy's */
    GPU_REDUCE_MAX,
    GPU_REDUCE_ARGMIN, /* out INT64; the first index of the extreme (or of the first NaN) */
    GPU_REDUCE_ARGMAX,
    GPU_REDUCE_ANY, /* out BOOL */
    GPU_REDUCE_ALL,
    GPU_REDUCE_MEAN, /* the sum divided by the count, in out's dtype (a float dtype) */
} GpuReduceOp;

/* Reduce `in` over every element (axis -1: out has one element) or over one axis (out is
 * contiguous with in's shape minus that axis, or with that axis kept as size 1). The
 * caller chooses out's dtype NumPy's way (sum of bool/int8/int16/int32 -> INT64, of
 * UINT8/UINT32 -> the caller's choice, of floats -> the same float); the kernel
 * accumulates in out's compute type: int64 for integer outputs, double for FLOAT64, float
 * for FLOAT32/FLOAT16/BFLOAT16 (each thread sums its elements in float, then a warp/block
 * tree and a tree over blocks combine the partial sums, so the error grows like a pairwise
 * sum's across threads and linearly within a thread's share of about n/65536 elements);
 * MEAN of an integer input accumulates in double. Results are deterministic: full
 * reductions write per-block partials that a second pass combines in a fixed order (no
 * atomics). An empty reduction gives the identity (0, 1, +inf for min?): MIN/MAX/ARGMIN/
 * ARGMAX over zero elements are the caller's error to raise (NumPy raises ValueError). */
int gpu_reduce(GpuState *G, int op, const GpuTensor *in, int axis, GpuTensor *out, CUstream s);
/* gpu_reduce that also reports the reduction's own floating-point errors (SUM, PROD and MEAN
 * in a float accumulator): each add or multiply that makes NaN of non-NaN operands ORs 8
 * (invalid) into the 32-bit word at fpe_word, one that makes inf of finite ones 2
 * (overflow), as does a FLOAT16/BFLOAT16 result that rounds to inf. A different kernel
 * (the checks cost a few instructions an element); fpe_word 0: gpu_reduce. */
int gpu_reduce_checked(GpuState *G, int op, const GpuTensor *in, int axis, GpuTensor *out,
                       CUstream s, CUdeviceptr fpe_word);

/* gpu_reduce over the values of a fused expression without storing them: the graph of
 * gpu_fused_elementwise over inputs, broadcast to `shape` (its dtype, rank and shape; ptr and
 * strides unused), is evaluated at each element the reduction reads, in C order, with the
 * value converted to shape's dtype as a store would. The result is the one gpu_reduce gives
 * on the materialized expression, bit for bit (the same order of accumulation). */
int gpu_reduce_fused(GpuState *G, int op, const FuseNode *nodes, int nnodes, int root,
                     const GpuTensor *inputs, int ninputs, const GpuTensor *shape, int axis,
                     GpuTensor *out, CUstream s);
int gpu_reduce_fused_checked(GpuState *G, int op, const FuseNode *nodes, int nnodes, int root,
                             const GpuTensor *inputs, int ninputs, const GpuTensor *shape, int axis,
                             GpuTensor *out, CUstream s, CUdeviceptr fpe_word);

/* ---- matmul ---- */

/* out = a @ b for FLOAT32, FLOAT64, FLOAT16, BFLOAT16 (a, b and out of one dtype; 16-bit
 * types accumulate in float). a is (..., M, K), b is (..., K, N), out is (..., M, N), with
 * the batch dimensions already broadcast to out's by the caller (a stride of 0 repeats a
 * matrix). Any strides work; transposed views are read in place. */
int gpu_matmul(GpuState *G, const GpuTensor *a, const GpuTensor *b, GpuTensor *out, CUstream s);

/* out = act(alpha * a @ b + beta * c + bias) in one cuBLASLt call (its epilogue; act is
 * cublaslt.h's LT_ACT_*), for 2-D operands of out's dtype, bias (NULL: none) a contiguous
 * vector of out's columns, c (read when beta != 0) laid out as out. 0 done, 1 declined
 * (cuBLASLt absent, a shape or layout it does not take: the caller composes the result),
 * -1 error set. */
int gpu_matmul_ep(GpuState *G, const GpuTensor *a, const GpuTensor *b, GpuTensor *out,
                  const GpuTensor *bias, int act, double alpha, double beta, const GpuTensor *c,
                  CUstream s);

/* ---- copies and creation (kernels_create.c) ---- */

/* dst[...] = src[...] with dst's dtype (a cast when they differ), any layouts of one shape
 * (src broadcast to dst's shape as in gpu_fused_elementwise). Use it for
 * ascontiguousarray, astype, copy, tolist staging and assignment through views. */
int gpu_copy_strided(GpuState *G, const GpuTensor *src, GpuTensor *dst, CUstream s);

/* Every element of out (any layout) set to value (float dtypes) or ivalue (bool and
 * integer dtypes; bool is ivalue != 0). */
int gpu_fill(GpuState *G, GpuTensor *out, double value, int64_t ivalue, CUstream s);

/* out (1-D, contiguous or strided) [i] = start + i * step: float dtypes use (start, step),
 * integer dtypes (istart, istep), as NumPy's arange computes them. */
int gpu_arange(GpuState *G, GpuTensor *out, double start, double step, int64_t istart,
               int64_t istep, CUstream s);

/* ---- scans, sorting, compaction and gathers (kernels_scan.c, kernels_sort.c) ---- */

typedef enum GpuScanOp { GPU_SCAN_SUM, GPU_SCAN_PROD } GpuScanOp;

/* The inclusive (exclusive: each element's prefix before it) scan of each of `rows`
 * contiguous rows of len elements of in (dtype in_dt) into out (dtype dt, the accumulator:
 * INT64, UINT64, FLOAT32, FLOAT64 or UINT32; in_dt is dt, or BOOL / UINT8 counted as 0 and
 * 1). in may be out. Floats are summed as a tree over tiles (a different rounding from
 * NumPy's sequential loop), integers wrap. */
int gpu_scan(GpuState *G, int op, CUdeviceptr in, DType in_dt, CUdeviceptr out, DType dt,
             int64_t rows, int64_t len, bool exclusive, CUstream s);
/* gpu_scan that reports a float accumulator's own errors: a step making inf of finite
 * operands ORs 2 (overflow) into the 32-bit word at fpe_word, one making NaN of non-NaN ones
 * 8 (invalid), as NumPy's accumulate loop would raise them (steps of the scan's tree, so a
 * step the sequential loop never takes can differ). fpe_word 0: gpu_scan. */
int gpu_scan_checked(GpuState *G, int op, CUdeviceptr in, DType in_dt, CUdeviceptr out, DType dt,
                     int64_t rows, int64_t len, bool exclusive, CUstream s, CUdeviceptr fpe_word);

/* Sort each of `rows` contiguous rows of len elements of dt (any dtype; NumPy's order: NaN
 * last, -0.0 equal to 0.0; stable), rows * len < 2^32: vals (0: not wanted) gets the sorted
 * values (dt, contiguous), pos (0: not wanted) each one's position in its row (INT64): the
 * stable argsort. */
int gpu_sort(GpuState *G, CUdeviceptr in, DType dt, int64_t rows, int64_t len, CUdeviceptr vals,
             CUdeviceptr pos, CUstream s);

/* Stream compaction: for each of n flags (BOOL) set, the inner elements of esize bytes
 * (1, 2, 4, 8) at src + i * inner go to dst + (pos[i] - 1) * inner, where pos (INT64) is
 * the inclusive scan of the flags (gpu_scan BOOL -> INT64). */
int gpu_compact(GpuState *G, CUdeviceptr flags, CUdeviceptr pos, int64_t n, CUdeviceptr src,
                CUdeviceptr dst, int esize, int64_t inner, CUstream s);
/* np.nonzero's coordinates: for each set flag of a C-order array of shape (ndim dims), its
 * index along dim d into outs[d][pos[i] - 1] (INT64). */
int gpu_nonzero_coords(GpuState *G, CUdeviceptr flags, CUdeviceptr pos, int ndim,
                       const int64_t *shape, const CUdeviceptr *outs, CUstream s);
/* Integer-array indexing: dst (outer, m, inner) = src (outer, dim, inner) at the m INT64
 * indexes idx (negative ones count from dim), contiguous, elements of esize bytes. An index
 * outside [-dim, dim) is skipped and its j written into the u64 at err_word when smaller
 * than what is there (the caller sets it to ~0 first). */
int gpu_take(GpuState *G, CUdeviceptr idx, int64_t m, CUdeviceptr src, CUdeviceptr dst, int esize,
             int64_t outer, int64_t dim, int64_t inner, CUdeviceptr err_word, CUstream s);

/* ---- compiling without a GPU, and teardown ---- */

/* NVRTC-compile representative kernels of every family (elementwise in every dtype, the
 * strided and broadcast paths, every reduction, matmul, arange) to CUBIN for arch
 * ("sm_90a"), without a device. Returns the number of kernels compiled, or -1 with G's
 * error (and the failing source's NVRTC log in G->log) at the first failure. If
 * verbose, prints one line per kernel to stdout. */
int gpu_kernels_compile_all(GpuState *G, const char *arch, bool verbose);

/* Free the specialization cache's host memory and the cuBLASLt state (the CUfunctions
 * belong to the JIT's modules, which jit_cache_free unloads). gpu_state_free does the same
 * through kcache_free and the lt_free hook; calling both is harmless. */
void gpu_kernels_free(GpuState *G);

/* ---- helpers shared by the kernel files ---- */

/* gpu_dtype_size, _kind, _name and _promote are gpu/codegen/dtype.h's. */
/* Number of elements of t (1 for ndim 0). */
int64_t gpu_tensor_size(const GpuTensor *t);
bool gpu_tensor_is_contiguous(const GpuTensor *t);
/* The bytes of the distinct elements t addresses (a broadcast dimension, stride 0, counts
 * once): what a kernel reading or writing t once moves, for the profiler. */
uint64_t gpu_tensor_bytes(const GpuTensor *t);
/* The same summed over n tensors. */
uint64_t gpu_tensors_bytes(const GpuTensor *t, int n);

#endif
