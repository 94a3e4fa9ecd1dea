import functools
def deco(f):
    @functools.wraps(f)
    def wrapper(*a, **k):
        """wrapper doc"""
        return f(*a, **k) * 2
    return wrapper
@deco
def add(a, b):
    """Adds."""
    return a + b
print(add(1, 2), add.__name__, add.__doc__, add.__wrapped__(1, 2))
def plain(f):
    def w():
        return f()
    return w
@plain
def foo():
    pass
print(foo.__name__)
def u(f):
    w = lambda: f()
    functools.update_wrapper(w, f)
    return w
@u
def bar():
    return 'bar'
print(bar.__name__, bar())
print(functools.reduce(lambda acc, x: acc + [x * 2], range(4), []))
@functools.total_ordering
class V:
    def __init__(self, v):
        self.v = v
    def __eq__(self, o):
        return self.v == o.v
    def __lt__(self, o):
        return self.v < o.v
print(V(1) < V(2), V(1) >= V(2), V(2) > V(1), V(1) <= V(1))
