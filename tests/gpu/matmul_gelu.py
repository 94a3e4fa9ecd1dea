# GELU (the tanh approximation) written out over a matmul, the way users write it: on CUDA
# each form is one cuBLASLt call with the GELU epilogue (backend_cuda_epilogue.c), elsewhere
# array operations; every backend prints NumPy's values. Expected output from NumPy 2
# (tests/gen_expected_gpu.py); the matcher's own checks are tests/gpu/mock_gelu_match.py.
import math
import numpy as np

a = (np.arange(30, dtype=np.float32).reshape(5, 6) % 7) / 4 - 0.75
w = (np.arange(24, dtype=np.float32).reshape(6, 4) % 5) / 8 - 0.25
bias = np.array([0.5, -1.0, 0.25, 2.0], dtype=np.float32)
c = (np.arange(20, dtype=np.float32).reshape(5, 4) % 3) / 2 - 0.5


def gelu_pow(x):
    return 0.5 * x * (1 + np.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x**3)))


def gelu_mul(x):
    return x * 0.5 * (1.0 + np.tanh(0.7978845608028654 * (x + 0.044715 * x * x * x)))


def gelu_factored(x):
    return 0.5 * x * (1 + np.tanh(0.7978845608028654 * x * (1 + 0.044715 * x * x)))


def gelu_div(x):
    return x * (1 + np.tanh(0.7978845608028654 * (x + x**3 * 0.044715))) / 2


def show(y):
    print(y.dtype, y.shape)
    print(np.round(y.astype(np.float64), 4))


for f in (gelu_pow, gelu_mul, gelu_factored, gelu_div):
    show(f(a @ w + bias))
show(gelu_pow(a @ w))
show(gelu_mul(2 * (a @ w) + 0.5 * c + bias))
h = a @ w + bias
show(h * h)  # the sum read twice: one product
show(gelu_pow(h) - h)
m = a @ w
g = gelu_pow(m + bias)
show(m)  # the product's own value after a GELU epilogue took it
show(g)
d = a.astype(np.float64) @ w.astype(np.float64) + bias.astype(np.float64)
show(gelu_mul(d))
