# cuTile's arithmetic promotion, seen through the values: a tile keeps its dtype against a
# Python constant of its category (int8 + 100 wraps in int8), a higher category wins
# (int32 tile * 0.5 is float32), mixed tiles promote within a category (int8 + int32 is
# int32, float16 + float32 is float32), integer true division gives float32, bool promotes.
import gpu
import tile as ct


@ct.kernel
def promo(i8, i32, f16, f32, b, o_i8, o_i32, o_f32, o_f16, o_f64):
    a8 = ct.load(i8, (0,), (4,))
    a32 = ct.load(i32, (0,), (4,))
    h = ct.load(f16, (0,), (4,))
    f = ct.load(f32, (0,), (4,))
    bb = ct.load(b, (0,), (4,))
    ct.store(o_i8, (0, 0), (a8 + 100).reshape((1, 4)))      # int8, wraps
    ct.store(o_i32, (0, 0), (a8 + a32).reshape((1, 4)))     # int32
    ct.store(o_i32, (1, 0), (bb + a32).reshape((1, 4)))     # bool + int32 -> int32
    ct.store(o_i32, (2, 0), (a32 + True).reshape((1, 4)))   # int32
    ct.store(o_f32, (0, 0), (a32 * 0.5).reshape((1, 4)))    # float32
    ct.store(o_f32, (1, 0), (a32 / 4).reshape((1, 4)))      # true division: float32
    ct.store(o_f32, (2, 0), (h + f).reshape((1, 4)))        # float32
    ct.store(o_f32, (3, 0), (a8 / a8).reshape((1, 4)))      # float32
    ct.store(o_f16, (0, 0), (h * 3).reshape((1, 4)))        # float16 stays float16
    ct.store(o_f16, (1, 0), (h + a32).reshape((1, 4)))      # int32 + float16 -> float16
    ct.store(o_f64, (0, 0), (f + 2 ** 40).reshape((1, 4)).astype(ct.float64))


i8 = gpu.array([1, 27, 100, -100], dtype=gpu.int8)
i32 = gpu.array([1, 2, 3, 40000], dtype=gpu.int32)
f16 = gpu.array([0.5, 1.5, 1000.0, -2.0], dtype=gpu.float16)
f32 = gpu.array([0.25, 1.0, 0.1, 3.0], dtype=gpu.float32)
b = gpu.array([True, False, True, False])
outs = (gpu.zeros((1, 4), dtype=gpu.int8), gpu.zeros((3, 4), dtype=gpu.int32),
        gpu.zeros((4, 4), dtype=gpu.float32), gpu.zeros((2, 4), dtype=gpu.float16),
        gpu.zeros((1, 4), dtype=gpu.float64))
ct.launch(gpu.Stream.default, (1,), promo, (i8, i32, f16, f32, b, *outs))
for o in outs:
    print(o.dtype, o.astype(gpu.float64).tolist())
