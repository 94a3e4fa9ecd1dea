class A:
    def __init__(self):
        self._v = 0
    v = property(lambda self: self._v, lambda self, x: setattr(self, "_v", x), None, "doc v")
a = A()
a.v = 5
print(a.v, A.v.__doc__)
class Base:
    def __init__(self, **kw):
        for k, v in kw.items(): setattr(self, k, v)
class D(Base): pass
d = D(a=1, b=2)
print(d.a, d.b)
