# The matmul loop in the shapes Hopper's lowering takes to wgmma (gpu/tile/lower/mma_sm90.c:
# 16-bit operands, tile M and N multiples of 64 up to 256, BK a multiple of 64; float32 as
# tfloat32 with N a multiple of 64 and BK of 32): edges in M,
# N and K (zero padding), rows that are not 16-byte multiples and transposed views (the
# element-by-element copy), a k range with a start and a step, a nonzero starting
# accumulator, and the loop inside a persistent loop over output tiles. Operands are small
# integers times halves, so every sum is exact in float32 and GPU and CPU agree bit for bit.
import gpu
import tile as ct

ConstInt = ct.Constant[int]


def operands(m, k, n, seed):
    a = (((gpu.arange(m * k) * (7 + seed)) % 9) - 4).reshape(m, k) * 0.5
    b = (((gpu.arange(k * n) * (5 + seed)) % 7) - 3).reshape(k, n) * 0.25
    return a, b


@ct.kernel
def matmul(A, B, C, tm: ConstInt, tn: ConstInt, tk: ConstInt):
    bidx = ct.bid(0)
    bidy = ct.bid(1)
    acc = ct.full((tm, tn), 0, dtype=ct.float32)
    for k in range(ct.num_tiles(A, axis=1, shape=(tm, tk))):
        a = ct.load(A, index=(bidx, k), shape=(tm, tk), padding_mode=ct.PaddingMode.ZERO)
        b = ct.load(B, index=(k, bidy), shape=(tk, tn), padding_mode=ct.PaddingMode.ZERO)
        acc = ct.mma(a, b, acc)
    ct.store(C, index=(bidx, bidy), tile=acc.astype(C.dtype))


@ct.kernel
def matmul_tf32(A, B, C, tm: ConstInt, tn: ConstInt, tk: ConstInt):
    acc = ct.full((tm, tn), 0, dtype=ct.float32)
    for k in range(ct.num_tiles(A, axis=1, shape=(tm, tk))):
        a = ct.load(A, index=(ct.bid(0), k), shape=(tm, tk), padding_mode=ct.PaddingMode.ZERO)
        b = ct.load(B, index=(k, ct.bid(1)), shape=(tk, tn), padding_mode=ct.PaddingMode.ZERO)
        acc = ct.mma(a.astype(ct.tfloat32), b.astype(ct.tfloat32), acc)
    ct.store(C, index=(ct.bid(0), ct.bid(1)), tile=acc)


@ct.kernel
def matmul_strided(A, B, C, tm: ConstInt, tn: ConstInt, tk: ConstInt, SPLIT: ConstInt,
                   SLAB: ConstInt):
    # slice z of K (k = z, z + SPLIT, ...) adds its part to its own slab of C (rows z * SLAB
    # tiles on), which starts as a bias: no two blocks touch the same output tile
    bidx = ct.bid(0) + ct.bid(2) * SLAB
    bidy = ct.bid(1)
    acc = ct.load(C, index=(bidx, bidy), shape=(tm, tn), padding_mode=ct.PaddingMode.ZERO)
    for k in range(ct.bid(2), ct.num_tiles(A, axis=1, shape=(tm, tk)), SPLIT):
        kk = k * 1
        a = ct.load(A, index=(ct.bid(0), kk), shape=(tm, tk), padding_mode=ct.PaddingMode.ZERO)
        b = ct.load(B, index=(kk, bidy), shape=(tk, tn), padding_mode=ct.PaddingMode.ZERO)
        acc = ct.mma(a, b, acc)
    ct.store(C, index=(bidx, bidy), tile=acc)


@ct.kernel
def matmul_persistent(A, B, C, tm: ConstInt, tn: ConstInt, tk: ConstInt):
    tiles_n = ct.cdiv(B.shape[1], tn)
    tiles = ct.cdiv(A.shape[0], tm) * tiles_n
    for t in range(ct.bid(0), tiles, ct.num_blocks(0)):
        acc = ct.full((tm, tn), 0, dtype=ct.float32)
        for k in range(ct.num_tiles(A, axis=1, shape=(tm, tk))):
            a = ct.load(A, index=(t // tiles_n, k), shape=(tm, tk),
                        padding_mode=ct.PaddingMode.ZERO)
            b = ct.load(B, index=(k, t % tiles_n), shape=(tk, tn),
                        padding_mode=ct.PaddingMode.ZERO)
            acc = ct.mma(a, b, acc)
        ct.store(C, index=(t // tiles_n, t % tiles_n), tile=acc.astype(C.dtype))


def cdiv(a, b):
    return (a + b - 1) // b


S = gpu.Stream.default
for name, dt, (m, k, n), (tm, tn, tk) in (("bfloat16", gpu.bfloat16, (200, 320, 392), (128, 256, 64)),
                                          ("float16", gpu.float16, (96, 200, 136), (64, 64, 64)),
                                          ("float16", gpu.float16, (130, 256, 70), (128, 128, 128))):
    A, B = operands(m, k, n, 0)
    C = gpu.zeros((m, n), dtype=gpu.float32)
    ct.launch(S, (cdiv(m, tm), cdiv(n, tn), 1), matmul, (A.astype(dt), B.astype(dt), C, tm, tn, tk))
    print(name, (m, k, n), (tm, tn, tk), gpu.array_equal(C, A @ B), C[m - 1, n - 4:])

# tfloat32 (float32 arrays): the loop computes C^T = B^T A^T, B^T read into registers (N a
# multiple of 64: N / 64 warpgroups; N = 96 stays on mma.sync)
for (m, k, n), (tm, tn, tk) in (((200, 96, 136), (128, 128, 32)), ((64, 136, 96), (64, 96, 64)),
                                ((136, 72, 300), (128, 256, 32)), ((70, 160, 130), (64, 64, 64))):
    A, B = operands(m, k, n, 3)
    C = gpu.zeros((m, n), dtype=gpu.float32)
    ct.launch(S, (cdiv(m, tm), cdiv(n, tn), 1), matmul_tf32, (A.astype(gpu.float32),
                                                              B.astype(gpu.float32), C, tm, tn, tk))
    print("tfloat32", (m, k, n), (tm, tn, tk), gpu.array_equal(C, A @ B), C[m - 1, n - 4:])

# transposed views (unit stride on the wrong axis) and a bias, K split in 3 slices
m, k, n = 72, 448, 130
A, B = operands(m, k, n, 1)
At = A.T.copy().astype(gpu.bfloat16)
Bt = B.T.copy().astype(gpu.bfloat16)
bias = (gpu.arange(m * n).reshape(m, n) % 3).astype(gpu.float32)
slab = cdiv(m, 64)  # output tiles per slab
C = gpu.zeros((3 * slab * 64, n), dtype=gpu.float32)
for z in range(3):
    C[z * slab * 64:z * slab * 64 + m] = bias
ct.launch(S, (slab, cdiv(n, 128), 3), matmul_strided, (At.T, Bt.T, C, 64, 128, 64, 3, slab))
total = C[0:m] + C[slab * 64:slab * 64 + m] + C[2 * slab * 64:2 * slab * 64 + m] - 2 * bias
print("strided split", gpu.array_equal(total, A @ B + bias), total[0, :3])

# the loop inside a persistent loop: 3 blocks over 2 x 3 output tiles, half output
m, k, n = 256, 192, 384
A, B = operands(m, k, n, 2)
C = gpu.zeros((m, n), dtype=gpu.float16)
ct.launch(S, (3, 1, 1), matmul_persistent, (A.astype(gpu.float16), B.astype(gpu.float16), C, 128,
                                             128, 64))
print("persistent", gpu.array_equal(C, (A @ B).astype(gpu.float16)), C[255, 381:])
