# Array.slice(axis, start, stop): a view of a kernel's array along one axis with run-time
# bounds; ct.load / ct.store / ct.num_tiles on it see only the view (its edge pads and
# masks like an array's own edge), its shape is the view's, slices of slices and tiled
# views of slices compose. Variable-length segments (the cuTile docs' example), 2-D views
# along either axis, order="F", stores into a slice that stop at its edge.
import gpu
import tile as ct

ConstInt = ct.Constant[int]


@ct.kernel
def segment_sums(x, starts, lengths, out, T: ConstInt):
    # out[b] = sum of x[starts[b] : starts[b] + lengths[b]], in tiles of T
    b = ct.bid(0)
    s = ct.load(starts, (b,), shape=())
    n = ct.load(lengths, (b,), shape=())
    seg = x.slice(axis=0, start=s, stop=s + n)
    acc = ct.zeros((T,), dtype=ct.float32)
    for i in range(ct.num_tiles(seg, 0, (T,))):
        acc += ct.load(seg, (i,), shape=(T,), padding_mode=ct.PaddingMode.ZERO)
    ct.store(out, (b,), ct.sum(acc).reshape((1,)))


x = (gpu.arange(100) % 9).astype(gpu.float32)
starts = gpu.array([0, 5, 17, 40, 99], dtype=gpu.int32)
lengths = gpu.array([5, 12, 23, 59, 1], dtype=gpu.int32)
out = gpu.zeros(5, dtype=gpu.float32)
ct.launch(gpu.Stream.default, (5,), segment_sums, (x, starts, lengths, out, 8))
print("segment sums", out.tolist())


@ct.kernel
def window(a, o, c0: int, c1: int, r0: int):
    # o's rows 2..5 get a's columns c0..c1 of rows r0.., through nested slices
    cols = a.slice(1, c0, c1)
    sub = cols.slice(0, r0, r0 + 4)
    dst = o.slice(axis=0, start=2, stop=6)
    t = ct.load(sub, (0, 0), shape=(4, 8), padding_mode=ct.PaddingMode.NEG_INF)
    t = ct.where(t == -float("inf"), -1.0, t)
    ct.store(dst, (0, 0), t)
    # the view's shape and num_tiles
    ct.store(o, (0, 0), ct.full((1, 8), sub.shape[1] * 100 + sub.shape[0], dtype=ct.float32))
    ct.store(o, (1, 0), ct.full((1, 8), ct.num_tiles(cols, 1, (4, 2)), dtype=ct.float32))


a = (gpu.arange(9 * 12) % 50).astype(gpu.float32).reshape(9, 12)
o = gpu.zeros((8, 8), dtype=gpu.float32)
ct.launch(gpu.Stream.default, (1,), window, (a, o, 3, 9, 4))
print("window")
print(o)


@ct.kernel
def transposed_view(a, o, start: int):
    # a column slice loaded transposed (order "F"), through a tiled view of the slice
    v = a.slice(1, start, start + 3).tiled_view((4, 4), padding_mode=ct.PaddingMode.ZERO)
    ct.store(o, (0, 0), ct.load(a.slice(1, start, start + 3), (0, 0), shape=(4, 4), order="F"))
    ct.store(o, (1, 0), v.load((0, 0)))


o2 = gpu.zeros((8, 4), dtype=gpu.float32)
ct.launch(gpu.Stream.default, (1,), transposed_view, (a, o2, 2))
print("transposed view")
print(o2)


@ct.kernel
def copy_rows(x, y, r0, r1, c0, TM: ConstInt, TN: ConstInt):
    # y[r0:r1, c0:] = x[r0:r1, c0:] * 2 in (TM, TN) tiles of the two slices: with c0 = 0 the
    # rows are 16-byte aligned (vector accesses on the GPU), with c0 = 3 they are not; the
    # last tiles cross the slices' edges (padded, masked); a stop past the array is clamped
    i, j = ct.bid(0), ct.bid(1)
    xs = x.slice(0, r0, r1).slice(1, c0, x.shape[1])
    ys = y.slice(0, r0, r1).slice(1, c0, y.shape[1])
    ct.store(ys, (i, j), ct.load(xs, (i, j), shape=(TM, TN)) * 2)


for dt, c0 in ((gpu.float16, 0), (gpu.float16, 3), (gpu.float32, 0), (gpu.int8, 5)):
    x = (gpu.arange(37 * 70) % 23).astype(dt).reshape(37, 70)
    y = gpu.zeros((37, 70), dtype=dt)
    r0, r1 = 4, 45  # r1 past the 37 rows: clamped to 37
    ct.launch(gpu.Stream.default, (ct.cdiv(33, 8), ct.cdiv(70 - c0, 32)), copy_rows,
              (x, y, r0, r1, c0, 8, 32))
    ok = bool(gpu.array_equal(y[4:, c0:], x[4:, c0:] * 2)) and float(y[:4].sum()) == 0.0 and \
        float(y[:, :c0].sum()) == 0.0
    print("copy rows", str(x.dtype), c0, ok, y[36, -4:].tolist())
