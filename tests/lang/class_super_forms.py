class A:
    def f(self, x):
        return "A.f(%s)" % x
    @classmethod
    def c(cls):
        return "A.c " + cls.__name__
class B(A):
    def f(self, x):
        return "B.f>" + super().f(x)
    @classmethod
    def c(cls):
        return "B.c>" + super().c()
class C(A):
    def f(self, x):
        return "C.f>" + super(C, self).f(x)
class D(B, C):
    def f(self, x):
        return "D.f>" + super(D, self).f(x)
print(D().f(1))
print(D.c())
print(B.c())
print(super(B, D()).f(2))
class E(A):
    def __init__(self):
        super().__init__()
        self.v = 5
print(E().v)
s = super(B, B())
print(type(s).__name__)
def outside():
    return super().f(1)
try:
    outside()
except RuntimeError as e:
    print("RuntimeError", e)
class F(A):
    def g(self):
        return [super().f(i) for i in range(2)]
print(F().g())
