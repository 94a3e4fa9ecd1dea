# Classes beyond the core (next issue): property, staticmethod, classmethod, super with MI.
class Temp:
    def __init__(self, c):
        self._c = c
    @property
    def f(self):
        return self._c * 9 / 5 + 32
    @f.setter
    def f(self, v):
        self._c = (v - 32) * 5 / 9
    @staticmethod
    def unit():
        return "C"
    @classmethod
    def freezing(cls):
        return cls(0)
t = Temp(100)
print(t.f, Temp.unit(), t.unit(), Temp.freezing().f)
t.f = 212
print(t._c)
class A:
    def who(self):
        return ["A"]
class B(A):
    def who(self):
        return ["B"] + super().who()
class C(A):
    def who(self):
        return ["C"] + super().who()
class D(B, C):
    def who(self):
        return ["D"] + super().who()
print(D().who(), [k.__name__ for k in D.__mro__])
