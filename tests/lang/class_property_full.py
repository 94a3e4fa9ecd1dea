class P:
    def __init__(self):
        self._x = 1
    @property
    def x(self):
        "the x"
        return self._x
    @x.setter
    def x(self, v):
        print("set", v)
        self._x = v
    @x.deleter
    def x(self):
        print("del")
        del self._x
    @property
    def ro(self):
        return 7
p = P()
print(p.x)
p.x = 5
print(p.x)
del p.x
try:
    p.x
except AttributeError as e:
    print("AttributeError", e)
try:
    p.ro = 3
except AttributeError as e:
    print("AttributeError", e)
try:
    del p.ro
except AttributeError as e:
    print("AttributeError", e)
print(P.x.__doc__)
print(type(P.x).__name__)
def g(self): return 9
class Q:
    y = property(g)
print(Q().y)
print(P.x.fget is not None, P.ro.fset)
