class A: pass
r = repr(A())
print(r.startswith("<__main__.A object at 0x"), r.endswith(">"))
print(repr(A), str(A), A.__name__)
class B:
    class C: pass
print(B.C, B.C.__qualname__)
def f():
    class L: pass
    return L
print(f().__qualname__, f())
print(type(None), type(1), type(print), type(len))
print(object, type, int)
