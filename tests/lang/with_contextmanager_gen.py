from contextlib import contextmanager
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
