f = lambda: 1
g = lambda x, y=2: x * y
h = lambda *a, **k: (a, k)
print(f(), g(3), g(3, 3), h(1, z=2))
print((lambda x: (lambda y: x + y))(1)(2))
print(sorted(["bb", "a", "ccc"], key=lambda s: -len(s)))
print(f.__name__, (lambda: 0).__qualname__)
k = lambda: (yield 1)
print(list(k()))
