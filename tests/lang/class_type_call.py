def init(self, v): self.v = v
T = type("T", (object,), {"__init__": init, "k": 3, "get": lambda self: self.v})
t = T(5)
print(T.__name__, t.get(), T.k, type(t) is T)
U = type("U", (T,), {})
print(U(1).get(), issubclass(U, T), U.__mro__[1] is T)
print(type(5), type("s").__name__)
try:
    type("X", 1, {})
except TypeError as e:
    print(e)
