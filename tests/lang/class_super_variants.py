class A:
    @classmethod
    def f(cls): return cls.__name__
    @staticmethod
    def s(): return "s"
    def g(self): return "A.g"
class B(A):
    @classmethod
    def f(cls): return "B>" + super().f()
    @staticmethod
    def s(): return "B" + super(B, B).s()
    def g(self):
        def inner():
            return super(B, self).g()
        return inner() + "|" + (lambda: super().g())()
print(B.f(), B().f(), B.s(), B().g())
class C:
    def foo(self):
        super = 1
        return super
print(C().foo())
class D:
    def __init__(self):
        super().__init__()
        print(super().__str__ is not None)
D()
