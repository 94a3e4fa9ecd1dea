# __prepare__: the class body runs in the mapping the metaclass returns, through its
# __setitem__; str subclasses printed through their own __str__.
class Recording(dict):
    def __init__(self):
        super().__init__()
        self.order = []

    def __setitem__(self, key, value):
        if not key.startswith("__"):
            self.order.append(key)
        super().__setitem__(key, value)


class Meta(type):
    @classmethod
    def __prepare__(mcls, name, bases, **kw):
        print("prepare", name, bases, kw)
        return Recording()

    def __new__(mcls, name, bases, ns, **kw):
        cls = super().__new__(mcls, name, bases, dict(ns))
        cls.order = ns.order
        return cls


class A(metaclass=Meta, tag=1):
    b = 1
    a = 2
    def m(self): pass
    b = 3

print(A.order, A.b, type(A).__name__)


class S(str):
    def __str__(self):
        return "S<" + self + ">"


print(S("x"), str(S("y")), [S("z")], f"{S('w')}")
