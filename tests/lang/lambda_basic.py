# lambda expressions: defaults, varargs, closures, immediate calls, as keys.
sq = lambda x: x * x
add = lambda a, b=10: a + b
va = lambda *a, **k: (a, sorted(k))
print(sq(7), add(1), add(1, 2), va(1, 2, z=3), (lambda: "no args")(), (lambda x, /, y: x - y)(5, y=1))
print(list(map(lambda x: x + 1, [1, 2, 3])), sorted([3, -1, 2], key=lambda v: -v))
curry = lambda a: lambda b: lambda c: a * 100 + b * 10 + c
print(curry(1)(2)(3))
print((lambda f, n: f(f, n))(lambda self, n: 1 if n < 2 else n * self(self, n - 1), 10))
print(type(sq).__name__, sq.__name__, repr(sq)[:18])
ops = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b}
print([ops[o](6, 3) for o in "+-*"])
