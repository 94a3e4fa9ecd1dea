# Single ct.mma ops that Hopper's lowering runs on wgmma outside the matched k loop
# (gpu/tile/lower/mma_sm90_op.c: 16-bit operands, M and K multiples of 64, N a multiple of
# 8): operands loaded straight into shared memory (2-D loads, a transposed 4-D load through
# `order` and reshape, edges that are zero-filled, a transposed view taking the
# element-by-element copy), operands computed in registers (B N-major and, for N = 32,
# K-major), a zero and a nonzero accumulator, the loop-invariant operand of a loop, and the
# attention sample's two products in one loop body. Operands are small multiples of 1/4, so
# every sum is exact in float32 and GPU and CPU agree bit for bit.
import gpu
import tile as ct

ConstInt = ct.Constant[int]


def wave(shape, seed):
    n = 1
    for d in shape:
        n *= d
    return ((((gpu.arange(n) * seed) % 9) - 4) * 0.25).reshape(shape)


@ct.kernel
def loaded(A, B, C, tm: ConstInt, tn: ConstInt, tk: ConstInt):
    # both operands straight from memory, zero accumulator
    a = ct.load(A, index=(ct.bid(0), 0), shape=(tm, tk), padding_mode=ct.PaddingMode.ZERO)
    b = ct.load(B, index=(0, ct.bid(1)), shape=(tk, tn), padding_mode=ct.PaddingMode.ZERO)
    c = ct.mma(a, b, ct.full((tm, tn), 0, dtype=ct.float32))
    ct.store(C, index=(ct.bid(0), ct.bid(1)), tile=c)


@ct.kernel
def computed(A, B, C, tm: ConstInt, tn: ConstInt, tk: ConstInt):
    # operands computed in registers, accumulator loaded (nonzero)
    a = ct.load(A, index=(ct.bid(0), 0), shape=(tm, tk), padding_mode=ct.PaddingMode.ZERO)
    b = ct.load(B, index=(0, ct.bid(1)), shape=(tk, tn), padding_mode=ct.PaddingMode.ZERO)
    acc = ct.load(C, index=(ct.bid(0), ct.bid(1)), shape=(tm, tn),
                  padding_mode=ct.PaddingMode.ZERO)
    a2 = (a * 2).astype(A.dtype)
    b2 = (b + b).astype(B.dtype)
    ct.store(C, index=(ct.bid(0), ct.bid(1)), tile=ct.mma(a2, b2, acc))


@ct.kernel
def transposed(Q, K, Out, TM: ConstInt, TN: ConstInt, D: ConstInt):
    # the attention sample's loads: Q (1, 1, TM, D), K^T through order=(0, 1, 3, 2); a loop
    # over key tiles whose Q operand is loaded once, before it
    q = ct.load(Q, index=(ct.bid(1), 0, ct.bid(0), 0), shape=(1, 1, TM, D)).reshape((TM, D))
    total = ct.full((TM, TN), 0, dtype=ct.float32)
    for j in range(ct.cdiv(K.shape[2], TN)):
        k = ct.load(K, index=(ct.bid(1), 0, 0, j), shape=(1, 1, D, TN), order=(0, 1, 3, 2),
                    padding_mode=ct.PaddingMode.ZERO).reshape((D, TN))
        s = ct.mma(q, k, ct.full((TM, TN), 0, dtype=ct.float32))
        total = total + s * (j + 1)
    ct.store(Out, index=(ct.bid(1), 0, ct.bid(0), 0), tile=total.reshape((1, 1, TM, TN)))


@ct.kernel
def two_products(Q, K, V, Out, TM: ConstInt, TN: ConstInt, D: ConstInt):
    # S = Q K^T, P = S as float16, acc += P V per key tile (no softmax: exact)
    q = ct.load(Q, index=(0, 0, ct.bid(0), 0), shape=(1, 1, TM, D)).reshape((TM, D))
    acc = ct.full((TM, D), 0, dtype=ct.float32)
    for j in range(ct.cdiv(K.shape[2], TN)):
        k = ct.load(K, index=(0, 0, 0, j), shape=(1, 1, D, TN), order=(0, 1, 3, 2),
                    padding_mode=ct.PaddingMode.ZERO).reshape((D, TN))
        s = ct.mma(q, k, ct.full((TM, TN), 0, dtype=ct.float32))
        p = (s * 0.125).astype(Q.dtype)
        v = ct.load(V, index=(0, 0, j, 0), shape=(1, 1, TN, D),
                    padding_mode=ct.PaddingMode.ZERO).reshape((TN, D))
        acc = ct.mma(p, v, acc)
    ct.store(Out, index=(0, 0, ct.bid(0), 0), tile=acc.reshape((1, 1, TM, D)))


def cdiv(a, b):
    return (a + b - 1) // b


S = gpu.Stream.default
for name, dt in (("float16", gpu.float16), ("bfloat16", gpu.bfloat16)):
    for (m, k, n), (tm, tn, tk) in (((128, 64, 64), (128, 64, 64)), ((100, 64, 72), (64, 32, 64)),
                                    ((64, 128, 130), (64, 256, 128))):
        A, B = wave((m, k), 5).astype(dt), wave((k, n), 7).astype(dt)
        C = gpu.zeros((m, n), dtype=gpu.float32)
        ct.launch(S, (cdiv(m, tm), cdiv(n, tn), 1), loaded, (A, B, C, tm, tn, tk))
        want = A.astype(gpu.float32) @ B.astype(gpu.float32)
        print("loaded", name, (m, k, n), (tm, tn, tk), bool(gpu.array_equal(C, want)))
        C = wave((m, n), 3).astype(gpu.float32)
        want = C + (A.astype(gpu.float32) * 2) @ (B.astype(gpu.float32) * 2)
        ct.launch(S, (cdiv(m, tm), cdiv(n, tn), 1), computed, (A, B, C, tm, tn, tk))
        print("computed", name, (m, k, n), (tm, tn, tk), bool(gpu.array_equal(C, want)))

# transposed K through order, two batches, 200 keys (the last tile zero-filled)
Q = wave((2, 1, 128, 64), 11).astype(gpu.float16)
K = wave((2, 1, 200, 64), 13).astype(gpu.float16)
for TM, TN in ((128, 64), (64, 32)):
    Out = gpu.zeros((2, 1, 128, TN), dtype=gpu.float32)
    ct.launch(S, (128 // TM, 2, 1), transposed, (Q, K, Out, TM, TN, 64))
    q, kk = Q.astype(gpu.float32), K.astype(gpu.float32)
    want = gpu.zeros((2, 1, 128, TN), dtype=gpu.float32)
    for j in range(cdiv(200, TN)):
        kt = gpu.zeros((2, 1, TN, 64), dtype=gpu.float32)
        hi = min(200, (j + 1) * TN)
        kt[:, :, 0:hi - j * TN] = kk[:, :, j * TN:hi]
        want = want + (q @ kt.transpose(0, 1, 3, 2)) * (j + 1)
    print("transposed", (TM, TN), bool(gpu.array_equal(Out, want)))

# a transposed view as the loaded operand (unit stride on the wrong axis): element copies
At = wave((64, 128), 5).astype(gpu.float16).T
B = wave((64, 64), 7).astype(gpu.float16)
C = gpu.zeros((128, 64), dtype=gpu.float32)
ct.launch(S, (1, 1, 1), loaded, (At, B, C, 128, 64, 64))
print("view", bool(gpu.array_equal(C, At.astype(gpu.float32) @ B.astype(gpu.float32))))

# both products of the attention loop
Q = wave((1, 1, 128, 64), 3).astype(gpu.float16)
K = wave((1, 1, 192, 64), 5).astype(gpu.float16)
V = wave((1, 1, 192, 64), 7).astype(gpu.float16)
Out = gpu.zeros((1, 1, 128, 64), dtype=gpu.float32)
ct.launch(S, (1, 1, 1), two_products, (Q, K, V, Out, 128, 64, 64))
q, kk, vv = (x[0, 0].astype(gpu.float32) for x in (Q, K, V))
want = gpu.zeros((128, 64), dtype=gpu.float32)
for j in range(3):
    s = q @ kk[j * 64:(j + 1) * 64].T
    p = (s * 0.125).astype(gpu.float16).astype(gpu.float32)
    want = want + p @ vv[j * 64:(j + 1) * 64]
print("two products", bool(gpu.array_equal(Out[0, 0], want)), Out[0, 0, 127, 60:])
