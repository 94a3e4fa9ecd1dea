# functools: reduce, partial, lru_cache, cache, wraps, cmp_to_key, total_ordering
import functools
from functools import reduce, partial, lru_cache, cache, wraps, cmp_to_key, total_ordering

print(reduce(lambda a, b: a + b, [1, 2, 3, 4]), reduce(lambda a, b: a * b, [], 1))
print(reduce(lambda a, b: a + b, ['x'], 'y'), reduce(max, [3, 9, 2]))
try:
    reduce(lambda a, b: a + b, [])
except TypeError as e:
    print('TypeError:', e)


def f(a, b, c=3):
    return (a, b, c)


p = partial(f, 1, c=10)
print(p(2), p(2, c=5), p.func is f, p.args, p.keywords)
pp = partial(p, 7)
print(pp(), pp.args, pp.func is f)
print(repr(partial(max, 1, key=abs)).startswith('functools.partial(<built-in function max>, 1'))
calls = []


@lru_cache(maxsize=None)
def fib(n):
    calls.append(n)
    return n if n < 2 else fib(n - 1) + fib(n - 2)


print(fib(80), len(calls), fib.cache_info())
fib.cache_clear()
print(fib.cache_info())


@lru_cache(maxsize=2)
def sq(x):
    calls.append(x)
    return x * x


calls.clear()
print(sq(2), sq(3), sq(2), sq(4), sq(3), calls, sq.cache_info())
print(sq.cache_info().hits, sq.cache_info()._fields)


@lru_cache
def plain(x, y=1):
    return x + y


print(plain(1), plain(1, y=1), plain(1, 1), plain.cache_info())


@cache
def fact(n):
    return n * fact(n - 1) if n else 1


print(fact(20), fact.__name__, fact.cache_info().currsize)


@lru_cache(maxsize=10, typed=True)
def typed(x):
    return type(x).__name__


print(typed(1), typed(1.0), typed.cache_info().currsize)


def deco(fn):
    @wraps(fn)
    def inner(*args, **kwargs):
        return fn(*args, **kwargs)
    return inner


@deco
def hello(name):
    "Say hello."
    return 'hello ' + name


print(hello('x'), hello.__name__, hello.__doc__, hello.__wrapped__.__name__)
print(sorted([5, 2, 9, 1], key=cmp_to_key(lambda a, b: b - a)))
print(sorted(['bb', 'a', 'ccc'], key=cmp_to_key(lambda a, b: len(a) - len(b))))


@total_ordering
class Version:
    def __init__(self, n):
        self.n = n

    def __eq__(self, other):
        return self.n == other.n

    def __lt__(self, other):
        return self.n < other.n


print(Version(1) <= Version(2), Version(3) >= Version(2), Version(1) > Version(2),
      Version(2) >= Version(2))
print(sorted([Version(3), Version(1)], key=lambda v: v)[0].n)
