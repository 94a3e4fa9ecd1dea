def f(): return f.counter
f.counter = 5
print(f(), f.__dict__)
def g(a, b=1, *c, d, **e): x = 1
print(g.__code__.co_argcount, g.__code__.co_name, g.__code__.co_kwonlyargcount)
print(callable(g), type(g).__name__)
print(repr(g).startswith("<function g at"))
class A:
    def m(self): pass
print(A.m.__qualname__)
def outer():
    def inner(): pass
    return inner
print(outer().__qualname__)
