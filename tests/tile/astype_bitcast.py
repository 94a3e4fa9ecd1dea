# astype between dtypes (float -> int truncates toward zero, narrowing floats round to
# nearest even, bool is x != 0) and bitcast (the same bits read as another dtype).
import gpu
import tile as ct


@ct.kernel
def casts(x, i32, i8, u8, f16, bf16, f64, b):
    t = ct.load(x, (0,), (8,))
    ct.store(i32, (0,), t.astype(ct.int32))
    ct.store(i8, (0,), ct.astype(ct.minimum(t, 120.0), ct.int8))
    ct.store(u8, (0,), ct.minimum(ct.abs(t), 200.0).astype(ct.uint8))
    ct.store(f16, (0,), t.astype(ct.float16))
    ct.store(bf16, (0,), t.astype(ct.bfloat16))
    ct.store(f64, (0,), t.astype(ct.float64) * 3)
    ct.store(b, (0,), t.astype(ct.bool_))


x = gpu.array([-2.75, -1.5, -0.5, 0.0, 0.75, 1.5, 100.25, 2049.0], dtype=gpu.float32)
outs = [gpu.zeros(8, dtype=d) for d in (gpu.int32, gpu.int8, gpu.uint8, gpu.float16,
                                        gpu.bfloat16, gpu.float64, gpu.bool_)]
ct.launch(gpu.Stream.default, (1,), casts, (x, *outs))
for o in outs:
    print(o.dtype, o.tolist() if o.dtype == gpu.bool_ else o.astype(gpu.float64).tolist())


@ct.kernel
def int_to_float(x, out):
    t = ct.load(x, (0,), (4,))
    ct.store(out, (0,), t.astype(ct.float32) / 2)


x = gpu.array([7, -9, 16777217, 1 << 40], dtype=gpu.int64)
out = gpu.zeros(4, dtype=gpu.float32)
ct.launch(gpu.Stream.default, (1,), int_to_float, (x, out))
print(out.tolist())


@ct.kernel
def bits(x, u, back):
    t = ct.load(x, (0,), (4,))
    w = ct.bitcast(t, ct.uint32)
    ct.store(u, (0,), w)
    ct.store(back, (0,), ct.bitcast(w ^ 0x80000000, ct.float32))


x = gpu.array([1.0, -2.0, 0.5, 0.0], dtype=gpu.float32)
u = gpu.zeros(4, dtype=gpu.uint32)
back = gpu.zeros(4, dtype=gpu.float32)
ct.launch(gpu.Stream.default, (1,), bits, (x, u, back))
print([hex(int(v)) for v in u.tolist()], back)


@ct.kernel
def float8_tf32(x, out):
    t = ct.load(x, (0,), (4,))
    ct.store(out, (0, 0), t.astype(ct.float8_e4m3fn).astype(ct.float32).reshape((1, 4)))
    ct.store(out, (1, 0), t.astype(ct.float8_e5m2).astype(ct.float32).reshape((1, 4)))
    ct.store(out, (2, 0), t.astype(ct.tfloat32).astype(ct.float32).reshape((1, 4)))


x = gpu.array([0.3, -1.7, 3.14159, 100.0], dtype=gpu.float32)
out = gpu.zeros((3, 4), dtype=gpu.float32)
ct.launch(gpu.Stream.default, (1,), float8_tf32, (x, out))
print(out.tolist())
