# np.arcsinh, np.arccosh, np.arctanh (and the Array API's asinh/acosh/atanh): every dtype
# (integers and bool compute in the float NumPy picks), odd shapes, strided and 0-size views,
# out=, pending operands fused with other operations, the ufunc object's methods, the
# floating-point warnings (arctanh(+-1): divide, outside the domain: invalid) and bad input.
# Arrays print at NumPy's 8 digits, so a device's libm may differ in the last place.
import numpy as np
from _warncheck import t

fns = (np.arcsinh, np.arccosh, np.arctanh)
print([f.__name__ for f in fns], np.asinh is np.arcsinh, np.acosh is np.arccosh,
      np.atanh is np.arctanh, type(np.arcsinh).__name__, np.arctanh.nin, np.arctanh.nout)
x = np.array([-3.0, -0.5, 0.0, 0.25, 0.75, 1.0, 1.5, 10.0, 1e6])
for f in fns:
    t(f.__name__, lambda: f(x))
for dt in (np.float64, np.float32, np.float16, np.int8, np.int16, np.int32, np.int64, np.uint8,
           np.uint16, np.uint32, np.uint64, np.bool_):
    v = np.array([0, 1, 2, 5], dtype=dt) if dt is not np.bool_ else np.array([True, False])
    s = np.arcsinh(v)
    with np.errstate(invalid="ignore", divide="ignore"):  # bool: arccosh(0), arctanh(1)
        c = np.arccosh(v + 1 if dt is not np.bool_ else v)
        h = np.arctanh(v / 8 if dt is not np.bool_ else v)
    print(np.dtype(dt).name, s.dtype, s, c.dtype, c, h.dtype, h)
# odd shapes, views, 0-size, 0-d
a = (np.arange(105.0).reshape(3, 5, 7) - 52) / 53
print(np.arcsinh(a)[1, 2:4], np.arctanh(a[:, ::2, 1::3]).shape,
      bool(abs(np.arctanh(a).sum()) < 1e-9))
print(np.arccosh(np.abs(a.T) * 4 + 1)[::3, 1, :].round(5))
print(np.arcsinh(np.zeros((0, 3))).shape, np.arctanh(np.float64(0.5)).round(12),
      type(np.arcsinh(np.float32(2))).__name__, np.arccosh(np.array(2.0)).round(12))
# fused with other work (a pending operand on CUDA), in place and out=
b = np.linspace(-0.9, 0.9, 13)
print(np.tanh(np.arctanh(b)).round(12), (np.arcsinh(b * 2) + np.sinh(b)).round(6))
o = np.empty(13)
r = np.arcsinh(b, out=o)
print(r is o, o[:4])
of = np.zeros(13, dtype=np.float32)
np.arctanh(b, out=of)
print(of.dtype, of[-3:])
np.arccosh(b * 0 + 2, out=b)
print(b[:3])
# ufunc methods and keywords
print(np.arcsinh(np.array([1.0, 2.0, 3.0]), where=np.array([True, False, True]),
                 out=np.zeros(3)))
print(np.arcsinh(np.array([1, 2]), dtype=np.float32).dtype)
t("arcsinh.reduce", lambda: np.arcsinh.reduce(np.ones(3)))
t("arcsinh.outer", lambda: np.arcsinh.outer(np.ones(2), np.ones(2)))
# floating-point warnings
t("arctanh 1", lambda: np.arctanh(np.array([0.5, 1.0, -1.0])))
t("arctanh 2", lambda: np.arctanh(np.array([2.0, 0.0])))
t("arccosh 0.5", lambda: np.arccosh(np.array([0.5, 1.0])))
t("arctanh f32", lambda: np.arctanh(np.array([1.0], dtype=np.float32)))
t("arcsinh inf nan", lambda: np.arcsinh(np.array([np.inf, -np.inf, np.nan])))
t("arccosh inf", lambda: np.arccosh(np.array([np.inf, np.nan])))
with np.errstate(divide="ignore", invalid="ignore"):
    t("quiet", lambda: (np.arctanh(np.array([1.0, 3.0])), np.arccosh(np.array([0.0]))))
with np.errstate(divide="raise"):
    t("raise", lambda: np.arctanh(np.array([1.0])))
# bad input
t("str", lambda: np.arcsinh("a"))
t("list", lambda: np.arcsinh([0.0, 1.0]))
t("nested", lambda: np.arctanh([[0.5], [0.25]]))
t("two args", lambda: np.arcsinh(np.ones(2), np.ones(2), np.ones(2)))
t("out shape", lambda: np.arcsinh(np.ones(3), out=np.zeros(2)))
t("bogus", lambda: np.arcsinh(np.ones(2), bogus=1))
try:  # NumPy's UFuncTypeError is a TypeError subclass (krait: TypeError)
    np.arcsinh(np.ones(2), out=np.zeros(2, dtype=np.int32))
except TypeError as e:
    print("int out", e)
