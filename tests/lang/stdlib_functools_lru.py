import functools
calls = []
@functools.lru_cache(maxsize=None)
def fib(n):
    calls.append(n)
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(30), len(calls))
print(fib.cache_info())
fib.cache_clear()
print(fib.cache_info())
@functools.lru_cache(maxsize=2)
def sq(x):
    calls.append(x)
    return x * x
calls.clear()
for x in [1, 2, 1, 3, 1, 2]:
    sq(x)
print(calls, sq.cache_info())
@functools.lru_cache
def ident(x):
    return x
print(ident(5), ident.cache_info())
@functools.cache
def twice(x):
    return 2 * x
print(twice(4), twice(4), twice.cache_info())
print(fib.__name__, sq.__wrapped__(5))
@functools.lru_cache(maxsize=10)
def kw(a, b=1):
    return a + b
print(kw(1), kw(1, b=1), kw(a=1), kw.cache_info())
