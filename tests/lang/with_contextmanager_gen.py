# a small contextlib.contextmanager (contextlib is outside krait's stdlib subset)
class _GCM:
    def __init__(self, gen): self.gen = gen
    def __enter__(self): return next(self.gen)
    def __exit__(self, t, v, tb):
        if t is None:
            try:
                next(self.gen)
            except StopIteration:
                return False
            raise RuntimeError("generator didn't stop")
        try:
            self.gen.throw(v)
        except StopIteration as e:
            return e is not v
        except BaseException as e:
            if e is v:
                return False
            raise
        raise RuntimeError("generator didn't stop after throw()")
def contextmanager(f):
    def helper(*a, **k):
        return _GCM(f(*a, **k))
    return helper
@contextmanager
def tag(name):
    print("<%s>" % name)
    try:
        yield name
    finally:
        print("</%s>" % name)
with tag("a") as t:
    print("in", t)
with tag("x"), tag("y"):
    print("both")
try:
    with tag("e"):
        raise ValueError("oops")
except ValueError as e:
    print("caught", e)
@contextmanager
def swallow():
    try:
        yield
    except ZeroDivisionError:
        print("swallowed")
with swallow():
    1 / 0
print("end")
