class V:
    def __init__(self, x): self.x = x
    def __repr__(self): return "V(%r)" % self.x
    def __add__(self, o):
        if isinstance(o, V): return V(self.x + o.x)
        if isinstance(o, int): return V(self.x + o)
        return NotImplemented
    def __radd__(self, o):
        print("radd")
        return V(o + self.x)
    def __sub__(self, o): return V(self.x - (o.x if isinstance(o, V) else o))
    def __rsub__(self, o): return V(o - self.x)
    def __mul__(self, o): return V(self.x * o)
    __rmul__ = __mul__
    def __truediv__(self, o): return V(self.x / o)
    def __floordiv__(self, o): return V(self.x // o)
    def __mod__(self, o): return V(self.x % o)
    def __pow__(self, o, m=None): return V(pow(self.x, o, m))
    def __rpow__(self, o): return V(o ** self.x)
    def __neg__(self): return V(-self.x)
    def __pos__(self): return self
    def __abs__(self): return V(abs(self.x))
    def __invert__(self): return V(~self.x)
    def __and__(self, o): return V(self.x & o)
    def __or__(self, o): return V(self.x | o)
    def __xor__(self, o): return V(self.x ^ o)
    def __lshift__(self, o): return V(self.x << o)
    def __rshift__(self, o): return V(self.x >> o)
    def __rlshift__(self, o): return V(o << self.x)
    def __matmul__(self, o): return "matmul"
v = V(3)
print(v + V(4), v + 1, 1 + v, v - 1, 10 - v, v * 2, 2 * v)
print(v / 2, v // 2, v % 2, v ** 2, 2 ** v)
print(-v, +v, abs(V(-2)), ~v)
print(v & 1, v | 4, v ^ 1, v << 1, v >> 1, 1 << v, v @ v)
try:
    v + "s"
except TypeError as e:
    print(e)
try:
    "s" - v
except TypeError as e:
    print(e)
class W(V):
    def __radd__(self, o):
        return "W.radd"
print(V(1) + W(2))
class N:
    pass
try:
    N() + N()
except TypeError as e:
    print(e)
try:
    -N()
except TypeError as e:
    print(e)
try:
    N() < N()
except TypeError as e:
    print(e)
