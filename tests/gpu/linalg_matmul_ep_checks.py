# numpy.linalg.matmul with a fused epilogue (krait's extension, docs/CUDA.md): on the CPU
# backend (gpu/...) and the mock (gpu_mock/...) the epilogue is composed from array
# operations; each check compares with the same formula written out with plain NumPy
# operations, exactly (float64 and integer) or to rounding (float32, bfloat16), and every bad
# argument's error. On the H200, bench/gpu/matmul_ep_check.py checks the one-cuBLASLt-call
# path the same way. The .exp is written by tests/gen_expected_checks.py.
import numpy as np


def check(label, ok):
    print(label, "ok" if ok else "FAILED")


def raises(fn, exc, text):
    try:
        fn()
    except exc as e:
        return text in str(e)
    return False


def gelu(x):
    return 0.5 * x * (1 + np.tanh(0.7978845608028654 * (x + 0.044715 * x * x * x)))


rng = np.random.default_rng(7)
a64 = rng.standard_normal((5, 7))
b64 = rng.standard_normal((7, 3))
bias64 = rng.standard_normal(3)
c64 = rng.standard_normal((5, 3))
ref = a64 @ b64
check("plain matmul", np.array_equal(np.linalg.matmul(a64, b64), ref))
check("bias", np.allclose(np.linalg.matmul(a64, b64, bias=bias64), ref + bias64, rtol=1e-12))
check("relu with bias", np.allclose(np.linalg.matmul(a64, b64, bias=bias64, epilogue="relu"),
                                    np.maximum(ref + bias64, 0), rtol=1e-12))
check("relu zeroes negatives", (np.linalg.matmul(a64, b64, epilogue="relu") >= 0).all())
check("gelu", np.allclose(np.linalg.matmul(a64, b64, epilogue="gelu"), gelu(ref), rtol=1e-12))
check("gelu with bias", np.allclose(np.linalg.matmul(a64, b64, bias=bias64, epilogue="gelu"),
                                    gelu(ref + bias64), rtol=1e-12))
check("alpha", np.allclose(np.linalg.matmul(a64, b64, alpha=-2.5), -2.5 * ref, rtol=1e-12))
check("alpha beta c", np.allclose(np.linalg.matmul(a64, b64, alpha=2.0, beta=0.5, c=c64),
                                  2.0 * ref + 0.5 * c64, rtol=1e-12))
check("c alone means beta 1", np.allclose(np.linalg.matmul(a64, b64, c=c64), ref + c64,
                                          rtol=1e-12))
check("everything", np.allclose(
    np.linalg.matmul(a64, b64, alpha=0.5, beta=-1.0, c=c64, bias=bias64, epilogue="relu"),
    np.maximum(0.5 * ref - c64 + bias64, 0), rtol=1e-12))

a32, b32 = a64.astype(np.float32), b64.astype(np.float32)
r32 = np.linalg.matmul(a32, b32, bias=bias64, epilogue="relu")
check("float32 keeps its dtype", r32.dtype == np.float32)
check("float32 values", np.allclose(r32, np.maximum(ref + bias64, 0), rtol=1e-5, atol=1e-5))
ab = a64.astype(np.bfloat16) if hasattr(np, "bfloat16") else a32
bb = b64.astype(np.bfloat16) if hasattr(np, "bfloat16") else b32
rb = np.linalg.matmul(ab, bb, bias=bias64.astype(ab.dtype), epilogue="gelu")
check("bfloat16 keeps its dtype", rb.dtype == ab.dtype)
check("bfloat16 values", np.allclose(rb.astype(np.float64), gelu(ref + bias64), rtol=0.05,
                                     atol=0.05))
ai = np.arange(12).reshape(3, 4) - 6
bi = np.arange(8).reshape(4, 2)
check("integers", np.array_equal(np.linalg.matmul(ai, bi, bias=np.array([1, -100]),
                                                  epilogue="relu"),
                                  np.maximum(ai @ bi + np.array([1, -100]), 0)))
sa = rng.standard_normal((2, 5, 7))
check("stacks", np.allclose(np.linalg.matmul(sa, b64, bias=bias64), sa @ b64 + bias64,
                            rtol=1e-12))
check("transposed views", np.allclose(np.linalg.matmul(b64.T, a64.T, epilogue="relu"),
                                      np.maximum(ref.T, 0), rtol=1e-12))
check("list operands", np.allclose(np.linalg.matmul([[1.0, 2.0]], [[3.0], [4.0]], bias=[1.0]),
                                   [[12.0]]))

check("bad epilogue", raises(lambda: np.linalg.matmul(a64, b64, epilogue="tanh"), ValueError,
                             "epilogue must be"))
check("bad bias length", raises(lambda: np.linalg.matmul(a64, b64, bias=np.ones(4)),
                                ValueError, "columns"))
check("2-D bias", raises(lambda: np.linalg.matmul(a64, b64, bias=np.ones((1, 3))), ValueError,
                         "1-D"))
check("beta without c", raises(lambda: np.linalg.matmul(a64, b64, beta=1.0), ValueError,
                               "beta needs c"))
check("shape mismatch", raises(lambda: np.linalg.matmul(a64, a64), ValueError, ""))
check("scalar operand", raises(lambda: np.linalg.matmul(a64, 2.0), ValueError, "dimensions"))
check("bogus keyword", raises(lambda: np.linalg.matmul(a64, b64, bogus=1), TypeError, "bogus"))
