# The launch grid: ct.bid and ct.num_blocks on all three axes (x fastest), grids given as
# 1-, 2- and 3-tuples, ct.num_tiles with orders, ct.cdiv on run-time and constant values,
# array shape and strides read inside the kernel, and a persistent loop over num_blocks.
import gpu
import tile as ct


@ct.kernel
def ids(out):
    x = ct.bid(0)
    y = ct.bid(1)
    z = ct.bid(2)
    nx = ct.num_blocks(0)
    ny = ct.num_blocks(1)
    ct.store(out, ((z * ny + y) * nx + x,), x * 100 + y * 10 + z)


for grid in ((3,), (2, 3), (2, 3, 4), (1, 1, 5)):
    n = 1
    for g in grid:
        n *= g
    out = gpu.full(n, -1, dtype=gpu.int32)
    ct.launch(gpu.Stream.default, grid, ids, (out,))
    print(grid, out.tolist())


@ct.kernel
def tile_counts(x, out):
    ct.store(out, (0,), ct.num_tiles(x, 0, (4, 8)))
    ct.store(out, (1,), ct.num_tiles(x, 1, (4, 8)))
    ct.store(out, (2,), ct.num_tiles(x, 0, (4, 8), order="F"))
    ct.store(out, (3,), ct.cdiv(x.shape[0], 5))
    ct.store(out, (4,), x.shape[1])
    ct.store(out, (5,), x.strides[0])
    ct.store(out, (6,), x.ndim + ct.cdiv(17, 4))
    ct.store(out, (7,), ct.num_blocks(0))


x = gpu.zeros((42, 64), dtype=gpu.float32)
out = gpu.zeros(8, dtype=gpu.int32)
ct.launch(gpu.Stream.default, (2,), tile_counts, (x, out))
print(out)
xt = gpu.zeros((42, 64), dtype=gpu.float32)[:, ::2]
ct.launch(gpu.Stream.default, (1,), tile_counts, (xt, out))
print(out)


@ct.kernel
def persistent(out, n_items):
    for item in range(ct.bid(0), n_items, ct.num_blocks(0)):
        ct.store(out, (item,), item * 2 + ct.bid(0) * 0)


out = gpu.zeros(37, dtype=gpu.int32)
ct.launch(gpu.Stream.default, (4,), persistent, (out, 37))
print(gpu.array_equal(out, gpu.arange(37) * 2))

# a grid dimension must be at least 1 (CUDA's rule)
out = gpu.full(3, 7, dtype=gpu.int32)
for grid in ((0,), (2, 0), (1, 2, 3, 4)):
    try:
        ct.launch(gpu.Stream.default, grid, ids, (out,))
    except ValueError as e:
        print("ValueError:", e)
print(out)
