# Row softmax in the idioms of cuTile's test_softmax.py: one kernel loads B whole rows per
# block, the other walks rows with a persistent loop over ct.num_blocks; float32 and float16
# inputs, compared with a NumPy-style computation on the host.
import math

import gpu
import cuda.tile as ct


@ct.kernel
def softmax(input, output, B: ct.Constant[int], N: ct.Constant[int]):
    rows = ct.load(input, index=(ct.bid(0), 0), shape=(B, N))
    numerator = ct.exp(rows - ct.max(rows, axis=1, keepdims=True))
    denominator = ct.sum(numerator, axis=1, keepdims=True)
    ct.store(output, index=(ct.bid(0), 0), tile=numerator / denominator)


@ct.kernel
def softmax_per_row(input, output, num_rows: ct.Constant[int], num_cols: ct.Constant[int]):
    bidx = ct.bid(0)
    num_blocks = ct.num_blocks(0)
    for i in range(bidx, num_rows, num_blocks):
        row = ct.load(input, index=(i, 0), shape=(1, num_cols))
        numerator = ct.exp(row - ct.max(row, axis=1, keepdims=True))
        denominator = ct.sum(numerator, axis=1, keepdims=True)
        ct.store(output, index=(i, 0), tile=numerator / denominator)


def softmax_gold(x):
    x = x.astype(gpu.float32)
    e = gpu.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


shape, tile = (512, 128), 16
x32 = (((gpu.arange(shape[0] * shape[1]) * 7919) % 2001) / 200.0 - 5.0).reshape(shape)
for dtype, atol, rtol in ((gpu.float32, 1e-4, 1e-5), (gpu.float16, 1e-2, 1e-1)):
    x = x32.astype(dtype)
    gold = softmax_gold(x)
    y = gpu.zeros_like(x)
    grid = (math.ceil(shape[0] / tile), 1, 1)
    ct.launch(gpu.Stream.default, grid, softmax, (x, y, tile, shape[1]))
    ok1 = bool(gpu.allclose(y.astype(gpu.float32), gold, atol=atol, rtol=rtol))
    y2 = gpu.zeros_like(x)
    ct.launch(gpu.Stream.default, grid, softmax_per_row, (x, y2, shape[0], shape[1]))
    ok2 = bool(gpu.allclose(y2.astype(gpu.float32), gold, atol=atol, rtol=rtol))
    rowsum = y.astype(gpu.float32).sum(axis=1)
    print(y.dtype, "softmax:", ok1, "softmax_per_row:", ok2,
          "rows sum to 1:", bool(gpu.allclose(rowsum, 1.0, atol=1e-2)))
