class A:
    def __init__(self, v): self.v = v
    def __add__(self, o):
        print("add")
        return A(self.v + o)
    def __iadd__(self, o):
        print("iadd")
        self.v += o
        return self
    def __sub__(self, o):
        print("sub")
        return A(self.v - o)
    def __imul__(self, o):
        return NotImplemented
    def __mul__(self, o):
        print("mul")
        return A(self.v * o)
    def __repr__(self): return "A(%d)" % self.v
a = A(1)
b = a
a += 2
print(a, a is b)
a -= 1
print(a, a is b)
a *= 3
print(a)
class B:
    def __radd__(self, o):
        return "B.radd"
x = 5
x += B()
print(x)
l = [1]
l2 = l
l += [2]
print(l is l2, l)
t = (1,)
t2 = t
t += (2,)
print(t is t2, t)
class C: pass
c = C()
try:
    c += 1
except TypeError as e:
    print(e)
try:
    c **= 2
except TypeError as e:
    print(e)
try:
    c //= 2
except TypeError as e:
    print(e)
