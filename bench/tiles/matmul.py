# matmul.py: matrix multiply in the idiom of cuTile's MatMul sample (a 1-D grid in grouped
# "swizzled" tile order, a k loop of ct.load + ct.mma into a float32 accumulator, float32
# inputs as tfloat32), bfloat16 / float16 / tfloat32 at 8192^3, and the sample's persistent
# variant (bfloat16, one block per SM). Each configuration is checked exactly: the operands
# are small multiples of 1/8, so every sum is exact in float32 and the rounded output must
# equal the gpu module's own product rounded the same way.
#   KRAIT_DEVICE=cuda build/krait bench/tiles/matmul.py [N [TAG]]
# N: the size (8192); TAG: a suffix for the row names, e.g. "tma" when run under
# KRAIT_TILE_SM90=tma (run.sh runs it under each of the lowering's matmul loops).
import sys

import gpu
import tile as ct

from _bench import SMS, finish, row, timed_s

ConstInt = ct.Constant[int]


def swizzle_2d_from_bid(M, N, tm, tn, GROUP_SIZE_M, bid):
    num_bid_m = ct.cdiv(M, tm)
    num_bid_n = ct.cdiv(N, tn)
    num_bid_in_group = GROUP_SIZE_M * num_bid_n
    group_id = bid // num_bid_in_group
    first_bid_m = group_id * GROUP_SIZE_M
    group_size_m = min(num_bid_m - first_bid_m, GROUP_SIZE_M)
    bid_m = first_bid_m + (bid % group_size_m)
    bid_n = (bid % num_bid_in_group) // group_size_m
    return bid_m, bid_n


def matmul_body(A, B, C, tm, tn, tk):
    M = A.shape[0]
    N = B.shape[1]
    bidx, bidy = swizzle_2d_from_bid(M, N, tm, tn, 8, ct.bid(0))
    num_tiles_k = ct.num_tiles(A, axis=1, shape=(tm, tk))
    accumulator = ct.full((tm, tn), 0, dtype=ct.float32)
    dtype = ct.tfloat32 if A.dtype == ct.float32 else A.dtype
    for k in range(num_tiles_k):
        a = ct.load(A, index=(bidx, k), shape=(tm, tk), padding_mode=ct.PaddingMode.ZERO)
        b = ct.load(B, index=(k, bidy), shape=(tk, tn), padding_mode=ct.PaddingMode.ZERO)
        accumulator = ct.mma(a.astype(dtype), b.astype(dtype), accumulator)
    accumulator = ct.astype(accumulator, C.dtype)
    ct.store(C, index=(bidx, bidy), tile=accumulator)


@ct.kernel
def matmul_kernel(A, B, C, tm: ConstInt, tn: ConstInt, tk: ConstInt):
    matmul_body(A, B, C, tm, tn, tk)


@ct.kernel(occupancy=2)
def matmul_kernel_occ2(A, B, C, tm: ConstInt, tn: ConstInt, tk: ConstInt):
    matmul_body(A, B, C, tm, tn, tk)


@ct.kernel
def persistent_matmul_kernel(A, B, C, tm: ConstInt, tn: ConstInt, tk: ConstInt):
    GROUP_SIZE_M = 8
    bid = ct.bid(0)
    M = A.shape[0]
    N = B.shape[1]
    num_tiles_k = ct.num_tiles(A, axis=1, shape=(tm, tk))
    zero_pad = ct.PaddingMode.ZERO
    dtype = ct.tfloat32 if A.dtype == ct.float32 else A.dtype
    upper_bound = ct.cdiv(M, tm) * ct.cdiv(N, tn)
    num_tile_blocks = ct.num_blocks(0)
    for current_bid in range(bid, upper_bound, num_tile_blocks):
        accumulator = ct.full((tm, tn), 0, dtype=ct.float32)
        bidx, bidy = swizzle_2d_from_bid(M, N, tm, tn, GROUP_SIZE_M, current_bid)
        for k in range(num_tiles_k):
            a = ct.load(A, index=(bidx, k), shape=(tm, tk), padding_mode=zero_pad).astype(dtype)
            b = ct.load(B, index=(k, bidy), shape=(tk, tn), padding_mode=zero_pad).astype(dtype)
            accumulator = ct.mma(a, b, accumulator)
        accumulator = ct.astype(accumulator, C.dtype)
        ct.store(C, index=(bidx, bidy), tile=accumulator)


def cdiv(a, b):
    return (a + b - 1) // b


S = gpu.Stream.default
n = int(sys.argv[1]) if len(sys.argv) > 1 else 8192
suffix = "_" + sys.argv[2] if len(sys.argv) > 2 else ""
flop = 2.0 * n * n * n
A32 = ((((gpu.arange(n * n) * 7) % 9) - 4) * 0.5).reshape(n, n)
B32 = ((((gpu.arange(n * n) * 5) % 7) - 3) * 0.25).reshape(n, n)
exact = (A32.astype(gpu.float32) @ B32.astype(gpu.float32))
cases = (("matmul_bf16", gpu.bfloat16, ((matmul_kernel, (128, 256, 64)),
                                        (matmul_kernel, (128, 128, 64)),
                                        (matmul_kernel_occ2, (128, 128, 64)))),
         ("matmul_f16", gpu.float16, ((matmul_kernel, (128, 256, 64)),
                                      (matmul_kernel, (128, 128, 64)),
                                      (matmul_kernel_occ2, (128, 128, 64)))),
         ("matmul_tf32", gpu.float32, ((matmul_kernel, (128, 256, 32)),
                                       (matmul_kernel, (128, 128, 32)),
                                       (matmul_kernel_occ2, (128, 128, 32)))),
         ("persistent_matmul_bf16", gpu.bfloat16, ((persistent_matmul_kernel, (128, 256, 64)),
                                                   (persistent_matmul_kernel, (128, 128, 64)))))
for name, dt, configs in cases:
    A, B = A32.astype(dt), B32.astype(dt)
    C = gpu.empty((n, n), dtype=dt)
    want = exact.astype(dt)
    best, how, ok = 0.0, "", True
    for kernel, (tm, tn, tk) in configs:
        grid = cdiv(n, tm) * cdiv(n, tn)
        if kernel is persistent_matmul_kernel:
            grid = min(grid, SMS)
        C.fill(0)
        launch = (lambda: ct.launch(S, (grid, 1, 1), kernel, (A, B, C, tm, tn, tk)))
        s = timed_s(launch, 3 if n > 4096 else 10)
        good = bool(gpu.array_equal(C, want))
        ok = ok and good
        tf = flop / s / 1e12
        tag = str(tm) + "x" + str(tn) + "x" + str(tk) + (" occ2" if kernel is matmul_kernel_occ2
                                                         else "")
        print("  ", name, tag, round(tf, 1), "TFLOP/s", "ok" if good else "WRONG")
        if tf > best:
            best, how = tf, tag
    row(name + "_" + str(n) + "^3" + suffix, best, "TFLOP/s", ok, how)
finish()
