class A:
    count = 0
    @staticmethod
    def s(x, y=2):
        return x + y
    @classmethod
    def make(cls, n):
        obj = cls()
        obj.n = n
        return obj
    @classmethod
    def inc(cls):
        cls.count += 1
        return cls.count
class B(A): pass
print(A.s(1), A().s(1, 5))
b = B.make(3)
print(type(b).__name__, b.n)
print(A.inc(), A.inc(), B.inc(), A.count, B.count)
sm = A.__dict__['s']
print(type(sm).__name__, type(A.__dict__['make']).__name__)
print(sm.__func__(3, 4))
f = staticmethod(lambda: 42)
class C:
    g = f
print(C.g(), C().g())
print(callable(A.make))
