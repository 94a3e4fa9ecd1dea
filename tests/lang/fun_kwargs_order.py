def f(**kw): return list(kw.items())
print(f(b=1, a=2, c=3))
def g(a, **kw): return a, kw
print(g(a=1, b=2), g(1, a2=3))
d = {"x": 1}
def h(x, y=0): return x, y
print(h(**d), h(y=5, **d))
def order(*args, sep="-"): return sep.join(args)
print(order("a", "b"), order("a", sep="+"))
