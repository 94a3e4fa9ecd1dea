class D:
    def __get__(self, obj, objtype=None):
        if obj is None: return "class access"
        return "inst access %s" % type(obj).__name__
class ND:
    def __init__(self): self.name = None
    def __set_name__(self, owner, name):
        self.name = name
    def __get__(self, obj, t=None):
        return "nd:" + self.name
class DD:
    def __get__(self, obj, t=None): return "dd-get"
    def __set__(self, obj, v): print("dd-set", v)
class A:
    d = D()
    nd = ND()
    dd = DD()
a = A()
print(A.d, a.d, a.nd)
a.__dict__["nd"] = "shadowed"
print(a.nd)
a.dd = 5
a.__dict__["dd"] = "inst"
print(a.dd)
