# Batched matrix multiplication in the idiom of cuTile's BatchMatMul sample: a 3-D grid
# (batch, M tiles, N tiles), 3-D loads reshaped to 2-D for ct.mma, the result reshaped back
# to 3-D for the store; float16 inputs, float32 accumulation, a K the tile does not divide.
import gpu
import tile as ct

ConstInt = ct.Constant[int]


@ct.kernel
def batch_matmul_kernel(A, B, C, tm: ConstInt, tn: ConstInt, tk: ConstInt):
    pid_batch = ct.bid(0)
    pidx = ct.bid(1)
    pidy = ct.bid(2)
    num_k_tiles = ct.cdiv(A.shape[2], tk)
    accumulator = ct.full((tm, tn), 0.0, dtype=ct.float32)
    zero_pad = ct.PaddingMode.ZERO
    for k in range(num_k_tiles):
        a = ct.load(A, index=(pid_batch, pidx, k), shape=(1, tm, tk), padding_mode=zero_pad)
        a = ct.reshape(a, (tm, tk))
        b = ct.load(B, index=(pid_batch, k, pidy), shape=(1, tk, tn), padding_mode=zero_pad)
        b = ct.reshape(b, (tk, tn))
        accumulator = ct.mma(a, b, acc=accumulator)
    result = ct.astype(accumulator, C.dtype)
    result_3d = ct.reshape(result, (1, tm, tn))
    ct.store(C, index=(pid_batch, pidx, pidy), tile=result_3d)


Batch, M, K, N = 4, 96, 80, 64
tm, tn, tk = 32, 32, 32
A = ((gpu.arange(Batch * M * K) * 7919 % 13 - 6) / 4.0).reshape(Batch, M, K).astype(gpu.float16)
B = ((gpu.arange(Batch * K * N) * 104729 % 11 - 5) / 4.0).reshape(Batch, K, N).astype(gpu.float16)
for out_dt in (gpu.float16, gpu.float32):
    C = gpu.zeros((Batch, M, N), dtype=out_dt)
    grid = (Batch, ct.cdiv(M, tm), ct.cdiv(N, tn))
    ct.launch(gpu.Stream.default, grid, batch_matmul_kernel, (A, B, C, tm, tn, tk))
    gold = A.astype(gpu.float32) @ B.astype(gpu.float32)
    print("batch matmul", C.shape, C.dtype,
          bool(gpu.allclose(C.astype(gpu.float32), gold, atol=0.05, rtol=1e-2)))
