# ct.mma and the @ operator: float16, bfloat16, tfloat32 (float32 cast), float32, float64
# and int8 operands; float32 / float64 / int32 accumulators; batched (3-D) tiles; ct.matmul.
import gpu
import tile as ct


def operands(m, k, n):
    # small integers and halves: every product and sum is exact in float32
    a = (((gpu.arange(m * k) * 7) % 9) - 4).reshape(m, k) * 0.5
    b = (((gpu.arange(k * n) * 5) % 7) - 3).reshape(k, n)
    return a, b


@ct.kernel
def mma_kernel(a, b, c, TM: ct.Constant[int], TN: ct.Constant[int], TK: ct.Constant[int],
               TF32: ct.Constant[bool]):
    acc = ct.load(c, (0, 0), (TM, TN))
    for k in range(ct.num_tiles(a, 1, (TM, TK))):
        x = ct.load(a, (0, k), (TM, TK), padding_mode=ct.PaddingMode.ZERO)
        y = ct.load(b, (k, 0), (TK, TN), padding_mode=ct.PaddingMode.ZERO)
        if TF32:
            x = x.astype(ct.tfloat32)
            y = y.astype(ct.tfloat32)
        acc = ct.mma(x, y, acc)
    ct.store(c, (0, 0), acc)


for in_dt, acc_dt, tf32 in ((gpu.float16, gpu.float32, False), (gpu.bfloat16, gpu.float32, False),
                            (gpu.float32, gpu.float32, True), (gpu.float32, gpu.float32, False),
                            (gpu.float64, gpu.float64, False), (gpu.int8, gpu.int32, False)):
    A, B = operands(16, 40, 8)
    if in_dt == gpu.int8:
        A = A * 2
    C0 = gpu.arange(16 * 8).reshape(16, 8) % 5
    a, b = A.astype(in_dt), B.astype(in_dt)
    c = C0.astype(acc_dt)
    ct.launch(gpu.Stream.default, (1,), mma_kernel, (a, b, c, 16, 8, 16, tf32))
    want = A @ B + C0
    print(a.dtype, c.dtype, "tf32" if tf32 else "", gpu.array_equal(c, want.astype(acc_dt)),
          c[0, :4])


@ct.kernel
def matmul_ops(a, b, out, out1):
    x = ct.load(a, (0, 0), (4, 8))
    y = ct.load(b, (0, 0), (8, 4))
    ct.store(out, (0, 0), x @ y)
    ct.store(out, (1, 0), ct.matmul(x, y))
    v = ct.load(a, (0, 0), (1, 8)).reshape((8,))
    ct.store(out1, (0,), (v @ v).reshape((1,)))


A, B = operands(4, 8, 4)
a, b = A.astype(gpu.float32), B.astype(gpu.float32)
out = gpu.zeros((8, 4), dtype=gpu.float32)
out1 = gpu.zeros(1, dtype=gpu.float32)
ct.launch(gpu.Stream.default, (1,), matmul_ops, (a, b, out, out1))
print(gpu.array_equal(out[:4], A @ B), gpu.array_equal(out[4:], A @ B), out1, A[0] @ A[0])


@ct.kernel
def batched(a, b, c):
    x = ct.load(a, (0, 0, 0), (2, 4, 8))
    y = ct.load(b, (0, 0), (8, 4))
    acc = ct.zeros((2, 4, 4), dtype=ct.float32)
    ct.store(c, (0, 0, 0), ct.mma(x, y, acc))


A = (gpu.arange(64) % 5 - 2).reshape(2, 4, 8).astype(gpu.float16)
B = (gpu.arange(32) % 3 - 1).reshape(8, 4).astype(gpu.float16)
c = gpu.zeros((2, 4, 4), dtype=gpu.float32)
ct.launch(gpu.Stream.default, (1,), batched, (A, B, c))
print(gpu.array_equal(c, A.astype(gpu.float32) @ B.astype(gpu.float32)), c[1, 0])
