class A:
    def m(self): return id(self)
a, b = A(), A()
print(a.m == a.m, a.m == b.m, a.m != b.m)
f = a.m
print(f() == id(a))
l = [a.m, b.m]
print(l[1]() == id(b))
print(hash(a.m) == hash(a.m))
