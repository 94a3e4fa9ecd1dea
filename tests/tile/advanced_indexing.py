# cuTile's ct.load_advanced_indexing / ct.store_advanced_indexing (one axis indexed by a 1-D
# integer tile, the others by ct.Slice(start, length)), tiled views with traversal_steps
# (overlapping and gapped windows), ct.pack_to_bytes / ct.unpack_from_bytes and the
# grid-dependency controls; odd sizes, indices outside the array (padding), every padding
# mode, several dtypes, and the errors of each.
import gpu
import tile as ct

ConstInt = ct.Constant[int]
S = gpu.Stream.default


@ct.kernel
def doc_load(x, y, col_start):
    rows = ct.arange(4, dtype=ct.int32)
    t = ct.load_advanced_indexing(x, (rows, ct.Slice(col_start, 4)),
                                  padding_mode=ct.PaddingMode.ZERO)
    ct.store(y, (0, 0), t)


x = gpu.arange(64, dtype=gpu.int32).reshape(8, 8)
y = gpu.zeros((4, 4), dtype=gpu.int32)
ct.launch(S, (1,), doc_load, (x, y, 2))
print("doc load", y.tolist())
ct.launch(S, (1,), doc_load, (x, y, 6))  # columns 8, 9 are outside: zero
print("doc load edge", y.tolist())


@ct.kernel
def doc_store(y):
    rows = ct.arange(4, dtype=ct.int32) + 1
    ct.store_advanced_indexing(y, (rows, ct.Slice(0, 4)), ct.full((4, 4), 1, dtype=y.dtype))


y = gpu.zeros((6, 4), dtype=gpu.int32)
ct.launch(S, (1,), doc_store, (y,))
print("doc store", y.tolist())


@ct.kernel
def embed(table, ids, out, TB: ConstInt, TD: ConstInt):
    # out[i, d] = table[ids[i], d]: rows picked by an index tile, columns a Slice per block
    i, j = ct.bid(0), ct.bid(1)
    rows = ct.load(ids, (i,), (TB,))
    t = ct.load_advanced_indexing(table, (rows, ct.Slice(j * TD, TD)),
                                  padding_mode=ct.PaddingMode.NEG_INF)
    ct.store(out, (i, j), t)


V, D, n = 11, 70, 13
table = (((gpu.arange(V * D) * 7) % 23) - 11).astype(gpu.float32).reshape(V, D) * 0.5
ids = ((gpu.arange(n) * 5) % V).astype(gpu.int32)
ids[3] = V + 2  # outside the table: NEG_INF
ids[7] = -1
out = gpu.zeros((n, D), dtype=gpu.float32)
ct.launch(S, (ct.cdiv(n, 4), ct.cdiv(D, 32)), embed, (table, ids, out, 4, 32))
good = [k for k in range(n) if k not in (3, 7)]
print("embed rows", all(bool(gpu.array_equal(out[k], table[int(ids[k])])) for k in good))
print("embed outside", out[3, :4].tolist(), out[7, -3:].tolist())


@ct.kernel
def pick_cols(x, cols, out, TM: ConstInt, TC: ConstInt, pad: ct.Constant):
    # the sparse axis second: out[r, c] = x[r, cols[c]]
    i = ct.bid(0)
    c = ct.load(cols, (0,), (TC,))
    t = ct.load_advanced_indexing(x, (ct.Slice(i * TM, TM), c), padding_mode=pad)
    ct.store(out, (i, 0), t)


for dt in (gpu.float16, gpu.float64, gpu.int16):
    xm = (gpu.arange(9 * 12) % 17).astype(dt).reshape(9, 12)
    cols = gpu.asarray([11, 0, 5, 5, 3, 12, 2], dtype=gpu.int64)  # 12 is outside
    o = gpu.zeros((9, 7), dtype=dt)
    pad = ct.PaddingMode.ZERO if dt == gpu.int16 else ct.PaddingMode.NAN
    ct.launch(S, (ct.cdiv(9, 4),), pick_cols, (xm, cols, o, 4, 7, pad))
    print("cols", str(o.dtype), o[0].tolist(), o[8].tolist())


@ct.kernel
def scatter_rows(src, ids, dst, TB: ConstInt, TD: ConstInt):
    # dst[ids[i], :] = src[i, :] * 2, and column 0 of those rows set to -1 by a scalar store
    i = ct.bid(0)
    rows = ct.load(ids, (i,), (TB,))
    t = ct.load(src, (i, 0), (TB, TD))
    ct.store_advanced_indexing(dst, (rows, ct.Slice(0, TD)), t * 2)
    ct.store_advanced_indexing(dst, (rows, ct.Slice(0, 1)), -1)


src = (gpu.arange(6 * 5) % 9).astype(gpu.float32).reshape(6, 5)
ids = gpu.asarray([4, 0, 7, 2, 9, 1], dtype=gpu.int32)  # 7 and 9 are outside dst
dst = gpu.zeros((5, 5), dtype=gpu.float32)
ct.launch(S, (3,), scatter_rows, (src, ids, dst, 2, 8))  # TD 8 > 5 columns: masked
print("scatter rows", dst.tolist())


@ct.kernel
def middle_axis(x, idx, out, TA: ConstInt, TC: ConstInt):
    k = ct.load(idx, (0,), (3,))
    t = ct.load_advanced_indexing(x, (ct.Slice(0, TA), k, ct.Slice(1, TC)))
    ct.store(out, (0, 0, 0), t)
    ct.store_advanced_indexing(x, (ct.Slice(0, TA), k, ct.Slice(0, 1)), ct.zeros((TA, 3, 1), x.dtype))


x3 = gpu.arange(2 * 5 * 4).astype(gpu.bfloat16).reshape(2, 5, 4)
idx = gpu.asarray([4, 1, 3], dtype=gpu.uint8)
o3 = gpu.zeros((2, 3, 3), dtype=gpu.bfloat16)
ct.launch(S, (1,), middle_axis, (x3, idx, o3, 2, 3))
print("3-D", o3.astype(gpu.float32).tolist())
print("3-D stored", x3[:, :, 0].astype(gpu.float32).tolist())


# ---- tiled views with traversal_steps


@ct.kernel
def doc_steps(x, o):
    tv = x.tiled_view((2, 4))
    tv2 = x.tiled_view((2, 4), traversal_steps=(1, 4))
    ct.print(tv.load((0, 0)))
    ct.print(tv.load((1, 0)))
    ct.print(tv2.load((0, 0)))
    ct.print(tv2.load((1, 0)))
    ct.static_assert(tv2.traversal_steps == (1, 4))
    ct.static_assert(tv.traversal_steps == (2, 4))
    ov = o.tiled_view((1,))
    ov.store((0,), tv2.num_tiles(0))
    ov.store((1,), tv2.num_tiles(1))
    ov.store((2,), tv.num_tiles(0))


x = gpu.arange(16).reshape(4, 4).astype(gpu.int32)
o = gpu.zeros(3, dtype=gpu.int32)
ct.launch(S, (1,), doc_steps, (x, o))
print("doc steps num_tiles", o.tolist())


@ct.kernel
def window_sums(x, out, T: ConstInt, STEP: ConstInt):
    # out[i] = sum of x[i*STEP : i*STEP + T] (overlapping windows, padded with zero)
    i = ct.bid(0)
    w = x.tiled_view(T, padding_mode=ct.PaddingMode.ZERO, traversal_steps=STEP)
    ct.store(out, (i,), ct.sum(w.load(i), axis=0, keepdims=True))
    if i == 0:
        ct.store(out, (ct.num_blocks(0),), w.num_tiles(0))


for n, T, STEP in ((37, 8, 3), (40, 8, 8), (10, 4, 6), (5, 8, 2)):
    xs = ((gpu.arange(n) * 3) % 11).astype(gpu.float32)
    nt = -(-max(n - T, 0) // STEP) + min(n, 1)
    out = gpu.zeros(nt + 1, dtype=gpu.float32)
    ct.launch(S, (nt,), window_sums, (xs, out, T, STEP))
    ref = [float(xs[k * STEP:k * STEP + T].sum()) for k in range(nt)]
    print("windows", n, T, STEP, nt, out[:nt].tolist() == ref, out[nt].item())


@ct.kernel
def gapped_store(o, T: ConstInt, STEP: ConstInt, TM: ConstInt):
    # 2-D windows with gaps along axis 1 (the last row of windows half outside); each block
    # stores its id
    i, j = ct.bid(0), ct.bid(1)
    v = o.tiled_view((TM, T), traversal_steps=(TM, STEP))
    v.store((i, j), ct.full((TM, T), i * 10 + j, dtype=ct.int32))


o = gpu.zeros((3, 11), dtype=gpu.int32)
ct.launch(S, (2, 4), gapped_store, (o, 2, 3, 2))
print("gapped", o.tolist())


@ct.kernel
def slice_steps(x, out, lo, hi, T: ConstInt):
    # traversal steps on an Array.slice: windows of the slice, its edge padded
    s = x.slice(0, lo, hi)
    w = s.tiled_view(T, padding_mode=ct.PaddingMode.NEG_INF, traversal_steps=2)
    for k in range(w.num_tiles(0)):
        ct.store(out, (k,), ct.max(w.load(k), axis=0, keepdims=True))


xs = ((gpu.arange(30) * 7) % 19).astype(gpu.float32)
out = gpu.full(12, -1.0, dtype=gpu.float32)
ct.launch(S, (1,), slice_steps, (xs, out, 5, 16, 4))
print("slice steps", out.tolist())


# ---- bytes


@ct.kernel
def bytes_kernel(a, b, c, d, e):
    g = ct.pack_to_bytes(ct.full((1,), 0x04030201, dtype=ct.int32))
    ct.print(g)
    ct.print(ct.unpack_from_bytes(ct.arange(4, dtype=ct.uint8) + 1, ct.int32))
    x = ct.load(a, (0,), (8,))
    p = ct.pack_to_bytes(x)
    ct.static_assert(p.shape == (32,))
    ct.store(b, (0,), p)
    ct.store(c, (0,), ct.unpack_from_bytes(p, ct.float32))
    h = ct.load(d, (0, 0), (2, 2))
    ct.store(e, (0,), ct.unpack_from_bytes(ct.pack_to_bytes(h), ct.uint64))
    ct.grid_dependency_control_wait()
    ct.grid_dependency_control_launch_dependents()


a = gpu.asarray([1.5, -2.0, 0.1, 3e38, -0.0, 7.0, 1e-40, -1.25], dtype=gpu.float32)
b = gpu.zeros(32, dtype=gpu.uint8)
c = gpu.zeros(8, dtype=gpu.float32)
d = gpu.asarray([[1, -1, 300], [0x7fff, -32768, 2]], dtype=gpu.int16)
e = gpu.zeros(1, dtype=gpu.uint64)
ct.launch(S, (1,), bytes_kernel, (a, b, c, d, e))
print("pack", b.tolist())
print("roundtrip", c.tolist() == a.tolist(), c.tolist())
print("uint64", hex(int(e[0])))


@ct.kernel
def bytes_dtypes(x8, x16, o8, o16):
    t8 = ct.load(x8, (0,), (5,))
    ct.store(o8, (0,), ct.pack_to_bytes(t8))
    t16 = ct.load(x16, (0,), (3,))
    ct.store(o16, (0,), ct.unpack_from_bytes(ct.pack_to_bytes(t16), ct.int16))


x8 = gpu.asarray([-1, 2, -128, 127, 0], dtype=gpu.int8)
x16 = gpu.asarray([1.5, -2.25, 65504.0], dtype=gpu.float16)
o8 = gpu.zeros(5, dtype=gpu.uint8)
o16 = gpu.zeros(3, dtype=gpu.int16)
ct.launch(S, (1,), bytes_dtypes, (x8, x16, o8, o16))
print("int8 bytes", o8.tolist(), "float16 bits", o16.tolist())


# ---- errors


def attempt(kernel, args):
    try:
        ct.launch(S, (1,), kernel, args)
        print("no error")
    except ct.TileTypeError as e:
        print(type(e).__name__ + ":", e)
    except ValueError as e:
        print(type(e).__name__ + ":", e)


@ct.kernel
def two_sparse(x):
    r = ct.arange(4, dtype=ct.int32)
    ct.load_advanced_indexing(x, (r, r))


@ct.kernel
def no_sparse(x):
    ct.load_advanced_indexing(x, (ct.Slice(0, 4), ct.Slice(0, 4)))


@ct.kernel
def wrong_count(x):
    ct.load_advanced_indexing(x, (ct.arange(4, dtype=ct.int32),))


@ct.kernel
def float_index(x):
    ct.load_advanced_indexing(x, (ct.arange(4, dtype=ct.float32), ct.Slice(0, 4)))


@ct.kernel
def store_shape(x):
    r = ct.arange(4, dtype=ct.int32)
    ct.store_advanced_indexing(x, (r, ct.Slice(0, 2)), ct.zeros((4, 4), dtype=ct.float32))


@ct.kernel
def bad_length(x):
    ct.load_advanced_indexing(x, (ct.arange(4, dtype=ct.int32), ct.Slice(0, 0)))


@ct.kernel
def unpack_wrong(x):
    ct.unpack_from_bytes(ct.arange(4, dtype=ct.int32), ct.float32)


@ct.kernel
def unpack_size(x):
    ct.unpack_from_bytes(ct.arange(6, dtype=ct.uint8), ct.int32)


@ct.kernel
def pack_bool(x):
    ct.pack_to_bytes(ct.arange(4, dtype=ct.int32) > 1)


@ct.kernel
def steps_rank(x):
    x.tiled_view((2, 2), traversal_steps=(1,))


x2 = gpu.zeros((8, 8), dtype=gpu.float32)
for k in (two_sparse, no_sparse, wrong_count, float_index, store_shape, bad_length,
          unpack_wrong, unpack_size, pack_bool, steps_rank):
    attempt(k, (x2,))
