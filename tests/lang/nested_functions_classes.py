# Functions and classes defined inside functions; classes closing over locals.
def make_class(prefix):
    class Tagged:
        count = 0
        def __init__(self, v):
            Tagged.count += 1
            self.v = v
        def __repr__(self):
            return f"{prefix}:{self.v}"
    return Tagged
A = make_class("a")
B = make_class("b")
print([A(1), A(2), B(3)], A.count, B.count, A is B, A.__name__, A.__qualname__)
def outer(n):
    def helper(k):
        return k * n
    class Mul:
        def apply(self, x):
            return helper(x)
    return Mul().apply
print(outer(3)(5), outer(10)(7))
def gen_funcs():
    funcs = {}
    for name in ["inc", "dec", "dbl"]:
        if name == "inc":
            def f(x):
                return x + 1
        elif name == "dec":
            def f(x):
                return x - 1
        else:
            def f(x):
                return x * 2
        funcs[name] = f
    return funcs
fs = gen_funcs()
print(fs["inc"](1), fs["dec"](1), fs["dbl"](4), fs["inc"].__name__, fs["inc"].__qualname__)
