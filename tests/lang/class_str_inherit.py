class A:
    def __repr__(self): return "A-repr"
class B(A):
    pass
class C(A):
    def __str__(self): return "C-str"
print(B(), str(B()), repr(C()), str(C()), [C()])
class E(Exception):
    def __repr__(self): return "E-repr"
print(E("m"), repr(E("m")))
