# tfloat32 matmul loops (float32 arrays cast to tfloat32 in the loop) at the tile
# configurations the Hopper lowering takes to wgmma (gpu/tile/lower/mma_sm90.c: C^T = B^T A^T,
# B^T read from shared memory into registers, N / 64 warpgroups; 256x128x64 fits only as the
# wgmma loop's ring, its mma.sync staging would not) and one it leaves on mma.sync (N = 96),
# each over a K long enough that the ring of shared-memory stages wraps several times (the
# register hazard of the first wgmma tf32 loop showed only then), with edges in M, N and K.
# Exact operands (small multiples of 1/8: every sum exact in float32) must give NumPy's
# product bit for bit; random operands must stay within tfloat32's rounding of NumPy's
# float64 product.
import gpu
import tile as ct

ConstInt = ct.Constant[int]


@ct.kernel
def matmul_tf32(A, B, C, tm: ConstInt, tn: ConstInt, tk: ConstInt):
    acc = ct.full((tm, tn), 0, dtype=ct.float32)
    for k in range(ct.num_tiles(A, axis=1, shape=(tm, tk))):
        a = ct.load(A, index=(ct.bid(0), k), shape=(tm, tk), padding_mode=ct.PaddingMode.ZERO)
        b = ct.load(B, index=(k, ct.bid(1)), shape=(tk, tn), padding_mode=ct.PaddingMode.ZERO)
        acc = ct.mma(a.astype(ct.tfloat32), b.astype(ct.tfloat32), acc)
    ct.store(C, index=(ct.bid(0), ct.bid(1)), tile=acc)


def cdiv(a, b):
    return (a + b - 1) // b


def exact_operands(m, k, n, seed):
    a = (((gpu.arange(m * k) * (7 + seed)) % 9) - 4).reshape(m, k) * 0.5
    b = (((gpu.arange(k * n) * (5 + seed)) % 7) - 3).reshape(k, n) * 0.125
    return a.astype(gpu.float32), b.astype(gpu.float32)


def wave_operands(m, k, n, seed):
    # irregular values in [-1, 1) that tfloat32 rounds (not multiples of a power of two)
    a = gpu.sin(gpu.arange(m * k) * (0.37 + seed)).reshape(m, k)
    b = gpu.cos(gpu.arange(k * n) * (0.61 + seed)).reshape(k, n)
    return a.astype(gpu.float32), b.astype(gpu.float32)


S = gpu.Stream.default
for (m, k, n), (tm, tn, tk) in (((256, 1024, 256), (128, 128, 32)),
                                ((264, 736, 136), (256, 128, 32)),
                                ((136, 800, 320), (128, 256, 32)),
                                ((300, 448, 160), (256, 128, 64)),
                                ((72, 520, 200), (64, 96, 32))):
    for i, make in enumerate((exact_operands, wave_operands)):
        A, B = make(m, k, n, i)
        C = gpu.zeros((m, n), dtype=gpu.float32)
        ct.launch(S, (cdiv(m, tm), cdiv(n, tn), 1), matmul_tf32, (A, B, C, tm, tn, tk))
        want = A.astype(gpu.float64) @ B.astype(gpu.float64)
        if make is exact_operands:
            print((m, k, n), (tm, tn, tk), "exact", gpu.array_equal(C, want), C[m - 1, n - 3:])
        else:
            # tfloat32 keeps 10 mantissa bits: |error| <~ 2 * 2^-10 * sum |a||b| (wgmma
            # truncates the operands, mma.sync rounds them)
            bound = (gpu.abs(A).astype(gpu.float64) @ gpu.abs(B).astype(gpu.float64)) * 3e-3
            err = gpu.abs(C.astype(gpu.float64) - want)
            print((m, k, n), (tm, tn, tk), "rounded", bool((err <= bound + 1e-6).all()),
                  bool((err > 0).any()))
