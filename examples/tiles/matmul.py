# Matrix multiplication in the idioms of cuTile's MatMul sample: a 1-D grid mapped onto
# output tiles through a grouped ("swizzled") order for cache reuse, float32 inputs cast to
# tfloat32 for the tensor cores, float16 inputs with a float32 accumulator; a persistent
# variant whose blocks loop over the output tiles; and a split-K variant that combines its
# partial sums under a lock. Sizes the tiles do not divide exercise the padded edges.
import gpu
import tile as ct

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


def swizzle_2d(M, N, tm, tn, GROUP_SIZE_M):
    return swizzle_2d_from_bid(M, N, tm, tn, GROUP_SIZE_M, ct.bid(0))


@ct.kernel(num_ctas=ct.ByTarget(sm_100=2))
def matmul_kernel(A, B, C, tm: ConstInt, tn: ConstInt, tk: ConstInt):
    GROUP_SIZE_M = 8
    M = A.shape[0]
    N = B.shape[1]
    bidx, bidy = swizzle_2d(M, N, tm, tn, GROUP_SIZE_M)
    num_tiles_k = ct.num_tiles(A, axis=1, shape=(tm, tk))
    accumulator = ct.full((tm, tn), 0, dtype=ct.float32)
    zero_pad = ct.PaddingMode.ZERO
    dtype = ct.tfloat32 if A.dtype == ct.float32 else A.dtype
    for k in range(num_tiles_k):
        a = ct.load(A, index=(bidx, k), shape=(tm, tk), padding_mode=zero_pad).astype(dtype)
        b = ct.load(B, index=(k, bidy), shape=(tk, tn), padding_mode=zero_pad).astype(dtype)
        accumulator = ct.mma(a, b, accumulator)
    accumulator = ct.astype(accumulator, C.dtype)
    ct.store(C, index=(bidx, bidy), tile=accumulator)


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


@ct.kernel
def matmul_split_k_kernel(A, B, C, LOCKS, COUNTS, tm: ConstInt, tn: ConstInt, tk: ConstInt,
                          SPLIT_K: ConstInt):
    GROUP_SIZE_M = 8
    M = A.shape[0]
    N = B.shape[1]
    bidx, bidy = swizzle_2d(M, N, tm, tn, GROUP_SIZE_M)
    bidz = ct.bid(1)
    num_tiles = ct.num_tiles(A, axis=1, shape=(tm, tk))
    sum = ct.full((tm, tn), 0, dtype=ct.float32)
    zero_pad = ct.PaddingMode.ZERO
    dtype = ct.tfloat32 if A.dtype == ct.float32 else A.dtype
    for k in range(bidz, num_tiles, SPLIT_K):
        a = ct.load(A, index=(bidx, k), shape=(tm, tk), padding_mode=zero_pad).astype(dtype)
        b = ct.load(B, index=(k, bidy), shape=(tk, tn), padding_mode=zero_pad).astype(dtype)
        sum = ct.mma(a, b, sum)
    sum = ct.astype(sum, C.dtype)
    lock_offset = ct.bid(0)
    count_offset = lock_offset
    while ct.atomic_cas(LOCKS, lock_offset, 0, 1, memory_order=ct.MemoryOrder.ACQUIRE) == 1:
        pass
    count = ct.gather(COUNTS, count_offset)
    if count == 0:
        ct.store(C, index=(bidx, bidy), tile=sum)
    else:
        curr = ct.load(C, index=(bidx, bidy), shape=(tm, tn))
        ct.store(C, index=(bidx, bidy), tile=(curr + sum))
    ct.scatter(COUNTS, count_offset, (count + 1) % SPLIT_K)
    ct.atomic_xchg(LOCKS, lock_offset, 0, memory_order=ct.MemoryOrder.RELEASE)


def cutile_matmul(A, B, persistent=False):
    if A.shape[1] != B.shape[0]:
        raise ValueError("Incompatible matrices")
    tm, tn, tk = (64, 64, 32) if A.nbytes // A.size == 2 else (32, 32, 32)
    m, n = A.shape[0], B.shape[1]
    grid_size = ct.cdiv(m, tm) * ct.cdiv(n, tn)
    if persistent:
        grid_size = min(7, grid_size)  # a few "SMs"
    C = gpu.empty((m, n), dtype=A.dtype)
    kernel = persistent_matmul_kernel if persistent else matmul_kernel
    ct.launch(gpu.Stream.default, (grid_size, 1, 1), kernel, (A, B, C, tm, tn, tk))
    return C


def wave(shape, seed):
    n = shape[0] * shape[1]
    return (((gpu.arange(n) * seed) % 17) - 8).reshape(shape) / 8.0


for dt, tol in ((gpu.float16, 1e-2), (gpu.float32, 2e-3)):
    for (m, k, n) in ((256, 192, 128), (200, 150, 90)):
        A = wave((m, k), 7919).astype(dt)
        B = wave((k, n), 104729).astype(dt)
        gold = A.astype(gpu.float32) @ B.astype(gpu.float32)
        for persistent in (False, True):
            C = cutile_matmul(A, B, persistent)
            print((m, k, n),
                  "persistent" if persistent else "swizzled", C.dtype,
                  bool(gpu.allclose(C.astype(gpu.float32), gold, atol=tol * k ** 0.5, rtol=tol)))

# split-K: 4 slices of K combine their float32 partial sums under a per-tile lock
m, k, n, tm, tn, tk, split = 96, 256, 64, 32, 32, 32, 4
A = wave((m, k), 7919).astype(gpu.float32)
B = wave((k, n), 104729).astype(gpu.float32)
C = gpu.zeros((m, n), dtype=gpu.float32)
tiles = ct.cdiv(m, tm) * ct.cdiv(n, tn)
LOCKS = gpu.zeros(tiles, dtype=gpu.int32)
COUNTS = gpu.zeros(tiles, dtype=gpu.int32)
ct.launch(gpu.Stream.default, (tiles, split, 1), matmul_split_k_kernel,
          (A, B, C, LOCKS, COUNTS, tm, tn, tk, split))
print("split-K", bool(gpu.allclose(C, A @ B, atol=1e-2, rtol=2e-3)), COUNTS.tolist())
