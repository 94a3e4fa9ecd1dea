def g():
    yield it.send(None)
it = g()
try:
    next(it)
except ValueError as e:
    print(e)
def gg():
    yield 1
x = gg()
print(x.gi_running)
print(type(x).__name__, x.__name__, x.__qualname__)
print(repr(x).startswith("<generator object gg at"))
print(iter(x) is x)
print(list(x))
