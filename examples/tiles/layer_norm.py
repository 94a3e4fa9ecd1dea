# Layer normalization forward and backward in the idioms of cuTile's LayerNorm sample: the
# forward pass walks each row in tiles for the mean, the variance and the normalization;
# the backward pass computes dX and partial dW/dB, accumulating the partials per group under
# an atomic_cas spin lock, then a second kernel reduces the partials.
import gpu
import tile as ct

ConstInt = ct.Constant[int]
PAD_ZERO = ct.PaddingMode.ZERO


@ct.kernel
def layer_norm_fwd(X, W, B, Y, Mean, Rstd, eps, TILE_N: ConstInt):
    bid_m = ct.bid(0)
    num_tiles = ct.num_tiles(X, axis=1, shape=(1, TILE_N))
    N = X.shape[1]

    mean = ct.full((1, TILE_N), 0, dtype=ct.float32)
    for j in range(num_tiles):
        tx = ct.load(X, index=(bid_m, j), shape=(1, TILE_N), padding_mode=PAD_ZERO)
        mean += tx
    mean = ct.sum(mean, axis=1) / N
    ct.store(Mean, index=(bid_m,), tile=mean)

    var = ct.full((1, TILE_N), 0, dtype=ct.float32)
    for j in range(num_tiles):
        tx = ct.load(X, index=(bid_m, j), shape=(1, TILE_N), padding_mode=PAD_ZERO)
        mask = (j * TILE_N + ct.arange(TILE_N, dtype=ct.int32)) < N
        centered_tx = ct.where(mask, tx - mean, 0)
        var += centered_tx ** 2
    var = ct.sum(var, axis=1) / N
    rstd = 1 / ct.sqrt(var + eps)
    ct.store(Rstd, index=(bid_m,), tile=rstd)

    for j in range(num_tiles):
        tx = ct.load(X, index=(bid_m, j), shape=(1, TILE_N), padding_mode=PAD_ZERO)
        tw = ct.load(W, index=(j,), shape=(TILE_N,), padding_mode=PAD_ZERO)
        tb = ct.load(B, index=(j,), shape=(TILE_N,), padding_mode=PAD_ZERO)
        ty = (tx - mean) * rstd
        ty = ty * tw + tb
        ct.store(Y, index=(bid_m, j), tile=ty.astype(Y.dtype))


def bwd_helper(X, W, DY, bid_m, j, mean, rstd, TILE_N, N):
    tx = ct.load(X, index=(bid_m, j), shape=(1, TILE_N), padding_mode=PAD_ZERO)
    tw = ct.load(W, index=(j,), shape=(TILE_N,), padding_mode=PAD_ZERO)
    tdy = ct.load(DY, index=(bid_m, j), shape=(1, TILE_N), padding_mode=PAD_ZERO)
    xhat = (tx - mean) * rstd
    wdy = tw * tdy
    mask = j * TILE_N + ct.arange(TILE_N, dtype=ct.int32) < N
    xhat = ct.where(mask, xhat, 0)
    wdy = ct.where(mask, wdy, 0)
    return tdy, xhat, wdy


@ct.kernel
def layer_norm_bwd_dx_partial_dwdb(DX, DY, DW, DB, X, W, Mean, Rstd, Locks, TILE_N: ConstInt):
    bid_m = ct.bid(0)
    num_tiles = ct.num_tiles(X, axis=1, shape=(1, TILE_N))
    N = X.shape[1]
    GROUP_SIZE_M = DW.shape[0]
    group_bid_m = bid_m % GROUP_SIZE_M

    mean = ct.load(Mean, index=(bid_m,), shape=(1,))
    rstd = ct.load(Rstd, index=(bid_m,), shape=(1,))

    c1 = ct.full((1, TILE_N), 0, dtype=ct.float32)
    c2 = ct.full((1, TILE_N), 0, dtype=ct.float32)
    for j in range(num_tiles):
        _, xhat, wdy = bwd_helper(X, W, DY, bid_m, j, mean, rstd, TILE_N, N)
        c1 += xhat * wdy
        c2 += wdy
    c1 = ct.sum(c1, axis=1) / N
    c2 = ct.sum(c2, axis=1) / N

    for j in range(num_tiles):
        tdy, xhat, wdy = bwd_helper(X, W, DY, bid_m, j, mean, rstd, TILE_N, N)
        tdx = (wdy - (xhat * c1 + c2)) * rstd
        ct.store(DX, index=(bid_m, j), tile=tdx.astype(DX.dtype))

        partial_dw = (tdy * xhat).astype(DW.dtype)
        partial_db = tdy.astype(DB.dtype)

        while ct.atomic_cas(Locks, group_bid_m, 0, 1, memory_order=ct.MemoryOrder.ACQUIRE) == 1:
            pass

        partial_dw += ct.load(DW, index=(group_bid_m, j), shape=(1, TILE_N), padding_mode=PAD_ZERO)
        partial_db += ct.load(DB, index=(group_bid_m, j), shape=(1, TILE_N), padding_mode=PAD_ZERO)
        ct.store(DW, index=(group_bid_m, j), tile=partial_dw)
        ct.store(DB, index=(group_bid_m, j), tile=partial_db)

        ct.atomic_xchg(Locks, group_bid_m, 0, memory_order=ct.MemoryOrder.RELEASE)


@ct.kernel
def layer_norm_bwd_dwdb(DW, DB, FINAL_DW, FINAL_DB, TILE_M: ConstInt, TILE_N: ConstInt):
    bid_n = ct.bid(0)
    num_tiles = ct.num_tiles(DW, axis=0, shape=(TILE_M, TILE_N))
    dw = ct.zeros((TILE_M, TILE_N), dtype=ct.float32)
    db = ct.zeros((TILE_M, TILE_N), dtype=ct.float32)
    for i in range(num_tiles):
        dw += ct.load(DW, index=(i, bid_n), shape=(TILE_M, TILE_N), padding_mode=PAD_ZERO)
        db += ct.load(DB, index=(i, bid_n), shape=(TILE_M, TILE_N), padding_mode=PAD_ZERO)
    sum_dw = ct.sum(dw, axis=0)
    sum_db = ct.sum(db, axis=0)
    ct.store(FINAL_DW, index=(bid_n,), tile=sum_dw.astype(FINAL_DW.dtype))
    ct.store(FINAL_DB, index=(bid_n,), tile=sum_db.astype(FINAL_DB.dtype))


def wave(n, seed, scale=1.0):
    return ((gpu.arange(n) * seed % 997) / 498.5 - 1.0) * scale


M, N, TILE_N, GROUP_SIZE_M, eps = 64, 300, 128, 8, 1e-5
X = wave(M * N, 7919, 2.0).reshape(M, N).astype(gpu.float32)
W = (wave(N, 104729) + 1.0).astype(gpu.float32)
B = wave(N, 1299709, 0.5).astype(gpu.float32)
DY = wave(M * N, 15485863).reshape(M, N).astype(gpu.float32)

Y = gpu.zeros((M, N), dtype=gpu.float32)
Mean = gpu.zeros(M, dtype=gpu.float32)
Rstd = gpu.zeros(M, dtype=gpu.float32)
ct.launch(gpu.Stream.default, (M,), layer_norm_fwd, (X, W, B, Y, Mean, Rstd, eps, TILE_N))

mu = X.mean(axis=1, keepdims=True)
var = ((X - mu) ** 2).mean(axis=1, keepdims=True)
rstd = 1 / gpu.sqrt(var + eps)
xhat = (X - mu) * rstd
print("forward: y", bool(gpu.allclose(Y, xhat * W + B, atol=1e-4, rtol=1e-4)),
      "mean", bool(gpu.allclose(Mean, mu[:, 0], atol=1e-5)),
      "rstd", bool(gpu.allclose(Rstd, rstd[:, 0], rtol=1e-4)))

DX = gpu.zeros((M, N), dtype=gpu.float32)
DW = gpu.zeros((GROUP_SIZE_M, N), dtype=gpu.float32)
DB = gpu.zeros((GROUP_SIZE_M, N), dtype=gpu.float32)
Locks = gpu.zeros(GROUP_SIZE_M, dtype=gpu.int32)
ct.launch(gpu.Stream.default, (M,), layer_norm_bwd_dx_partial_dwdb,
          (DX, DY, DW, DB, X, W, Mean, Rstd, Locks, TILE_N))
FINAL_DW = gpu.zeros(N, dtype=gpu.float32)
FINAL_DB = gpu.zeros(N, dtype=gpu.float32)
ct.launch(gpu.Stream.default, (ct.cdiv(N, TILE_N),), layer_norm_bwd_dwdb,
          (DW, DB, FINAL_DW, FINAL_DB, GROUP_SIZE_M, TILE_N))

wdy = W * DY
c1 = (xhat * wdy).mean(axis=1, keepdims=True)
c2 = wdy.mean(axis=1, keepdims=True)
dx = (wdy - (xhat * c1 + c2)) * rstd
print("backward: dx", bool(gpu.allclose(DX, dx, atol=1e-4, rtol=1e-3)),
      "dw", bool(gpu.allclose(FINAL_DW, (DY * xhat).sum(axis=0), atol=1e-3, rtol=1e-3)),
      "db", bool(gpu.allclose(FINAL_DB, DY.sum(axis=0), atol=1e-3, rtol=1e-3)),
      "locks released", bool((Locks == 0).all()))
