import _pkg_rel
print(_pkg_rel.X, _pkg_rel.M, _pkg_rel.m.M)
import _pkg_rel.m as m2, _pkg_rel
print(m2.M, _pkg_rel.m is m2)
from _pkg_rel import m as mm, X
print(mm.M, X)
print(hasattr(_pkg_rel, "_h"))
