def f(x, l=[]):
    l.append(x)
    return l
print(f(1), f(2), f(3, []))
print(f.__defaults__)
def g(a, *, b=1, c): return a, b, c
print(g.__kwdefaults__, g(0, c=2))
n = 5
def h(x=n): return x
n = 6
print(h())
def k(): pass
print(k.__defaults__, k.__name__, k.__qualname__, k.__module__)
def doc():
    "my doc"
print(doc.__doc__, k.__doc__)
