class A(int):
    def __new__(cls, v):
        return super().__new__(cls, v * 2)
print(A(3), type(A(3)).__name__)
class T(tuple):
    def __new__(cls, a, b):
        return super().__new__(cls, (a, b))
    @property
    def first(self): return self[0]
t = T(1, 2)
print(t, t.first, len(t), isinstance(t, tuple))
class S(str):
    def __new__(cls, v):
        return str.__new__(cls, v.upper())
print(S("ab"), S("ab") + "c", type(S("x")).__name__)
class F(float):
    def __new__(cls, v):
        return float.__new__(cls, v + 0.5)
print(F(1), type(F(1)).__name__)
class L(list):
    def __init__(self, *a):
        super().__init__(a)
print(L(1, 2, 3), L())
class D(dict):
    def __setitem__(self, k, v):
        super().__setitem__(k, v * 2)
d = D()
d["a"] = 1
print(d, d["a"])
