# Decorators: plain, with arguments, stacked, on functions that take any arguments.
calls = []
def trace(fn):
    def wrapper(*args, **kwargs):
        calls.append(fn.__name__)
        return fn(*args, **kwargs)
    wrapper.__name__ = "traced_" + fn.__name__
    return wrapper
def times(n):
    def deco(fn):
        def run(*a):
            return [fn(*a) for _ in range(n)]
        return run
    return deco
@trace
def add(a, b=1):
    return a + b
@times(3)
@trace
def hello(name):
    return "hi " + name
print(add(2), add(2, b=5), add.__name__, hello("bob"), calls)
def register(registry):
    def deco(fn):
        registry[fn.__name__] = fn
        return fn
    return deco
REG = {}
@register(REG)
def alpha():
    return "a"
@register(REG)
def beta():
    return "b"
print(sorted(REG), REG["beta"](), alpha())
def memo(fn):
    cache = {}
    def wrapped(n):
        if n not in cache:
            cache[n] = fn(n)
        return cache[n]
    wrapped.cache = cache
    return wrapped
@memo
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(100), len(fib.cache))
def replace_with_value(fn):
    return fn()
@replace_with_value
def computed():
    return 42
print(computed)
class Box:
    def __init__(self, fn):
        self.fn = fn
    def __call__(self, *a):
        return ("boxed", self.fn(*a))
@Box
def double(x):
    return 2 * x
print(double(21), type(double).__name__)
