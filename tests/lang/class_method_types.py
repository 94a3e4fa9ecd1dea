class A:
    def m(self): return 1
a = A()
print(type(A.m).__name__, type(a.m).__name__)
bm = a.m
print(bm(), bm.__name__, A.m.__name__, A.m.__qualname__)
def free(self, y): return y * 2
A.free = free
print(a.free(4))
a.inst = free
print(a.inst(a, 5))
print(repr(A.m).startswith("<function A.m at"))
print(repr(a.m).startswith("<bound method A.m of <__main__.A object at"))
