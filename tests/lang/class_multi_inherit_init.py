class A:
    def __init__(self):
        print("A")
        super().__init__()
class B(A):
    def __init__(self):
        print("B")
        super().__init__()
class C(A):
    def __init__(self):
        print("C")
        super().__init__()
class D(B, C):
    def __init__(self):
        print("D")
        super().__init__()
D()
print([k.__name__ for k in D.__mro__])
class X:
    def who(self): return "X"
class Y:
    def who(self): return "Y"
    def only_y(self): return "only Y"
class Z(X, Y): pass
print(Z().who(), Z().only_y())
