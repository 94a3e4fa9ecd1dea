# rows_ncu.py: softmax and layer norm written with array ops over float32 8192 x 8192, three
# calls each, for ncu (bench/gpu/device/rows_ncu.sh profiles the last launches): what holds
# the row kernels (gpu/kernels/kernels_rows.c) back on the device.
#   KRAIT_DEVICE=cuda KRAIT_ROWS_KERNEL=1 ncu -k regex:kr_ build/krait bench/gpu/rows_ncu.py
import numpy as np

x = (np.random.rand(8192, 8192) * 4 - 2).astype(np.float32)
for _ in range(3):
    e = np.exp(x - x.max(axis=1, keepdims=True))
    y = e / e.sum(axis=1, keepdims=True)
    mu = x.mean(axis=1, keepdims=True)
    var = ((x - mu) ** 2).mean(axis=1, keepdims=True)
    z = (x - mu) / np.sqrt(var + 1e-5)
    print(float(y[0, 0]), float(z[0, 0]))
