# Tile creation: ct.arange (start, step, negative step, float dtypes), ct.full/zeros/ones
# in several dtypes, ct.astile from nested tuples, full with a run-time fill value.
import gpu
import tile as ct


@ct.kernel
def make(out_i, out_f, out_b, v: float):
    ct.store(out_i, (0, 0), ct.arange(8, dtype=ct.int32).reshape((1, 8)))
    ct.store(out_i, (1, 0), ct.arange(8, dtype=ct.int32, start=2).reshape((1, 8)))
    ct.store(out_i, (2, 0), ct.arange(8, dtype=ct.int32, start=7, step=-1).reshape((1, 8)))
    ct.store(out_i, (3, 0), ct.arange(8, start=ct.bid(0) * 8, step=3, dtype=ct.int32).reshape((1, 8)))
    ct.store(out_i, (4, 0), ct.full((1, 8), -5, dtype=ct.int32))
    ct.store(out_i, (5, 0), ct.astile(((1, 2, 3, 4), (5, 6, 7, 8)), dtype=ct.int32).reshape((1, 8)))
    ct.store(out_f, (0, 0), ct.arange(8, dtype=ct.float32, start=0.5).reshape((1, 8)) * 0.25)
    ct.store(out_f, (1, 0), ct.full((1, 8), v, dtype=ct.float32))
    ct.store(out_f, (2, 0), ct.ones((1, 8), dtype=ct.float16).astype(ct.float32) * 3)
    ct.store(out_f, (3, 0), ct.zeros((1, 8), dtype=ct.float64).astype(ct.float32) - 1)
    ct.store(out_b, (0, 0), ct.full((1, 8), True, dtype=ct.bool_))
    ct.store(out_b, (1, 0), ct.zeros((1, 8), dtype=ct.bool_))


out_i = gpu.zeros((6, 8), dtype=gpu.int32)
out_f = gpu.zeros((4, 8), dtype=gpu.float32)
out_b = gpu.zeros((2, 8), dtype=gpu.bool_)
ct.launch(gpu.Stream.default, (1,), make, (out_i, out_f, out_b, 2.5))
print(out_i)
print(out_f)
print(out_b)
