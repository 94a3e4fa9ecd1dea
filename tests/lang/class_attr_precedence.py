class A:
    @property
    def x(self): return "prop"
a = A()
a.__dict__["x"] = "inst"
print(a.x)
class B:
    def x(self): return "meth"
b = B()
b.__dict__["x"] = "inst"
print(b.x)
class C:
    def meth(self): return 1
C.meth = lambda self: 2
c = C()
print(c.meth())
c.meth = lambda: 3
print(c.meth(), C.meth(c))
class Pa:
    def __init__(self):
        self.__priv = 1
class Ch(Pa):
    def get(self):
        try: return self.__priv
        except AttributeError as e: return str(e)
print(Ch().get())
