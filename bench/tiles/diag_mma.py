# diag_mma.py: where a wrong wgmma matmul goes wrong (for debugging the sm_90a loop of
# gpu/tile/lower/mma_sm90.c on the device): C = A @ I must be A, I @ B must be B, for one
# tile and for two k steps; prints the first mismatching positions of each case.
#   KRAIT_DEVICE=cuda build/krait bench/tiles/diag_mma.py
import gpu
import tile as ct

ConstInt = ct.Constant[int]


@ct.kernel
def mm(A, B, C, tm: ConstInt, tn: ConstInt, tk: ConstInt):
    acc = ct.full((tm, tn), 0, dtype=ct.float32)
    dtype = ct.tfloat32 if A.dtype == ct.float32 else A.dtype
    for k in range(ct.num_tiles(A, axis=1, shape=(tm, tk))):
        a = ct.load(A, index=(ct.bid(0), k), shape=(tm, tk), padding_mode=ct.PaddingMode.ZERO)
        b = ct.load(B, index=(k, ct.bid(1)), shape=(tk, tn), padding_mode=ct.PaddingMode.ZERO)
        acc = ct.mma(a.astype(dtype), b.astype(dtype), acc)
    ct.store(C, index=(ct.bid(0), ct.bid(1)), tile=acc)


def show(name, got, want):
    bad = gpu.argwhere(got != want)
    print(name, "wrong:", int(bad.shape[0]), "of", want.size)
    for i in range(min(6, int(bad.shape[0]))):
        r, c = int(bad[i, 0]), int(bad[i, 1])
        print("   at", (r, c), "got", float(got[r, c]), "want", float(want[r, c]))


# bfloat16 (the 16-bit loop), then float32 as tfloat32 (the C^T = B^T A^T loop)
for dt, shapes in ((gpu.bfloat16, ((64, 64, 64), (128, 256, 64), (128, 128, 128))),
                   (gpu.float32, ((64, 64, 64), (128, 128, 32), (128, 256, 32), (256, 128, 32)))):
    for (tm, tn, tk) in shapes:
        m, n, k = tm, tn, 2 * tk
        tag = str((tm, tn, tk)) + (" tf32" if dt == gpu.float32 else "")
        A = ((gpu.arange(m * k) % 251).reshape(m, k)).astype(dt)
        B = ((gpu.arange(k * n) % 241).reshape(k, n)).astype(dt)
        Ik = gpu.eye(k, n).astype(dt)
        Im = gpu.eye(m, k).astype(dt)
        C = gpu.zeros((m, n), dtype=gpu.float32)
        ct.launch(gpu.Stream.default, (1, 1, 1), mm, (A, Ik, C, tm, tn, tk))
        show(tag + " A @ I", C, (A.astype(gpu.float32) @ Ik.astype(gpu.float32)))
        C = gpu.zeros((m, n), dtype=gpu.float32)
        ct.launch(gpu.Stream.default, (1, 1, 1), mm, (Im, B, C, tm, tn, tk))
        show(tag + " I @ B", C, (Im.astype(gpu.float32) @ B.astype(gpu.float32)))
