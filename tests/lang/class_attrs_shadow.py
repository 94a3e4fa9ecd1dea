class A:
    x = 1
    l = []
    def m(self): return self.x
a = A()
a2 = A()
print(a.x, A.x)
a.x = 2
print(a.x, A.x, a2.x)
A.x = 3
print(a.x, a2.x)
del a.x
print(a.x)
a.l.append(1)
print(a2.l)
print(sorted(k for k in a.__dict__), "x" in A.__dict__)
A.newm = lambda self: "new"
print(a.newm())
print(A.m(a), a.m.__self__ is a, a.m.__func__ is A.m)
print(a.m == a.m, a.m is a.m)
try:
    del a.nothere
except AttributeError as e:
    print(e)
try:
    A.nothere
except AttributeError as e:
    print(e)
class B:
    y = 2
    z = y * 2
    w = [y * i for i in range(3)]
print(B.z)
setattr(B, "q", 9)
print(B.q, getattr(B, "q"))
delattr(B, "q")
print(hasattr(B, "q"))
print(vars(a) is a.__dict__, a.__class__.__name__)
