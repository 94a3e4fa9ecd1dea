class A:
    def __init__(self):
        self.real = 1
    def __getattr__(self, name):
        if name.startswith("x"):
            return name * 2
        raise AttributeError("no " + name)
a = A()
print(a.real, a.xy)
try:
    a.zz
except AttributeError as e:
    print(e)
print(getattr(a, "xq", None), getattr(a, "q", "dflt"))
print(hasattr(a, "xx"), hasattr(a, "yy"))
class B:
    def __getattribute__(self, name):
        if name == "magic":
            return 42
        return object.__getattribute__(self, name)
    def __getattr__(self, name):
        return "fallback:" + name
b = B()
b.k = 3
print(b.magic, b.k, b.other)
class C:
    def __setattr__(self, name, v):
        print("setattr", name, v)
        object.__setattr__(self, name, v * 2)
    def __delattr__(self, name):
        print("delattr", name)
        object.__delattr__(self, name)
c = C()
c.a = 5
print(c.a)
del c.a
print(hasattr(c, "a"))
