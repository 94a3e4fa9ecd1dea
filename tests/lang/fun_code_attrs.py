def f(a, b, /, c, *args, d, e=1, **kw):
    x = 1
    return x
co = f.__code__
print(co.co_argcount, co.co_posonlyargcount, co.co_kwonlyargcount, co.co_name)
print(co.co_varnames)
def g():
    yield
print(g.__code__.co_flags & 0x20 != 0, f.__code__.co_flags & 0x20 != 0)
print(f.__code__.co_flags & 0x4 != 0, f.__code__.co_flags & 0x8 != 0)
def outer():
    v = 1
    def inner(): return v
    return inner
print(outer().__code__.co_freevars, outer.__code__.co_cellvars)
