class A:
    def __init_subclass__(cls, /, greet="hi", **kw):
        super().__init_subclass__(**kw)
        cls.greet = greet
class B(A, greet="yo"): pass
class C(A): pass
print(B.greet, C.greet)
class P:
    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
try:
    class Q(P, x=1): pass
except TypeError as e:
    print(e)
try:
    class R(x=1): pass
except TypeError as e:
    print(e)
class Attr:
    def __set_name__(self, owner, name):
        print("set_name", owner.__name__, name)
class K:
    a = Attr()
    b = Attr()
