class A:
    def __add__(self, o):
        return "A.add"
    def __radd__(self, o):
        return "A.radd"
class B(A):
    def __radd__(self, o):
        return "B.radd"
class C(A):
    pass
print(A() + B())
print(A() + C())
print(B() + A())
class I(int):
    def __radd__(self, o): return "I.radd"
    def __add__(self, o): return "I.add"
print(1 + I(2), I(2) + 1)
