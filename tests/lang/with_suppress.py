class Suppress:
    def __init__(self, *types): self.types = types
    def __enter__(self): return self
    def __exit__(self, t, v, tb):
        if t is not None and issubclass(t, self.types):
            print("suppressing", t.__name__, v)
            return True
        return None
with Suppress(ValueError):
    raise ValueError("x")
print("after")
try:
    with Suppress(KeyError):
        raise ValueError("y")
except ValueError as e:
    print("not suppressed", e)
def f():
    with Suppress(ZeroDivisionError):
        1 / 0
        return "no"
    return "yes"
print(f())
class Truthy:
    def __enter__(self): pass
    def __exit__(self, *a): return 1
with Truthy():
    raise Exception
print("truthy suppresses")
