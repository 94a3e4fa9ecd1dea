/* cublaslt.h: matmul through NVIDIA's cuBLASLt, loaded with dlopen on the first matmul when
 * the library is present (a PyTorch install ships it), for gpu/kernels/kernels_matmul.c.
 *
 * krait neither links against cuBLAS nor includes its headers (the build must work without
 * the toolkit), so cublaslt.c declares the few types and entry points it uses itself.
 * Krait's row-major product C = A B is cuBLAS's column-major C^T = B^T A^T, so the operands
 * are passed swapped; a transposed view (unit stride along the rows) becomes a transpose
 * flag, so it is read in place. Matrix descriptors and the heuristic's algorithm are
 * cached per shape (dtype, m, n, k, batch, leading dimensions, strides, alignment), so a
 * repeated matmul costs one hash lookup and one cublasLtMatmul call. */
#ifndef KRAIT_GPU_CUBLASLT_H
#define KRAIT_GPU_CUBLASLT_H

#include <stdbool.h>
#include <stdint.h>

#include "../codegen/dtype.h"
#include "../runtime/gpu.h"

/* One operand in krait's row-major terms: element (r, c) of matrix i of the batch is at
 * ptr + (i * batch_stride + r * row_stride + c * col_stride) elements. */
typedef struct LtOperand {
    CUdeviceptr ptr;
    int64_t row_stride, col_stride, batch_stride;
} LtOperand;

/* Load cuBLASLt unless tried already (settings.cublaslt_path, else the usual names, then
 * /usr/local/cuda/lib64, then the pip copy under python3*'s nvidia/cublas/lib) and create
 * its handle. 1: available, 0: absent (not an error; the own kernels run). Needs the device
 * started. */
int gpu_cublaslt_load(GpuState *G);

/* out = a @ b for `batch` matrices (a: m x k, b: k x n, out: m x n) of dtype dt (FLOAT32,
 * FLOAT64, FLOAT16, BFLOAT16; 16-bit types accumulate in float; FLOAT32 uses TF32 tensor
 * cores only when G->matmul_tf32). 0: done, 1: declined (a layout cuBLASLt cannot take or
 * no algorithm for it: the caller uses its own kernel), -1: error set. */
int gpu_cublaslt_matmul(GpuState *G, DType dt, int64_t m, int64_t n, int64_t k, int64_t batch,
                        const LtOperand *a, const LtOperand *b, const LtOperand *out, CUstream s);

/* An epilogue cuBLASLt applies in the same call: out = act(alpha * a @ b + beta * c + bias),
 * bias one value per column of out (n values of out's dtype), c laid out as out is. */
enum { LT_ACT_NONE, LT_ACT_RELU, LT_ACT_GELU }; /* GELU: the tanh approximation */
typedef struct LtEpilogue {
    int act;
    CUdeviceptr bias; /* 0: none */
    double alpha, beta;
    const LtOperand *c; /* read when beta != 0 */
} LtEpilogue;

/* Record why a product with an epilogue was composed instead (G->matmul_declined, shown as
 * gpu.device()['matmul_epilogue_declined']); returns 1, the "declined" result. */
int gpu_matmul_decline(GpuState *G, const char *why);

/* gpu_cublaslt_matmul with an epilogue (ep NULL: none); batch must be 1 with one. The same
 * results: 0 done, 1 declined (the caller computes it another way), -1 error set. */
int gpu_cublaslt_matmul_ep(GpuState *G, DType dt, int64_t m, int64_t n, int64_t k, int64_t batch,
                           const LtOperand *a, const LtOperand *b, const LtOperand *out,
                           const LtEpilogue *ep, CUstream s);

/* The library's path and version (cublasLtGetVersion), or NULL / 0 when not loaded. */
const char *gpu_cublaslt_path(GpuState *G);
size_t gpu_cublaslt_version(GpuState *G);

/* Destroy the handle, free the plans and the workspace (the device must be idle). Called
 * from gpu_kernels_free, before the context goes. */
void gpu_cublaslt_free(GpuState *G);

#endif
